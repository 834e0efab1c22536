"""The Assault on Hoth screen and keys, without a terminal: frames of the hex map and panels, the field of
fire, the hand-over screen, and a whole random game chosen through the keys."""

from __future__ import annotations

import random
from dataclasses import replace

from hothsim.assault.actions import Done, Fire, Walk
from hothsim.games import open_game
from hothsim.kernel.hexes import in_field_of_fire, offset_of, parse_hex
from hothsim.tui.app import handover_for
from hothsim.tui.controller import UIState
from hothsim.tui.hexcontrol import anchor, handle_hex_key, menu_actions, unit_actions
from hothsim.tui.hexview import ARROWS, render_assault
from tests.assault_arena import arena, clear
from tests.conformance import choose
from tests.test_tui import press as press_keys

DOWN, UP, LEFT, RIGHT = "KEY_DOWN", "KEY_UP", "KEY_LEFT", "KEY_RIGHT"
STEP = {"f": UP, "l": LEFT, "r": RIGHT}


def cursor_keys(ui: UIState, to: tuple[int, int]) -> list[str]:
    """Arrow keys from the cursor to a (column, row)."""
    x, y = ui.cursor
    return [RIGHT if to[0] > x else LEFT] * abs(to[0] - x) + [DOWN if to[1] > y else UP] * abs(to[1] - y)


def hex_keys_for(game, ui: UIState, action) -> list[str]:
    """The keys a player presses to make a choice on the Assault on Hoth screen."""
    if isinstance(action, Done):
        return ["e"]
    if getattr(action, "force", 0):
        items = tuple(a for a in game.legal_actions() if getattr(a, "force", 0))
        return ["F"] + [DOWN] * items.index(action) + ["\n"]
    keys: list[str] = []
    if game.pending.kind == "act":
        u = game.state.unit(action.unit)
        if u.where == "map":
            keys += cursor_keys(ui, offset_of(u.hex)) + ["\n"]
            ui = replace(ui, cursor=offset_of(u.hex), selected=u.id)
        if isinstance(action, Walk):
            return keys + ["w"] + [STEP[c] for c in action.steps] + ["\n"]
        h = anchor(game, action)
        if u.where == "map" and h is not None:
            here = [a for a in unit_actions(game, u.id) if anchor(game, a) == h and not isinstance(a, Walk)]
            keys += cursor_keys(ui, offset_of(h)) + ["\n"]
            if len(here) > 1:
                keys += [DOWN] * here.index(action) + ["\n"]
            return keys
        items = menu_actions(game, ui)
        return keys + ["m"] + [DOWN] * items.index(action) + ["\n"]
    h = anchor(game, action)
    if h is not None:
        here = [a for a in game.legal_actions() if anchor(game, a) == h and not getattr(a, "force", 0)]
        keys = cursor_keys(ui, offset_of(h)) + ["\n"]
        if len(here) > 1:
            keys += [DOWN] * here.index(action) + ["\n"]
        return keys
    items = menu_actions(game, ui)
    return ["m"] + [DOWN] * items.index(action) + ["\n"]


def press(game, ui: UIState, keys: list[str]):
    """Press keys through the Assault screen's key handler."""
    return press_keys(game, ui, keys, handle_hex_key)


def panel_text(fr) -> str:
    """The side panel's lines joined into one string (its lines wrap)."""
    return " ".join(" ".join(fr.line(r).rsplit("|", 1)[-1].split()) for r in range(1, fr.height - 2)
                    if "|" in fr.line(r))


def setup_done(seed: int = 4):
    g = open_game("assault-on-hoth", seed=seed)
    rnd = random.Random(seed)
    while g.state.stage == "setup":
        g.apply(choose(rnd, g.legal_actions()))
    return g


# ---------------------------------------------------------------- frames

def test_frame_draws_the_hex_map_with_labels_terrain_zones_and_units():
    g = setup_done()
    w = g.state.unit("walker-1")
    fr = render_assault(g, UIState(cursor=offset_of(w.hex)), 100, 30)
    text = fr.text()
    lines = text.splitlines()
    assert lines[0].startswith("Assault on Hoth | turn 1")
    assert "Transports Away 0/5" in lines[0]
    assert " 01 02 03" in lines[1]  # column labels along the top
    assert any(line.startswith("01 ") for line in lines)  # row labels down the left
    assert f"{ARROWS[w.facing]}W+" in text  # facing arrow, Walker, troops aboard
    assert ":.:" in text  # the Imperial Reinforcement Sector
    assert "walker-1: Imperial Walker" in text and "aboard:" in text and "blaster ok" in text  # the Walker display
    assert any(fr.attrs[r][c] == "cursor" for r in range(fr.height) for c in range(fr.width))


