"""The core skirmish rules (Battle of Hoth rulebook pages 2-26), each with scripted dice."""

from __future__ import annotations

import pytest

from hothsim.kernel.squares import Edge, parse_square
from hothsim.skirmish.actions import (
    Activate,
    Attack,
    Decline,
    ForceMove,
    Keep,
    Move,
    Opportunity,
    Reroll,
    parse_action,
)
from hothsim.skirmish.game import IllegalAction
from hothsim.skirmish.saving_throws import save_succeeds
from tests.arena import arena


def sq(label: str):
    return parse_square(label)


def do(game, *lines: str):
    events = []
    for line in lines:
        events += game.apply(parse_action(line))
    return events


def hp(game, fid: str) -> int:
    return game.state.fig(fid).hp


# ---------------------------------------------------------------- the rulebook's worked examples


def test_attack_example_leia_hits_vader_17_plus_7_is_24_against_23(tmp_path):
    g = arena(tmp_path, {"leia": "c3"}, {"vader": "h3"}, [15, 3, 17])
    events = do(g, "first rebel", "activate leia", "attack leia vader")
    assert hp(g, "vader") == 120
    line = events[-1].text
    assert "d20 17 +7 Attack = 24 vs Defense 23: hit, 20 damage, vader 140 -> 120" in line


def test_combined_fire_example_against_han_in_low_objects(tmp_path):
    # The Snowtrooper rolls 14, +4 Attack, +4 combined fire = 22 against Han's 16 + 4 cover = 20: hit,
    # Han 90 -> 80.  The helping Snowtrooper is spent, and Vader may still activate in this phase.
    g = arena(tmp_path, {"han": "c3"}, {"snowtrooper-1": "j3", "snowtrooper-2": "j6", "vader": "k10"},
              [3, 15, 14], low=("c3", "d3", "c4", "d4"))
    do(g, "first imperial", "activate snowtrooper-1")
    assert Attack("snowtrooper-1", "han", ("snowtrooper-2",)) in g.legal_actions()
    events = do(g, "attack snowtrooper-1 han +snowtrooper-2")
    assert "d20 14 +4 Attack +4 combined fire = 22 vs Defense 16 +4 cover = 20: hit, 10 damage, han 90 -> 80" \
        in events[-1].text
    assert hp(g, "han") == 80
    assert g.state.fig("snowtrooper-2").activated
    do(g, "end snowtrooper-1")
    assert g.pending.kind == "activate" and g.pending.player == "imperial"
    assert g.state.phase_left == 1
    assert g.legal_actions() == [Activate("vader")]


def test_an_adjacent_enemy_forces_the_choice_of_target(tmp_path):
    g = arena(tmp_path, {"hoth-trooper": "c3"}, {"snowtrooper-1": "d4", "snowtrooper-2": "h3"}, [15, 3])
    do(g, "first rebel", "activate hoth-trooper")
    targets = {a.target for a in g.legal_actions() if isinstance(a, Attack)}
    assert targets == {"snowtrooper-1"}
    with pytest.raises(IllegalAction) as exc:
        g.apply(Attack("hoth-trooper", "snowtrooper-2"))
    assert exc.value.rule == "adjacent enemies"


def test_an_enemy_with_cover_is_a_target_only_when_nearest(tmp_path):
    # snowtrooper-1 stands in low objects 6 squares away; snowtrooper-2 in the open 4 squares away.
    g = arena(tmp_path, {"hoth-trooper": "c3"}, {"snowtrooper-1": "i3", "snowtrooper-2": "c7"}, [15, 3], low=("i3",))
    do(g, "first rebel", "activate hoth-trooper")
    targets = {a.target for a in g.legal_actions() if isinstance(a, Attack)}
    assert targets == {"snowtrooper-2"}
    with pytest.raises(IllegalAction) as exc:
        g.apply(Attack("hoth-trooper", "snowtrooper-1"))
    assert exc.value.rule == "cover"


def test_an_ally_that_has_activated_cannot_combine_fire(tmp_path):
    # Combined fire: an ally that has not yet activated this round gives up its activation to help.
    g = arena(tmp_path, {"hoth-trooper-1": "b2", "hoth-trooper-2": "b4", "elite-hoth-trooper": "b6"},
              {"snowtrooper": "h2"}, [15, 3])
    do(g, "first rebel", "activate hoth-trooper-2", "end hoth-trooper-2", "activate hoth-trooper-1")
    helpers = {h for a in g.legal_actions() if isinstance(a, Attack) for h in a.helpers}
    assert helpers == {"elite-hoth-trooper"}


