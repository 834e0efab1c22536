"""What the skirmish's attacks and saves tell the players, line by line: each step of an attack (the roll,
a reroll, a Deflect, a Riposte, the damage, a Splash save) is logged once, in order, in the game's words,
and the dice are rolled for the purpose the log names.  Beside each log the state it describes.

Dice lists start with the two initiative rolls (Rebel, Imperial).
"""

from __future__ import annotations

import dataclasses

from hothsim.skirmish.force_points import turn_id
from hothsim.skirmish.actions import parse_action
from tests.arena import arena, with_cards


def do(game, *lines: str):
    events = []
    for line in lines:
        events += game.apply(parse_action(line))
    return [(e.kind, e.text, e.data) for e in events]


def A(tmp_path, rebel, imperial, dice, **kw):
    return arena(tmp_path, rebel, imperial, dice, abilities=True, **kw)


def purposes(game) -> list[str]:
    return [r.purpose for r in game.dice.log[2:]]  # after the two initiative rolls


def test_lightsaber_deflect_that_saves_is_one_force_line_and_no_damage(tmp_path):
    g = A(tmp_path, {"leia": "c3"}, {"vader": "h3"}, [15, 3, 18, 11])
    do(g, "first rebel", "activate leia")
    ev = do(g, "attack leia vader", "force vader deflect")
    assert ev == [
        ("attack", "leia attacks vader: d20 18 +7 Attack = 25 vs Defense 23: hit (Lightsaber Deflect may stop it)",
         (("roll", "hit"),)),
        ("force", "vader spends 1 Force point: Lightsaber Deflect, save d20 11 vs 11: deflected, no damage", ()),
    ]
    assert purposes(g) == ["leia attacks vader", "vader deflects"]
    vader = g.state.fig("vader")
    assert (vader.hp, vader.force, vader.force_turn) == (140, 4, turn_id(g.state))
    assert g.state.attack is None and g.state.noisy


def test_lightsaber_deflect_that_fails_logs_the_failure_then_the_damage(tmp_path):
    g = A(tmp_path, {"leia": "c3"}, {"vader": "h3"}, [15, 3, 18, 10])
    do(g, "first rebel", "activate leia")
    ev = do(g, "attack leia vader", "force vader deflect")
    assert ev == [
        ("attack", "leia attacks vader: d20 18 +7 Attack = 25 vs Defense 23: hit (Lightsaber Deflect may stop it)",
         (("roll", "hit"),)),
        ("force", "vader spends 1 Force point: Lightsaber Deflect, save d20 10 vs 11: failed", ()),
        ("attack", "leia hits vader: hit (20 Damage + 10 Advantageous Attack), 30 damage, vader 140 -> 110",
         (("damage", 30), ("target", "vader"))),
    ]
    assert g.state.fig("vader").force == 4 and g.state.attack is None


def test_splash_after_a_deflected_hit_is_logged_as_the_neighbours_save(tmp_path):
    g = A(tmp_path, {"atgar-trooper": "c3"}, {"vader": "h3", "snowtrooper": "h4"}, [15, 3, 20, 11, 5])
    do(g, "first rebel", "activate atgar-trooper")
    ev = do(g, "attack atgar-trooper vader", "force vader deflect")
    assert ev[1:] == [
        ("force", "vader spends 1 Force point: Lightsaber Deflect, save d20 11 vs 11: deflected, no damage", ()),
        ("attack", "snowtrooper saves against splash: d20 5 vs 11: failed, Splash, 10 damage, snowtrooper 20 -> 10",
         (("damage", 10), ("target", "snowtrooper"))),
    ]
    assert purposes(g) == ["atgar-trooper attacks vader", "vader deflects", "snowtrooper saves against splash"]


def test_lightsaber_riposte_is_one_attack_back_even_for_a_character_with_twin_attack(tmp_path):
    # rules-decisions 16: the riposte is a single attack (no Twin Attack, no combined fire).
    g = A(tmp_path, {"luke": "e6"}, {"vader": "d5"}, [3, 15, 15, 18, 3])
    cards = dict(g.setup.cards)
    cards["luke"] = dataclasses.replace(cards["luke"], force_powers=("Lightsaber Riposte",),
                                        abilities=cards["luke"].abilities + ("Twin Attack",))
    g = with_cards(g, cards)
    do(g, "first imperial", "activate vader")
    ev = do(g, "attack vader luke", "force luke riposte")
    assert ev == [
        ("attack", "vader attacks luke: d20 15 +13 Attack = 28 vs Defense 17: hit, 20 damage, luke 60 -> 40",
         (("damage", 20), ("target", "luke"), ("roll", "hit"))),
        ("force", "luke spends 1 Force point: Lightsaber Riposte against vader", ()),
        ("attack", "luke attacks vader: d20 18 +8 Attack = 26 vs Defense 23: hit (Lightsaber Deflect may stop it)",
         (("roll", "hit"),)),
    ]
    ev = do(g, "decline vader")
    assert [t for _, t, _ in ev] == ["luke hits vader: hit (10 Damage + 10 Lightsaber), 20 damage, vader 140 -> 120"]
    assert g.state.attacks == () and g.state.attack is None  # no extra attack follows the riposte
    assert g.pending.player == "imperial" and g.pending.kind == "turn"  # back to Vader's turn
    luke = g.state.fig("luke")
    assert (luke.force, luke.force_turn) == (2, turn_id(g.state))


