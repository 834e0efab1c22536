"""What the rule functions of a skirmish are handed besides the state (the `Context`): what the game is
played with, built once per game, the game's dice as they are now, and the player deciding.

A game hands its rules a new `Context` for each action, so a game given other dice (a search's, a
sandbox's) rolls them with nothing else to tell.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from hothsim.kernel.dice import Dice
from hothsim.kernel.engine import Side
from hothsim.skirmish.abilities import Abilities
from hothsim.skirmish.board import Board
from hothsim.skirmish.moving import Moves
from hothsim.skirmish.squads import SquadRules
from hothsim.skirmish.targeting import Targeting

if TYPE_CHECKING:  # pragma: no cover
    from hothsim.skirmish.setup import Setup


@dataclass(frozen=True)
class Context:
    """The setup, the board, the abilities and targeting rules in play, the squad rules, the movement
    helper (which keeps the plans of the state asked last), the dice, and the player deciding."""

    setup: "Setup"
    board: Board
    ab: Abilities
    targeting: Targeting
    squads: SquadRules
    moves: Moves
    dice: Dice
    player: Side | None = None

    @property
    def decider(self) -> Side:
        """The player deciding (ValueError where none is: a step no player's decision began)."""
        if self.player is None:
            raise ValueError("no player decides this step")
        return self.player
