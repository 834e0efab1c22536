"""The computer opponent of each game kind, registered as an object: its policy and its hint guard.

The rules core's registry (`hothsim.games`) knows nothing of the computer's modules; this table is the
computer layer's own, by the kind's name, and a test keeps it naming every kind the registry knows.  Each
entry imports its game's module when first asked, so that a skirmish never loads Assault on Hoth's.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Callable, Mapping

from hothsim.ai.search import Choice, Policy
from hothsim.ai.weights import Weights
from hothsim.kernel.engine import GameView


@dataclass(frozen=True)
class Opponent:
    """What the computer brings to one game: its search policy at given weights, and the guard every hint
    passes (never to wait into a lost stand-off, where the game has one)."""

    policy: Callable[[Weights], Policy[Any, Any, Any]]
    hint_guard: Callable[[Any, Choice], Choice]


def _skirmish() -> Opponent:
    from hothsim.ai.skirmish import hint_guard, policy

    return Opponent(policy, hint_guard)


def _assault() -> Opponent:
    from hothsim.ai.assault import hint_guard, policy

    return Opponent(policy, hint_guard)


#: The computer opponent of every game kind, by the name the registry gives the kind.
OPPONENTS: Mapping[str, Callable[[], Opponent]] = MappingProxyType({"skirmish": _skirmish, "assault": _assault})


def opponent_for(game: GameView) -> Opponent:
    """The computer opponent of a game's kind."""
    return OPPONENTS[game.record.header.game]()