def test_cover_from_two_sources_is_still_plus_4_once(tmp_path):
    # The Snowtrooper stands in low objects and an ally stands in the line: cover is +4, never +8.
    g = arena(tmp_path, {"hoth-trooper": "b2", "elite-hoth-trooper": "e2"}, {"snowtrooper": "h2"}, [15, 3, 10],
              low=("h2",))
    events = do(g, "first rebel", "activate hoth-trooper", "attack hoth-trooper snowtrooper")
    assert "vs Defense 13 +4 cover = 17: miss" in events[-1].text


def test_a_hologram_in_the_line_gives_no_cover_where_another_character_would(tmp_path):
    g = arena(tmp_path, {"hoth-trooper": "b2"}, {"snowtrooper": "h2", "veers": "e2"}, [15, 3, 10], abilities=True)
    events = do(g, "first rebel", "activate hoth-trooper", "attack hoth-trooper snowtrooper")
    assert "= 14 vs Defense 13: hit" in events[-1].text and "cover" not in events[-1].text  # no +4
    g = arena(tmp_path, {"hoth-trooper": "b2", "elite-hoth-trooper": "e2"}, {"snowtrooper": "h2"}, [15, 3, 10],
              abilities=True)
    events = do(g, "first rebel", "activate hoth-trooper", "attack hoth-trooper snowtrooper")
    assert "= 14 vs Defense 13 +4 cover = 17: miss" in events[-1].text


def test_an_enemy_with_cover_tied_for_nearest_may_be_chosen(tmp_path):
    g = arena(tmp_path, {"hoth-trooper": "c3"}, {"snowtrooper-1": "i3", "snowtrooper-2": "c9"}, [15, 3, 19],
              low=("i3",))
    do(g, "first rebel", "activate hoth-trooper")
    targets = {a.target for a in g.legal_actions() if isinstance(a, Attack)}
    assert targets == {"snowtrooper-1", "snowtrooper-2"}
    events = do(g, "attack hoth-trooper snowtrooper-1")
    assert "vs Defense 13 +4 cover = 17: hit" in events[-1].text


def test_a_covered_enemy_tied_for_nearest_with_one_whose_range_goes_around_a_wall_may_be_chosen(tmp_path):
    # snowtrooper-2 is 4 squares straight down, but a wall makes its range 6 (range is counted around
    # walls): it is no nearer than snowtrooper-1 in low objects at range 6, so snowtrooper-1 may be chosen.
    g = arena(tmp_path, {"hoth-trooper": "c3"}, {"snowtrooper-1": "i3", "snowtrooper-2": "c7"}, [15, 3],
              low=("i3",), walls=(Edge("h", 2, 5),))
    s = g.state
    me = s.fig("hoth-trooper").space()
    assert [g.board.range_between(s.open_doors, me, s.fig(f).space()) for f in ("snowtrooper-1", "snowtrooper-2")] \
        == [6, 6]
    do(g, "first rebel", "activate hoth-trooper")
    assert {a.target for a in g.legal_actions() if isinstance(a, Attack)} == {"snowtrooper-1"}  # -2 unseen


def test_force_move_faster_8_squares_and_attack_or_14_without(tmp_path):
    g = arena(tmp_path, {"leia": "b2"}, {"snowtrooper": "l12"}, [15, 3], width=20, height=20, abilities=True)
    do(g, "first rebel", "activate leia")
    costs = [len(a.path) for a in g.legal_actions() if isinstance(a, Move)]
    assert max(costs) == 12  # straight moves: 12 squares without attacking
    do(g, "force leia move")
    assert g.state.fig("leia").force == 2
    assert max(len(a.path) for a in g.legal_actions() if isinstance(a, Move)) == 14
    assert ForceMove("leia") not in g.legal_actions()  # once per turn
    # 8 squares east, and she may still attack.
    do(g, "move leia " + " ".join(f"{c}2" for c in "cdefghij"))
    assert any(isinstance(a, Attack) for a in g.legal_actions())
    # A ninth square would give up the attack.
    do(g, "move leia k2")
    assert not any(isinstance(a, Attack) for a in g.legal_actions())


