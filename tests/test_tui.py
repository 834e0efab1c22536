"""The skirmish screen without a terminal: frames drawn from the game (pure), the keys, refusals that say
why, warnings asked first, set-up in two steps, squad building, the roster, the message history, and a
whole echo-base game chosen through the keys."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from hothsim.tui.skirmish.ui_state import mine
from hothsim.games import open_game, replay_steps, transcript
from hothsim.skirmish.actions import Activate, Attack, Move, Place, parse_action
from hothsim.tui.screen import MOVES, UIState, after_decision, draw, press
from hothsim.tui.screens import screen_for
from hothsim.tui.skirmish.view import REACH_ATTACK, REACH_ONLY, glyphs
from hothsim.tui.skirmish.choices import to_place
from tests.conformance import choose
from tests.ui import DOWN, drive

SIZE = (100, 30)


def keys(game, ui: UIState, pressed: list[str]):
    """Press keys on the game's screen; (the UI state after them, the last decision chosen)."""
    screen = screen_for(game)
    chosen = None
    for k in pressed:
        ui, action, quit_ = press(screen, game, ui, k)
        assert not quit_
        chosen = action if action is not None else chosen
    return ui, chosen


def frame(game, ui: UIState, width: int = 100, height: int = 30):
    return draw(screen_for(game), game, replace(ui, size=(width, height)), width, height)


def set_up(scenario: str, seed: int):
    """A game past set-up and the choice of who goes first, decided at random."""
    g = open_game(scenario, seed=seed)
    rnd = random.Random(seed)
    while g.pending.kind in ("place", "first"):
        g.apply(choose(rnd, g.legal_actions()))
    return g


def started(tmp_path, rebel, imperial, dice=(15, 3), **kw):
    """An arena game where the Rebel player goes first."""
    from tests.arena import arena

    g = arena(tmp_path, rebel, imperial, list(dice), **kw)
    g.apply(parse_action("first rebel"))
    return g


# ---------------------------------------------------------------- frames


@pytest.mark.parametrize("scenario", ["salvage", "quick-start", "echo-base"])
def test_frame_draws_the_map_walls_doors_figures_and_coordinates(scenario):
    g = set_up(scenario, 4)
    f = g.state.living("rebel")[0]
    fr = frame(g, UIState(cursor=f.pos))
    text = fr.text()
    lines = text.splitlines()
    assert lines[0].startswith(g.setup.scenario_name)
    assert "|" in text and "+" in text and ("D" in text or ":" in text)  # walls and doors on the edges
    assert any(fr.attrs[r][c] == "cursor" for r in range(fr.height) for c in range(fr.width))
    assert "Hit points" in text
    # Column letters along the top and row numbers down the left, as the log names squares.
    assert " A B C D E F" in lines[1] or " B C D E F G" in lines[1] or "  " in lines[1]
    row = f.pos[1] + 1
    assert any(line[:3].strip() == str(row) for line in lines[2:])
    assert f"{chr(ord('A') + f.pos[0]) if f.pos[0] < 26 else ''}{row}: " in text or f.pos[0] >= 26


def test_the_map_edges_name_the_squares_the_log_uses():
    # Every column is labelled: past Z the two letters stand one above the other over their column (they
    # read "Z AA  AC" before, AB and AD left out).
    g = set_up("echo-base", 4)
    fr = frame(g, UIState(cursor=(27, 5)), 120, 40)
    upper, lower = fr.line(1), fr.line(2)
    map_width = 120 - 40 - 1
    labels = [(upper[x] + lower[x]).strip() for x in range(3, map_width) if lower[x].isalpha()]
    assert labels[-5:] == ["Z", "AA", "AB", "AC", "AD"]  # echo-base's map is 30 columns wide
    firsts = [ord(label[-1]) - ord("A") + (26 if len(label) == 2 else 0) for label in labels]
    assert firsts == list(range(firsts[0], firsts[0] + len(firsts)))  # no column skipped
    col = lower.index("D", lower.index("C", lower.index("B", lower.index("A", lower.index("Z")))))
    rows = [r for r in range(3, fr.height - 3) if fr.line(r)[:3].strip().isdigit()]
    assert rows and all(fr.line(r)[col] not in "|-" for r in rows[:1])  # AD's letters stand over squares


def test_frame_big_figures_cover_their_whole_space():
    g = set_up("echo-base", 1)
    scout = g.state.fig("blizzard-scout")
    fr = frame(g, UIState(cursor=scout.pos), 120, 40)
    letter = glyphs(g)["blizzard-scout"]
    map_width = 120 - 40 - 1
    cells = sum(fr.line(y)[3:map_width].count(letter) for y in range(2, fr.height - 3))
    assert cells == 25  # a 3x3 space is 5x5 cells of the drawing, edges between its squares included


def test_frame_stat_card_shows_modifiers_and_words_and_a_log_line():
    g = set_up("echo-base", 2)
    han = g.state.fig("han")
    ui = UIState(cursor=han.pos, log=("d20 14 +4 Attack +4 combined fire = 22 vs Defense 16 +4 cover = 20",))
    text = frame(g, ui, 120, 40).text()
    assert "Cunning Attack" in text and "Accurate Shot" in text and "(g: the whole card)" in text
    flat = " ".join(text.split())
    assert "+4 combined fire = 22" in flat and "cover = 20" in flat
    ui, _ = keys(g, ui, ["g"])
    whole = " ".join(frame(g, ui, 120, 40).text().split())
    assert "Cunning Attack: Against" in whole and "Accurate Shot: May target" in whole


