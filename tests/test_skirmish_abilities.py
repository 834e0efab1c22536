"""Every special ability, Force power and commander effect of the pack, with scripted dice and numbers.

Dice lists start with the two initiative rolls (Rebel, Imperial).
"""

from __future__ import annotations

import pytest

from hothsim.skirmish.force_points import turn_id
from hothsim.kernel.squares import parse_square
from hothsim.skirmish.actions import Attack, ForcePower, Harpoon, Heal, Move, Recruit, parse_action
from hothsim.skirmish.game import IllegalAction
from tests.arena import arena, with_cards


def do(game, *lines: str):
    events = []
    for line in lines:
        events += game.apply(parse_action(line))
    return events


def text(events) -> str:
    return " | ".join(e.text for e in events)


def hp(game, fid: str) -> int:
    return game.state.fig(fid).hp


def A(tmp_path, rebel, imperial, dice, **kw):
    return arena(tmp_path, rebel, imperial, dice, abilities=True, **kw)


# ---------------------------------------------------------------- attack and damage bonuses


def test_cunning_attack_plus_4_and_plus_10_against_an_enemy_that_has_not_activated(tmp_path):
    g = A(tmp_path, {"han": "b2"}, {"snowtrooper-1": "h2", "snowtrooper-2": "h9"}, [15, 3, 3])
    ev = do(g, "first rebel", "activate han", "attack han snowtrooper-1")
    # 3 + 10 Attack + 4 Cunning = 17 vs 13: hit for 20 + 10.
    assert "d20 3 +10 Attack +4 Cunning Attack = 17 vs Defense 13" in text(ev)
    assert "30 damage" in text(ev) and g.state.fig("snowtrooper-1").defeated


def test_cunning_attack_gives_nothing_against_an_enemy_that_has_activated(tmp_path):
    g = A(tmp_path, {"han": "b2", "hoth-trooper": "a12"}, {"vader": "h2", "snowtrooper": "l12"}, [3, 15, 2])
    do(g, "first imperial", "activate vader", "end vader", "activate snowtrooper", "end snowtrooper",
       "activate han")
    ev = do(g, "attack han vader")
    assert "d20 2 +10 Attack = 12 vs Defense 23" in text(ev)


def test_advantageous_attack_10_extra_damage_against_an_enemy_that_has_not_activated(tmp_path):
    g = A(tmp_path, {"leia": "c3"}, {"vader": "h3"}, [15, 3, 17])
    ev = do(g, "first rebel", "activate leia", "attack leia vader", "decline vader")  # no Deflect
    assert "(20 Damage + 10 Advantageous Attack), 30 damage, vader 140 -> 110" in text(ev)


def test_lightsaber_10_extra_damage_only_against_an_adjacent_enemy(tmp_path):
    g = A(tmp_path, {"luke": "c3"}, {"snowtrooper-1": "e3", "snowtrooper-2": "j9"}, [15, 3, 10])
    ev = do(g, "first rebel", "activate luke", "attack luke snowtrooper-1")
    assert "(10 Damage + 10 Lightsaber), 20 damage, snowtrooper-1 20 -> defeated" in text(ev)
    g = A(tmp_path, {"luke": "c3"}, {"snowtrooper-1": "h3", "snowtrooper-2": "j9"}, [15, 3, 10])
    ev = do(g, "first rebel", "activate luke", "attack luke snowtrooper-1")
    assert "hit, 10 damage, snowtrooper-1 20 -> 10" in text(ev)


def test_accurate_shot_targets_a_covered_enemy_that_is_not_the_nearest_with_its_plus_4(tmp_path):
    g = A(tmp_path, {"han": "b2"}, {"snowtrooper-1": "i2", "snowtrooper-2": "b8"}, [15, 3, 9], low=("i2",))
    do(g, "first rebel", "activate han")
    assert {a.target for a in g.legal_actions() if isinstance(a, Attack)} == {"snowtrooper-1", "snowtrooper-2"}
    ev = do(g, "attack han snowtrooper-1")
    assert "vs Defense 13 +4 cover = 17" in text(ev)


def test_damage_reduction_10_and_an_adjacent_lightsaber_ignores_it(tmp_path):
    g = A(tmp_path, {"hoth-trooper": "c3"}, {"blizzard-scout": "h3"}, [15, 3, 20])
    ev = do(g, "first rebel", "activate hoth-trooper", "attack hoth-trooper blizzard-scout")
    assert "20 damage" not in text(ev) and "10 damage (-10 Damage Reduction), blizzard-scout 100 -> 90" in text(ev)
    g = A(tmp_path, {"luke": "c3"}, {"blizzard-scout": "e3"}, [15, 3, 12])
    ev = do(g, "first rebel", "activate luke", "attack luke blizzard-scout")
    assert "20 damage (Damage Reduction ignored: adjacent lightsaber), blizzard-scout 100 -> 80" in text(ev)


def test_natural_20_with_bonus_damage_doubles_the_whole_hit(tmp_path):
    g = A(tmp_path, {"leia": "c3"}, {"vader": "h3"}, [15, 3, 20])
    ev = do(g, "first rebel", "activate leia", "attack leia vader", "decline vader")
    assert "(20 Damage + 10 Advantageous Attack + 30 critical hit), 60 damage, vader 140 -> 80" in text(ev)


# ---------------------------------------------------------------- the shape of a turn


def test_double_attack_no_move_then_attack_again_or_move(tmp_path):
    g = A(tmp_path, {"hoth-trooper-1": "d4", "hoth-trooper-2": "d5", "elite-hoth-trooper": "a12"},
          {"vader": "c4"}, [3, 15, 10, 10])
    do(g, "first imperial", "activate vader", "attack vader hoth-trooper-1")
    assert hp(g, "hoth-trooper-1") == 0 or g.state.fig("hoth-trooper-1").defeated
    acts = g.legal_actions()
    assert Attack("vader", "hoth-trooper-2") in acts  # a second attack
    assert any(isinstance(a, Move) for a in acts)  # or a move instead
    do(g, "attack vader hoth-trooper-2")
    assert g.state.fig("hoth-trooper-2").defeated
    assert not any(isinstance(a, (Move, Attack)) for a in g.legal_actions())  # two attacks: no move


def test_double_attack_not_after_moving(tmp_path):
    g = A(tmp_path, {"hoth-trooper-1": "e4", "hoth-trooper-2": "e5"}, {"vader": "c4"}, [3, 15, 10])
    do(g, "first imperial", "activate vader", "move vader d4", "attack vader hoth-trooper-1")
    assert not any(isinstance(a, Attack) for a in g.legal_actions())


def test_mobile_attack_splits_the_move_around_the_attack(tmp_path):
    g = A(tmp_path, {"leia": "a1"}, {"snowtrooper": "a9"}, [15, 3, 2, 19])
    do(g, "first rebel", "activate leia", "move leia b1 c1", "attack leia snowtrooper")
    if g.pending.kind == "reroll":
        do(g, "keep leia")
    dests = [a for a in g.legal_actions() if isinstance(a, Move)]
    assert max(sum(1 for _ in a.path) for a in dests) == 4  # 6 speed - 2 already moved


