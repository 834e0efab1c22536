"""Map and scenario files: loading, and errors that name the file, the line or entry, and the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from hothsim.data.catalog import Catalog
from hothsim.data.errors import DataError
from hothsim.data.hexmap import draw_hex_terrain, load_hex_map
from hothsim.data.scenario import load_scenario_file
from hothsim.data.squaremap import draw_square_map, load_square_map
from hothsim.kernel.hexes import parse_hex
from hothsim.kernel.squares import Edge, Terrain, parse_square

SQUARE_MAP = '''format = "hothsim-square-map/1"
id = "tiny"
name = "Tiny"
width = 3
height = 2
grid = """
+-+-+-+
|. oD.|
+ +   +
|x #|t|
+-+-+-+
"""

[zones]
west = ["A1"]
'''

HEX_MAP = '''format = "hothsim-hex-map/1"
id = "little-hex"
name = "Little"
columns = 4
rows = 3
macrohex_origin = "0202"
terrain = """
. . % .
. ^ . .
% . . .
"""

[zones]
north = ["0101:0401"]
'''


def write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_square_map_drawing_gives_terrain_walls_and_doors(tmp_path):
    m = load_square_map(write(tmp_path, "tiny.toml", SQUARE_MAP))
    assert (m.width, m.height) == (3, 2)
    assert m.terrain_at(parse_square("A1")) is Terrain.CLEAR
    assert m.terrain_at(parse_square("B1")) is Terrain.LOW
    assert m.terrain_at(parse_square("A2")) is Terrain.PIT
    assert m.terrain_at(parse_square("B2")) is Terrain.SOLID
    assert m.terrain_at(parse_square("C2")) is Terrain.TRENCH
    assert Edge("v", 2, 0) in m.doors  # between B1 and C1
    assert Edge("v", 2, 1) in m.walls  # between B2 and C2
    assert Edge("h", 0, 1) not in m.walls  # A1 and A2 are open to each other
    assert m.zone("west") == frozenset({(0, 0)})
    # The drawing is the file format: draw and read back gives the same map.
    redrawn = SQUARE_MAP.split('grid = """\n')[0] + 'grid = """\n' + draw_square_map(m) + '"""\n'
    m2 = load_square_map(write(tmp_path, "tiny2.toml", redrawn))
    assert (m2.terrain, m2.walls, m2.doors) == (m.terrain, m.walls, m.doors)


@pytest.mark.parametrize(
    "change, line, field, words",
    [
        (("|. oD.|", "|. qD.|"), 8, "grid", "unknown terrain 'q'"),
        (("|x #|t|", "|x #!t|"), 10, "grid", "an edge must be"),
        (("width = 3", "width = 3\nwidht = 4"), 5, "widht", "not a known field"),
        (('west = ["A1"]', 'west = ["A9"]'), 15, None, "off the 3x2 map"),
        (('west = ["A1"]', 'west = ["B2"]'), 15, None, "solid"),
        (("height = 2", "height = 3"), 7, "grid", "needs 7"),
    ],
)
def test_square_map_errors_name_file_line_and_field(tmp_path, change, line, field, words):
    p = write(tmp_path, "bad.toml", SQUARE_MAP.replace(*change))
    with pytest.raises(DataError) as exc:
        load_square_map(p)
    e = exc.value
    assert e.path == str(p)
    assert e.line == line
    assert e.field == field
    assert words in str(e)


def test_square_map_door_must_lead_between_open_squares(tmp_path):
    p = write(tmp_path, "bad.toml", SQUARE_MAP.replace("|x #|t|", "|x #Dt|"))
    with pytest.raises(DataError, match="does not lead between two open squares"):
        load_square_map(p)


def test_toml_syntax_error_names_the_line(tmp_path):
    p = write(tmp_path, "bad.toml", SQUARE_MAP.replace('name = "Tiny"', 'name = "Tiny'))
    with pytest.raises(DataError) as exc:
        load_square_map(p)
    assert exc.value.line == 3 and "not valid TOML" in str(exc.value)


