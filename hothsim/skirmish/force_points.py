"""Force points (rulebook: Force powers): a character spends them at most once a turn, however many it has."""

from __future__ import annotations

from hothsim.kernel.values import replace
from hothsim.skirmish.state import Figure, GameState


def turn_id(s: GameState) -> int:
    """The number of the turn in progress (Force is spent at most once per turn)."""
    return s.turn.number if s.turn is not None else s.turns_taken


def force_ready(s: GameState, f: Figure, points: int = 1) -> bool:
    """Whether the figure may spend this much Force now."""
    return f.alive and f.force >= points and f.force_turn != turn_id(s)


def spend(s: GameState, f: Figure, points: int) -> GameState:
    """Spend Force points (once in this turn)."""
    return s.with_figure(replace(f, force=f.force - points, force_turn=turn_id(s)))
