"""The Assault on Hoth screen (hex grid): `SCREEN` is what the registry's `screen` names."""

from __future__ import annotations

import locale
from dataclasses import dataclass
from typing import Sequence

from hothsim.tui.assault import choices, control, view
from hothsim.assault.interface import AssaultView
from hothsim.tui.frame import Frame
from hothsim.tui.screen import UIState


def _render(game: AssaultView, ui: UIState, width: int, height: int, reveal: bool = False) -> Frame:
    arrows = view.ARROWS if "utf" in locale.getpreferredencoding(False).lower() else view.ASCII_ARROWS
    return view.render(game, ui, width, height, reveal, arrows)


@dataclass(frozen=True)
class AssaultScreen:
    """The Screen of Assault on Hoth (see hothsim.tui.screen.Screen)."""

    help: Sequence[str] = tuple(control.HELP)
    primer: Sequence[str] = tuple(control.PRIMER)

    start = staticmethod(control.start)
    board_size = staticmethod(control.board_size)
    render = staticmethod(_render)
    key = staticmethod(control.key)
    choose = staticmethod(control.choose)
    roster = staticmethod(view.roster)
    overview = staticmethod(view.overview)
    handover = staticmethod(control.handover)
    marks = staticmethod(choices.marks)


SCREEN = AssaultScreen()
