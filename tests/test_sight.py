"""Line of sight, adjacency and cover (docs/geometry.md), including the rulebook's diagrams."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from hothsim.kernel.sight import Sight, find_line_of_sight, rect_of, segment_clear
from hothsim.kernel.squares import Barriers, Edge
from tests.geometry_reference import brute_force_sight, clear, inside


def walls(*edges: tuple[str, int, int]) -> Barriers:
    return Barriers.from_edges(Edge(*e) for e in edges)


def vwall(x: int, y0: int, y1: int) -> list[tuple[str, int, int]]:
    """A vertical wall on x from y0 to y1."""
    return [("v", x, y) for y in range(y0, y1)]


def hwall(y: int, x0: int, x1: int) -> list[tuple[str, int, int]]:
    """A horizontal wall on y from x0 to x1."""
    return [("h", x, y) for x in range(x0, x1)]


R = rect_of


# ---------------------------------------------------------------- line of sight


def test_line_of_sight_open_ground_sees_everything():
    s = Sight(walls())
    assert s.can_see(R((0, 0)), R((9, 5)))


def test_line_of_sight_blocked_by_a_wall_between():
    s = Sight(walls(*vwall(3, 0, 6)))
    assert not s.can_see(R((1, 2)), R((5, 2)))
    assert not s.can_see(R((0, 0)), R((5, 5)))


def test_line_of_sight_goes_around_the_end_of_a_wall():
    s = Sight(walls(*vwall(3, 0, 3)))
    assert s.can_see(R((1, 2)), R((5, 4)))


def test_line_of_sight_only_through_a_nicked_corner_is_no_line_of_sight():
    # Two walls meeting at the point (3, 3) in a cross leave only lines through that point.
    b = walls(*vwall(3, 0, 3), *hwall(3, 3, 6), *hwall(3, 0, 3), *vwall(3, 3, 6))
    assert not Sight(b).can_see(R((2, 2)), R((3, 3)))


def test_line_of_sight_running_along_a_wall_does_not_count():
    # A wall along x = 3 between the two squares' only possible lines, which all must cross it.
    b = walls(*vwall(3, 0, 1))
    s = Sight(b)
    # Squares on either side of the wall in the same row: every line crosses x = 3 between y 0 and 1.
    assert not s.can_see(R((2, 0)), R((3, 0)))
    # A line along the wall from (3, 0) to (3, 1) is not inside either square; the squares above see.
    assert s.can_see(R((2, 1)), R((3, 1)))


def test_line_of_sight_through_a_gap_between_two_walls():
    # A one-square gap at y 2..3 in a long wall on x = 4.
    b = walls(*vwall(4, 0, 2), *vwall(4, 3, 8))
    s = Sight(b)
    assert s.can_see(R((0, 2)), R((8, 2)))
    w = s.line_of_sight(R((0, 0)), R((8, 5)))
    assert w is not None and clear(b, w.p, w.q)
    assert not s.can_see(R((0, 7)), R((8, 7)))


def test_line_of_sight_closed_door_blocks_open_door_does_not():
    from hothsim.kernel.squares import SquareMap, Terrain

    door = Edge("v", 2, 0)
    grid = SquareMap("t", "t", 4, 1, ((Terrain.CLEAR,) * 4,), frozenset(), frozenset({door}))
    assert not Sight(grid.barriers()).can_see(R((0, 0)), R((3, 0)))
    assert Sight(grid.barriers(frozenset({door}))).can_see(R((0, 0)), R((3, 0)))


def test_line_of_sight_is_not_blocked_by_low_objects_figures_or_pits():
    # Sight only ever looks at barriers: terrain and figures are not part of them.
    s = Sight(walls(), low_objects=frozenset({(2, 0), (3, 0)}))
    assert s.can_see(R((0, 0)), R((6, 0)))


def test_line_of_sight_large_figures_see_past_a_pillar():
    pillar = [("v", 3, 3), ("v", 4, 3), ("h", 3, 3), ("h", 3, 4)]
    s = Sight(walls(*pillar))
    assert s.can_see(R((0, 2), 2), R((6, 3), 2))


def test_a_big_figure_sees_through_a_gap_only_one_of_its_squares_faces():
    # A wall along x=3 with one gap at 4 < y < 5.  Of a 2x2 figure at (1, 3), only its upper squares reach
    # the gap on a line falling to a target low on the far side; the figure sees the target through them.
    gap = walls(*vwall(3, 0, 4), *vwall(3, 5, 9))
    target = R((7, 0))
    s = Sight(gap)
    assert not s.can_see(R((1, 3)), target) and not s.can_see(R((2, 3)), target)
    assert s.can_see(R((2, 4)), target)
    assert s.can_see(R((1, 3), 2), target) and s.can_see(target, R((1, 3), 2))
    assert not Sight(walls(*vwall(3, 0, 9))).can_see(R((1, 3), 2), target)  # the gap closed
    # Two big figures: only the upper-right square of one and the lower-left square of the other line up.
    assert s.can_see(R((1, 3), 2), R((6, 0), 2)) and s.can_see(R((6, 0), 2), R((1, 3), 2))
    assert find_line_of_sight(gap, R((1, 3), 2), R((6, 0), 2)) is not None


def test_witness_segment_lies_inside_both_spaces_and_is_clear():
    b = walls(*vwall(4, 0, 2), *vwall(4, 3, 8), *hwall(5, 0, 3))
    a, d = R((1, 1)), R((7, 6))
    w = find_line_of_sight(b, a, d)
    assert w is not None
    assert inside(a, w.p) and inside(d, w.q)
    assert clear(b, w.p, w.q) and segment_clear(b, w.p, w.q)


# Random maps: walls on a 7x7 grid, two random spaces.
edge_st = st.tuples(st.sampled_from("vh"), st.integers(0, 7), st.integers(0, 7))
space_st = st.tuples(st.integers(0, 5), st.integers(0, 5), st.sampled_from([1, 1, 1, 2]))


def _disjoint(a, d) -> bool:
    return a[2] <= d[0] or d[2] <= a[0] or a[3] <= d[1] or d[3] <= a[1]


@settings(max_examples=150, deadline=None)
@given(st.lists(edge_st, max_size=14), space_st, space_st)
def test_line_of_sight_agrees_with_brute_force_on_random_maps(edges, sa, sd):
    _agrees_with_brute_force(walls(*edges), sa, sd)


def _agrees_with_brute_force(b, sa, sd) -> None:
    """Every witness is a clear segment inside both spaces, and wherever brute force sees, so does the kernel."""
    a, d = R((sa[0], sa[1]), sa[2]), R((sd[0], sd[1]), sd[2])
    if not _disjoint(a, d):
        return
    w = find_line_of_sight(b, a, d)
    if w is not None:
        assert inside(a, w.p) and inside(d, w.q)
        assert clear(b, w.p, w.q)
    if brute_force_sight(b, a, d, n=5):
        assert w is not None


@settings(max_examples=100, deadline=None)
@given(st.lists(edge_st, max_size=14), space_st, space_st)
def test_line_of_sight_is_symmetric(edges, sa, sd):
    b = walls(*edges)
    a, d = R((sa[0], sa[1]), sa[2]), R((sd[0], sd[1]), sd[2])
    if not _disjoint(a, d):
        return
    assert (find_line_of_sight(b, a, d) is None) == (find_line_of_sight(b, d, a) is None)


# ---------------------------------------------------------------- adjacency


def test_adjacent_shares_an_edge_or_a_corner_and_sees():
    s = Sight(walls())
    assert s.adjacent(R((2, 2)), R((3, 2)))
    assert s.adjacent(R((2, 2)), R((3, 3)))
    assert not s.adjacent(R((2, 2)), R((4, 2)))


def test_not_adjacent_across_a_wall():
    s = Sight(walls(("v", 3, 2)))
    assert not s.adjacent(R((2, 2)), R((3, 2)))


def test_adjacent_diagonally_past_a_wall_end_when_a_line_is_clear():
    # A wall ending at the shared corner does not stop the squares seeing each other.
    s = Sight(walls(*vwall(3, 0, 3)))
    assert s.adjacent(R((2, 2)), R((3, 3)))


# ---------------------------------------------------------------- cover


def test_cover_open_ground_none():
    assert not Sight(walls()).has_cover(R((0, 0)), R((6, 3)))


def test_cover_wall_partly_in_the_way():
    # Rulebook "Cover" diagram (Luke and the Stormtrooper): some lines from every corner go through a
    # wall, so the defender has cover though it can be seen.
    s = Sight(walls(*vwall(4, 0, 3)))
    a, d = R((0, 3)), R((6, 2))
    assert s.can_see(a, d)
    assert s.has_cover(a, d)


def test_cover_corner_gives_a_clear_shot_around_a_corner():
    # Rulebook "Shooting around corners": the attacker beside a wall end shoots past it, no cover.
    s = Sight(walls(*hwall(3, 0, 4)))
    a, d = R((4, 2)), R((2, 5))
    assert s.can_see(a, d)
    assert not s.has_cover(a, d)
    # The other way round the shooter's corners all look past the wall end: cover.
    assert s.can_see(R((2, 5)), R((4, 0)))
    assert s.has_cover(R((2, 5)), R((4, 0)))


def test_cover_from_a_character_in_between():
    # Rulebook "Shooting past characters": Luke shoots through the Rebel Trooper's square.
    s = Sight(walls())
    luke, trooper, storm = R((0, 2)), (3, 2), R((6, 2))
    assert s.has_cover(luke, storm, frozenset({trooper}))
    assert not s.has_cover(luke, storm)


def test_cover_from_low_objects_in_the_defenders_square():
    s = Sight(walls(), low_objects=frozenset({(6, 2)}))
    assert s.has_cover(R((0, 2)), R((6, 2)))


def test_cover_low_objects_in_or_next_to_the_attacker_are_shot_over():
    # Rulebook "Cover from low objects 2": low objects next to the attacker give no cover.
    s = Sight(walls(), low_objects=frozenset({(1, 2), (1, 1), (1, 3), (0, 2)}))
    assert not s.has_cover(R((0, 2)), R((6, 2)))
    # ...but the same low objects do cover a defender standing behind them against a far attacker.
    assert s.has_cover(R((8, 2)), R((0, 2)))


def test_cover_adjacent_enemy_never_has_cover():
    s = Sight(walls(), low_objects=frozenset({(3, 2)}))
    assert not s.has_cover(R((2, 2)), R((3, 2)))
    assert not s.has_cover(R((2, 2)), R((3, 3)), frozenset({(3, 2)}))


def test_cover_touching_a_wall_end_or_running_along_it_gives_no_cover():
    # A wall whose end points at the defender: lines from the chosen corner only touch its end.
    s = Sight(walls(*hwall(2, 0, 3)))
    # Attacker in row 2 (just above y = 2 line? no: squares y=2 are above the wall line y=2).
    a, d = R((0, 2)), R((6, 2))
    assert not s.has_cover(a, d)
    # A wall lying along the line from a corner: corner (1, 2) on y = 2, wall on y = 2 x 0..3 runs along.
    s2 = Sight(walls(*hwall(2, 3, 5)))
    assert not s2.has_cover(R((0, 2)), R((7, 2)))


def test_cover_is_never_doubled():
    # Cover is a yes/no answer; the +4 is applied once by the rules, whatever gives it.
    s = Sight(walls(*vwall(4, 0, 3)), low_objects=frozenset({(6, 2)}))
    assert s.has_cover(R((0, 3)), R((6, 2)), frozenset({(3, 2)})) is True


def test_cover_hologram_left_out_gives_none():
    # The caller leaves a Hologram's square out of `figures`; then it grants nothing.
    s = Sight(walls())
    assert not s.has_cover(R((0, 2)), R((6, 2)), frozenset())


def test_cover_large_attacker_picks_its_best_corner():
    # A Large attacker has 9 corners; one of them looks past the character in between.
    s = Sight(walls())
    assert s.has_cover(R((0, 2)), R((6, 2)), frozenset({(3, 2)}))
    assert not s.has_cover(R((0, 2), 2), R((6, 2)), frozenset({(3, 2)}))


# Long straight walls make the quick "separated" proof fire; brute force must still agree.
long_wall_st = st.tuples(st.sampled_from("vh"), st.integers(0, 8), st.integers(0, 8), st.integers(2, 6))


def _long_walls(specs):
    out = []
    for axis, x, y, n in specs:
        out += [(axis, x, y + i) if axis == "v" else (axis, x + i, y) for i in range(n)]
    return out


@settings(max_examples=150, deadline=None)
@given(st.lists(edge_st, max_size=10), st.lists(long_wall_st, max_size=3), space_st, space_st)
def test_line_of_sight_with_long_walls_agrees_with_brute_force(edges, longs, sa, sd):
    _agrees_with_brute_force(walls(*edges, *_long_walls(longs)), sa, sd)


big_space_st = st.tuples(st.integers(0, 5), st.integers(0, 5), st.sampled_from([1, 2, 2, 3]))


@settings(max_examples=150, deadline=None)
@given(st.lists(edge_st, max_size=10), st.lists(long_wall_st, max_size=2), big_space_st, big_space_st)
def test_line_of_sight_of_a_big_space_is_the_sight_of_any_of_its_squares(edges, longs, sa, sd):
    """A Sight answers for spaces bigger than a square from their squares' answers: the same answer, and
    a witness inside both spaces, as the whole spaces' geometry gives."""
    b = walls(*edges, *_long_walls(longs))
    a, d = R((sa[0], sa[1]), sa[2]), R((sd[0], sd[1]), sd[2])
    if not _disjoint(a, d):
        return
    w = Sight(b).line_of_sight(a, d)
    assert (w is None) == (find_line_of_sight(b, a, d) is None)
    if w is not None:
        assert inside(a, w.p) and inside(d, w.q) and clear(b, w.p, w.q)


