"""The skirmish screen (square grid): `SCREEN` is what the registry's `screen` names."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from hothsim.tui.skirmish import choices, control, view


@dataclass(frozen=True)
class SkirmishScreen:
    """The Screen of a skirmish (see hothsim.tui.screen.Screen)."""

    help: Sequence[str] = tuple(control.HELP)
    primer: Sequence[str] = tuple(control.PRIMER)

    start = staticmethod(control.start)
    board_size = staticmethod(control.board_size)
    render = staticmethod(view.render)
    key = staticmethod(control.key)
    choose = staticmethod(control.choose)
    roster = staticmethod(view.roster)
    overview = staticmethod(view.overview)
    handover = staticmethod(control.handover)
    marks = staticmethod(choices.marks)


SCREEN = SkirmishScreen()
