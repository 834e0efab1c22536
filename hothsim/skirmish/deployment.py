"""Setting up (rulebook, "Setup"): the squares of its side's zone where a character may be set up, and
the positions a scenario fixes for every character, checked before round 1 begins."""

from __future__ import annotations

from hothsim.kernel.squares import Square, SquareMap, Terrain, space_of, square_label
from hothsim.kernel.values import replace
from hothsim.skirmish.movement import mover_for
from hothsim.skirmish.state import Figure, GameState


def placements(grid: SquareMap, zone: frozenset[Square], s: GameState, f: Figure) -> list[Square]:
    """The anchors in `zone` where `f` may be set up: its whole space in the zone, on open ground (no pit,
    no solid rock, no wall inside a big figure's space) and on no character already set up."""
    taken = {sq for g in s.figures if g.pos is not None for sq in g.space()}
    barriers = grid.barriers()
    out = []
    for sq in sorted(zone):
        space = space_of(sq, f.size)
        if any(p not in zone or p in taken or grid.terrain_at(p) in (Terrain.PIT, Terrain.SOLID) for p in space):
            continue
        if f.size > 1 and not mover_for(s, f)._space_fits(grid, barriers, sq):
            continue
        out.append(sq)
    return out


def fixed_positions(grid: SquareMap, s: GameState, positions: dict[str, Square]) -> GameState | tuple[str, str]:
    """Every figure set up where a scenario fixes it (anywhere it fits, not only in the zones), or
    (figure, problem) for the first position that cannot be used."""
    barriers = grid.barriers()
    taken: set[Square] = set()
    for f in s.figures:
        if f.id not in positions:
            return f.id, "has no position (a scenario fixes every figure's position or none)"
    for fid in positions:
        try:
            s.fig(fid)
        except KeyError:
            return fid, f"is not a figure of the squads ({', '.join(f.id for f in s.figures)})"
    for f in s.figures:
        anchor = positions[f.id]
        space = space_of(anchor, f.size)
        if not mover_for(s, f)._space_fits(grid, barriers, anchor):
            return f.id, f"does not fit at {square_label(anchor)} (map edge, solid rock or a wall)"
        if any(grid.terrain_at(p) is Terrain.PIT for p in space):
            return f.id, f"cannot be set up in a pit at {square_label(anchor)}"
        if taken & set(space):
            return f.id, f"would share a square with another character at {square_label(anchor)}"
        taken.update(space)
        s = s.with_figure(replace(f, pos=anchor))
    return s
