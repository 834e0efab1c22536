"""The UI state split (issue 30): the part every screen shares, and each game's screen's own part (a
half-made choice), which a decision by another player, or one taken back, clears."""

from __future__ import annotations

import random
from dataclasses import fields

from hothsim.games import open_game
from hothsim.tui.app import _may_hint, _may_take_back
from hothsim.tui.assault.ui_state import AssaultUI
from hothsim.tui.screen import UIState, after_decision
from hothsim.tui.screens import screen_for
from hothsim.tui.skirmish.ui_state import SkirmishUI, mine
from tests.conformance import choose
from tests.test_tui import keys, set_up


def test_the_shared_ui_state_holds_no_field_of_either_games_own_part():
    shared = {f.name for f in fields(UIState)}
    assert not shared & {f.name for f in fields(SkirmishUI)}
    assert not shared & {f.name for f in fields(AssaultUI)}
    assert not any(hasattr(UIState(), name) for name in ("selected", "walk", "placing", "path", "helpers"))


def test_a_path_being_drawn_holds_take_back_and_hints_until_it_is_done():
    g = set_up("salvage", 1)
    activate = next(a for a in g.legal_actions() if type(a).__name__ == "Activate")
    g.apply(activate)
    ui, _ = keys(g, UIState(cursor=(5, 5)), ["p"])
    assert mine(ui).drawing and ui.steering
    assert not _may_take_back(ui) and not _may_hint(ui)
    ui, _ = keys(g, ui, ["\x1b"])
    assert not mine(ui).drawing and _may_take_back(ui) and _may_hint(ui)


def test_another_players_decision_clears_the_half_made_choice_and_keeps_the_card_shown():
    g = open_game("salvage", seed=2)
    before = g.pending
    ui = UIState(own=SkirmishUI(placing="some-figure", sight=True, path=((1, 1),)))
    rnd = random.Random(2)
    while g.pending.player == before.player and g.pending.kind == before.kind:
        g.apply(choose(rnd, g.legal_actions()))
    after = after_decision(screen_for(g), g, ui, before)
    assert mine(after) == SkirmishUI(sight=True)


def test_the_same_players_next_decision_keeps_the_figure_being_set_up():
    g = open_game("salvage", seed=2)
    ui = UIState(own=SkirmishUI(placing="some-figure"))
    before = g.pending
    g.apply(choose(random.Random(2), g.legal_actions()))
    assert (before.player, before.kind) == (g.pending.player, g.pending.kind) == ("imperial", "place")
    assert mine(after_decision(screen_for(g), g, ui, before)).placing == "some-figure"