def test_heavy_weapon_cannot_move_and_attack_in_one_turn(tmp_path):
    g = A(tmp_path, {"hoth-trooper": "c3"}, {"eweb-snowtrooper": "h3"}, [3, 15, 12])
    do(g, "first imperial", "activate eweb-snowtrooper", "move eweb-snowtrooper h4")
    assert not any(isinstance(a, Attack) for a in g.legal_actions())
    g = A(tmp_path, {"hoth-trooper": "c3"}, {"eweb-snowtrooper": "h3"}, [3, 15, 12])
    do(g, "first imperial", "activate eweb-snowtrooper", "attack eweb-snowtrooper hoth-trooper")
    assert not any(isinstance(a, Move) for a in g.legal_actions())


def test_charging_fire_double_speed_then_attack(tmp_path):
    g = A(tmp_path, {"hoth-trooper": "a2"}, {"elite-snowtrooper": "l2"}, [3, 15, 15])
    do(g, "first imperial", "activate elite-snowtrooper",
       "move elite-snowtrooper " + " ".join(f"{c}2" for c in "kjihgfedc"))  # 9 squares
    assert Attack("elite-snowtrooper", "hoth-trooper") in g.legal_actions()


def test_twin_attack_one_extra_attack_on_the_same_target(tmp_path):
    g = A(tmp_path, {"snowspeeder": "b2"}, {"vader": "b9", "snowtrooper": "l12"}, [15, 3, 18, 18])
    ev = do(g, "first rebel", "activate snowspeeder", "attack snowspeeder vader", "decline vader", "decline vader")
    assert text(ev).count("snowspeeder attacks vader: d20 18") == 2  # the attack and its twin
    assert hp(g, "vader") == 100


def test_fragile_40_stops_attacks_below_40_hit_points(tmp_path):
    g = A(tmp_path, {"atgar-trooper": "b2"}, {"snowtrooper": "b8"}, [15, 3])
    do(g, "first rebel", "activate atgar-trooper")
    assert any(isinstance(a, Attack) for a in g.legal_actions())
    g2 = A(tmp_path, {"atgar-trooper": "b2"}, {"snowtrooper": "b8"}, [15, 3])
    g2._state = g2.state.with_figure(g2.state.fig("atgar-trooper").__class__(
        **{**g2.state.fig("atgar-trooper").__dict__, "hp": 39}))
    do(g2, "first rebel", "activate atgar-trooper")
    assert not any(isinstance(a, Attack) for a in g2.legal_actions())


def test_fragile_40_at_exactly_40_hit_points_may_still_attack(tmp_path):
    g = A(tmp_path, {"atgar-trooper": "b2"}, {"snowtrooper": "b8"}, [15, 3])
    g._state = g.state.with_figure(g.state.fig("atgar-trooper").__class__(
        **{**g.state.fig("atgar-trooper").__dict__, "hp": 40}))
    do(g, "first rebel", "activate atgar-trooper")
    assert any(isinstance(a, Attack) for a in g.legal_actions())  # "below 40" stops it; 40 does not


def test_vaders_effect_reaches_only_followers_named_trooper(tmp_path):
    # p. 11: "Any Imperial character in his squad that has the word 'Trooper' in its name": the Blizzard Scout
    # is not one; a Snowtrooper is.
    g = A(tmp_path, {"hoth-trooper": "l12"}, {"vader": "a1", "blizzard-scout": "c3", "snowtrooper": "a10"}, [15, 3])
    assert g.ab.commander_bonus(g.state, g.state.fig("blizzard-scout"), "defense") is None
    assert g.ab.commander_bonus(g.state, g.state.fig("snowtrooper"), "defense") == ("vader commands", 6)


def test_two_commanders_both_reach_a_follower(tmp_path):
    # Veers' +3 Attack and Vader's +6 Defense both reach a Snowtrooper near them (different effects stack).
    g = A(tmp_path, {"hoth-trooper": "l12"}, {"vader": "a1", "veers": "b3", "snowtrooper": "b4"}, [15, 3])
    s = g.state
    kinds = sorted((e.commander, e.stat) for e in g.ab.effects(s, s.fig("snowtrooper")))
    assert kinds == [("vader", "defense"), ("veers", "attack")]


def test_a_character_left_with_exactly_1_hit_point_stands_and_one_at_0_is_defeated(tmp_path):
    import dataclasses

    g = A(tmp_path, {"hoth-trooper": "c3"}, {"snowtrooper": "d3"}, [15, 3, 15, 3])
    g._state = g.state.with_figure(dataclasses.replace(g.state.fig("snowtrooper"), hp=11))
    do(g, "first rebel", "activate hoth-trooper", "attack hoth-trooper snowtrooper")
    assert hp(g, "snowtrooper") == 1 and not g.state.fig("snowtrooper").defeated
    g = A(tmp_path, {"hoth-trooper": "c3"}, {"snowtrooper": "d3"}, [15, 3, 15, 3])
    g._state = g.state.with_figure(dataclasses.replace(g.state.fig("snowtrooper"), hp=10))
    do(g, "first rebel", "activate hoth-trooper", "attack hoth-trooper snowtrooper")
    assert g.state.fig("snowtrooper").defeated


def test_saves_that_all_succeed_still_make_the_round_noisy(tmp_path):
    # A forced save is noise for the tie-breaker even when nobody takes damage: the Atgar misses Vader (2),
    # and Vader's Splash save of 15 succeeds.
    g = A(tmp_path, {"atgar-trooper": "b2"}, {"vader": "b8"}, [15, 3, 2, 15], tie_break_rounds=1)
    ev = do(g, "first rebel", "activate atgar-trooper", "attack atgar-trooper vader")
    assert "saves against splash: d20 15 vs 11: saved" in text(ev)
    assert g.state.noisy


def test_splash_saves_are_rolled_for_the_acting_players_characters_first(tmp_path):
    # rules decision 23: the acting player's characters save first. The Atgar misses Vader; its own Hoth
    # Trooper next to Vader saves first (5: fails, 10 damage), then Vader (15: saves).
    g = A(tmp_path, {"atgar-trooper": "b2", "hoth-trooper": "a8"}, {"vader": "b8"}, [15, 3, 2, 5, 15])
    ev = do(g, "first rebel", "activate atgar-trooper", "attack atgar-trooper vader")
    assert "miss" in text(ev)
    assert hp(g, "hoth-trooper") == 10 and hp(g, "vader") == 140
    assert text(ev).index("hoth-trooper saves against splash") < text(ev).index("vader saves against splash")


