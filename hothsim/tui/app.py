"""The curses adapter: paints frames, reads keys, applies chosen actions and autosaves after each one.

Everything else (what the screen shows, what a key does) is pure and lives in `view` and `controller`.
curses.wrapper restores the terminal on exit, on Ctrl-C and on an error.
"""

from __future__ import annotations

import curses
import locale
import os
from dataclasses import replace
from pathlib import Path

from hothsim.kernel.hexes import offset_of
from hothsim.saves import write_record
from hothsim.tui.controller import UIState, handle_key
from hothsim.tui.frame import Frame
from hothsim.tui.history import History
from hothsim.tui.view import render

# Attribute name -> (colour, fallback without colour).
_STYLE = {
    "status": (curses.COLOR_WHITE, curses.A_REVERSE), "prompt": (curses.COLOR_YELLOW, curses.A_BOLD),
    "keys": (curses.COLOR_CYAN, curses.A_DIM), "rebel": (curses.COLOR_RED, curses.A_BOLD),
    "imperial": (curses.COLOR_BLUE, curses.A_BOLD), "wall": (curses.COLOR_MAGENTA, curses.A_NORMAL),
    "door": (curses.COLOR_CYAN, curses.A_BOLD), "door-open": (curses.COLOR_CYAN, curses.A_NORMAL),
    "reach": (curses.COLOR_GREEN, curses.A_NORMAL), "target": (curses.COLOR_YELLOW, curses.A_REVERSE),
    "cursor": (curses.COLOR_BLACK, curses.A_REVERSE), "low": (curses.COLOR_GREEN, curses.A_NORMAL),
    "difficult": (curses.COLOR_YELLOW, curses.A_NORMAL), "trench": (curses.COLOR_RED, curses.A_NORMAL),
    "pit": (curses.COLOR_YELLOW, curses.A_BOLD), "solid": (curses.COLOR_WHITE, curses.A_DIM),
    "menu-chosen": (curses.COLOR_BLACK, curses.A_REVERSE), "notice": (curses.COLOR_YELLOW, curses.A_BOLD),
    "panel-head": (curses.COLOR_WHITE, curses.A_BOLD), "path": (curses.COLOR_GREEN, curses.A_BOLD),
    "macro0": (curses.COLOR_WHITE, curses.A_NORMAL), "macro1": (curses.COLOR_CYAN, curses.A_BOLD),
    "macro2": (curses.COLOR_WHITE, curses.A_DIM),
}


def key_name(key) -> str:
    """A key as the controller names it: the character, or curses' name for a special key."""
    if isinstance(key, str):
        return key
    try:
        return curses.keyname(key).decode("ascii", "replace")
    except ValueError:
        return ""


class Painter:
    """Maps attribute names to curses attributes, with colour when the terminal has it and NO_COLOR is unset."""

    def __init__(self) -> None:
        self.color = curses.has_colors() and "NO_COLOR" not in os.environ
        self.attrs: dict[str, int] = {}
        if self.color:
            curses.start_color()
            try:
                curses.use_default_colors()
                background = -1
            except curses.error:
                background = curses.COLOR_BLACK
            for i, (name, (fg, _)) in enumerate(_STYLE.items(), 1):
                bg = curses.COLOR_WHITE if fg == curses.COLOR_BLACK else background
                curses.init_pair(i, fg, bg)
                extra = curses.A_REVERSE if name in ("status",) else 0
                self.attrs[name] = curses.color_pair(i) | extra
        else:
            self.attrs = {name: fallback for name, (_, fallback) in _STYLE.items()}

    def paint(self, screen, frame: Frame) -> None:
        """Draw a frame (the last cell of the screen is left alone: curses cannot write it)."""
        screen.erase()
        for y in range(frame.height):
            x = 0
            while x < frame.width:
                attr = frame.attrs[y][x]
                run = x
                while run < frame.width and frame.attrs[y][run] == attr:
                    run += 1
                text = "".join(frame.chars[y][x:run])
                if y == frame.height - 1 and run == frame.width:
                    text = text[:-1]
                try:
                    screen.addstr(y, x, text, self.attrs.get(attr, 0))
                except curses.error:
                    pass
                x = run
        screen.refresh()


def play(game, save_path: Path) -> None:
    """Hot-seat play until the players quit; every applied action is saved at once."""
    write_record(save_path, game.record)
    locale.setlocale(locale.LC_ALL, "")  # so curses can draw the Walkers' facing arrows
    curses.wrapper(_loop, game, save_path)


def is_assault(game) -> bool:
    """Whether a game is Assault on Hoth (its record says so)."""
    return game.record.header.game == "assault"


def screen_for(game):
    """(render, handle_key, first cursor) for the kind of game."""
    if is_assault(game):
        from hothsim.tui.hexcontrol import handle_hex_key
        from hothsim.tui.hexview import ARROWS, ASCII_ARROWS, render_assault

        arrows = ARROWS if "utf" in locale.getpreferredencoding(False).lower() else ASCII_ARROWS
        here = next((u.hex for u in game.state.units if u.where == "map"), None)
        start = offset_of(here) if here is not None else (game.setup.field.map.columns // 2, 0)
        return (lambda g, ui, w, h: render_assault(g, ui, w, h, arrows=arrows)), handle_hex_key, start
    start = next((f.pos for f in game.state.living()), None) or (0, 0)
    return render, handle_key, start


def handover_for(game, before) -> str:
    """The hand-over notice due before the next screen, if it would show a secret to the wrong player."""
    after = game.pending
    if is_assault(game):
        from hothsim.tui.hexcontrol import luke_secret

        if after.kind == "luke":
            return ("Hand over to the Rebel player: the Imperial player looks away while Luke is assigned to a "
                    "Snowspeeder in secret.")
        if after.kind in ("armor", "critical") and luke_secret(game):
            return ("Rebel player: decide on Luke's Force for this Snowspeeder. The Imperial player looks away "
                    "(Luke is still a secret).")
        return ""
    if after.kind == "build" and before.player != after.player:
        return (f"Hand over to the {after.player} player: the "
                f"{before.player} player looks away while the squad is built in secret.")
    return ""


def _loop(screen, game, save_path: Path) -> None:
    curses.curs_set(0)
    screen.keypad(True)
    painter = Painter()
    draw, keys, start = screen_for(game)
    ui = UIState(cursor=start, log=("Saved as " + str(save_path),), handover=handover_for(game, game.pending))
    history = History()
    while True:
        h, w = screen.getmaxyx()
        painter.paint(screen, draw(game, ui, w, h))
        try:
            key = screen.get_wch()
        except curses.error:
            continue
        name = key_name(key)
        if name == "KEY_RESIZE":
            continue
        before = game.pending
        if name == "U" and ui.menu is None and not (ui.handover or ui.help or ui.drawing or ui.walking):
            earlier, why = history.take_back(game)
            if earlier is None:
                ui = replace(ui, message=why)
                continue
            game = earlier  # type: ignore[assignment]
            write_record(save_path, game.record)
            ui = replace(ui, selected="", walk="", path=(), message="the last decision is taken back",
                         log=(ui.log + ("(the last decision is taken back)",))[-200:])
            continue
        ui, action, quit_ = keys(game, ui, name)
        if quit_:
            return
        if action is None:
            continue
        copy = game.clone()
        events = game.apply(action)
        history.record(copy, before.player, game)
        write_record(save_path, game.record)
        ui = replace(ui, log=(ui.log + tuple(e.text for e in events))[-200:])
        notice = handover_for(game, before)
        if notice:
            ui = replace(ui, handover=notice)
