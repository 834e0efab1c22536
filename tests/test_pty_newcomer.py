"""The newcomer's first hour (issue 27) in a pseudo-terminal: each position is built in this process,
saved, and resumed in a real terminal, where the keys a player would press show what the screen says.
Every wait is for what the screen or the save shows."""

from __future__ import annotations

import os
import time
from dataclasses import replace

from hothsim.tui.assault.ui_state import mine
from hothsim.kernel.squares import Edge
from hothsim.saves import read_record, write_record
from hothsim.skirmish.actions import ForcePower, parse_action
from hothsim.tui.screen import UIState
from hothsim.tui.screens import screen_for
from tests.arena import arena
from tests.test_pty import ROOT, Terminal
from tests.ui import ENTER, Driver


def _env(tmp_path) -> dict:
    return {**os.environ, "TERM": "xterm", "XDG_DATA_HOME": str(tmp_path / "data"), "PYTHONPATH": str(ROOT),
            "HOTHSIM_PACE": "0"}


def _resumed(tmp_path, game, cols: int = 100, rows: int = 30) -> tuple[Terminal, object]:
    """The game saved and resumed in a terminal, waiting on its first screen."""
    save = tmp_path / "game.hothsim"
    write_record(save, game.record)
    t = Terminal(["resume", str(save)], _env(tmp_path), cols=cols, rows=rows)
    t.wait_for("resumed from the save")
    return t, save


def _seeded(tmp_path, *args, **kw):
    """An arena scenario written to tmp_path, opened with seeded dice (a resumed game rolls its own)."""
    from hothsim.games import open_game

    arena(tmp_path, *args, **kw)
    return open_game(tmp_path / "arena.toml", seed=1)


def _keys_for(game, ui: UIState, *keys: str) -> tuple[UIState, list[str]]:
    d = Driver(game, ui)
    d.hit(*keys)
    return d.ui, d.keys


def test_a_square_behind_a_closed_door_is_refused_with_the_door_rule_and_the_legend_says_it(tmp_path):
    wall = tuple(Edge("v", 6, y) for y in range(12) if y != 3)
    g = _seeded(tmp_path, {"hoth-trooper": "c4"}, {"snowtrooper": "k10"}, [15, 3], walls=wall, doors=(Edge("v", 6, 3),))
    for step in ("first rebel", "activate hoth-trooper"):
        g.apply(parse_action(step))
    t, save = _resumed(tmp_path, g)
    t.wait_for("REBEL: act with hoth-trooper")
    ui = screen_for(g).start(g, UIState(size=(100, 30)))
    d = Driver(g, ui)
    d.cursor_to((7, 3))  # H4, beyond the door
    t.keys(d.keys + [ENTER])
    t.wait_for("hoth-trooper cannot move to H4: a closed door bars the way to H4: a door opens when a turn")
    t.keys(["r"])
    t.wait_for("D closed door (opens when a turn ends with a character next to it)")
    t.keys([" "])
    t.finish()
    assert [e.action for e in read_record(save).entries] == ["first rebel", "activate hoth-trooper"]


def test_a_force_grip_that_does_nothing_is_asked_about_and_no_leaves_the_game_unchanged(tmp_path):
    g = _seeded(tmp_path, {"snowspeeder": "c3", "luke": "c6"}, {"vader": "h3"}, [3, 15], abilities=True)
    for step in ("first imperial", "activate vader"):
        g.apply(parse_action(step))
    t, save = _resumed(tmp_path, g)
    t.wait_for("IMPERIAL: act with vader")
    ui = screen_for(g).start(g, UIState(size=(100, 30)))
    d = Driver(g, ui)
    d.hit("m")
    d.pick(ForcePower("vader", "grip", "snowspeeder"))
    assert d.ui.confirm is not None and d.chosen is None
    t.keys(d.keys)
    t.wait_for("Force Grip on snowspeeder deals no damage")
    t.keys(["n"])
    t.wait_for("not done")
    t.finish()
    assert [e.action for e in read_record(save).entries] == ["first imperial", "activate vader"]