def test_line_of_sight_never_through_a_closed_building():
    # A closed room: nothing inside sees anything outside, and the region test says so at once.
    from hothsim.kernel.squares import SquareMap, Terrain

    room = [*hwall(2, 2, 6), *hwall(6, 2, 6), *vwall(2, 2, 6), *vwall(6, 2, 6)]
    grid = SquareMap("t", "t", 9, 9, tuple((Terrain.CLEAR,) * 9 for _ in range(9)),
                     frozenset(Edge(*e) for e in room), frozenset())
    s = Sight.for_map(grid)
    assert not s.can_see(R((3, 3)), R((8, 8)))
    assert not s.can_see(R((3, 3)), R((0, 4)))
    assert s.can_see(R((3, 3)), R((5, 5)))
    assert s.can_see(R((0, 0)), R((8, 1)))
    assert not s.can_see(R((0, 0)), R((8, 8)))  # the room stands across every line between them


def test_sight_through_doors_agrees_with_a_fresh_computation_for_every_door_state():
    """The board consults every-door-closed and every-door-open sight first; the answers must not change."""
    import random

    from hothsim.data.catalog import Catalog
    from hothsim.skirmish.board import Board

    grid = Catalog.installed().load_map("echo-base-interior")
    board = Board(grid)
    doors = sorted(grid.doors)
    rnd = random.Random(4)
    squares = [sq for sq in grid.squares()]
    for _ in range(6):
        open_doors = frozenset(d for d in doors if rnd.random() < 0.5)
        bounded, fresh = board.sight(open_doors), Sight.for_map(grid, open_doors)
        for _ in range(150):
            a, d = R(rnd.choice(squares)), R(rnd.choice(squares))
            assert bounded.can_see(a, d) == fresh.can_see(a, d), (a, d, open_doors)