def test_no_force_spent_to_move_after_moving_and_attacking(tmp_path):
    # Luke has Force points and no Mobile Attack.
    g = arena(tmp_path, {"luke": "b2"}, {"snowtrooper": "b9"}, [15, 3, 2], abilities=True)
    do(g, "first rebel", "activate luke", "move luke c2", "attack luke snowtrooper")
    assert g.pending.kind == "reroll"
    do(g, "keep luke")
    assert ForceMove("luke") not in g.legal_actions()
    assert not any(isinstance(a, Move) for a in g.legal_actions())


def test_door_example_a_door_opens_at_the_end_of_a_turn_next_to_it(tmp_path):
    # A wall along x = 6 with a door beside F4/G4.  Trooper 1 walks up to it but cannot go through;
    # when its turn ends the door opens, and trooper 2 moves through it.
    wall = tuple(Edge("v", 6, y) for y in range(12) if y != 3)
    door = Edge("v", 6, 3)
    g = arena(tmp_path, {"hoth-trooper-1": "b4", "hoth-trooper-2": "b5"}, {"snowtrooper": "k10"}, [15, 3],
              walls=wall, doors=(door,))
    do(g, "first rebel", "activate hoth-trooper-1")
    dests = {a.destination for a in g.legal_actions() if isinstance(a, Move)}
    assert sq("f4") in dests and sq("g4") not in dests
    with pytest.raises(IllegalAction) as exc:
        g.apply(parse_action("move hoth-trooper-1 c4 d4 e4 f4 g4"))
    assert exc.value.rule == "movement"
    do(g, "move hoth-trooper-1 c4 d4 e4 f4", "end hoth-trooper-1")
    assert door in g.state.open_doors
    do(g, "activate hoth-trooper-2", "move hoth-trooper-2 c5 d5 e5 f4 g4 h4")
    assert g.state.fig("hoth-trooper-2").pos == sq("h4")


def test_a_square_behind_a_closed_door_is_refused_with_the_door_rule(tmp_path):
    # The screen's refusal for G4 (beyond the closed door) says the door is the reason and how it opens;
    # a square out of reach whatever the doors stays a refusal about the path.
    wall = tuple(Edge("v", 6, y) for y in range(12) if y != 3)
    door = Edge("v", 6, 3)
    g = arena(tmp_path, {"hoth-trooper": "b4"}, {"snowtrooper": "k10"}, [15, 3], walls=wall, doors=(door,))
    do(g, "first rebel", "activate hoth-trooper")
    why = g.move_refusal(sq("g4"))
    assert why is not None and why.rule == "doors"
    assert "a closed door bars the way to G4" in why.message and "turn ends with a character next to it" in why.message
    far = g.move_refusal(sq("l12"))  # 18 squares away: out of reach with the door open too
    assert far is not None and far.rule != "doors"


def test_a_door_closes_when_a_turn_ends_with_nobody_next_to_it(tmp_path):
    wall = tuple(Edge("v", 6, y) for y in range(12) if y != 3)
    door = Edge("v", 6, 3)
    g = arena(tmp_path, {"hoth-trooper": "f4"}, {"snowtrooper": "k10"}, [15, 3], walls=wall, doors=(door,))
    assert door in g.state.open_doors  # set up next to the door: it starts open
    do(g, "first rebel", "activate hoth-trooper", "move hoth-trooper g4 h4 i4", "end hoth-trooper")
    assert door not in g.state.open_doors


# ---------------------------------------------------------------- attack rolls


def test_natural_20_always_hits_and_deals_double_damage(tmp_path):
    g = arena(tmp_path, {"hoth-trooper": "c3"}, {"vader": "h3"}, [15, 3, 20])
    events = do(g, "first rebel", "activate hoth-trooper", "attack hoth-trooper vader")
    assert ("d20 20 +4 Attack = 24 vs Defense 23: critical hit (10 Damage + 10 critical hit), 20 damage, "
            "vader 140 -> 120") in events[-1].text


def test_natural_1_misses_even_when_the_total_reaches_defense(tmp_path):
    # Vader +13 against a Hoth Trooper's Defense 13: 1 + 13 = 14 would hit by the plain numbers.
    g = arena(tmp_path, {"hoth-trooper": "d3"}, {"vader": "c3"}, [3, 15, 1])
    events = do(g, "first imperial", "activate vader", "attack vader hoth-trooper")
    assert "d20 1 +13 Attack = 14 vs Defense 13: natural 1, miss" in events[-1].text
    assert hp(g, "hoth-trooper") == 20