def test_force_reroll_of_a_missed_attack_is_logged_as_the_spend_then_the_new_roll(tmp_path):
    g = A(tmp_path, {"leia": "c3"}, {"snowtrooper-1": "h3", "snowtrooper-2": "h9"}, [15, 3, 2, 1])
    do(g, "first rebel", "activate leia")
    ev = do(g, "attack leia snowtrooper-1", "reroll leia")
    assert ev == [
        ("attack", "leia attacks snowtrooper-1: d20 2 +7 Attack = 9 vs Defense 13: miss (a Force point may reroll it)",
         ()),
        ("force", "leia spends 1 Force point to reroll", ()),
        ("attack", "leia attacks snowtrooper-1: d20 1 +7 Attack = 8 vs Defense 13: natural 1, miss", (("roll", "miss"),)),
    ]
    assert purposes(g) == ["leia attacks snowtrooper-1", "leia rerolls the attack on snowtrooper-1"]
    assert g.state.attack is None and g.state.fig("leia").force_turn == turn_id(g.state)


def test_force_reroll_of_a_failed_save_is_logged_as_the_failure_the_spend_and_the_new_save(tmp_path):
    g = A(tmp_path, {"atgar-trooper": "b2"}, {"vader": "b8"}, [15, 3, 2, 4, 12])
    do(g, "first rebel", "activate atgar-trooper")
    ev = do(g, "attack atgar-trooper vader")
    assert ev == [
        ("attack", "atgar-trooper attacks vader: d20 2 +3 Attack = 5 vs Defense 23: miss", (("roll", "miss"),)),
        ("save", "vader saves against splash: d20 4 vs 11: failed (a Force point may reroll it)", ()),
    ]
    assert g.state.save is not None and g.state.save.roll == 4 and g.state.save.source == "atgar-trooper"
    ev = do(g, "reroll vader")
    assert ev == [("force", "vader spends 1 Force point to reroll the save", ()),
                  ("save", "vader saves against splash: d20 12 vs 11: saved", ())]
    assert purposes(g) == ["atgar-trooper attacks vader", "vader saves against splash",
                           "vader rerolls the save against splash"]
    vader = g.state.fig("vader")
    assert (vader.hp, vader.force, vader.force_turn) == (140, 4, turn_id(g.state))


def test_damage_leaving_1_hit_point_is_logged_with_the_number_and_0_as_defeated(tmp_path):
    g = A(tmp_path, {"hoth-trooper": "c3"}, {"snowtrooper": "d3"}, [15, 3, 15, 3])
    g._state = g.state.with_figure(dataclasses.replace(g.state.fig("snowtrooper"), hp=11))
    do(g, "first rebel", "activate hoth-trooper")
    ev = do(g, "attack hoth-trooper snowtrooper")
    assert ev == [("attack", "hoth-trooper attacks snowtrooper: d20 15 +4 Attack = 19 vs Defense 13: hit, "
                             "10 damage, snowtrooper 11 -> 1", (("damage", 10), ("target", "snowtrooper"),
                                                                          ("roll", "hit")))]
    g = A(tmp_path, {"hoth-trooper": "c3"}, {"snowtrooper": "d3"}, [15, 3, 15, 3])
    g._state = g.state.with_figure(dataclasses.replace(g.state.fig("snowtrooper"), hp=10))
    do(g, "first rebel", "activate hoth-trooper")
    ev = do(g, "attack hoth-trooper snowtrooper")
    assert ev == [("attack", "hoth-trooper attacks snowtrooper: d20 15 +4 Attack = 19 vs Defense 13: hit, "
                             "10 damage, snowtrooper 10 -> defeated", (("damage", 10), ("target", "snowtrooper"),
                                                                                 ("roll", "hit"))),
                  ("victory", "rebel wins: every imperial character is defeated", ())]
    t = g.state.fig("snowtrooper")
    assert (t.hp, t.defeated, t.pos) == (0, True, None)


