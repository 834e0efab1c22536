"""The game in words (hothsim.describe): directions, distances, sight and cover as the rules compute them,
in hand-built positions; secrets never spoken to the side that may not know them."""

from __future__ import annotations

import pytest

from hothsim.describe import compass, spoken, unit_named, units_meant
from hothsim.describe.describers import words_for
from hothsim.kernel.hexes import hex_label, neighbour, parse_hex
from hothsim.kernel.squares import Edge
from hothsim.skirmish.actions import Attack, parse_action
from tests.arena import arena
from tests.assault_arena import arena as hex_arena
from tests.assault_arena import clear


@pytest.mark.parametrize("dx,dy,word", [(0, -3, "north"), (2, -2, "north-east"), (5, 0, "east"), (1, 1, "south-east"),
                                        (0, 6, "south"), (-3, 3, "south-west"), (-4, 1, "west"), (-1, -1, "north-west"),
                                        (2, -1, "north-east"), (0, 0, "here")])
def test_compass_points_are_spelled_out_north_up(dx, dy, word):
    assert compass(dx, dy) == word


def test_a_spoken_line_has_words_for_arrows_and_no_control_characters():
    assert spoken("hoth-trooper-1 moves D2 -> F3 (3 squares)") == "hoth-trooper-1 moves D2 to F3 (3 squares)"
    assert spoken("\x1b[31mred\x07\r") == "[31mred"


def test_a_unit_is_found_by_its_id_or_the_only_id_beginning_so():
    ids = ["snowtrooper-1", "snowtrooper-2", "elite-snowtrooper", "hoth-trooper"]
    assert unit_named(ids, "hoth") == "hoth-trooper"
    assert unit_named(ids, "SNOWTROOPER-2") == "snowtrooper-2"
    assert unit_named(ids, "snow") is None and units_meant(ids, "snow") == ["snowtrooper-1", "snowtrooper-2"]


def _acting(tmp_path, **kw):
    g = arena(tmp_path, {"hoth-trooper": "c3"}, kw.pop("imperial"), [15, 3], **kw)
    for line in ("first rebel", "activate hoth-trooper"):
        g.apply(parse_action(line))
    return g


def test_near_gives_range_direction_sight_and_cover_as_the_rules_count_them(tmp_path):
    # A low object at F3 lies between C3 and H3: cover against the trooper's fire; C9 is in the open.
    g = _acting(tmp_path, imperial={"snowtrooper-1": "h3", "snowtrooper-2": "c9"}, low=("f3",))
    lines = words_for(g).near(g, "rebel", "hoth-trooper")
    assert lines == ["Near hoth-trooper at C3 (squares of range, counted around walls and closed doors):", "Enemies: 2 figures.",
                     "snowtrooper-1 (imperial): 5 squares east, in line of sight, has cover.",
                     "snowtrooper-2 (imperial): 6 squares south, in line of sight, no cover.", "Friends: 0 figures."]
    s = g.state
    me = s.fig("hoth-trooper")
    assert g.covered(s, me, s.fig("snowtrooper-1")) and not g.covered(s, me, s.fig("snowtrooper-2"))
    # The attack lines carry the engine's own odds: cover costs the trooper 4 on the die.
    shots = {a.target: words_for(g).choice(g, a) for a in g.legal_actions() if type(a) is Attack and not a.helpers}
    assert shots == {"snowtrooper-1": "attack hoth-trooper snowtrooper-1: 40% to hit",
                     "snowtrooper-2": "attack hoth-trooper snowtrooper-2: 60% to hit"}


def test_a_wall_puts_an_enemy_out_of_sight_and_range_goes_around_it(tmp_path):
    wall = tuple(Edge("v", 5, y) for y in range(0, 6))  # between columns E and F, rows 1-6
    g = _acting(tmp_path, imperial={"snowtrooper": "h3"}, walls=wall)
    line = words_for(g).near(g, "rebel", "hoth-trooper")[2]
    assert line == "snowtrooper (imperial): 13 squares east, out of sight."
    assert g.board.range_to(g.state.open_doors, g.state.fig("hoth-trooper").space(),
                            g.state.fig("snowtrooper").space()) == 13


def test_around_lists_the_eight_squares_clockwise_from_north_with_walls(tmp_path):
    g = _acting(tmp_path, imperial={"snowtrooper": "d2"}, walls=(Edge("v", 3, 2),))  # between C3 and D3
    lines = words_for(g).around(g, "rebel", "hoth-trooper")
    assert lines[0] == "Around hoth-trooper at C3, clockwise from north:"
    assert [line.split(":")[0] for line in lines[1:]] == ["north", "north-east", "east", "south-east", "south",
                                                          "south-west", "west", "north-west"]
    assert [line.split(": ")[1] for line in lines[1:]] == ["C2", "D2", "D3", "D4", "C4", "B4", "B3", "B2"]
    assert lines[2] == "north-east: D2: clear, snowtrooper (imperial) stands here."
    assert lines[3] == "east: D3: clear, a wall between."