# ---------------------------------------------------------------- shared shapes agree with the plain computations

point_st = st.tuples(st.integers(1, 7 * 16 - 1), st.integers(1, 7 * 16 - 1))


@settings(max_examples=150, deadline=None)
@given(st.lists(edge_st, max_size=14), point_st, point_st, st.sampled_from([2, 4, 16]))
def test_a_segment_tested_through_its_shape_gives_the_plain_answer(edges, p, q, den):
    from hothsim.kernel.sightlines import SightMemo, _clear_scaled

    b = walls(*edges)
    memo = SightMemo.of(b, 8)
    px, py = p[0] * den // 16, p[1] * den // 16
    qx, qy = q[0] * den // 16, q[1] * den // 16
    plain = _clear_scaled(b, px, py, qx, qy, den)
    assert memo.clear(b, px, py, qx, qy, den) == plain  # first use: the plain test
    assert memo.clear(b, px, py, qx, qy, den) == plain  # later uses: the shape
    shifted = walls(*((k, x + 1, y + 2) for k, x, y in edges))
    assert SightMemo.of(shifted, 9).clear(shifted, px + den, py + 2 * den, qx + den, qy + 2 * den, den) == plain


@settings(max_examples=150, deadline=None)
@given(st.lists(edge_st, max_size=14), st.tuples(st.integers(0, 8), st.integers(0, 8)), space_st)
def test_a_cover_cone_from_its_shape_equals_the_row_scan(edges, c, sd):
    from hothsim.kernel.cover import cone_view

    b = walls(*edges)
    d = R((sd[0], sd[1]), sd[2])
    if d[0] <= c[0] <= d[2] and d[1] <= c[1] <= d[3]:
        return
    s = Sight(b, stride=9)
    assert s.view(c, d) == cone_view(b, c, d, 9)