def test_splash_on_a_hit_and_on_a_miss_with_saves_of_11(tmp_path):
    # Hit: the target takes 30, the two adjacent characters save (10 fails, 11 saves).
    g = A(tmp_path, {"atgar-trooper": "b2"}, {"vader": "b8", "snowtrooper-1": "c9", "snowtrooper-2": "a9"},
          [15, 3, 20, 10, 11])
    ev = do(g, "first rebel", "activate atgar-trooper", "attack atgar-trooper vader", "decline vader")
    assert hp(g, "vader") == 140 - 60  # critical hit
    assert "snowtrooper-1 saves against splash: d20 10 vs 11: failed, Splash, 10 damage, snowtrooper-1 20 -> 10" \
        in text(ev) or "snowtrooper-2 saves against splash: d20 10 vs 11: failed" in text(ev)
    assert sorted([hp(g, "snowtrooper-1"), hp(g, "snowtrooper-2")]) == [10, 20]
    # Miss: the target and those adjacent each save or take 10.
    g = A(tmp_path, {"atgar-trooper": "b2"}, {"vader": "b8", "snowtrooper-1": "c9", "snowtrooper-2": "l12"},
          [15, 3, 2, 5, 15])
    ev = do(g, "first rebel", "activate atgar-trooper", "attack atgar-trooper vader")
    assert "miss" in text(ev)
    # Saves in figure order: snowtrooper-1 fails on 5 (20 -> 10), Vader saves on 15.
    assert hp(g, "snowtrooper-1") == 10 and hp(g, "vader") == 140


# ---------------------------------------------------------------- abilities that replace attacks


def test_heal_10_never_above_full(tmp_path):
    g = A(tmp_path, {"han": "b2", "hoth-trooper": "d2"}, {"snowtrooper": "l12"}, [15, 3])
    trooper = g.state.fig("hoth-trooper")
    g._state = g.state.with_figure(trooper.__class__(**{**trooper.__dict__, "hp": 15}))
    do(g, "first rebel", "activate han")
    assert Heal("han", "hoth-trooper") in g.legal_actions()
    assert Heal("han", "han") not in g.legal_actions()  # Han is unhurt
    ev = do(g, "heal han hoth-trooper")
    assert hp(g, "hoth-trooper") == 20 and "15 -> 20" in text(ev)
    assert not any(isinstance(a, Attack) for a in g.legal_actions())  # it replaced the attack


def test_heal_works_only_on_living_characters_not_one_with_mounted_weapon(tmp_path):
    # Glossary, Heal: a living character; a Snowspeeder (Mounted Weapon) is a vehicle, not living.
    g = A(tmp_path, {"han": "b2", "snowspeeder": "d2", "hoth-trooper": "b4"}, {"snowtrooper": "l12"}, [15, 3])
    for fid, left in (("snowspeeder", 50), ("hoth-trooper", 15)):
        f = g.state.fig(fid)
        g._state = g.state.with_figure(f.__class__(**{**f.__dict__, "hp": left}))
    do(g, "first rebel", "activate han")
    heals = [a for a in g.legal_actions() if isinstance(a, Heal)]
    assert heals == [Heal("han", "hoth-trooper")]


def test_harpoon_gun_pins_a_mounted_weapon_enemy_unless_it_saves(tmp_path):
    g = A(tmp_path, {"snowspeeder": "b2"}, {"blizzard-scout": "f2", "snowtrooper": "l12"}, [15, 3, 7, 8, 2])
    do(g, "first rebel", "activate snowspeeder")
    assert Harpoon("snowspeeder", "blizzard-scout") in g.legal_actions()
    ev = do(g, "harpoon snowspeeder blizzard-scout")
    assert "d20 7 vs 11: failed, harpooned" in text(ev)
    do(g, "end snowspeeder", "activate blizzard-scout")
    assert not any(isinstance(a, Move) for a in g.legal_actions())


def test_force_grip_10_damage_without_a_roll(tmp_path):
    g = A(tmp_path, {"hoth-trooper": "a1", "elite-hoth-trooper": "k10"}, {"vader": "d5"}, [3, 15])
    do(g, "first imperial", "activate vader")
    rolls = len(g.dice.log)
    ev = do(g, "force vader grip elite-hoth-trooper")
    assert len(g.dice.log) == rolls  # no roll
    assert hp(g, "elite-hoth-trooper") == 20 and g.state.fig("vader").force == 4
    assert "Force Grip" in text(ev)


def test_lightsaber_sweep_one_attack_against_each_adjacent_enemy(tmp_path):
    g = A(tmp_path, {"hoth-trooper-1": "c3", "hoth-trooper-2": "e5", "elite-hoth-trooper": "k10"},
          {"vader": "d4"}, [3, 15, 12, 12])
    do(g, "first imperial", "activate vader")
    ev = do(g, "force vader sweep")
    assert g.state.fig("hoth-trooper-1").defeated and g.state.fig("hoth-trooper-2").defeated
    assert hp(g, "elite-hoth-trooper") == 30 and g.state.fig("vader").force == 4
    assert "Lightsaber Sweep" in text(ev)


def test_use_the_force_is_an_automatic_critical_hit(tmp_path):
    g = A(tmp_path, {"luke": "b2"}, {"vader": "h2"}, [15, 3])
    do(g, "first rebel", "activate luke")
    rolls = len(g.dice.log)
    ev = do(g, "force luke use vader", "decline vader")
    assert len(g.dice.log) == rolls
    assert g.state.fig("luke").force == 0
    assert "(10 Damage + 10 critical hit), 20 damage, vader 140 -> 120" in text(ev)


# ---------------------------------------------------------------- reactions


def test_lightsaber_deflect_a_save_of_11_against_a_nonmelee_hit(tmp_path):
    g = A(tmp_path, {"leia": "c3"}, {"vader": "h3"}, [15, 3, 18, 11])
    do(g, "first rebel", "activate leia", "attack leia vader")
    d = g.pending
    assert (d.kind, d.player, d.figure) == ("reaction", "imperial", "vader")
    ev = do(g, "force vader deflect")
    assert "save d20 11 vs 11: deflected, no damage" in text(ev)
    assert hp(g, "vader") == 140 and g.state.fig("vader").force == 4
    g = A(tmp_path, {"leia": "c3"}, {"vader": "h3"}, [15, 3, 18, 10])
    do(g, "first rebel", "activate leia", "attack leia vader", "force vader deflect")
    assert hp(g, "vader") == 110


def test_splash_reaches_the_characters_next_to_a_target_that_deflects_the_hit(tmp_path):
    # Glossary, Splash: "If this character's attack hits, ... all characters adjacent to the target take [#]
    # points of damage from Splash". A deflected hit is still a hit: Vader takes nothing, his neighbour the
    # Splash (save 11 failed with a 5).
    g = A(tmp_path, {"atgar-trooper": "c3"}, {"vader": "h3", "snowtrooper": "h4"}, [15, 3, 20, 11, 5])
    do(g, "first rebel", "activate atgar-trooper", "attack atgar-trooper vader")
    assert g.pending.kind == "reaction"
    ev = do(g, "force vader deflect")
    assert "deflected, no damage" in text(ev)
    assert hp(g, "vader") == 140
    assert hp(g, "snowtrooper") == 10
    g = A(tmp_path, {"atgar-trooper": "c3"}, {"vader": "h3", "snowtrooper": "h4"}, [15, 3, 20, 11, 11])
    do(g, "first rebel", "activate atgar-trooper", "attack atgar-trooper vader", "force vader deflect")
    assert hp(g, "snowtrooper") == 20  # a save of 11 avoids it