def test_natural_1_always_misses(tmp_path):
    g2 = arena(tmp_path, {"leia": "c3"}, {"snowtrooper": "h3"}, [15, 3, 1])
    events = do(g2, "first rebel", "activate leia", "attack leia snowtrooper")
    assert events[-1].text.endswith("natural 1, miss")
    assert hp(g2, "snowtrooper") == 20


def test_a_hit_needs_the_total_to_reach_defense(tmp_path):
    g = arena(tmp_path, {"hoth-trooper": "c3"}, {"snowtrooper": "h3"}, [15, 3, 8])
    events = do(g, "first rebel", "activate hoth-trooper", "attack hoth-trooper snowtrooper")
    assert "= 12 vs Defense 13: miss" in events[-1].text
    g = arena(tmp_path, {"hoth-trooper": "c3"}, {"snowtrooper": "h3"}, [15, 3, 9])
    events = do(g, "first rebel", "activate hoth-trooper", "attack hoth-trooper snowtrooper")
    assert "= 13 vs Defense 13: hit, 10 damage, snowtrooper 20 -> 10" in events[-1].text


def test_defeated_at_0_hit_points_and_removed(tmp_path):
    g = arena(tmp_path, {"hoth-trooper": "c3", "elite-hoth-trooper": "c8"}, {"snowtrooper": "h3"},
              [15, 3, 20])
    events = do(g, "first rebel", "activate hoth-trooper", "attack hoth-trooper snowtrooper")
    assert "snowtrooper 20 -> defeated" in events[-2].text
    assert g.state.fig("snowtrooper").defeated and g.state.fig("snowtrooper").pos is None
    assert g.is_over and g.winner == "rebel"


def test_force_reroll_of_a_missed_attack_stands_even_when_worse(tmp_path):
    g = arena(tmp_path, {"leia": "c3"}, {"snowtrooper-1": "h3", "snowtrooper-2": "h9"}, [15, 3, 2, 1],
              abilities=True)
    do(g, "first rebel", "activate leia", "attack leia snowtrooper-1")
    assert g.pending.kind == "reroll" and g.pending.player == "rebel"
    assert g.legal_actions() == [Reroll("leia"), Keep("leia")]
    events = do(g, "reroll leia")
    assert g.state.fig("leia").force == 2
    assert "natural 1, miss" in events[-1].text
    assert hp(g, "snowtrooper-1") == 20


def test_attacking_an_ally_is_refused(tmp_path):
    g = arena(tmp_path, {"hoth-trooper-1": "c3", "hoth-trooper-2": "f3"}, {"snowtrooper": "k10"}, [15, 3])
    do(g, "first rebel", "activate hoth-trooper-1")
    with pytest.raises(IllegalAction) as exc:
        g.apply(Attack("hoth-trooper-1", "hoth-trooper-2"))
    assert exc.value.rule == "attacking allied characters"


def test_no_line_of_sight_through_a_wall(tmp_path):
    wall = tuple(Edge("v", 6, y) for y in range(12))
    g = arena(tmp_path, {"hoth-trooper": "c3"}, {"snowtrooper": "h3"}, [15, 3], walls=wall)
    do(g, "first rebel", "activate hoth-trooper")
    assert not any(isinstance(a, Attack) for a in g.legal_actions())
    with pytest.raises(IllegalAction) as exc:
        g.apply(Attack("hoth-trooper", "snowtrooper"))
    assert exc.value.rule == "line of sight"


# ---------------------------------------------------------------- combined fire


def test_combined_fire_needs_line_of_sight_and_an_unactivated_ally(tmp_path):
    wall = tuple(Edge("h", x, 6) for x in range(12))
    g = arena(tmp_path, {"hoth-trooper-1": "c3", "hoth-trooper-2": "e3", "elite-hoth-trooper": "c9"},
              {"snowtrooper": "j3"}, [15, 3], walls=wall)
    do(g, "first rebel", "activate hoth-trooper-1")
    helpers = {a.helpers for a in g.legal_actions() if isinstance(a, Attack)}
    assert helpers == {(), ("hoth-trooper-2",)}  # the elite, behind the wall, cannot see the target
    with pytest.raises(IllegalAction) as exc:
        g.apply(Attack("hoth-trooper-1", "snowtrooper", ("elite-hoth-trooper",)))
    assert exc.value.rule == "combined fire"


