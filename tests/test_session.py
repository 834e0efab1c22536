"""The Session: taking back decisions (docs/front-end.md: your own last decisions, never past a roll, a card
drawn, a secret revealed or the other player's decision), autosave after every decision, and the log of a
resumed game."""

from __future__ import annotations

from hothsim.assault.actions import Armor, Done, Fire, Walk
from hothsim.skirmish.actions import parse_action
from hothsim.saves import read_record
from hothsim.session import Session
from tests.assault_arena import arena as hex_arena
from tests.assault_arena import clear


def play(session: Session, game, action):
    session.apply(action)


def test_a_walk_is_taken_back_but_a_fire_that_rolled_stands():
    g = hex_arena(clear(), {"walker-1": ("walker", "0202", 3), "walker-2": ("walker", "0702", 3),
                            "trooper-1": ("trooper", "0205")}, card="walkers-move-or-fire",
                  dice=["V", "B", "B", "B", "B", "B"])
    h = Session(g)
    play(h, g, Walk("walker-2", "f"))
    assert h.game.state.unit("walker-2").hex == (6, -1)  # 0703
    why = h.take_back()
    assert why == ""
    assert h.game.state.unit("walker-2").hex == (6, -2) and len(h.game.record.entries) == len(g.record.entries) - 1
    play(h, g, Fire("walker-1", "trooper-1"))  # rolled: it stands, and so does everything before it
    why = h.take_back()
    assert "nothing to take back" in why


def test_the_other_players_decision_cannot_be_taken_back():
    g = hex_arena(clear(), {"walker-1": ("walker", "0909", 0), "trooper-1": ("trooper", "0101")},
                  card="walkers-move", deck=["troopers-move"])
    h = Session(g)
    play(h, g, Done())  # the Imperial player ends the round; the Rebel player decides now
    why = h.take_back()
    assert "only the player who made the last decision" in why


def test_a_revealed_secret_cannot_be_taken_back():
    g = hex_arena(clear(), {"walker-1": ("walker", "0202", 3), "speeder-1": ("speeder", "0203")},
                  card="walkers-fire", luke="speeder-1", dice=["B"] * 6)
    h = Session(g)
    play(h, g, Fire("walker-1", "speeder-1"))  # no roll yet: Luke may answer
    play(h, g, Armor(1))  # Luke is revealed (and the fire then rolls)
    assert "nothing to take back" in h.take_back()


def test_a_skirmish_move_is_taken_back(tmp_path):
    from tests.arena import arena

    g = arena(tmp_path, {"hoth-trooper": "c3"}, {"snowtrooper": "j10"}, [15, 3])
    g.apply(parse_action("first rebel"))
    h = Session(g)
    play(h, g, parse_action("activate hoth-trooper"))
    play(h, g, parse_action("move hoth-trooper d3"))
    assert h.take_back() == "" and h.game.state.fig("hoth-trooper").pos == (2, 2)
    assert h.take_back() == "" and h.game.pending.kind == "activate"


def test_every_decision_is_saved_and_a_taken_back_one_rewrites_the_save(tmp_path):
    from tests.arena import arena

    g = arena(tmp_path, {"hoth-trooper": "c3"}, {"snowtrooper": "j10"}, [15, 3])
    save = tmp_path / "game.hothsim"
    h = Session(g, save)
    h.apply(parse_action("first rebel"))
    h.apply(parse_action("activate hoth-trooper"))
    assert [e.action for e in read_record(save).entries] == ["first rebel", "activate hoth-trooper"]
    assert h.take_back() == ""
    assert [e.action for e in read_record(save).entries] == ["first rebel"]


def test_a_resumed_game_has_its_whole_log(tmp_path):
    import random

    from hothsim.games import open_game
    from tests.conformance import choose

    g = open_game("salvage", seed=3)
    live = Session(g)
    rnd = random.Random(3)
    for _ in range(60):
        live.apply(choose(rnd, live.game.legal_actions()))
    resumed = Session.resume(live.game.record, None)
    assert resumed.log[:-1] == live.log and resumed.log[-1] == "(resumed from the save)"
    assert resumed.game.state == live.game.state and any("d20" in line for line in resumed.log)


def test_a_resumed_game_takes_back_as_the_game_before_quitting_did(tmp_path):
    # Seen: after `resume`, U refused a plain move ("nothing to take back").
    import random

    from hothsim.ai.expert.skirmish import SkirmishExpert
    from hothsim.ai.weights import Weights
    from hothsim.games import open_game
    from hothsim.skirmish.actions import Activate, Move

    g = open_game("salvage", seed=3)
    save = tmp_path / "game.hothsim"
    live = Session(g, save)
    expert, rnd = SkirmishExpert(Weights().skirmish), random.Random(3)
    while not (live.game.record.entries and live.game.record.entries[-1].action.startswith("move")):
        live.apply(expert.choose(live.game, rnd))
    before_move = live._undo[-1].before.state
    assert type(live._undo[-2].before.legal_actions()[0]) is Activate
    resumed = Session.resume(read_record(save), save)
    assert resumed.take_back() == ""
    assert resumed.game.state == before_move and any(type(a) is Move for a in resumed.game.legal_actions())
    assert [e.action for e in read_record(save).entries] == [e.action for e in live.game.record.entries[:-1]]
    assert resumed.take_back() == "" and resumed.game.pending.kind == "activate"
    # Nothing before the roll that began the round can be taken back, as in the game before quitting.
    for _ in range(10):
        why = resumed.take_back()
        if why:
            break
    assert "nothing to take back" in why or "only the player who made the last decision" in why
    if "nothing to take back" in why:
        assert resumed.game.record.entries[-1].outcomes  # the initiative roll


def test_a_decision_may_be_taken_back_exactly_where_the_chance_player_would_not_have_decided():
    # Undo never goes past a chance node: the session's rule and a game opened with chance nodes agree on
    # every decision of random games of both kinds (including the last card drawn from a deck of one,
    # which has one result and so is no chance node).
    import random

    from hothsim.games import open_game
    from hothsim.kernel.chance import first_chance

    for scenario, seed in (("salvage", 4), ("assault-on-hoth", 5)):
        chance = open_game(scenario, seed=seed, chance=True)
        rng = random.Random(seed)
        seen = {True: 0, False: 0}
        for _ in range(160):
            if chance.is_over:
                break
            while chance.is_chance():
                chance.apply(rng.choice(chance.chance_outcomes())[0])
            if chance.is_over:
                break
            before = chance.game.clone()
            action = rng.choice(chance.legal_actions())
            chance.apply(action)
            reached = chance.is_chance()
            assert (first_chance(before, action) is not None) == reached, (scenario, action)
            seen[reached] += 1
        assert seen[True] >= 5 and seen[False] >= 20, (scenario, seen)  # both kinds of decision were met
