"""Cheapest paths and reachable sets, for both grids.

The search is generic: a node type, a function giving each node's neighbours with the cost of the
step, and an optional budget.  The square-grid rules for a moving figure (`SquareMover`) and for
counting range around walls (`range_between`) are built on it; the hex game supplies its own
neighbour function.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from typing import Callable, Generic, Hashable, Iterable, Mapping, TypeVar

from hothsim.kernel.squares import (
    DIAGONAL,
    ORTHOGONAL,
    Barriers,
    Edge,
    Square,
    SquareMap,
    Terrain,
    space_of,
    step_is_open,
)

N = TypeVar("N", bound=Hashable)


@dataclass(frozen=True)
class SearchTree(Generic[N]):
    """The result of a search: the cheapest cost to each node found and the step that reached it."""

    cost: Mapping[N, int]
    parent: Mapping[N, N | None]

    def path_to(self, node: N) -> list[N]:
        """The cheapest path from a start node to `node`, both included."""
        if node not in self.cost:
            raise KeyError(f"{node!r} was not reached")
        path = [node]
        step = self.parent[node]
        while step is not None:
            path.append(step)
            step = self.parent[step]
        path.reverse()
        return path


def cheapest_paths(
    starts: Iterable[N],
    neighbours: Callable[[N], Iterable[tuple[N, int]]],
    budget: int | None = None,
) -> SearchTree[N]:
    """Dijkstra from every start node (cost 0); steps cost whole numbers >= 1.

    With a budget, nodes that cost more are not expanded or returned.  Ties are broken by the order
    of discovery, so the result is deterministic.
    """
    cost: dict[N, int] = {}
    parent: dict[N, N | None] = {}
    heap: list[tuple[int, int, N]] = []
    counter = 0
    for s in starts:
        if s not in cost:
            cost[s] = 0
            parent[s] = None
            heap.append((0, counter, s))
            counter += 1
    heapq.heapify(heap)
    done: set[N] = set()
    while heap:
        c, _, node = heapq.heappop(heap)
        if node in done or c > cost[node]:
            continue
        done.add(node)
        for nxt, step in neighbours(node):
            nc = c + step
            if budget is not None and nc > budget:
                continue
            if nxt not in cost or nc < cost[nxt]:
                cost[nxt] = nc
                parent[nxt] = node
                counter += 1
                heapq.heappush(heap, (nc, counter, nxt))
    return SearchTree(cost, parent)


@dataclass(frozen=True)
class SquareMover:
    """How one figure moves on a square map: its size and what it may pass and where it may stop.

    - `size`: 1 (Small/Medium), 2 (Large) or 3 (Huge); the figure's position is its anchor square,
      the lowest corner square of its space.
    - `impassable`: squares no part of its space may enter (enemy figures, for most movers).
    - `no_stop`: squares its space may not hold at the end of a move (every other figure).
    - `flight`: ignores terrain cost and may pass over pits (never stop there).
    - `ignores_terrain`: pays no terrain cost (Flight, Hologram).
    """

    size: int = 1
    impassable: frozenset[Square] = frozenset()
    no_stop: frozenset[Square] = frozenset()
    flight: bool = False
    ignores_terrain: bool = False

    def _space_fits(self, grid: SquareMap, barriers: Barriers, anchor: Square) -> bool:
        """Every square of the space is on the map, not solid, and no wall runs inside the space."""
        space = space_of(anchor, self.size)
        for sq in space:
            if not grid.in_bounds(sq) or grid.terrain_at(sq) is Terrain.SOLID:
                return False
        if self.size > 1:
            ax, ay = anchor
            for i in range(self.size):
                for j in range(1, self.size):
                    if (ax + j, ay + i) in barriers.vertical or (ax + i, ay + j) in barriers.horizontal:
                        return False
        return True

    def step(self, grid: SquareMap, barriers: Barriers, frm: Square, to: Square) -> int | None:
        """The cost of moving the space one step from anchor `frm` to anchor `to`, or None if illegal.

        Orthogonal steps cost 1 and diagonal steps 2, doubled when any part of the space moves into a
        square of low objects, difficult terrain or trench: every square of the space after the step,
        those it covered before included ("if any part of their space moves into such a square").
        Every part of the space must step without crossing a wall or passing a wall's corner.
        """
        if not self._space_fits(grid, barriers, to):
            return None
        return self._step_to_fitting(grid, barriers, frm, to, set(space_of(frm, self.size)), space_of(to, self.size))

    def _step_to_fitting(self, grid: SquareMap, barriers: Barriers, frm: Square, to: Square,
                         old: set[Square], new: tuple[Square, ...]) -> int | None:
        """`step` once the space is known to fit at `to`; `old` and `new` are the spaces at `frm` and `to`."""
        dx, dy = to[0] - frm[0], to[1] - frm[1]
        for part in old:
            if not step_is_open(barriers, part, (part[0] + dx, part[1] + dy)):
                return None
        doubled = False
        pays = not (self.ignores_terrain or self.flight)
        for sq in new:
            t = grid.terrain_at(sq)
            if sq not in old:
                if sq in self.impassable:
                    return None
                if t is Terrain.PIT and not self.flight:
                    return None
            if pays and not doubled and t.doubles_movement:
                doubled = True
        base = 1 if dx == 0 or dy == 0 else 2
        return base * 2 if doubled else base

    def may_stop(self, grid: SquareMap, anchor: Square) -> bool:
        """Whether the move may end with the space at `anchor` (no pit, no other figure)."""
        for sq in space_of(anchor, self.size):
            if sq in self.no_stop or grid.terrain_at(sq) is Terrain.PIT:
                return False
        return True

    def neighbours(self, grid: SquareMap, barriers: Barriers) -> Callable[[Square], Iterable[tuple[Square, int]]]:
        """The neighbour function for `cheapest_paths`."""

        def gen(anchor: Square) -> Iterable[tuple[Square, int]]:
            ax, ay = anchor
            for dx, dy in ORTHOGONAL + DIAGONAL:
                to = (ax + dx, ay + dy)
                c = self.step(grid, barriers, anchor, to)
                if c is not None:
                    yield to, c

        return gen

    def reachable(self, grid: SquareMap, barriers: Barriers, start: Square, budget: int) -> dict[Square, int]:
        """Every anchor the figure can end its move on within `budget`, with the cheapest cost."""
        tree = cheapest_paths([start], self.neighbours(grid, barriers), budget)
        return {sq: c for sq, c in tree.cost.items() if sq != start and self.may_stop(grid, sq)}

    def path_cost(self, grid: SquareMap, barriers: Barriers, path: list[Square]) -> int | None:
        """Total cost of an explicit path of anchors (each step to a neighbour), or None if illegal."""
        total = 0
        for a, b in zip(path, path[1:]):
            if max(abs(a[0] - b[0]), abs(a[1] - b[1])) != 1:
                return None
            c = self.step(grid, barriers, a, b)
            if c is None:
                return None
            total += c
        return total


def range_tree(grid: SquareMap, barriers: Barriers, sources: Iterable[Square]) -> SearchTree[Square]:
    """Distances counted as for movement, ignoring terrain cost: orthogonal 1, diagonal 2, around walls."""

    def gen(sq: Square) -> Iterable[tuple[Square, int]]:
        x, y = sq
        for dx, dy in ORTHOGONAL:
            to = (x + dx, y + dy)
            if grid.in_bounds(to) and step_is_open(barriers, sq, to):
                yield to, 1
        for dx, dy in DIAGONAL:
            to = (x + dx, y + dy)
            if grid.in_bounds(to) and step_is_open(barriers, sq, to):
                yield to, 2

    return cheapest_paths(sources, gen)


def range_between(grid: SquareMap, barriers: Barriers, a: Iterable[Square], d: Iterable[Square]) -> int | None:
    """Range from space `a` to space `d`: squares counted around walls, the target's square counted.

    None when no path exists at all (for example a space sealed off by walls).
    """
    tree = range_tree(grid, barriers, a)
    costs = [tree.cost[sq] for sq in d if sq in tree.cost]
    return min(costs) if costs else None


StepEntry = tuple[Square, int, tuple[Square, ...], tuple[Edge, ...]]


@dataclass(frozen=True)
class StepTable:
    """Every legal step of one kind of mover on one map, worked out once with every door open.

    For each anchor: (next anchor, cost, squares newly entered, doors that block the step when
    closed).  Closing a door can only forbid steps, and each forbidding door does so on its own, so a
    search with some doors closed keeps the steps none of whose doors is closed.  Figures are left to
    the search (`neighbours`).
    """

    size: int
    steps: dict[Square, tuple[StepEntry, ...]]
    fits: frozenset[Square]  # anchors where the space fits with every door open
    # Worked out on first use: the steps of each door state asked lately, the squares each step enters,
    # and the steps no door can block.
    _by_doors: dict[frozenset[Edge], "_DoorSteps"] = field(default_factory=dict, compare=False, hash=False,
                                                          repr=False)
    _entered_by: dict[tuple[Square, Square], tuple[Square, ...]] = field(default_factory=dict, compare=False,
                                                                         hash=False, repr=False)
    _unblocked_steps: dict[Square, list[tuple[Square, int]]] = field(default_factory=dict, compare=False,
                                                                     hash=False, repr=False)

    @staticmethod
    def build(grid: SquareMap, size: int = 1, flight: bool = False, ignores_terrain: bool = False) -> "StepTable":
        """Work out every step of a mover of this size and kind on the map."""
        mover = SquareMover(size=size, flight=flight, ignores_terrain=ignores_terrain)
        open_all = grid.barriers(grid.doors)
        steps: dict[Square, tuple[StepEntry, ...]] = {}
        # Whether the space fits at an anchor is asked of every neighbour: work it out once per anchor.
        spaces = {a: space_of(a, size) for a in grid.squares() if mover._space_fits(grid, open_all, a)}
        fits = spaces.keys()
        for anchor in grid.squares():
            if anchor not in fits:
                continue
            old = set(spaces[anchor])
            out = []
            for dx, dy in ORTHOGONAL + DIAGONAL:
                to = (anchor[0] + dx, anchor[1] + dy)
                if to not in fits:
                    continue
                new = spaces[to]
                c = mover._step_to_fitting(grid, open_all, anchor, to, old, new)
                if c is None:
                    continue
                entered = tuple(sq for sq in new if sq not in old)
                x0, y0 = min(anchor[0], to[0]), min(anchor[1], to[1])
                near = [d for d in grid.doors
                        if x0 - 1 <= d.x <= x0 + size + 1 and y0 - 1 <= d.y <= y0 + size + 1]
                blockers = tuple(d for d in near if mover.step(grid, grid.barriers(grid.doors - {d}), anchor, to) is None)
                out.append((to, c, entered, blockers))
            steps[anchor] = tuple(out)
        return StepTable(size, steps, frozenset(fits))

    def neighbours(self, open_doors: frozenset[Edge], impassable: frozenset[Square] = frozenset()
                   ) -> Callable[[Square], Iterable[tuple[Square, int]]]:
        """The neighbour function for `cheapest_paths` with these doors open and these squares barred."""
        table = self._for_doors(open_doors)
        if not impassable:
            return table.__getitem__
        entered_by = self._entered
        clear = impassable.isdisjoint
        # Only a step from an anchor within reach of a barred square can enter it: a step to `to`
        # enters squares of to's space, and `to` is one square from the anchor.
        size = self.size
        near = {(x + i, y + j) for x, y in impassable for i in range(-size, 2) for j in range(-size, 2)}

        def gen(anchor: Square) -> list[tuple[Square, int]]:
            if anchor not in near:
                return table[anchor]
            return [(to, cost) for to, cost in table[anchor] if clear(entered_by[(anchor, to)])]

        return gen

    @property
    def _entered(self) -> dict[tuple[Square, Square], tuple[Square, ...]]:
        """The squares each step newly enters (built on first use)."""
        if not self._entered_by:
            self._entered_by.update({(a, to): entered for a, lst in self.steps.items() for to, _, entered, _ in lst})
        return self._entered_by

    def _for_doors(self, open_doors: frozenset[Edge]) -> "_DoorSteps":
        """The steps with these doors open (cached per door state; each anchor's worked out when first
        asked for, since a search visits only the anchors within its budget)."""
        hit = self._by_doors.get(open_doors)
        if hit is None:
            if len(self._by_doors) > 256:
                self._by_doors.clear()
            hit = self._by_doors[open_doors] = _DoorSteps(self.steps, open_doors, self._unblocked)
        return hit

    @property
    def _unblocked(self) -> dict[Square, list[tuple[Square, int]]]:
        """The steps of each anchor no door can block, the same in every door state (built on first use)."""
        if not self._unblocked_steps:
            self._unblocked_steps.update({a: [(to, cost) for to, cost, _, _ in lst] for a, lst in self.steps.items()
                                          if not any(blockers for _, _, _, blockers in lst)})
        return self._unblocked_steps


class _DoorSteps(dict[Square, list[tuple[Square, int]]]):
    """Anchor -> [(next anchor, cost)] with some doors open, filled in as anchors are asked for."""

    def __init__(self, steps: dict[Square, tuple[StepEntry, ...]], open_doors: frozenset[Edge],
                 unblocked: dict[Square, list[tuple[Square, int]]]) -> None:
        super().__init__()
        self._steps, self._open, self._unblocked = steps, open_doors, unblocked

    def __missing__(self, anchor: Square) -> list[tuple[Square, int]]:
        hit = self._unblocked.get(anchor)
        if hit is None:
            opened = self._open
            hit = [(to, cost) for to, cost, _, blockers in self._steps.get(anchor, ())
                   if not blockers or all(b in opened for b in blockers)]
        self[anchor] = hit
        return hit