def test_combined_fire_never_on_an_attack_of_opportunity(tmp_path):
    g = arena(tmp_path, {"hoth-trooper": "c3"}, {"snowtrooper-1": "d4", "snowtrooper-2": "d9"}, [15, 3, 12])
    do(g, "first rebel", "activate hoth-trooper", "move hoth-trooper b3")
    assert g.pending.kind == "opportunity"
    assert all(isinstance(a, (Opportunity, Decline)) for a in g.legal_actions())
    events = do(g, "opportunity snowtrooper-1 hoth-trooper")
    assert "combined fire" not in events[-1].text


# ---------------------------------------------------------------- attacks of opportunity


def test_leaving_an_adjacent_square_provokes_and_the_enemy_player_decides(tmp_path):
    g = arena(tmp_path, {"hoth-trooper": "c3"}, {"snowtrooper": "d4"}, [15, 3, 15])
    do(g, "first rebel", "activate hoth-trooper")
    moves = {a.destination: a for a in g.legal_actions() if isinstance(a, Move)}
    do(g, "move hoth-trooper b3 a3")
    d = g.pending
    assert (d.kind, d.player, d.figure) == ("opportunity", "imperial", "hoth-trooper")
    assert g.state.fig("hoth-trooper").pos == sq("c3")  # resolved before the step
    events = do(g, "opportunity snowtrooper hoth-trooper")
    assert "hoth-trooper 20 -> 10" in " ".join(e.text for e in events)
    assert g.state.fig("hoth-trooper").pos == sq("a3")  # the survivor carries on
    assert g.pending.kind == "turn"
    assert moves  # (the default paths were offered)


def test_one_attack_of_opportunity_per_enemy_per_turn(tmp_path):
    g = arena(tmp_path, {"hoth-trooper": "c3"}, {"snowtrooper": "d4"}, [15, 3, 2])
    do(g, "first rebel", "activate hoth-trooper", "move hoth-trooper c4")
    do(g, "opportunity snowtrooper hoth-trooper")
    assert g.state.fig("hoth-trooper").pos == sq("c4")
    do(g, "move hoth-trooper c5")  # leaves another square next to the Snowtrooper: no second attack
    assert g.pending.kind == "turn" and g.state.fig("hoth-trooper").pos == sq("c5")


def test_a_declined_attack_of_opportunity_lets_the_mover_pass(tmp_path):
    g = arena(tmp_path, {"hoth-trooper": "c3"}, {"snowtrooper": "d4"}, [15, 3])
    do(g, "first rebel", "activate hoth-trooper", "move hoth-trooper b3 a3", "decline snowtrooper")
    assert g.state.fig("hoth-trooper").pos == sq("a3") and hp(g, "hoth-trooper") == 20


def test_default_path_provokes_the_fewest_attacks_of_opportunity(tmp_path):
    # From C3 next to a Snowtrooper at D4, every first step leaves an adjacent square: one attack at
    # least.  The default path to E2 must not pass a second enemy at E4... it provokes exactly one.
    g = arena(tmp_path, {"hoth-trooper": "c3"}, {"snowtrooper-1": "d4", "snowtrooper-2": "f3"}, [15, 3])
    do(g, "first rebel", "activate hoth-trooper")
    plans = g.moves.planned(g.state.fig("hoth-trooper"), g.state)[0]
    assert plans[sq("a1")].provoked == frozenset({"snowtrooper-1"})
    assert plans[sq("e1")].provoked == frozenset({"snowtrooper-1"})  # around, not past, snowtrooper-2
    assert plans[sq("e1")].path[-1] == sq("e1")


def test_a_mover_defeated_by_an_attack_of_opportunity_stops(tmp_path):
    g = arena(tmp_path, {"hoth-trooper": "c3", "elite-hoth-trooper": "c9"}, {"snowtrooper": "d4"}, [15, 3, 20])
    do(g, "first rebel", "activate hoth-trooper", "move hoth-trooper b3 a3", "opportunity snowtrooper hoth-trooper")
    assert g.state.fig("hoth-trooper").defeated
    assert g.state.turn is None and g.pending.kind == "activate"


