"""The terminal front end: frames drawn from the game (pure), the key controller, and a whole game of
echo-base driven through the controller's own key handling by a bot choosing random legal choices."""

from __future__ import annotations

import random

import pytest

from hothsim.data.catalog import Catalog
from hothsim.games import open_game, replay_steps, transcript
from hothsim.skirmish.actions import parse_action
from hothsim.tui.controller import MOVES, ChooseHelpers, UIState, actions_at, anchor, collapse, handle_key, menu_actions
from hothsim.tui.view import render
from tests.conformance import choose

RIGHT, LEFT, DOWN, UP = "KEY_RIGHT", "KEY_LEFT", "KEY_DOWN", "KEY_UP"


def keys_for(game, ui: UIState, action) -> list[str]:
    """The keys a player presses to make this choice: walk the cursor to its square and press Enter (then
    pick it from the menu if the square offers several), or open the menu and pick it there."""
    keys: list[str] = []
    helpers = getattr(action, "helpers", ())
    item = action
    sq = anchor(game, action)
    if sq is not None and action in actions_at(game, sq):
        here = collapse(actions_at(game, sq))
        if helpers:
            item = next(h for h in here if isinstance(h, ChooseHelpers) and h.target == action.target)
        x, y = ui.cursor
        keys += [RIGHT if sq[0] > x else LEFT] * abs(sq[0] - x)
        keys += [DOWN if sq[1] > y else UP] * abs(sq[1] - y)
        keys.append("\n")
        if len(here) > 1:
            keys += [DOWN] * here.index(item) + ["\n"]
    else:
        items = menu_actions(game)
        if helpers:
            item = next(h for h in items if isinstance(h, ChooseHelpers) and h.target == action.target)
        keys += ["m"] + [DOWN] * items.index(item) + ["\n"]
    if helpers:  # toggle each helper on, then fire
        at = 0
        for h in item.eligible:
            if h in helpers:
                keys += [DOWN] * (item.eligible.index(h) - at) + [" "]
                at = item.eligible.index(h)
        keys.append("\n")
    return keys


def press(game, ui: UIState, keys: list[str], handler=handle_key):
    """Press keys one by one through a screen's key handler; the last action chosen, if any."""
    action = None
    for k in keys:
        ui, action, quit_ = handler(game, ui, k)
        assert not quit_
    return ui, action


def set_up(scenario: str, seed: int):
    """A game past set-up and the choice of who goes first, decided at random."""
    g = open_game(scenario, seed=seed)
    rnd = random.Random(seed)
    while g.pending.kind in ("place", "first"):
        g.apply(choose(rnd, g.legal_actions()))
    return g


# ---------------------------------------------------------------- frames


@pytest.mark.parametrize("scenario", ["salvage", "quick-start", "echo-base"])
def test_frame_draws_the_map_walls_doors_and_figures(scenario):
    g = set_up(scenario, 4)
    f = g.state.living("rebel")[0]
    fr = render(g, UIState(cursor=f.pos), 100, 30)
    text = fr.text()
    assert text.splitlines()[0].startswith(g.setup.scenario_name)
    assert "|" in text and "+" in text and ("D" in text or ":" in text)  # walls and doors on the edges
    x, y = f.pos
    # The cursor is on the figure: its letter is drawn there with the cursor's attribute.
    assert any(fr.attrs[r][c] == "cursor" for r in range(fr.height) for c in range(fr.width))
    assert "Hit points" in text  # the stat card of the figure under the cursor
    assert text.splitlines()[-2].startswith(g.pending.player.upper())


def test_frame_big_figures_cover_their_whole_space():
    g = set_up("echo-base", 1)
    scout = g.state.fig("blizzard-scout")
    fr = render(g, UIState(cursor=scout.pos), 120, 40)
    from hothsim.tui.view import glyphs

    letter = glyphs(g)["blizzard-scout"]
    map_width = 120 - 40 - 1  # the panel takes a third of the width
    cells = sum(fr.line(y)[:map_width].count(letter) for y in range(1, fr.height - 2))
    assert cells == 25  # a 3x3 space is 5x5 cells of the drawing, edges between its squares included


