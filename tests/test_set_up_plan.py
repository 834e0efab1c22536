"""One set-up helper (issue 30): the front end's `a` sets the rest of a side up as the computer would,
through the same rules (`hothsim.ai.set_up`), and never applies anything itself."""

from __future__ import annotations

import pytest

from hothsim.ai import decide, player_named
from hothsim.ai.set_up import set_up_plan
from hothsim.games import open_game
from hothsim.tui.screen import UIState, press
from hothsim.tui.screens import screen_for


@pytest.mark.parametrize("scenario, seed", [("echo-base", 5), ("assault-on-hoth", 8)])
def test_a_sets_up_as_the_computer_sets_up(scenario, seed):
    game = open_game(scenario, seed=seed)
    side = game.pending.player
    _, several, _ = press(screen_for(game), game, UIState(), "a")
    plan = set_up_plan(game)
    assert several.actions == plan[:-1]  # the last waits under the cursor for Enter
    computer = player_named("ai")
    for action in plan:
        assert decide(computer, game, seed=0).action == action
        game.apply(action)
    assert game.pending.player != side or game.pending.kind not in ("place", "board")


def test_the_plan_is_worked_out_on_a_copy_and_is_empty_outside_set_up():
    game = open_game("salvage", seed=1)
    entries = len(game.record.entries)
    plan = set_up_plan(game)
    assert [a.notation() for a in plan] == ["place elite-snowtrooper aa1", "place snowtrooper-1 aa2",
                                            "place snowtrooper-2 ab1"]
    assert len(game.record.entries) == entries and game.pending.kind == "place"
    for action in plan:
        game.apply(action)
    while game.pending.kind == "place":
        game.apply(set_up_plan(game)[0])
    assert game.pending.kind == "first" and set_up_plan(game) == ()