def test_u_takes_back_a_move_after_resume(tmp_path):
    g = _seeded(tmp_path, {"hoth-trooper": "c3"}, {"snowtrooper": "j10"}, [15, 3])
    for step in ("first rebel", "activate hoth-trooper", "move hoth-trooper d3"):
        g.apply(parse_action(step))
    t, save = _resumed(tmp_path, g)
    t.wait_for("REBEL: act with hoth-trooper")
    t.keys(["U"])
    t.wait_for("the last decision is taken back")
    t.finish()
    assert [e.action for e in read_record(save).entries] == ["first rebel", "activate hoth-trooper"]


def test_the_resume_picker_lists_good_saves_first_and_asks_again(tmp_path):
    from hothsim.games import open_game

    folder = tmp_path / "data" / "hothsim" / "saves"
    write_record(folder / "good.hothsim", open_game("salvage", seed=1).record)
    os.utime(folder / "good.hothsim", (1_800_000_000, 1_800_000_000))
    (folder / "broken.hothsim").write_bytes(b"hothsim-record 1\nnot a header\n")
    t = Terminal(["resume"], _env(tmp_path))
    t.wait_for("Resume which game (1-1)?")
    screen = t.text()
    assert screen.index("1. Echo Base Salvage Mission") < screen.index("These cannot be resumed (over, or unreadable):")
    t.keys(["7", "\n"])
    t.wait_for("Type a number from 1 to 1 and Enter.")
    t.keys(["1", "\n"])
    t.wait_for("resumed from the save")
    t.finish()


def test_on_a_snowtroopers_card_with_every_trooper_aboard_tab_and_enter_reach_them(tmp_path):
    # A real game, played by the expert until the Empire draws a Snowtroopers card with its troopers aboard.
    from hothsim.ai.players import player_named
    from hothsim.ai import decide
    from hothsim.games import open_game
    from hothsim.tui.assault.choices import actors

    expert = player_named("expert")
    for seed in range(1, 40):
        g = open_game("assault-on-hoth", seed=seed)
        found = False
        for n in range(600):
            if g.is_over:
                break
            movers = actors(g) if g.pending.kind == "act" and g.pending.player == "imperial" else []
            if movers and all(g.state.unit(u).where == "aboard" for u in movers) and \
                    g.rules.action_card(g.state.card).units == "troopers":
                found = True
                break
            g.apply(decide(expert, g, n).action)
        if found:
            break
    assert found, "no Snowtroopers card with every trooper aboard in 39 games"
    t, _ = _resumed(tmp_path, g)
    t.wait_for("IMPERIAL: Snowtroopers")
    walker = g.state.unit(g.state.unit(actors(g)[0]).aboard)
    ui = screen_for(g).start(g, UIState(size=(100, 30)))
    from hothsim.kernel.hexes import offset_of

    assert ui.cursor == offset_of(walker.hex)  # the decision starts on the Walker carrying them
    carriers = {offset_of(g.state.unit(g.state.unit(u).aboard).hex) for u in actors(g)}
    ui2, keys = _keys_for(g, replace(ui, cursor=(0, 0)), "\t")
    assert ui2.cursor in carriers  # Tab reaches a Walker whose troops may act (it did nothing before)
    t.keys([ENTER])  # on the Walker the decision starts on: its troops are selected
    t.wait_for(f"(aboard {walker.id}) selected")
    t.finish()


def test_enter_on_an_enemy_that_cannot_be_attacked_says_why_not_why_no_move(tmp_path):
    # Seen: Enter on an enemy that could not be attacked answered why the figure could not move there.
    g = _seeded(tmp_path, {"hoth-trooper": "a1"}, {"snowtrooper-1": "c1", "snowtrooper-2": "a8"}, [15, 3],
                low=("a5",))
    for step in ("first rebel", "activate hoth-trooper"):
        g.apply(parse_action(step))
    t, _ = _resumed(tmp_path, g)
    t.wait_for("REBEL: act with hoth-trooper")
    d = Driver(g, screen_for(g).start(g, UIState(size=(100, 30))))
    d.cursor_to((0, 7))  # A8: snowtrooper-2, in cover and not the nearest
    t.keys(d.keys + [ENTER])
    t.wait_for("hoth-trooper cannot attack snowtrooper-2:")
    assert "cannot move to A8" not in t.text()
    t.finish()