def test_a_force_grip_that_damage_reduction_cuts_to_0_is_no_damage_for_the_tie_breaker(tmp_path):
    # The tie-breaker counts rounds "without damage, attack rolls or forced saves": Force Grip rolls nothing,
    # and 10 damage less Damage Reduction 10 is no damage.
    g = A(tmp_path, {"snowspeeder": "c3"}, {"vader": "h3"}, [15, 3, 15, 3])
    ev = do(g, "first rebel", "activate snowspeeder", "end snowspeeder", "activate vader", "force vader grip snowspeeder",
            "end vader")
    assert "0 damage" in text(ev) and hp(g, "snowspeeder") == 60
    assert g.state.round == 2 and g.state.quiet_rounds == 1
    g = A(tmp_path, {"luke": "c3"}, {"vader": "h3"}, [15, 3, 15, 3])
    do(g, "first rebel", "activate luke", "end luke", "activate vader", "force vader grip luke", "end vader")
    assert hp(g, "luke") == 50 and g.state.quiet_rounds == 0  # 10 damage: a noisy round


def test_lightsaber_deflect_not_offered_says_why_in_the_log(tmp_path):
    # Vader with no Force left: the hit is not offered to Deflect, and the log says why.
    import dataclasses

    g = A(tmp_path, {"leia": "c3"}, {"vader": "h3"}, [15, 3, 18])
    g._state = g.state.with_figure(dataclasses.replace(g.state.fig("vader"), force=0))
    ev = do(g, "first rebel", "activate leia", "attack leia vader")
    assert g.pending.kind != "reaction"
    assert "vader cannot use Lightsaber Deflect: no Force points left" in text(ev)
    assert hp(g, "vader") == 110  # 20 Damage + 10 Advantageous Attack, as when the Deflect save fails


def test_lightsaber_deflect_with_one_force_point_spent_this_turn_names_the_once_a_turn_rule(tmp_path):
    import dataclasses

    g = A(tmp_path, {"leia": "c3"}, {"vader": "h3"}, [15, 3, 18])
    do(g, "first rebel", "activate leia")
    turn = turn_id(g.state)
    g._state = g.state.with_figure(dataclasses.replace(g.state.fig("vader"), force=1, force_turn=turn))
    ev = do(g, "attack leia vader")
    assert "Force points are spent at most once a turn" in text(ev) and "no Force points left" not in text(ev)


def test_lightsaber_deflect_not_offered_after_force_spent_this_turn_says_why(tmp_path):
    # Force is spent at most once a turn: a hit in a turn where Vader already spent Force is not offered.
    import dataclasses

    g = A(tmp_path, {"leia": "c3"}, {"vader": "h3"}, [15, 3, 18])
    do(g, "first rebel", "activate leia")
    turn = turn_id(g.state)
    g._state = g.state.with_figure(dataclasses.replace(g.state.fig("vader"), force_turn=turn))
    ev = do(g, "attack leia vader")
    assert "vader cannot use Lightsaber Deflect: Force points are spent at most once a turn" in text(ev)


def test_lightsaber_riposte_answers_a_melee_hit_with_an_attack(tmp_path):
    # Only Vader has Riposte and only Vader makes melee attacks, so the defender's card is given the power
    # for this test: when a melee attack hits it, its player may answer with one attack.
    import dataclasses

    g = A(tmp_path, {"luke": "e6"}, {"vader": "d5"}, [3, 15, 15, 18])
    cards = dict(g.setup.cards)
    cards["luke"] = dataclasses.replace(cards["luke"], force_powers=("Lightsaber Riposte",))
    g = with_cards(g, cards)
    do(g, "first imperial", "activate vader", "attack vader luke")
    assert hp(g, "luke") == 40
    d = g.pending
    assert (d.kind, d.player, d.figure) == ("reaction", "rebel", "luke")
    ev = do(g, "force luke riposte")
    assert "luke attacks vader: d20 18" in text(ev) and g.state.fig("luke").force == 2


def test_force_reroll_of_a_failed_save_on_an_enemys_turn_after_moving_faster_on_its_own(tmp_path):
    # The rulebook's Vader example: after spending Force to move faster, no Lightsaber Sweep that turn;
    # on an enemy's turn he may spend Force again, to reroll a failed save.
    g = A(tmp_path, {"atgar-trooper": "a12", "hoth-trooper": "b11"}, {"vader": "d4", "snowtrooper": "j12"},
          [3, 15, 9, 4, 12])
    do(g, "first imperial", "activate vader", "force vader move", "move vader c3 b2")
    assert ForcePower("vader", "sweep") not in g.legal_actions()
    do(g, "end vader", "activate snowtrooper", "end snowtrooper")
    assert g.pending.player == "rebel"
    # Move Vader next to the atgar's target for a splash: the Atgar attacks the Snowtrooper... simpler:
    # the Atgar attacks Vader directly and misses, so Vader saves against the splash.
    g._state = g.state.with_figure(g.state.fig("vader").__class__(**{**g.state.fig("vader").__dict__,
                                                                    "pos": parse_square("a9")}))
    do(g, "activate atgar-trooper", "attack atgar-trooper vader")  # d20 9 + 3 = 12 vs 23: miss
    d = g.pending
    assert (d.kind, d.player, d.figure) == ("reroll", "imperial", "vader")  # his failed splash save (4)
    do(g, "reroll vader")
    assert g.state.fig("vader").force == 3 and hp(g, "vader") == 140


# ---------------------------------------------------------------- movement abilities


def test_flight_over_enemies_and_pits_and_no_attacks_of_opportunity(tmp_path):
    g = A(tmp_path, {"snowspeeder": "b2"}, {"snowtrooper-1": "d2", "snowtrooper-2": "d3", "vader": "l12"},
          [15, 3])
    do(g, "first rebel", "activate snowspeeder")
    dests = {a.destination for a in g.legal_actions() if isinstance(a, Move)}
    assert parse_square("e2") in dests  # over the two Snowtroopers
    do(g, "move snowspeeder c2 d2 e2")
    assert g.pending.kind == "turn"  # nobody may attack a flier by opportunity


def test_a_hologram_is_never_a_target_gives_no_cover_and_fades_without_troopers(tmp_path):
    g = A(tmp_path, {"hoth-trooper": "b2"}, {"veers": "e2", "snowtrooper": "h2"}, [15, 3, 15])
    do(g, "first rebel", "activate hoth-trooper")
    assert {a.target for a in g.legal_actions() if isinstance(a, Attack)} == {"snowtrooper"}
    ev = do(g, "attack hoth-trooper snowtrooper")
    assert "cover" not in text(ev)  # Veers stands in the line of fire, but a hologram gives no cover
    g = A(tmp_path, {"hoth-trooper": "b2"}, {"veers": "e2", "snowtrooper": "l12"}, [3, 15])
    do(g, "first imperial")
    ev = do(g, "activate veers")
    assert g.state.fig("veers").defeated and "fades out" in text(ev)