def test_frame_scrolls_to_the_shield_generator_and_draws_the_base_and_forward_line():
    g = setup_done()
    sg = g.setup.field.shield_generator
    fr = render_assault(g, UIState(cursor=offset_of(sg)), 80, 24)
    assert "Hex 1029: rough, Shield Generator" in panel_text(fr)
    cursor_cells = [fr.chars[r][c] for r in range(fr.height) for c in range(fr.width) if fr.attrs[r][c] == "cursor"]
    assert "G" in cursor_cells
    fr2 = render_assault(g, UIState(cursor=(2, 15)), 80, 24)
    assert "B" in fr2.text() and "=" in render_assault(g, UIState(cursor=(2, 10)), 80, 24).text()


def test_macrohexes_are_shaded_in_three_alternating_tones():
    g = setup_done()
    fr = render_assault(g, UIState(cursor=(10, 20)), 100, 30)
    tones = {fr.attrs[r][c] for r in range(fr.height) for c in range(fr.width) if fr.attrs[r][c].startswith("macro")}
    assert tones == {"macro0", "macro1", "macro2"}


def test_a_selected_walker_shows_its_field_of_fire():
    g = arena(clear(), {"walker-1": ("walker", "0505", 3), "trooper-1": ("trooper", "0508")}, card="walkers-fire")
    ui = UIState(cursor=offset_of(parse_hex("0505")))
    ui, _ = press(g, ui, ["\n"])
    assert ui.selected == "walker-1"
    fr = render_assault(g, ui, 100, 30)
    marked = []
    for r in range(fr.height):
        line = fr.line(r)
        marked += [(r, c) for c, ch in enumerate(line) if ch == "'"]
    assert marked, "the field of fire is drawn"
    # every marked hex is in the field of fire: check one straight ahead (0507 is two hexes south)
    assert in_field_of_fire(parse_hex("0505"), 3, parse_hex("0507"))
    target_cells = [(r, c) for r in range(fr.height) for c in range(fr.width) if fr.attrs[r][c] == "target"]
    assert target_cells  # the trooper in the field of fire is highlighted


def test_the_snowspeeder_display_and_the_action_card_panel():
    g = arena(clear(), {"walker-1": ("walker", "0202", 3), "speeder-1": ("speeder", "0505")},
              card="speeders-move-fire-or-harpoon", luke="speeder-1", luke_revealed=True, force=7)
    g._state = g.state.with_unit(replace(g.state.unit("speeder-1"), gunner=False, body=1))
    fr = render_assault(g, UIState(cursor=offset_of(parse_hex("0505"))), 100, 30)
    text = panel_text(fr)
    assert "gunner killed: fire -2, no harpoons" in text and "body hits 1 of 2" in text
    assert "Luke Skywalker flies it: 7 Force points" in text
    assert "Action card: Rebel: Snowspeeders Move, Fire, or Harpoon" in text


def test_lukes_speeder_is_not_marked_while_secret_but_is_in_replays():
    g = arena(clear(), {"walker-1": ("walker", "0202", 3), "speeder-1": ("speeder", "0505")},
              card="speeders-move", luke="speeder-1")
    ui = UIState(cursor=offset_of(parse_hex("0505")))
    assert "Luke" not in render_assault(g, ui, 100, 30).text()
    assert "@S1" not in render_assault(g, ui, 100, 30).text()
    assert "@S1" in render_assault(g, ui, 100, 30, reveal=True).text()


def test_the_event_panel_and_the_chart():
    g = arena(clear(), {"walker-1": ("walker", "0909")}, card="walkers-move", deck=["draw-event", "walkers-move"],
              events=["snowstorm"])
    g.apply(Done())
    text = render_assault(g, UIState(), 100, 30).text()
    assert "Last Event: Snowstorm" in text and "In force: Snowstorm" in text
    ui, _ = press(g, UIState(), ["c"])
    chart = render_assault(g, ui, 100, 30).text()
    assert "Fire/Armor chart" in chart and "Imperial Walker (AT-AT)" in chart


