"""Golden counts for Assault on Hoth (python-chess's perft idea): in fixed positions on the shipped map,
how many moves, distinct Walker end positions, fires and harpoons the rules allow, kept as data in
tests/golden/assault.json.  A rules or map change that moves one of these numbers shows up here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hothsim.assault.actions import Fire, Harpoon, Move, Walk
from hothsim.assault.movement import walk_end
from tests.assault_arena import arena, clear, on_perimeter

GOLDEN = Path(__file__).parent / "golden" / "assault.json"

# name: (units {id: (type, where, facing)}, the Action card of the round)
POSITIONS = {
    "walker-landing-zone": ({"walker-1": ("walker", "1002", 3), "trooper-1": ("trooper", "1012"),
                             "tower-1": ("tower", "0914")}, "walkers-move-or-fire"),
    "walker-at-the-forward-line": ({"walker-1": ("walker", "0410", 3), "trooper-1": ("trooper", "0412"),
                                    "speeder-1": ("speeder", "0411")}, "walkers-move-or-fire"),
    "walker-slowed-by-a-leg-hit": ({"walker-1": ("walker", "1208", 2)}, "walkers-move"),
    "speeder-over-a-cliff": ({"speeder-1": ("speeder", "0507"), "walker-1": ("walker", "0606", 3),
                              "walker-2": ("walker", "1505", 4)}, "speeders-move-fire-or-harpoon"),
    "speeder-beside-a-walker": ({"speeder-1": ("speeder", "1013"), "speeder-2": ("speeder", "1114"),
                                 "walker-1": ("walker", "1012", 3), "atst-1": ("atst", "1212")},
                                "speeders-move-fire-or-harpoon"),
    "troopers-in-the-base": ({"trooper-1": ("trooper", "base"), "heavy-trooper-1": ("heavy-trooper", "0718"),
                              "snowtrooper-1": ("snowtrooper", "1116"), "walker-1": ("walker", "1010", 3)},
                             "troopers-move-or-fire"),
    "snowtroopers-aboard": ({"walker-1": ("walker", "1006", 3), "snowtrooper-1": ("snowtrooper", "aboard:walker-1"),
                             "heavy-snowtrooper-1": ("heavy-snowtrooper", "1009"), "walker-2": ("walker", "1204", 3)},
                            "snowtroopers-move-or-fire"),
}


def counts(game) -> dict[str, int]:
    acts = game.legal_actions()
    walks = [a for a in acts if isinstance(a, Walk)]
    ends = {(a.unit,) + walk_end(game.state.unit(a.unit), a.steps) for a in walks}
    return {"moves": sum(isinstance(a, Move) for a in acts), "walks": len(walks), "walk_ends": len(ends),
            "fires": sum(isinstance(a, Fire) for a in acts), "harpoons": sum(isinstance(a, Harpoon) for a in acts)}


def position(name: str):
    units, card = POSITIONS[name]
    g = on_perimeter(units, card, luke="speeder-9")
    if name == "walker-slowed-by-a-leg-hit":
        from dataclasses import replace

        g._state = g.state.with_unit(replace(g.state.unit("walker-1"), legs=1))
    return g


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_golden_counts(name):
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert counts(position(name)) == golden[name]


def test_on_open_ground_a_trooper_reaches_the_90_hexes_within_5():
    # 6 hexes at distance 1, 12 at 2, ... 30 at 5: 3 * 5 * 6 = 90.
    g = arena(clear(13, 13), {"trooper-1": ("trooper", "0707"), "walker-1": ("walker", "0101", 3)},
              card="troopers-move")
    assert sum(isinstance(a, Move) for a in g.legal_actions()) == 90


def test_on_open_ground_a_walker_has_these_distinct_end_positions():
    # Facing south with 5 MPs and no turns: 5 hexes straight on.  Every end (hex, facing) a Walker can
    # reach is listed once per distinct path of hexes entered.
    g = arena(clear(15, 15), {"walker-1": ("walker", "0303", 3)}, card="walkers-move")
    walks = [a for a in g.legal_actions() if isinstance(a, Walk)]
    assert Walk("walker-1", "fffff") in walks and Walk("walker-1", "rrrff") in walks
    assert Walk("walker-1", "lllff") not in walks  # three hexsides are always written rrr
    assert Walk("walker-1", "lrf") not in walks and Walk("walker-1", "ffffff") not in walks
    assert all(len(a.steps) <= 5 for a in walks)
    assert len({a.steps for a in walks}) == len(walks)  # no move listed twice
    ends = {walk_end(g.state.unit("walker-1"), a.steps) for a in walks}
    # Every reachable end: 5 straight on, and fewer hexes the more hexsides are turned.
    assert (walk_end(g.state.unit("walker-1"), "fffff")) in ends
