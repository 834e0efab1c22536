"""Movement on a character's turn: how far it may still move, which paths are legal, and which
attacks of opportunity a path provokes.

Steps and terrain costs come from the kernel (`SquareMover`).  Here live the rules of a turn: the
move allowance (speed to move and attack, double speed without attacking, +2 squares for a Force
point) and the default path to each destination, the one that provokes the fewest attacks of
opportunity and then costs least.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Callable, Iterable

from hothsim.kernel.paths import SquareMover
from hothsim.kernel.squares import Barriers, Square, SquareMap
from hothsim.skirmish.state import Figure, GameState, Turn


def move_allowance(turn: Turn, speed: int) -> int:
    """Squares the acting character may still move this turn.

    Before attacking it may move up to double speed (then it may not attack); after attacking it may
    move up to its speed only if it did not move before the attack.  A Force point adds 2 squares.
    """
    extra = 2 if turn.force_move else 0
    if not turn.attacked:
        return max(0, 2 * speed + extra - turn.moved_before)
    if turn.moved_before == 0:
        return max(0, speed + extra - turn.moved_after)
    return 0


def may_still_attack(turn: Turn, speed: int) -> bool:
    """Whether the acting character's movement so far still allows its attack."""
    extra = 2 if turn.force_move else 0
    return not turn.attacked and turn.moved_before <= speed + extra


def mover_for(state: GameState, fig: Figure) -> SquareMover:
    """The kernel mover for a figure: enemies block, nobody may end in another character's space."""
    enemy: set[Square] = set()
    other: set[Square] = set()
    for f in state.figures:
        if f.id == fig.id or not f.alive:
            continue
        sq = f.space()
        other.update(sq)
        if f.side != fig.side:
            enemy.update(sq)
    return SquareMover(size=fig.size, impassable=frozenset(enemy), no_stop=frozenset(other))


@dataclass(frozen=True)
class PlannedMove:
    """The default path to one destination: who it provokes, what it costs, the squares stepped into."""

    provoked: frozenset[str]
    cost: int
    path: tuple[Square, ...]


def plan_moves(
    neighbours: Callable[[Square], Iterable[tuple[Square, int]]],
    may_stop: Callable[[Square], bool],
    start: Square,
    budget: int,
    threat: Callable[[Square], frozenset[str]],
    threatened: bool = True,
) -> dict[Square, PlannedMove]:
    """Every destination within the budget, each with its default path.

    `threat(anchor)` names the enemies that may attack when the mover leaves that position.  Labels
    (enemies provoked, cost) are searched best first, fewest enemies then lowest cost; a label is
    dropped when another at the same square provoked a subset for no more cost.  `threatened=False`
    says no position threatens, and a plain cheapest-path search serves.
    """
    if not threatened:
        return _plain_moves(neighbours, may_stop, start, budget)
    heap: list = [(0, 0, 0, start, frozenset(), -1)]
    parents: list[tuple[Square, int]] = []
    settled: dict[Square, list[tuple[frozenset[str], int]]] = {}
    threat_cache: dict[Square, frozenset[str]] = {}
    out: dict[Square, PlannedMove] = {}
    counter = 1
    while heap:
        _, cost, _, node, provoked, parent = heapq.heappop(heap)
        labels = settled.get(node)
        if labels is None:
            labels = settled[node] = []
        elif any(c <= cost and p <= provoked for p, c in labels):
            continue
        labels.append((provoked, cost))
        parents.append((node, parent))
        me = len(parents) - 1
        if node != start and node not in out and may_stop(node):
            path = []
            i = me
            while parents[i][1] != -1:
                path.append(parents[i][0])
                i = parents[i][1]
            out[node] = PlannedMove(provoked, cost, tuple(reversed(path)))
        t = threat_cache.get(node)
        if t is None:
            t = threat_cache[node] = threat(node)
        after = provoked | t if t else provoked
        for nxt, step in neighbours(node):
            nc = cost + step
            if nc > budget:
                continue
            done = settled.get(nxt)
            if done and any(c <= nc and p <= after for p, c in done):
                continue
            heapq.heappush(heap, (len(after), nc, counter, nxt, after, me))
            counter += 1
    return out


_NOBODY: frozenset[str] = frozenset()


def _plain_moves(neighbours: Callable[[Square], Iterable[tuple[Square, int]]], may_stop: Callable[[Square], bool],
                 start: Square, budget: int) -> dict[Square, PlannedMove]:
    """Cheapest paths when no enemy can make an attack of opportunity (a bucket queue: steps cost 1-4)."""
    dist = {start: 0}
    parent: dict[Square, Square] = {}
    buckets: list[list[Square]] = [[] for _ in range(budget + 1)]
    buckets[0].append(start)
    for c in range(budget + 1):
        for node in buckets[c]:
            if dist[node] != c:
                continue
            for nxt, step in neighbours(node):
                nc = c + step
                if nc <= budget and nc < dist.get(nxt, budget + 1):
                    dist[nxt] = nc
                    parent[nxt] = node
                    buckets[nc].append(nxt)
    out: dict[Square, PlannedMove] = {}
    for node, c in dist.items():
        if node == start or not may_stop(node):
            continue
        path = [node]
        while parent[path[-1]] != start:
            path.append(parent[path[-1]])
        out[node] = PlannedMove(_NOBODY, c, tuple(reversed(path)))
    return out


def path_costs(grid: SquareMap, barriers: Barriers, mover: SquareMover, start: Square,
               path: tuple[Square, ...]) -> list[int] | None:
    """The cost of each step of an explicit path, or None if some step is not a legal step."""
    costs = []
    here = start
    for nxt in path:
        if max(abs(nxt[0] - here[0]), abs(nxt[1] - here[1])) != 1:
            return None
        c = mover.step(grid, barriers, here, nxt)
        if c is None:
            return None
        costs.append(c)
        here = nxt
    return costs
