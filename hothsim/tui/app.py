"""The curses adapter: paints frames, reads keys and clicks, and hands decisions to the Session (which
applies them and autosaves).

Everything else (what the screen shows, what a key does) is pure and lives in `screen` and the game's
screen package.  The terminal is set up here rather than by curses.wrapper, which would start colours
even when NO_COLOR asks for none; it is restored on exit, on Ctrl-C and on an error.
"""

from __future__ import annotations

import curses
import locale
import os
import signal
import time
from dataclasses import replace
from typing import Any, Callable

from hothsim.ai import Pace
from hothsim.collector import collector_paused
from hothsim.session import HINT_CEILING, HINT_STEPS, PERSON, Session
from hothsim.tui.frame import Frame
from hothsim.tui.keys import ESCAPE, read_escape
from hothsim.kernel.engine import IllegalAction
from hothsim.tui.screen import (
    SET_UP,
    Screen,
    Several,
    UIState,
    after_decision,
    click,
    handover_for,
    draw,
    in_rule_words,
    press,
    show_hint,
)
from hothsim.tui.screens import screen_for

# Attribute name -> (colour, attribute without colour).  Without colour the glyphs tell things apart;
# the attributes only help.  No terrain shares a colour with a side's figures (red Rebels, blue Empire).
_STYLE = {
    "status": (curses.COLOR_WHITE, curses.A_REVERSE), "prompt": (curses.COLOR_YELLOW, curses.A_BOLD),
    "keys": (curses.COLOR_CYAN, curses.A_NORMAL), "rebel": (curses.COLOR_RED, curses.A_BOLD),
    "imperial": (curses.COLOR_BLUE, curses.A_NORMAL), "wall": (curses.COLOR_MAGENTA, curses.A_NORMAL),
    "door": (curses.COLOR_CYAN, curses.A_BOLD), "door-open": (curses.COLOR_CYAN, curses.A_NORMAL),
    "reach": (curses.COLOR_GREEN, curses.A_BOLD), "reach-spent": (curses.COLOR_CYAN, curses.A_NORMAL),
    "exposed": (curses.COLOR_RED, curses.A_BOLD), "sheltered": (curses.COLOR_GREEN, curses.A_BOLD),
    "zone": (curses.COLOR_GREEN, curses.A_BOLD), "target": (curses.COLOR_YELLOW, curses.A_REVERSE),
    "cursor": (curses.COLOR_BLACK, curses.A_REVERSE), "low": (curses.COLOR_GREEN, curses.A_NORMAL),
    "difficult": (curses.COLOR_YELLOW, curses.A_NORMAL), "trench": (curses.COLOR_MAGENTA, curses.A_BOLD),
    "pit": (curses.COLOR_YELLOW, curses.A_BOLD), "solid": (curses.COLOR_WHITE, curses.A_NORMAL),
    "menu-chosen": (curses.COLOR_BLACK, curses.A_REVERSE), "menu-title": (curses.COLOR_WHITE, curses.A_BOLD),
    "notice": (curses.COLOR_YELLOW, curses.A_BOLD), "panel-head": (curses.COLOR_WHITE, curses.A_BOLD),
    "path": (curses.COLOR_GREEN, curses.A_BOLD), "macro0": (curses.COLOR_WHITE, curses.A_NORMAL),
    "macro1": (curses.COLOR_CYAN, curses.A_NORMAL), "macro2": (curses.COLOR_WHITE, curses.A_NORMAL),
}


#: How long a key is waited for before the loop looks round (so Ctrl-C is seen at once), and how long
#: the rest of an Escape sequence is waited for.
KEY_WAIT_MS = 100
ESCAPE_WAIT_MS = 25


def wants_colour() -> bool:
    """Colour unless NO_COLOR is set to anything but the empty string (no-color.org)."""
    return not os.environ.get("NO_COLOR")


#: PDCurses (windows-curses) gives the number pad's keys names of their own where ncurses gives the
#: ordinary ones: the screens hear them as the keys they stand for.
PDCURSES_KEYS = {"PADENTER": "KEY_ENTER", "PADSLASH": "/", "PADSTAR": "*", "PADMINUS": "-", "PADPLUS": "+",
                 "PADSTOP": ".", "PAD0": "0", "CTL_PADENTER": "KEY_ENTER", "ALT_PADENTER": "KEY_ENTER"}


def key_name(key: Any) -> str:
    """A key as the screens name it: the character, or curses' name for a special key."""
    if type(key) is str:
        return key
    try:
        name = curses.keyname(key).decode("ascii", "replace")
    except ValueError:
        return ""
    return PDCURSES_KEYS.get(name, name)


