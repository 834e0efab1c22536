"""Cover on the square grid (docs/geometry.md): from each corner the attacker could pick, the defender has cover
when some segment from the corner to a point inside the defender crosses the inside of a barrier or the
inside of a square that grants cover; the defender has cover only if that holds for every corner.

Here: the cone from a corner to the defender's space, as the squares it crosses (a bit mask) and whether
a barrier cuts it, worked out exactly in integers.  `hothsim.kernel.sight.Sight.has_cover` combines the
corners with the figures and low objects of a query.
"""

from __future__ import annotations

from dataclasses import dataclass

from hothsim.kernel.sightlines import Rect
from hothsim.kernel.squares import Barriers


def _bounds_at(c: tuple[int, int], d: Rect, y: int) -> tuple[int, int]:
    """floor(min x) and ceil(max x) of the hull of point c and rectangle d on the line at height y
    (which the hull must meet).

    The hull is the union of the segments from c to the points of d.  On the line, the leftmost of
    them comes from c itself (y = c's height), from d's left side (y within d), or from the segment
    to one of d's two left corners; the rightmost likewise with d's right corners.  Only floor(min) and
    ceil(max) matter: for a whole number k, k > lo exactly when k >= floor(lo) + 1, and k < hi exactly
    when k <= ceil(hi) - 1.
    """
    cx, cy = c
    dx0, dy0, dx1, dy1 = d
    lo = hi = None
    if y == cy:
        lo = hi = cx
    if dy0 <= y <= dy1:
        lo = dx0 if lo is None or dx0 < lo else lo
        hi = dx1 if hi is None or dx1 > hi else hi
    for ey in (dy0, dy1):
        if (cy < y < ey) or (ey < y < cy):
            dy = ey - cy
            f = (cx * dy + (y - cy) * (dx0 - cx)) // dy
            g = -((-(cx * dy + (y - cy) * (dx1 - cx))) // dy)
            if lo is None or f < lo:
                lo = f
            if hi is None or g > hi:
                hi = g
    assert lo is not None and hi is not None
    return lo, hi


def _cone_bounds(c: tuple[int, int], d: Rect) -> tuple[int, list[int], list[int]]:
    """`_bounds_at` for every row the hull of c and d spans: (first row, floors of min x, ceilings of
    max x)."""
    ymin, ymax = min(d[1], c[1]), max(d[3], c[1])
    bounds = [_bounds_at(c, d, y) for y in range(ymin, ymax + 1)]
    return ymin, [lo for lo, _ in bounds], [hi for _, hi in bounds]


@dataclass(frozen=True)
class ConeShape:
    """A cone view with no map under it, for a corner and a space given relative to the lower-left
    corner of their bounding box: the squares it passes through (bits y*stride + x), and the vertical
    and horizontal barrier edges whose inside it crosses (bits y*wide + x, as in `SightMemo`).  The same shape
    serves every pair with the same offset, shifted into place and laid over the map's barriers."""

    mask: int
    vertical: int
    horizontal: int

    @staticmethod
    def of(c: tuple[int, int], d: Rect, stride: int, wide: int) -> "ConeShape":
        """The shape of the view from corner c of space d (both with non-negative coordinates)."""
        cx, cy = c
        ymin, los, his = _cone_bounds(c, d)
        mask = vert = horiz = 0
        for i in range(len(los) - 1):
            row = ymin + i
            lo, hi = min(los[i], los[i + 1]), max(his[i], his[i + 1])
            if hi > lo:
                mask |= ((1 << (hi - lo)) - 1) << (row * stride + lo)
            if hi - lo > 1:  # vertical edges at x = lo + 1 .. hi - 1, not on c's own line
                vert |= ((1 << (hi - lo - 1)) - 1) << (row * wide + lo + 1)
                if lo < cx < hi:
                    vert &= ~(1 << (row * wide + cx))
        for i in range(1, len(los) - 1):
            if ymin + i != cy and his[i] > los[i]:
                horiz |= ((1 << (his[i] - los[i])) - 1) << ((ymin + i) * wide + los[i])
        return ConeShape(mask, vert, horiz)


@dataclass(frozen=True)
class ConeView:
    """What a corner sees of a defender's space: whether a barrier's inside cuts the view, and the
    squares whose inside the view passes through, as a bit mask (bit y*stride + x)."""

    barrier_cover: bool
    mask: int


@dataclass(frozen=True)
class BarrierRows:
    """Barriers as bit rows, for scanning a view row by row: `vertical[y]` has bit x - base for each
    edge ("v", x, y), `horizontal[y]` bit x - base for each edge ("h", x, y)."""

    vertical: dict[int, int]
    horizontal: dict[int, int]
    base: int

    @staticmethod
    def of(b: Barriers) -> "BarrierRows":
        """Pack a set of barriers into bit rows."""
        xs = [x for x, _ in b.vertical] + [x for x, _ in b.horizontal]
        base = min(xs, default=0)
        vert: dict[int, int] = {}
        horiz: dict[int, int] = {}
        for x, y in b.vertical:
            vert[y] = vert.get(y, 0) | 1 << (x - base)
        for x, y in b.horizontal:
            horiz[y] = horiz.get(y, 0) | 1 << (x - base)
        return BarrierRows(vert, horiz, base)

    def any_between(self, row: dict[int, int], y: int, lo: int, hi: int) -> bool:
        """Whether row y of `row` has a bit for some x with lo <= x < hi."""
        bits = row.get(y)
        if not bits or hi <= lo:
            return False
        lo -= self.base
        hi -= self.base
        if hi <= 0:
            return False
        if lo > 0:
            bits >>= lo
            hi -= lo
        return bool(bits & ((1 << hi) - 1))


def cone_view(b: Barriers | BarrierRows, c: tuple[int, int], d: Rect, stride: int = 256) -> ConeView:
    """The squares and barriers met by the segments from corner c to points inside d.

    Those segments fill the inside of the convex hull of c and d (up to its boundary), so a square
    counts when its inside meets the hull's inside, and a barrier when the hull's inside crosses the
    barrier's inside (an edge on a line through c can only be run along, which gives no cover).  The
    hull's corners lie on whole rows, so within the strip between two rows it reaches furthest on one
    of the two rows: the scan works out each row's bounds once (`_cone_bounds`).  Squares off the mask
    (x < 0, x >= stride, y < 0) are left out: nothing that grants cover lies there.  Integers only.
    """
    rows = b if isinstance(b, BarrierRows) else BarrierRows.of(b)
    cx, cy = c
    ymin, los, his = _cone_bounds(c, d)
    ymax = ymin + len(los) - 1
    vert, horiz, base = rows.vertical, rows.horizontal, rows.base
    mask = 0
    cover = False
    for i in range(ymax - ymin):
        row = ymin + i
        lo, hi = min(los[i], los[i + 1]), max(his[i], his[i + 1])
        # Squares x with x + 1 > lo and x < hi: floor(lo) .. ceil(hi) - 1.
        x0, x1 = max(lo, 0), min(hi - 1, stride - 1)
        if x1 >= x0 and row >= 0:
            mask |= ((1 << (x1 - x0 + 1)) - 1) << (row * stride + x0)
        # Vertical barriers at x = k with lo < k < hi, except on c's own line.
        if not cover:
            bits = vert.get(row)
            if bits:
                first, stop = max(lo + 1 - base, 0), hi - base  # bits of x in lo + 1 .. hi - 1
                if stop > first:
                    span = ((1 << (stop - first)) - 1) << first
                    if lo < cx < hi and cx >= base:
                        span &= ~(1 << (cx - base))
                    cover = bits & span != 0
    if not cover:
        for i in range(1, ymax - ymin):
            bits = horiz.get(ymin + i)
            if bits and ymin + i != cy:
                first, stop = max(los[i] - base, 0), his[i] - base  # bits of x in lo .. hi - 1
                if stop > first and bits & ((1 << (stop - first)) - 1) << first:
                    cover = True
                    break
    return ConeView(cover, mask)
