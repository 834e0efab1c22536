"""The square grid: labels, movement costs, the corner rule, terrain, allies and enemies, big figures, range."""

from __future__ import annotations

import pytest

from hothsim.kernel.paths import SquareMover, range_between
from hothsim.kernel.squares import Edge, SquareMap, Terrain, column_label, parse_square, space_of, square_label


def make_map(rows: list[str], walls: tuple[Edge, ...] = (), doors: tuple[Edge, ...] = ()) -> SquareMap:
    """A map from rows of terrain symbols (row 1 first)."""
    sym = {".": Terrain.CLEAR, "o": Terrain.LOW, "~": Terrain.DIFFICULT, "t": Terrain.TRENCH, "x": Terrain.PIT, "#": Terrain.SOLID}
    terrain = tuple(tuple(sym[c] for c in r) for r in rows)
    return SquareMap("t", "t", len(rows[0]), len(rows), terrain, frozenset(walls), frozenset(doors))


OPEN = make_map(["." * 9] * 9)


def test_labels_a1_is_the_first_square_and_columns_continue_past_z():
    assert square_label((0, 0)) == "A1"
    assert square_label((25, 9)) == "Z10"
    assert square_label((26, 0)) == "AA1"
    assert square_label((27, 23)) == "AB24"
    assert column_label(701) == "ZZ"
    assert column_label(702) == "AAA"
    for x in range(0, 800, 7):
        assert parse_square(square_label((x, 5))) == (x, 5)
    assert parse_square("c7") == (2, 6)
    with pytest.raises(ValueError):
        parse_square("7C")


def test_spaces_of_medium_large_and_huge_figures():
    assert space_of((2, 3), 1) == ((2, 3),)
    assert len(space_of((2, 3), 2)) == 4
    assert set(space_of((0, 0), 3)) == {(x, y) for x in range(3) for y in range(3)}


def test_movement_orthogonal_step_costs_1_diagonal_costs_2():
    m, b = OPEN, OPEN.barriers()
    mover = SquareMover()
    assert mover.step(m, b, (4, 4), (5, 4)) == 1
    assert mover.step(m, b, (4, 4), (5, 5)) == 2
    reach = mover.reachable(m, b, (4, 4), 6)
    assert reach[(4, 0)] == 4 and reach[(7, 7)] == 6 and (8, 8) not in reach


def test_movement_low_objects_and_difficult_terrain_double_the_step():
    m = make_map([".o~t", "...."])
    b = m.barriers()
    mover = SquareMover()
    assert mover.step(m, b, (0, 0), (1, 0)) == 2  # into low objects
    assert mover.step(m, b, (1, 0), (2, 0)) == 2  # into difficult terrain
    assert mover.step(m, b, (2, 0), (3, 0)) == 2  # into trench (difficult)
    assert mover.step(m, b, (0, 1), (1, 0)) == 4  # diagonal into low objects: doubled twice
    assert mover.step(m, b, (1, 0), (0, 0)) == 1  # leaving costs nothing extra


def test_movement_no_diagonal_step_past_a_walls_corner_or_end():
    # A wall on the edge between (1,1) and (2,1): its end is at the point (2,1) and (2,2).
    m = make_map(["...."] * 4, walls=(Edge("v", 2, 1),))
    b = m.barriers()
    mover = SquareMover()
    assert mover.step(m, b, (1, 1), (2, 1)) is None  # through the wall
    assert mover.step(m, b, (1, 0), (2, 1)) is None  # diagonal past the wall's end at (2, 1)
    assert mover.step(m, b, (1, 2), (2, 1)) is None  # diagonal past the wall's end at (2, 2)
    assert mover.step(m, b, (2, 2), (1, 1)) is None  # the same corner, the other way
    assert mover.step(m, b, (1, 3), (2, 2)) == 2  # passes the point (2, 3), which no wall touches
    assert mover.step(m, b, (0, 0), (1, 1)) == 2  # a diagonal elsewhere is fine
    # The way round costs: (1,1) -> (1,0) -> (2,0) -> (2,1) = 3.
    assert mover.reachable(m, b, (1, 1), 6)[(2, 1)] == 3


