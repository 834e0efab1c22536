"""The computer builds its skirmish squad from the book of measured squads (hothsim.ai.squad_book)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from hothsim.ai import Player, decide, derive_seed, player_named
from hothsim.ai.squad_book import BOOK, CHOICES, BookSquad, book_step, fitting
from hothsim.games import open_game
from hothsim.kernel.engine import SIDES
from hothsim.skirmish.actions import Ready, Recruit
from hothsim.skirmish.game import SkirmishGame

VADER = BookSquad("imperial", 100, ("elite-snowtrooper", "eweb-snowtrooper", "snowtrooper", "snowtrooper", "vader"),
                  30, 40)
SCOUT = BookSquad("imperial", 100, ("blizzard-scout", "elite-snowtrooper", "snowtrooper", "snowtrooper", "veers"),
                  25, 40)
HAN = BookSquad("rebel", 100, ("han", "leia", "luke", "snowspeeder"), 20, 30)


class First(random.Random):
    """A random stream whose choice is always the first of a sequence (the book's best)."""

    def choice(self, seq):  # type: ignore[override]
        return seq[0]


class Second(random.Random):
    """A random stream whose choice is always the second of a sequence (to choose the book's next best)."""

    def choice(self, seq):  # type: ignore[override]
        return seq[1]


def _imperial_to_build(seed: int = 3) -> SkirmishGame:
    game = open_game("skirmish", seed=seed)
    assert isinstance(game, SkirmishGame)
    assert game.pending.kind == "build" and game.pending.player == "imperial"
    return game


def _build(game: SkirmishGame, rng: random.Random, book) -> tuple[str, ...]:
    side = game.pending.player
    while game.pending.kind == "build" and game.pending.player == side:
        step = book_step(game, side, rng, book)
        assert step is not None
        game.apply(step)
    return game.state.squads[SIDES.index(side)]


def test_the_best_squad_of_the_book_is_built_whole_then_ready():
    game = _imperial_to_build()
    squad = _build(game, random.Random(0), (SCOUT, VADER))  # CHOICES 2: either; the first stream picks
    assert Counter(squad) in (Counter(VADER.cards), Counter(SCOUT.cards))
    assert game.pending.player == "rebel"  # ready was the last step


def test_the_next_best_squad_chosen_first_is_kept_to_the_end():
    # Its first card rules out the better squad (the Blizzard Scout is in no Vader squad), so every later
    # step, which follows the best squad still fitting, builds it.
    game = _imperial_to_build()
    assert book_step(game, "imperial", Second(), (VADER, SCOUT)) == Recruit("blizzard-scout")
    assert Counter(_build(game, Second(), (VADER, SCOUT))) == Counter(SCOUT.cards)


def test_after_a_card_no_book_squad_holds_the_expert_draws_instead():
    game = _imperial_to_build()
    game.apply(Recruit("veers"))
    assert fitting(game, "imperial", (VADER,)) == []
    assert book_step(game, "imperial", random.Random(0), (VADER,)) is None


@pytest.mark.parametrize("squad, why", [
    (BookSquad("imperial", 150, VADER.cards, 30, 40), "measured at other points"),
    (BookSquad("imperial", 100, ("vader", "blizzard-scout"), 30, 40), "over the points"),
    (BookSquad("imperial", 100, ("vader", "han"), 30, 40), "a card of the other side"),
    (BookSquad("imperial", 100, ("vader", "boba-fett"), 30, 40), "a card the pack does not have"),
    (HAN, "the other side's squad"),
])
def test_a_book_squad_that_does_not_fit_the_game_is_not_built(squad, why):
    assert book_step(_imperial_to_build(), "imperial", random.Random(0), (squad,)) is None, why


def test_a_squad_with_fewer_games_does_not_lead_on_luck():
    # One win of one game is a share of 2/3; 30 of 40 is 31/42.
    lucky = BookSquad("imperial", 100, SCOUT.cards, 1, 1)
    assert fitting(_imperial_to_build(), "imperial", (lucky, VADER))[0] == VADER


def test_every_squad_of_the_shipped_book_is_a_full_legal_squad_of_the_pack():
    assert {s.side for s in BOOK} == {"rebel", "imperial"}
    for entry in BOOK:
        game = open_game("skirmish", seed=0)
        if entry.side == "rebel":  # the Empire builds first: a squad of one, then ready
            game.apply(Recruit("snowtrooper"))
            game.apply(Ready())
        for card in sorted(entry.cards):
            assert Recruit(card) in game.legal_actions(), (entry, card)
            game.apply(Recruit(card))
        assert not any(type(a) is Recruit for a in game.legal_actions()), f"{entry.cards}: a card still fits"
        assert 0 < entry.wins <= entry.games


def test_the_computer_builds_a_book_squad_and_the_expert_draws_its_own():
    # The search (`ai`) builds one of the book's best CHOICES squads for its side; the expert still draws
    # a card at a time by cost, as before the book.
    for seed in range(3):
        game = open_game("skirmish", seed=seed)
        n = 0
        while game.pending.kind == "build":
            side = game.pending.player
            player = player_named("ai") if side == "imperial" else Player("expert")
            game.apply(decide(player, game, derive_seed(seed, n, side)).action)
            n += 1
        best = sorted((s for s in BOOK if s.side == "imperial"), key=lambda s: -s.share)[:CHOICES]
        assert Counter(game.state.squads[SIDES.index("imperial")]) in [Counter(s.cards) for s in best]
        assert sum(game.squads.costs(game.state.squads[SIDES.index("rebel")])) <= 100


def test_the_expert_builds_from_the_book_only_where_its_weights_say_so():
    # `skirmish.expert_squad_book=1` (for measuring the search's play with both squads built alike): the
    # expert then builds as the search does, from the same random numbers.
    from dataclasses import replace

    from hothsim.ai import LEVELS
    from hothsim.ai.weights import Weights, with_changes

    booked = Player("expert", replace(LEVELS["normal"], weights=with_changes(Weights(), "skirmish.expert_squad_book=1")))

    def imperial_squad(player: Player, seed: int) -> Counter:
        game = open_game("skirmish", seed=seed)
        n = 0
        while game.pending.player == "imperial" and game.pending.kind == "build":
            game.apply(decide(player, game, derive_seed(seed, n, "imperial")).action)
            n += 1
        return Counter(game.state.squads[SIDES.index("imperial")])

    for seed in range(3):
        assert imperial_squad(booked, seed) == imperial_squad(player_named("ai"), seed)
    books = [Counter(s.cards) for s in BOOK]
    assert any(imperial_squad(Player("expert"), seed) not in books for seed in range(8))


def test_a_hint_while_a_person_builds_names_a_card_of_a_book_squad():
    from hothsim.session import Session

    game = open_game("skirmish", seed=4)
    hint = Session(game).hint()  # hot-seat: the hint is the normal computer's, in the person's place
    while hint.step():
        pass
    action = hint.choice().action
    assert type(action) is Recruit
    side = game.pending.player
    assert action in {book_step(game, side, First()), book_step(game, side, Second())}  # the best's or the next's
    assert game.state.squads == ((), ())  # a hint is never applied