# ---------------------------------------------------------------- commander effects


def test_vader_gives_trooper_followers_plus_6_defense_stacking_with_cover_to_plus_10(tmp_path):
    g = A(tmp_path, {"hoth-trooper": "b2"}, {"snowtrooper": "h2", "vader": "l12"}, [15, 3, 14], low=("h2",))
    ev = do(g, "first rebel", "activate hoth-trooper", "attack hoth-trooper snowtrooper")
    assert "vs Defense 13 +4 cover +6 vader commands = 23: miss" in text(ev)


def test_a_commander_effect_ends_when_its_commander_falls(tmp_path):
    g = A(tmp_path, {"hoth-trooper": "b2", "luke": "j9"}, {"snowtrooper": "h2", "vader": "k12"},
          [15, 3, 9], low=("h2",))
    vader = g.state.fig("vader")
    g._state = g.state.with_figure(vader.__class__(**{**vader.__dict__, "hp": 0, "defeated": True, "pos": None}))
    ev = do(g, "first rebel", "activate hoth-trooper", "attack hoth-trooper snowtrooper")
    assert "vs Defense 13 +4 cover = 17: miss" in text(ev)


def test_rebel_leader_plus_2_attack_within_6_squares_only(tmp_path):
    g = A(tmp_path, {"hoth-trooper": "b2", "rebel-leader": "b5"}, {"snowtrooper": "h2"}, [15, 3, 9])
    ev = do(g, "first rebel", "activate hoth-trooper", "attack hoth-trooper snowtrooper")
    assert "d20 9 +4 Attack +2 rebel-leader commands = 15" in text(ev)
    g = A(tmp_path, {"hoth-trooper": "b2", "rebel-leader": "b12"}, {"snowtrooper": "h2"}, [15, 3, 9])
    ev = do(g, "first rebel", "activate hoth-trooper", "attack hoth-trooper snowtrooper")
    assert "d20 9 +4 Attack = 13" in text(ev)


def test_leias_granted_cunning_attack_stacks_with_the_rebel_leaders_bonus(tmp_path):
    # The glossary: a granted ability's bonus does not stack with the same ability, but does stack with
    # another commander effect's bonus to the same statistic (see docs/rules-decisions.md).
    g = A(tmp_path, {"hoth-trooper": "b2", "leia": "b4", "rebel-leader": "b6"}, {"snowtrooper": "h2"}, [15, 3, 5])
    ev = do(g, "first rebel", "activate hoth-trooper", "attack hoth-trooper snowtrooper")
    assert "d20 5 +4 Attack +4 Cunning Attack +2 rebel-leader commands = 15" in text(ev)
    assert "(10 Damage + 10 Cunning Attack), 20 damage" in text(ev)


def test_leias_commander_effect_does_not_reach_unique_characters(tmp_path):
    # p. 11: "Princess Leia's commander effect doesn't matter in the Quick Start game, since all the
    # characters in her squad are Unique."  Luke, Unique and next to her, gains nothing; a Hoth Trooper does.
    g = A(tmp_path, {"luke": "b2", "leia": "b5", "hoth-trooper": "d5"}, {"snowtrooper": "h2", "vader": "l12"},
          [15, 3, 1])
    luke, trooper = g.state.fig("luke"), g.state.fig("hoth-trooper")
    assert g.ab.effects(g.state, luke) == []
    assert [e.ability for e in g.ab.effects(g.state, trooper)] == ["Cunning Attack"]
    from hothsim.games import open_game

    q = open_game("quick-start", seed=1)
    while q.pending.kind == "place":
        q.apply(q.legal_actions()[0])
    rebels = [f for f in q.state.living("rebel") if f.id != "leia"]
    assert len(rebels) == 2 and all(q.ab.effects(q.state, f) == [] for f in rebels)


def test_a_commander_within_6_squares_reaches_at_exactly_6_and_not_at_7(tmp_path):
    g = A(tmp_path, {"hoth-trooper": "b2", "rebel-leader": "b8"}, {"snowtrooper": "h2"}, [15, 3, 9])
    ev = do(g, "first rebel", "activate hoth-trooper", "attack hoth-trooper snowtrooper")
    assert "+2 rebel-leader commands" in text(ev)  # range 6
    g = A(tmp_path, {"hoth-trooper": "b2", "rebel-leader": "b9"}, {"snowtrooper": "h2"}, [15, 3, 9])
    ev = do(g, "first rebel", "activate hoth-trooper", "attack hoth-trooper snowtrooper")
    assert "rebel-leader commands" not in text(ev)  # range 7


def test_han_gets_no_second_cunning_attack_from_leia(tmp_path):
    g = A(tmp_path, {"han": "b2", "leia": "b5"}, {"snowtrooper": "h2", "vader": "l12"}, [15, 3, 1])
    ev = do(g, "first rebel", "activate han", "attack han snowtrooper")
    assert ev and "+4 Cunning Attack" in text(ev) and text(ev).count("Cunning Attack") == 1


def test_veers_gives_troopers_within_6_plus_3_attack(tmp_path):
    g = A(tmp_path, {"hoth-trooper": "b9"}, {"snowtrooper": "h2", "veers": "h4"}, [3, 15, 9])
    ev = do(g, "first imperial", "activate snowtrooper", "attack snowtrooper hoth-trooper")
    assert "d20 9 +4 Attack +3 veers commands = 16" in text(ev)


# ---------------------------------------------------------------- combined fire and Mounted Weapon


def test_melee_attackers_neither_give_nor_get_combined_fire(tmp_path):
    g = A(tmp_path, {"hoth-trooper": "b2"}, {"snowtrooper": "h2", "vader": "h4"}, [3, 15])
    do(g, "first imperial", "activate snowtrooper")
    assert {a.helpers for a in g.legal_actions() if isinstance(a, Attack)} == {()}


def test_only_mounted_weapons_combine_fire_with_a_mounted_weapon(tmp_path):
    g = A(tmp_path, {"hoth-trooper": "b2"}, {"blizzard-scout": "h2", "snowtrooper": "h6"}, [3, 15])
    do(g, "first imperial", "activate blizzard-scout")
    assert {a.helpers for a in g.legal_actions() if isinstance(a, Attack)} == {()}


