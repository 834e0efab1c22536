"""What the front end may ask of a skirmish: `SkirmishView`, the typed face of `SkirmishGame`.

The front end imports this and the action values, never the game class or its rule modules; a question it
needs that is not here is added to the game and named here first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from hothsim.kernel.engine import GameView, IllegalAction
from hothsim.skirmish.state import Figure, GameState

__all__ = ["Figure", "GameState", "SkirmishView"]  # the state, for the type of what a screen draws (`seen`)

if TYPE_CHECKING:  # pragma: no cover
    from hothsim.kernel.squares import Square
    from hothsim.skirmish.actions import Attack, ForcePower, Move
    from hothsim.skirmish.movement import PlannedMove
    from hothsim.skirmish.outlook import Outlook
    from hothsim.skirmish.setup import Setup
    from hothsim.skirmish.state import Figure


class SkirmishView(GameView, Protocol):
    """A skirmish as the front end sees it: the shared game questions and the skirmish's own."""

    @property
    def setup(self) -> "Setup":
        """The scenario, map and stat cards, fixed for the game."""

    @property
    def state(self) -> "GameState":
        """The current immutable state."""

    def hit_chance(self, attack: "Attack") -> int:
        """The chance in percent that the attack hits."""

    def outlook(self, move: "Move") -> "Outlook":
        """What a move's destination holds: the shots from there and the enemies that could attack it."""

    def move_plans(self) -> dict[Square, PlannedMove]:
        """For the acting character, every destination with its default path and cost."""

    def path_preview(self, path: tuple[tuple[int, ...], ...]) -> tuple[int | None, frozenset[str], str]:
        """A path of the player's own: its cost, the enemies it provokes, and why it is refused."""

    def move_refusal(self, square: "Square") -> IllegalAction | None:
        """Why the acting character may not end a move on a square, or None."""

    def covered(self, s: "GameState", attacker: "Figure", target: "Figure") -> bool:
        """Whether the target has cover from the attacker."""

    def allowance(self, s: "GameState", fig: "Figure") -> int:
        """The squares a figure may move this turn."""

    def attack_move_limit(self) -> int:
        """The longest move after which the acting character may still attack."""

    def attack_kept_after(self, cost: int) -> bool:
        """Whether a move of this many squares keeps the attack."""

    def grip_damage(self, action: "ForcePower") -> int:
        """The damage a Force Grip would deal."""

    def squad_summary(self, side: str) -> tuple[list[tuple[str, int]], int, int]:
        """The squad built so far: its cards with their costs, the points spent and the points allowed."""

    def describe(self, figure_id: str) -> list[str]:
        """A figure's card and state, in lines."""

    def card_sheet(self, card_id: str) -> list[str]:
        """A stat card's lines."""
