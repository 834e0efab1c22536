"""Line of sight worked out ahead (hothsim.kernel.sight_table, hothsim.data.sight_tables): a table answers
every pair as the geometry does, is used only for the barriers it was worked out for, and a missing,
damaged or stale table file is left unused without a word."""

from __future__ import annotations

import json
import random
import shutil

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hothsim.data.catalog import Catalog
from hothsim.data.sight_tables import door_states, read_tables, table_path
from hothsim.games import open_game
from hothsim.kernel import sight as sight_module
from hothsim.kernel.sight import Sight, find_line_of_sight, rect_of, work_out_table
from hothsim.kernel.sight_table import SightTable
from hothsim.kernel.squares import Barriers, Edge
from hothsim.skirmish.board import Board

R = rect_of
SHIPPED = ("hoth-outpost", "echo-base-interior")

edge_st = st.tuples(st.sampled_from("vh"), st.integers(0, 6), st.integers(0, 5))


def _squares(width: int, height: int) -> list[tuple[int, int]]:
    return [(x, y) for y in range(height) for x in range(width)]


@settings(max_examples=25, deadline=None)
@given(st.lists(edge_st, max_size=12))
def test_a_table_answers_every_pair_of_squares_as_the_geometry_does(edges):
    barriers = Barriers.from_edges(Edge(*e) for e in edges)
    table = work_out_table(barriers, 6, 5)
    for a in _squares(6, 5):
        for d in _squares(6, 5):
            assert table.sees(R(a), R(d)) == (find_line_of_sight(barriers, R(a), R(d)) is not None), (a, d)


@settings(max_examples=25, deadline=None)
@given(st.lists(edge_st, max_size=12), st.integers(0, 4), st.integers(0, 3), st.integers(0, 5), st.integers(0, 4))
def test_a_big_space_sees_through_the_table_what_it_sees_through_the_geometry(edges, x, y, u, v):
    barriers = Barriers.from_edges(Edge(*e) for e in edges)
    tabled = Sight(barriers, stride=6, bounds=(6, 5), table=work_out_table(barriers, 6, 5))
    big, small = R((x, y), 2), R((u, v))
    assert tabled.can_see(big, small) == (find_line_of_sight(barriers, big, small) is not None)
    assert tabled.can_see(big, R((u % 5, v % 4), 2)) == (find_line_of_sight(barriers, big, R((u % 5, v % 4), 2)) is not None)


def test_a_table_comes_back_from_its_text_unchanged():
    barriers = Barriers.from_edges([Edge("v", 2, 0), Edge("v", 2, 1), Edge("h", 3, 3)])
    table = work_out_table(barriers, 5, 4)
    again = SightTable.decode(5, 4, table.digest, table.encode())
    assert again == table and again.checksum() == table.checksum()
    assert not table.sees(R((0, 0)), R((4, 0))) or find_line_of_sight(barriers, R((0, 0)), R((4, 0))) is not None
    with pytest.raises(ValueError):
        SightTable.decode(6, 4, table.digest, table.encode())  # the text of a smaller map


def test_a_table_for_other_barriers_is_not_used():
    grid = Catalog.installed().load_map("hoth-outpost")
    closed = grid.barriers(frozenset())
    table = work_out_table(Barriers.from_edges([]), grid.width, grid.height)  # no walls at all
    assert not table.fits(closed, grid.width, grid.height)
    assert Sight.for_map(grid, frozenset(), table=table).table is None
    # So a pair a wall hides stays hidden, whatever the foreign table says.
    fresh = Sight.for_map(grid, frozenset())
    hidden = next((a, d) for a in grid.squares() for d in grid.squares() if not fresh.can_see(R(a), R(d)))
    assert table.sees(R(hidden[0]), R(hidden[1]))
    assert Sight.for_map(grid, frozenset(), table=table).can_see(R(hidden[0]), R(hidden[1])) is False


@pytest.mark.parametrize("name", SHIPPED)
def test_the_shipped_tables_fit_their_maps_and_agree_with_the_geometry(name):
    """The whole comparison is `python -m hothsim.data.sight_tables --check` (a minute); here every state's
    table is found and a sample of pairs, single squares and big figures, is asked of both."""
    catalog = Catalog.installed()
    grid = catalog.load_map(name)
    tables = read_tables(catalog.map_path(name), grid)
    assert set(tables) == set(door_states(grid).values())
    rnd = random.Random(name)
    squares = list(grid.squares())
    for doors, table in tables.items():
        fresh = Sight.for_map(grid, doors)
        tabled = Sight.for_map(grid, doors, table=table)
        assert tabled.table is table
        for _ in range(400):
            a, d = rnd.choice(squares), rnd.choice(squares)
            assert table.sees(R(a), R(d)) == fresh.can_see(R(a), R(d)), (doors, a, d)
        for _ in range(60):
            a, d = rnd.choice(squares), rnd.choice(squares)
            if a[0] + 1 < grid.width and a[1] + 1 < grid.height:
                assert tabled.can_see(R(a, 2), R(d)) == fresh.can_see(R(a, 2), R(d)), (doors, a, d)


