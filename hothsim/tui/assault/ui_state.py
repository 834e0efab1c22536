"""The Assault on Hoth screen's own part of the UI state: the unit selected to act and a Walker's steps
being planned.  The shared part is `tui.screen.UIState`, which holds this one as `own`."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from hothsim.tui.screen import UIState


@dataclass(frozen=True)
class AssaultUI:
    """What only the Assault on Hoth screen keeps between keys."""

    selected: str = ""  # the unit chosen to act
    walk: str = ""  # the selected Walker's planned steps
    walking: bool = False  # the arrow keys steer the selected Walker

    @property
    def steering(self) -> bool:
        """Whether the arrow keys are steering a Walker (take-back and hints wait until it is done)."""
        return self.walking

    def settled(self) -> AssaultUI:
        """With no half-made choice left (after a decision, or one taken back)."""
        return AssaultUI()


def mine(ui: UIState) -> AssaultUI:
    """Assault on Hoth's part of a UI state (a fresh one where it holds none yet)."""
    return ui.own if type(ui.own) is AssaultUI else AssaultUI()


def with_mine(ui: UIState, **changes: Any) -> UIState:
    """The UI state with fields of Assault on Hoth's part changed."""
    return replace(ui, own=replace(mine(ui), **changes))