def test_a_hit_vader_cannot_deflect_says_why_as_a_reaction_line(tmp_path):
    g = A(tmp_path, {"leia": "c3"}, {"vader": "h3"}, [15, 3, 18])
    g._state = g.state.with_figure(dataclasses.replace(g.state.fig("vader"), force=0))
    do(g, "first rebel", "activate leia")
    ev = do(g, "attack leia vader")
    assert ev == [
        ("reaction", "vader cannot use Lightsaber Deflect: no Force points left", ()),
        ("attack", "leia attacks vader: d20 18 +7 Attack = 25 vs Defense 23: hit "
                   "(20 Damage + 10 Advantageous Attack), 30 damage, vader 140 -> 110",
         (("damage", 30), ("target", "vader"), ("roll", "hit"))),
    ]


def test_a_failed_harpoon_save_is_one_save_line_and_pins_the_target(tmp_path):
    g = A(tmp_path, {"snowspeeder": "b2"}, {"blizzard-scout": "f2", "snowtrooper": "l12"}, [15, 3, 7, 8, 2])
    do(g, "first rebel", "activate snowspeeder")
    ev = do(g, "harpoon snowspeeder blizzard-scout")
    assert ev[-1] == ("save", "blizzard-scout saves against harpoon: d20 7 vs 11: failed, harpooned: blizzard-scout "
                              "cannot move this round", ())
    assert g.state.harpooned == frozenset({"blizzard-scout"})


def test_a_hologram_never_attacks_nor_makes_an_attack_of_opportunity(tmp_path):
    g = A(tmp_path, {"hoth-trooper": "e4"}, {"veers": "e3", "snowtrooper": "e5"}, [15, 3])
    veers = g.state.fig("veers")
    assert g.ab.can_attack(g.state, veers) is False
    do(g, "first rebel", "activate hoth-trooper")
    do(g, "move hoth-trooper f4 g4")  # leaving Veers' side: only the Snowtrooper may attack
    assert g.pending.kind == "opportunity"
    assert {a.figure for a in g.legal_actions() if type(a).__name__ == "Opportunity"} == {"snowtrooper"}
    while g.pending.kind == "opportunity":
        do(g, "decline snowtrooper")
    do(g, "end hoth-trooper", "activate veers")
    assert [a for a in g.legal_actions() if type(a).__name__ == "Attack"] == []


def test_use_the_force_is_logged_as_an_automatic_critical_hit_with_no_roll(tmp_path):
    g = A(tmp_path, {"luke": "c3"}, {"snowtrooper": "h3", "vader": "l12"}, [15, 3])
    do(g, "first rebel", "activate luke")
    ev = do(g, "force luke use snowtrooper")
    assert ev == [
        ("force", "luke spends 3 Force points: Use the Force", ()),
        ("attack", "luke uses the Force: an automatic critical hit on snowtrooper", ()),
        ("attack", "luke attacks snowtrooper: Use the Force: critical hit (10 Damage + 10 critical hit), 20 damage, "
                   "snowtrooper 20 -> defeated", (("damage", 20), ("target", "snowtrooper"))),
    ]
    assert purposes(g) == [] and g.state.fig("luke").force == 0


def test_damage_reduction_does_not_stop_an_adjacent_attacker_whose_lightsaber_is_a_force_power(tmp_path):
    # Vader prints no Lightsaber ability, but his Lightsaber powers make him a lightsaber wielder: next to
    # the Snowspeeder (Damage Reduction 10) his 20 damage goes through whole.
    g = A(tmp_path, {"snowspeeder": "d4"}, {"vader": "c4"}, [3, 15, 15])
    do(g, "first imperial", "activate vader")
    ev = do(g, "attack vader snowspeeder")
    assert ev[-1][1].endswith("20 damage (Damage Reduction ignored: adjacent lightsaber), snowspeeder 60 -> 40")


def test_lightsaber_deflect_is_not_offered_against_a_melee_hit_and_the_log_says_why(tmp_path):
    # rules-decisions 15: Deflect works against nonmelee hits; Vader's Melee Attack cannot be deflected.
    g = A(tmp_path, {"luke": "e6"}, {"vader": "d5"}, [3, 15, 15])
    cards = dict(g.setup.cards)
    cards["luke"] = dataclasses.replace(cards["luke"], force_powers=("Lightsaber Deflect",))
    g = with_cards(g, cards)
    do(g, "first imperial", "activate vader")
    ev = do(g, "attack vader luke")
    assert ev[0] == ("reaction", "luke cannot use Lightsaber Deflect: it works only against nonmelee attacks", ())
    assert g.pending.kind == "turn" and g.state.fig("luke").hp == 40


def test_a_character_with_exactly_1_force_point_may_still_deflect(tmp_path):
    g = A(tmp_path, {"leia": "c3"}, {"vader": "h3"}, [15, 3, 18, 11])
    g._state = g.state.with_figure(dataclasses.replace(g.state.fig("vader"), force=1))
    do(g, "first rebel", "activate leia")
    do(g, "attack leia vader")
    assert (g.pending.kind, g.pending.figure) == ("reaction", "vader")
    ev = do(g, "force vader deflect")
    assert ev[0][1].endswith("deflected, no damage") and g.state.fig("vader").force == 0
