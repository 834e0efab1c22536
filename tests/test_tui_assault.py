"""The Assault on Hoth screen and keys, without a terminal: frames of the hex map and panels, the field of
fire, fire asked with its odds, Walker turns as seen on the screen, the hand-over screens, the chart, and a
whole random game chosen through the keys."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from hothsim.tui.assault.ui_state import AssaultUI, mine
from hothsim.assault.actions import Board, Done, Fire, Walk
from hothsim.games import open_game
from hothsim.kernel.hexes import in_field_of_fire, offset_of, parse_hex
from hothsim.tui.assault.control import cursor_hex
from hothsim.tui.assault.view import ARROWS
from hothsim.tui.screen import UIState, after_decision, draw, press as press_key
from hothsim.tui.screens import screen_for
from tests.assault_arena import arena, clear
from tests.conformance import choose
from tests.ui import drive

DOWN, UP, LEFT, RIGHT = "KEY_DOWN", "KEY_UP", "KEY_LEFT", "KEY_RIGHT"


def press(game, ui: UIState, keys: list[str]):
    """Press keys through the shared layer and the Assault screen; (UI state, last decision chosen)."""
    chosen = None
    for k in keys:
        ui, action, quit_ = press_key(screen_for(game), game, ui, k)
        assert not quit_
        chosen = action if action is not None else chosen
    return ui, chosen


def render_assault(game, ui: UIState, width: int, height: int, reveal: bool = False):
    """The whole screen as a player sees it (arrows drawn with UTF-8, as in the tests' locale)."""
    from hothsim.tui.assault import view

    if ui.help or ui.menu is not None or ui.confirm is not None or ui.roster or ui.history is not None:
        return draw(screen_for(game), game, replace(ui, size=(width, height)), width, height, reveal)
    return view.render(game, replace(ui, size=(width, height)), width, height, reveal)


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
    assert f"{ARROWS[w.facing]}W1" in text  # facing arrow, Walker, its number
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
    assert mine(ui).selected == "walker-1"
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


@pytest.mark.parametrize("viewer, shown", [("", False), ("imperial", False), ("rebel", True)])
def test_lukes_speeder_is_drawn_as_the_screens_viewer_may_see_it(viewer, shown):
    # Hidden information has one owner (issue 30): the screen draws the game's observation for its viewer,
    # the person's side against the computer, or what both players may know where two share the screen.
    g = arena(clear(), {"walker-1": ("walker", "0202", 3), "speeder-1": ("speeder", "0505")},
              card="speeders-move", luke="speeder-1", force=7)
    ui = UIState(cursor=offset_of(parse_hex("0505")), viewer=viewer)
    text = render_assault(g, ui, 100, 30).text()
    assert ("@S1" in text, "Luke Skywalker flies it: 7" in text, "Luke speeder-1: 7 Force" in text) == (shown,) * 3
    roster = screen_for(g).roster(g, False, viewer)
    assert ("  (Luke flies it)" in "\n".join(roster), "Luke: 7 Force points" in roster) == (shown, shown)
    assert any("@" in u for u in screen_for(g).overview(g, False, viewer).units) == shown


def test_the_event_panel_and_the_chart():
    g = arena(clear(), {"walker-1": ("walker", "0909")}, card="walkers-move", deck=["draw-event", "walkers-move"],
              events=["snowstorm"])
    g.apply(Done())
    text = render_assault(g, UIState(), 100, 30).text()
    assert "Last Event: Snowstorm" in text and "In force: Snowstorm" in text
    ui, _ = press(g, UIState(), ["c"])
    chart = render_assault(g, ui, 100, 30).text()
    assert "Fire/Armor chart" in chart and "Imperial Walker (AT-AT)" in chart and "any other key closes" in chart
    # q closes the chart, as its footer says of any other key (it used to quit the game); then q quits.
    ui, _ = press(g, ui, ["q"])
    assert not ui.chart and "Fire/Armor chart" not in render_assault(g, ui, 100, 30).text()
    assert press_key(screen_for(g), g, ui, "q")[2]


def test_hand_over_before_luke_is_assigned_and_before_his_secret_armor_choice():
    g = open_game("assault-on-hoth", seed=2)
    rnd = random.Random(2)
    while g.pending.kind != "luke":
        before = g.pending
        g.apply(choose(rnd, g.legal_actions()))
    notice = screen_for(g).handover(g, before)
    assert "Imperial player looks away" in notice
    fr = draw(screen_for(g), g, UIState(handover=notice), 80, 24)
    assert "looks away" in fr.text() and "Press any key" in fr.text() and "speeder-" not in fr.text()
    g2 = arena(clear(), {"walker-1": ("walker", "0202", 3), "speeder-1": ("speeder", "0203")}, card="walkers-fire",
               luke="speeder-2")
    before = g2.pending
    g2.apply(Fire("walker-1", "speeder-1"))
    assert "Luke" in screen_for(g2).handover(g2, before)


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
    assert action is None and mine(ui).walk == "frf"
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
        before = g.pending
        ui, _ = drive(g, ui, action)
        g.apply(action)
        ui = after_decision(screen_for(g), g, ui, before)
        render_assault(g, ui, 80, 24)
        decisions += 1
    assert g.winner in ("rebel", "imperial") and decisions > 50
    shown = render_assault(g, ui, 80, 24)
    flat = " ".join(shown.text().split())
    assert f"the game is over: the {g.winner.capitalize()} player wins (" in flat  # who won, then why
    assert f"{g.winner.upper()} WINS" in shown.line(0) and "NOBODY" not in shown.line(0)


def test_the_prompt_shows_a_moves_mps_and_a_fires_odds_before_enter():
    g = arena(clear(), {"walker-1": ("walker", "0202", 3), "trooper-1": ("trooper", "0205"),
                        "atst-1": ("atst", "0204")}, card="troopers-move-or-fire")
    ui = UIState(cursor=offset_of(parse_hex("0205")))
    ui, _ = press(g, ui, ["\n", UP])  # select the trooper, cursor onto the AT-ST
    assert "Enter: fire trooper-1 atst-1, 3 dice vs armor 2: 26% to hit" in render_assault(g, ui, 120, 30).text()
    ui, _ = press(g, ui, [DOWN, DOWN, DOWN])
    assert "Enter: move to 0207, 2 of 5 MPs" in render_assault(g, ui, 120, 30).text()


def test_luke_s_force_track_is_shown_to_the_rebel_player_on_f_only():
    g = arena(clear(), {"walker-1": ("walker", "0909"), "speeder-1": ("speeder", "0505")}, card="speeders-move",
              luke="speeder-1", force=9)
    assert "Force" not in render_assault(g, UIState(), 100, 30).text().splitlines()[0]
    ui, _ = press(g, UIState(), ["F"])
    assert ui.handover and "Imperial player looks away" in ui.handover  # the hand-over screen comes first
    assert "speeder-1" not in draw(screen_for(g), g, ui, 80, 24).text()
    ui, _ = press(g, ui, [" "])
    assert "Luke flies speeder-1: 9 Force points left" in ui.message


def test_help_status_and_keys_fit_an_80x24_terminal():
    from hothsim.tui.assault.control import HELP, PRIMER

    g = arena(clear(), {"walker-1": ("walker", "0202", 3), "speeder-1": ("speeder", "0505")}, card="walkers-move",
              luke="speeder-1", luke_revealed=True, force=8)
    ui = UIState(help=True, size=(80, 24))
    seen = render_assault(g, ui, 80, 24).text()
    assert "Imperial: destroy the Shield Generator." in seen  # `?` opens on the goal
    for _ in range(len(HELP) + len(PRIMER) + 8):
        ui, _ = press(g, ui, [DOWN])
        seen += render_assault(g, ui, 80, 24).text()
    assert all(line.rstrip() in seen for line in HELP + PRIMER)  # every line whole, by scrolling
    plain = render_assault(g, UIState(), 80, 24)
    assert "| IMPERIAL: act | Transports Away 0/5" in plain.line(0)
    assert plain.line(23).rstrip().endswith("? help  q quit")
    assert "Luke speeder-1: 8 Force" in render_assault(g, UIState(), 120, 30).line(0)


def test_enter_on_an_enemy_shows_the_odds_and_asks_before_firing():
    g = arena(clear(), {"walker-1": ("walker", "0202", 3), "trooper-1": ("trooper", "0203")}, card="walkers-fire")
    ui = UIState(cursor=offset_of(parse_hex("0202")))
    ui, action = press(g, ui, ["\n", DOWN, "\n"])  # select the Walker, then Enter on the Trooper
    assert action is None and ui.confirm is not None
    shown = render_assault(g, ui, 80, 24)
    text = " ".join(shown.text().split())
    assert "walker-1 fire at trooper-1: 6 dice vs armor 1: 91% to hit. Fire?" in text
    # The key line offers the answers, not the round's keys (which do nothing until it is answered).
    assert shown.line(23).rstrip() == "y or Enter yes  n or Esc no  q quit"
    no, action = press(g, ui, ["n"])
    assert action is None and no.confirm is None and g.record.entries == ()
    _, action = press(g, ui, ["y"])
    assert action == Fire("walker-1", "trooper-1")


def test_with_no_unit_selected_the_menu_lists_every_legal_action_shots_first():
    g = arena(clear(), {"walker-1": ("walker", "0202", 3), "walker-2": ("walker", "0602", 3),
                        "trooper-1": ("trooper", "0203")}, card="walkers-move-or-fire")
    ui, _ = press(g, UIState(), ["m"])
    legal = set(g.legal_actions())
    assert set(ui.menu.items) == legal
    assert type(ui.menu.items[0]) is Fire
    text = render_assault(g, ui, 80, 24).text()
    assert "more below" in text  # a long menu says so


def test_ending_the_round_while_units_may_act_asks_first():
    g = arena(clear(), {"walker-1": ("walker", "0202", 3), "trooper-1": ("trooper", "0209")}, card="walkers-move")
    ui, action = press(g, UIState(), ["e"])
    assert action is None and ui.confirm is not None and ui.confirm.action == Done()
    assert "1 unit may still act this round (walker-1)" in ui.confirm.question
    _, action = press(g, ui, ["y"])
    assert action == Done()


def test_walker_turns_are_named_as_seen_on_the_screen():
    from hothsim.tui.assault.control import turn_words

    # Facing south (3): Left turns counter-clockwise on the screen, to south-east; Right to south-west.
    assert turn_words(3, "l") == "counter-clockwise to face SE" or "counter-clockwise" in turn_words(3, "l")
    g = arena(clear(), {"walker-1": ("walker", "0505", 3)}, card="walkers-move")
    ui, _ = press(g, UIState(cursor=offset_of(parse_hex("0505"))), ["\n", "w"])
    text = " ".join(render_assault(g, ui, 120, 30).text().split())
    assert f"Left turns {turn_words(3, 'l')}" in text and f"Right {turn_words(3, 'r')}" in text
    ui, _ = press(g, ui, [LEFT])
    assert g.walk_end(g.state.unit("walker-1"), mine(ui).walk)[1] == 2  # counter-clockwise from south: south-east
    ui, _ = press(g, ui, ["KEY_BACKSPACE", RIGHT])
    assert g.walk_end(g.state.unit("walker-1"), mine(ui).walk)[1] == 4  # clockwise from south: south-west


def test_dice_faces_are_explained_in_help_and_chart():
    from hothsim.tui.assault.control import HELP
    from hothsim.tui.assault.view import chart

    g = arena(clear(), {"walker-1": ("walker", "0202", 3)}, card="walkers-move")
    assert any("SBB" in line for line in HELP) and any("Vader faces (V)" in line for line in chart(g))


def test_the_chart_is_whole_at_80x24():
    from hothsim.tui.assault.view import chart

    g = arena(clear(), {"walker-1": ("walker", "0202", 3)}, card="walkers-move")
    ui, _ = press(g, UIState(size=(80, 24)), ["c"])
    seen = render_assault(g, ui, 80, 24).text()
    for _ in range(20):
        ui, _ = press(g, ui, [DOWN])
        seen += render_assault(g, ui, 80, 24).text()
    flat = " ".join(seen.split())
    for line in chart(g):
        assert " ".join(line.split()) in flat or all(w in flat for w in line.split()), line


def test_macrohexes_differ_by_glyph_without_colour():
    g = arena(clear(), {"walker-1": ("walker", "0202", 3)}, card="walkers-move")
    text = render_assault(g, UIState(cursor=(10, 10)), 100, 30).text()
    assert all(glyph in text for glyph in ".,;")


def test_the_roster_lists_every_unit_and_keeps_luke_secret():
    g = arena(clear(), {"walker-1": ("walker", "0202", 3), "speeder-1": ("speeder", "0505")},
              card="speeders-move", luke="speeder-1")
    ui, _ = press(g, UIState(), ["r"])
    text = render_assault(g, ui, 100, 30).text()
    assert "walker-1" in text and "speeder-1" in text and "Luke flies it" not in text
    assert "his Snowspeeder is a secret" in text


def test_a_walker_facing_the_map_edge_says_so_in_the_prompt():
    g = arena(clear(), {"walker-1": ("walker", "0101", 0)}, card="walkers-move")
    ui, _ = press(g, UIState(cursor=offset_of(parse_hex("0101"))), ["\n", "w"])
    assert "Up forward to the map's edge" in " ".join(render_assault(g, ui, 120, 30).text().split())


def test_auto_deploy_places_the_rest_of_a_side_legally_and_can_be_taken_back():
    from hothsim.session import Session

    g = open_game("assault-on-hoth", seed=8)
    side = g.pending.player
    ui, action = press(g, UIState(), ["a"])
    assert type(action).__name__ == "Several" and len(action.actions) > 3
    session = Session(g)
    for a in action.actions:
        assert g.refusal(a) is None
        session.apply(a)
    assert g.pending.player == side  # the last unit waits under the cursor: the player may still adjust
    assert session.take_back() == "" and len(session.game.record.entries) == len(action.actions) - 1
    g = session.game
    ui, _ = press(g, replace(ui, message=""), ["\n"])  # the unit taken back: placed by hand
    while g.pending.player == side and g.pending.kind in ("place", "board"):
        session.apply(g.legal_actions()[0])
        g = session.game
    assert all(u.where != "reserve" for u in g.state.units if u.side == side and u.type == "walker")


def test_enter_on_an_enemy_that_cannot_be_hit_says_why_in_the_rule_s_words():
    g = arena(clear(), {"walker-1": ("walker", "0202", 3), "trooper-1": ("trooper", "0208")},
              card="troopers-move-or-fire")
    ui, _ = press(g, UIState(cursor=offset_of(parse_hex("0208"))), ["\n"])
    assert mine(ui).selected == "trooper-1"
    ui, action = press(g, replace(ui, cursor=offset_of(parse_hex("0202"))), ["\n"])
    why = g.refusal(Fire("trooper-1", "walker-1"))
    assert action is None and why is not None
    assert ui.message == f"trooper-1 cannot fire at walker-1: {why.message} (rule: {why.rule})"
    assert "trooper-1 cannot fire at walker-1" in " ".join(render_assault(g, ui, 80, 24).text().split())


# ---------------------------------------------------------------- boarding the Walkers at set-up

def boarding(seed: int = 3):
    """Assault on Hoth with every Imperial unit placed: the first Snowtrooper is to board a Walker."""
    g = open_game("assault-on-hoth", seed=seed)
    rnd = random.Random(seed)
    while g.pending.kind == "place":
        g.apply(choose(rnd, g.legal_actions()))
    assert g.pending.kind == "board"
    return g


def test_enter_on_a_walker_boards_that_walker_not_the_first_the_menu_lists():
    # The prompt says "Enter on a * Walker": it used to open the menu of every Walker, its first row
    # highlighted, so a second Enter boarded walker-1 whichever Walker the cursor was on.
    g = boarding()
    trooper = g.pending.actor
    w3 = g.state.unit("walker-3")
    fr = render_assault(g, UIState(cursor=offset_of(w3.hex)), 100, 30)
    assert "put a Snowtrooper aboard a Walker (Enter on a * Walker, or m)" in fr.text()
    col, row = offset_of(w3.hex)
    assert "*W" in fr.text()  # the Walkers with room are marked
    ui, action = press(g, UIState(cursor=(col, row)), ["\n"])
    assert action == Board(trooper, "walker-3")
    g.apply(action)
    assert g.record.entries[-1].action == f"board {trooper} walker-3"
    assert g.state.unit(trooper).aboard == "walker-3"


def test_enter_beside_the_walkers_while_boarding_says_there_is_nothing_there():
    g = boarding()
    ui, action = press(g, UIState(cursor=(0, 10)), ["\n"])
    assert action is None and ui.menu is None
    assert ui.message == "nothing to choose on 0111: m lists the choices"


def test_after_a_the_cursor_is_on_the_walker_the_last_snowtrooper_boards_and_enter_boards_it_there():
    from hothsim.session import Session

    g = open_game("assault-on-hoth", seed=3)
    session = Session(g)
    ui, several = press(g, UIState(), ["a"])
    for a in several.actions:
        session.apply(a)
    g = session.game
    (last,) = g.legal_actions() if len(g.legal_actions()) == 1 else [None]
    assert g.pending.kind == "board" and last is not None  # one Walker has room for the last one
    assert cursor_hex(ui) == g.state.unit(last.walker).hex
    assert f"sets up {last.unit} here" in ui.message
    ui, action = press(g, replace(ui, message=""), ["\n"])
    assert action == last


def test_the_message_for_one_player_is_not_left_for_the_next():
    # The Imperial player's "placed 17 units; Enter (or m) sets up the last one here" used to greet the
    # Rebel player at Luke's secret assignment.
    g = open_game("assault-on-hoth", seed=3)
    ui, several = press(g, UIState(), ["a"])
    for a in several.actions:
        g.apply(a)
    assert "Enter (or m) sets up snowtrooper-" in ui.message
    before = g.pending
    ui, action = press(g, ui, ["\n"])
    g.apply(action)
    assert g.pending.player == "rebel" and before.player == "imperial"
    ui = after_decision(screen_for(g), g, ui, before)
    assert ui.message == ""
    assert "Enter (or m) sets up" not in render_assault(g, replace(ui, handover=""), 80, 24).text()


def test_the_key_line_offers_only_keys_that_work_for_the_decision():
    # At Luke's secret assignment the key line used to offer "e end round" and "Tab next".
    g = open_game("assault-on-hoth", seed=3)
    while g.pending.kind in ("place", "board"):
        g.apply(g.legal_actions()[0])
    assert g.pending.kind == "luke"
    fr = render_assault(g, UIState(), 80, 24)
    assert fr.line(23).strip() == "Enter choose  m menu  c chart  r roster  L log  ? help  q quit"
    ui, _ = press(g, UIState(), ["e"])
    assert ui.message == "the action round cannot be ended now"


def test_enter_on_a_hex_only_ever_chooses_among_the_choices_about_that_hex():
    # What the boarding defect broke, for every decision of a few seeded games: with nothing selected,
    # Enter on a hex that some legal choice is about takes that choice, opens a menu (or a question) of the
    # choices about that hex only, selects the unit of yours standing there, or says why not; it never takes
    # or offers a choice about another hex.
    from hothsim.tui.assault.choices import actors, anchor, unit_actions, unit_spot

    checked = 0
    for seed in (1, 2):
        g = open_game("assault-on-hoth", seed=seed)
        rnd = random.Random(seed)
        for _ in range(150):
            if g.is_over:
                break
            hexes = {anchor(g, a) for a in g.legal_actions()} - {None}
            for h in sorted(hexes)[:6]:
                ui, action = press(g, UIState(cursor=offset_of(h)), ["\n"])
                if action is not None:
                    assert anchor(g, action) == h, (g.pending, action)
                elif ui.menu is not None:
                    assert all(anchor(g, a) == h for a in ui.menu.items), (g.pending, ui.menu.items)
                elif ui.confirm is not None:
                    assert anchor(g, ui.confirm.action) == h
                elif mine(ui).selected:  # a unit of yours there, or troops aboard the Walker there
                    assert unit_spot(g, mine(ui).selected) == h
                else:  # an enemy with nothing of yours selected: not silent, and nothing applied
                    assert ui.message, g.pending
                checked += 1
            if g.pending.kind == "act":  # and with one of your units selected: its choices about the hex
                for unit in actors(g)[:3]:
                    for h in sorted({anchor(g, a) for a in unit_actions(g, unit) if type(a) is not Walk} - {None})[:4]:
                        ui, action = press(g, UIState(cursor=offset_of(h), own=AssaultUI(selected=unit)), ["\n"])
                        if action is not None:
                            assert anchor(g, action) == h and action.unit == unit, (action, h)
                        elif ui.menu is not None:
                            assert all(anchor(g, a) == h for a in ui.menu.items), ui.menu.items
                        elif ui.confirm is not None:
                            assert anchor(g, ui.confirm.action) == h and ui.confirm.action.unit == unit
                        else:
                            assert ui.message or mine(ui).selected != unit, (unit, h)
                        checked += 1
            g.apply(choose(rnd, g.legal_actions()))
    assert checked > 300


def test_an_event_s_choice_names_the_event_and_starts_on_a_unit_it_may_help():
    # The prompt said "choose the unit the Event helps (Enter on it, or m)" with the cursor wherever it was
    # (on walker-1 in a seeded game), where Enter said "nothing to choose".
    from hothsim.assault.actions import Choose
    from hothsim.tui.assault.view import prompt_text

    met = 0
    for seed in range(1, 12):
        g = open_game("assault-on-hoth", seed=seed)
        rnd = random.Random(seed)
        for _ in range(2500):
            if g.is_over:
                break
            if g.pending.kind == "choose":
                event = g.rules.event_card(g.state.events_drawn[-1]).name
                ui = screen_for(g).start(g, UIState(size=(80, 24)))
                assert f"that {event} helps (Enter on it, or m)" in prompt_text(g, ui)
                ui, action = press(g, ui, ["\n"])
                assert type(action) is Choose and action in g.legal_actions()
                met += 1
            g.apply(choose(rnd, g.legal_actions()))
        if met >= 3:
            break
    assert met >= 1


def test_a_fire_with_luke_s_force_says_what_it_spends_before_it_is_made():
    # The question was "speeder-5 fire at walker-1: 3 dice vs armor 3: 4% to hit. Fire?" for a shot that
    # spends all ten of Luke's Force points: the cost was in the menu row's "+10" only.
    from hothsim.assault.actions import Fire

    g = open_game("assault-on-hoth", seed=1)
    rnd = random.Random(1)
    for _ in range(2500):
        s = g.state
        if (g.pending.kind == "act" and g.pending.player == "rebel" and s.luke and not s.luke_revealed
                and any(type(a) is Fire and a.unit == s.luke and a.force > 0 for a in g.legal_actions())):
            break
        g.apply(choose(rnd, g.legal_actions()))
    ui = screen_for(g).start(g, UIState(size=(80, 24)))
    ui, _ = press(g, ui, ["F"])
    ui, _ = press(g, ui, [" "])  # the hand-over: the Imperial player looks away
    chosen = ui.menu.chosen
    assert type(chosen) is Fire and chosen.force > 0
    ui, action = press(g, ui, ["\n"])
    assert action is None and ui.confirm is not None and ui.confirm.action == chosen
    assert (f"{chosen.unit} fire at {chosen.target} with {chosen.force} of Luke's {g.state.force} Force points: "
            in ui.confirm.question)


def test_the_prompt_names_the_deciding_side_once_and_counts_one_mp_singular():
    # It read "IMPERIAL: Imperial: Walkers Move"; a one-hex move logged "(1 MPs)".
    from hothsim.tui.assault.view import prompt_text

    g = arena(clear(12, 12), {"walker-1": ("walker", "0303", 3), "speeder-1": ("speeder", "0505")},
              card="walkers-move-or-fire")
    ui = screen_for(g).start(g, UIState(size=(80, 24)))
    text = prompt_text(g, ui)
    assert text.startswith("IMPERIAL: Walkers Move or Fire") and "Imperial:" not in text
    g2 = arena(clear(12, 12), {"walker-1": ("walker", "0303", 3), "speeder-1": ("speeder", "0505")},
               card="speeders-move")
    move = next(a for a in g2.legal_actions() if getattr(a, "to", None) == "0504")
    events = g2.apply(move)
    assert any(e.text.endswith("(1 MP)") for e in events), [e.text for e in events]


def test_a_selected_snowspeeders_menu_lists_its_fire_and_harpoon_before_its_moves():
    # Seen: 48 move rows came first, the harpoon second to last ("18 more above").
    from hothsim.assault.actions import Harpoon, Move
    from hothsim.tui.assault.choices import menu_items

    g = arena(clear(), {"speeder-1": ("speeder", "0203"), "walker-1": ("walker", "0202", 0)},
              card="speeders-move-fire-or-harpoon", luke="speeder-9")
    items = menu_items(g, "speeder-1")
    kinds = [type(a) for a in items]
    assert kinds[:2] == [Fire, Harpoon] or kinds[:2] == [Harpoon, Fire]
    assert kinds.count(Move) > 10 and all(k is Move for k in kinds[kinds.index(Move):])
    assert Done() in items and items.index(Done()) < kinds.index(Move)
    ui, _ = press(g, screen_for(g).start(g, UIState(size=(80, 24))), ["m"])
    text = render_assault(g, ui, 80, 24).text()
    assert text.index("harpoon speeder-1 walker-1") < text.index("move speeder-1")


def test_troops_aboard_a_walker_are_found_by_the_cursor_tab_and_enter():
    # Seen: on a Snowtroopers card with every trooper aboard a Walker, the cursor stayed on an enemy, Tab did
    # nothing and Enter on the Walker said only that it may not act on this card.
    from hothsim.assault.actions import Move

    g = arena(clear(), {"walker-1": ("walker", "0404", 3), "snowtrooper-1": ("snowtrooper", "aboard:walker-1"),
                        "trooper-1": ("trooper", "0808")}, card="snowtroopers-move")
    walker_at = offset_of(parse_hex("0404"))
    ui = screen_for(g).start(g, UIState(size=(80, 24), cursor=offset_of(parse_hex("0808"))))
    assert ui.cursor == walker_at  # on the Walker carrying the troops that may act
    ui, _ = press(g, replace(ui, cursor=(0, 0)), ["\t"])
    assert ui.cursor == walker_at
    ui, action = press(g, ui, ["\n"])
    assert action is None and mine(ui).selected == "snowtrooper-1" and "aboard walker-1" in ui.message
    get_off = next(a for a in g.legal_actions() if type(a) is Move and a.unit == "snowtrooper-1")
    ui, action = press(g, replace(ui, cursor=offset_of(parse_hex(get_off.to))), ["\n"])
    assert action == get_off


def test_every_unit_on_the_map_is_labelled_apart_from_the_others_of_its_type():
    # Seen: every Walker carrying troops drew alike (W+), walker-1 and walker-4 told apart only by the cursor.
    from hothsim.tui.assault.view import LETTER, number_mark

    g = setup_done()
    on_map = [u for u in g.state.units if u.where == "map"]
    labels = {(LETTER[u.type], number_mark(u.id)) for u in on_map}
    assert len(labels) == len(on_map)
    assert number_mark("trooper-10") == "0" and number_mark("trooper-11") == "a" and number_mark("walker-4") == "4"
    for u in on_map:
        if u.type == "walker":
            fr = render_assault(g, UIState(cursor=offset_of(u.hex)), 100, 30)
            assert f"{ARROWS[u.facing]}W{number_mark(u.id)}" in fr.text()  # characters alone: no colour needed


def test_a_reinforcement_is_offered_facing_the_battle_first_and_its_words_go_when_set_up_ends():
    # Seen: a Walker reinforcement offered facing north (away from the battle) first, and after `a` the
    # line "placed 0 units; Enter (or m) sets up the last one here" stayed when set-up had ended.
    from hothsim.assault.actions import Place
    from hothsim.kernel.hexes import distance, neighbour

    for seed in range(1, 30):
        g = open_game("assault-on-hoth", seed=seed)
        rnd = random.Random(seed)
        for _ in range(3000):
            if g.is_over or (g.state.stage != "setup" and g.pending.kind == "place"
                             and g.pending.unit.startswith("walker")):
                break
            g.apply(choose(rnd, g.legal_actions()))
        if not g.is_over and g.pending.kind == "place" and g.state.stage != "setup":
            break
    else:
        raise AssertionError("no Walker reinforcement in 29 seeded games")
    goal = g.setup.field.shield_generator
    ui = screen_for(g).start(g, UIState(size=(80, 24)))
    ui, _ = press(g, ui, ["\n"])  # on a hex of the sector: the facings to choose from
    rows = ui.menu.items
    assert all(type(a) is Place for a in rows) and len(rows) > 1
    ahead = [distance(neighbour(a.hex, a.facing), goal) for a in rows]
    assert ahead == sorted(ahead) and ahead[0] < distance(rows[0].hex, goal)  # the first faces the battle
    ui, several = press(g, replace(ui, menu=None), ["a"])
    assert several is None and ui.message.startswith(f"Enter (or m) sets up {g.pending.unit} here")
    before = g.pending
    ui, action = press(g, ui, ["\n"])  # the facings of the hex `a` chose: the menu, facing the battle first
    if action is None:
        ui, action = press(g, ui, ["\n"])
    g.apply(action)
    ui = after_decision(screen_for(g), g, ui, before)
    assert g.pending.kind != "place" and ui.message == ""


def test_a_hint_to_fire_with_lukes_force_is_taken_exactly_with_its_points_by_enter():
    """A hinted shot that spends Luke's Force: the screen offers exactly that shot (its Force points
    included), never the plain one at its lower odds."""
    from hothsim.ai import player_named
    from hothsim.assault.actions import Fire
    from hothsim.match import decide_within
    from hothsim.tui.screen import show_hint

    press = press_key

    g = open_game("assault-on-hoth", seed=3)
    forced = None
    for n in range(3000):
        if g.is_over:
            break
        forced = next((a for a in g.legal_actions() if type(a) is Fire and a.force), None)
        if forced is not None:
            break
        g.apply(decide_within(player_named("expert"), g, n, None)[0].action)
    assert forced is not None, "no shot with Luke's Force came"
    screen = screen_for(g)
    ui = screen.start(g, UIState(size=(100, 30)))
    shown = show_hint(screen, g, ui, forced, f"Luke fires with {forced.force} Force points: 70% to hit")
    after, chosen, _ = press(screen, g, shown, "\n")  # at once, or behind the question every fire asks first
    taken = chosen if chosen is not None else after.confirm.action if after.confirm is not None else None
    assert taken == forced and taken.force == forced.force


def test_the_menu_says_what_a_harpoon_does_beside_its_odds():
    from hothsim.assault.actions import Harpoon
    from hothsim.tui.assault.choices import describe_action

    g = arena(clear(), {"speeder-1": ("speeder", "0203"), "walker-1": ("walker", "0202", 0)},
              card="speeders-move-fire-or-harpoon", luke="speeder-9")
    harpoon = next(a for a in g.legal_actions() if type(a) is Harpoon)
    row = describe_action(g, harpoon)
    assert row.startswith("harpoon speeder-1 walker-1   ") and "% to hit" in row
    assert row.endswith("; a hit destroys the Walker at once, a miss does nothing")


def test_against_the_computer_lukes_armor_is_asked_only_where_it_changes_something():
    """Against the computer, a fire at a Snowspeeder Luke does not fly has one answer (no Force), and the
    session gives it without asking; at Luke's own Snowspeeder, with Force left, the person is asked, the
    menu open at once so that Enter (one key) spends nothing.  In hot-seat and at two machines every
    Snowspeeder is asked about, so that the asking gives nothing away."""
    from hothsim.assault.actions import Armor
    from hothsim.session import PERSON, REMOTE, new_session

    def fired_at(target: str, players: dict):
        g = arena(clear(), {"walker-1": ("walker", "0202", 3), "speeder-1": ("speeder", "0203"),
                            "speeder-2": ("speeder", "0303")}, card="walkers-fire", luke="speeder-2",
                  dice=["B"] * 6 + [tuple(range(20))] * 2)
        session = new_session(g, None, {side: who if who != REMOTE else PERSON for side, who in players.items()})
        session.players = players  # a game at two machines names the other side so (hothsim.remote_session)
        session.apply(Fire("walker-1", target))
        assert g.pending.kind == "armor" and g.pending.player == "rebel"
        return session
    computer = {"rebel": PERSON, "imperial": "ai:easy"}
    session = fired_at("speeder-1", computer)
    assert session.answer_alone()
    entries = [e.action for e in session.game.record.entries]
    assert entries[-1] == "armor 0" and session.game.pending.kind != "armor"
    assert any(line.startswith("rebel: armor 0, answered for you") for line in session.log)
    # Luke's own Snowspeeder: asked, with every amount of Force he may spend.
    own = fired_at("speeder-2", computer)
    assert not own.answer_alone() and len(own.game.legal_actions()) == own.game.state.force + 1
    ui = screen_for(own.game).start(own.game, UIState(size=(100, 30)))
    assert ui.menu is not None and ui.menu.items[0] == Armor(0)
    assert press_key(screen_for(own.game), own.game, ui, "\n")[1] == Armor(0)  # one key answers
    # Hot-seat and two machines: asked for every Snowspeeder.
    for players in ({"rebel": PERSON, "imperial": PERSON}, {"rebel": PERSON, "imperial": REMOTE}):
        assert not fired_at("speeder-1", players).answer_alone()


def test_the_chart_explains_every_damage_word_the_log_uses_from_the_rules_tables():
    """c: beside the Fire/Armor chart, the damage tables in words, their totals from the rules data: what a
    body, blaster, leg or gunner hit does, so that `body hit, 1 of 3` in the log can be looked up."""
    from hothsim.tui.assault.view import chart

    g = open_game("assault-on-hoth", seed=1)
    lines = chart(g)
    assert "      4-9  body hit: the second kills troops aboard, the third destroys it" in lines
    assert "      2-3  blaster hit: fire -3; the second stops its fire; then body hits" in lines
    assert "    10-11  leg hit: -2 MPs; at the second it cannot move; then body hits" in lines
    assert "      2-4  gunner killed: fire -2, no harpoons; then body hits" in lines
    assert "     5-10  body hit: the second destroys it" in lines
    assert all(len(line) <= 81 for line in lines)
    assert all(len(line) <= 76 for line in lines[lines.index("Damage: a hit on a Walker or a Snowspeeder rolls 2d6 on its table"):])
    ui, _ = press(g, UIState(size=(80, 24)), ["c"])
    shown = render_assault(g, ui, 80, 24).text()
    assert "Fire/Armor chart" in shown


def test_a_hex_says_who_could_fire_on_a_unit_there_and_what_a_walker_could_fire_on_from_where_it_would_stand():
    """Sight and threat in Assault on Hoth: moving the trooper in front of the Walker puts it in the
    Walker's field of fire; behind the Walker nobody could fire on it.  With the trooper selected, the
    cursor on a hex says so before Enter.  A Walker facing south could fire on the trooper; facing north,
    from the same hex, it could not."""
    from hothsim.assault.fire import shots_from, threats
    from hothsim.describe.assault import hex_outlook
    from hothsim.tui.assault.view import prompt_text

    g = arena(clear(), {"walker-1": ("walker", "0404", 3), "trooper-1": ("trooper", "0407")},
              card="troopers-move-or-fire")
    front, behind = parse_hex("0406"), parse_hex("0402")
    assert in_field_of_fire(parse_hex("0404"), 3, front) and not in_field_of_fire(parse_hex("0404"), 3, behind)
    fired = dict(threats(g.rules, g.terrain, g.state, "trooper-1", front))
    assert set(fired) == {"walker-1"} and fired["walker-1"].armor == 1
    assert threats(g.rules, g.terrain, g.state, "trooper-1", behind) == []
    chance = round(g.hit_chance(fired["walker-1"]) * 100)
    assert hex_outlook(g, "trooper-1", front).endswith(f"; fired on by 1: walker-1 {chance}%")
    assert hex_outlook(g, "trooper-1", behind).endswith("; fired on by none")
    south = dict(shots_from(g.rules, g.terrain, g.state, "walker-1", parse_hex("0404"), 3))
    north = dict(shots_from(g.rules, g.terrain, g.state, "walker-1", parse_hex("0404"), 0))
    assert "trooper-1" in south and "trooper-1" not in north
    # On the screen: select the trooper (Enter on it), rest the cursor on the hex in front of the Walker.
    ui, _ = press(g, UIState(size=(160, 30), cursor=offset_of(parse_hex("0407"))), ["\n", UP])
    assert tuple(ui.cursor) == offset_of(front)
    assert "Enter: move to 0406, 1 of 5 MPs; " in prompt_text(g, ui)
    assert prompt_text(g, ui).endswith(f"fired on by 1: walker-1 {chance}%")
    # The panel beside the map says it too, at 80x24, and of a unit standing on the hex under the cursor.
    panel = " ".join(line[50:].strip() for line in render_assault(g, replace(ui, size=(80, 24)), 80, 24).text()
                     .splitlines())
    assert f"Could fire on trooper-1 here: walker-1 {chance}%" in " ".join(panel.split())
    on_walker, _ = press(g, replace(ui, size=(80, 24), cursor=offset_of(parse_hex("0404"))), [])
    assert "No enemy could fire on it." in render_assault(g, on_walker, 80, 24).text()


def test_a_walker_off_the_map_is_shown_with_its_mps_not_a_crash():
    """A Walker in reserve (at set-up, before it is placed) has no hex: its lines still give its MPs, the
    same as a Walker's MPs this move."""
    from hothsim.assault.movement import walker_points
    from hothsim.tui.assault.view import unit_lines

    g = open_game("assault-on-hoth")
    walker = next(u for u in g.state.units if u.type == "walker" and u.where == "reserve")
    lines = unit_lines(g, g.state, walker.id)
    assert f"   MPs {walker_points(g.rules, walker)}" in lines[2] and "at off the map" in lines[1]