def test_a_small_terminal_shows_only_the_notice_and_only_q_acts():
    g = set_up("salvage", 1)
    ui = UIState(size=(60, 20), cursor=(5, 5))
    text = frame(g, ui, 60, 20).text()
    assert "Make the terminal larger" in text and "80x24" in text and "60x20" in text
    assert "Goal" not in text and "Log" not in text
    for k in ("m", "\n", "KEY_RIGHT", "?", "a", "U"):
        after, action, quit_ = press(screen_for(g), g, ui, k)
        assert after == ui and action is None and not quit_, k
    assert press(screen_for(g), g, ui, "q")[2]


@pytest.mark.parametrize("opener, shown", [("?", "Help"), ("r", "Roster and legend"), ("L", "Message history")])
def test_q_in_an_overlay_closes_it_as_its_footer_says_and_quits_nowhere_else(opener, shown):
    # The overlays' footer says "any other key closes"; q used to quit the game from them instead.
    g = open_game("salvage", seed=1)
    ui, _ = keys(g, UIState(cursor=(5, 5)), [opener])
    text = frame(g, ui).text()
    assert shown in text and "any other key closes" in text
    after, action, quit_ = press(screen_for(g), g, ui, "q")
    assert not quit_ and action is None
    assert shown not in frame(g, after).text()
    assert press(screen_for(g), g, after, "q")[2]  # the map again: q quits


def test_the_hand_over_notice_says_q_quits():
    g = open_game("salvage", seed=1)
    ui = UIState(handover="Hand over to the Rebel player.")
    assert "Press any key when ready (q quits; the game is saved)." in " ".join(frame(g, ui).text().split())
    assert press(screen_for(g), g, ui, "q")[2]
    after, action, quit_ = press(screen_for(g), g, ui, "x")
    assert not quit_ and action is None and not after.handover


def test_frame_in_monochrome_still_has_every_glyph():
    """Terrain, walls, doors and figures are told apart by characters, not only by colour."""
    g = open_game("salvage", seed=1)
    text = frame(g, UIState(cursor=(15, 12)), 140, 50).text()
    for glyph in ".o~x#|-D+":
        assert glyph in text, glyph


def test_the_move_overlay_keeps_low_objects_and_marks_where_the_attack_is_kept(tmp_path):
    # The Hoth Trooper (speed 6) may move 6 and still attack, or 12 and not; low objects stay 'o'.
    g = started(tmp_path, {"hoth-trooper": "a1"}, {"snowtrooper": "l12"}, low=("b1", "a9"))
    g.apply(parse_action("activate hoth-trooper"))
    fr = frame(g, UIState(cursor=(0, 0)), 120, 40)

    def cell(x, y):  # where square (x, y) is drawn: after the 3 columns of row numbers, below the letters
        return fr.chars[2 + 2 * y + 1][3 + 2 * x + 1], fr.attrs[2 + 2 * y + 1][3 + 2 * x + 1]

    assert cell(1, 0) == ("o", "reach")  # low objects next door: still low objects, reachable, attack kept
    assert cell(3, 0) == (REACH_ATTACK, "reach")  # 3 squares: may still attack
    assert cell(8, 0) == (REACH_ONLY, "reach-spent")  # 8 squares: the move spends the attack
    assert cell(0, 8) == ("o", "reach-spent")
    assert "no attack after it" in frame(g, UIState(cursor=(8, 0)), 120, 40).text()
    assert "attack still possible" in frame(g, UIState(cursor=(3, 0)), 120, 40).text()


def test_menu_shows_the_chance_to_hit_naturals_included(tmp_path):
    g = started(tmp_path, {"hoth-trooper": "b2"}, {"snowtrooper": "h2", "vader": "b9"}, low=("h2",))
    g.apply(parse_action("activate hoth-trooper"))
    assert g.hit_chance(Attack("hoth-trooper", "snowtrooper")) == 40
    assert g.hit_chance(Attack("hoth-trooper", "vader")) == 10
    ui, _ = keys(g, UIState(cursor=g.state.fig("hoth-trooper").pos), ["m"])
    assert "attack hoth-trooper vader   (10% to hit)" in frame(g, ui, 120, 40).text()


def test_the_prompt_gives_the_chance_to_hit_before_enter(tmp_path):
    g = started(tmp_path, {"hoth-trooper": "b2"}, {"snowtrooper": "h2"}, low=("h2",))
    g.apply(parse_action("activate hoth-trooper"))
    text = frame(g, UIState(cursor=(7, 1))).text()
    assert "Enter: attack snowtrooper, 40% to hit" in " ".join(text.split())


def test_combined_fire_helpers_are_toggled_before_the_roll(tmp_path):
    g = started(tmp_path, {"hoth-trooper-1": "b2", "hoth-trooper-2": "b4", "elite-hoth-trooper": "b6"},
                {"snowtrooper": "h2"})
    g.apply(parse_action("activate hoth-trooper-1"))
    ui, action = keys(g, UIState(cursor=g.state.fig("snowtrooper").pos), ["\n"])
    assert action is None and [type(a).__name__ for a in ui.menu.items] == ["Attack", "ChooseHelpers"]
    ui, action = keys(g, ui, [DOWN, "\n"])
    assert mine(ui).helpers is not None and mine(ui).helpers.eligible == ("elite-hoth-trooper", "hoth-trooper-2")
    assert "[ ] elite-hoth-trooper" in frame(g, ui, 120, 40).text()
    ui, action = keys(g, ui, [" ", DOWN, " ", " ", "\n"])  # on, on, off again
    assert action == Attack("hoth-trooper-1", "snowtrooper", ("elite-hoth-trooper",))


def test_keys_move_the_cursor_and_esc_closes_the_menu():
    g = set_up("salvage", 1)
    ui = UIState(cursor=(5, 5))
    for key, (dx, dy) in MOVES.items():
        moved, _ = keys(g, ui, [key])
        assert moved.cursor == (5 + dx, 5 + dy), key
    ui, _ = keys(g, ui, ["m"])
    assert ui.menu is not None
    ui, _ = keys(g, ui, ["\x1b"])
    assert ui.menu is None
    ui, _ = keys(g, ui, ["?"])
    assert ui.help and "Keys" in frame(g, ui).text()


