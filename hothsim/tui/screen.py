"""The Screen interface every game's terminal screen provides, the UI state they share, and the keys and
clicks every screen answers the same way (help, message history, roster, menus, questions, hand-overs).

A screen is pure: `render` turns (game, UI state) into a Frame, `key` and `click` turn a key or a click
into a new UI state and maybe a decision.  The curses adapter (`app`) only paints frames and reads keys.
`press` and `click` here are what the adapter and the tests call: they handle what all screens share,
then ask the game's screen, and a decision the rules warn about (`game.warning`) is asked first.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, replace
from typing import Any, Callable, Protocol, Sequence

from hothsim.tui.frame import Frame
from hothsim.tui.keymap import Key, lookup
from hothsim.tui.menu import Menu, draw_menu, menu_rows
from hothsim.tui.overview import Overview, draw_overview
from hothsim.tui.panels import box, notice, scroll_top, scrolled, small_notice, too_small
from hothsim.kernel.engine import GameView, side_named

#: Cursor moves: arrow keys, vi keys (h j k l y u b n) and the number pad (as digits or curses' keypad names).
MOVES: dict[str, tuple[int, int]] = {
    "KEY_LEFT": (-1, 0), "KEY_RIGHT": (1, 0), "KEY_UP": (0, -1), "KEY_DOWN": (0, 1),
    "h": (-1, 0), "l": (1, 0), "k": (0, -1), "j": (0, 1), "y": (-1, -1), "u": (1, -1), "b": (-1, 1), "n": (1, 1),
    "4": (-1, 0), "6": (1, 0), "8": (0, -1), "2": (0, 1), "7": (-1, -1), "9": (1, -1), "1": (-1, 1), "3": (1, 1),
    "KEY_A1": (-1, -1), "KEY_A3": (1, -1), "KEY_C1": (-1, 1), "KEY_C3": (1, 1), "KEY_B2": (0, 0),
}
ENTER = ("\n", "\r", "KEY_ENTER")
ESC = ("\x1b",)
BACKSPACE = ("KEY_BACKSPACE", "\x7f", "\b")
#: The key line while a question waits for its answer.
CONFIRM_KEYS = "y or Enter yes  n or Esc no  q quit"
HISTORY_KEYS = ("L", "\x10")  # L, or Ctrl-P as in the roguelikes


@dataclass(frozen=True)
class Several:
    """More than one decision chosen by one key (auto-deploy places every remaining figure)."""

    actions: tuple[Any, ...]


@dataclass(frozen=True)
class Confirm:
    """A question before a decision is applied: y or Enter applies it, n or Esc does not."""

    question: str
    action: Any


class GameUI(Protocol):
    """The part of the UI state a game's screen keeps for itself (`SkirmishUI`, `AssaultUI`)."""

    @property
    def steering(self) -> bool:
        """Whether the cursor keys plan a path (take-back and hints wait until it is done)."""
        ...

    def settled(self) -> GameUI:
        """The part with no half-made choice left."""
        ...


@dataclass(frozen=True)
class UIState:
    """What the screen shows beyond the game itself."""

    size: tuple[int, int] = (80, 24)
    cursor: tuple[int, int] = (0, 0)
    menu: Menu | None = None
    help: bool = False
    help_top: int = 0
    history: int | None = None  # the first line of the message history shown, when it is open
    roster: bool = False
    look: bool = False  # look mode: the map without the overlays of the decision
    chart: bool = False  # Assault on Hoth: the Fire/Armor chart over the screen
    message: str = ""
    log: tuple[str, ...] = ()
    handover: str = ""  # a hand-over notice to dismiss before the next player's secret screen
    confirm: Confirm | None = None
    viewer: str = ""  # against the computer: the person's side (the screen shows only what it may see)
    handovers: bool = True  # two people share the screen: a secret choice waits behind a hand-over notice
    shown_path: frozenset[tuple[int, int]] = frozenset()  # the computer's last decision: the cells it moved through
    shown_target: frozenset[tuple[int, int]] = frozenset()  # ... and the cells of what it aimed at
    thinking: str = ""  # the computer is deciding: what the status line says of it
    overview: bool = False  # the whole-map view (v) over the screen
    card: tuple[str, tuple[str, ...]] | None = None  # a whole card over the screen (g): its title and lines
    own: GameUI | None = None  # the game's screen's own part (a half-made choice): tui/<game>/ui_state.py

    @property
    def steering(self) -> bool:
        """Whether the cursor keys plan a path now (a skirmish path drawn, a Walker steered)."""
        return self.own is not None and self.own.steering

    def settled(self) -> UIState:
        """With no half-made choice left in the game's own part (after a decision, or one taken back)."""
        return replace(self, own=self.own.settled()) if self.own is not None else self


