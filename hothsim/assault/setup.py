"""What a game of Assault on Hoth is played with (`Setup`): its scenario, rules, battlefield and forces, fixed
for the whole game and shared by its copies; the record header it starts from; and the `Context` the rules'
steps are handed."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hothsim.assault.rules import AssaultRules, Battlefield
from hothsim.kernel.header import RecordHeader

if TYPE_CHECKING:  # pragma: no cover
    from hothsim.assault.movement import Terrain
    from hothsim.assault.actions import Move
    from hothsim.kernel.dice import Dice
    from hothsim.kernel.hexes import Hex


@dataclass(frozen=True)
class Setup:
    """What a game is played with: fixed for the whole game and shared by its copies."""

    scenario_id: str
    scenario_name: str
    rules: AssaultRules
    field: Battlefield
    imperial: tuple[tuple[str, int], ...]  # starting forces: unit type, count
    rebel: tuple[tuple[str, int], ...]
    transports_to_win: int
    remedy: bool  # the scenario offers rule 8's re-shuffle
    data_hash: str
    seed: int
    created: str
    scripted: bool
    source: str = ""
    reshuffle: bool = True  # the players agreed on rule 8's re-shuffle (an option, where the scenario offers it)
    draws_rolled: bool = False  # each card drawn by a roll over the cards left, no deck order kept (an option)
    options: str = ""  # the options agreed, as the record's header writes them
    variant: str = "standard"  # the decks' variant the scenario names, or the decks as shipped
    # Each unit's Move to each end (a hex, or `base` or a Walker), made once and shared by every game played
    # with this setup: its copies and the games the computer imagines from it (`RoundActions`).  They are equal
    # values, and making them anew was costly; at most one for each unit and end of the scenario.
    moves: dict[str, dict[Hex | str, Move]] = dataclasses.field(default_factory=dict, compare=False, repr=False)


def new_header(setup: Setup) -> RecordHeader:
    """The record header of a new game."""
    return RecordHeader(game="assault", scenario=setup.scenario_id, data=setup.data_hash, seed=setup.seed,
                        dice="scripted" if setup.scripted else "seeded", created=setup.created, source=setup.source,
                        options=setup.options)


@dataclass(frozen=True)
class Context:
    """What the rules' steps are handed besides the state: what the game is played with, the terrain, and
    the dice to roll (the game's own at the moment of the step)."""

    setup: Setup
    terrain: "Terrain"
    dice: "Dice"

    @property
    def rules(self) -> AssaultRules:
        """The unit chart, decks and tables in play."""
        return self.setup.rules