# ---------------------------------------------------------------- refusals and warnings


def test_enter_on_an_enemy_that_cannot_be_attacked_says_why(tmp_path):
    # Two Snowtroopers: the nearer must be attacked; Enter on the farther one says so, in the rule's words.
    g = started(tmp_path, {"hoth-trooper": "a1"}, {"snowtrooper-1": "c1", "snowtrooper-2": "a8"}, low=("a5",))
    g.apply(parse_action("activate hoth-trooper"))
    why = g.refusal(Attack("hoth-trooper", "snowtrooper-2"))
    assert why is not None
    ui, action = keys(g, UIState(cursor=(0, 7)), ["\n"])
    assert action is None
    assert ui.message == f"hoth-trooper cannot attack snowtrooper-2: {why.message} (rule: {why.rule})"
    assert "nearest" in ui.message
    assert ui.message[:60] in " ".join(frame(g, ui).text().split())


def test_enter_on_a_square_out_of_reach_says_why_in_the_rule_s_words(tmp_path):
    g = started(tmp_path, {"hoth-trooper": "a1", "elite-hoth-trooper": "b1"}, {"snowtrooper": "l12"})
    g.apply(parse_action("activate hoth-trooper"))
    far = g.move_refusal((10, 11))  # K12: 21 squares away
    assert far is not None and far.rule == "movement"
    assert far.message == "K12 is too far: 21 squares away at the least, and hoth-trooper may move 12 squares more " \
                          "this turn"
    ui, action = keys(g, UIState(cursor=(10, 10)), ["\n"])  # K11: 10 + 10 squares away
    assert action is None and ui.message.startswith("hoth-trooper cannot move to K11: K11 is too far: 20 squares")
    taken = g.move_refusal((1, 0))  # B1: the Elite Hoth Trooper stands there
    assert taken is not None and "cannot end its move on B1" in taken.message
    assert g.move_refusal((2, 0)) is None


def test_enter_beyond_a_closed_door_says_how_the_door_opens(tmp_path):
    # Seen in play: Luke stood next to a door and could not pass, with nothing on screen saying why.
    from hothsim.kernel.squares import Edge

    wall = tuple(Edge("v", 6, y) for y in range(12) if y != 3)
    g = started(tmp_path, {"hoth-trooper": "f4"}, {"snowtrooper": "k10"}, (15, 3, 15, 3), walls=wall,
                doors=(Edge("v", 6, 3),))
    for step in ("activate hoth-trooper", "move hoth-trooper e4", "end hoth-trooper",  # the door closes
                 "activate snowtrooper", "end snowtrooper", "first rebel", "activate hoth-trooper"):
        g.apply(parse_action(step))
    assert Edge("v", 6, 3) not in g.state.open_doors
    ui, action = keys(g, UIState(cursor=(7, 3)), ["\n"])  # H4, beyond the door
    assert action is None
    assert ui.message.startswith("hoth-trooper cannot move to H4: a closed door bars the way to H4: a door opens "
                                 "when a turn ends with a character next to it")
    from hothsim.tui.skirmish.view import roster

    assert "D closed door (opens when a turn ends with a character next to it)" in " ".join(" ".join(roster(g)).split())


def test_enter_on_a_figure_that_has_activated_says_why(tmp_path):
    g = started(tmp_path, {"hoth-trooper": "a1", "elite-hoth-trooper": "a3"}, {"snowtrooper": "l12"})
    g.apply(parse_action("activate hoth-trooper"))
    g.apply(parse_action("end hoth-trooper"))
    ui, action = keys(g, UIState(cursor=(0, 0)), ["\n"])
    assert action is None and ui.message == ("hoth-trooper cannot be activated: hoth-trooper has already activated "
                                             "this round (rule: rounds and phases)")


def test_the_warning_is_a_question_on_screen_and_n_keeps_the_game(tmp_path):
    from tests.arena import arena

    g = arena(tmp_path, {"hoth-trooper": "a1"}, {"veers": "l12", "snowtrooper": "a12"}, [3, 15], abilities=True)
    g.apply(parse_action("first imperial"))
    warning = g.warning(Activate("veers"))
    assert "fades out" in warning and "no trooper ally within 2 squares" in warning
    ui, action = keys(g, UIState(cursor=(11, 11)), ["\n"])
    assert action is None and ui.confirm is not None and ui.confirm.action == Activate("veers")
    text = " ".join(frame(g, ui).text().split())
    assert "fades out as soon as it is activated" in text and "y or Enter: yes" in text
    no, action = keys(g, ui, ["n"])
    assert action is None and no.confirm is None
    _, action = keys(g, ui, ["y"])
    assert action == Activate("veers")


# ---------------------------------------------------------------- set-up, squads, roster, history


def test_set_up_is_a_figure_then_a_square_of_the_zone_drawn_on_the_map():
    g = open_game("echo-base", seed=5)
    assert g.pending.kind == "place"
    ui = screen_for(g).start(g, UIState())
    fr = frame(g, ui, 120, 40)
    assert any(fr.attrs[r][c] == "zone" for r in range(fr.height) for c in range(fr.width))
    ui, action = keys(g, ui, ["m"])
    assert ui.menu is not None and len(ui.menu.items) == len({a.figure for a in g.legal_actions()})
    ui, action = keys(g, ui, [DOWN, "\n"])  # the second figure of the menu
    second = ui.menu  # closed
    assert second is None and action is None
    who = mine(ui).placing
    assert who and "set up " + who in ui.message
    ui, action = keys(g, ui, ["\n"])  # the cursor was put on a square of the zone
    assert action == Place(who, ui.cursor) or action.figure == who