#: (the new UI state, the decision chosen or None, whether to quit)
Outcome = tuple[UIState, Any, bool]


class Screen(Protocol):
    """What a game's screen provides (tui/skirmish, tui/assault)."""

    help: Sequence[str]  # the keys and the map's legend
    primer: Sequence[str]  # how a round (or turn) of the game goes, in a few lines

    def start(self, game: GameView, ui: UIState) -> UIState:
        """The UI state a game opens with (where the cursor starts)."""
        ...

    def board_size(self, game: GameView) -> tuple[int, int]:
        """Columns and rows of the map the cursor moves over."""
        ...

    def render(self, game: GameView, ui: UIState, width: int, height: int, reveal: bool = False) -> Frame:
        """The screen: status, map, panel, prompt and keys (overlays are drawn by `draw`)."""
        ...

    def key(self, game: GameView, ui: UIState, key: str) -> Outcome:
        """A key not handled by the shared layer."""
        ...

    def choose(self, game: GameView, ui: UIState, item: Any) -> Outcome:
        """A menu row chosen (Enter or a click): apply it or open the next step."""
        ...

    def overview(self, game: GameView, reveal: bool = False, viewer: str = "") -> Overview:
        """The whole map at a glance: a cell per square or hex, labels, and every unit on the map, as
        `viewer` may see it (`seen`)."""
        ...

    def roster(self, game: GameView, reveal: bool = False, viewer: str = "") -> list[str]:
        """Every figure or unit of both sides: glyph, name, state, as `viewer` may see them; then the
        legend."""
        ...

    def handover(self, game: GameView, before: Any) -> str:
        """The hand-over notice due now (the deciding player changed and the screen would show a secret)."""
        ...

    def marks(self, game: GameView, action: Any) -> tuple[frozenset[tuple[int, int]], frozenset[tuple[int, int]]]:
        """For another's decision, before it is applied: (cells it moves through, cells it aims at)."""
        ...


def show_hint(screen: Screen, game: GameView, ui: UIState, action: Any, reason: str) -> UIState:
    """What the computer would do in the person's place, shown and not applied: the menu of every choice
    open with its row highlighted (Enter takes it), or, for a choice made on the map (a skirmish move),
    its marks and where to press Enter; the marks of its path and target either way."""
    path, target = screen.marks(game, action)
    opened, _, _ = press(screen, game, replace(ui, menu=None), "m")
    menu = opened.menu
    if menu is not None and action in menu.items:
        rows = menu_rows(ui.size[1], len(menu.items), bool(menu.notes))
        return replace(opened, menu=menu.moved(menu.items.index(action), rows), shown_path=path,
                       shown_target=target, message=f"hint: {reason} (Enter takes it, Esc leaves it)")
    for cell in sorted(target) + sorted(path):  # the place where Enter takes exactly this decision
        if _enter_takes(screen, game, replace(ui, menu=None, cursor=cell), action):
            return replace(ui, menu=None, cursor=cell, shown_path=path, shown_target=target,
                           message=f"hint: {reason} (Enter on the marked place takes it)")
    # Neither a row of the menu nor a place on the map takes it as it is (a shot with Luke's Force, say):
    # asked at once, so that yes takes exactly what the hint said.
    return replace(ui, menu=None, shown_path=path, shown_target=target,
                   confirm=Confirm(f"hint: {reason}. Take it?", action))


