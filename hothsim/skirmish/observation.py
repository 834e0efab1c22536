"""What one side of a skirmish may know, and games consistent with it (for the computer opponent).

Everything on the table is public.  What a side may not know is the other side's squad while squads are
built in secret, and the dice to come.  An observation keeps the first out (the other squad is blanked
until both are revealed) and `determinize` gives a playable game with fresh dice of the caller's seed,
so a search can never read a roll before it is made.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Generic, TypeVar

from hothsim.kernel.dice import Dice, SeededDice
from hothsim.kernel.engine import SIDES, Side
from hothsim.skirmish.movement import PlanMemo
from hothsim.skirmish.state import GameState
from hothsim.kernel.values import replace

if TYPE_CHECKING:
    from hothsim.skirmish.board import Board
    from hothsim.skirmish.setup import Setup

G = TypeVar("G")
#: Deals a playable game of a setup, a state, dice and a board (the game module's `deal`): the
#: observation is handed it, so the rules here never reach back for the game class.
Dealer = Callable[["Setup", GameState, Dice, "Board"], G]


@dataclass(frozen=True)
class SkirmishObservation(Generic[G]):
    """The game as `side` sees it: the state with the other side's secret squad blanked."""

    side: Side | None
    state: GameState
    setup: "Setup"  # fixed for the whole game: the cards, the map, the scenario
    board: "Board"
    deal: "Dealer[G]" = field(compare=False, repr=False)

    def key(self) -> GameState:
        """What the observation holds, for comparing two of them."""
        return self.state

    def determinize(self, seed: int) -> G:
        """A game consistent with the observation, rolling fresh dice from `seed` (no record kept)."""
        return self.deal(self.setup, self.state, SeededDice(seed), self.board)


def observe(setup: "Setup", board: "Board", s: GameState, side: Side | None,
            deal: "Dealer[G]") -> SkirmishObservation[G]:
    """What `side` may know of a skirmish in state `s` (side None: what both may know, neither squad
    while they are built)."""
    if s.stage == "build":
        mine = SIDES.index(side) if side is not None else -1
        squads = tuple(sq if i == mine else () for i, sq in enumerate(s.squads))
        s = replace(s, squads=squads)
    # The games a search deals from this observation share one memo of movement plans.
    return SkirmishObservation(side, s, replace(setup, plans=PlanMemo()), board, deal)
