"""What the front end may ask of Assault on Hoth: `AssaultView`, the typed face of `AssaultGame`.

The front end imports this and the action values, never the game class or its rule modules; a question it
needs that is not here is added to the game and named here first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from hothsim.assault.state import AssaultState, Unit
from hothsim.kernel.engine import GameView

__all__ = ["AssaultState", "AssaultView", "Unit"]  # the state, for the type of what a screen draws (`seen`)

if TYPE_CHECKING:  # pragma: no cover
    from hothsim.assault.actions import Fire, Harpoon, Move
    from hothsim.assault.fire import Shot
    from hothsim.assault.setup import Setup
    from hothsim.assault.movement import Terrain
    from hothsim.assault.rules import ActionCard as ActionCard  # for the screens
    from hothsim.assault.rules import AssaultRules
    from hothsim.assault.rules import DamageTable as DamageTable  # for the screens
    from hothsim.kernel.hexes import Hex


class AssaultView(GameView, Protocol):
    """Assault on Hoth as the front end sees it: the shared game questions and the game's own."""

    terrain: "Terrain"

    @property
    def setup(self) -> "Setup":
        """The scenario, map and decks, fixed for the game."""

    @property
    def state(self) -> "AssaultState":
        """The current immutable state."""

    @property
    def rules(self) -> "AssaultRules":
        """The units' and cards' values."""

    def round_title(self, s: "AssaultState | None" = None) -> str:
        """The action round in words: its card and what it allows."""

    def shot(self, action: "Fire | Harpoon") -> "Shot | str":
        """The shot an attack would make, or why it cannot."""

    def hit_chance(self, shot: "Shot") -> float:
        """The chance that a shot hits."""

    def walk_end(self, walker: "Unit", steps: str) -> tuple["Hex", int]:
        """Where a Walker's steps end, and its facing there."""

    def walk_problem(self, walker: "Unit", steps: str) -> str | None:
        """Why a Walker may not take these steps, or None."""

    def walk_points_left(self, walker: "Unit", steps: str) -> int:
        """A Walker's movement points left after these steps."""

    def move_cost(self, action: "Move") -> int | None:
        """The movement points a move costs, or None where it is not legal."""
