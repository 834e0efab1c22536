"""What one side of a skirmish may know, and games consistent with it (for the computer opponent).

Everything on the table is public.  What a side may not know is the other side's squad while squads are
built in secret, and the dice to come.  An observation keeps the first out (the other squad is blanked
until both are revealed) and `determinize` gives a playable game with fresh dice of the caller's seed,
so a search can never read a roll before it is made.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from hothsim.kernel.dice import SeededDice
from hothsim.kernel.engine import SIDES, Side
from hothsim.kernel.record import GameRecord
from hothsim.skirmish.movement import PlanMemo
from hothsim.skirmish.state import GameState
from hothsim.kernel.values import replace

if TYPE_CHECKING:
    from hothsim.skirmish.board import Board
    from hothsim.skirmish.game import Setup, SkirmishGame


@dataclass(frozen=True)
class SkirmishObservation:
    """The game as `side` sees it: the state with the other side's secret squad blanked."""

    side: Side
    state: GameState
    setup: "Setup"  # fixed for the whole game: the cards, the map, the scenario
    board: "Board"

    def key(self) -> GameState:
        """What the observation holds, for comparing two of them."""
        return self.state

    def determinize(self, seed: int) -> "SkirmishGame":
        """A game consistent with the observation, rolling fresh dice from `seed` (no record kept)."""
        from hothsim.skirmish.game import SkirmishGame, new_header

        return SkirmishGame(self.setup, self.state, SeededDice(seed), self.board, GameRecord(new_header(self.setup)))


def observe(game: "SkirmishGame", side: Side) -> SkirmishObservation:
    """What `side` may know of a skirmish now."""
    s = game.state
    if s.stage == "build":
        mine = SIDES.index(side)
        squads = tuple(sq if i == mine else () for i, sq in enumerate(s.squads))
        s = replace(s, squads=squads)  # type: ignore[arg-type]
    # The games a search deals from this observation share one memo of movement plans.
    return SkirmishObservation(side, s, replace(game.setup, plans=PlanMemo()), game.board)