def test_frame_stat_card_shows_modifiers_and_words_and_a_log_line():
    g = set_up("echo-base", 2)
    han = g.state.fig("han")
    ui = UIState(cursor=han.pos, explain=True, log=("d20 14 +4 Attack +4 combined fire = 22 vs Defense 16 +4 cover = 20",))
    text = render(g, ui, 120, 40).text()
    assert "Cunning Attack: Against" in text and "Accurate Shot: May target" in text
    flat = " ".join(text.split())  # the log wraps inside the panel
    assert "+4 combined fire = 22" in flat and "cover = 20" in flat


def test_frame_small_terminal_shows_a_notice():
    g = open_game("salvage", seed=1)
    text = render(g, UIState(), 60, 20).text()
    assert "Make the terminal larger" in text and "80x24" in text and "60x20" in text


def test_frame_in_monochrome_still_has_every_glyph():
    """Terrain, walls, doors and figures are told apart by characters, not only by colour."""
    g = open_game("salvage", seed=1)
    text = render(g, UIState(cursor=(15, 12)), 100, 30).text()
    for glyph in ".o~x#|-D+":
        assert glyph in text, glyph


def test_menu_shows_the_chance_to_hit_naturals_included(tmp_path):
    from hothsim.skirmish.actions import Attack
    from tests.arena import arena

    # Hoth Trooper +4 against Snowtrooper 13 (+4 cover in low objects): needs 13 on the die, 8 of 20 = 40%;
    # against Vader's 23 it needs 19: 2 faces (19 and the natural 20) = 10%; a natural 20 always hits.
    g = arena(tmp_path, {"hoth-trooper": "b2"}, {"snowtrooper": "h2", "vader": "b9"}, [15, 3], low=("h2",))
    g.apply(parse_action("first rebel"))
    g.apply(parse_action("activate hoth-trooper"))
    assert g.hit_chance(Attack("hoth-trooper", "snowtrooper")) == 40
    assert g.hit_chance(Attack("hoth-trooper", "vader")) == 10
    ui, _ = press(g, UIState(cursor=g.state.fig("hoth-trooper").pos), ["m"])
    text = render(g, ui, 120, 40).text()
    assert "attack hoth-trooper vader   (10% to hit)" in text


def test_combined_fire_helpers_are_toggled_before_the_roll(tmp_path):
    from hothsim.skirmish.actions import Attack
    from tests.arena import arena

    g = arena(tmp_path, {"hoth-trooper-1": "b2", "hoth-trooper-2": "b4", "elite-hoth-trooper": "b6"},
              {"snowtrooper": "h2"}, [15, 3])
    g.apply(parse_action("first rebel"))
    g.apply(parse_action("activate hoth-trooper-1"))
    ui = UIState(cursor=g.state.fig("snowtrooper").pos)
    ui, action = press(g, ui, ["\n"])  # the target offers the plain attack and the helper chooser
    assert action is None and [type(a).__name__ for a in ui.menu] == ["Attack", "ChooseHelpers"]
    ui, action = press(g, ui, [DOWN, "\n"])
    assert ui.helpers is not None and ui.helpers.eligible == ("elite-hoth-trooper", "hoth-trooper-2")
    assert "[ ] elite-hoth-trooper" in render(g, ui, 120, 40).text()
    ui, action = press(g, ui, [" ", DOWN, " ", " ", "\n"])  # on, on, off again
    assert action == Attack("hoth-trooper-1", "snowtrooper", ("elite-hoth-trooper",))


def test_keys_move_the_cursor_and_esc_closes_the_menu():
    g = open_game("salvage", seed=1)
    ui = UIState(cursor=(5, 5))
    for key, (dx, dy) in MOVES.items():
        moved, _, _ = handle_key(g, ui, key)
        assert moved.cursor == (5 + dx, 5 + dy), key
    ui, _ = press(g, ui, ["m"])
    assert ui.menu is not None
    ui, _ = press(g, ui, ["\x1b"])
    assert ui.menu is None
    ui, _ = press(g, ui, ["?"])
    assert ui.help and "Keys" in render(g, ui, 100, 30).text()


# ---------------------------------------------------------------- a whole game by keys