def test_set_up_outside_the_zone_is_refused_with_the_reason():
    g = open_game("echo-base", seed=5)
    ui = UIState(cursor=(15, 12))
    ui, action = keys(g, ui, ["\n"])
    assert action is None and "cannot be set up on" in ui.message and "zone" in ui.message


def test_auto_deploy_places_every_remaining_figure_legally():
    g = open_game("echo-base", seed=5)
    side = g.pending.player
    ui, action = keys(g, UIState(), ["a"])
    assert type(action).__name__ == "Several" and len(action.actions) >= 5
    for a in action.actions:
        assert g.refusal(a) is None
        g.apply(a)
    assert g.pending.player == side and len(to_place(g)) == 1  # the last waits for Enter: still adjustable
    assert mine(ui).placing == to_place(g)[0] and "Enter puts" in ui.message
    ui, action = keys(g, replace(ui, message=""), ["\n"])
    assert action == Place(mine(ui).placing or action.figure, action.square) and g.refusal(action) is None
    g.apply(action)
    assert all(f.pos is not None for f in g.state.figures if f.side == side)


def test_squad_building_shows_costs_points_and_the_squad_and_hands_over_first():
    g = open_game("skirmish", seed=1)
    screen = screen_for(g)
    # The sides written as everywhere else on the screen (it said "the imperial player: the rebel player").
    assert screen.handover(g, None) == ("Hand over to the Imperial player: the Rebel player looks away while the "
                                        "squad is built in secret.")
    ui, _ = keys(g, UIState(), ["m"])
    text = frame(g, ui, 120, 40).text()
    assert "points)" in text and "0 of 100 points, 100 left" in text
    first = ui.menu.items[0]
    g.apply(first)
    cost = g.setup.cards[first.card].cost
    text = frame(g, UIState(), 120, 40).text()
    assert f"{cost} of 100 points, {100 - cost} left" in text
    assert g.setup.cards[first.card].name[:20] in text


def test_building_a_squad_the_highlighted_card_is_shown_in_full_and_enter_recruits_it():
    # The menu used to give only each card's name and cost: a new player chose a squad blind.
    from hothsim.skirmish.actions import Recruit

    g = open_game("skirmish", seed=1)
    ui, _ = keys(g, UIState(size=(80, 24)), ["m", DOWN, DOWN, DOWN, DOWN])
    chosen = ui.menu.chosen
    assert type(chosen) is Recruit
    card = g.setup.cards[chosen.card]
    flat = " ".join(frame(g, ui, 80, 24).text().split())
    assert f"{card.name} ({card.side}, {card.cost} points)" in flat
    assert f"Hit points {card.hp} Defense {card.defense} Attack {card.attack:+d} Damage {card.damage}" in flat
    first_ability = g.card_sheet(chosen.card)[2].split(":")[0] if card.abilities else ""
    assert first_ability in flat
    shown = frame(g, ui, 80, 24)
    assert shown.line(23).startswith("up/down") and "build your squad" in shown.line(21) + shown.line(22)
    other = g.setup.cards[ui.menu.items[0].card].name
    assert other not in " ".join(flat.split("+---")[-1:])  # only the highlighted card's sheet
    _, action = keys(g, ui, ["\n"])
    assert action == chosen
    g.apply(action)
    assert g.record.entries[-1].action == f"recruit {chosen.card}"


def test_the_roster_lists_both_sides_with_hit_points_activation_and_force():
    g = set_up("quick-start", 3)
    g.apply(next(a for a in g.legal_actions() if type(a) is Activate))
    ui, _ = keys(g, UIState(), ["r"])
    text = frame(g, ui, 120, 40).text()
    assert "Darth Vader" in text and "Princess Leia" in text and "70/70 hp" in text
    assert "Force 3" in text and ("activated" in text or "ready" in text)
    g_ = glyphs(g)
    assert f"  {g_['vader']}  Darth Vader" in text
    closed, _ = keys(g, ui, ["x"])
    assert not closed.roster


def test_tab_cycles_only_your_figures_that_may_act(tmp_path):
    g = started(tmp_path, {"hoth-trooper": "a1", "elite-hoth-trooper": "c3"}, {"snowtrooper": "e5"})
    ui = UIState(cursor=(11, 11))
    seen = set()
    for _ in range(4):
        ui, _ = keys(g, ui, ["\t"])
        seen.add(ui.cursor)
    assert seen == {(0, 0), (2, 2)}


def test_the_message_history_scrolls_through_the_whole_log():
    g = set_up("salvage", 2)
    log = tuple(f"line {i}" for i in range(200))
    ui, _ = keys(g, UIState(log=log, size=(80, 24)), ["L"])
    text = frame(g, ui, 80, 24).text()
    assert "line 199" in text and "Message history" in text
    ui, _ = keys(g, ui, ["KEY_HOME"])
    text = frame(g, ui, 80, 24).text()
    assert "line 0" in text and "line 199" not in text
    ui, _ = keys(g, ui, ["KEY_NPAGE"])
    assert "line 19\n" in frame(g, ui, 80, 24).text() + "\n" or "line 20" in frame(g, ui, 80, 24).text()
    ui, _ = keys(g, ui, ["\x1b"])
    assert ui.history is None


def test_look_mode_hides_the_overlay(tmp_path):
    g = started(tmp_path, {"hoth-trooper": "a1"}, {"snowtrooper": "l12"})
    g.apply(parse_action("activate hoth-trooper"))
    ui, _ = keys(g, UIState(cursor=(0, 0)), ["x"])
    text = frame(g, ui).text()
    assert REACH_ATTACK not in text.split("|")[0] and "look mode" in text


# ---------------------------------------------------------------- a whole game by keys


