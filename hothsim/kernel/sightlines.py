"""Exact line of sight on the square grid (docs/geometry.md): the geometry behind `hothsim.kernel.sight`.

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

Cover is `hothsim.kernel.cover`; the per-map queries with their caches are `hothsim.kernel.sight`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import gcd
from typing import Container, Iterable, Iterator, Protocol

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
    """A clear segment from a point p strictly inside A to a point q strictly inside D, kept as whole
    numerators over one denominator (most queries never look at the points)."""

    px: int
    py: int
    qx: int
    qy: int
    den: int

    @property
    def p(self) -> FPoint:
        """The end inside A."""
        return (Fraction(self.px, self.den), Fraction(self.py, self.den))

    @property
    def q(self) -> FPoint:
        """The end inside D."""
        return (Fraction(self.qx, self.den), Fraction(self.qy, self.den))

    def reversed(self) -> "Witness":
        """The same segment from D to A."""
        return Witness(self.qx, self.qy, self.px, self.py, self.den)

    @staticmethod
    def between(p: FPoint, q: FPoint) -> "Witness":
        """The witness for two rational points."""
        den = 1
        for v in (*p, *q):
            den = den * v.denominator // gcd(den, v.denominator)
        return Witness(int(p[0] * den), int(p[1] * den), int(q[0] * den), int(q[1] * den), den)


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


class Blocking(Protocol):
    """What `_touched` asks of barriers: whether an edge or a grid point is among them (`Barriers`, or the
    set of every edge and point that lists everything a segment touches)."""

    @property
    def vertical(self) -> Container[tuple[int, int]]:
        """The blocking vertical edges, by (x, y)."""
        ...

    @property
    def horizontal(self) -> Container[tuple[int, int]]:
        """The blocking horizontal edges, by (x, y)."""
        ...

    @property
    def points(self) -> Container[tuple[int, int]]:
        """The grid points at the end of a blocking edge."""
        ...


def _clear_scaled(b: Barriers, px: int, py: int, qx: int, qy: int, den: int) -> bool:
    """`segment_clear` on points given as integer numerators over a common denominator."""
    return next(_touched(b, px, py, qx, qy, den), None) is None


def _touched(b: Blocking, px: int, py: int, qx: int, qy: int, den: int) -> Iterator[tuple[str, int, int]]:
    """The barriers the closed segment touches: ("v", x, y) and ("h", x, y) for edges it crosses or runs
    along, ("p", x, y) for barrier end points it passes through.  Points are integer numerators over
    a common denominator `den`."""
    if qx == px:
        return _touched_upright(b, px, py, qy, den)
    if qy == py:
        return _touched_flat(b, py, px, qx, den)
    return _touched_slanted(b, px, py, qx, qy, den)


def _touched_upright(b: Blocking, px: int, py: int, qy: int, den: int) -> Iterator[tuple[str, int, int]]:
    """`_touched` for a segment along x = px, from y = py to y = qy."""
    vert, horiz, pts = b.vertical, b.horizontal, b.points
    ylo, yhi = min(py, qy), max(py, qy)
    ky0, ky1 = -((-ylo) // den), yhi // den
    if px % den == 0:  # runs along the vertical line x = k
        k = px // den
        for j in range(ylo // den - 1, yhi // den + 1):
            if (k, j) in vert and j * den <= yhi and (j + 1) * den >= ylo:
                yield ("v", k, j)
        for j in range(ky0, ky1 + 1):
            if (k, j) in pts:
                yield ("p", k, j)
        return
    i = px // den
    for j in range(ky0, ky1 + 1):
        if (i, j) in horiz:
            yield ("h", i, j)


def _touched_flat(b: Blocking, py: int, px: int, qx: int, den: int) -> Iterator[tuple[str, int, int]]:
    """`_touched` for a segment along y = py, from x = px to x = qx."""
    vert, horiz, pts = b.vertical, b.horizontal, b.points
    xlo, xhi = min(px, qx), max(px, qx)
    kx0, kx1 = -((-xlo) // den), xhi // den
    if py % den == 0:  # runs along the horizontal line y = j
        j = py // den
        for i in range(xlo // den - 1, xhi // den + 1):
            if (i, j) in horiz and i * den <= xhi and (i + 1) * den >= xlo:
                yield ("h", i, j)
        for i in range(kx0, kx1 + 1):
            if (i, j) in pts:
                yield ("p", i, j)
        return
    j = py // den
    for i in range(kx0, kx1 + 1):
        if (i, j) in vert:
            yield ("v", i, j)


def _touched_slanted(b: Blocking, px: int, py: int, qx: int, qy: int, den: int) -> Iterator[tuple[str, int, int]]:
    """`_touched` in general position: the crossing of every grid line inside the segment's span."""
    vert, horiz, pts = b.vertical, b.horizontal, b.points
    kx0, kx1 = -((-min(px, qx)) // den), max(px, qx) // den
    ky0, ky1 = -((-min(py, qy)) // den), max(py, qy) // den
    dx, dy = qx - px, qy - py
    # Crossing x = k: y = (py*dx + (k*den - px)*dy) / (den*dx), as a fraction num/dd.
    sdx = 1 if dx > 0 else -1
    for k in range(kx0, kx1 + 1):
        num = (py * dx + (k * den - px) * dy) * sdx
        dd = den * dx * sdx
        j, rem = divmod(num, dd)
        if rem == 0:
            if (k, j) in pts:
                yield ("p", k, j)
        elif (k, j) in vert:
            yield ("v", k, j)
    sdy = 1 if dy > 0 else -1
    for j in range(ky0, ky1 + 1):
        num = (px * dy + (j * den - py) * dx) * sdy
        dd = den * dy * sdy
        i, rem = divmod(num, dd)
        if rem != 0 and (i, j) in horiz:
            yield ("h", i, j)


# ----------------------------------------------------------------------------------------------
# A quick proof that two spaces cannot see each other


def _orient(o: tuple[int, int], a: tuple[int, int], c: tuple[int, int]) -> int:
    v = (a[0] - o[0]) * (c[1] - o[1]) - (a[1] - o[1]) * (c[0] - o[0])
    return (v > 0) - (v < 0)


def _segments_meet(p: tuple[int, int], q: tuple[int, int], a: tuple[int, int], c: tuple[int, int]) -> bool:
    """Whether two closed segments with integer ends share a point."""
    o1, o2, o3, o4 = _orient(p, q, a), _orient(p, q, c), _orient(a, c, p), _orient(a, c, q)
    if o1 != o2 and o3 != o4:
        return True

    def on(s: tuple[int, int], t: tuple[int, int], r: tuple[int, int]) -> bool:
        return min(s[0], t[0]) <= r[0] <= max(s[0], t[0]) and min(s[1], t[1]) <= r[1] <= max(s[1], t[1])

    return (o1 == 0 and on(p, q, a)) or (o2 == 0 and on(p, q, c)) or (o3 == 0 and on(a, c, p)) or (
        o4 == 0 and on(a, c, q)
    )


def _bridges(a: Rect, d: Rect) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The two sides of the convex hull of two disjoint, non-touching rectangles that run from one to
    the other (the shortest such segment where corners are collinear)."""
    ca, cd = rect_corners(a), rect_corners(d)
    every = ca + cd
    best: dict[int, tuple[int, tuple[int, int], tuple[int, int]]] = {}
    for p in ca:
        for q in cd:
            vx, vy = q[0] - p[0], q[1] - p[1]
            side = 0
            for r in every:
                sv = vx * (r[1] - p[1]) - vy * (r[0] - p[0])
                if sv:
                    sg = 1 if sv > 0 else -1
                    if side == 0:
                        side = sg
                    elif sg != side:
                        side = 2
                        break
            if side in (1, -1):
                length = vx * vx + vy * vy
                if side not in best or length < best[side][0]:
                    best[side] = (length, p, q)
    return [(best[k][1], best[k][2]) for k in (1, -1)]


def _back_edges(r: Rect, other: Rect) -> set[tuple[str, int, int]]:
    """Unit edges along the sides of r that face away from `other` (none of its corners lies strictly
    beyond the side's line): they lie on the hull's boundary, not between the two spaces."""
    oc = rect_corners(other)
    out: set[tuple[str, int, int]] = set()
    if not any(c[0] < r[0] for c in oc):
        out.update(("v", r[0], y) for y in range(r[1], r[3]))
    if not any(c[0] > r[2] for c in oc):
        out.update(("v", r[2], y) for y in range(r[1], r[3]))
    if not any(c[1] < r[1] for c in oc):
        out.update(("h", x, r[1]) for x in range(r[0], r[2]))
    if not any(c[1] > r[3] for c in oc):
        out.update(("h", x, r[3]) for x in range(r[0], r[2]))
    return out


def _inside_open(e: tuple[str, int, int], r: Rect) -> bool:
    """Whether the edge's inside lies in the open rectangle (a wall through a space)."""
    axis, x, y = e
    if axis == "v":
        return r[0] < x < r[2] and r[1] <= y < r[3]
    return r[1] < y < r[3] and r[0] <= x < r[2]


class _Everything:
    """A set holding every grid edge and point: `_touched` over it lists all a segment touches."""

    def __contains__(self, item: object) -> bool:
        return True


class _Everywhere:
    vertical = horizontal = points = _Everything()


_EVERYWHERE = _Everywhere()


@dataclass
class SightMemo:
    """What line-of-sight searches on one set of barriers can share: each barrier edge's straight run
    (the longest straight line of barriers it belongs to) and the hull bridges of each shape of pair
    (they depend only on the spaces' sizes and offset, not on where the pair stands)."""

    runs: dict[tuple[str, int, int], tuple[tuple[int, int], tuple[int, int]]]
    bridges: dict[tuple[int, int, int, int, int, int], list[tuple[tuple[int, int], tuple[int, int]]]] = field(
        default_factory=dict)
    # The barriers as bit masks (bit y*wide + x for edge (x, y) or grid point (x, y)) and, per segment
    # relative to its lower-left square, the masks of every edge and point it touches: a segment's
    # test is then three ANDs, shared by every segment that is a whole-square shift of it.
    wide: int = 0
    masks: tuple[int, int, int] = (0, 0, 0)
    segments: dict[tuple[int, int, int, int, int], list[int] | None] = field(default_factory=dict)

    @staticmethod
    def of(b: Barriers, width: int = 0) -> "SightMemo":
        """Find the straight runs of a set of barriers and lay them out as masks (`width`: the map's)."""
        runs: dict[tuple[str, int, int], tuple[tuple[int, int], tuple[int, int]]] = {}
        for x, y in b.vertical:
            if ("v", x, y) not in runs:
                y0, y1 = y, y + 1
                while (x, y0 - 1) in b.vertical:
                    y0 -= 1
                while (x, y1) in b.vertical:
                    y1 += 1
                for k in range(y0, y1):
                    runs[("v", x, k)] = ((x, y0), (x, y1))
        for x, y in b.horizontal:
            if ("h", x, y) not in runs:
                x0, x1 = x, x + 1
                while (x0 - 1, y) in b.horizontal:
                    x0 -= 1
                while (x1, y) in b.horizontal:
                    x1 += 1
                for k in range(x0, x1):
                    runs[("h", k, y)] = ((x0, y), (x1, y))
        every = [*b.vertical, *b.horizontal, *b.points]
        if any(x < 0 or y < 0 for x, y in every):
            return SightMemo(runs)  # wide 0: every segment takes `_clear_scaled`
        wide = max([width, *(x for x, _ in every)]) + 2
        vertical, horizontal, points = (sum(1 << (y * wide + x) for x, y in group)
                                        for group in (b.vertical, b.horizontal, b.points))
        return SightMemo(runs, wide=wide, masks=(vertical, horizontal, points))

    def clear(self, b: Barriers, px: int, py: int, qx: int, qy: int, den: int) -> bool:
        """`_clear_scaled(b, ...)` for the same barriers, from the segment's shape when it has one."""
        hits = self.hits(px, py, qx, qy, den)
        if hits is None:
            return _clear_scaled(b, px, py, qx, qy, den)
        return not (hits[0] or hits[1] or hits[2])

    def hits(self, px: int, py: int, qx: int, qy: int, den: int) -> tuple[int, int, int] | None:
        """The barriers the segment touches, as masks of vertical edges, horizontal edges and points; None
        when the segment has no shape yet or cannot have one (an end on a grid line, or off the masks).
        With both ends off the grid lines, everything it touches lies within the squares its ends span."""
        ox, oy = min(px, qx) // den, min(py, qy) // den
        if (ox < 0 or oy < 0 or not px % den or not py % den or not qx % den or not qy % den
                or max(px, qx) // den + 1 >= self.wide):
            return None
        key = (px - ox * den, py - oy * den, qx - ox * den, qy - oy * den, den)
        shape = self.segments.get(key)
        if shape is None:
            # Listing all a segment touches costs a few direct tests: shape it from its second use.
            if key not in self.segments:
                self.segments[key] = None
                return None
            shape = [0, 0, 0]
            for kind, x, y in _touched(_EVERYWHERE, *key):
                shape["vhp".index(kind)] |= 1 << (y * self.wide + x)
            self.segments[key] = shape
        at = oy * self.wide + ox
        v, h, p = self.masks
        return (v & shape[0] << at, h & shape[1] << at, p & shape[2] << at)

    def features(self, hits: tuple[int, int, int]) -> Iterator[tuple[str, int, int]]:
        """The barriers in masks from `hits`, as `_touched` names them."""
        for kind, bits in zip("vhp", hits):
            while bits:
                low = bits & -bits
                y, x = divmod(low.bit_length() - 1, self.wide)
                yield (kind, x, y)
                bits ^= low

    def bridges_of(self, a: Rect, d: Rect) -> list[tuple[tuple[int, int], tuple[int, int]]]:
        """`_bridges(a, d)`, computed once per shape of pair."""
        ox, oy = a[0], a[1]
        key = (a[2] - ox, a[3] - oy, d[0] - ox, d[1] - oy, d[2] - ox, d[3] - oy)
        rel = self.bridges.get(key)
        if rel is None:
            rel = self.bridges[key] = _bridges((0, 0, key[0], key[1]), key[2:])
        return [((p[0] + ox, p[1] + oy), (q[0] + ox, q[1] + oy)) for p, q in rel]


def _edges_at(b: Barriers, x: int, y: int) -> list[tuple[str, int, int]]:
    """The barrier edges that end at grid point (x, y)."""
    return [e for e in (("v", x, y - 1), ("v", x, y), ("h", x - 1, y), ("h", x, y))
            if (e[1], e[2]) in (b.vertical if e[0] == "v" else b.horizontal)]


def _crosses_inside(s0: tuple[int, int], s1: tuple[int, int], l0: tuple[int, int], l1: tuple[int, int]) -> bool:
    """Whether closed segment s meets segment l at a point strictly between l's ends."""
    o3, o4 = _orient(s0, s1, l0), _orient(s0, s1, l1)
    return o3 * o4 < 0 and _orient(l0, l1, s0) * _orient(l0, l1, s1) <= 0


def _run_separates(b: Barriers, a: Rect, d: Rect, memo: SightMemo,
                   touched: Iterable[tuple[str, int, int]] | None = None) -> bool:
    """True when one straight run of barriers touched by the centre-to-centre segment crosses both hull
    bridges strictly between their ends (and enters neither space): inside the hull it is then a chord
    with a on one side and d on the other, so every segment between them touches it.  False means
    "not proved".  `touched`: what that segment touches, when already known."""
    (l0, l1), (r0, r1) = memo.bridges_of(a, d)
    tried: set[tuple[tuple[int, int], tuple[int, int]]] = set()
    if touched is None:
        touched = _touched(b, a[0] + a[2], a[1] + a[3], d[0] + d[2], d[1] + d[3], 2)
    for t in touched:
        edges = _edges_at(b, t[1], t[2]) if t[0] == "p" else [t]
        for e in edges:
            s0, s1 = run = memo.runs[e]
            if run in tried:
                continue
            tried.add(run)
            if _run_enters(s0, s1, a) or _run_enters(s0, s1, d):
                continue
            if _crosses_inside(s0, s1, l0, l1) and _crosses_inside(s0, s1, r0, r1):
                return True
    return False


def _run_enters(s0: tuple[int, int], s1: tuple[int, int], r: Rect) -> bool:
    """Whether an axis-parallel segment meets the open rectangle r."""
    if s0[0] == s1[0]:
        return r[0] < s0[0] < r[2] and s0[1] < r[3] and s1[1] > r[1]
    return r[1] < s0[1] < r[3] and s0[0] < r[2] and s1[0] > r[0]


def _separated(b: Barriers, a: Rect, d: Rect, memo: SightMemo | None = None) -> bool:
    """True when a connected set of barriers between two non-touching spaces joins the two sides of
    their hull that run from one space to the other: every segment from inside a to inside d must
    then touch it (a connected set joining two opposite sides of a disk meets every path between the
    other two sides).  False means "not proved", never "visible".

    The search starts from the barriers the centre-to-centre segment touches (a separating set must
    touch it) and follows barriers that meet at grid points inside the hull.
    """
    hull = _hull(rect_corners(a) + rect_corners(d))
    (l0, l1), (r0, r1) = memo.bridges_of(a, d) if memo is not None else _bridges(a, d)
    skip = _back_edges(a, d) | _back_edges(d, a)

    starts: list[tuple[str, int, int]] = []
    for t in _touched(b, a[0] + a[2], a[1] + a[3], d[0] + d[2], d[1] + d[3], 2):
        starts.extend(_edges_at(b, t[1], t[2]) if t[0] == "p" else [t])
    seen: set[tuple[str, int, int]] = set()
    for start in starts:  # one component at a time: it must join both sides by itself
        if start in seen:
            continue
        seen.add(start)
        todo = [start]
        on_l = on_r = False
        while todo:
            e = todo.pop()
            if e in skip or _inside_open(e, a) or _inside_open(e, d):
                continue
            axis, x, y = e
            e0, e1 = ((x, y), (x, y + 1)) if axis == "v" else ((x, y), (x + 1, y))
            on_l = on_l or _segments_meet(e0, e1, l0, l1)
            on_r = on_r or _segments_meet(e0, e1, r0, r1)
            if on_l and on_r:
                return True
            for pt in (e0, e1):
                if _in_closed_hull(hull, pt):
                    for nxt in _edges_at(b, *pt):
                        if nxt not in seen:
                            seen.add(nxt)
                            todo.append(nxt)
    return False


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
    def pt(t: Fraction) -> FPoint:
        return (m[0] + t * dirn[0], m[1] + t * dirn[1])
    if not segment_clear(b, pt(t_exit), pt(t_enter)):
        return None
    # Step a little way into each space; halve until the longer segment is still clear.
    step_a = (ta_in - t_exit) / 2
    step_d = (td_in - t_enter) / 2
    for _ in range(64):
        p, q = pt(t_exit + step_a), pt(t_enter + step_d)
        if segment_clear(b, p, q):
            return Witness.between(p, q)
        step_a /= 2
        step_d /= 2
    return None


def _hull(points: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """Convex hull (counter-clockwise, no collinear points) of integer points."""
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts

    def cross(o: tuple[float, float], a: tuple[float, float], c: tuple[float, float]) -> float:
        return (a[0] - o[0]) * (c[1] - o[1]) - (a[1] - o[1]) * (c[0] - o[0])

    lower: list[tuple[int, int]] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[tuple[int, int]] = []
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


def _touching_unit_squares(b: Barriers, a: Rect, d: Rect) -> Witness | None:
    """Sight between two unit squares sharing an edge or a corner, decided locally.

    Across a shared edge every segment crosses that edge's inside (and nothing else on a grid line),
    so there is sight exactly when the edge is open.  Across a shared corner a segment passes the
    corner point or one of the two squares beside it, crossing two edges that meet at the corner; there
    is sight exactly when both edges of one of those two routes are open.
    """
    (ax, ay), (dx, dy) = (a[0], a[1]), (d[0], d[1])
    if ax == dx or ay == dy:  # a shared edge
        if ax == dx:
            blocked = (ax, max(ay, dy)) in b.horizontal
        else:
            blocked = (max(ax, dx), ay) in b.vertical
        if blocked:
            return None
        return Witness(2 * ax + 1, 2 * ay + 1, 2 * dx + 1, 2 * dy + 1, 2)
    cx, cy = max(ax, dx), max(ay, dy)  # the shared corner
    sx, sy = dx - ax, dy - ay  # the diagonal direction from a to d (each +1 or -1)
    # Route 1 steps in x first (through the square beside a in x), route 2 in y first.
    for bx, by in ((ax + sx, ay), (ax, ay + sy)):
        e1 = ("v", cx, by) if bx != ax else ("h", bx, cy)  # a -> beside
        e2 = ("h", bx, cy) if bx != ax else ("v", cx, by)  # beside -> d
        if (e1[1], e1[2]) in (b.vertical if e1[0] == "v" else b.horizontal):
            continue
        if (e2[1], e2[2]) in (b.vertical if e2[0] == "v" else b.horizontal):
            continue
        # A diagonal segment through a point of the square beside, 1/8 from the corner: it crosses
        # the two open edges 1/4 from the corner and ends inside a and inside d.
        k = 1 if bx != ax else -1
        mx, my = 8 * cx + k * sx, 8 * cy - k * sy  # in eighths
        return Witness(mx - 2 * sx, my - 2 * sy, mx + 2 * sx, my + 2 * sy, 8)
    return None


def _inset_points(r: Rect, den: int, ins: tuple[int, ...]) -> list[tuple[int, int]]:
    """Points inside a space at the fractions ins/den of its width and height, as numerators over den."""
    return [(den * r[0] + (r[2] - r[0]) * i, den * r[1] + (r[3] - r[1]) * j) for i in ins for j in ins]


def find_line_of_sight(b: Barriers, a: Rect, d: Rect, memo: SightMemo | None = None) -> Witness | None:
    """A clear segment between the insides of spaces a and d, or None when there is none.

    `memo` (from `SightMemo.of(b)`) saves work shared by many queries on the same barriers.

    The cheap tests come first, in the order that settles most pairs soonest: the centres' segment, one
    straight wall across the pair's hull, segments between points just inside each space's corners
    (they pass closest to the wall ends that make the views that remain), the full separation search,
    more sample segments, and last the exhaustive search over critical lines, which alone is
    complete."""
    if a[2] - a[0] == 1 == d[2] - d[0] and a[3] - a[1] == 1 == d[3] - d[1] and touching(a, d) and a != d:
        return _touching_unit_squares(b, a, d)
    if memo is None:
        memo = SightMemo.of(b)
    # Most pairs are settled by the segment between the centres (in halves, integers only).
    centres = (a[0] + a[2], a[1] + a[3], d[0] + d[2], d[1] + d[3], 2)
    hits = memo.hits(*centres)
    if centres[:2] == centres[2:4] or (_clear_scaled(b, *centres) if hits is None else not any(hits)):
        return Witness(*centres)
    if not touching(a, d) and _run_separates(b, a, d, memo, None if hits is None else memo.features(hits)):
        return None
    # Points 1/16 in from each corner: a segment between two of them passes just beside a wall's end.
    for px, py in _inset_points(a, 16, (1, 15)):
        for qx, qy in _inset_points(d, 16, (1, 15)):
            if memo.clear(b, px, py, qx, qy, 16):
                return Witness(px, py, qx, qy, 16)
    if not touching(a, d) and _separated(b, a, d, memo):
        return None
    # Closer still to the corners (1/64 in), then points a quarter of the way in: between them they
    # find nearly every view left before the exhaustive search.
    for den, ins in ((64, (1, 63)), (4, (1, 3))):
        for px, py in _inset_points(a, den, ins):
            for qx, qy in _inset_points(d, den, ins):
                if _clear_scaled(b, px, py, qx, qy, den):
                    return Witness(px, py, qx, qy, den)
    return _exhaustive_witness(b, a, d, memo)


def _exhaustive_witness(b: Barriers, a: Rect, d: Rect, memo: SightMemo) -> Witness | None:
    """The complete search: every line through two critical points that meets both spaces, each tried
    with the small shifts that find a clear segment beside it."""
    pts = _critical_points(b, a, d)
    span = (max(a[2], d[2]) - min(a[0], d[0])) + (max(a[3], d[3]) - min(a[1], d[1]))
    seen: set[tuple[int, int, int]] = set()
    blockers = _Blockers(memo)
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
            w = _perturbed_witness(b, a, d, pts, p1, dv, span, blockers)
            if w is not None:
                return w
    return None


def _perturbed_witness(
    b: Barriers, a: Rect, d: Rect, pts: list[tuple[int, int]], p1: tuple[int, int], dv: tuple[int, int], span: int,
    blockers: "_Blockers | None" = None,
) -> Witness | None:
    """Test the lines just beside the critical line through p1 with direction dv.

    Each candidate line is first tested in integers (`_gap_clear`); only a line that passes builds its
    witness with exact fractions (`_line_witness`), so the answers are those of the fraction code.
    """
    norm2 = dv[0] * dv[0] + dv[1] * dv[1]
    q = 2 * norm2  # parameters along the line, in units of dv, are numerators over q
    on_line = sorted(
        {
            2 * ((p[0] - p1[0]) * dv[0] + (p[1] - p1[1]) * dv[1])
            for p in pts
            if dv[0] * (p[1] - p1[1]) - dv[1] * (p[0] - p1[0]) == 0
        }
    )
    pivots = [on_line[0] - q] + [(s + t) // 2 for s, t in zip(on_line, on_line[1:])] + [on_line[-1] + q]
    # A rotation small enough that no critical point off the line changes side (each is at least
    # 1/|dv| away from it, and |cross(normal, P - pivot)| <= |dv|_1 * (span + 2|dv|_1)): by 1/e.
    l1 = abs(dv[0]) + abs(dv[1])
    e = 2 * l1 * (span + 2 * l1 + 2) + 2
    for sigma in pivots:
        mx, my = p1[0] * q + sigma * dv[0], p1[1] * q + sigma * dv[1]  # the pivot, over q
        for sign in (1, -1):
            dx, dy = e * dv[0] - sign * dv[1], e * dv[1] + sign * dv[0]  # the rotated direction, scaled by e
            if _gap_clear(b, a, d, mx, my, q, dx, dy, blockers):
                w = _line_witness(b, a, d, (Fraction(mx, q), Fraction(my, q)), (Fraction(dx), Fraction(dy)))
                if w is not None:
                    return w
    return None


def _chord(r: Rect, mx: int, my: int, q: int, dx: int, dy: int) -> tuple[int, int, int, int] | None:
    """The open parameter interval where (mx, my)/q + t*(dx, dy) is strictly inside r, as
    (lo numerator, lo denominator, hi numerator, hi denominator), denominators positive; integers only."""
    lo_n, lo_d, hi_n, hi_d = None, 1, None, 1
    for v0, v1, m, dc in ((r[0], r[2], mx, dx), (r[1], r[3], my, dy)):
        den = q * dc
        n0, n1 = v0 * q - m, v1 * q - m
        if den < 0:
            n0, n1, den = -n0, -n1, -den
        if n0 > n1:
            n0, n1 = n1, n0
        if lo_n is None or n0 * lo_d > lo_n * den:
            lo_n, lo_d = n0, den
        if hi_n is None or n1 * hi_d < hi_n * den:
            hi_n, hi_d = n1, den
    assert lo_n is not None and hi_n is not None
    return (lo_n, lo_d, hi_n, hi_d) if lo_n * hi_d < hi_n * lo_d else None


@dataclass
class _Blockers:
    """The straight runs of barriers that blocked the latest lines of one search, latest first: the
    lines beside one pair of spaces are mostly blocked by the same few walls, and a run is quicker to
    test than the grid lines a long segment crosses."""

    memo: SightMemo
    runs: list[tuple[tuple[int, int], tuple[int, int]]] = field(default_factory=list)

    def block(self, x1: int, y1: int, x2: int, y2: int, den: int) -> bool:
        """Whether a known run touches the segment (numerators over den)."""
        for (r0x, r0y), (r1x, r1y) in self.runs:
            if _segments_meet((x1, y1), (x2, y2), (r0x * den, r0y * den), (r1x * den, r1y * den)):
                return True
        return False

    def learn(self, b: Barriers, feature: tuple[str, int, int]) -> None:
        """Put the run of a barrier the last segment touched first."""
        kind, x, y = feature
        edge = _edges_at(b, x, y)[0] if kind == "p" else feature  # a barrier's end: any edge there
        run = self.memo.runs[edge]
        if run in self.runs:
            self.runs.remove(run)
        self.runs.insert(0, run)
        del self.runs[6:]


def _gap_clear(b: Barriers, a: Rect, d: Rect, mx: int, my: int, q: int, dx: int, dy: int,
               blockers: _Blockers | None = None) -> bool:
    """Whether the line meets the inside of both spaces and the segment between them touches no barrier
    (the integer form of the test `_line_witness` starts with).  The direction never has a zero part.
    `blockers` are runs to try first, and learn from what blocks this segment."""
    ca = _chord(a, mx, my, q, dx, dy)
    if ca is None:
        return False
    cd = _chord(d, mx, my, q, dx, dy)
    if cd is None:
        return False
    if ca[2] * cd[1] <= cd[0] * ca[3]:  # a's chord ends before d's begins
        (n1, d1), (n2, d2) = (ca[2], ca[3]), (cd[0], cd[1])
    elif cd[2] * ca[1] <= ca[0] * cd[3]:
        (n1, d1), (n2, d2) = (ca[0], ca[1]), (cd[2], cd[3])
    else:
        return True  # the spaces overlap along the line: leave it to the fraction code
    # Points (m/q + t*D) at t = n1/d1 and t = n2/d2, over the common denominator q*d1*d2.
    x1, y1 = (mx * d1 + n1 * dx * q) * d2, (my * d1 + n1 * dy * q) * d2
    x2, y2 = (mx * d2 + n2 * dx * q) * d1, (my * d2 + n2 * dy * q) * d1
    if blockers is None:
        return _clear_scaled(b, x1, y1, x2, y2, q * d1 * d2)
    if blockers.block(x1, y1, x2, y2, q * d1 * d2):
        return False
    hit = next(_touched(b, x1, y1, x2, y2, q * d1 * d2), None)
    if hit is None:
        return True
    blockers.learn(b, hit)
    return False