def test_a_whole_echo_base_game_driven_by_keys_to_the_end():
    catalog = Catalog.installed()
    g = open_game("echo-base", seed=11, catalog=catalog)
    rnd = random.Random(11)
    ui = UIState()
    decisions = 0
    while not g.is_over:
        action = choose(rnd, g.legal_actions())
        ui, chosen = press(g, ui, keys_for(g, ui, action))
        assert chosen == action
        g.apply(chosen)
        decisions += 1
        if decisions % 25 == 0:
            render(g, ui, 100, 30)
    assert g.winner in ("rebel", "imperial", None) and decisions > 50
    text = render(g, ui, 100, 30).text()
    assert "the game is over" in text


# ---------------------------------------------------------------- replay


def test_replay_steps_and_transcript():
    g = open_game("salvage", seed=6, created="2026-11-22T10:00:00Z")
    rnd = random.Random(6)
    for _ in range(40):
        g.apply(choose(rnd, g.legal_actions()))
    text = g.record.to_text()
    steps = replay_steps(text)
    assert len(steps) == 41 and steps[-1][2].state == g.state
    from hothsim.tui.replay import step_key

    assert step_key(steps, 0, "KEY_RIGHT") == 1 and step_key(steps, 1, "KEY_LEFT") == 0
    last_round = steps[-1][2].state.round
    assert steps[step_key(steps, 0, "]")][2].state.round >= 1
    assert step_key(steps, len(steps) - 1, "KEY_END") == len(steps) - 1 and last_round >= 1
    out = transcript(text)
    assert out.startswith("Echo Base Salvage Mission (salvage), seed 6")
    assert "1. place" in out and "initiative" in out


def test_the_path_under_the_cursor_shows_its_cost_and_who_it_provokes(tmp_path):
    from tests.arena import arena

    g = arena(tmp_path, {"hoth-trooper": "c3"}, {"snowtrooper": "d4"}, [15, 3])
    g.apply(parse_action("first rebel"))
    g.apply(parse_action("activate hoth-trooper"))
    ui = UIState(cursor=(0, 2))  # A3, two squares west
    fr = render(g, ui, 100, 30)
    prompt = fr.line(fr.height - 2)
    assert "move to A3, 2 squares, attacks of opportunity: snowtrooper" in prompt
    assert any("+" == fr.chars[y][x] and fr.attrs[y][x] == "path" for y in range(fr.height) for x in range(60))


def test_a_path_drawn_step_by_step_shows_its_running_cost_and_attacks_of_opportunity(tmp_path):
    from hothsim.skirmish.actions import Move
    from tests.arena import arena

    g = arena(tmp_path, {"hoth-trooper": "c3"}, {"snowtrooper": "e5"}, [15, 3])
    g.apply(parse_action("first rebel"))
    g.apply(parse_action("activate hoth-trooper"))
    ui, action = press(g, UIState(cursor=(0, 0)), ["p"])
    assert ui.drawing and ui.cursor == (2, 2)
    # Step east to D3, south-east to E4 (next to the Snowtrooper at E5), then west to D4: leaving E4
    # provokes the Snowtrooper.
    ui, action = press(g, ui, ["l", "n", "h"])
    assert action is None and ui.path == ((3, 2), (4, 3), (3, 3))
    prompt = render(g, ui, 100, 30).line(29 - 1)
    assert "Path D3 E4 D4: 4 of 12 squares, attacks of opportunity: snowtrooper" in prompt
    ui, action = press(g, ui, ["l"])  # stepping back onto E4 undoes the last step
    assert ui.path == ((3, 2), (4, 3))
    ui, action = press(g, ui, ["KEY_BACKSPACE", "\n"])
    assert action == Move("hoth-trooper", ((3, 2),)) and not ui.drawing
    g.apply(action)
    assert g.state.fig("hoth-trooper").pos == (3, 2)


def test_drawing_a_path_into_an_enemy_is_refused_with_a_reason(tmp_path):
    from tests.arena import arena

    g = arena(tmp_path, {"hoth-trooper": "c3"}, {"snowtrooper": "d3"}, [15, 3])
    g.apply(parse_action("first rebel"))
    g.apply(parse_action("activate hoth-trooper"))
    ui, _ = press(g, UIState(), ["p", "l"])
    assert ui.path == () and "no step" in ui.message


def test_the_help_fits_an_80x24_terminal():
    from hothsim.tui.controller import HELP

    g = open_game("salvage", seed=1)
    text = render(g, UIState(help=True), 80, 24).text()
    assert all(line.rstrip() in text for line in HELP)
