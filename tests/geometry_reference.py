"""Slow, independent geometry used to check the sight kernel (plain orientation tests on Fractions)."""

from __future__ import annotations

from fractions import Fraction

from hothsim.kernel.squares import Barriers


def _orient(a, b, c) -> int:
    v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (v > 0) - (v < 0)


def _on_segment(a, b, p) -> bool:
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def segments_touch(p, q, a, b) -> bool:
    """Whether closed segments pq and ab share any point."""
    o1, o2, o3, o4 = _orient(p, q, a), _orient(p, q, b), _orient(a, b, p), _orient(a, b, q)
    if o1 != o2 and o3 != o4:
        return True
    return (
        (o1 == 0 and _on_segment(p, q, a))
        or (o2 == 0 and _on_segment(p, q, b))
        or (o3 == 0 and _on_segment(a, b, p))
        or (o4 == 0 and _on_segment(a, b, q))
    )


def wall_segments(b: Barriers):
    """Every blocking edge as a pair of end points."""
    for x, y in b.vertical:
        yield (x, y), (x, y + 1)
    for x, y in b.horizontal:
        yield (x, y), (x + 1, y)


def clear(b: Barriers, p, q) -> bool:
    """The segment touches no barrier at all."""
    return not any(segments_touch(p, q, a, c) for a, c in wall_segments(b))


def inside(rect, p) -> bool:
    """Strictly inside the rectangle."""
    return rect[0] < p[0] < rect[2] and rect[1] < p[1] < rect[3]


def sample_points(rect, n: int):
    """An n x n lattice of rational points strictly inside the rectangle, plus a few odd ones."""
    w, h = rect[2] - rect[0], rect[3] - rect[1]
    pts = [(rect[0] + Fraction(i * w, n + 1), rect[1] + Fraction(j * h, n + 1)) for i in range(1, n + 1) for j in range(1, n + 1)]
    pts += [(rect[0] + Fraction(w, 97), rect[1] + Fraction(h * 96, 97)), (rect[0] + Fraction(w * 96, 97), rect[1] + Fraction(h, 97))]
    return pts


def brute_force_sight(b: Barriers, a, d, n: int = 7) -> bool:
    """Whether some sampled pair of interior points has a clear segment."""
    pa, pd = sample_points(a, n), sample_points(d, n)
    walls = list(wall_segments(b))
    for p in pa:
        for q in pd:
            if not any(segments_touch(p, q, s, t) for s, t in walls):
                return True
    return False
