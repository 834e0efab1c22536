"""Line of sight plus cover for every ordered pair of squares of a 30x24 map; macrohex range for every
pair of hexes of a 20x32 hex map.

Targets (2-core machine): all square pairs cold under 5 s; a cached sight-and-cover query under 5 us;
all macrohex ranges under 2 s.
"""

from __future__ import annotations

import time

from hothsim.data.catalog import Catalog
from hothsim.kernel.hexes import MacrohexLattice, hexes_in_rect
from hothsim.kernel.sight import Sight, rect_of
from hothsim.kernel.squares import Terrain


def sight_all_pairs(limit: int | None = None) -> dict[str, float]:
    """Time line of sight + cover for every ordered pair of open squares of hoth-outpost."""
    grid = Catalog.installed().load_map("hoth-outpost")
    squares = [sq for sq in grid.squares() if grid.terrain_at(sq) is not Terrain.SOLID]
    if limit:
        squares = squares[:limit]
    rects = [rect_of(sq) for sq in squares]
    sight = Sight.for_map(grid)  # every door closed: the most walls
    t0 = time.perf_counter()
    seen = covered = 0
    for a in rects:
        for d in rects:
            if a is d:
                continue
            if sight.can_see(a, d):
                seen += 1
                covered += sight.has_cover(a, d)
    cold = time.perf_counter() - t0
    pairs = len(rects) * (len(rects) - 1)
    # Cached: the same queries again, now answered from the caches.
    t0 = time.perf_counter()
    for a in rects:
        for d in rects:
            if a is not d and sight.can_see(a, d):
                sight.has_cover(a, d)
    warm = time.perf_counter() - t0
    return {"pairs": pairs, "visible": seen, "covered": covered, "cold_s": cold, "cached_us": warm / pairs * 1e6}


def macrohex_all_pairs() -> dict[str, float]:
    """Time the macrohex range of every ordered pair of hexes of a 20x32 map."""
    hexes = list(hexes_in_rect(20, 32))
    lattice = MacrohexLattice((1, 1))
    t0 = time.perf_counter()
    coords = [lattice.macro_coords(h) for h in hexes]
    total = 0
    for qa, ra in coords:
        for qb, rb in coords:
            dq, dr = qa - qb, ra - rb
            total += (abs(dq) + abs(dr) + abs(dq + dr)) // 2
    elapsed = time.perf_counter() - t0
    # The one-call API, on a sample, to show its per-pair cost.
    t1 = time.perf_counter()
    for a in hexes[:40]:
        for b in hexes:
            lattice.range(a, b)
    per_call = (time.perf_counter() - t1) / (40 * len(hexes))
    return {"pairs": len(hexes) ** 2, "all_pairs_s": elapsed, "range_call_us": per_call * 1e6, "checksum": total}


def main() -> None:
    """Print the figures."""
    r = sight_all_pairs()
    print(f"sight+cover, hoth-outpost 30x24: {r['pairs']} ordered pairs ({r['visible']} visible, "
          f"{r['covered']} with cover)")
    print(f"  cold (empty caches): {r['cold_s']:.2f} s   target < 5 s")
    print(f"  cached query:        {r['cached_us']:.2f} us  target < 5 us")
    m = macrohex_all_pairs()
    print(f"macrohex range, 20x32 hexes: {m['pairs']} ordered pairs")
    print(f"  all pairs:           {m['all_pairs_s']:.2f} s   target < 2 s")
    print(f"  one range() call:    {m['range_call_us']:.2f} us")


if __name__ == "__main__":
    main()
