"""Golden counts (python-chess's perft idea): in fixed positions on both shipped maps, the number of
legal destinations, attacks and provoking paths of the acting figure, kept as data in
tests/golden/reach.json.  A rules change that moves one of these numbers shows up here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hothsim.data.catalog import Catalog
from hothsim.games import open_game
from hothsim.kernel.dice import ScriptedDice
from hothsim.skirmish.actions import Attack, First, Move, parse_action
from tests.arena import arena

GOLDEN = Path(__file__).parent / "golden" / "reach.json"

# name: (map, rebel squad {figure: square}, imperial squad, side to act, figure to activate)
POSITIONS = {
    "outpost-trooper-in-building": ("hoth-outpost", {"hoth-trooper": "i10"}, {"snowtrooper": "ab12"}, "hoth-trooper"),
    "outpost-trooper-by-trench": ("hoth-outpost", {"hoth-trooper": "p12"}, {"snowtrooper": "s12"}, "hoth-trooper"),
    "outpost-han-large": ("hoth-outpost", {"han": "b2", "hoth-trooper": "e4"}, {"snowtrooper": "j3"}, "han"),
    "outpost-luke-at-the-doors": ("hoth-outpost", {"luke": "e14"}, {"snowtrooper": "o14"}, "luke"),
    "outpost-scout-huge": ("hoth-outpost", {"hoth-trooper": "d3"},
                           {"blizzard-scout": "aa20", "snowtrooper": "x18"}, "blizzard-scout"),
    "outpost-speeder-fast": ("hoth-outpost", {"snowspeeder": "c12"}, {"snowtrooper": "z12"}, "snowspeeder"),
    "interior-trooper-corridor": ("echo-base-interior", {"hoth-trooper": "e12", "elite-hoth-trooper": "e13"},
                                  {"snowtrooper": "f14"}, "hoth-trooper"),
    "interior-trooper-north-room": ("echo-base-interior", {"hoth-trooper": "k3"}, {"snowtrooper": "w8"},
                                    "hoth-trooper"),
    "interior-atgar-slow": ("echo-base-interior", {"atgar-trooper": "b12"}, {"snowtrooper": "z12"}, "atgar-trooper"),
}


def _squad(figs: dict[str, str]) -> str:
    return json.dumps([f.rsplit("-", 1)[0] if f[-1].isdigit() else f for f in figs])


def position(tmp_path: Path, name: str):
    map_id, rebel, imperial, actor = POSITIONS[name]
    side = "rebel" if actor in rebel else "imperial"
    pos = "\n".join(f'{f} = "{sq}"' for f, sq in {**rebel, **imperial}.items())
    path = tmp_path / f"{name}.toml"
    path.write_text(
        f'format = "hothsim-scenario/1"\nid = "golden"\nname = "Golden"\ngame = "skirmish"\n'
        f'description = "golden counts"\nmap = "{map_id}"\n\n[skirmish]\nrebel = {_squad(rebel)}\n'
        f"imperial = {_squad(imperial)}\n\n[skirmish.positions]\n{pos}\n", encoding="utf-8")
    game = open_game(path, dice=ScriptedDice([15, 3] if side == "rebel" else [3, 15]), catalog=Catalog.installed())
    game.apply(First(side))
    game.apply(parse_action(f"activate {actor}"))
    return game


def counts(game) -> dict[str, int]:
    actions = game.legal_actions()
    moves = [a for a in actions if isinstance(a, Move)]
    plans = game.moves.planned(game.state.fig(game.state.turn.figure), game.state)[0]
    return {
        "destinations": len(moves),
        "attacks": len([a for a in actions if isinstance(a, Attack)]),
        "targets": len({a.target for a in actions if isinstance(a, Attack)}),
        "provoking": sum(1 for p in plans.values() if p.provoked),
        "farthest": max((p.cost for p in plans.values()), default=0),
    }


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_golden_counts(tmp_path, name):
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert counts(position(tmp_path, name)) == golden[name]


def test_open_ground_a_speed_6_figure_reaches_the_12_square_diamond(tmp_path):
    # Diagonals cost 2, so cost = |dx| + |dy|: within 12 lie 2*12*13 = 312 squares besides the start.
    g = arena(tmp_path, {"hoth-trooper": "p16"}, {"snowtrooper": "a1"}, [15, 3], width=31, height=31)
    g.apply(First("rebel"))
    g.apply(parse_action("activate hoth-trooper"))
    assert len([a for a in g.legal_actions() if isinstance(a, Move)]) == 312