def test_flanking_attack_gives_mounted_weapon_allies_minus_4_defense_until_the_end_of_the_round(tmp_path):
    # Glossary: "Until the end of the round, that enemy has -4 Defense against attacks by allies of this
    # character that have Mounted Weapon."  The Blizzard Scout misses (a natural 1) but flanks; the E-Web's
    # 5 + 6 = 11 hits Defense 13 - 4 = 9, which it would miss by the plain numbers.
    g = A(tmp_path, {"hoth-trooper": "b2", "elite-hoth-trooper": "a12"},
          {"blizzard-scout": "h2", "eweb-snowtrooper": "h5", "snowtrooper": "h7"}, [3, 15, 1, 5])
    do(g, "first imperial", "activate blizzard-scout", "attack blizzard-scout hoth-trooper", "end blizzard-scout")
    ev = do(g, "activate eweb-snowtrooper", "attack eweb-snowtrooper hoth-trooper")
    assert "d20 5 +6 Attack = 11 vs Defense 13 -4 flanked = 9: hit" in text(ev)
    # A Snowtrooper has no Mounted Weapon: no -4 for it.
    g = A(tmp_path, {"hoth-trooper": "b2", "elite-hoth-trooper": "a12"},
          {"blizzard-scout": "h2", "eweb-snowtrooper": "h7", "snowtrooper": "h6"}, [3, 15, 1, 9])
    do(g, "first imperial", "activate blizzard-scout", "attack blizzard-scout hoth-trooper", "end blizzard-scout")
    ev = do(g, "activate snowtrooper", "attack snowtrooper hoth-trooper")
    assert "vs Defense 13" in text(ev) and "flanked" not in text(ev)


def test_flanking_attack_minus_4_defense_against_mounted_weapon_allies_only(tmp_path):
    # The Snowspeeder flanks nothing; the Blizzard Scout's Flanking Attack marks its target for the round.
    g = A(tmp_path, {"hoth-trooper": "b2", "elite-hoth-trooper": "a12"}, {"blizzard-scout": "h2"},
          [3, 15, 2, 2])
    do(g, "first imperial", "activate blizzard-scout", "attack blizzard-scout hoth-trooper")
    assert ("blizzard-scout", "hoth-trooper", 1) in g.state.flanked


def test_flanking_attack_marks_only_its_own_target_and_only_for_this_round(tmp_path):
    import dataclasses

    g = A(tmp_path, {"hoth-trooper": "b2", "elite-hoth-trooper": "b4"},
          {"blizzard-scout": "h2", "eweb-snowtrooper": "h5"}, [3, 15])
    s = g.state
    eweb = s.fig("eweb-snowtrooper")

    def flanked(marks, target):
        state = dataclasses.replace(s, flanked=tuple(marks))
        return ("flanked", -4) in g.ab.defense_mods(state, eweb, state.fig(target), False)

    assert flanked({("blizzard-scout", "hoth-trooper", s.round)}, "hoth-trooper")
    assert not flanked({("blizzard-scout", "hoth-trooper", s.round)}, "elite-hoth-trooper")  # another target
    assert not flanked({("blizzard-scout", "hoth-trooper", s.round - 1)}, "hoth-trooper")  # an earlier round
    assert not flanked({("eweb-snowtrooper", "hoth-trooper", s.round)}, "hoth-trooper")  # its own flank


# ---------------------------------------------------------------- squads


def test_skirmish_squads_100_points_unique_and_pack_counts(tmp_path):
    from hothsim.games import open_game

    g = open_game("skirmish", seed=3)
    assert g.pending.kind == "build" and g.pending.player == "imperial"
    do(g, "recruit vader", "recruit snowtrooper", "recruit snowtrooper")
    acts = g.legal_actions()
    assert Recruit("vader") not in acts  # Unique
    assert Recruit("snowtrooper") not in acts  # the pack holds two
    assert Recruit("blizzard-scout") not in acts  # 53 + 14 + 54 > 100
    with pytest.raises(IllegalAction) as exc:
        g.apply(Recruit("blizzard-scout"))
    assert exc.value.rule == "squad building" and "101" not in exc.value.message
    do(g, "ready", "recruit luke", "recruit han", "ready")
    assert g.pending.kind == "place" and g.pending.player == "imperial"  # the Dark Side sets up first
    assert {f.id for f in g.state.figures} == {"vader", "snowtrooper-1", "snowtrooper-2", "luke", "han"}


def test_rapport_lowers_costs_never_below_1():
    from hothsim.skirmish.cards import Card
    from hothsim.skirmish.squads import SquadRules

    base = dict(side="imperial", size=1, copies=1, hp=10, defense=10, attack=0, damage=0, force=0, force_powers=(),
                commander=None)
    cards = {
        "general": Card(id="general", name="General", cost=17, abilities=(("Rapport", "AT-ST", 10),), **base),
        "walker": Card(id="walker", name="AT-ST Driver", cost=30, abilities=(), **base),
        "tiny": Card(id="tiny", name="Little AT-ST", cost=5, abilities=(), **base),
    }
    rules = SquadRules(cards, 100)
    assert rules.costs(["general", "walker", "tiny"]) == [17, 20, 1]
    assert rules.costs(["walker"]) == [30]


def test_every_ability_power_and_effect_is_shown_in_our_words():
    from hothsim.games import open_game

    g = open_game("echo-base")
    for f in g.state.figures:
        card = g.card(f)
        lines = g.describe(f.id)
        for name, _, num in card.abilities:
            line = next(x for x in lines if x.startswith(name))
            assert len(line.split(": ", 1)[1]) > 20, line
            assert " N " not in line and "2N" not in line
        for p in card.force_powers:
            assert any(x.startswith(p + ": ") for x in lines)
        if card.commander:
            assert any(x.startswith("Commander effect: ") and len(x) > 30 for x in lines)
    assert "Moves up to 8 squares and attacks, or 16 squares" in "\n".join(g.describe("han"))


def test_a_glossary_without_text_for_an_ability_is_refused(tmp_path):
    from pathlib import Path

    from hothsim.data.cards import load_cards, load_glossary
    from hothsim.data.errors import DataError

    rules = Path(__file__).resolve().parent.parent / "rules" / "skirmish"
    text = (rules / "glossary.toml").read_text(encoding="utf-8")
    bad = tmp_path / "glossary.toml"
    bad.write_text("\n".join(line for line in text.splitlines() if not line.startswith('"Twin Attack"')),
                   encoding="utf-8")
    with pytest.raises(DataError) as exc:
        load_glossary(bad, load_cards(rules / "cards.toml"))
    assert exc.value.field == "Twin Attack"


# ---------------------------------------------------------------- the glossary's four other abilities


def test_grenades_hit_the_target_and_its_neighbours_who_save_on_11(tmp_path):
    # Glossary: an enemy up to 6 squares away; it and every character adjacent to it take [#] damage; a save
    # of 11 avoids it; no attack roll.  The Elite Hoth Trooper carries Grenades 10.
    from hothsim.skirmish.actions import UseAbility

    g = A(tmp_path, {"elite-hoth-trooper": "b2"}, {"snowtrooper-1": "h2", "snowtrooper-2": "h3"},
          [15, 3, 10, 11])
    do(g, "first rebel", "activate elite-hoth-trooper")
    assert UseAbility("elite-hoth-trooper", "grenades", "snowtrooper-1") in g.legal_actions()
    ev = do(g, "grenades elite-hoth-trooper snowtrooper-1")
    assert "d20" not in text(ev).split("must save")[0]  # no attack roll
    assert hp(g, "snowtrooper-1") == 10 and hp(g, "snowtrooper-2") == 20  # 10 fails, 11 saves
    assert not any(isinstance(a, Attack) for a in g.legal_actions())  # it replaced the attack
    g = A(tmp_path, {"elite-hoth-trooper": "b2"}, {"snowtrooper": "i2"}, [15, 3])
    do(g, "first rebel", "activate elite-hoth-trooper")
    assert not [a for a in g.legal_actions() if isinstance(a, UseAbility)]  # 7 squares away: too far
    g = A(tmp_path, {"elite-hoth-trooper": "b2"}, {"snowtrooper": "h2"}, [15, 3])
    do(g, "first rebel", "activate elite-hoth-trooper")
    assert [a.target for a in g.legal_actions() if isinstance(a, UseAbility)] == ["snowtrooper"]  # 6: in reach


