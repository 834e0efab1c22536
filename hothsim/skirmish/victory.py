"""Winning a skirmish: every enemy defeated, or the tie-breaker after a long stand-off.

The tie-breaker (after the scenario's number of rounds in a row with no damage to an enemy, no attack
roll and no forced save): most points of enemy characters defeated; then the side with a character
nearest the centre of the map; then the side whose highest-cost character among those nearest the
centre costs more; otherwise a draw.
"""

from __future__ import annotations

from typing import Callable

from hothsim.kernel.squares import SquareMap
from hothsim.skirmish.board import Board
from hothsim.skirmish.cards import Card
from hothsim.kernel.engine import SIDES, Event, Side, other
from hothsim.kernel.values import replace
from hothsim.skirmish.state import Figure, GameState


def centre_squares(grid: SquareMap) -> tuple[tuple[int, int], ...]:
    """The squares touching the map's centre point (4 on an even-sized map, fewer on odd sizes)."""
    xs = [grid.width // 2 - 1, grid.width // 2] if grid.width % 2 == 0 else [grid.width // 2]
    ys = [grid.height // 2 - 1, grid.height // 2] if grid.height % 2 == 0 else [grid.height // 2]
    return tuple((x, y) for y in ys for x in xs)


def tie_break(s: GameState, cards: dict[str, Card], grid: SquareMap, board: Board,
              cost_of: Callable[[GameState, Figure], int]) -> tuple[Side | None, str]:
    """The winner by the tie-breaker and a sentence saying why (None and the reason for a draw).
    `cost_of` gives a figure's cost within its squad (after Rapport)."""
    points = {side: sum(cost_of(s, f) for f in s.figures if f.side == other(side) and f.defeated)
              for side in SIDES}
    head = f"no damage, attack or save for {s.quiet_rounds} rounds: "
    if points["rebel"] != points["imperial"]:
        w: Side = "rebel" if points["rebel"] > points["imperial"] else "imperial"
        return w, head + f"{w} wins on points defeated ({points[w]} to {points[other(w)]})"
    dist = board.ranges_from(s.open_doors, centre_squares(grid))
    nearest: dict[Side, tuple[int, int]] = {}
    for side in SIDES:
        best = None
        for f in s.living(side):
            d = min((dist[sq] for sq in f.space() if sq in dist), default=None)
            if d is None:
                continue
            key = (d, -cost_of(s, f))
            if best is None or key < best:
                best = key
        if best is not None:
            nearest[side] = best
    if len(nearest) == 1:
        (w2,) = nearest
        return w2, head + f"points tied; only {w2} has a character that can reach the centre"
    if nearest and nearest["rebel"][0] != nearest["imperial"][0]:
        w3: Side = "rebel" if nearest["rebel"][0] < nearest["imperial"][0] else "imperial"
        return w3, head + f"points tied; {w3} has the character nearest the centre"
    if nearest and nearest["rebel"][1] != nearest["imperial"][1]:
        w4: Side = "rebel" if nearest["rebel"][1] < nearest["imperial"][1] else "imperial"
        return w4, head + f"points and distance tied; {w4}'s costlier character is as near the centre"
    return None, head + "points, distance and cost all tied: a draw"


def check_victory(s: GameState, ev: list[Event]) -> GameState:
    """Every character of one side defeated: the other side wins."""
    for side in SIDES:
        if not s.living(side):
            winner = other(side)
            why = f"{winner} wins: every {side} character is defeated"
            ev.append(Event("victory", why))
            return replace(s, stage="over", winner=winner, end_reason=why, attack=None, save=None,
                           attacks=(), saves=(), turn=None)
    return s