def test_movement_closed_door_blocks_open_door_does_not():
    door = Edge("v", 2, 0)
    m = make_map(["...."], doors=(door,))
    mover = SquareMover()
    assert mover.step(m, m.barriers(), (1, 0), (2, 0)) is None
    assert mover.step(m, m.barriers(frozenset({door})), (1, 0), (2, 0)) == 1


def test_movement_allies_are_passed_enemies_are_not():
    m, b = OPEN, OPEN.barriers()
    ally, enemy = (5, 4), (4, 5)
    mover = SquareMover(impassable=frozenset({enemy}), no_stop=frozenset({ally, enemy}))
    reach = mover.reachable(m, b, (4, 4), 2)
    assert ally not in reach and enemy not in reach  # nobody ends in an occupied square
    assert reach[(6, 4)] == 2  # straight through the ally
    assert mover.step(m, b, (4, 4), (4, 5)) is None
    # Going round the enemy to (4, 6) costs 4 (a diagonal and a diagonal) instead of 2.
    assert mover.reachable(m, b, (4, 4), 6)[(4, 6)] == 4


def test_movement_pits_only_flight_passes_and_nobody_stops():
    m = make_map([".x.."])
    b = m.barriers()
    assert SquareMover().reachable(m, b, (0, 0), 6) == {}
    flyer = SquareMover(flight=True)
    reach = flyer.reachable(m, b, (0, 0), 6)
    assert (1, 0) not in reach and reach[(2, 0)] == 2


def test_movement_flight_ignores_terrain_cost():
    m = make_map([".oo~."])
    assert SquareMover(flight=True).reachable(m, m.barriers(), (0, 0), 4)[(4, 0)] == 4
    assert SquareMover().reachable(m, m.barriers(), (0, 0), 8)[(4, 0)] == 7


def test_movement_solid_squares_cannot_be_entered():
    m = make_map([".#."])
    assert SquareMover().step(m, m.barriers(), (0, 0), (1, 0)) is None


def test_big_figure_pays_terrain_when_any_part_enters_it():
    m = make_map(["....", "...o", "....", "...."])
    b = m.barriers()
    large = SquareMover(size=2)
    # Anchor (1,0) -> (2,0): the new squares are (3,0) and (3,1); (3,1) holds low objects.
    assert large.step(m, b, (1, 0), (2, 0)) == 2
    assert large.step(m, b, (0, 2), (1, 2)) == 1


def test_big_figure_pays_terrain_for_squares_its_space_already_partly_covered():
    # "if any part of their space moves into such a square": stepping east, the near column moves into the
    # low objects under the far column, so the step costs double although no new square holds terrain.
    m = make_map(["....", ".o..", "....", "...."])
    b = m.barriers()
    large = SquareMover(size=2)
    assert large.step(m, b, (0, 0), (1, 0)) == 2  # (1,1) low, under the old far column and the new near one
    assert large.step(m, b, (1, 0), (2, 0)) == 1  # the low square is left behind: every part moves on clear
    assert large.step(m, b, (0, 1), (1, 1)) == 2  # (1,1) again, now under the space's near column
    assert SquareMover().step(m, b, (0, 1), (1, 1)) == 2 and SquareMover().step(m, b, (1, 1), (2, 1)) == 1


def test_big_figure_cannot_move_into_an_enemy_with_any_part():
    m, b = OPEN, OPEN.barriers()
    huge = SquareMover(size=3, impassable=frozenset({(6, 5)}))
    assert huge.step(m, b, (3, 3), (4, 3)) is None  # new column x=6 holds (6,5)
    assert huge.step(m, b, (3, 3), (3, 4)) == 1


def test_big_figure_cannot_straddle_a_wall_or_leave_the_map():
    m = make_map(["...."] * 4, walls=(Edge("v", 2, 1),))
    b = m.barriers()
    large = SquareMover(size=2)
    assert large.step(m, b, (0, 0), (1, 0)) is None  # the wall would run through its space
    assert large.step(m, b, (2, 2), (3, 2)) is None  # off the east edge