def test_a_move_summary_names_the_square_nearest_an_enemy_by_range(tmp_path):
    g = _acting(tmp_path, imperial={"snowtrooper": "j3"})
    moves = [a for a in g.legal_actions() if words_for(g).is_spread(a)]
    line = words_for(g).spread_summary(g, "hoth-trooper", moves)
    assert "nearest an enemy: I3, 1 square from snowtrooper" in line and line.startswith("move hoth-trooper: ")


def test_a_move_summary_with_no_enemy_in_range_of_any_end_square_leaves_the_nearest_out(tmp_path, monkeypatch):
    # An enemy walled off behind closed doors has no range to any square the figure may reach: the
    # summary then names no nearest square (it raised ValueError in plain play, found by a remote game).
    g = _acting(tmp_path, imperial={"snowtrooper": "j3"})
    moves = [a for a in g.legal_actions() if words_for(g).is_spread(a)]
    monkeypatch.setattr(type(g.board), "ranges_from", lambda self, doors, space: {})
    line = words_for(g).spread_summary(g, "hoth-trooper", moves)
    assert line.startswith("move hoth-trooper: ") and "nearest" not in line


def _walker_and_speeders():
    return hex_arena(clear(10, 10), {"walker-1": ("walker", "0505", 3), "speeder-1": ("speeder", "0508"),
                                     "speeder-2": ("speeder", "0302")}, luke="speeder-1")


def test_assault_near_gives_hexes_macrohexes_direction_and_the_walkers_field_of_fire():
    g = _walker_and_speeders()
    lines = words_for(g).near(g, "imperial", "walker-1")
    assert lines[2] == "speeder-1 (rebel): 3 hexes south, range 2 macrohexes, in its field of fire."
    assert lines[3] == "speeder-2 (rebel): 4 hexes north-west, range 1 macrohex, outside its field of fire."
    assert lines[5] == "Shield Generator (installation): 6 hexes south-east, range 2 macrohexes, in its field of fire."


def test_assault_around_lists_the_six_hexes_clockwise_from_north():
    g = _walker_and_speeders()
    lines = words_for(g).around(g, "imperial", "walker-1")
    here = parse_hex("0505")
    assert [line.split(": ")[1] for line in lines[1:]] == [hex_label(neighbour(here, d)) for d in range(6)]
    assert [line.split(":")[0] for line in lines[1:]] == ["north", "north-east", "south-east", "south", "south-west",
                                                          "north-west"]


def test_lukes_snowspeeder_is_never_spoken_to_the_imperial_player_until_revealed():
    g = _walker_and_speeders()
    w = words_for(g)
    for viewer, told in (("imperial", False), ("rebel", True)):
        said = "\n".join(w.units(g, viewer, "all") + w.status(g, viewer) + w.look(g, viewer, "speeder-1")
                         + w.near(g, viewer, "walker-1"))
        assert ("Luke flies" in said) is told, viewer
    assert "Luke: his Snowspeeder is a secret" in "\n".join(w.status(g, "imperial"))
    shown = hex_arena(clear(10, 10), {"walker-1": ("walker", "0505", 3), "speeder-1": ("speeder", "0508")},
                      luke="speeder-1", luke_revealed=True)
    assert "speeder-1: Snowspeeder, rebel, at 0508, Luke flies it" in "\n".join(w.units(shown, "imperial", "all"))


def test_a_fire_choice_carries_its_dice_armor_and_chance_to_hit():
    g = _walker_and_speeders()
    w = words_for(g)
    fires = [w.choice(g, a) for a in g.legal_actions() if w.is_shot(a)]
    assert fires and all(" dice against armor " in f and f.endswith("% to hit") for f in fires)
    shot = next(a for a in g.legal_actions() if w.is_shot(a))
    plan = g.shot(shot)
    assert w.choice(g, shot) == (f"{shot.notation()}: {plan.dice} dice against armor {plan.armor}, "
                                 f"{round(g.hit_chance(plan) * 100)}% to hit")


def test_assault_landmarks_give_the_nearest_walker_to_each_installation():
    g = _walker_and_speeders()  # the generator at 0909, the grid at 0809 (tests.assault_arena's defaults)
    lines = words_for(g).landmarks(g, "imperial")
    assert lines[0] == "0909: clear, the Shield Generator, standing, 6 hexes from walker-1. Nearest Walker: walker-1, 6 hexes away."
    assert lines[1].startswith("0809: clear, the Power Grid, standing, 6 hexes from walker-1. Nearest Walker: walker-1, ")