# ---------------------------------------------------------------- rounds and phases


def test_initiative_ties_roll_again_and_the_winner_decides(tmp_path):
    g = arena(tmp_path, {"hoth-trooper": "c3"}, {"snowtrooper": "j3"}, [9, 9, 4, 11])
    assert g.pending.kind == "first" and g.pending.player == "imperial"
    assert g.state.initiative == "imperial"


def test_phases_alternate_two_activations_and_a_side_out_of_characters_is_skipped(tmp_path):
    rebels = {f"hoth-trooper-{i}": f"a{i}" for i in range(1, 4)}
    imps = {"snowtrooper-1": "l1", "snowtrooper-2": "l2"}
    g = arena(tmp_path, rebels, imps, [15, 3, 5, 6])
    do(g, "first rebel")
    order = []
    while g.state.round == 1 and not g.is_over:
        d = g.pending
        assert d.kind == "activate"
        act = g.legal_actions()[0]
        order.append(d.player)
        do(g, act.notation(), f"end {act.figure}")
    assert order == ["rebel", "rebel", "imperial", "imperial", "rebel"]


def test_each_character_activates_once_a_round(tmp_path):
    g = arena(tmp_path, {"hoth-trooper": "a1"}, {"snowtrooper": "l12"}, [15, 3, 8, 2])
    do(g, "first rebel", "activate hoth-trooper", "end hoth-trooper")
    assert g.pending.player == "imperial"
    with pytest.raises(IllegalAction) as exc:
        g.apply(Activate("hoth-trooper"))
    assert exc.value.rule == "turn order" or exc.value.rule == "rounds and phases"
    do(g, "activate snowtrooper", "end snowtrooper")
    assert g.state.round == 2 and g.pending.kind == "first"


# ---------------------------------------------------------------- illegal actions


def test_an_illegal_action_names_its_rule_and_changes_nothing(tmp_path):
    g = arena(tmp_path, {"hoth-trooper": "c3"}, {"snowtrooper": "j3"}, [15, 3])
    do(g, "first rebel", "activate hoth-trooper")
    before, record = g.state, g.record
    for bad, rule in [
        ("move hoth-trooper c5", "movement"),  # not a step from C3
        ("move hoth-trooper " + " ".join(f"c{i}" for i in range(4, 12)) + " d12 e12 f12 g12 h12", "movement"),
        ("activate snowtrooper", "turn order"),
        ("end snowtrooper", "turn order"),
    ]:
        with pytest.raises(IllegalAction) as exc:
            g.apply(parse_action(bad))
        assert exc.value.rule == rule, bad
        assert g.state is before and g.record is record


def test_saves_natural_20_succeeds_natural_1_fails():
    assert save_succeeds(11, 11) and not save_succeeds(10, 11)
    assert save_succeeds(20, 25) and not save_succeeds(1, 2)
    # Where the plain numbers say otherwise: a natural 1 fails a save of 1, a natural 20 makes a save of 21.
    assert not save_succeeds(1, 1) and not save_succeeds(1, 0) and save_succeeds(20, 21) and save_succeeds(2, 1)


# ---------------------------------------------------------------- victory


def test_tie_breaker_after_quiet_rounds_nearest_the_centre(tmp_path):
    # No attacks for the set number of rounds: no points defeated, the Rebel stands nearer the centre.
    g = arena(tmp_path, {"hoth-trooper": "f6"}, {"snowtrooper": "l12"}, [15, 3], tie_break_rounds=1)
    do(g, "first rebel", "activate hoth-trooper", "end hoth-trooper", "activate snowtrooper", "end snowtrooper")
    assert g.is_over and g.winner == "rebel"
    assert "nearest the centre" in g.state.end_reason


def test_tie_breaker_points_and_distance_tied_the_costlier_character_wins(tmp_path):
    # F6 and G7 both touch the centre of the 12x12 arena: the Elite Hoth Trooper (12) outweighs a Snowtrooper (7).
    g = arena(tmp_path, {"elite-hoth-trooper": "f6"}, {"snowtrooper": "g7"}, [15, 3], tie_break_rounds=1)
    do(g, "first rebel", "activate elite-hoth-trooper", "end elite-hoth-trooper", "activate snowtrooper",
       "end snowtrooper")
    assert g.is_over and g.winner == "rebel" and "costlier character" in g.state.end_reason