class Painter:
    """Maps attribute names to curses attributes, with colour only when wanted and available."""

    def __init__(self) -> None:
        self.attrs: dict[str, int] = {name: fallback for name, (_, fallback) in _STYLE.items()}
        if wants_colour() and curses.has_colors():
            curses.start_color()
            try:
                curses.use_default_colors()
                background = -1
            except curses.error:
                background = curses.COLOR_BLACK
            for i, (name, (fg, _)) in enumerate(_STYLE.items(), 1):
                bg = curses.COLOR_WHITE if fg == curses.COLOR_BLACK else background
                curses.init_pair(i, fg, bg)
                extra = curses.A_REVERSE if name == "status" else 0
                self.attrs[name] = curses.color_pair(i) | extra

    def paint(self, screen: curses.window, frame: Frame) -> None:
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


def run_curses(body: Callable[[curses.window], None]) -> None:
    """Set up the terminal (keypad, no echo, mouse clicks), run `body(window)`, and always restore it."""
    locale.setlocale(locale.LC_ALL, "")  # so curses can draw the Walkers' facing arrows
    # Ctrl-C ends the game with its save intact even when hothsim was started with SIGINT ignored (as a
    # script's background command is): the person at the keyboard asked for it.
    interrupt = signal.signal(signal.SIGINT, signal.default_int_handler)
    window = curses.initscr()
    try:
        curses.noecho()
        curses.cbreak()
        window.keypad(True)
        # curses waits a second after Escape for the rest of a key's sequence by default: a sequence
        # arrives whole in far less, and Escape should close a menu at once.
        if hasattr(curses, "set_escdelay"):
            curses.set_escdelay(ESCAPE_WAIT_MS)
        try:
            curses.curs_set(0)
        except curses.error:
            pass
        curses.mousemask(curses.BUTTON1_PRESSED | curses.BUTTON1_CLICKED)
        curses.mouseinterval(0)  # report the press at once, whatever the machine's speed
        # Waiting for a key returns every tenth of a second, so that Python sees Ctrl-C (SIGINT) at once
        # instead of when the next key comes.
        window.timeout(KEY_WAIT_MS)
        body(window)
    finally:
        window.keypad(False)
        curses.nocbreak()
        curses.echo()
        curses.endwin()
        signal.signal(signal.SIGINT, interrupt)


def read_input(window: curses.window, frame: Frame | None, wait_ms: int = KEY_WAIT_MS) -> tuple[str, object | None]:
    """The next key's name, or ("click", what was clicked in `frame`) for a mouse click ("" when no key
    came in time, or for any other mouse event).  `wait_ms` is the window's wait for a key, restored after
    an Escape sequence is read."""
    try:
        key = window.get_wch()
    except curses.error:
        return "", None
    name = key_name(key)
    if name == ESCAPE:
        window.timeout(ESCAPE_WAIT_MS)
        try:
            return read_escape(lambda: _following(window)), None
        finally:
            window.timeout(wait_ms)
    if name == "KEY_MOUSE":
        try:
            _, x, y, _, state = curses.getmouse()
        except curses.error:
            return "", None
        if state & (curses.BUTTON1_PRESSED | curses.BUTTON1_CLICKED):
            return "click", frame.target_at(x, y) if frame is not None else None
        return "", None
    return name, None


def _following(window: curses.window) -> str | None:
    """The next character of an Escape sequence, None if none came in time (or a key curses named)."""
    try:
        key = window.get_wch()
    except curses.error:
        return None
    return key if type(key) is str else None


def play(session: Session) -> None:
    """Hot-seat play until the players quit; every applied decision is saved at once (by the session).
    Nothing is written before the first decision: a resumed save stays as it was read."""
    run_curses(lambda window: _loop(window, session))


def pace() -> float:
    """Seconds each of the computer's decisions stays on screen before the next (any key skips it):
    HOTHSIM_PACE, or 0.8."""
    try:
        return min(max(float(os.environ.get("HOTHSIM_PACE", "0.8")), 0.0), 10.0)
    except ValueError:
        return 0.8


