"""Chance as chance: a game opened with `chance=True` stops at every roll and card draw, lists the roll's
results with their exact probabilities, and makes the one chosen come up."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from hothsim import load_game, open_game
from hothsim.data.catalog import Catalog
from hothsim.kernel.chance import ChanceError, outcomes_of
from hothsim.kernel.dice import Roll
from hothsim.kernel.engine import IllegalAction
from hothsim.kernel.options import OptionError
from hothsim.skirmish.actions import parse_action
from tests.arena import arena


def d20(face: int) -> Roll:
    return Roll("d20", (face,))


def initiative_then(tmp_path, rebel: int, imperial: int):
    """The arena's game opened with chance nodes, Leia at C3 and Vader at H3, both initiative rolls
    chosen."""
    arena(tmp_path, {"leia": "c3"}, {"vader": "h3"}, [15, 3])  # writes the scenario
    game = open_game(tmp_path / "arena.toml", chance=True, catalog=Catalog.installed())
    assert game.is_chance() and game.chance_purpose == "initiative: rebel"
    game.apply(d20(rebel))
    assert game.is_chance() and game.chance_purpose == "initiative: imperial"
    game.apply(d20(imperial))
    return game


def test_initiative_rolls_are_the_opening_chance_nodes_and_the_higher_roll_chooses(tmp_path):
    game = initiative_then(tmp_path, 15, 3)
    assert not game.is_chance()
    assert game.pending.player == "rebel" and game.pending.kind == "first"


def test_an_attack_stops_at_its_d20_and_the_chosen_natural_20_is_a_critical_hit(tmp_path):
    game = initiative_then(tmp_path, 15, 3)
    for line in ("first rebel", "activate leia"):
        game.apply(parse_action(line))
    assert game.apply(parse_action("attack leia vader")) == []  # nothing happens until the d20 is rolled
    assert game.is_chance() and game.pending_decision == "attack leia vader"
    outcomes = game.chance_outcomes()
    assert [roll.faces[0] for roll, _ in outcomes] == list(range(1, 21))
    assert {p for _, p in outcomes} == {Fraction(1, 20)}
    assert game.state.fig("vader").hp == 140  # the game waits before the attack
    missed = game.clone()
    events = game.apply(d20(20))
    assert not game.is_chance()
    assert "critical hit" in events[-1].text and game.state.fig("vader").hp == 140 - 2 * 20
    assert game.record.entries[-1].action == "attack leia vader"
    assert [r.token() for r in game.record.entries[-1].outcomes] == ["d20:20"]
    missed.apply(d20(1))  # the clone taken at the chance node goes its own way
    assert missed.state.fig("vader").hp == 140 and game.state.fig("vader").hp == 100


def test_a_chance_node_takes_only_the_results_its_roll_can_have(tmp_path):
    game = initiative_then(tmp_path, 15, 3)
    for line in ("first rebel", "activate leia", "attack leia vader"):
        game.apply(parse_action(line))
    with pytest.raises(ChanceError, match="not one of the roll's results"):
        game.apply(Roll("d6", (3,)))
    with pytest.raises(ChanceError):
        game.apply(parse_action("end leia"))
    assert game.is_chance() and game.legal_actions() == [d20(face) for face in range(1, 21)]


def test_a_player_decides_with_actions_never_rolls_and_a_refused_action_changes_nothing(tmp_path):
    game = initiative_then(tmp_path, 15, 3)
    with pytest.raises(ChanceError, match="a player decides now"):
        game.apply(d20(4))
    before = game.record
    with pytest.raises(IllegalAction):
        game.apply(parse_action("attack vader leia"))
    assert game.record == before and not game.is_chance()


def test_fire_dice_results_are_counts_of_faces_with_multinomial_chances():
    two = dict((r.token(), p) for r, p in outcomes_of("fire", 2))
    assert two == {"fire:VV": Fraction(1, 9), "fire:VS": Fraction(2, 9), "fire:VB": Fraction(2, 9),
                   "fire:SS": Fraction(1, 9), "fire:SB": Fraction(2, 9), "fire:BB": Fraction(1, 9)}
    assert len(outcomes_of("fire", 6)) == 28 and sum(p for _, p in outcomes_of("fire", 6)) == 1
    assert len(outcomes_of("2d6", 1)) == 36 and {p for _, p in outcomes_of("2d6", 1)} == {Fraction(1, 36)}
    assert [r.faces for r, _ in outcomes_of("draw", 3)] == [(0,), (1,), (2,)]
    with pytest.raises(ChanceError, match="too many results"):
        outcomes_of("shuffle", 14)


def test_assault_on_hoth_with_chance_nodes_draws_each_card_by_a_roll():
    game = open_game("assault-on-hoth", chance=True)
    assert "draws=rolled" in game.record.header.options
    with pytest.raises(OptionError, match="draws must be rolled"):
        open_game("assault-on-hoth", chance=True, options={"draws": "deck"})


def walk(scenario: str, seed: int, steps: int):
    """A random game through the chance nodes: every node's probabilities checked as it is met."""
    rng = random.Random(seed)
    game = open_game(scenario, chance=True, seed=seed)
    met: dict[str, int] = {}
    for _ in range(steps):
        if game.is_over:
            break
        if game.is_chance():
            outcomes = game.chance_outcomes()
            rolls = [roll for roll, _ in outcomes]
            assert sum(p for _, p in outcomes) == 1 and all(p > 0 for _, p in outcomes)
            assert len(set(rolls)) == len(rolls)
            roll = rng.choices(rolls, [float(p) for _, p in outcomes])[0]
            met[roll.kind] = met.get(roll.kind, 0) + 1
            game.apply(roll)
        else:
            game.apply(rng.choice(game.legal_actions()))
    return game, met


@pytest.mark.parametrize("scenario", sorted(p.stem for p in Catalog.installed().scenario_paths()))
def test_every_scenario_walks_through_its_chance_nodes_and_its_record_replays(scenario):
    game, met = walk(scenario, 3, 300)
    assert met, "a game of 300 decisions rolls something"
    assert sum(len(e.outcomes) for e in game.record.entries) >= sum(met.values())
    again = load_game(game.record.to_text())
    assert again.record.to_text() == game.record.to_text() and again.state == game.state
