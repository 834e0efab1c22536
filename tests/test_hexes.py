"""The hex grid: labels, distance, facing, macrohexes and the Walker field of fire."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hothsim.kernel.hexes import (
    DIRECTIONS,
    MacrohexLattice,
    direction_between,
    distance,
    hex_label,
    hexes_in_rect,
    in_field_of_fire,
    neighbour,
    neighbours,
    parse_hex,
    turn_cost,
)

MAP = list(hexes_in_rect(20, 32))


def test_labels_round_trip_and_columns_come_first():
    assert hex_label(parse_hex("0712")) == "0712"
    for h in MAP:
        assert parse_hex(hex_label(h)) == h
    assert parse_hex("0101") == (0, 0)
    with pytest.raises(ValueError):
        parse_hex("0012")
    with pytest.raises(ValueError):
        parse_hex("712")


def test_even_columns_sit_half_a_hex_south():
    # 0201 is half a hex lower than 0101 and 0301, so it is 0101's south-east neighbour and 0301's
    # south-west one; its own south-east neighbour is 0302.
    assert neighbour(parse_hex("0101"), 2) == parse_hex("0201")
    assert neighbour(parse_hex("0201"), 1) == parse_hex("0301")
    assert neighbour(parse_hex("0201"), 2) == parse_hex("0302")
    assert neighbour(parse_hex("0101"), 3) == parse_hex("0102")


def test_six_neighbours_at_distance_1_and_directions_clockwise():
    h = (5, 7)
    assert all(distance(h, n) == 1 for n in neighbours(h))
    assert [direction_between(h, n) for n in neighbours(h)] == list(range(6))
    assert distance((0, 0), (3, -1)) == 3


def test_turning_costs_one_per_hexside_at_most_three():
    assert turn_cost(0, 0) == 0
    assert turn_cost(0, 1) == 1 and turn_cost(0, 5) == 1
    assert turn_cost(0, 3) == 3
    assert turn_cost(2, 5) == 3 and turn_cost(5, 1) == 2


@pytest.mark.parametrize("chirality", ["a", "b"])
@pytest.mark.parametrize("origin", [(0, 0), (3, 4), (7, -2)])
def test_every_hex_is_in_exactly_one_macrohex_of_at_most_7_hexes(origin, chirality):
    lat = MacrohexLattice(origin, chirality)
    owners = Counter(lat.centre_of(h) for h in MAP)
    assert max(owners.values()) <= 7
    for h in MAP:
        c = lat.centre_of(h)
        assert h in lat.members(c)
        # exactly one centre among h and its neighbours
        assert sum(lat.is_centre(x) for x in (h,) + neighbours(h)) == 1


def test_macrohex_memberships_pinned():
    lat = MacrohexLattice(parse_hex("0302"), "a")
    members = sorted(hex_label(h) for h in lat.members(parse_hex("0302")))
    assert members == ["0201", "0202", "0301", "0302", "0303", "0401", "0402"]
    assert lat.centre_of(parse_hex("0403")) == parse_hex("0504")
    centres = sorted(hex_label(h) for h in hexes_in_rect(8, 8) if lat.is_centre(h))
    assert centres == ["0107", "0204", "0302", "0406", "0504", "0601", "0608", "0706", "0803"]
    assert lat.macro_coords(parse_hex("0302")) == (0, 0)
    assert lat.range(parse_hex("0302"), parse_hex("0504")) == 1


@pytest.mark.parametrize("chirality", ["a", "b"])
def test_range_is_zero_inside_one_macrohex_and_one_to_a_neighbouring_one(chirality):
    lat = MacrohexLattice((3, 4), chirality)
    centres = [h for h in MAP if lat.is_centre(h)]
    for c in centres:
        for m in lat.members(c):
            assert lat.range(c, m) == 0
    for a in centres:
        for b in centres:
            if distance(a, b) == 3:
                assert lat.range(a, b) == 1


@given(st.sampled_from(MAP), st.sampled_from(MAP), st.sampled_from(["a", "b"]))
def test_macrohex_range_is_hex_distance_between_macrohex_coordinates(a, b, chirality):
    lat = MacrohexLattice((3, 4), chirality)
    qa, ra = lat.macro_coords(a)
    qb, rb = lat.macro_coords(b)
    assert lat.range(a, b) == distance((qa, ra), (qb, rb)) == lat.range(b, a)
    # A macrohex step covers 3 hexes at most between centres; the range can never exceed the distance.
    assert lat.range(a, b) <= distance(a, b)


def test_macrohex_range_by_walking_the_macrohex_lattice():
    # Breadth-first search over centres joined when 3 hexes apart agrees with the formula.
    lat = MacrohexLattice((3, 4), "a")
    centres = [h for h in MAP if lat.is_centre(h)]
    start = centres[0]
    dist = {start: 0}
    frontier = [start]
    big = [h for h in hexes_in_rect(40, 60) if lat.is_centre(h)]
    while frontier:
        nxt = []
        for c in frontier:
            for o in big:
                if distance(c, o) == 3 and o not in dist:
                    dist[o] = dist[c] + 1
                    nxt.append(o)
        frontier = nxt
    for c in centres:
        assert lat.range(start, c) == dist[c]


@pytest.mark.parametrize("facing", range(6))
def test_field_of_fire_three_front_hexes_in_the_hex_behind_not(facing):
    w = (6, 6)
    front = neighbour(w, facing)
    left, right = neighbour(w, facing - 1), neighbour(w, facing + 1)
    behind = neighbour(w, facing + 3)
    assert in_field_of_fire(w, facing, front)
    assert in_field_of_fire(w, facing, left) and in_field_of_fire(w, facing, right)
    assert not in_field_of_fire(w, facing, behind)
    assert not in_field_of_fire(w, facing, neighbour(w, facing + 2))
    assert not in_field_of_fire(w, facing, w)


def test_field_of_fire_is_a_120_degree_wedge_without_limit():
    w = (0, 0)
    # Facing north: hexes straight ahead far away, and along both wedge edges.
    assert in_field_of_fire(w, 0, (0, -15))
    assert in_field_of_fire(w, 0, (-9, 0))  # 9 steps north-west: the wedge's left edge
    assert in_field_of_fire(w, 0, (9, -9))  # the right edge
    assert not in_field_of_fire(w, 0, (-9, 1))
    ring2 = [h for h in hexes_in_rect(20, 20) if distance(h, (8, 4)) == 2]
    assert sum(in_field_of_fire((8, 4), 3, h) for h in ring2) == 5
    assert DIRECTIONS[0] == (0, -1)