def _enter_takes(screen: Screen, game: GameView, ui: UIState, action: Any) -> bool:
    """Whether Enter with this UI state chooses exactly `action` (at once, or behind its question)."""
    after, chosen, _ = press(screen, game, ui, "\n")
    return chosen == action or (after.confirm is not None and after.confirm.action == action)


def seen(game: GameView, viewer: str, reveal: bool = False) -> Any:
    """The state a screen draws, as the game's observation gives it (the game alone says what is hidden):
    all of it in a replay (`reveal`); else what `viewer` may know, the person's side against the computer,
    or, where two people share the screen (`viewer` ""), what both of them may know."""
    return game.state if reveal else game.observation(side_named(viewer)).state


def press(screen: Screen, game: GameView, ui: UIState, key: str) -> Outcome:
    """One key: what every screen shares first, then the game's screen; warned decisions are asked first."""
    asked = ui.confirm is not None
    ui, action, quit_ = _shared(screen, game, ui, key)
    if action is not None and not asked:
        why = game.warning(action) if type(action) is not Several else ""
        if why:
            return replace(ui, confirm=Confirm(f"{why}. Do it anyway?", action)), None, False
    return ui, action, quit_


def mode_of(ui: UIState) -> str:
    """The mode that takes the next key: the first of `MODES` that is open, else "map"."""
    return next((name for name, is_open in MODES if is_open(ui)), "map")


def _overlay(ui: UIState) -> bool:
    """An overlay shows (help, the roster or chart, the history): any key but its scrolling keys closes it."""
    return ui.help or ui.roster or ui.chart or ui.history is not None or ui.card is not None


def _shared(screen: Screen, game: GameView, ui: UIState, key: str) -> Outcome:
    mode = mode_of(ui)
    # q quits from anywhere (every decision is already saved, and nothing half-made is applied) but an
    # overlay, whose footer says any other key than its scrolling keys closes it.
    if key == "q" and mode not in ("too-small", "handover", "overview") and not _overlay(ui):
        return ui, None, True
    return MODE_KEYS[mode](screen, game, ui, key)


def _confirm(screen: Screen, game: GameView, ui: UIState, key: str) -> Outcome:
    if key in ENTER or key in ("y", "Y"):
        return replace(ui, confirm=None, message=""), ui.confirm.action if ui.confirm else None, False
    if key in ESC or key in ("n", "N"):
        return replace(ui, confirm=None, message="not done"), None, False
    return ui, None, False


def _scrolled(field: str, closed: dict[str, Any], space_pages: bool = False) -> Handler:
    """The keys of a scrolling overlay: its scrolling keys move `field` (Space a page on, where it is read
    as a page rather than a book), any other closes it."""
    def keys(screen: Screen, game: GameView, ui: UIState, key: str) -> Outcome:
        top = scroll_top("KEY_NPAGE" if space_pages and key == " " else key, getattr(ui, field), ui.size[1] - 5)
        scrolled: dict[str, Any] = {field: top}  # the overlay's own field, a line number
        return (replace(ui, **scrolled) if top is not None else replace(ui, **closed)), None, False
    return keys


def _menu_keys(screen: Screen, game: GameView, ui: UIState, key: str) -> Outcome:
    if ui.menu is None:  # the menu's keys are asked only while it is open
        return ui, None, False
    menu, moved = ui.menu.key(key, menu_rows(ui.size[1], len(ui.menu.items), bool(ui.menu.notes)))
    if moved:
        return replace(ui, menu=menu), None, False
    if key in ENTER:
        return screen.choose(game, replace(ui, menu=None, message=""), menu.chosen)
    if key in ESC:
        return replace(ui, menu=None, message=""), None, False
    return ui, None, False


def _map_keys(screen: Screen, game: GameView, ui: UIState, key: str) -> Outcome:
    """The keys every map shares (`GLOBAL_KEYS`); the rest go to the game's screen."""
    opened = _GLOBAL.get(key)
    return (replace(ui, **opened), None, False) if opened is not None else screen.key(game, ui, key)


Handler = Callable[[Screen, GameView, UIState, str], Outcome]

