"""The screen of each game kind, registered as an object.

The rules core's registry (`hothsim.games`) knows nothing of the front end; this table is the front end's
own, by the kind's name, and a test keeps it naming every kind the registry knows.  Each entry imports its
game's screen when first asked, so that a skirmish never loads Assault on Hoth's.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Callable, Mapping, cast

from hothsim.kernel.engine import GameView
from hothsim.tui.screen import Screen


# Each screen is cast to `Screen`: its methods take its own game's view (`SkirmishView`, `AssaultView`),
# narrower than the Protocol's `GameView`.  The table hands a screen only games of its kind, which a type
# checker cannot follow through a name.


def _skirmish() -> Screen:
    from hothsim.tui.skirmish import SCREEN

    return cast(Screen, SCREEN)


def _assault() -> Screen:
    from hothsim.tui.assault import SCREEN

    return cast(Screen, SCREEN)


#: The screen of every game kind, by the name the registry gives the kind.
SCREENS: Mapping[str, Callable[[], Screen]] = MappingProxyType({"skirmish": _skirmish, "assault": _assault})


def screen_for(game: GameView) -> Screen:
    """The screen of a game's kind."""
    return SCREENS[game.record.header.game]()