def test_a_whole_echo_base_game_driven_by_keys_to_the_end():
    g = open_game("echo-base", seed=11)
    rnd = random.Random(11)
    screen = screen_for(g)
    ui = screen.start(g, UIState())
    decisions = 0
    while not g.is_over:
        action = choose(rnd, g.legal_actions())
        before = g.pending
        ui, _ = drive(g, ui, action)
        g.apply(action)
        ui = after_decision(screen, g, ui, before)
        decisions += 1
        if decisions % 25 == 0:
            frame(g, ui)
    assert g.winner in ("rebel", "imperial", None) and decisions > 50
    shown = frame(g, ui)
    flat = " ".join(shown.text().split())
    # Who won, in words (the status line used to say "NOBODY: over" and the prompt only why it ended).
    won = f"the {g.winner.capitalize()} player wins" if g.winner else "a draw"
    why = g.pending.note.removeprefix(f"{g.winner} wins: ")  # not said twice
    assert f"the game is over: {won} ({why})" in flat and "wins (rebel wins" not in flat
    assert "wins (imperial wins" not in flat
    assert (f"{g.winner.upper()} WINS" if g.winner else "DRAW") in shown.line(0) and "NOBODY" not in shown.line(0)


# ---------------------------------------------------------------- replay


def test_replay_steps_and_transcript_and_its_own_keys_and_help():
    from hothsim.tui.replay import KEYS, ReplayView, render_replay, replay_key, step_key

    g = open_game("salvage", seed=6, created="2026-11-22T10:00:00Z")
    rnd = random.Random(6)
    for _ in range(40):
        g.apply(choose(rnd, g.legal_actions()))
    text = g.record.to_text()
    steps = replay_steps(text)
    assert len(steps) == 41 and steps[-1][2].state == g.state
    assert step_key(steps, 0, "KEY_RIGHT") == 1 and step_key(steps, 1, "KEY_LEFT") == 0
    assert steps[step_key(steps, 0, "]")][2].state.round >= 1
    out = transcript(text)
    assert out.startswith("Echo Base Salvage Mission (salvage), seed 6")
    assert "1. place" in out and "initiative" in out
    view = ReplayView()
    fr = render_replay(steps, view, 80, 24)
    assert fr.line(23).rstrip() == KEYS and "m menu" not in fr.text()
    view, leave = replay_key(steps, view, "?")
    assert view.help and "Replay keys" in render_replay(steps, view, 80, 24).text()
    view, leave = replay_key(steps, view, "x")
    view, _ = replay_key(steps, view, "KEY_RIGHT")
    assert view.index == 1 and "decision 1 of 40" in render_replay(steps, view, 80, 24).text()
    # The key line says which keys look (it said "arrows look", and Left/Right step instead).
    at = replace(view, cursor=(5, 5))
    for key, (dx, dy) in (("KEY_DOWN", (0, 1)), ("KEY_UP", (0, -1)), ("u", (1, -1)), ("b", (-1, 1))):
        moved, _ = replay_key(steps, at, key)
        assert moved.cursor == (5 + dx, 5 + dy) and moved.index == at.index, key
    assert "Up/Down y u b n look" in KEYS
    for key, dx in (("H", -1), ("L", 1), ("KEY_SLEFT", -1), ("KEY_SRIGHT", 1)):  # sideways, as the help says
        moved, _ = replay_key(steps, at, key)
        assert moved.cursor == (5 + dx, 5) and moved.index == at.index, key
    assert replay_key(steps, replace(at, cursor=(0, 5)), "H")[0].cursor == (0, 5)  # not off the map


# ---------------------------------------------------------------- paths


def test_the_path_under_the_cursor_shows_its_cost_and_who_it_provokes(tmp_path):
    g = started(tmp_path, {"hoth-trooper": "c3"}, {"snowtrooper": "d4"})
    g.apply(parse_action("activate hoth-trooper"))
    fr = frame(g, UIState(cursor=(0, 2)))
    prompt = " ".join(fr.line(fr.height - 3).split() + fr.line(fr.height - 2).split())
    assert "move to A3, 2 squares" in prompt and "attacks of opportunity: snowtrooper" in prompt
    assert any("+" == fr.chars[y][x] and fr.attrs[y][x] == "path" for y in range(fr.height) for x in range(60))


def test_a_path_drawn_step_by_step_shows_its_running_cost_and_attacks_of_opportunity(tmp_path):
    g = started(tmp_path, {"hoth-trooper": "c3"}, {"snowtrooper": "e5"})
    g.apply(parse_action("activate hoth-trooper"))
    ui, action = keys(g, UIState(cursor=(0, 0)), ["p"])
    assert mine(ui).drawing and ui.cursor == (2, 2)
    ui, action = keys(g, ui, ["l", "n", "h"])
    assert action is None and mine(ui).path == ((3, 2), (4, 3), (3, 3))
    text = " ".join(frame(g, ui).text().split())
    assert "Path D3 E4 D4: 4 of 12 squares, attacks of opportunity: snowtrooper" in text
    ui, action = keys(g, ui, ["l"])
    assert mine(ui).path == ((3, 2), (4, 3))
    ui, action = keys(g, ui, ["KEY_BACKSPACE", "\n"])
    assert action == Move("hoth-trooper", ((3, 2),)) and not mine(ui).drawing


def test_drawing_a_path_into_an_enemy_is_refused_with_a_reason(tmp_path):
    g = started(tmp_path, {"hoth-trooper": "c3"}, {"snowtrooper": "d3"})
    g.apply(parse_action("activate hoth-trooper"))
    ui, _ = keys(g, UIState(), ["p", "l"])
    assert mine(ui).path == () and "no step" in ui.message


# ---------------------------------------------------------------- 80x24