def test_fire_support_mission_replaces_the_turn_60_damage_in_2_squares_cut_to_10_by_a_save_of_6(tmp_path):
    # Glossary: instead of its normal turn, an enemy in line of sight, ignoring cover; it and every character
    # within 2 squares take 60 damage, cut to 10 with a save of 6.  General Veers carries it.
    from hothsim.skirmish.actions import UseAbility

    g = A(tmp_path, {"han": "h2", "hoth-trooper": "h5", "luke": "j10"}, {"veers": "b2", "snowtrooper": "c2"},
          [3, 15, 5, 6], low=("g2",))
    do(g, "first imperial", "activate veers")
    fsm = [a for a in g.legal_actions() if isinstance(a, UseAbility)]
    assert UseAbility("veers", "fire-support", "han") in fsm  # in low objects (cover): still a target
    ev = do(g, "fire-support veers han")
    assert g.pending.kind == "reroll" and g.pending.figure == "han"  # Han may spend Force to reroll the save
    ev += do(g, "keep han")
    assert hp(g, "han") == 30  # 90 - 60: the save of 5 fails
    assert hp(g, "hoth-trooper") == 10  # 2 squares from Han's space: the save of 6 cuts 60 to 10
    assert hp(g, "luke") == 60  # far away
    assert g.legal_actions() == [parse_action("end veers")]  # the whole turn is spent
    assert "must save (6)" in text(ev)


def test_an_ability_used_as_an_action_is_refused_by_its_first_gate_shut(tmp_path):
    # Rulebook, special abilities: the character taking its turn, an ability its card has, used instead of
    # the turn's attacks (Heal) or before anything else in the turn (Fire Support Mission).
    from hothsim.skirmish.actions import UseAbility

    g = A(tmp_path, {"han": "h2", "hoth-trooper": "h4"}, {"veers": "b2", "snowtrooper": "c2"}, [3, 15, 5, 6])
    do(g, "first imperial", "activate veers")
    why = g.refusal(Heal("han", "hoth-trooper"))
    assert (why.rule, why.message) == ("activation", "it is veers's turn")
    why = g.refusal(Heal("veers", "veers"))
    assert (why.rule, why.message) == ("special abilities", "veers does not have Heal")
    do(g, "move veers b1")
    assert not [a for a in g.legal_actions() if isinstance(a, UseAbility)]
    why = g.refusal(UseAbility("veers", "fire-support", "han"))
    assert (why.rule, why.message) == ("replaces the turn", "Fire Support Mission is used instead of the whole "
                                                            "turn, before moving or attacking")
    g = A(tmp_path, {"han": "b2", "hoth-trooper": "d2"}, {"snowtrooper": "l12"}, [15, 3])
    do(g, "first rebel", "activate han")
    why = g.refusal(Heal("han", "han"))  # Han is unhurt: the gates are open, the target is not one
    assert (why.rule, why.message) == ("legal target", "Heal cannot be used on han now")


def test_industrial_repair_mends_an_adjacent_mounted_weapon_character(tmp_path):
    import dataclasses

    from hothsim.skirmish.actions import UseAbility

    g = A(tmp_path, {"atgar-trooper": "b2", "snowspeeder": "c2", "hoth-trooper": "b4"}, {"snowtrooper": "l12"},
          [15, 3])
    g._state = g.state.with_figure(dataclasses.replace(g.state.fig("snowspeeder"), hp=35))
    g._state = g.state.with_figure(dataclasses.replace(g.state.fig("hoth-trooper"), hp=5))
    do(g, "first rebel", "activate atgar-trooper")
    repairs = [a for a in g.legal_actions() if isinstance(a, UseAbility) and a.ability == "repair"]
    assert repairs == [UseAbility("atgar-trooper", "repair", "snowspeeder")]  # not the Hoth Trooper
    do(g, "repair atgar-trooper snowspeeder")
    assert hp(g, "snowspeeder") == 45
    assert not any(isinstance(a, (Attack, UseAbility)) for a in g.legal_actions())  # instead of attacking
    g = A(tmp_path, {"atgar-trooper": "b2", "snowspeeder": "c2"}, {"snowtrooper": "l12"}, [15, 3])
    g._state = g.state.with_figure(dataclasses.replace(g.state.fig("snowspeeder"), hp=55))
    do(g, "first rebel", "activate atgar-trooper", "repair atgar-trooper snowspeeder")
    assert hp(g, "snowspeeder") == 60  # never above its starting hit points


@pytest.mark.parametrize("spotter,squares,bonus", [("a2", 6, True), ("a3", 7, False)])
def test_spotter_reaches_a_target_exactly_6_squares_away_and_not_7(tmp_path, spotter, squares, bonus):
    g = A(tmp_path, {"hoth-trooper": "g2"}, {"snowtrooper": "b2", "elite-snowtrooper": spotter}, [3, 15, 15])
    s = g.state
    assert g.board.range_between(s.open_doors, s.fig("elite-snowtrooper").space(),
                                 s.fig("hoth-trooper").space()) == squares
    ev = do(g, "first imperial", "activate snowtrooper", "attack snowtrooper hoth-trooper +elite-snowtrooper")
    assert ("(10 Damage + 10 Spotter), 20 damage" in text(ev)) is bonus
    assert hp(g, "hoth-trooper") == (0 if bonus else 10)


def test_spotter_adds_its_bonus_to_the_damage_of_an_attack_it_combines_fire_with(tmp_path):
    # The Elite Snowtrooper (Spotter 10) combines fire within 6 squares of the target: +10 Damage.
    g = A(tmp_path, {"hoth-trooper": "g2"}, {"snowtrooper": "b2", "elite-snowtrooper": "c3"}, [3, 15, 15])
    ev = do(g, "first imperial", "activate snowtrooper", "attack snowtrooper hoth-trooper +elite-snowtrooper")
    assert "(10 Damage + 10 Spotter), 20 damage" in text(ev)  # the Spotter stands 5 squares from the target
    g = A(tmp_path, {"hoth-trooper": "g2"}, {"snowtrooper": "b2", "elite-snowtrooper": "a4"}, [3, 15, 15])
    ev = do(g, "first imperial", "activate snowtrooper", "attack snowtrooper hoth-trooper +elite-snowtrooper")
    assert "Spotter" not in text(ev) and "10 damage" in text(ev)  # 8 squares from the target