def _computer_turn(window: curses.window, session: Session, screen: Screen, ui: UIState, painter: Painter) -> UIState | None:
    """Let the computer decide, showing its progress; None if the person quits meanwhile.  The search
    runs a simulation at a time so keys and resizing are answered between them."""
    side = session.game.pending.decider
    window.timeout(0)
    try:
        choice, ui = _thought(window, session, screen, ui, painter, session.thinking, lambda ui, share, done: replace(
            ui, thinking=f"{side.upper()} (computer) thinking {share}",
            message=f"the computer ({side}) is thinking: {share} of its time, {done} games imagined  (q quits)"))
        if choice is None:
            return None
        before = session.game.pending
        path, target = screen.marks(session.game, choice.action)
        session.apply_choice(choice)
        ui = after_decision(screen, session.game, ui, before)
        ui = replace(ui, shown_path=path, shown_target=target, thinking="",
                     message=f"{side} (computer): {choice.reason}")
        ui = _show(window, session, screen, ui, painter)
        # The computer's set-up is shown placed in one step: no pause between one unit and its next.
        setting_up = before.kind in SET_UP and session.game.pending.kind in SET_UP
        wait_until = time.monotonic() + (pace() if session.computer() is not None and not setting_up else 0)
        while time.monotonic() < wait_until:
            key = _pressed(window)
            if key == "q":
                return None
            if key:
                break
            time.sleep(0.02)
        if session.computer() is None:
            # The person decides next (or the game is over): the prompt tells them what to do, or who won
            # (the reason stays in the log, and the marks on the map show what the computer did).
            ui = replace(ui, message="")
        return ui
    finally:
        window.timeout(KEY_WAIT_MS)


def _thought(window: curses.window, session: Session, screen: Screen, ui: UIState, painter: Painter, begin: Callable[[], Any],
             shown: Callable[[UIState, str, int], UIState], steps: int | None = None) -> tuple[Any, UIState]:
    """A search begun by `begin`, stepped within the session's think time (or, given `steps`, that many
    steps) with the collector paused; every tenth of a second `shown(ui, share done, games imagined)` is
    drawn and q looked for.  (Its choice, or None if the person pressed q; the state last shown.)"""
    with collector_paused():
        start = last = time.monotonic()  # before the search is made: dealing its root is part of its time
        thinking = begin()
        budget = Pace(HINT_CEILING, start, steps=steps) if steps else Pace(session.think, start)
        while budget.step(thinking, time.monotonic()):
            if time.monotonic() - last >= 0.1:
                last = time.monotonic()
                done = budget.taken / steps if steps else (last - start) / session.think
                share = f"{min(99, int(100 * done))}%"  # of its steps or its think time
                ui = _show(window, session, screen, shown(ui, share, thinking.progress[0]), painter)
                if _pressed(window) == "q":
                    return None, ui
        return thinking.choice(), ui


def _remote_turn(window: curses.window, session: Session, screen: Screen, ui: UIState, painter: Painter) -> UIState | None:
    """A game at two machines: wait for the other player's next line, answering keys meanwhile; None if
    the person quits (the game is saved: `hothsim host` or `join` again takes it up)."""
    before = session.game.pending
    window.timeout(0)
    try:
        while session.poll(0.1) is None:
            waiting = session.waiting_words  # says so when the connection broke
            ui = _show(window, session, screen, replace(ui, message=f"{waiting} (q quits; the game is saved)"),
                       painter)
            if _pressed(window) == "q":
                return None
    finally:
        window.timeout(KEY_WAIT_MS)
    ui = after_decision(screen, session.game, ui, before)
    said = next((line for line in reversed(session.log) if "(other machine)" in line), "")
    return replace(ui, message=said)


def _take_back(window: curses.window, session: Session, screen: Screen, ui: UIState, painter: Painter) -> UIState:
    """U: the last decision taken back, if its player may (the session says why not)."""
    why = session.take_back()
    return replace(ui.settled(), message=why or "the last decision is taken back")


def _hint(window: curses.window, session: Session, screen: Screen, ui: UIState, painter: Painter) -> UIState | None:
    """H: the computer thinks in the person's place for the think time and shows what it would do (never
    applying it); None if the person quits meanwhile."""
    if session.game.is_over or session.computer() is not None:
        return replace(ui, message="no decision of yours to hint at now")
    side = session.game.pending.player
    choice = session.known_hint()  # asked again in the same position: the same answer, at once
    if choice is None:
        window.timeout(0)
        try:
            choice, ui = _thought(window, session, screen, ui, painter, session.hint, lambda ui, share, done: replace(
                ui, message=f"the computer thinks in your place: {share} (q quits)"), HINT_STEPS)
        finally:
            window.timeout(KEY_WAIT_MS)
        if choice is None:
            return None
        choice = session.keep_hint(choice)
    session.log.append(f"hint for {side}: {choice.reason}")
    return show_hint(screen, session.game, replace(ui, menu=None), choice.action, choice.reason)


def _show(window: curses.window, session: Session, screen: Screen, ui: UIState, painter: Painter) -> UIState:
    h, w = window.getmaxyx()
    ui = replace(ui, size=(w, h), log=tuple(session.log))
    painter.paint(window, draw(screen, session.game, ui, w, h))
    return ui


def _pressed(window: curses.window) -> str:
    """A key pressed (or a click) while the computer plays ("" if none; a resize is answered by the next
    paint)."""
    name, _ = read_input(window, None, wait_ms=0)
    return "" if name == "KEY_RESIZE" else name


