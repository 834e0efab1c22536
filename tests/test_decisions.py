"""The pending decision is a typed value held by the game: one class a phase of play, each with its own
`kind`, set when a state becomes the game's (not worked out again at every question)."""

from __future__ import annotations

import random
import typing

from hothsim import open_game
from hothsim.assault import decisions as assault_decisions
from hothsim.skirmish import decisions as skirmish_decisions
from hothsim.skirmish.actions import parse_action
from tests.arena import arena


UNIONS = {skirmish_decisions: skirmish_decisions.SkirmishDecision, assault_decisions: assault_decisions.AssaultDecision}


def phases(module) -> dict[str, type]:
    """Each phase class of a game's union, by the kind its type names."""
    return {typing.get_args(typing.get_type_hints(cls)["kind"])[0]: cls for cls in typing.get_args(UNIONS[module])}


def test_every_phase_has_a_kind_of_its_own_in_each_game():
    for module, union in UNIONS.items():
        found = phases(module)
        assert len(found) == len(typing.get_args(union))  # no two phases share a kind
        for kind, cls in found.items():
            assert cls.__dataclass_fields__["kind"].default == kind


def test_a_skirmish_waits_on_the_phase_its_state_is_in(tmp_path):
    g = arena(tmp_path, {"leia": "c3"}, {"vader": "h3"}, [15, 3, 17])
    assert type(g.pending) is skirmish_decisions.FirstChoice and g.pending.player == "rebel"
    assert g.pending is g.pending  # held, not worked out again
    g.apply(parse_action("first rebel"))
    assert type(g.pending) is skirmish_decisions.Activation and g.pending.player == "rebel"
    g.apply(parse_action("activate leia"))
    turn = g.pending
    assert type(turn) is skirmish_decisions.FigureTurn and turn.actor == "leia" and turn.kind == "turn"
    copy = g.clone()
    assert copy.pending == turn  # a clone waits on the same decision


def test_every_decision_of_random_games_is_one_of_its_games_phases():
    for scenario, module in (("salvage", skirmish_decisions), ("assault-on-hoth", assault_decisions)):
        known = tuple(phases(module).values())
        rng = random.Random(5)
        game = open_game(scenario, seed=5)
        for _ in range(400):
            d = game.pending
            assert isinstance(d, known) and type(d) is phases(module)[d.kind]  # its kind names its class
            if game.is_over:
                assert d.player is None
                break
            assert d.player in ("rebel", "imperial")
            game.apply(rng.choice(game.legal_actions()))


def test_each_phase_of_play_has_exactly_its_own_fields():
    # A phase about no piece has no `actor` field and answers None; one with nothing to add answers "" for
    # its note: the base holds no field for any of them to inherit.
    import dataclasses

    from hothsim.assault import decisions as assault_phases
    from hothsim.kernel.engine import Decision
    from hothsim.skirmish import decisions as skirmish_phases

    assert not dataclasses.is_dataclass(Decision)
    fields = {cls.__name__: [f.name for f in dataclasses.fields(cls)]
              for module in (skirmish_phases, assault_phases) for cls in vars(module).values()
              if isinstance(cls, type) and issubclass(cls, Decision) and cls is not Decision}
    assert fields["FigureTurn"] == ["player", "kind", "actor"]
    assert fields["SettingUp"] == ["player", "kind"]
    assert fields["RerollChoice"] == ["player", "kind", "actor", "note"]
    assert fields["ActionRound"] == ["player", "kind", "note"]
    assert fields["GameOver"] == ["player", "kind", "note"]
    assert skirmish_phases.SettingUp("rebel").actor is None and skirmish_phases.SettingUp("rebel").note == ""