def test_hex_map_terrain_zones_and_macrohexes(tmp_path):
    h = load_hex_map(write(tmp_path, "little-hex.toml", HEX_MAP))
    assert (h.columns, h.rows) == (4, 3)
    assert h.terrain_at(parse_hex("0301")) == "rough"
    assert h.terrain_at(parse_hex("0202")) == "cliff"
    assert h.zone("north") == frozenset(parse_hex(f"0{c}01") for c in range(1, 5))
    assert h.lattice.is_centre(parse_hex("0202"))
    assert h.lattice.range(parse_hex("0202"), parse_hex("0201")) == 0
    assert draw_hex_terrain(h) == ". . % .\n. ^ . .\n% . . .\n"


@pytest.mark.parametrize(
    "change, field, words",
    [
        (("% . . .\n", "% . . . .\n"), "terrain", "row 03 has 5 hexes"),
        ((". ^ . .", ". ^ ! ."), "terrain", "unknown terrain '!'"),
        (('macrohex_origin = "0202"', 'macrohex_origin = "22"'), "macrohex_origin", "should match pattern"),
        (('macrohex_origin = "0202"', 'macrohex_origin = "0202"\nmacrohex_chirality = "c"'),
         "macrohex_chirality", "'a' or 'b'"),
    ],
)
def test_hex_map_errors_name_the_field(tmp_path, change, field, words):
    p = write(tmp_path, "bad.toml", HEX_MAP.replace(*change))
    with pytest.raises(DataError) as exc:
        load_hex_map(p)
    assert exc.value.field == field
    assert words in str(exc.value)
    assert exc.value.line is not None


SCENARIO = '''format = "hothsim-scenario/1"
id = "practice"
name = "Practice"
game = "skirmish"
description = "A short practice fight."
map = "hoth-outpost"

[skirmish]
rebel = ["hoth-trooper"]
imperial = ["snowtrooper"]
'''


def test_scenario_file_fields_are_validated(tmp_path):
    s = load_scenario_file(write(tmp_path, "practice.toml", SCENARIO))
    assert (s.id, s.game, s.map) == ("practice", "skirmish", "hoth-outpost")
    with pytest.raises(DataError) as exc:
        load_scenario_file(write(tmp_path, "bad.toml", SCENARIO.replace('"skirmish"', '"chess"')))
    assert exc.value.field == "game" and exc.value.line == 4
    with pytest.raises(DataError, match="needs a \\[skirmish\\] table"):
        load_scenario_file(write(tmp_path, "bad2.toml", SCENARIO.split("[skirmish]")[0]))


def test_shipped_maps_load_and_match_their_file_names():
    cat = Catalog.installed()
    assert cat.map_paths(), "the package ships at least one map"
    for path in cat.map_paths():
        m = cat.load_map(path.stem)
        assert m.id == path.stem


@pytest.mark.parametrize(
    "change, entry, field, words",
    [
        (("defense = { value = 23", "defence = { value = 23"), "card vader", "defence", "not a known field"),
        (('"Double Attack"]\nabilities_source = "rulebook"\nforce_powers',
          '"Double Atack"]\nabilities_source = "rulebook"\nforce_powers'), "card vader", "abilities", "unknown ability"),
        (('attack = { value = 4, source = "rulebook" }', 'attack = { value = 4, source = "reconstructed" }'),
         "card snowtrooper", "attack", "needs a one-line 'why'"),
        (('hp = { value = 140, source = "rulebook" }', 'hp = { value = -5, source = "rulebook" }'),
         "card vader", "hp.value", "greater than or equal to 0"),
    ],
)
def test_a_typo_in_the_cards_names_the_file_the_card_and_the_field(tmp_path, change, entry, field, words):
    from hothsim.data.cards import load_cards

    text = (Catalog.installed().root / "rules" / "skirmish" / "cards.toml").read_text(encoding="utf-8")
    assert change[0] in text
    p = write(tmp_path, "cards.toml", text.replace(change[0], change[1], 1))
    with pytest.raises(DataError) as exc:
        load_cards(p)
    e = exc.value
    assert (e.path, e.entry, e.field) == (str(p), entry, field) and words in str(e)


