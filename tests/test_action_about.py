"""What an action is about, declared by its class (issue 30: one action in one place): the piece that
acts, the piece it aims at or picks, the place it goes, and the piece it concerns otherwise.  The front
end finds where on the map an action is chosen from it, and the computer which unit acts."""

from __future__ import annotations

import pytest

from hothsim.ai.expert.assault import unit_of
from hothsim.assault import actions as assault
from hothsim.kernel.engine import About
from hothsim.kernel.hexes import parse_hex
from hothsim.skirmish import actions as skirmish
from hothsim.tui.assault.choices import actor_of
from tests.random_play import random_play
from tests.test_notation import SAMPLES


@pytest.mark.parametrize("module", list(SAMPLES), ids=lambda m: m.__name__.split(".")[1])
def test_every_action_class_declares_what_it_is_about_itself(module):
    assert all("about" in vars(cls) for cls in module.ACTION_CLASSES)
    assert all(type(a.about()) is About for a in SAMPLES[module])


def test_a_skirmish_action_names_its_actor_target_and_place():
    assert skirmish.Attack("han", "snow-1", ("leia",)).about() == About(actor="han", target="snow-1")
    assert skirmish.Move("han", ((2, 6), (3, 7), (3, 8, 1, 0))).about() == About(actor="han", place=(3, 8))
    assert skirmish.Place("han", (2, 6)).about() == About(subject="han", place=(2, 6))
    assert skirmish.ForcePower("luke", "deflect").about() == About(actor="luke")
    assert skirmish.Opportunity("vader", "luke").about() == About(actor="vader", target="luke")
    assert skirmish.Ready().about() == About()


def test_an_assault_action_names_its_actor_target_and_place():
    assert assault.Fire("speeder-1", "walker-2", 2).about() == About(actor="speeder-1", target="walker-2")
    assert assault.Move("trooper-4", "1214").about() == About(actor="trooper-4", place=parse_hex("1214"))
    assert assault.Move("trooper-4", "walker-2").about() == About(actor="trooper-4", target="walker-2")
    assert assault.Move("trooper-4", "base").about() == About(actor="trooper-4")
    assert assault.Board("snow-3", "walker-2").about() == About(subject="snow-3", target="walker-2")
    assert assault.Choose("speeder-2").about() == About(target="speeder-2")
    assert assault.Repair("walker-2", "legs").about() == About(subject="walker-2")
    # Luke's Snowspeeder is not picked on the map, where the Imperial player might see it.
    assert assault.AssignLuke("speeder-3").about() == About(subject="speeder-3")


@pytest.mark.parametrize("scenario, steps", [("salvage", 60), ("echo-base", 120), ("assault-on-hoth", 150)])
def test_the_pieces_an_action_is_about_are_pieces_of_the_game(scenario, steps):
    game = random_play(scenario, 3, steps)
    ids = {p.id for p in (game.state.figures if hasattr(game.state, "figures") else game.state.units)}
    for action in game.legal_actions():
        about = action.about()
        named = {about.actor, about.target, about.subject} - {None}
        assert named <= ids | {"generator", "power-grid"}, action


def test_the_unit_that_acts_is_the_same_to_the_screen_and_the_computer():
    for action in SAMPLES[assault]:
        assert actor_of(action) == unit_of(action) == action.about().actor
    assert [a.about().actor for a in SAMPLES[assault] if a.about().actor] == [
        "trooper-4", "trooper-4", "walker-1", "speeder-1", "speeder-1"]
