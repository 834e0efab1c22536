"""The notation read back from the action classes that write it (issue 30: one action in one place)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest

from hothsim.assault import actions as assault
from hothsim.kernel.engine import NotationError
from hothsim.kernel.notation import NotationReader, Words
from hothsim.skirmish import actions as skirmish

#: One action of every class of each game, in a form its notation writes.
SAMPLES = {
    skirmish: [skirmish.Place("han", (2, 6)), skirmish.First("rebel"), skirmish.Activate("han"),
               skirmish.Move("han", ((2, 6), (3, 7), (3, 8, 1, 0))), skirmish.Attack("han", "snow-1", ("leia",)),
               skirmish.ForceMove("luke"), skirmish.ForcePower("vader", "grip", "han"),
               skirmish.ForcePower("luke", "deflect"), skirmish.Heal("medic", "han"),
               skirmish.Harpoon("trooper", "atst"), skirmish.UseAbility("snow-1", "grenades", "han"),
               skirmish.Recruit("han-solo"), skirmish.Ready(), skirmish.EndTurn("han"),
               skirmish.Opportunity("vader", "luke"), skirmish.Decline("vader"), skirmish.Reroll("leia"),
               skirmish.Keep("leia")],
    assault: [assault.Place("walker-1", (0, 1), 3), assault.Place("trooper-4", None), assault.Board("snow-3", "walker-2"),
              assault.AssignLuke("speeder-3"), assault.Move("trooper-4", "1214"), assault.Move("trooper-4", "base"),
              assault.Walk("walker-1", "fflf"), assault.Fire("speeder-1", "walker-2", 2),
              assault.Harpoon("speeder-1", "walker-2"), assault.Done(), assault.Displace("speeder-4", (11, 12)),
              assault.Armor(2), assault.Critical(True), assault.Critical(False), assault.Choose("speeder-2"),
              assault.Repair("walker-2", "legs")],
}


@pytest.mark.parametrize("module", list(SAMPLES), ids=lambda m: m.__name__.split(".")[1])
def test_every_action_reads_back_as_itself_from_its_notation(module):
    for action in SAMPLES[module]:
        assert module.parse_action(action.notation()) == action
    assert {type(a) for a in SAMPLES[module]} == set(module.ACTION_CLASSES)


@pytest.mark.parametrize("module", list(SAMPLES), ids=lambda m: m.__name__.split(".")[1])
def test_the_parser_answers_exactly_the_verbs_its_classes_declare(module):
    assert set(module.parse_action.by_verb) == {v for c in module.ACTION_CLASSES for v in c.VERBS}
    assert {a.notation().split()[0] for a in SAMPLES[module]} <= set(module.parse_action.by_verb)


def test_a_verb_says_how_it_is_written_in_its_games_own_words():
    with pytest.raises(NotationError, match="'keep' is written 'keep FIGURE'"):
        skirmish.parse_action("keep")
    with pytest.raises(NotationError, match="'board' takes a Snowtrooper and a Walker"):
        assault.parse_action("board snow-3")
    with pytest.raises(NotationError, match=r"unknown action 'fly' \(place, board, luke, move, fire, harpoon, done"):
        assault.parse_action("fly speeder-1")


def test_two_classes_may_not_answer_one_verb():
    @dataclass(frozen=True)
    class Twice:
        VERBS: ClassVar[tuple[str, ...]] = ("end",)

        @classmethod
        def read(cls, w: Words) -> "Twice":
            return cls()

    with pytest.raises(ValueError, match="two action classes answer 'end'"):
        NotationReader.of([skirmish.EndTurn, Twice], template="", empty="", unknown=str)
