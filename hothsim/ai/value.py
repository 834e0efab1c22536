"""The search's bounded value of a position, shared by both games: 1 for a won game, 0 for a lost one, a
half for a draw, else a logistic of the game's features weighed by its fitted weights (`value_<feature>`
in hothsim.ai.weights; benchmarks/fit.py fits them)."""

from __future__ import annotations

import math
from typing import Sequence


def coefficients(weights: object, names: Sequence[str]) -> tuple[float, ...]:
    """The weight of each named feature: the field `value_<name>` of a game's weights."""
    return tuple(getattr(weights, f"value_{name}") for name in names)


def position_value(over: bool, winner: str | None, side: str, weights: Sequence[float],
                   features: Sequence[float]) -> float:
    """How likely `side` is to win: the result of a finished game, else the logistic of the weighed features
    (kept within +-50 so that no position is certain before the game ends)."""
    if over:
        return 0.5 if winner is None else (1.0 if winner == side else 0.0)
    x = sum(c * f for c, f in zip(weights, features) if c)
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, x))))