def test_tie_breaker_everything_tied_is_a_draw(tmp_path):
    g = arena(tmp_path, {"hoth-trooper": "f6"}, {"snowtrooper": "g7"}, [15, 3], tie_break_rounds=1)
    do(g, "first rebel", "activate hoth-trooper", "end hoth-trooper", "activate snowtrooper", "end snowtrooper")
    assert g.is_over and g.winner is None and "a draw" in g.state.end_reason


def test_tie_breaker_only_one_side_can_reach_the_centre(tmp_path):
    # The Snowtrooper is walled into the corner square A1: it cannot reach the centre, so the Rebel wins.
    g = arena(tmp_path, {"hoth-trooper": "l12"}, {"snowtrooper": "a1"}, [15, 3], tie_break_rounds=1,
              walls=(Edge("v", 1, 0), Edge("h", 0, 1)))
    do(g, "first rebel", "activate hoth-trooper", "end hoth-trooper", "activate snowtrooper", "end snowtrooper")
    assert g.is_over and g.winner == "rebel" and "only rebel has a character that can reach the centre" in \
        g.state.end_reason


def test_a_missed_attack_roll_makes_the_round_noisy_for_the_tie_breaker(tmp_path):
    # "no damage, no attack roll and no forced save": an attack roll that misses still counts.
    g = arena(tmp_path, {"hoth-trooper": "f6"}, {"snowtrooper": "f12"}, [15, 3, 2, 15, 3], tie_break_rounds=1)
    ev = do(g, "first rebel", "activate hoth-trooper", "attack hoth-trooper snowtrooper", "end hoth-trooper",
            "activate snowtrooper", "end snowtrooper")
    assert "miss" in " | ".join(e.text for e in ev)
    assert not g.is_over and g.state.quiet_rounds == 0


def test_the_tie_breaker_waits_for_exactly_its_number_of_quiet_rounds(tmp_path):
    g = arena(tmp_path, {"hoth-trooper": "f6"}, {"snowtrooper": "l12"}, [15, 3, 15, 3], tie_break_rounds=2)
    do(g, "first rebel", "activate hoth-trooper", "end hoth-trooper", "activate snowtrooper", "end snowtrooper")
    assert not g.is_over and g.state.quiet_rounds == 1
    do(g, "first rebel", "activate hoth-trooper", "end hoth-trooper", "activate snowtrooper", "end snowtrooper")
    assert g.is_over and g.winner == "rebel"


# ---------------------------------------------------------------- big figures


def _doorway(x: int, gap_rows: tuple[int, ...]):
    """A wall down column edge x with openings at the given rows (0-based)."""
    return tuple(Edge("v", x, y) for y in range(12) if y not in gap_rows)


def test_a_large_figure_squeezes_through_a_one_square_opening_and_ends_where_it_fits(tmp_path):
    g = arena(tmp_path, {"luke": "d5"}, {"snowtrooper": "k11"}, [15, 3], walls=_doorway(6, (5,)), abilities=True)
    do(g, "first rebel", "activate luke")
    dests = {a.destination for a in g.legal_actions() if isinstance(a, Move)}
    assert sq("g5") in dests  # through the gap in row 6 to the far side
    assert all(len(d) == 2 for d in dests)  # never ends squeezed
    do(g, "move luke e5 f5~11 g5")
    assert g.state.fig("luke").pos == sq("g5")
    with pytest.raises(IllegalAction):
        g2 = arena(tmp_path, {"luke": "d5"}, {"snowtrooper": "k11"}, [15, 3], walls=_doorway(6, (5,)), abilities=True)
        do(g2, "first rebel", "activate luke", "move luke e5 f5~11")  # may not end squeezed


def test_a_large_figure_cannot_squeeze_past_an_enemy(tmp_path):
    g = arena(tmp_path, {"luke": "d5"}, {"snowtrooper": "g7"}, [15, 3], walls=_doorway(6, (5,)), abilities=True)
    do(g, "first rebel", "activate luke")
    dests = {a.destination for a in g.legal_actions() if isinstance(a, Move)}
    assert not any(d[0] >= 6 for d in dests)  # the enemy beside the gap closes it to a squeezing figure