def test_hand_over_before_luke_is_assigned_and_before_his_secret_armor_choice():
    g = open_game("assault-on-hoth", seed=2)
    rnd = random.Random(2)
    while g.pending.kind != "luke":
        before = g.pending
        g.apply(choose(rnd, g.legal_actions()))
    notice = handover_for(g, before)
    assert "Imperial player looks away" in notice
    fr = render_assault(g, UIState(handover=notice), 80, 24)
    assert "looks away" in fr.text() and "Press any key" in fr.text() and "speeder-" not in fr.text()
    g2 = arena(clear(), {"walker-1": ("walker", "0202", 3), "speeder-1": ("speeder", "0203")}, card="walkers-fire",
               luke="speeder-2")
    before = g2.pending
    g2.apply(Fire("walker-1", "speeder-1"))
    assert "Luke" in handover_for(g2, before)


def test_fire_menu_shows_the_dice_armor_and_chance_to_hit():
    g = arena(clear(), {"walker-1": ("walker", "0202", 3), "trooper-1": ("trooper", "0203")}, card="walkers-fire")
    ui = UIState(cursor=offset_of(parse_hex("0202")))
    ui, _ = press(g, ui, ["\n", "m"])
    text = render_assault(g, ui, 100, 30).text()
    assert "fire walker-1 trooper-1   6 dice vs armor 1: 91% to hit" in text


def test_walking_a_walker_by_keys_turns_and_steps():
    g = arena(clear(), {"walker-1": ("walker", "0505", 3)}, card="walkers-move")
    ui = UIState(cursor=offset_of(parse_hex("0505")))
    ui, action = press(g, ui, ["\n", "w", UP, RIGHT, UP])
    assert action is None and ui.walk == "frf"
    assert "2 MPs left" in render_assault(g, ui, 100, 30).text()
    ui, action = press(g, ui, ["\n"])
    assert action == Walk("walker-1", "frf")


# ---------------------------------------------------------------- a whole game through the keys

def test_a_random_bot_plays_a_whole_game_through_the_keys():
    g = open_game("assault-on-hoth", seed=11)
    rnd = random.Random(11)
    ui = UIState(cursor=(10, 0))
    decisions = 0
    while not g.is_over:
        action = choose(rnd, g.legal_actions())
        keys = hex_keys_for(g, ui, action)
        ui, chosen = press(g, ui, keys)
        assert chosen == action, (action, keys)
        g.apply(action)
        render_assault(g, ui, 80, 24)
        decisions += 1
    assert g.winner in ("rebel", "imperial") and decisions > 50
    assert "the game is over" in render_assault(g, ui, 80, 24).text()


def test_the_prompt_shows_a_moves_mps_and_a_fires_odds_before_enter():
    g = arena(clear(), {"walker-1": ("walker", "0202", 3), "trooper-1": ("trooper", "0205"),
                        "atst-1": ("atst", "0204")}, card="troopers-move-or-fire")
    ui = UIState(cursor=offset_of(parse_hex("0205")))
    ui, _ = press(g, ui, ["\n", UP])  # select the trooper, cursor onto the AT-ST
    assert "Enter: fire trooper-1 atst-1   3 dice vs armor 2: 26% to hit" in render_assault(g, ui, 120, 30).text()
    ui, _ = press(g, ui, [DOWN, DOWN, DOWN])
    assert "Enter: move to 0207, 2 of 5 MPs" in render_assault(g, ui, 120, 30).text()


def test_luke_s_force_track_is_shown_to_the_rebel_player_on_f_only():
    g = arena(clear(), {"walker-1": ("walker", "0909"), "speeder-1": ("speeder", "0505")}, card="speeders-move",
              luke="speeder-1", force=9)
    assert "Force" not in render_assault(g, UIState(), 100, 30).text().splitlines()[0]
    ui, _ = press(g, UIState(), ["F"])
    assert "Luke flies speeder-1: 9 Force points left" in ui.message


def test_help_status_and_keys_fit_an_80x24_terminal():
    from hothsim.tui.hexcontrol import HEX_HELP

    g = arena(clear(), {"walker-1": ("walker", "0202", 3), "speeder-1": ("speeder", "0505")}, card="walkers-move",
              luke="speeder-1", luke_revealed=True, force=8)
    fr = render_assault(g, UIState(help=True), 80, 24)
    text = fr.text()
    assert all(line.rstrip() in text for line in HEX_HELP)  # nothing cut off
    plain = render_assault(g, UIState(), 80, 24)
    assert "Transports Away 0/5 | imperial: act" in plain.line(0)
    assert plain.line(23).rstrip().endswith("? help  q")
    assert "Luke speeder-1: 8 Force" in render_assault(g, UIState(), 120, 30).line(0)
