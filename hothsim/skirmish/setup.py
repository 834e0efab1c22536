"""What a skirmish is played with (`Setup`): its scenario, map, cards and zones, fixed for the whole game and
shared by its copies, and the record header it starts from."""

from __future__ import annotations

from dataclasses import dataclass, field

from hothsim.kernel.engine import Side
from hothsim.kernel.header import RecordHeader
from hothsim.kernel.squares import Square, SquareMap
from hothsim.skirmish.cards import Card, Glossary
from hothsim.skirmish.movement import PlanMemo


@dataclass(frozen=True)
class Setup:
    """What a game is played with: fixed for the whole game and shared by its copies."""

    scenario_id: str
    scenario_name: str
    grid: SquareMap
    cards: dict[str, Card]
    zones: dict[str, frozenset[Square]]
    abilities: bool
    setup_first: Side
    tie_break_rounds: int
    data_hash: str
    seed: int
    created: str
    scripted: bool
    build_points: int | None = None
    glossary: Glossary | None = None
    source: str = ""  # the scenario file, when it is not one of the shipped scenarios
    #: Movement plans shared by the games dealt from one observation (the search's hundreds, whose
    #: rollouts meet the same positions again and again); None where each game works out its own.
    plans: PlanMemo | None = field(default=None, compare=False, repr=False)


def new_header(setup: Setup) -> RecordHeader:
    """The record header for a new game."""
    return RecordHeader(game="skirmish", scenario=setup.scenario_id, data=setup.data_hash, seed=setup.seed,
                        dice="scripted" if setup.scripted else "seeded", created=setup.created, source=setup.source)