def test_a_selected_units_menu_lists_its_shots_before_its_moves(tmp_path):
    # Seen: a Snowspeeder's menu listed 48 move rows before its fire and harpoon.  A real game, played by
    # the expert until a Rebel unit may both fire and move.
    from hothsim.ai import decide
    from hothsim.ai.players import player_named
    from hothsim.assault.actions import Fire, Move
    from hothsim.games import open_game
    from hothsim.tui.assault.choices import actors, menu_items, unit_actions

    expert = player_named("expert")
    unit = None
    for seed in range(1, 30):
        g = open_game("assault-on-hoth", seed=seed)
        for n in range(800):
            if g.is_over:
                break
            if g.pending.kind == "act" and g.pending.player == "rebel":
                unit = next((u for u in actors(g) if g.state.unit(u).where == "map"
                             and {Fire, Move} <= {type(a) for a in unit_actions(g, u)}), None)
                if unit:
                    break
            g.apply(decide(expert, g, n).action)
        if unit:
            break
    assert unit, "no Rebel unit that may both fire and move in 29 games"
    t, save = _resumed(tmp_path, g, cols=80, rows=24)
    t.wait_for("REBEL:")
    d = Driver(g, screen_for(g).start(g, UIState(size=(80, 24))))
    from hothsim.kernel.hexes import offset_of

    d.cursor_to(offset_of(g.state.unit(unit).hex))
    d.hit(ENTER)
    assert mine(d.ui).selected == unit
    d.hit("m")
    first = menu_items(g, unit)[0]
    assert type(first) is Fire
    t.keys(d.keys)
    t.wait_for(f"> {first.notation()}")  # the highlighted first row: a shot
    t.keys([ENTER])  # taken: the shot's odds are asked about first
    t.wait_for("Fire?")
    t.keys(["y"])
    end = time.time() + 60
    while read_record(save).entries[-1].action != first.notation() and time.time() < end:
        t.pump(0.2)
    assert read_record(save).entries[-1].action == first.notation()  # the row highlighted is what was saved
    t.finish()


def test_at_80x24_yes_to_the_grip_question_saves_the_grip_the_menu_highlighted(tmp_path):
    g = _seeded(tmp_path, {"snowspeeder": "c3", "luke": "c6"}, {"vader": "h3"}, [3, 15], abilities=True)
    for step in ("first imperial", "activate vader"):
        g.apply(parse_action(step))
    t, save = _resumed(tmp_path, g, cols=80, rows=24)
    t.wait_for("IMPERIAL: act with vader")
    d = Driver(g, screen_for(g).start(g, UIState(size=(80, 24))))
    d.hit("m")
    grip = ForcePower("vader", "grip", "snowspeeder")
    d.pick(grip)
    t.keys(d.keys)
    t.wait_for("Force Grip on snowspeeder deals no damage")
    t.keys(["y"])
    end = time.time() + 60
    while read_record(save).entries[-1].action != grip.notation() and time.time() < end:
        t.pump(0.2)
    assert [e.action for e in read_record(save).entries][-1] == "force vader grip snowspeeder"
    t.finish()


def test_readmes_first_command_says_on_its_first_screen_that_two_share_the_keyboard_and_how_to_play_the_computer(
        tmp_path):
    """`hothsim play echo-base`, at 80x24: the first screen's log says, in one entry, that it is hot-seat and
    the command that plays the computer instead, beside the usual prompt."""
    t = Terminal(["play", "echo-base", "--seed", "1", "--save", str(tmp_path / "g.hothsim")], _env(tmp_path),
                 cols=80, rows=24)
    t.wait_for("Hot-seat: two players share this keyboard. To play the computer instead: q, then hothsim play "
               "echo-base --ai imperial")
    t.wait_for("IMPERIAL: set up")  # the prompt is the decision's, as ever
    t.finish()
    assert "continue with: hothsim resume" in t.raw.decode("utf-8", "replace")