def test_a_rigid_figure_cannot_squeeze(tmp_path):
    g = arena(tmp_path, {"hoth-trooper": "a1"}, {"blizzard-scout": "b4"}, [3, 15], walls=_doorway(6, (4, 5)),
              abilities=True)
    do(g, "first imperial", "activate blizzard-scout")
    dests = {a.destination for a in g.legal_actions() if isinstance(a, Move)}
    assert not any(d[0] >= 6 for d in dests)
    # Without Rigid (abilities off) the Huge walker squeezes through the 2-square gap.
    g = arena(tmp_path, {"hoth-trooper": "a1"}, {"blizzard-scout": "b4"}, [3, 15], walls=_doorway(6, (4, 5)))
    do(g, "first imperial", "activate blizzard-scout")
    dests = {a.destination for a in g.legal_actions() if isinstance(a, Move)}
    assert any(d[0] >= 6 for d in dests)


def test_a_big_figure_pays_for_terrain_under_any_part_of_its_space(tmp_path):
    g = arena(tmp_path, {"luke": "b2"}, {"snowtrooper": "k11"}, [15, 3], low=("d3",), abilities=True)
    do(g, "first rebel", "activate luke")
    plans = g.moves.planned(g.state.fig("luke"), g.state)[0]
    assert plans[sq("c2")].cost == 2  # its right half enters the low objects in D3
    assert plans[sq("b3")].cost == 1


def test_the_log_names_each_door_that_opens_or_closes_by_the_squares_it_lies_between():
    """Doors open and close with who stands next to them at the end of a turn: the event names each door
    (`door M16-M17 opens`), and the door named is one of the map's, open or closed as it says."""
    import re

    from hothsim.ai import player_named
    from hothsim.games import open_game
    from hothsim.kernel.squares import parse_square
    from hothsim.match import decide_within

    game = open_game("salvage", seed=3)
    named = []
    for n in range(400):
        if game.is_over:
            break
        choice, _ = decide_within(player_named("expert"), game, n, None)
        for event in game.apply(choice.action):
            for a, b, verb in re.findall(r"door ([A-Z]+\d+)-([A-Z]+\d+) (opens|closes|starts open)", event.text):
                door = next(d for d in game.setup.grid.doors
                            if set(d.squares) == {parse_square(a), parse_square(b)})
                assert (door in game.state.open_doors) == (verb != "closes")
                named.append(verb)
    assert "opens" in named and "closes" in named


def test_a_destinations_outlook_is_what_the_figure_would_have_there_shots_and_who_could_shoot_it():
    """For every move of every turn of a seeded game that gives no attack of opportunity: its outlook's shots
    are the attacks the game then offers from there, with the same chances (none where the move uses up the
    attack), and its threats are the enemies whose legal targets include the figure once its turn has
    ended there, the doors opened or closed by the rules."""
    from hothsim.ai import player_named
    from hothsim.games import open_game
    from hothsim.match import decide_within
    from hothsim.skirmish.actions import Attack, EndTurn, Move

    checked = shots_seen = threats_seen = 0
    for scenario, seed in (("salvage", 3), ("echo-base", 4)):
        game = open_game(scenario, seed=seed)
        for n in range(120):
            if game.is_over:
                break
            moves = [a for a in game.legal_actions() if type(a) is Move]
            plans = game.move_plans()
            for move in moves[::7]:
                square = (move.destination[0], move.destination[1])
                if plans[square].provoked:
                    continue  # the move would roll dice for attacks of opportunity
                look = game.outlook(move)
                there = game.clone()
                there.apply(move)
                offered = {(a.target, there.hit_chance(a)) for a in there.legal_actions()
                           if type(a) is Attack and not a.helpers}
                assert set(look.shots) == offered, move.notation()
                ended = [a for a in there.legal_actions() if type(a) is EndTurn]
                if ended:
                    there.apply(ended[0])
                    s = there.state
                    me = s.fig(move.figure)
                    could = {e.id for e in s.living() if e.side != me.side and there.ab.can_attack(s, e)
                             and any(v.target == me.id for v in there.targeting.targets(s, e))}
                    assert set(look.threats) == could, move.notation()
                checked += 1
                shots_seen += bool(look.shots)
                threats_seen += bool(look.threats)
            choice, _ = decide_within(player_named("expert"), game, n, None)
            game.apply(choice.action)
    assert checked > 50 and shots_seen > 5 and threats_seen > 5
