"""The skirmish screen's own part of the UI state: a half-made choice (the figure being set up, a path
being drawn, the allies of a combined fire) and whether the sight overlay is on.  The shared part is
`tui.screen.UIState`, which holds this one as `own`."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from hothsim.tui.screen import UIState


@dataclass(frozen=True)
class SkirmishUI:
    """What only the skirmish screen keeps between keys."""

    sight: bool = False  # the sight overlay: where a move gives a shot, and where enemies could shoot
    helpers: Any = None  # combined fire being set up: the attack and who may help
    chosen: tuple[str, ...] = ()  # helpers toggled on
    helper_index: int = 0
    placing: str = ""  # set-up: the figure to place next
    drawing: bool = False  # the cursor keys draw the acting character's path
    path: tuple[tuple[int, int], ...] = ()  # the path drawn so far (squares stepped into)

    @property
    def steering(self) -> bool:
        """Whether the cursor keys are drawing a path (take-back and hints wait until it is done)."""
        return self.drawing

    def settled(self) -> SkirmishUI:
        """With no half-made choice left (after a decision, or one taken back); the sight overlay stays."""
        return SkirmishUI(sight=self.sight)


def mine(ui: UIState) -> SkirmishUI:
    """The skirmish's part of a UI state (a fresh one where it holds none yet)."""
    return ui.own if type(ui.own) is SkirmishUI else SkirmishUI()


def with_mine(ui: UIState, **changes: Any) -> UIState:
    """The UI state with fields of the skirmish's part changed."""
    return replace(ui, own=replace(mine(ui), **changes))
