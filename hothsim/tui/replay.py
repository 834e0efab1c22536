"""Replaying a saved game on screen: step forward and back through every decision, jump by rounds, look
around the map.  The game's own screen draws each position (with hidden information shown); the replay
has its own key line and help.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Sequence

from hothsim.kernel.engine import Event, GameView
from hothsim.tui.app import Painter, read_input, run_curses
from hothsim.tui.frame import Frame
from hothsim.tui.panels import scroll_top, scrolled, small_notice, too_small
from hothsim.tui.screen import MOVES, UIState, step_cursor
from hothsim.tui.screens import screen_for

if TYPE_CHECKING:
    import curses

KEYS = "Right/Left step  [ ] round  Home/End ends  Up/Down y u b n look  ? help  q quit"
HELP = [
    "Replay keys",
    "  Right, l, Space, Enter   the next decision",
    "  Left, h, Backspace       the decision before",
    "  ]  [                     the next round / the round before",
    "  Home  End                the start / the end of the game",
    "  Up, Down, k, j, y u b n  move the cursor over the map (the panel shows",
    "                           what is under it); H and L, or Shift with",
    "                           Left and Right, move it left and right",
    "  ?                        this help (any key closes it)",
    "  q                        leave the replay",
    "The log on the right lists every decision so far with what it rolled.",
    "Hidden information (Luke's Snowspeeder, secret squads) is shown.",
]
#: Keys that move the cursor sideways, as Left and Right step through the record: (columns, rows).
SIDEWAYS = {"H": (-1, 0), "KEY_SLEFT": (-1, 0), "L": (1, 0), "KEY_SRIGHT": (1, 0)}
#: Keys that step through the record rather than move the cursor.
STEP_KEYS = ("KEY_RIGHT", "l", " ", "\n", "\r", "KEY_LEFT", "h", "KEY_BACKSPACE", "[", "]", "KEY_HOME", "KEY_END")


@dataclass(frozen=True)
class ReplayView:
    """Where the replay stands: which decision, the cursor, and whether help shows."""

    index: int = 0
    cursor: tuple[int, int] = (0, 0)
    help: bool = False
    help_top: int = 0


#: One step of a replayed record: the decision in notation, what it did, the game after it.
Step = tuple[str, Sequence[Event], GameView]


def step_key(steps: Sequence[Step], index: int, key: str) -> int:
    """The step shown after a key: one decision, one round, or an end of the game."""
    if key in ("KEY_RIGHT", "l", " ", "\n", "\r"):
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


def replay_key(steps: Sequence[Step], view: ReplayView, key: str) -> tuple[ReplayView, bool]:
    """(the view after a key, whether to leave)."""
    if view.help:
        top = scroll_top(key, view.help_top, 10)
        return (replace(view, help_top=top) if top is not None else replace(view, help=False)), False
    if key == "q":
        return view, True
    if key == "?":
        return replace(view, help=True, help_top=0), False
    if key in SIDEWAYS:
        game = steps[view.index][2]
        cols, rows = screen_for(game).board_size(game)
        dx, dy = SIDEWAYS[key]
        x, y = view.cursor
        return replace(view, cursor=(min(max(x + dx, 0), cols - 1), min(max(y + dy, 0), rows - 1))), False
    if key in MOVES and key not in STEP_KEYS:
        game = steps[view.index][2]
        return replace(view, cursor=step_cursor(view.cursor, key, *screen_for(game).board_size(game))), False
    return replace(view, index=step_key(steps, view.index, key)), False


def render_replay(steps: Sequence[Step], view: ReplayView, width: int, height: int) -> Frame:
    """One replayed position with the replay's key line (and its help)."""
    if too_small(width, height):
        return small_notice(width, height)
    game = steps[view.index][2]
    log = tuple(f"{i}. {a}: " + "; ".join(e.text for e in ev) for i, (a, ev, _) in enumerate(steps[1:view.index + 1], 1))
    ui = UIState(size=(width, height), cursor=view.cursor, log=log[-60:],
                 message=f"Replay: decision {view.index} of {len(steps) - 1}"
                 + (f": {steps[view.index][0]}" if view.index else " (the start)"))
    fr = screen_for(game).render(game, ui, width, height, True)
    fr.put(0, height - 1, KEYS.ljust(width), "keys")
    if view.help:
        scrolled(fr, "Replay help", HELP, view.help_top, "help", "any key closes")
    return fr


def replay_screen(steps: Sequence[Step], start: int = 0) -> None:
    """Show the steps of a replayed game (from `games.replay_steps`), from step `start` (a turn received by
    mail opens at its first decision)."""
    run_curses(lambda window: _loop(window, steps, start))


def _loop(window: curses.window, steps: Sequence[Step], start: int = 0) -> None:
    painter = Painter()
    game = steps[0][2]
    view = ReplayView(index=min(max(start, 0), len(steps) - 1), cursor=screen_for(game).start(game, UIState()).cursor)
    while True:
        h, w = window.getmaxyx()
        frame = render_replay(steps, view, w, h)
        painter.paint(window, frame)
        name = ""
        while name == "":
            name, _ = read_input(window, frame)
        if name in ("KEY_RESIZE", "click"):
            continue
        if too_small(w, h) and name != "q":
            continue
        view, leave = replay_key(steps, view, name)
        if leave:
            return