@pytest.mark.parametrize("order", [("leia", "rebel-leader"), ("rebel-leader", "leia")])
def test_a_commander_whose_effect_does_not_reach_a_follower_does_not_hide_another_that_does(tmp_path, order):
    # Leia's effect skips Unique characters; the Rebel Leader's reaches all: Luke gets the Leader's +2 Attack
    # whichever commander comes first in the squad.
    where = {"leia": "b4", "rebel-leader": "b6"}
    g = A(tmp_path, {"luke": "b2", **{c: where[c] for c in order}}, {"snowtrooper": "h2"}, [15, 3])
    s = g.state
    assert [(e.commander, e.stat) for e in g.ab.effects(s, s.fig("luke"))] == [("rebel-leader", "attack")]
    assert g.ab.commander_bonus(s, s.fig("luke"), "attack") == ("rebel-leader commands", 2)


def test_a_commander_out_of_range_does_not_hide_another_within_range(tmp_path):
    # The Rebel Leader (first in the squad) stands 9 squares away; Leia, 2 squares away, still grants
    # Cunning Attack to the non-unique trooper.
    g = A(tmp_path, {"hoth-trooper": "b2", "rebel-leader": "k2", "leia": "b4"}, {"snowtrooper": "h9"}, [15, 3])
    s = g.state
    assert [f.id for f in s.living("rebel")].index("rebel-leader") < [f.id for f in s.living("rebel")].index("leia")
    assert [(e.commander, e.kind) for e in g.ab.effects(s, s.fig("hoth-trooper"))] == [("leia", "grant")]


def test_a_commander_is_no_follower_of_another_commander(tmp_path):
    # Glossary: a follower is a character in your squad "who does not have a commander effect".
    g = A(tmp_path, {"leia": "b2", "rebel-leader": "b4"}, {"snowtrooper": "h9"}, [15, 3])
    s = g.state
    assert g.ab.effects(s, s.fig("leia")) == [] and g.ab.effects(s, s.fig("rebel-leader")) == []
    assert g.ab.commander_bonus(s, s.fig("leia"), "attack") is None


def test_commander_effects_are_off_when_the_scenario_plays_without_abilities(tmp_path):
    g = arena(tmp_path, {"hoth-trooper": "b2", "rebel-leader": "b4"}, {"snowtrooper": "h9"}, [15, 3])
    s = g.state
    assert g.ab.effects(s, s.fig("hoth-trooper")) == []
    assert g.ab.commander_bonus(s, s.fig("hoth-trooper"), "attack") is None


def test_a_hologram_moves_through_walls(tmp_path):
    # Glossary, Hologram: it moves through everything on the map (rules-decisions: walls, characters, terrain).
    from hothsim.kernel.squares import Edge

    wall = tuple(Edge("v", 5, y) for y in range(12))  # between columns E and F, the whole map high
    g = A(tmp_path, {"hoth-trooper": "k10"}, {"veers": "d3", "snowtrooper": "d5"}, [3, 15], walls=wall)
    do(g, "first imperial", "activate veers")
    ends = {a.destination for a in g.legal_actions() if isinstance(a, Move)}
    assert parse_square("g3") in ends  # two squares east, beyond the wall


@pytest.mark.parametrize("ally,squares,fades", [("e4", 2, False), ("e5", 3, True)])
def test_a_hologram_needs_a_trooper_ally_within_exactly_2_squares(tmp_path, ally, squares, fades):
    g = A(tmp_path, {"hoth-trooper": "l12"}, {"veers": "e2", "snowtrooper": ally}, [3, 15])
    s = g.state
    assert g.board.range_between(s.open_doors, s.fig("veers").space(), s.fig("snowtrooper").space()) == squares
    do(g, "first imperial", "activate veers")
    assert g.state.fig("veers").defeated is fades


@pytest.mark.parametrize("where,reach", [("i2", True), ("j2", False)])
def test_harpoon_gun_reaches_exactly_6_squares_and_not_7(tmp_path, where, reach):
    g = A(tmp_path, {"snowspeeder": "b2"}, {"blizzard-scout": where, "snowtrooper": "l12"}, [15, 3])
    s = g.state
    r = g.board.range_between(s.open_doors, s.fig("snowspeeder").space(), s.fig("blizzard-scout").space())
    assert r == (6 if reach else 7)
    do(g, "first rebel", "activate snowspeeder")
    assert (Harpoon("snowspeeder", "blizzard-scout") in g.legal_actions()) is reach


def test_fire_support_mission_spares_a_character_3_squares_from_the_target(tmp_path):
    g = A(tmp_path, {"han": "h2", "hoth-trooper": "h5", "elite-hoth-trooper": "h6", "luke": "j10"},
          {"veers": "b2", "snowtrooper": "c2"}, [3, 15, 5, 6], low=("g2",))
    s = g.state
    assert g.board.range_between(s.open_doors, s.fig("han").space(), s.fig("elite-hoth-trooper").space()) == 3
    do(g, "first imperial", "activate veers")
    ev = do(g, "fire-support veers han", "keep han")
    assert "han, hoth-trooper must save (6)" in text(ev)
    assert hp(g, "elite-hoth-trooper") == g.card(g.state.fig("elite-hoth-trooper")).hp


def test_a_force_grip_damage_reduction_takes_whole_is_warned_about_before_it_is_applied(tmp_path):
    # Seen: `force vader grip snowspeeder` was applied at once for 0 damage (Damage Reduction 10).
    from hothsim.skirmish.actions import ForceMove, ForcePower
    from hothsim.tui.screen import UIState, press
    from hothsim.tui.screens import screen_for
    from hothsim.tui.skirmish.choices import label

    g = A(tmp_path, {"snowspeeder": "c3", "luke": "c6"}, {"vader": "h3"}, [15, 3, 15, 3])
    do(g, "first rebel", "activate snowspeeder", "end snowspeeder", "activate luke", "end luke", "activate vader")
    futile, real = ForcePower("vader", "grip", "snowspeeder"), ForcePower("vader", "grip", "luke")
    assert g.grip_damage(futile) == 0 and g.grip_damage(real) == 10
    assert g.warning(futile) == ("Force Grip on snowspeeder deals no damage (its Damage Reduction 10 takes all 10), "
                                 "and spends 1 Force point and vader's attack")
    assert g.warning(real) == ""
    assert label(g, futile).endswith("(1 Force, no attack: no damage: Damage Reduction)")
    assert label(g, real).endswith("(1 Force, no attack: 10 damage)")
    assert label(g, ForceMove("vader")).endswith("(1 of 5 Force: 2 more squares)")
    # On the screen: the menu row asks first; n leaves the game as it was, y grips.
    screen = screen_for(g)
    ui = UIState(size=(100, 30))
    ui, _, _ = press(screen, g, ui, "m")
    row = list(ui.menu.items).index(futile)
    for _ in range(row):
        ui, _, _ = press(screen, g, ui, "KEY_DOWN")
    ui, action, _ = press(screen, g, ui, "\n")
    assert action is None and ui.confirm is not None and ui.confirm.question.startswith("Force Grip on snowspeeder")
    ui, action, _ = press(screen, g, ui, "n")
    assert action is None and ui.message == "not done" and g.state.fig("vader").force == 5
