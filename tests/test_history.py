"""Taking back decisions (design.md §6): your own last decisions, never past a roll, a card drawn, a secret
revealed or the other player's decision."""

from __future__ import annotations

from hothsim.assault.actions import Armor, Done, Fire, Walk
from hothsim.skirmish.actions import parse_action
from hothsim.tui.history import History
from tests.assault_arena import arena as hex_arena
from tests.assault_arena import clear


def play(history: History, game, action):
    copy, player = game.clone(), game.pending.player
    game.apply(action)
    history.record(copy, player, game)


def test_a_walk_is_taken_back_but_a_fire_that_rolled_stands():
    g = hex_arena(clear(), {"walker-1": ("walker", "0202", 3), "walker-2": ("walker", "0702", 3),
                            "trooper-1": ("trooper", "0205")}, card="walkers-move-or-fire",
                  dice=["V", "B", "B", "B", "B", "B"])
    h = History()
    play(h, g, Walk("walker-2", "f"))
    earlier, why = h.take_back(g)
    assert why == ""
    assert earlier.state.unit("walker-2").hex == (6, -2) and g.state.unit("walker-2").hex == (6, -1)  # 0702, 0703
    assert len(earlier.record.entries) == len(g.record.entries) - 1
    g = earlier
    play(h, g, Fire("walker-1", "trooper-1"))  # rolled: it stands, and so does everything before it
    earlier, why = h.take_back(g)
    assert earlier is None and "nothing to take back" in why


def test_the_other_players_decision_cannot_be_taken_back():
    g = hex_arena(clear(), {"walker-1": ("walker", "0909", 0), "trooper-1": ("trooper", "0101")},
                  card="walkers-move", deck=["troopers-move"])
    h = History()
    play(h, g, Done())  # the Imperial player ends the round; the Rebel player decides now
    earlier, why = h.take_back(g)
    assert earlier is None and "only the player who made the last decision" in why


def test_a_revealed_secret_cannot_be_taken_back():
    g = hex_arena(clear(), {"walker-1": ("walker", "0202", 3), "speeder-1": ("speeder", "0203")},
                  card="walkers-fire", luke="speeder-1", dice=["B"] * 6)
    h = History()
    play(h, g, Fire("walker-1", "speeder-1"))  # no roll yet: Luke may answer
    play(h, g, Armor(1))  # Luke is revealed (and the fire then rolls)
    assert h.take_back(g)[0] is None


def test_a_skirmish_move_is_taken_back(tmp_path):
    from tests.arena import arena

    g = arena(tmp_path, {"hoth-trooper": "c3"}, {"snowtrooper": "j10"}, [15, 3])
    g.apply(parse_action("first rebel"))
    h = History()
    play(h, g, parse_action("activate hoth-trooper"))
    play(h, g, parse_action("move hoth-trooper d3"))
    earlier, why = h.take_back(g)
    assert why == "" and earlier.state.fig("hoth-trooper").pos == (2, 2)
    earlier2, _ = h.take_back(earlier)
    assert earlier2.pending.kind == "activate"
