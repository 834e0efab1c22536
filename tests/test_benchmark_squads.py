"""The squads benchmark (benchmarks/squads.py): the full squads it plays are every squad that fits no more,
the enemy a seed meets is one draw, and a game is played with the squads it is given."""

from __future__ import annotations

from collections import Counter

from benchmarks.squads import drawn_squad, full_squads, play
from hothsim.games import open_game
from hothsim.skirmish.actions import Ready, Recruit


def test_the_empire_has_eight_full_squads_each_within_the_points_and_fitting_no_more():
    squads = full_squads("imperial")
    assert len(squads) == 8 and len(set(squads)) == 8
    assert ("elite-snowtrooper", "eweb-snowtrooper", "snowtrooper", "snowtrooper", "vader") in squads
    assert not any("vader" in s and "blizzard-scout" in s for s in squads)  # 53 + 54 points is over 100
    for squad in squads:
        game = open_game("skirmish", seed=0)
        for card in squad:
            game.apply(Recruit(card))
        assert sum(game.squads.costs(squad)) <= 100
        assert [a for a in game.legal_actions() if type(a) is Recruit] == []
        assert Ready() in game.legal_actions()


def test_a_seed_draws_one_enemy_squad_whatever_is_played_against_it():
    assert drawn_squad("rebel", 7) == drawn_squad("rebel", 7)
    assert len({drawn_squad("rebel", s) for s in range(6)}) > 1


def test_a_game_is_played_with_the_squads_given(monkeypatch):
    seen = []
    from hothsim.skirmish.game import SkirmishGame
    apply = SkirmishGame.apply

    def watching(self, action):
        if self.state.stage == "setup" and not seen:
            seen.append(self.state.squads)
        return apply(self, action)

    monkeypatch.setattr(SkirmishGame, "apply", watching)
    imperial = ("eweb-snowtrooper", "snowtrooper", "vader", "veers")
    rebel = ("han", "leia", "luke", "snowspeeder")
    play(3, {"imperial": imperial, "rebel": rebel})
    assert [Counter(s) for s in seen[0]] == [Counter(rebel), Counter(imperial)]