def test_every_card_number_carries_its_source():
    from hothsim.data.cards import load_cards

    cards = load_cards(Catalog.installed().root / "rules" / "skirmish" / "cards.toml")
    assert len(cards) == 14 and sum(c.copies for c in cards.values()) == 17
    for c in cards.values():
        for stat in (c.cost, c.hp, c.defense, c.attack, c.damage) + ((c.force,) if c.force else ()):
            assert stat.source in ("rulebook", "public", "reconstructed")
            assert stat.source != "reconstructed" or stat.why


def _assault_rules_copy(tmp_path):
    import shutil

    from hothsim.data.catalog import Catalog

    folder = tmp_path / "assault"
    shutil.copytree(Catalog.installed().root / "rules" / "assault", folder)
    return folder


def test_assault_rules_load_with_every_card_and_table(tmp_path):
    from hothsim.data.assault import load_assault_rules

    rules = load_assault_rules(_assault_rules_copy(tmp_path))
    assert len(rules.action_cards) == 20 and sum(c.is_event for c in rules.action_cards) == 2
    # 42 cards in the box, less "the blank cards" (at least two), less 20 Action cards and the Hero card:
    # 19 Events, six of them Transports Away!.
    assert len(rules.event_cards) == 19 and sum(c.effect == "transports" for c in rules.event_cards) == 6
    assert len(rules.action_cards) + len(rules.event_cards) + 1 == 40
    assert (rules.units["walker"].fire, rules.units["walker"].armor) == (6, 3)
    assert (rules.units["speeder"].fire, rules.units["speeder"].armor) == (5, 2)
    assert rules.luke_force == 10 and rules.harpoon_dice == (5, 4)
    assert [rules.damage["walker"].hit_for(t) for t in (2, 3, 4, 9, 10, 11, 12)] == [
        "blaster", "blaster", "body", "body", "legs", "legs", "critical"]
    assert [rules.damage["speeder"].hit_for(t) for t in (2, 4, 5, 10, 11, 12)] == [
        "gunner", "gunner", "body", "body", "critical", "critical"]


def test_a_typo_in_an_assault_card_names_the_file_the_card_and_the_field(tmp_path):
    from hothsim.data.assault import load_assault_rules

    folder = _assault_rules_copy(tmp_path)
    p = folder / "event-cards.toml"
    p.write_text(p.read_text().replace('effect = "snowstorm"', 'efect = "snowstorm"'))
    with pytest.raises(DataError) as e:
        load_assault_rules(folder)
    msg = str(e.value)
    assert "event-cards.toml" in msg and "card snowstorm" in msg and "efect" in msg


def test_a_reconstructed_assault_value_needs_its_reason(tmp_path):
    from hothsim.data.assault import load_assault_rules

    folder = _assault_rules_copy(tmp_path)
    p = folder / "units.toml"
    p.write_text(p.read_text().replace(
        'fire = { value = 4, source = "reconstructed", why = "a scout walker: lighter than a Walker, as strong as a '
        'heavy trooper" }', 'fire = { value = 4, source = "reconstructed" }'))
    with pytest.raises(DataError) as e:
        load_assault_rules(folder)
    assert "unit atst" in str(e.value) and "why" in str(e.value)


def test_values_the_rulebooks_print_are_tagged_rulebook():
    # The skirmish rulebook prints the Assault on Echo Base costs (Luke 16, the Snowspeeder 38); the Assault on
    # Hoth rulebook gives the two Draw Event Action cards (8) and, in Fire Diagram 1, a light Trooper hit by
    # "one or more Vader symbol" (armor 1).
    import tomllib

    root = Path(__file__).resolve().parent.parent / "rules"
    cards = {c["id"]: c for c in tomllib.loads((root / "skirmish" / "cards.toml").read_text())["card"]}
    assert cards["luke"]["cost"] == {"value": 16, "source": "rulebook"}
    assert cards["snowspeeder"]["cost"] == {"value": 38, "source": "rulebook"}
    assert "no source prints this effect" in cards["leia"]["commander"]["why"]
    actions = {c["id"]: c for c in tomllib.loads((root / "assault" / "action-cards.toml").read_text())["card"]}
    assert actions["draw-event"]["copies"] == 2 and actions["draw-event"]["source"] == "rulebook"
    units = {u["id"]: u for u in tomllib.loads((root / "assault" / "units.toml").read_text())["unit"]}
    assert units["trooper"]["armor"] == {"value": 1, "source": "rulebook"}
