"""What Assault on Hoth's fire tells the players: every refusal names its rule in the game's words, and
every damage result is logged as it happened (which part was hit, what it costs, what was lost with it).

These are the lines a player reads on the screen and in the log; each test fixes one rule's words and the
state change beside them, calling the fire rules directly with no dice.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.assault_arena import RULES, arena, clear
from hothsim.assault.fire import (POWER_GRID, SHIELD_GENERATOR, destroy, fire_strength, may_fire, plan_fire,
                                  plan_harpoon, speeder_damage, speeder_hit_kind, target_hex, walker_damage)
from hothsim.assault.movement import may_mount


def log(ev):
    return [(e.kind, e.text, e.data) for e in ev]


def walker_game(**damage):
    g = arena(clear(), {"walker-1": ("walker", "0202", 3), "snowtrooper-1": ("snowtrooper", "aboard:walker-1"),
                        "snowtrooper-2": ("snowtrooper", "aboard:walker-1"), "speeder-1": ("speeder", "0203"),
                        "walker-2": ("walker", "0909", 0)}, card="speeders-fire", luke="speeder-9")
    if damage:
        g._state = g.state.with_unit(replace(g.state.unit("walker-1"), **damage))
    return g


def hit_walker(total, **damage):
    g = walker_game(**damage)
    ev: list = []
    s = walker_damage(RULES, g.state, g.state.unit("walker-1"), total, ev)
    return s, log(ev)


# ----------------------------------------------------------------------------------- Walker Damage Table

def test_walker_first_blaster_hit_is_logged_with_its_fire_penalty():
    s, ev = hit_walker(2)
    assert s.unit("walker-1").blaster == 1
    assert ev == [("damage", "damage 2: walker-1 blaster hit, fire strength -3", ())]


def test_walker_second_blaster_hit_is_logged_as_blasters_destroyed():
    s, ev = hit_walker(3, blaster=1)
    assert s.unit("walker-1").blaster == 2
    assert ev == [("damage", "damage 3: walker-1 blaster hit, its blasters are destroyed", ())]


def test_walker_blaster_hit_after_the_blasters_are_gone_is_a_body_hit():
    s, ev = hit_walker(2, blaster=2)
    assert (s.unit("walker-1").blaster, s.unit("walker-1").body) == (2, 1)
    assert ev == [("damage", "damage 2: walker-1 body hit, 1 of 3 (the last destroys it)", ())]


def test_walker_first_leg_hit_is_logged_with_its_movement_penalty():
    s, ev = hit_walker(10)
    assert s.unit("walker-1").legs == 1
    assert ev == [("damage", "damage 10: walker-1 leg hit, movement -2 MPs", ())]


def test_walker_second_leg_hit_is_logged_as_immobilized():
    s, ev = hit_walker(11, legs=1)
    assert s.unit("walker-1").legs == 2
    assert ev == [("damage", "damage 11: walker-1 leg hit, immobilized", ())]


def test_walker_leg_hit_after_it_is_immobilized_is_a_body_hit():
    s, ev = hit_walker(10, legs=2)
    assert (s.unit("walker-1").legs, s.unit("walker-1").body) == (2, 1)
    assert ev == [("damage", "damage 10: walker-1 body hit, 1 of 3 (the last destroys it)", ())]


def test_walker_first_body_hit_keeps_its_snowtroopers():
    s, ev = hit_walker(7)
    w = s.unit("walker-1")
    assert (w.body, w.troops_lost) == (1, False)
    assert s.unit("snowtrooper-1").where == "aboard" and may_mount(RULES, s, w)
    assert ev == [("damage", "damage 7: walker-1 body hit, 1 of 3 (the last destroys it)", ())]


def test_walker_second_body_hit_destroys_every_carried_snowtrooper_by_name():
    s, ev = hit_walker(7, body=1)
    w = s.unit("walker-1")
    assert (w.body, w.troops_lost, w.where) == (2, True, "map")
    for c in ("snowtrooper-1", "snowtrooper-2"):
        assert (s.unit(c).where, s.unit(c).aboard) == ("destroyed", "")
    assert ev == [
        ("damage", "damage 7: walker-1 body hit, 2 of 3 (the last destroys it)", ()),
        ("destroyed", "snowtrooper-1, carried by walker-1, is destroyed by the second body hit",
         (("unit", "snowtrooper-1"),)),
        ("destroyed", "snowtrooper-2, carried by walker-1, is destroyed by the second body hit",
         (("unit", "snowtrooper-2"),)),
    ]


def test_walker_third_body_hit_destroys_it():
    g = walker_game(body=2, troops_lost=True)
    for c in ("snowtrooper-1", "snowtrooper-2"):  # lost with the second body hit
        g._state = g.state.with_unit(replace(g.state.unit(c), where="destroyed", aboard=""))
    ev: list = []
    s = walker_damage(RULES, g.state, g.state.unit("walker-1"), 5, ev)
    ev = log(ev)
    assert s.unit("walker-1").where == "destroyed" and s.unit("walker-1").hex is None
    assert ev == [("destroyed", "walker-1 is destroyed (third body hit, damage 5)", (("unit", "walker-1"),))]


def test_walker_critical_hit_destroys_it_and_the_troops_it_carries():
    s, ev = hit_walker(12)
    assert s.unit("walker-1").where == "destroyed"
    assert [(s.unit(c).where, s.unit(c).aboard) for c in ("snowtrooper-1", "snowtrooper-2")] == \
        [("destroyed", ""), ("destroyed", "")]  # no longer aboard anything
    assert ev == [
        ("destroyed", "walker-1 is destroyed (critical hit, damage 12)", (("unit", "walker-1"),)),
        ("destroyed", "snowtrooper-1, carried by walker-1, is destroyed", (("unit", "snowtrooper-1"),)),
        ("destroyed", "snowtrooper-2, carried by walker-1, is destroyed", (("unit", "snowtrooper-2"),)),
    ]


def test_destroy_takes_the_unit_off_the_map_and_out_of_any_walker():
    g = walker_game()
    ev: list = []
    s = destroy(g.state, g.state.unit("snowtrooper-1"), "crushed", ev)
    u = s.unit("snowtrooper-1")
    assert (u.where, u.hex, u.aboard) == ("destroyed", None, "")
    assert s.unit("snowtrooper-2").where == "aboard"  # only what the destroyed unit carried goes with it
    assert log(ev) == [("destroyed", "snowtrooper-1 is destroyed (crushed)", (("unit", "snowtrooper-1"),))]


# ----------------------------------------------------------------------------------- Snowspeeder Damage Table

def speeder_game(**damage):
    g = arena(clear(), {"walker-1": ("walker", "0202", 3), "speeder-1": ("speeder", "0203"),
                        "trooper-9": ("trooper", "0909")}, card="walkers-fire", luke="speeder-9")
    if damage:
        g._state = g.state.with_unit(replace(g.state.unit("speeder-1"), **damage))
    return g


def hit_speeder(hit, total, hotshot=False, **damage):
    g = speeder_game(**damage)
    s = replace(g.state, hotshot="speeder-1") if hotshot else g.state
    ev: list = []
    s = speeder_damage(RULES, s, s.unit("speeder-1"), hit, total, ev)
    return s, log(ev)


def test_snowspeeder_gunner_hit_is_logged_with_the_fire_penalty_and_no_harpoons():
    s, ev = hit_speeder("gunner", 3)
    assert s.unit("speeder-1").gunner is False
    assert ev == [("damage", "damage 3: speeder-1 gunner killed (fire -2, no harpoons)", ())]


def test_snowspeeder_gunner_hit_loses_the_hotshot_gunner_in_the_log_too():
    s, ev = hit_speeder("gunner", 4, hotshot=True)
    assert s.hotshot == ""
    assert ev == [("damage", "damage 4: speeder-1 gunner killed (fire -2, no harpoons)", ()),
                  ("effect", "the Hotshot Gunner is lost", ())]


def test_snowspeeder_gunner_hit_keeps_another_speeders_hotshot_gunner():
    g = speeder_game()
    s = replace(g.state, hotshot="speeder-7")
    ev: list = []
    s = speeder_damage(RULES, s, s.unit("speeder-1"), "gunner", 2, ev)
    assert s.hotshot == "speeder-7" and len(ev) == 1


def test_snowspeeder_first_body_hit_is_logged():
    s, ev = hit_speeder("body", 6)
    assert (s.unit("speeder-1").body, s.unit("speeder-1").where) == (1, "map")
    assert ev == [("damage", "damage 6: speeder-1 body hit, 1 of 2 (the last destroys it)", ())]


def test_snowspeeder_second_body_hit_destroys_it():
    s, ev = hit_speeder("body", 9, body=1)
    assert s.unit("speeder-1").where == "destroyed"
    assert ev == [("destroyed", "speeder-1 is destroyed (second body hit, damage 9)", (("unit", "speeder-1"),))]


def test_snowspeeder_critical_hit_destroys_it():
    s, ev = hit_speeder("critical", 11)
    assert s.unit("speeder-1").where == "destroyed"
    assert ev == [("destroyed", "speeder-1 is destroyed (critical hit, damage 11)", (("unit", "speeder-1"),))]


@pytest.mark.parametrize("total,gunner,kind", [(2, True, "gunner"), (4, True, "gunner"), (4, False, "body"),
                                               (5, True, "body"), (10, True, "body"), (11, True, "critical"),
                                               (12, False, "critical")])
def test_snowspeeder_hit_kind_later_gunner_hits_are_body_hits(total, gunner, kind):
    sp = replace(speeder_game().state.unit("speeder-1"), gunner=gunner)
    assert speeder_hit_kind(RULES, sp, total) == kind


# ----------------------------------------------------------------------------------- who may fire, in words

def test_troopers_in_the_base_and_snowtroopers_aboard_are_told_why_they_never_fire():
    g = arena(clear(), {"walker-1": ("walker", "0202", 3), "snowtrooper-1": ("snowtrooper", "aboard:walker-1"),
                        "trooper-1": ("trooper", "base")}, card="troopers-fire")
    t = g.terrain
    assert may_fire(RULES, t, g.state.unit("trooper-1")) == "Troopers in the Base Box never fire"
    assert may_fire(RULES, t, g.state.unit("snowtrooper-1")) == "Snowtroopers aboard a Walker never fire"
    gone = replace(g.state.unit("walker-1"), where="destroyed", hex=None)
    assert may_fire(RULES, t, gone) == "the unit is not on the map"
    assert may_fire(RULES, t, g.state.unit("walker-1")) is None


def test_a_walker_with_one_blaster_hit_still_fires_with_two_it_may_not():
    g = walker_game(blaster=1)
    t = g.terrain
    assert may_fire(RULES, t, g.state.unit("walker-1")) is None
    assert may_fire(RULES, t, replace(g.state.unit("walker-1"), blaster=2)) == "the Walker's blasters are destroyed"


def test_a_snowspeeder_over_a_cliff_is_told_it_can_neither_fire_nor_be_fired_at():
    rows = [r.split() for r in clear()]
    rows[2][1] = "^"  # 0203
    g = arena([" ".join(r) for r in rows], {"walker-1": ("walker", "0202", 3), "speeder-1": ("speeder", "0203")},
              card="speeders-fire", luke="speeder-9")
    t = g.terrain
    words = "a Snowspeeder over a cliff can neither fire nor be fired at"
    assert may_fire(RULES, t, g.state.unit("speeder-1")) == words
    assert plan_fire(RULES, t, g.state, g.state.unit("walker-1"), "speeder-1") == words
    assert plan_harpoon(RULES, t, g.state, g.state.unit("speeder-1"), "walker-1") == words


def test_fire_refusals_name_their_rule():
    g = arena(clear(), {"walker-1": ("walker", "0202", 3), "walker-2": ("walker", "0303", 3),
                        "snowtrooper-1": ("snowtrooper", "aboard:walker-1"), "speeder-1": ("speeder", "0203"),
                        "trooper-1": ("trooper", "base"), "trooper-2": ("trooper", "0204")},
              card="speeders-fire", luke="speeder-1", force=2)
    t, s = g.terrain, g.state
    sp, w = s.unit("speeder-1"), s.unit("walker-1")
    assert plan_fire(RULES, t, s, sp, SHIELD_GENERATOR) == \
        "only the Imperial player fires at the Shield Generator and the Power Grid"
    assert plan_fire(RULES, t, s, sp, "nobody") == "there is no unit nobody"
    assert plan_fire(RULES, t, s, sp, "trooper-2") == "a unit fires only at the enemy"
    assert plan_fire(RULES, t, s, w, "trooper-1") == "Troopers in the Base Box cannot be fired at"
    assert plan_fire(RULES, t, s, sp, "snowtrooper-1") == "Snowtroopers aboard a Walker cannot be fired at"
    gone = replace(s, units=tuple(replace(u, where="destroyed", hex=None) if u.id == "trooper-2" else u
                                  for u in s.units))
    assert plan_fire(RULES, t, gone, w, "trooper-2") == "it is not on the map"
    assert plan_fire(RULES, t, s, sp, "walker-1", force=3) == \
        "only Luke's Snowspeeder spends Force points, and no more than he has"
    assert plan_fire(RULES, t, s, w, "speeder-1", force=1) == \
        "only Luke's Snowspeeder spends Force points, and no more than he has"
    shot = plan_fire(RULES, t, s, sp, "walker-1", force=2)
    assert shot.explain() == "5 fire +2 Luke's Force = 7 dice vs armor 3"


def test_installations_already_destroyed_are_refused_by_name():
    g = arena(clear(), {"walker-1": ("walker", "0808", 3)}, card="walkers-move-or-fire", luke="speeder-9")
    t = g.terrain
    s = replace(g.state, shield_generator=False, power_grid=False)
    for target in (SHIELD_GENERATOR, POWER_GRID):
        assert target_hex(t, s, target) is None
        assert plan_fire(RULES, t, s, s.unit("walker-1"), target) == "it is already destroyed"
    assert target_hex(t, g.state, POWER_GRID) == t.bf.power_grid
    assert target_hex(t, g.state, SHIELD_GENERATOR) == t.bf.shield_generator


def test_fire_strength_words_for_each_modifier():
    g = arena(clear(), {"walker-1": ("walker", "0202", 3), "speeder-1": ("speeder", "0203"),
                        "speeder-2": ("speeder", "0204")}, card="speeders-fire", luke="speeder-9")
    s = replace(g.state, hotshot="speeder-1", force_aided="speeder-1")
    assert fire_strength(RULES, s, s.unit("speeder-1")) == (9, ["5 fire", "+2 Hotshot Gunner", "+2 The Force"])
    no_gunner = replace(s.unit("speeder-2"), gunner=False)
    assert fire_strength(RULES, s, no_gunner) == (3, ["5 fire", "-2 gunner killed"])
    hotshot_lost = replace(s.unit("speeder-1"), gunner=False)  # the Hotshot Gunner fires only with a gunner
    assert fire_strength(RULES, s, hotshot_lost) == (5, ["5 fire", "-2 gunner killed", "+2 The Force"])
    damaged = replace(s.unit("walker-1"), blaster=1)
    assert fire_strength(RULES, s, damaged) == (3, ["6 fire", "-3 blaster damage"])


# ----------------------------------------------------------------------------------- harpoons, in words

def harpoon_game(**speeder):
    g = arena(clear(), {"walker-1": ("walker", "0403", 3), "speeder-1": ("speeder", "0404"),
                        "speeder-2": ("speeder", "0402"), "speeder-3": ("speeder", "0406"),
                        "trooper-1": ("trooper", "0405"), "walker-2": ("walker", "0202", 3)},
              card="speeders-move-fire-or-harpoon", luke="speeder-1", force=2)
    if speeder:
        g._state = g.state.with_unit(replace(g.state.unit("speeder-1"), **speeder))
    return g


def test_harpoon_refusals_name_their_rule():
    g = harpoon_game()
    t, s = g.terrain, g.state
    assert plan_harpoon(RULES, t, s, s.unit("walker-2"), "walker-1") == "only Snowspeeders carry harpoons"
    assert plan_harpoon(RULES, t, s, s.unit("speeder-1"), "trooper-1") == "only Walkers on the map can be harpooned"
    assert plan_harpoon(RULES, t, s, s.unit("speeder-1"), "nobody") == "only Walkers on the map can be harpooned"
    assert plan_harpoon(RULES, t, s, s.unit("speeder-3"), "walker-1") == "the Snowspeeder must be next to the Walker"
    assert plan_harpoon(RULES, t, s, s.unit("speeder-2"), "walker-1", force=1) == \
        "only Luke's Snowspeeder spends Force points, and no more than he has"
    assert plan_harpoon(RULES, t, s, s.unit("speeder-1"), "walker-1", force=3) == \
        "only Luke's Snowspeeder spends Force points, and no more than he has"
    gone = s.with_unit(replace(s.unit("walker-1"), where="destroyed", hex=None))
    assert plan_harpoon(RULES, t, gone, s.unit("speeder-1"), "walker-1") == "only Walkers on the map can be harpooned"
    g2 = harpoon_game(gunner=False)
    assert plan_harpoon(RULES, t, g2.state, g2.state.unit("speeder-1"), "walker-1") == \
        "a Snowspeeder whose gunner is killed cannot use its harpoons"


def test_harpoon_shot_words_same_and_next_macrohex_and_lukes_force():
    g = harpoon_game()
    t, s = g.terrain, g.state
    same = plan_harpoon(RULES, t, s, s.unit("speeder-1"), "walker-1", force=2)
    assert (same.dice, same.armor, same.range) == (7, 3, 0)
    assert same.parts == ("5 harpoon dice (same macrohex)", "+2 Luke's Force")
    other = plan_harpoon(RULES, t, s, s.unit("speeder-2"), "walker-1")
    assert (other.dice, other.armor, other.range) == (4, 3, 1)
    assert other.parts == ("4 harpoon dice (another macrohex)",)


def test_an_impossible_shot_with_no_dice_left_says_0_dice():
    g = arena(clear(20, 20), {"walker-1": ("walker", "1818", 3), "trooper-1": ("trooper", "0202")},
              card="troopers-fire", luke="speeder-9")
    t, s = g.terrain, g.state
    rng = t.range(s.unit("trooper-1").hex, s.unit("walker-1").hex)
    fire = RULES.units["trooper"].fire
    assert fire - rng < 0
    assert plan_fire(RULES, t, s, s.unit("trooper-1"), "walker-1") == \
        "impossible shot: 0 dice can never roll the 3 symbols the armor needs"