def test_explicit_path_cost_is_checked_step_by_step():
    m, b = OPEN, OPEN.barriers()
    mover = SquareMover()
    assert mover.path_cost(m, b, [(0, 0), (1, 0), (2, 1), (2, 2)]) == 4
    assert mover.path_cost(m, b, [(0, 0), (2, 0)]) is None


def test_range_counts_diagonals_as_2_and_goes_around_walls():
    m, b = OPEN, OPEN.barriers()
    assert range_between(m, b, [(0, 0)], [(3, 0)]) == 3
    assert range_between(m, b, [(0, 0)], [(3, 3)]) == 6
    assert range_between(m, b, [(0, 0)], [(1, 0)]) == 1
    walled = make_map(["....."] * 5, walls=tuple(Edge("v", 2, y) for y in range(4)))
    # Straight across is 2; around the wall's open end (row 5) it is longer.
    assert range_between(walled, walled.barriers(), [(1, 0)], [(2, 0)]) == 9
    # Terrain does not slow range.
    slow = make_map([".ooo."])
    assert range_between(slow, slow.barriers(), [(0, 0)], [(4, 0)]) == 4


def test_range_to_a_big_figure_is_to_its_nearest_square():
    m, b = OPEN, OPEN.barriers()
    assert range_between(m, b, [(0, 0)], space_of((3, 0), 2)) == 3


def test_step_table_agrees_with_the_mover_for_every_door_state():
    """The precomputed steps, filtered by closed doors and enemies, are exactly the mover's steps."""
    import itertools

    from hothsim.data.catalog import Catalog
    from hothsim.kernel.paths import SquareMover, StepTable

    grid = Catalog.installed().load_map("echo-base-interior")
    doors = sorted(grid.doors)
    enemies = frozenset({(10, 7), (20, 12)})
    for size in (1, 2):
        table = StepTable.build(grid, size)
        for open_doors in (frozenset(), frozenset(doors), frozenset(doors[::2]), frozenset(doors[1::3])):
            fast = table.neighbours(open_doors, enemies)
            slow = SquareMover(size=size, impassable=enemies).neighbours(grid, grid.barriers(open_doors))
            for anchor in itertools.islice(sorted(table.fits), 0, None, 5):
                assert sorted(fast(anchor)) == sorted(slow(anchor)), (size, anchor, open_doors)


def test_range_searched_toward_a_target_equals_range_spread_from_the_attacker():
    """The nearest-enemy rule counts range with A* toward each enemy (squares apart as the estimate); it
    must agree with the full search from the attacker on both maps, with any doors open."""
    import random

    from hothsim.data.catalog import Catalog
    from hothsim.skirmish.board import Board

    rnd = random.Random(5)
    for name in ("hoth-outpost", "echo-base-interior"):
        grid = Catalog.installed().load_map(name)
        board = Board(grid)
        doors = sorted(grid.doors)
        open_squares = [sq for sq in grid.squares() if grid.terrain_at(sq) is not Terrain.SOLID]
        for _ in range(150):
            open_doors = frozenset(rnd.sample(doors, rnd.randint(0, len(doors))))
            a = space_of(rnd.choice(open_squares), rnd.choice((1, 1, 2)))
            d = space_of(rnd.choice(open_squares), rnd.choice((1, 1, 2, 3)))
            assert board.range_to(open_doors, a, d) == board.range_between(open_doors, a, d), (name, a, d)


def test_anchors_over_a_square_are_those_whose_space_covers_it():
    from hothsim.kernel.squares import anchors_over

    assert anchors_over([(3, 3)], 1) == {(3, 3)}
    assert anchors_over([(3, 3)], 2) == {(2, 2), (3, 2), (2, 3), (3, 3)}
    assert all((3, 3) in space_of(a, 3) for a in anchors_over([(3, 3)], 3)) and len(anchors_over([(3, 3)], 3)) == 9
