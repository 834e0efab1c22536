"""The words of each game kind, registered as an object.

The rules core's registry (`hothsim.games`) knows nothing of the describe layer; this table is the layer's
own, by the kind's name, and a test keeps it naming every kind the registry knows.  Each entry imports its
game's describer when first asked, so that a skirmish never loads Assault on Hoth's.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Callable, Mapping

from hothsim.describe import Describer


# Each describer is checked against its own game and actions (`Describer[SkirmishGame, Action]`); the table
# hands one out for a game known only at run time, so it is of any game here.


def _skirmish() -> Describer[Any, Any]:
    from hothsim.describe.skirmish import DESCRIBER

    return DESCRIBER


def _assault() -> Describer[Any, Any]:
    from hothsim.describe.assault import DESCRIBER

    return DESCRIBER


#: The describer of every game kind, by the name the registry gives the kind.
DESCRIBERS: Mapping[str, Callable[[], Describer[Any, Any]]] = MappingProxyType({"skirmish": _skirmish,
                                                                             "assault": _assault})


def words_for(game: Any) -> Describer[Any, Any]:
    """The describer of a game's kind."""
    return DESCRIBERS[game.record.header.game]()
