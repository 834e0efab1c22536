"""Exact line of sight, adjacency and cover on the square grid (design.md §3).

Everything here is integers and `fractions.Fraction`; no floating point.

Line of sight between spaces A and D holds when some segment from a point inside A to a point
inside D touches no wall and no closed door (touching includes nicking a wall's end and running
along it).  The segments that do so form an open set, so the search works on lines: a line that
meets the inside of both spaces is clear when its *gap segment* (from where it leaves A to where
it enters D) touches no barrier.  Whether a line is clear can only change where the line passes
through a critical point (a corner of A or D, or the end of a barrier inside their hull), so it is
enough to test lines just beside every line through two critical points (a rotation by a tiny
exact angle about a point between the critical points on it).  A clear line gives a witness
segment with rational end points strictly inside both spaces.

Cover follows design.md §3: from each corner the attacker could pick, the defender has cover when
some segment from the corner to a point inside the defender crosses the inside of a barrier or the
inside of a square that grants cover; the defender has cover only if that holds for every corner.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import gcd
from typing import Iterable, Iterator

from hothsim.kernel.squares import Barriers, Square

Rect = tuple[int, int, int, int]  # x0, y0, x1, y1: the closed rectangle [x0, x1] x [y0, y1]
FPoint = tuple[Fraction, Fraction]


def rect_of(anchor: Square, size: int = 1) -> Rect:
    """The rectangle of a space given its anchor (lowest corner square) and size."""
    return (anchor[0], anchor[1], anchor[0] + size, anchor[1] + size)


def rect_squares(r: Rect) -> Iterator[Square]:
    """The squares inside a rectangle."""
    for y in range(r[1], r[3]):
        for x in range(r[0], r[2]):
            yield (x, y)


def rect_corners(r: Rect) -> tuple[tuple[int, int], ...]:
    """The four corner points of a rectangle."""
    return ((r[0], r[1]), (r[2], r[1]), (r[2], r[3]), (r[0], r[3]))


def touching(a: Rect, d: Rect) -> bool:
    """Whether two spaces share an edge or a corner (or overlap)."""
    return a[0] <= d[2] and d[0] <= a[2] and a[1] <= d[3] and d[1] <= a[3]


@dataclass(frozen=True)
class Witness:
    """A clear segment from a point strictly inside A to a point strictly inside D."""

    p: FPoint
    q: FPoint


# ----------------------------------------------------------------------------------------------
# Segment against barriers


def segment_clear(barriers: Barriers, p: FPoint, q: FPoint) -> bool:
    """Whether the closed segment pq touches no barrier (not even a barrier's end)."""
    den = 1
    for v in (p[0], p[1], q[0], q[1]):
        den = den * Fraction(v).denominator // gcd(den, Fraction(v).denominator)
    px, py = int(p[0] * den), int(p[1] * den)
    qx, qy = int(q[0] * den), int(q[1] * den)
    return _clear_scaled(barriers, px, py, qx, qy, den)


def _clear_scaled(b: Barriers, px: int, py: int, qx: int, qy: int, den: int) -> bool:
    """`segment_clear` on points given as integer numerators over a common denominator."""
    vert, horiz, pts = b.vertical, b.horizontal, b.points
    xlo, xhi = min(px, qx), max(px, qx)
    ylo, yhi = min(py, qy), max(py, qy)
    # Integer grid lines inside the closed ranges.
    kx0, kx1 = -((-xlo) // den), xhi // den
    ky0, ky1 = -((-ylo) // den), yhi // den
    dx, dy = qx - px, qy - py
    if dx == 0:
        if px % den == 0:  # runs along the vertical line x = k
            k = px // den
            for j in range(ylo // den - 1, yhi // den + 1):
                if (k, j) in vert and j * den <= yhi and (j + 1) * den >= ylo:
                    return False
            return not any((k, j) in pts for j in range(ky0, ky1 + 1))
        i = px // den
        return not any((i, j) in horiz for j in range(ky0, ky1 + 1))
    if dy == 0:
        if py % den == 0:  # runs along the horizontal line y = j
            j = py // den
            for i in range(xlo // den - 1, xhi // den + 1):
                if (i, j) in horiz and i * den <= xhi and (i + 1) * den >= xlo:
                    return False
            return not any((i, j) in pts for i in range(kx0, kx1 + 1))
        j = py // den
        return not any((i, j) in vert for i in range(kx0, kx1 + 1))
    # General position: check the crossing of every grid line inside the segment's span.
    # Crossing x = k: y = (py*dx + (k*den - px)*dy) / (den*dx), as a fraction num/dd.
    sdx = 1 if dx > 0 else -1
    for k in range(kx0, kx1 + 1):
        num = (py * dx + (k * den - px) * dy) * sdx
        dd = den * dx * sdx
        j, rem = divmod(num, dd)
        if rem == 0:
            if (k, j) in pts:
                return False
        elif (k, j) in vert:
            return False
    sdy = 1 if dy > 0 else -1
    for j in range(ky0, ky1 + 1):
        num = (px * dy + (j * den - py) * dx) * sdy
        dd = den * dy * sdy
        i, rem = divmod(num, dd)
        if rem != 0 and (i, j) in horiz:
            return False
    return True


# ----------------------------------------------------------------------------------------------
# Line of sight


def _open_chord(r: Rect, m: FPoint, d: FPoint) -> tuple[Fraction, Fraction] | None:
    """The open parameter interval (t0, t1) where m + t*d lies strictly inside rectangle r."""
    lo: Fraction | None = None
    hi: Fraction | None = None
    for axis in (0, 1):
        a, b = (r[0], r[2]) if axis == 0 else (r[1], r[3])
        if d[axis] == 0:
            if not a < m[axis] < b:
                return None
            continue
        t_a = (a - m[axis]) / d[axis]
        t_b = (b - m[axis]) / d[axis]
        if t_a > t_b:
            t_a, t_b = t_b, t_a
        lo = t_a if lo is None or t_a > lo else lo
        hi = t_b if hi is None or t_b < hi else hi
    assert lo is not None and hi is not None
    return (lo, hi) if lo < hi else None


def _line_witness(b: Barriers, a: Rect, d: Rect, m: FPoint, dirn: FPoint) -> Witness | None:
    """If the line m + t*dirn meets the inside of a and d with a clear gap, a witness segment."""
    ca = _open_chord(a, m, dirn)
    if ca is None:
        return None
    cd = _open_chord(d, m, dirn)
    if cd is None:
        return None
    if ca[1] <= cd[0]:
        t_exit, t_enter, ta_in, td_in = ca[1], cd[0], ca[0], cd[1]
    elif cd[1] <= ca[0]:
        t_exit, t_enter, ta_in, td_in = ca[0], cd[1], ca[1], cd[0]
    else:  # the open chords overlap: a and d overlap
        t_exit = t_enter = (max(ca[0], cd[0]) + min(ca[1], cd[1])) / 2
        ta_in = td_in = t_exit
    pt = lambda t: (m[0] + t * dirn[0], m[1] + t * dirn[1])  # noqa: E731
    if not segment_clear(b, pt(t_exit), pt(t_enter)):
        return None
    # Step a little way into each space; halve until the longer segment is still clear.
    step_a = (ta_in - t_exit) / 2
    step_d = (td_in - t_enter) / 2
    for _ in range(64):
        p, q = pt(t_exit + step_a), pt(t_enter + step_d)
        if segment_clear(b, p, q):
            return Witness(p, q)
        step_a /= 2
        step_d /= 2
    return None


def _hull(points: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """Convex hull (counter-clockwise, no collinear points) of integer points."""
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts

    def cross(o, a, c):
        return (a[0] - o[0]) * (c[1] - o[1]) - (a[1] - o[1]) * (c[0] - o[0])

    lower: list = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def _in_closed_hull(hull: list[tuple[int, int]], p: tuple[int, int]) -> bool:
    n = len(hull)
    for i in range(n):
        o, a = hull[i], hull[(i + 1) % n]
        if (a[0] - o[0]) * (p[1] - o[1]) - (a[1] - o[1]) * (p[0] - o[0]) < 0:
            return False
    return True


def _critical_points(b: Barriers, a: Rect, d: Rect) -> list[tuple[int, int]]:
    """Corners of both spaces and every barrier end inside (or on) the hull of the two spaces."""
    corners = rect_corners(a) + rect_corners(d)
    hull = _hull(corners)
    x0, x1 = min(a[0], d[0]), max(a[2], d[2])
    y0, y1 = min(a[1], d[1]), max(a[3], d[3])
    pts = set(corners)
    if (x1 - x0 + 1) * (y1 - y0 + 1) <= 4 * len(b.points):
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                if (x, y) in b.points and _in_closed_hull(hull, (x, y)):
                    pts.add((x, y))
    else:
        for p in b.points:
            if x0 <= p[0] <= x1 and y0 <= p[1] <= y1 and _in_closed_hull(hull, p):
                pts.add(p)
    return sorted(pts)


def _line_meets_rect(p1: tuple[int, int], dv: tuple[int, int], r: Rect) -> bool:
    """Whether the infinite line through p1 with direction dv meets the closed rectangle."""
    signs = set()
    for c in rect_corners(r):
        s = dv[0] * (c[1] - p1[1]) - dv[1] * (c[0] - p1[0])
        signs.add((s > 0) - (s < 0))
    return not (signs == {1} or signs == {-1})


def find_line_of_sight(b: Barriers, a: Rect, d: Rect) -> Witness | None:
    """A clear segment between the insides of spaces a and d, or None when there is none."""
    half = Fraction(1, 2)
    ca = (Fraction(a[0] + a[2]) * half, Fraction(a[1] + a[3]) * half)
    cd = (Fraction(d[0] + d[2]) * half, Fraction(d[1] + d[3]) * half)
    if ca == cd:
        return Witness(ca, cd)
    # Most pairs are settled by the segment between the centres.
    if _clear_scaled(b, a[0] + a[2], a[1] + a[3], d[0] + d[2], d[1] + d[3], 2):
        return Witness(ca, cd)
    pts = _critical_points(b, a, d)
    span = (max(a[2], d[2]) - min(a[0], d[0])) + (max(a[3], d[3]) - min(a[1], d[1]))
    seen: set[tuple[int, int, int]] = set()
    for i, p1 in enumerate(pts):
        for p2 in pts[i + 1 :]:
            dv = (p2[0] - p1[0], p2[1] - p1[1])
            g = gcd(dv[0], dv[1])
            dv = (dv[0] // g, dv[1] // g)
            if dv[0] < 0 or (dv[0] == 0 and dv[1] < 0):
                dv = (-dv[0], -dv[1])
            key = (dv[0], dv[1], dv[0] * p1[1] - dv[1] * p1[0])
            if key in seen:
                continue
            seen.add(key)
            if not (_line_meets_rect(p1, dv, a) and _line_meets_rect(p1, dv, d)):
                continue
            w = _perturbed_witness(b, a, d, pts, p1, dv, span)
            if w is not None:
                return w
    return None


def _perturbed_witness(
    b: Barriers, a: Rect, d: Rect, pts: list[tuple[int, int]], p1: tuple[int, int], dv: tuple[int, int], span: int
) -> Witness | None:
    """Test the lines just beside the critical line through p1 with direction dv."""
    norm2 = dv[0] * dv[0] + dv[1] * dv[1]
    # Parameters (in units of dv) of the critical points lying on the line.
    on_line = sorted(
        {
            Fraction((p[0] - p1[0]) * dv[0] + (p[1] - p1[1]) * dv[1], norm2)
            for p in pts
            if dv[0] * (p[1] - p1[1]) - dv[1] * (p[0] - p1[0]) == 0
        }
    )
    pivots = [on_line[0] - 1] + [(s + t) / 2 for s, t in zip(on_line, on_line[1:])] + [on_line[-1] + 1]
    # A rotation small enough that no critical point off the line changes side (each is at least
    # 1/|dv| away from it, and |cross(normal, P - pivot)| <= |dv|_1 * (span + 2|dv|_1)).
    l1 = abs(dv[0]) + abs(dv[1])
    eps = Fraction(1, 2 * l1 * (span + 2 * l1 + 2) + 2)
    normal = (-dv[1], dv[0])
    for s in pivots:
        m = (p1[0] + s * dv[0], p1[1] + s * dv[1])
        for sign in (1, -1):
            dirn = (dv[0] + sign * eps * normal[0], dv[1] + sign * eps * normal[1])
            w = _line_witness(b, a, d, m, dirn)
            if w is not None:
                return w
    return None


# ----------------------------------------------------------------------------------------------
# Cover


def _cone(c: tuple[int, int], d: Rect) -> list[tuple[int, int]]:
    """The convex polygon spanned by a corner point and the defender's rectangle."""
    return _hull((c,) + rect_corners(d))


def _row_extent(poly: list[tuple[int, int]], y0: int, y1: int) -> tuple[Fraction, Fraction]:
    """Min and max x of the polygon clipped to the closed strip y0 <= y <= y1."""
    xs: list[Fraction] = []
    n = len(poly)
    for i in range(n):
        (ax, ay), (bx, by) = poly[i], poly[(i + 1) % n]
        if y0 <= ay <= y1:
            xs.append(Fraction(ax))
        if ay != by:
            for yl in (y0, y1):
                if min(ay, by) < yl < max(ay, by):
                    xs.append(ax + Fraction((yl - ay) * (bx - ax), by - ay))
    return min(xs), max(xs)


@dataclass(frozen=True)
class ConeView:
    """What a corner sees of a defender's space: whether a barrier's inside cuts the view, and
    which squares have an inside the view passes through."""

    barrier_cover: bool
    squares: frozenset[Square]


def cone_view(b: Barriers, c: tuple[int, int], d: Rect) -> ConeView:
    """The squares and barriers met by the segments from corner c to points inside d."""
    poly = _cone(c, d)
    ymin = min(p[1] for p in poly)
    ymax = max(p[1] for p in poly)
    squares: set[Square] = set()
    cover = False
    n = len(poly)
    for row in range(ymin, ymax):
        lo, hi = _row_extent(poly, row, row + 1)
        # Squares whose open x-range overlaps the open extent (lo, hi).
        first = int(lo // 1) if lo == int(lo // 1) else int(lo // 1)
        for x in range(first, int(-((-hi) // 1))):
            if x + 1 > lo and x < hi:
                squares.add((x, row))
        if not cover:
            for k in range(int(lo // 1), int(hi // 1) + 1):
                if lo < k < hi and k != c[0] and (k, row) in b.vertical:
                    cover = True
                    break
    if not cover:
        for j in range(ymin + 1, ymax):
            if j == c[1]:
                continue
            # The open interval of the polygon's inside on the line y = j.
            xs: list[Fraction] = []
            for i in range(n):
                (ax, ay), (bx, by) = poly[i], poly[(i + 1) % n]
                if ay == j:
                    xs.append(Fraction(ax))
                if min(ay, by) < j < max(ay, by):
                    xs.append(ax + Fraction((j - ay) * (bx - ax), by - ay))
            lo, hi = min(xs), max(xs)
            for i in range(int(lo // 1) - 1, int(hi // 1) + 1):
                if (i, j) in b.horizontal and i < hi and i + 1 > lo:
                    cover = True
                    break
            if cover:
                break
    return ConeView(cover, frozenset(squares))


@dataclass
class Sight:
    """Line of sight, adjacency and cover for one map and one state of its doors, with caches.

    `low_objects` is the set of squares holding low objects.  Figures are given per query, so one
    `Sight` serves a whole game while the doors stay as they are.
    """

    barriers: Barriers
    low_objects: frozenset[Square] = frozenset()
    _los: dict = field(default_factory=dict, repr=False)
    _cone: dict = field(default_factory=dict, repr=False)
    _low_for: dict = field(default_factory=dict, repr=False)

    def line_of_sight(self, a: Rect, d: Rect) -> Witness | None:
        """A witness segment if the spaces see each other, else None (symmetric, cached)."""
        key = (a, d) if a <= d else (d, a)
        hit = self._los.get(key, False)
        if hit is False:
            hit = find_line_of_sight(self.barriers, key[0], key[1])
            self._los[key] = hit
        if hit is not None and key[0] != a:
            return Witness(hit.q, hit.p)
        return hit

    def can_see(self, a: Rect, d: Rect) -> bool:
        """Whether the spaces have line of sight to each other."""
        return self.line_of_sight(a, d) is not None

    def adjacent(self, a: Rect, d: Rect) -> bool:
        """Spaces are adjacent when they share an edge or a corner and see each other."""
        return touching(a, d) and self.can_see(a, d)

    def view(self, c: tuple[int, int], d: Rect) -> ConeView:
        """Cached `cone_view`."""
        key = (c, d)
        hit = self._cone.get(key)
        if hit is None:
            hit = cone_view(self.barriers, c, d)
            self._cone[key] = hit
        return hit

    def _low_objects_counted(self, a: Rect) -> frozenset[Square]:
        """Low objects that give cover against an attacker in a: not in its space or next to it."""
        hit = self._low_for.get(a)
        if hit is None:
            near = (a[0] - 1, a[1] - 1, a[2] + 1, a[3] + 1)
            hit = frozenset(
                sq for sq in self.low_objects if not (near[0] <= sq[0] < near[2] and near[1] <= sq[1] < near[3])
            )
            self._low_for[a] = hit
        return hit

    def has_cover(self, a: Rect, d: Rect, figures: frozenset[Square] = frozenset()) -> bool:
        """Whether a defender in space d has cover against an attacker in space a.

        `figures` holds the squares of characters other than the attacker and the defender that
        grant cover (a Hologram is left out by the caller).  An adjacent defender never has cover.
        """
        if self.adjacent(a, d):
            return False
        low = self._low_objects_counted(a)
        for y in range(a[1], a[3] + 1):
            for x in range(a[0], a[2] + 1):
                v = self.view((x, y), d)
                if v.barrier_cover:
                    continue
                if low.isdisjoint(v.squares) and figures.isdisjoint(v.squares):
                    return False  # a clear corner: the attacker picks it
        return True
