"""Replaying a saved game on screen: step forward and back through every decision, jump by rounds."""

from __future__ import annotations

import curses
from hothsim.tui.app import Painter, is_assault, key_name
from hothsim.tui.controller import MOVES, UIState, step_cursor
from hothsim.tui.view import render


def replay_screen(steps: list) -> None:
    """Show the steps of a replayed game (from `games.replay_steps`)."""
    curses.wrapper(_loop, steps)


def board_size(game) -> tuple[int, int]:
    """Columns and rows of the game's map (squares or hexes)."""
    if is_assault(game):
        return game.setup.field.map.columns, game.setup.field.map.rows
    return game.setup.grid.width, game.setup.grid.height


def render_step(game, ui: UIState, width: int, height: int):
    """One replayed position: a skirmish, or Assault on Hoth with Luke's secret shown."""
    if is_assault(game):
        from hothsim.tui.hexview import render_assault

        return render_assault(game, ui, width, height, reveal=True)
    return render(game, ui, width, height)


def step_key(steps: list, index: int, key: str) -> int:
    """The step shown after a key: left/right one decision, [ and ] one round, Home/End the ends."""
    if key in ("KEY_RIGHT", "l", " ", "\n"):
        return min(index + 1, len(steps) - 1)
    if key in ("KEY_LEFT", "h", "KEY_BACKSPACE"):
        return max(index - 1, 0)
    rnd = steps[index][2].state.round
    if key == "]":
        return next((i for i in range(index + 1, len(steps)) if steps[i][2].state.round > rnd), len(steps) - 1)
    if key == "[":
        return next((i for i in range(index - 1, -1, -1) if steps[i][2].state.round < rnd), 0)
    if key == "KEY_HOME":
        return 0
    if key == "KEY_END":
        return len(steps) - 1
    return index


def _loop(screen, steps: list) -> None:
    curses.curs_set(0)
    screen.keypad(True)
    painter = Painter()
    index = 0
    cursor = (0, 0)
    while True:
        action, events, game = steps[index]
        log = tuple(f"{i}. {a}: " + "; ".join(e.text for e in ev) for i, (a, ev, _) in enumerate(steps[1:index + 1], 1))
        ui = UIState(cursor=cursor, log=log[-60:],
                     message=f"Replay: decision {index} of {len(steps) - 1}  (left/right step, [ ] round, q quit)")
        h, w = screen.getmaxyx()
        painter.paint(screen, render_step(game, ui, w, h))
        name = key_name(screen.get_wch())
        if name == "q":
            return
        if name in MOVES and name not in ("h", "l", "KEY_LEFT", "KEY_RIGHT"):
            cursor = step_cursor(cursor, name, *board_size(game))
            continue
        index = step_key(steps, index, name)