#: The modes a key may meet, in the order they take it: the first open one handles the key.
MODES: tuple[tuple[str, Callable[[UIState], object]], ...] = (
    ("too-small", lambda ui: too_small(*ui.size)), ("handover", lambda ui: ui.handover),
    ("overview", lambda ui: ui.overview), ("confirm", lambda ui: ui.confirm is not None),
    ("help", lambda ui: ui.help), ("history", lambda ui: ui.history is not None),
    ("roster", lambda ui: ui.roster or ui.chart), ("card", lambda ui: ui.card is not None),
    ("menu", lambda ui: ui.menu is not None))

#: What each mode does with a key.
MODE_KEYS: dict[str, Handler] = {
    "too-small": lambda screen, game, ui, key: (ui, None, key == "q"),
    "handover": lambda screen, game, ui, key: (replace(ui, handover=""), None, key == "q"),
    "overview": lambda screen, game, ui, key: (replace(ui, overview=False), None, False),  # any key closes it
    "confirm": _confirm,
    "help": _scrolled("help_top", {"help": False, "help_top": 0}),
    "history": _scrolled("history", {"history": None}),
    "roster": _scrolled("help_top", {"roster": False, "chart": False, "help_top": 0}),
    "card": _scrolled("help_top", {"card": None, "help_top": 0}, space_pages=True),
    "menu": _menu_keys,
    "map": _map_keys,
}

#: Keys every map shares, each to the overlay it opens (the fields of the UI state it sets).
GLOBAL_KEYS: tuple[Key, ...] = (
    Key(("?",), {"help": True, "help_top": 0}, "this help"),
    Key(HISTORY_KEYS, {"history": 10**9}, "message history (the whole log)"),
    Key(("r",), {"roster": True, "help_top": 0}, "roster: every piece of both sides and its state; the legend"),
    Key(("v",), {"overview": True}, "the whole map at a glance, with where every piece stands"))

#: Keys answered outside the screens' tables, here so that the help names them: U and H by the curses
#: adapter (`app.SESSION_ACTIONS`: they act on the session), q by `_shared` from (almost) anywhere.
SESSION_KEYS: tuple[Key, ...] = (
    Key(("U",), None, "take back your last decision (never past a roll or a secret)"),
    Key(("H",), None, "hint: what the computer would do in your place (its row highlighted or its move "
        "marked; Enter takes it, Esc leaves it)"),
    Key(("q",), None, "quit (the game is already saved)"))

#: How the help ends its list of keys: the mouse does what the cursor and Enter would.
MOUSE = "  Mouse: a click on the map or on a menu row is the cursor there and Enter."

_GLOBAL = lookup(GLOBAL_KEYS)


def click(screen: Screen, game: GameView, ui: UIState, target: object) -> Outcome:
    """A click on something drawn: a menu row chooses it, a square or hex is the cursor there and Enter;
    a click elsewhere, or while a notice or overlay shows, does what a key would (closes it)."""
    if type(target) is tuple and len(target) == 2 and target[0] == "menu" and ui.menu is not None:
        menu = ui.menu.moved(target[1], menu_rows(ui.size[1], len(ui.menu.items), bool(ui.menu.notes)))
        return press(screen, game, replace(ui, menu=menu), "\n")
    if type(target) is tuple and len(target) == 2 and target[0] == "cell":
        if mode_of(ui) == "map":
            return press(screen, game, replace(ui, cursor=target[1]), "\n")
    if ui.confirm is not None and target == ("confirm", True):
        return press(screen, game, ui, "y")
    if ui.confirm is not None and target == ("confirm", False):
        return press(screen, game, ui, "n")
    if ui.handover or ui.overview or _overlay(ui):
        return press(screen, game, ui, " ")
    return ui, None, False


