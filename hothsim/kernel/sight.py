"""Line of sight, adjacency and cover for one map and one state of its doors, with the caches a game needs
(docs/geometry.md).  The exact geometry is `hothsim.kernel.sightlines` (line of sight) and
`hothsim.kernel.cover` (cover); everything is integers and fractions, no floating point.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Literal

from hothsim.kernel.cover import BarrierRows, ConeShape, ConeView, cone_view
from hothsim.kernel.sight_table import SightTable, barrier_digest
from hothsim.kernel.sightlines import (
    Rect,
    SightMemo,
    Witness,
    find_line_of_sight,
    rect_of,
    rect_squares,
    segment_clear,
    touching,
)
from hothsim.kernel.squares import Barriers, Edge, Square, SquareMap, Terrain, step_is_open

# Re-exported: the map's queries and the geometry's entry points are asked for from here.
__all__ = ["Sight", "find_line_of_sight", "rect_of", "segment_clear", "touching", "work_out_table"]



@dataclass
class Sight:
    """Line of sight, adjacency and cover for one map and one state of its doors, with caches.

    `low_objects` is the set of squares holding low objects; `stride` is at least the map's width
    (squares are bits y*stride + x of the masks).  `bounds` (width, height), when given, lets line
    of sight rule out at once two squares that no step-by-step path joins.  Figures are given per
    query, so one `Sight` serves a whole game while the doors stay as they are.
    """

    barriers: Barriers
    low_objects: frozenset[Square] = frozenset()
    stride: int = 256
    bounds: tuple[int, int] | None = None
    # Sight over more barriers (every door closed) and over fewer (every door open): more barriers never
    # make a blocked pair visible, fewer never block a visible one, so both answer most questions.
    more: "Sight | None" = field(default=None, repr=False)
    fewer: "Sight | None" = field(default=None, repr=False)
    open_doors: frozenset[Edge] = frozenset()  # which of the map's doors are open here (with `more`)
    # Every pair of single squares answered ahead for these barriers (hothsim.kernel.sight_table), if known.
    table: SightTable | None = field(default=None, repr=False)
    # Shared by the Sights of one map: a pair's witness (or None) with the doors near it open.
    _by_doors: dict[tuple[tuple[Rect, Rect], frozenset[Edge]], Witness | None] = field(default_factory=dict,
                                                                                       repr=False)
    _los: dict[tuple[Rect, Rect], Witness | None] = field(default_factory=dict, repr=False)
    _big: dict[tuple[Rect, Rect], bool | None] = field(default_factory=dict, repr=False)  # the tables' answers for big spaces
    _cone: dict[tuple[tuple[int, int], Rect], ConeView] = field(default_factory=dict, repr=False)
    _low: dict[Rect, int] = field(default_factory=dict, repr=False)
    _rows: BarrierRows | None = field(default=None, repr=False)
    _shapes: dict[tuple[int, int, int, int, int, int], ConeShape] = field(default_factory=dict, repr=False)
    _region: dict[Square, int] | None = field(default=None, repr=False)
    _memo: SightMemo | None = field(default=None, repr=False)

    def _sight_memo(self) -> SightMemo:
        if self._memo is None:
            self._memo = SightMemo.of(self.barriers, self.stride)
        return self._memo

    def _regions(self) -> dict[Square, int]:
        """Each on-map square's region: squares joined by steps that cross no wall nor pass a wall's
        corner.  A segment that touches no barrier moves through such steps, so two spaces in
        different regions never see each other."""
        if self._region is None:
            assert self.bounds is not None
            w, h = self.bounds
            region: dict[Square, int] = {}
            for start in ((x, y) for y in range(h) for x in range(w)):
                if start in region:
                    continue
                n = len(region)
                region[start] = n
                todo = [start]
                while todo:
                    sq = todo.pop()
                    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)):
                        to = (sq[0] + dx, sq[1] + dy)
                        if to in region or not (0 <= to[0] < w and 0 <= to[1] < h):
                            continue
                        if step_is_open(self.barriers, sq, to):
                            region[to] = n
                            todo.append(to)
            self._region = region
        return self._region

    def line_of_sight(self, a: Rect, d: Rect) -> Witness | None:
        """A witness segment if the spaces see each other, else None (symmetric, cached)."""
        key = (a, d) if a <= d else (d, a)
        hit: Witness | None | Literal[False] = self._los.get(key, False)  # False: not asked yet
        if hit is False:
            hit = self._find(key)
        if hit is not None and key[0] != a:
            return hit.reversed()
        return hit

    def _find(self, key: tuple[Rect, Rect]) -> Witness | None:
        """Line of sight for a pair not yet in the cache (in order), and cache it."""
        if _is_big(key[0]) or _is_big(key[1]):
            return self._find_by_squares(key)
        hit: Witness | None | Literal[False] = False
        if self.more is not None and self.fewer is not None:
            hit = self.more.line_of_sight(key[0], key[1])  # a clear segment there is clear here
            if hit is None and self.fewer.line_of_sight(key[0], key[1]) is not None:
                # It depends on the doors, but only on those inside the two spaces' bounding box (every
                # segment between them lies there): share the answer with every Sight of this map.
                x0, y0 = min(key[0][0], key[1][0]), min(key[0][1], key[1][1])
                x1, y1 = max(key[0][2], key[1][2]), max(key[0][3], key[1][3])
                near = frozenset(e for e in self.open_doors if x0 <= e.x <= x1 and y0 <= e.y <= y1)
                shared = self.more._by_doors
                hit = shared.get((key, near), False)
                if hit is False:
                    hit = find_line_of_sight(self.barriers, key[0], key[1], self._sight_memo())
                    shared[(key, near)] = hit
            self._los[key] = hit
        if hit is False:
            if self.bounds is not None:
                reg = self._region if self._region is not None else self._regions()
                ra, rd = reg.get((key[0][0], key[0][1])), reg.get((key[1][0], key[1][1]))
                if ra is not None and rd is not None and ra != rd:
                    self._los[key] = None
                    return None
            hit = find_line_of_sight(self.barriers, key[0], key[1], self._sight_memo())
            self._los[key] = hit
        return hit

    def _find_by_squares(self, key: tuple[Rect, Rect]) -> Witness | None:
        """Line of sight for a pair where a space is bigger than a square, from its squares' sight, and
        cache it.  The same answer as the whole spaces': every barrier is closed, so the clear segments
        form an open set, and a clear segment from a point on a line between two of a space's squares
        stays clear when that point moves a little into one of them.  Cheaper too: a big figure's
        squares are a small figure's spaces, so most of those answers are in the cache already."""
        pairs = ((rect_of(sa), rect_of(sd)) for sa in rect_squares(key[0]) for sd in rect_squares(key[1]))
        hit = next((w for a, d in pairs if (w := self.line_of_sight(a, d)) is not None), None)
        self._los[key] = hit
        return hit

    def can_see(self, a: Rect, d: Rect) -> bool:
        """Whether the spaces have line of sight to each other (from the tables where they know)."""
        key = (a, d) if a <= d else (d, a)
        hit = self._los.get(key, False)
        if hit is False:
            known = self._tabled(key[0], key[1])
            if known is not None:
                return known
            hit = self._find(key)
        return hit is not None

    def _tabled(self, a: Rect, d: Rect) -> bool | None:
        """What the tables worked out ahead say of two spaces (None: they do not know).  With some doors
        open, a pair seen with every door closed is seen here, and one unseen with every door open is unseen
        here; a big space sees what any of its squares sees (`_find_by_squares`)."""
        if self.table is None and (self.more is None or self.more.table is None):
            return None
        if _is_big(a) or _is_big(d):
            key = (a, d)
            if key in self._big:  # None too is an answer here: the tables do not know
                return self._big[key]
            hit = self._big[key] = self._tabled_by_squares(a, d)
            return hit
        return self._tabled_square(a, d)

    def _tabled_by_squares(self, a: Rect, d: Rect) -> bool | None:
        """`_tabled` for spaces bigger than a square: seen if any two of their squares see each other."""
        unknown = False
        for sa in rect_squares(a):
            for sd in rect_squares(d):
                seen = self._tabled_square(rect_of(sa), rect_of(sd))
                if seen:
                    return True
                unknown = unknown or seen is None
        return None if unknown else False

    def _tabled_square(self, a: Rect, d: Rect) -> bool | None:
        """`_tabled` for two single squares."""
        if self.table is not None:
            return self.table.sees(a, d)
        assert self.more is not None and self.more.table is not None
        if self.more.table.sees(a, d):
            return True
        if self.fewer is not None and self.fewer.table is not None and self.fewer.table.sees(a, d) is False:
            return False
        return None

    def adjacent(self, a: Rect, d: Rect) -> bool:
        """Spaces are adjacent when they share an edge or a corner and see each other."""
        return touching(a, d) and self.can_see(a, d)

    def view(self, c: tuple[int, int], d: Rect) -> ConeView:
        """Cached `cone_view`."""
        key = (c, d)
        hit = self._cone.get(key)
        if hit is None:
            hit = self._cone[key] = self._shaped_view(c, d)
        return hit

    def _shaped_view(self, c: tuple[int, int], d: Rect) -> ConeView:
        """`cone_view` from the shape of the pair (shared by every pair with the same offset), laid over
        the map's barriers as bit masks; pairs reaching off the mask take the row scan."""
        ox, oy = min(c[0], d[0]), min(c[1], d[1])
        memo = self._sight_memo()  # its barrier masks, and their row width
        if ox < 0 or oy < 0 or max(c[0], d[2]) > self.stride or not memo.wide:
            if self._rows is None:
                self._rows = BarrierRows.of(self.barriers)
            return cone_view(self._rows, c, d, self.stride)
        rel = (c[0] - ox, c[1] - oy, d[0] - ox, d[1] - oy, d[2] - ox, d[3] - oy)
        shape = self._shapes.get(rel)
        if shape is None:
            shape = self._shapes[rel] = ConeShape.of(rel[:2], rel[2:], self.stride, memo.wide)
        at = oy * memo.wide + ox
        vbits, hbits, _ = memo.masks
        cover = bool(vbits & shape.vertical << at or hbits & shape.horizontal << at)
        return ConeView(cover, shape.mask << (oy * self.stride + ox))

    def mask_of(self, squares: Iterable[Square]) -> int:
        """The bit mask of a set of squares (squares off the mask are left out)."""
        m = 0
        for x, y in squares:
            if 0 <= x < self.stride and y >= 0:
                m |= 1 << (y * self.stride + x)
        return m

    def _low_mask(self, a: Rect) -> int:
        """Low objects that give cover against an attacker in a: not in its space nor adjacent to it."""
        hit = self._low.get(a)
        if hit is None:
            counted = []
            for sq in self.low_objects:
                r = (sq[0], sq[1], sq[0] + 1, sq[1] + 1)
                if touching(a, r) and (a[0] <= sq[0] < a[2] and a[1] <= sq[1] < a[3] or self.can_see(a, r)):
                    continue
                counted.append(sq)
            hit = self._low[a] = self.mask_of(counted)
        return hit

    def has_cover(self, a: Rect, d: Rect, figures: frozenset[Square] | int = frozenset()) -> bool:
        """Whether a defender in space d has cover against an attacker in space a.

        `figures` holds the squares (or their mask) of characters other than the attacker and the
        defender that grant cover (a Hologram is left out by the caller).  An adjacent defender
        never has cover.  The attacker picks its best corner: cover holds only if every corner's view
        is cut by a wall, counted low objects or a character.
        """
        if touching(a, d) and self.can_see(a, d):
            return False
        if isinstance(figures, int):
            blockers = figures
        else:
            blockers = self.mask_of(figures) if figures else 0
        low = self._low.get(a)
        blockers |= self._low_mask(a) if low is None else low
        cones = self._cone
        for y in range(a[1], a[3] + 1):
            for x in range(a[0], a[2] + 1):
                v = cones.get(((x, y), d))
                if v is None:
                    v = cones[((x, y), d)] = self._shaped_view((x, y), d)
                if not v.barrier_cover and not v.mask & blockers:
                    return False  # a clear corner: the attacker picks it
        return True

    @staticmethod
    def for_map(grid: SquareMap, open_doors: frozenset[Edge] = frozenset(), more: "Sight | None" = None,
                fewer: "Sight | None" = None, table: SightTable | None = None) -> "Sight":
        """A Sight for a map with the given doors open (every other door closed); `more` and `fewer` are
        Sights of the same map with every door closed and every door open, consulted first; `table` the
        answers worked out ahead for these doors, used only if it was worked out for these barriers."""
        low = frozenset(sq for sq in grid.squares() if grid.terrain_at(sq) is Terrain.LOW)
        barriers = grid.barriers(open_doors)
        if table is not None and not table.fits(barriers, grid.width, grid.height):
            table = None
        return Sight(barriers, low, stride=grid.width, bounds=(grid.width, grid.height),
                     more=more, fewer=fewer, open_doors=frozenset(open_doors) & grid.doors, table=table)


def _is_big(r: Rect) -> bool:
    """Whether a space is more than one square."""
    return r[2] - r[0] > 1 or r[3] - r[1] > 1


def work_out_table(barriers: Barriers, width: int, height: int) -> SightTable:
    """Every pair of squares of a map asked of the exact geometry, as a table (seconds to a minute for a
    30 x 24 map): the shipped tables are made and checked so."""
    sight = Sight(barriers, stride=width, bounds=(width, height))
    spaces = [(x, y, x + 1, y + 1) for y in range(height) for x in range(width)]
    rows = [0] * len(spaces)
    for i, a in enumerate(spaces):
        rows[i] |= 1 << i
        for j in range(i + 1, len(spaces)):
            if sight.can_see(a, spaces[j]):
                rows[i] |= 1 << j
                rows[j] |= 1 << i
    return SightTable(width, height, barrier_digest(barriers, width, height), tuple(rows))