def test_with_tables_every_state_of_the_doors_sees_as_without():
    """Some doors open: the tables of every door closed and every door open settle most pairs, the
    geometry the rest; the answers are those of a Sight that has no table."""
    catalog = Catalog.installed()
    grid = catalog.load_map("echo-base-interior")
    board = Board(grid, lambda: read_tables(catalog.map_path("echo-base-interior"), grid))
    doors = sorted(grid.doors)
    rnd = random.Random(7)
    squares = list(grid.squares())
    for _ in range(5):
        open_doors = frozenset(d for d in doors if rnd.random() < 0.5)
        tabled, fresh = board.sight(open_doors), Sight.for_map(grid, open_doors)
        for _ in range(150):
            a, d = rnd.choice(squares), rnd.choice(squares)
            size = 2 if a[0] + 1 < grid.width and a[1] + 1 < grid.height and rnd.random() < 0.3 else 1
            assert tabled.can_see(R(a, size), R(d)) == fresh.can_see(R(a, size), R(d)), (a, size, d, open_doors)


def test_a_game_of_a_shipped_map_asks_no_geometry_for_single_squares(monkeypatch):
    game = open_game("salvage", seed=1)
    sight = game.board.sight(frozenset())
    assert sight.table is not None

    def asked(*args, **kwargs):
        raise AssertionError("the geometry was asked")
    monkeypatch.setattr(sight_module, "find_line_of_sight", asked)
    width, height = game.board.grid.width, game.board.grid.height
    answers = [sight.can_see(R((0, 0)), R((x, y))) for x in range(width) for y in range(height)]
    assert answers.count(True) == bin(sight.table.rows[0]).count("1")


def _copy_map(tmp_path, name="hoth-outpost"):
    catalog = Catalog.installed()
    source = catalog.map_path(name)
    shutil.copy(source, tmp_path / source.name)
    shutil.copy(table_path(source), tmp_path / table_path(source).name)
    return tmp_path / source.name, catalog.load_map(name)


def test_a_copied_map_with_its_tables_reads_them(tmp_path):
    path, grid = _copy_map(tmp_path)
    assert len(read_tables(path, grid)) == 2


@pytest.mark.parametrize("damage", ["not json", "checksum", "digest", "size", "folder", "missing", "format"])
def test_a_damaged_or_stale_table_file_is_left_unused_without_an_error(tmp_path, damage):
    path, grid = _copy_map(tmp_path)
    tables = table_path(path)
    document = json.loads(tables.read_text())
    if damage == "not json":
        tables.write_text("{ this is not")
    elif damage == "checksum":
        document["tables"][0]["checksum"] = "0" * 64
        tables.write_text(json.dumps(document, indent=1))
    elif damage == "digest":  # worked out for the map before a wall moved
        document["tables"][0]["digest"] = "f" * 64
        tables.write_text(json.dumps(document, indent=1))
    elif damage == "size":
        document["width"] = 31
        tables.write_text(json.dumps(document, indent=1))
    elif damage == "format":
        document["tables"] = "every pair"
        tables.write_text(json.dumps(document, indent=1))
    elif damage == "folder":
        tables.unlink()
        tables.mkdir()
    else:
        tables.unlink()
    kept = read_tables(path, grid)
    expected = {"checksum": 1, "digest": 1}.get(damage, 0)  # the other state's table still holds
    assert len(kept) == expected


def test_a_table_that_would_unpack_into_more_than_its_map_needs_is_refused():
    import base64
    import zlib

    bomb = base64.b64encode(zlib.compress(b"\0" * (10 << 20))).decode("ascii")  # 10 MiB of zeros, a few KiB packed
    with pytest.raises(ValueError):
        SightTable.decode(30, 24, "0" * 64, bomb)


def test_a_board_reads_its_tables_once_and_only_when_line_of_sight_is_first_asked():
    catalog = Catalog.installed()
    grid = catalog.load_map("hoth-outpost")
    reads = []

    def load():
        reads.append(1)
        return read_tables(catalog.map_path("hoth-outpost"), grid)
    board = Board(grid, load)
    assert reads == []  # opening a game (and its first frame) does not wait for them
    assert board.sight(frozenset()).table is not None
    assert board.sight(frozenset(grid.doors)).table is not None
    assert board.sight(frozenset(sorted(grid.doors)[:1])).more.table is not None
    assert reads == [1]