def test_every_help_line_can_be_read_at_80x24():
    # `?` gives the scenario's whole goal (the panel's "Goal: ... (? more)" leads there), how a round goes,
    # then the keys; every line of them can be scrolled to at 80x24.
    from hothsim.tui.skirmish.control import HELP, PRIMER

    g = open_game("salvage", seed=1)
    ui = UIState(help=True, size=(80, 24))
    first = frame(g, ui, 80, 24).text()
    assert "Goal (Echo Base Salvage Mission)" in first and "Defeat every enemy character." in first
    seen = first
    for _ in range(len(HELP) + len(PRIMER) + 8):
        ui, _ = keys(g, ui, ["KEY_DOWN"])
        seen += frame(g, ui, 80, 24).text()
    assert all(line.rstrip() in seen for line in HELP + PRIMER)
    assert "10 rounds in a row without damage" in " ".join(seen.split())


@pytest.mark.parametrize("scenario", ["salvage", "echo-base"])
def test_enter_on_a_square_only_ever_chooses_among_the_choices_about_that_square(scenario):
    # In every decision of a seeded game: Enter on a square some legal choice is about takes that choice,
    # opens a menu (or a question) of the choices about that square only (a figure's whole space counts),
    # or says why not; it never takes or offers a choice about another square.
    from hothsim.tui.skirmish.choices import actions_at, anchor

    g = open_game(scenario, seed=3)
    rnd = random.Random(3)
    checked = 0
    for _ in range(120):
        if g.is_over:
            break
        squares = sorted({anchor(g, a) for a in g.legal_actions()} - {None})
        for sq in squares[:: max(1, len(squares) // 5)]:
            about = actions_at(g, sq)
            ui, action = keys(g, UIState(size=SIZE, cursor=sq), ["\n"])
            if action is not None:
                assert action in about or (type(action).__name__ == "Several"
                                           and all(a in about for a in action.actions)), (g.pending, sq, action)
            elif ui.menu is not None:
                for item in ui.menu.items:  # an attack, or the row that asks which allies combine fire in it
                    target = getattr(item, "target", None)
                    assert item in about or (type(item).__name__ == "ChooseHelpers"
                                             and sq in g.state.fig(target).space()), (sq, item)
            elif ui.confirm is not None:  # a choice with a consequence asks first ("fades out... anyway?")
                assert ui.confirm.action in about, (sq, ui.confirm)
            else:
                assert ui.message, (g.pending, sq)
            checked += 1
        g.apply(choose(rnd, g.legal_actions()))
    assert checked > 100


#: The keys a key line may offer beyond Enter, the menu and the overlays, and the key each stands for.
OFFERED = {"Tab next": "\t", "p path": "p", "x look": "x", "a place the rest": "a", "m/Tab figure": "\t"}


@pytest.mark.parametrize("scenario", ["salvage", "echo-base"])
def test_the_key_line_offers_only_keys_that_do_something_now(scenario):
    # At the choice of who goes first the key line offered "Tab next  p path  x look", which only said
    # "no move to draw now" and the like.  In every decision of a seeded game, no key the key line offers
    # answers with nothing but a message (a refusal): it moves the cursor, opens a mode, picks a figure,
    # places figures, or finds the cursor already where it would put it.
    from hothsim.tui.skirmish.view import key_line

    g = open_game(scenario, seed=5)
    rnd = random.Random(5)
    kinds: set[str] = set()
    for _ in range(150):
        if g.is_over:
            break
        ui = screen_for(g).start(g, UIState(size=SIZE))
        line = key_line(g, ui)
        for words, k in OFFERED.items():
            if words not in line:
                continue
            after, action = keys(g, ui, [k])
            refused = action is None and after.message != "" and replace(after, message=ui.message) == ui
            assert not refused, (g.pending, words, after.message)
        kinds.add(g.pending.kind)
        g.apply(choose(rnd, g.legal_actions()))
    assert {"place", "first", "activate", "turn"} <= kinds


def test_the_status_line_names_the_side_whose_activations_are_counted_as_the_rest_of_the_screen_does():
    g = set_up("salvage", 1)
    assert g.pending.kind == "activate"
    line = frame(g, UIState(), 100, 30).line(0)
    side = g.pending.player
    assert f"| {side.upper()}: activate | {side.capitalize()} activations left 2" in line


def test_the_end_of_a_game_names_the_winner_once():
    from hothsim.tui.panels import game_over, who_decides

    assert (game_over("rebel", "rebel wins: every imperial character is defeated")
            == "the game is over: the Rebel player wins (every imperial character is defeated)")
    assert (game_over("rebel", "the 5th transport got away before the Shield Generator fell")
            == "the game is over: the Rebel player wins (the 5th transport got away before the Shield Generator fell)")
    assert game_over(None, "points, distance and cost all tied: a draw").startswith("the game is over: a draw (")
    assert who_decides(None, "over", "imperial") == "IMPERIAL WINS" and who_decides(None, "over", None) == "DRAW"
    assert who_decides("rebel", "turn", None) == "REBEL: turn"


def test_at_an_attack_of_opportunity_enter_on_the_enemy_the_prompt_names_attacks():
    # The prompt said "Enter on luke to attack" (the mover), while Enter acts on the enemy that would attack:
    # Enter on Luke said "nothing to choose".  Now the prompt names the enemies, the cursor starts on one,
    # and Enter on each named enemy takes (or offers) its attack.
    from hothsim.skirmish.actions import Opportunity
    from hothsim.tui.skirmish.view import prompt_text

    met = 0
    for seed in (1, 2, 3):
        g = open_game("echo-base", seed=seed)
        rnd = random.Random(seed)
        for _ in range(1500):
            if g.is_over or met >= 6:
                break
            if g.pending.kind == "opportunity":
                attacks = [a for a in g.legal_actions() if type(a) is Opportunity]
                ui = screen_for(g).start(g, UIState(size=SIZE))
                words = prompt_text(g, ui)
                assert f"Enter on {' or '.join(a.figure for a in attacks)} to attack" in words
                assert ui.cursor == g.state.fig(attacks[0].figure).pos
                for a in attacks:
                    at = replace(ui, cursor=g.state.fig(a.figure).pos)
                    after, action = keys(g, at, ["\n"])
                    assert action == a or (after.menu is not None and a in after.menu.items), (a, after.message)
                met += 1
            g.apply(choose(rnd, g.legal_actions()))
    assert met >= 3


def test_a_reroll_says_what_failed_and_what_rerolling_costs():
    # It said only "reroll? luke: Enter for the choices".
    from hothsim.tui.skirmish.view import prompt_text

    seen = set()
    for seed in (1, 2, 3, 4):
        g = open_game("echo-base", seed=seed)
        rnd = random.Random(seed)
        for _ in range(1500):
            if g.is_over:
                break
            d = g.pending
            if d.kind == "reroll":
                failed = "attack missed" if g.state.attack is not None else "save failed"  # what the rules paused
                seen.add(failed)
                words = prompt_text(g, UIState(size=SIZE))
                assert f"{d.figure}'s {failed}: spend a Force point to reroll it? (Enter: the choices)" in words
                _, action = keys(g, UIState(size=SIZE), ["m", "\n"])
                assert action in g.legal_actions()
            g.apply(choose(rnd, g.legal_actions()))
    assert "attack missed" in seen


@pytest.mark.parametrize("scenario", ["salvage", "echo-base", "quick-start", "skirmish"])
def test_no_figure_is_drawn_with_a_letter_or_colour_the_terrain_uses(scenario):
    # Seen: Rebel figures and trench t shared a colour, and a Rebel T stood beside trench t.
    from hothsim.tui.app import _STYLE
    from hothsim.tui.skirmish.view import TERRAIN_ATTR, TERRAIN_GLYPH

    g = set_up(scenario, 3)
    letters = set(glyphs(g).values())
    assert len(letters) == len(g.state.figures)
    terrain = {c for glyph in TERRAIN_GLYPH.values() for c in (glyph.lower(), glyph.upper())} | {"D", "d"}
    assert not letters & terrain
    figure_colours = {_STYLE["rebel"][0], _STYLE["imperial"][0]}
    assert all(_STYLE[attr][0] not in figure_colours for attr in TERRAIN_ATTR.values() if attr in _STYLE)


def test_a_set_up_refusal_names_the_figure_and_square_once():
    # Seen: "luke cannot be set up on D1: luke cannot be set up on D1: ...".
    from hothsim.tui.skirmish.choices import placing_figure, why_not_here

    g = open_game("salvage", seed=2)
    ui = screen_for(g).start(g, UIState(size=(100, 30)))
    who = placing_figure(g, ui)
    zone = {a.square for a in g.legal_actions() if type(a) is Place and a.figure == who}
    outside = next((x, y) for y in range(g.setup.grid.height) for x in range(g.setup.grid.width) if (x, y) not in zone)
    words = why_not_here(g, ui, outside)
    assert words.count("cannot be set up on") == 1 and words.startswith(f"{who} cannot be set up on ")
    assert "inside its side's zone" in words


def test_a_figure_without_abilities_says_so_whole_in_the_panel_at_80x24():
    # Seen at 80x24: "Special abilities, Force powers and commander" cut off by the log under it.
    g = set_up("salvage", 11)
    fig = next(f for f in g.state.figures if f.pos is not None)
    text = frame(g, UIState(cursor=fig.pos), 80, 24).text()
    panel = " ".join(line.rsplit("|", 1)[-1].strip() for line in text.splitlines())
    assert "No abilities, Force or commander effects in this scenario." in " ".join(panel.split())
    assert "g: the whole card" not in panel  # nothing more to show


def test_the_status_line_counts_the_quiet_rounds_of_a_stand_off_and_drops_activations_once_the_game_is_over():
    """The stand-off rule is visible: two sides that never attack see the quiet rounds counted on the status
    line (how many of how many end the game), until the tie-breaker ends it; a game over says nothing of
    activations left."""
    from hothsim.games import open_game
    from hothsim.skirmish.actions import Attack, Move
    from hothsim.tui.skirmish.view import status_parts

    game = open_game("salvage", seed=3)
    limit = game.setup.tie_break_rounds
    seen = set()
    for _ in range(2000):
        if game.is_over:
            break
        quiet = [p for p in status_parts(game) if p.startswith("quiet rounds")]
        if game.state.stage == "round":
            assert quiet == ([f"quiet rounds {game.state.quiet_rounds} of {limit}"] if game.state.quiet_rounds else [])
            seen.update(quiet)
        calm = [a for a in game.legal_actions() if type(a) not in (Attack, Move)]
        game.apply(calm[0] if calm else game.legal_actions()[0])
    assert game.is_over and "rounds" in game.state.end_reason
    assert seen == {f"quiet rounds {n} of {limit}" for n in range(1, limit)}
    assert not any("activations left" in p or p.startswith("quiet rounds") for p in status_parts(game))


def test_resting_the_cursor_on_an_enemy_that_cannot_be_attacked_says_why_before_enter(tmp_path):
    g = started(tmp_path, {"hoth-trooper": "a1"}, {"snowtrooper-1": "c1", "snowtrooper-2": "a8"}, low=("a5",))
    g.apply(parse_action("activate hoth-trooper"))
    why = g.refusal(Attack("hoth-trooper", "snowtrooper-2"))
    text = " ".join(frame(g, UIState(cursor=(0, 7)), 120, 40).text().split())
    assert f"hoth-trooper cannot attack snowtrooper-2: {why.message}"[:70] in text and "nearest" in why.message


def test_resting_the_cursor_on_a_destination_says_its_shots_and_how_many_enemies_could_attack_it_there(tmp_path):
    from hothsim.describe.skirmish import outlook_words
    from hothsim.skirmish.actions import Move

    g = started(tmp_path, {"hoth-trooper": "a1"}, {"snowtrooper": "h2"}, low=("h3",))
    g.apply(parse_action("activate hoth-trooper"))
    moves = {(a.destination[0], a.destination[1]): a for a in g.legal_actions() if type(a) is Move}
    for square in ((3, 1), (5, 0)):
        look = g.outlook(moves[square])
        assert look.shots and look.shots[0][0] == "snowtrooper" and look.threats == ("snowtrooper",)
        text = " ".join(frame(g, UIState(cursor=square), 140, 40).text().split())
        assert f"; {outlook_words(look)}" in text and f"shots: snowtrooper {look.shots[0][1]}%; seen by 1" in text


def test_s_marks_where_a_move_gives_a_shot_and_how_many_enemies_could_shoot_each_square(tmp_path):
    """The sight overlay: on the squares the acting figure may reach, `!` where it would have a shot, else
    the number of enemies that could attack it there; `s` again takes it away."""
    from hothsim.skirmish.actions import Move

    g = started(tmp_path, {"hoth-trooper": "a1"}, {"snowtrooper": "h2"}, low=("h3",))
    g.apply(parse_action("activate hoth-trooper"))
    ui, _ = keys(g, UIState(cursor=(0, 0)), ["s"])
    fr = frame(g, ui, 120, 40)

    def cell(x, y):  # where square (x, y) is drawn: after the 3 columns of row numbers, below the letters
        return fr.chars[2 + 2 * y + 1][3 + 2 * x + 1], fr.attrs[2 + 2 * y + 1][3 + 2 * x + 1]

    looks = {(a.destination[0], a.destination[1]): g.outlook(a) for a in g.legal_actions() if type(a) is Move}
    shot = [sq for sq, look in looks.items() if look.shots]
    exposed_only = [sq for sq, look in looks.items() if look.threats and not look.shots]
    assert shot and exposed_only
    for sq in shot:
        assert cell(*sq) == ("!", "exposed" if looks[sq].threats else "sheltered")
    for sq in exposed_only:
        assert cell(*sq) == (str(len(looks[sq].threats)), "exposed")
    assert "sight: ! a shot from there" in " ".join(fr.text().split())
    ui, _ = keys(g, ui, ["s"])
    fr = frame(g, ui, 120, 40)
    assert cell(*shot[0])[0] != "!"


@pytest.mark.parametrize("figure", ["vader", "luke", "han"])
def test_g_shows_the_whole_card_at_80x24_paged_with_pgdn_pgup_and_space(figure):
    """Every ability, Force power and commander effect of the card, with its words, in a terminal of 80x24:
    paged with PgDn and Space, back with PgUp; any other key closes it, and q closes it without quitting."""
    g = set_up("echo-base", 2)
    f = g.state.fig(figure)
    card = g.describe(figure)
    ui, _ = keys(g, UIState(size=(80, 24), cursor=f.pos), ["g"])
    seen_text = ""
    for turn in range(20):
        fr = frame(g, ui, 80, 24)
        seen_text += " " + " ".join(fr.line(y) for y in range(1, 23))
        m = re.search(r"\(lines \d+-(\d+) of (\d+)\)", fr.line(0))
        if m is None or m.group(1) == m.group(2):
            break
        ui, _ = keys(g, ui, ["KEY_NPAGE" if turn % 2 else " "])
    flat = " ".join(seen_text.split())
    for line in card:
        assert " ".join(line.split()) in flat, line
    assert ui.card is not None
    ui, _ = keys(g, ui, ["KEY_PPAGE"])
    assert ui.card is not None
    ui, _ = keys(g, ui, ["q"])  # closes the card; the game goes on
    assert ui.card is None


def test_the_panels_log_shows_whole_entries_never_the_scrap_of_one_wrapped_above():
    from hothsim.tui.panels import last_entries

    blocks = [["first entry"], ["a long entry", "  wrapped once", "  and twice"], ["short"], ["last", "  of it"]]
    assert last_entries(blocks, 3) == ["short", "last", "  of it"]  # not "  and twice" above them
    assert last_entries(blocks, 6) == ["a long entry", "  wrapped once", "  and twice", "short", "last", "  of it"]
    assert last_entries([["one", "  two", "  three"]], 2) == ["one", "  two"]  # too long alone: its beginning
    assert last_entries(blocks, 0) == []


def test_the_title_bar_is_never_cut_within_a_word_and_the_roster_wraps_by_words_once():
    """The status line drops its last parts first, and a first part too long for the screen ends at a
    word; the roster's long lines (the goal, the legend) are wrapped once, by words, to the screen."""
    from hothsim.games import open_game
    from hothsim.tui.panels import fit_parts
    from hothsim.tui.screen import UIState, draw, press
    from hothsim.tui.screens import screen_for

    assert fit_parts(["Assault on Echo Base", "round 3", "REBEL: turn"], 30) == "Assault on Echo Base | round 3"
    assert fit_parts(["Assault on Echo Base", "round 3"], 14) == "Assault on"
    g = open_game("echo-base", seed=1)
    screen = screen_for(g)
    for width in (40, 47, 53, 61):
        top = draw(screen, g, screen.start(g, UIState(size=(width, 24))), width, 24).text().splitlines()[0].rstrip()
        words = "Assault on Echo Base | set-up | IMPERIAL: place".split()
        assert top.split() == words[:len(top.split())], top
    ui = press(screen, g, screen.start(g, UIState(size=(80, 24))), "r")[0]
    for _ in range(3):
        ui = press(screen, g, ui, "KEY_NPAGE")[0]
    shown = draw(screen, g, ui, 80, 24).text()
    assert "  Goal: Defeat every enemy character. After 10 rounds in a row without damage," in shown
    assert "      attack rolls or forced saves, the side that defeated more points wins." in shown
