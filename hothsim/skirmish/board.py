"""The battle map during play: line of sight, cover, adjacency and range for the doors as they stand.

A `Board` wraps a map with caches keyed by which doors are open.  The caches hold only what the map
and the doors decide, so every copy of a game may share one board.
"""

from __future__ import annotations

from typing import Callable, Iterable, Mapping

from hothsim.kernel.paths import StepTable, cheapest_paths
from hothsim.kernel.sight import Sight, touching
from hothsim.kernel.sight_table import SightTable
from hothsim.kernel.squares import Edge, Square, SquareMap, Terrain, anchors_over
from hothsim.skirmish.movement import Node, SqueezeEdge, SqueezeMemo

Rect = tuple[int, int, int, int]

# Door states and range sources seen in one game stay few; the bound only keeps a pathological game from
# growing the caches without end.
_MAX_CACHED = 4096

#: A position a figure may step to: its anchor square (or, squeezing, a narrower block of its space).
Position = tuple[int, ...]


class Board:
    """One map and the geometry caches for each state of its doors; `tables` gives the line of sight worked
    out ahead for some states of its doors (every door closed, every door open), by the open doors: asked
    the first time line of sight is, so a game's first frame does not wait for it."""

    def __init__(self, grid: SquareMap,
                 tables: Callable[[], Mapping[frozenset[Edge], SightTable]] | None = None) -> None:
        self.grid = grid
        self._load_tables = tables
        self._sight_tables: Mapping[frozenset[Edge], SightTable] | None = None
        self._sights: dict[frozenset[Edge], Sight] = {}
        self._ranges: dict[tuple[frozenset[Edge], tuple[Square, ...]], dict[Square, int]] = {}
        self._tables: dict[tuple[int, bool], StepTable] = {}
        self.pits = frozenset(sq for sq in grid.squares() if grid.terrain_at(sq) is Terrain.PIT)
        self.solid = frozenset(sq for sq in grid.squares() if grid.terrain_at(sq) is Terrain.SOLID)
        self._ghost: dict[int, dict[Position, list[tuple[Position, int]]]] = {}
        self._squeeze: dict[tuple[int, bool, frozenset[Edge]], SqueezeMemo] = {}
        self._squeeze_free: dict[tuple[int, bool], dict[Node, list[SqueezeEdge]]] = {}
        self._next_to: dict[tuple[frozenset[Edge], Rect, int], tuple[Square, ...]] = {}
        self._over_ground: dict[int, frozenset[Square]] = {}
        self._within: dict[tuple[frozenset[Edge], tuple[Square, ...], int], dict[Square, int]] = {}
        # Ranges between two spaces: the nearest-enemy rule asks the same ones again and again (every square
        # the computer weighs, every game it imagines from one position).
        self._range_to: dict[tuple[frozenset[Edge], tuple[Square, ...], tuple[Square, ...]], int | None] = {}
        self._door_squares = {d: frozenset(grid.squares_next_to_door(d)) for d in grid.doors}
        self._masks: dict[tuple[Square, int], int] = {}  # `space_mask`, by anchor and size

    def squeeze_memo(self, size: int, flight: bool, open_doors: frozenset[Edge]) -> SqueezeMemo:
        """Remembered squeezing geometry for one kind of mover and one state of the doors."""
        key = (size, flight, open_doors)
        hit = self._squeeze.get(key)
        if hit is None:
            if len(self._squeeze) >= 64:
                self._squeeze.clear()
            # What no door can change is shared by every door state ("free").
            free = self._squeeze_free.setdefault((size, flight), {})
            hit = self._squeeze[key] = SqueezeMemo(free)
        return hit

    def ghost_steps(self, size: int) -> Callable[[Position], list[tuple[Position, int]]]:
        """A Hologram's steps: to any neighbouring position on the map, through walls, rock and
        characters alike, orthogonal 1 and diagonal 2 (it ignores all terrain)."""
        table = self._ghost.get(size)
        if table is None:
            w, h = self.grid.width, self.grid.height
            table = {}
            for y in range(h - size + 1):
                for x in range(w - size + 1):
                    table[(x, y)] = [((x + dx, y + dy), 1 if dx == 0 or dy == 0 else 2)
                                     for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
                                     if 0 <= x + dx <= w - size and 0 <= y + dy <= h - size]
            self._ghost[size] = table
        empty: list[tuple[Position, int]] = []
        return lambda a: table.get(a, empty)

    def steps(self, size: int, flight: bool = False) -> StepTable:
        """Every legal step of a mover of this size (built once per game, shared by its copies)."""
        key = (size, flight)
        t = self._tables.get(key)
        if t is None:
            t = self._tables[key] = StepTable.build(self.grid, size, flight=flight, ignores_terrain=flight)
        return t

    def sight(self, open_doors: frozenset[Edge]) -> Sight:
        """Line of sight and cover with these doors open and every other door closed."""
        s = self._sights.get(open_doors)
        if s is None:
            if len(self._sights) >= _MAX_CACHED:
                self._sights.clear()
            closed: frozenset[Edge] = frozenset()
            every = frozenset(self.grid.doors)
            if open_doors in (closed, every) or not self.grid.doors:
                if self._sight_tables is None:
                    self._sight_tables = self._load_tables() if self._load_tables is not None else {}
                s = Sight.for_map(self.grid, open_doors, table=self._sight_tables.get(open_doors & self.grid.doors))
            else:
                s = Sight.for_map(self.grid, open_doors, more=self.sight(closed), fewer=self.sight(every))
            self._sights[open_doors] = s
        return s

    def ranges_from(self, open_doors: frozenset[Edge], space: tuple[Square, ...]) -> dict[Square, int]:
        """Range from a space to every square: diagonals 2, terrain ignored, counted around walls."""
        key = (open_doors, space)
        hit = self._ranges.get(key)
        if hit is None:
            if len(self._ranges) >= _MAX_CACHED:
                self._ranges.clear()
            # Range counts steps as movement does, ignoring terrain and pits: the steps of a flier.
            tree = cheapest_paths(space, self.steps(1, flight=True).neighbours(open_doors))
            hit = self._ranges[key] = dict(tree.cost)
        return hit

    def range_between(self, open_doors: frozenset[Edge], a: tuple[Square, ...], d: Iterable[Square]) -> int | None:
        """Range from space a to the nearest square of space d (None if walls seal it off)."""
        costs = self.ranges_from(open_doors, a)
        found = [costs[sq] for sq in d if sq in costs]
        return min(found) if found else None

    def range_within(self, open_doors: frozenset[Edge], a: tuple[Square, ...], d: Iterable[Square],
                     limit: int) -> int | None:
        """Range from space a to the nearest square of space d when it is at most `limit`, else None: the
        rules' "within N squares" (commander effects, Spotter, Harpoon Gun, Grenades...).  The search from a
        stops at the limit and is remembered per door state, space and limit."""
        key = (open_doors, a, limit)
        hit = self._within.get(key)
        if hit is None:
            if len(self._within) >= _MAX_CACHED:
                self._within.clear()
            tree = cheapest_paths(a, self.steps(1, flight=True).neighbours(open_doors), limit)
            hit = self._within[key] = dict(tree.cost)
        found = [hit[sq] for sq in d if sq in hit]
        return min(found) if found else None

    def range_to(self, open_doors: frozenset[Edge], a: tuple[Square, ...], d: tuple[Square, ...]) -> int | None:
        """Range from space a to the nearest square of space d (None if walls seal it off), remembered per
        door state and the two spaces (`_search_range` finds it)."""
        key = (open_doors, a, d)
        if key in self._range_to:
            return self._range_to[key]
        if len(self._range_to) >= 8 * _MAX_CACHED:
            self._range_to.clear()
        found = self._range_to[key] = self._search_range(open_doors, a, d)
        return found

    def _search_range(self, open_doors: frozenset[Edge], a: tuple[Square, ...], d: tuple[Square, ...]) -> int | None:
        """Range from space a to space d searching toward d: A* with the squares-apart count as its
        estimate, which never overestimates (a diagonal step costs 2, one column and one row) and never
        drops by more than a step costs."""
        x0, y0 = min(x for x, _ in d), min(y for _, y in d)
        x1, y1 = max(x for x, _ in d), max(y for _, y in d)
        goal = set(d)
        neighbours = self.steps(1, flight=True).neighbours(open_doors)

        def estimate(sq: Square) -> int:
            x, y = sq
            return max(0, x0 - x, x - x1) + max(0, y0 - y, y - y1)

        best: dict[Square, int] = {}
        buckets: dict[int, list[tuple[int, Square]]] = {}
        for sq in sorted(a):
            best[sq] = 0
            buckets.setdefault(estimate(sq), []).append((0, sq))
        f = min(buckets)
        top = max(buckets)
        while f <= top:
            bucket = buckets.get(f)
            if not bucket:
                f += 1
                continue
            g, sq = bucket.pop()  # the deepest first: in the open it walks straight to the goal
            if g != best[sq]:
                continue
            if sq in goal:
                return g
            for nxt, step in neighbours(sq):
                ng = g + step
                if ng < best.get(nxt, ng + 1):
                    best[nxt] = ng
                    nf = ng + estimate(nxt)
                    buckets.setdefault(nf, []).append((ng, nxt))
                    if nf > top:
                        top = nf
        return None

    def over_pits_or_rock(self, size: int) -> frozenset[Square]:
        """The anchors where a space `size` squares wide would cover a pit or solid rock (remembered: the
        map never changes)."""
        hit = self._over_ground.get(size)
        if hit is None:
            hit = self._over_ground[size] = anchors_over(self.pits | self.solid, size)
        return hit

    def positions_next_to(self, open_doors: frozenset[Edge], rect: Rect, size: int) -> tuple[Square, ...]:
        """Every anchor of a space `size` squares wide that would be adjacent to `rect` (only anchors whose
        space touches it can be), column by column; remembered per door state (threat maps ask again and
        again about the same enemy positions)."""
        key = (open_doors, rect, size)
        hit = self._next_to.get(key)
        if hit is None:
            if len(self._next_to) >= _MAX_CACHED:
                self._next_to.clear()
            x0, y0, x1, y1 = rect
            hit = self._next_to[key] = tuple(
                (x, y) for x in range(x0 - size, x1 + 1) for y in range(y0 - size, y1 + 1)
                if self.adjacent(open_doors, (x, y, x + size, y + size), rect))
        return hit

    def space_mask(self, pos: Square, size: int) -> int:
        """The bit mask (as `Sight.mask_of` makes it) of the squares a figure of this size fills from
        `pos`: cover asks it of every figure standing between two others, again and again."""
        key = (pos, size)
        hit = self._masks.get(key)
        if hit is None:
            if len(self._masks) >= _MAX_CACHED:
                self._masks.clear()
            x, y = pos
            hit = self._masks[key] = self.sight(frozenset()).mask_of(
                (x + i, y + j) for j in range(size) for i in range(size))
        return hit

    def adjacent(self, open_doors: frozenset[Edge], a: Rect, d: Rect) -> bool:
        """Spaces touching at an edge or a corner with line of sight between them."""
        return touching(a, d) and self.sight(open_doors).can_see(a, d)

    def doors_held_open(self, spaces: Iterable[tuple[Square, ...]]) -> frozenset[Edge]:
        """The doors with a character next to them (touching the door's edge at a side or an end)."""
        occupied = {sq for space in spaces for sq in space}
        return frozenset(d for d, near in self._door_squares.items() if not near.isdisjoint(occupied))
