"""The search's simulations at fixed positions (benchmarks/simulations.py): the position is the one named,
the count is the one asked, and the fingerprint is a function of the search's choices alone."""

from __future__ import annotations

from benchmarks.simulations import measure, position


def test_a_position_is_the_sides_kth_decision_with_a_choice():
    game, _ = position("salvage", 2, "imperial", 2)
    assert game.pending.player == "imperial" and game.pending.kind in ("turn", "activate")
    assert len(game.legal_actions()) > 1


def test_the_simulations_asked_are_run_and_the_fingerprint_repeats():
    first = measure("salvage", 2, "imperial", 2, 6)
    again = measure("salvage", 2, "imperial", 2, 6)
    assert first[2] >= 6 and again[2] == first[2]
    assert first[3] == again[3] and f" {first[2]} " in first[3]  # the choice, its simulations, its value