def hot_seat_words(session: Session) -> str:
    """A new game between two people at this keyboard says so, with the command that plays the computer
    instead; "" for any other game (against the computer, at two machines, or taken up again)."""
    if session.game.record.entries or any(who != PERSON for who in session.players.values()):
        return ""
    scenario = session.game.record.header.scenario
    return (f"Hot-seat: two players share this keyboard. To play the computer instead: q, then hothsim play "
            f"{scenario} --ai imperial")


def _loop(window: curses.window, session: Session) -> None:
    painter = Painter()
    screen: Screen = screen_for(session.game)
    h, w = window.getmaxyx()
    # Against the computer nobody needs to look away: the screen shows only the person's side.
    ui = screen.start(session.game, UIState(size=(w, h), viewer=session.viewer or "",
                                            handovers=not session.against_computer))
    ui = replace(ui, handover=handover_for(screen, session.game, ui, None))
    session.log.append(f"Saved as {session.save_path}")
    hot_seat = hot_seat_words(session)
    if hot_seat:  # a newcomer's first screen says who plays, and how to play the computer instead (the log)
        session.log.append(hot_seat)
    while True:
        before = session.game.pending
        if session.answer_alone():  # against the computer, Luke's armor is asked only where it changes something
            ui = after_decision(screen, session.game, ui, before)
            continue
        other = _other_turn(session, ui)
        if other is not None:
            shown = other(window, session, screen, ui, painter)
            if shown is None:
                return
            ui = shown
            continue
        name, target, ui = _next_input(window, session, screen, ui, painter)
        if name == "KEY_RESIZE":
            continue
        ui = replace(ui, shown_path=frozenset(), shown_target=frozenset())
        own = SESSION_ACTIONS.get(name)
        if own is not None and own[0](ui):
            answered = own[1](window, session, screen, ui, painter)
            if answered is None:
                return
            ui = answered
            continue
        answered = _answer(screen, session, ui, name, target)
        if answered is None:
            return
        ui = answered


def _other_turn(session: Session, ui: UIState) -> Callable[..., UIState | None] | None:
    """Whose turn the screen waits through instead of reading a key: the other machine's, or the
    computer's (once any handover notice is read); None when a key is wanted."""
    if session.remote_turn:
        return _remote_turn
    if not session.game.is_over and session.computer() is not None and not ui.handover:
        return _computer_turn
    return None


def _next_input(window: curses.window, session: Session, screen: Screen, ui: UIState, painter: Painter
                ) -> tuple[str, object, UIState]:
    """Draw the screen and wait for a key or a click: its name, what was clicked, and the state drawn."""
    h, w = window.getmaxyx()
    ui = replace(ui, size=(w, h), log=tuple(session.log))
    frame = draw(screen, session.game, ui, w, h)
    painter.paint(window, frame)
    name, target = "", None
    while name == "":  # no key yet (the wait returns often: see run_curses)
        name, target = read_input(window, frame)
    return name, target, ui


def _may_take_back(ui: UIState) -> bool:
    """U takes the last decision back unless a menu, question, notice, help or a path in the making shows."""
    return ui.menu is None and ui.confirm is None and not (ui.handover or ui.help or ui.steering)


def _may_hint(ui: UIState) -> bool:
    """H asks for a hint unless a question, notice, overlay or a path in the making shows."""
    return ui.confirm is None and not (ui.handover or ui.help or ui.steering or ui.roster or ui.chart
                                       or ui.history is not None)


#: The keys this adapter answers itself, for they act on the session (`screen.SESSION_KEYS` holds their
#: help words): each to when it may be pressed and what it does (None: the person quit meanwhile).
SESSION_ACTIONS: dict[str, tuple[Callable[[UIState], bool], Callable[..., UIState | None]]] = {
    "U": (_may_take_back, _take_back), "H": (_may_hint, _hint)}


def _answer(screen: Screen, session: Session, ui: UIState, name: str, target: object) -> UIState | None:
    """The screen's answer to a key or click, with the decisions it makes applied; None to quit."""
    before = session.game.pending
    if name == "click":
        ui, chosen, quit_ = click(screen, session.game, ui, target)
    else:
        ui, chosen, quit_ = press(screen, session.game, ui, name)
    if quit_:
        return None
    for action in (chosen.actions if type(chosen) is Several else (chosen,) if chosen is not None else ()):
        try:
            session.apply(action)
        except IllegalAction as e:  # the screens offer legal choices only; should one not be, say why
            ui = replace(ui, message=in_rule_words(e))
            break
    if chosen is not None and session.game.pending != before:
        ui = after_decision(screen, session.game, ui, before)
    return ui