def draw(screen: Screen, game: GameView, ui: UIState, width: int, height: int, reveal: bool = False) -> Frame:
    """The whole screen: the game's screen with the shared overlays on top."""
    if too_small(width, height):
        return small_notice(width, height)
    if ui.handover:
        return notice(width, height, [ui.handover, "", "Press any key when ready (q quits; the game is saved)."])
    fr = screen.render(game, ui, width, height, reveal)
    if ui.thinking:  # at the right of the status line, over whatever the game put there
        text = f" {ui.thinking} "[:width]
        fr.put(width - len(text), 0, text, "status")
    if ui.menu is not None:
        draw_menu(fr, ui.menu)
    if ui.confirm is not None:
        lines = [ui.confirm.question, "", "y or Enter: yes      n or Esc: no"]
        shown = box(fr, lines, 4, 4, min(width - 8, 72), "notice")
        fr.mark(4, 4, min(width - 8, 72), shown + 2, ("confirm", True))
        # The key line under the question: the screen's own keys do nothing until it is answered.
        fr.put(0, height - 1, CONFIRM_KEYS.ljust(width - 1), "keys")
    if ui.overview:
        draw_overview(fr, screen.overview(game, reveal, ui.viewer))
    if ui.roster:
        scrolled(fr, "Roster and legend", screen.roster(game, reveal, ui.viewer), ui.help_top, "help",
                 "up/down PgUp/PgDn scroll   any other key closes")
    if ui.help:
        scrolled(fr, "Help", help_lines(screen, game, width), ui.help_top, "help",
                 "up/down PgUp/PgDn scroll   any other key closes")
    if ui.card is not None:
        scrolled(fr, ui.card[0], ui.card[1], ui.help_top, "help", "up/down PgUp/PgDn Space scroll   any other key "
                 "closes")
    if ui.history is not None:
        scrolled(fr, "Message history", list(ui.log) or ["(nothing yet)"], ui.history, "log",
                 "up/down PgUp/PgDn Home/End scroll   any other key closes")
    return fr


def help_lines(screen: Screen, game: GameView, width: int) -> list[str]:
    """The `?` screen: this scenario's goal in full, how a round of the game goes, then the keys."""
    goal = textwrap.wrap(game.objective(), max(30, min(width - 8, 72) - 2), initial_indent="  ",
                         subsequent_indent="  ")
    return [f"Goal ({game.setup.scenario_name})", *goal, "", *screen.primer, "", *screen.help]


#: The kinds of decision that set a game up (both games name them so).
SET_UP = ("build", "place", "board")


def after_decision(screen: Screen, game: GameView, ui: UIState, before: Any) -> UIState:
    """The UI state once a decision is applied: when another player decides now, or the kind of decision
    changed, the cursor goes where the new decision is (the screen's `start`), behind a hand-over notice
    if the screen needs one; the message for the player who decided is not left for the next one."""
    after = game.pending
    if (after.player, after.kind) != (before.player, before.kind):
        ui = screen.start(game, ui).settled()
    # What the screen told one player is not for the next, nor a set-up's words once set-up is over.
    if after.player != before.player or (before.kind in SET_UP and after.kind not in SET_UP):
        ui = replace(ui, message="")
    return replace(ui, handover=handover_for(screen, game, ui, before))


def handover_for(screen: Screen, game: GameView, ui: UIState, before: Any) -> str:
    """The hand-over notice the screen needs before the decision now pending (`before` is the one just
    made, None at the start): none when nobody shares the screen with the person (against the computer)."""
    return screen.handover(game, before) if ui.handovers else ""


def step_cursor(cursor: tuple[int, int], key: str, width: int, height: int) -> tuple[int, int]:
    """The cursor after a movement key, kept on a board of width x height cells."""
    dx, dy = MOVES[key]
    return (min(max(cursor[0] + dx, 0), width - 1), min(max(cursor[1] + dy, 0), height - 1))


def in_rule_words(refusal: Any) -> str:
    """A refusal as the screen says it: the rule's message and the rule's name."""
    return f"{refusal.message} (rule: {refusal.rule})"


def open_menu(ui: UIState, title: str, items: Sequence[Any], labels: Sequence[str],
              notes: Sequence[Sequence[str]] = ()) -> UIState:
    """The UI state with a menu open on its first row (`notes`: lines about each row, shown for the
    highlighted one)."""
    return replace(ui, menu=Menu(title, tuple(items), tuple(labels), notes=tuple(tuple(n) for n in notes)),
                   message="")
