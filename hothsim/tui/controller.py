"""What keys do: a pure function from (game, UI state, key) to a new UI state and maybe an action.

Every choice comes from `game.legal_actions()`; nothing here knows any ability.  An action that is
about a square (a destination, a target, a figure to activate, a setup square) is chosen by moving the
cursor there and pressing Enter; when several actions share the square (combined-fire helpers, say) a
menu lists them.  Actions about no square (ending a turn, choosing who goes first, a reroll) are in the
menu (`m` or Space).  Esc closes what is open.  `U` (handled by the app, see `history`) takes back the
player's own last decisions, never past a roll or a revealed secret.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from hothsim.kernel.squares import Square
from hothsim.skirmish.actions import (
    Action,
    Activate,
    Attack,
    ForcePower,
    Harpoon,
    Heal,
    Move,
    Opportunity,
    Place,
)

#: Cursor moves: arrow keys, vi keys (h j k l y u b n) and the number pad (as digits or curses' keypad names).
MOVES: dict[str, tuple[int, int]] = {
    "KEY_LEFT": (-1, 0), "KEY_RIGHT": (1, 0), "KEY_UP": (0, -1), "KEY_DOWN": (0, 1),
    "h": (-1, 0), "l": (1, 0), "k": (0, -1), "j": (0, 1), "y": (-1, -1), "u": (1, -1), "b": (-1, 1), "n": (1, 1),
    "4": (-1, 0), "6": (1, 0), "8": (0, -1), "2": (0, 1), "7": (-1, -1), "9": (1, -1), "1": (-1, 1), "3": (1, 1),
    "KEY_A1": (-1, -1), "KEY_A3": (1, -1), "KEY_C1": (-1, 1), "KEY_C3": (1, 1), "KEY_B2": (0, 0),
    "KEY_HOME": (-1, -1), "KEY_PPAGE": (1, -1), "KEY_END": (-1, 1), "KEY_NPAGE": (1, 1),
}
ENTER = ("\n", "\r", "KEY_ENTER")
ESC = ("\x1b",)

HELP = [
    "Keys",
    "  arrows, h j k l y u b n, number pad   move the cursor (in a menu: up/down)",
    "  Enter       choose what the cursor is on (figure, square, target, item)",
    "  m or Space  the menu of every choice now (end turn, Force, first, ...)",
    "  Tab         jump to the next figure",
    "  p           draw your own path: cursor keys step, stepping back undoes;",
    "              cost and attacks of opportunity shown; Enter moves, Esc quits",
    "  g           explain the figure under the cursor in our words",
    "  Esc         close a menu or this help (nothing undoes a choice made)",
    "  Space       (combined fire) toggle the ally under the marker; Enter fires",
    "  U           take back your last decision (never past a roll or a secret)",
    "  ?           this help          q   quit (the game is already saved)",
    "Map",
    "  . clear  o low objects  ~ difficult  t trench  x pit  # rock",
    "  | - walls  D closed door  : open door",
    "  Rebel figures are capitals, Imperial ones small letters. * marks where the",
    "  chosen figure may move; on such a square + marks the path and the prompt",
    "  gives its cost and who could attack it (attacks of opportunity). Legal",
    "  targets are highlighted; the menu shows the chance to hit.",
]


@dataclass(frozen=True)
class ChooseHelpers:
    """A menu entry standing for every combined-fire variant of one attack: choosing it opens the toggles."""

    figure: str
    target: str
    eligible: tuple[str, ...]

    def notation(self) -> str:
        """How the menu shows it."""
        return f"attack {self.figure} {self.target} with combined fire: choose the helpers..."


@dataclass(frozen=True)
class UIState:
    """What the screen shows beyond the game: cursor, an open menu, help, a message, the log."""

    cursor: Square = (0, 0)
    menu: tuple[Action, ...] | None = None
    menu_index: int = 0
    help: bool = False
    explain: bool = False
    message: str = ""
    log: tuple[str, ...] = ()
    handover: str = ""  # a hand-over notice to dismiss before the next player's secret screen
    helpers: ChooseHelpers | None = None  # combined fire being set up: the attack and who may help
    chosen: tuple[str, ...] = ()  # helpers toggled on
    helper_index: int = 0
    selected: str = ""  # Assault on Hoth: the unit chosen to act
    walk: str = ""  # Assault on Hoth: a selected Walker's planned steps
    walking: bool = False  # Assault on Hoth: the arrow keys steer the selected Walker
    drawing: bool = False  # skirmish: the cursor keys draw the acting character's path
    path: tuple[Square, ...] = ()  # the path drawn so far (squares stepped into)


def anchor(game, action: Action) -> Square | None:
    """The square an action is about, if any."""
    s = game.state
    if isinstance(action, Place):
        return action.square
    if isinstance(action, Move):
        d = action.destination
        return (d[0], d[1])
    fid = None
    if isinstance(action, Activate):
        fid = action.figure
    elif isinstance(action, (Attack, Heal, Harpoon)):
        fid = action.target
    elif isinstance(action, ForcePower) and action.target:
        fid = action.target
    elif isinstance(action, Opportunity):
        fid = action.figure
    if fid is None:
        return None
    f = s.fig(fid)
    return f.pos


def actions_at(game, square: Square) -> list[Action]:
    """Legal actions about a square: anchored there, or aimed at a figure whose space covers it."""
    out = []
    for a in game.legal_actions():
        sq = anchor(game, a)
        if sq is None:
            continue
        if sq == square:
            out.append(a)
            continue
        fid = getattr(a, "target", None) if not isinstance(a, (Activate, Opportunity)) else a.figure
        if fid and not isinstance(a, (Move, Place)):
            try:
                if square in game.state.fig(fid).space():
                    out.append(a)
            except KeyError:
                pass
    return out


def collapse(actions: list) -> list:
    """Attacks that differ only in their combined-fire helpers become the plain attack plus one entry
    that opens the helper toggles."""
    out: list = []
    seen: set[tuple[str, str]] = set()
    for a in actions:
        if isinstance(a, Attack):
            key = (a.figure, a.target)
            if key in seen:
                continue
            seen.add(key)
            variants = [b for b in actions if isinstance(b, Attack) and (b.figure, b.target) == key]
            eligible = tuple(sorted({h for b in variants for h in b.helpers}))
            out.append(Attack(a.figure, a.target))
            if eligible:
                out.append(ChooseHelpers(a.figure, a.target, eligible))
            continue
        out.append(a)
    return out


def menu_actions(game) -> tuple:
    """The menu: choices about no square first, then every other choice (moves are chosen on the map)."""
    acts = game.legal_actions()
    free = [a for a in acts if anchor(game, a) is None]
    rest = [a for a in acts if anchor(game, a) is not None and not isinstance(a, Move)]
    return tuple(collapse(free + rest))


def figure_at(game, square: Square):
    """The living figure whose space covers the square, if any."""
    for f in game.state.living():
        if square in f.space():
            return f
    return None


def step_cursor(cursor: tuple[int, int], key: str, width: int, height: int) -> tuple[int, int]:
    """The cursor after a movement key, kept on a board of width x height cells."""
    dx, dy = MOVES[key]
    return (min(max(cursor[0] + dx, 0), width - 1), min(max(cursor[1] + dy, 0), height - 1))


def menu_key(ui: UIState, key: str):
    """A key while a menu is open: (the new UI state, the item chosen with Enter or None)."""
    assert ui.menu is not None
    if key in ESC:
        return replace(ui, menu=None, message=""), None
    if key in ("KEY_UP", "k", "8"):
        return replace(ui, menu_index=max(0, ui.menu_index - 1)), None
    if key in ("KEY_DOWN", "j", "2"):
        return replace(ui, menu_index=min(len(ui.menu) - 1, ui.menu_index + 1)), None
    if key in ENTER:
        return replace(ui, menu=None, menu_index=0, message=""), ui.menu[ui.menu_index]
    return ui, None


def _draw_path(game, ui: UIState, key: str) -> tuple[UIState, Action | None, bool]:
    """Keys while drawing a path: each cursor key is one step (stepping back undoes the last one)."""
    s = game.state
    fig = s.fig(s.turn.figure) if s.turn is not None else None
    if fig is None or fig.pos is None:
        return replace(ui, drawing=False, path=()), None, False
    if key in ESC:
        return replace(ui, drawing=False, path=(), cursor=fig.pos, message=""), None, False
    if key in ("KEY_BACKSPACE", "\x7f", "\b"):
        path = ui.path[:-1]
        return replace(ui, path=path, cursor=path[-1] if path else fig.pos), None, False
    if key in ENTER:
        if not ui.path:
            return replace(ui, message="draw at least one step, or Esc"), None, False
        _, _, why = game.path_preview(ui.path)
        if why:
            return replace(ui, message=why), None, False
        return replace(ui, drawing=False, path=(), message=""), Move(fig.id, ui.path), False
    if key in MOVES:
        dx, dy = MOVES[key]
        here = ui.path[-1] if ui.path else fig.pos
        to = (here[0] + dx, here[1] + dy)
        before = ui.path[-2] if len(ui.path) > 1 else fig.pos
        path = ui.path[:-1] if ui.path and to == before else ui.path + (to,)
        cost, _, _ = game.path_preview(path) if path else (0, None, "")
        if cost is None:
            return replace(ui, message=f"no step to {to} from there (a wall, an enemy, a pit or the edge)"), None, False
        return replace(ui, path=path, cursor=path[-1] if path else fig.pos, message=""), None, False
    return ui, None, False


def handle_key(game, ui: UIState, key: str) -> tuple[UIState, Action | None, bool]:
    """(new UI state, the action chosen or None, whether to quit)."""
    grid = game.setup.grid
    if ui.handover:
        return replace(ui, handover=""), None, key == "q"
    if ui.help:
        return replace(ui, help=False), None, False
    if key == "q":
        return ui, None, True
    if key == "?":
        return replace(ui, help=True), None, False
    if ui.helpers is not None:
        ch = ui.helpers
        if key in ESC:
            return replace(ui, helpers=None, chosen=(), helper_index=0), None, False
        if key in ("KEY_UP", "k", "8"):
            return replace(ui, helper_index=max(0, ui.helper_index - 1)), None, False
        if key in ("KEY_DOWN", "j", "2"):
            return replace(ui, helper_index=min(len(ch.eligible) - 1, ui.helper_index + 1)), None, False
        if key == " ":
            h = ch.eligible[ui.helper_index]
            chosen = tuple(sorted(set(ui.chosen) ^ {h}))
            return replace(ui, chosen=chosen), None, False
        if key in ENTER:
            action = Attack(ch.figure, ch.target, tuple(sorted(ui.chosen)))
            return replace(ui, helpers=None, chosen=(), helper_index=0), action, False
        return ui, None, False
    if ui.drawing:
        return _draw_path(game, ui, key)
    if ui.menu is not None:
        ui, item = menu_key(ui, key)
        if isinstance(item, ChooseHelpers):
            return replace(ui, helpers=item, chosen=(), helper_index=0), None, False
        return ui, item, False
    if key in ESC:
        return replace(ui, explain=False, message=""), None, False
    if key in MOVES:
        return replace(ui, cursor=step_cursor(ui.cursor, key, grid.width, grid.height), message=""), None, False
    if key == "\t":
        figs = sorted((f.pos for f in game.state.living() if f.pos is not None), key=lambda p: (p[1], p[0]))
        if figs:
            after = [p for p in figs if (p[1], p[0]) > (ui.cursor[1], ui.cursor[0])]
            return replace(ui, cursor=(after or figs)[0]), None, False
        return ui, None, False
    if key == "g":
        return replace(ui, explain=not ui.explain), None, False
    if key == "p":
        turn = game.state.turn
        if game.pending.kind != "turn" or turn is None or not any(isinstance(a, Move) for a in game.legal_actions()):
            return replace(ui, message="no move to draw now"), None, False
        start = game.state.fig(turn.figure).pos
        return replace(ui, drawing=True, path=(), cursor=start, message=""), None, False
    if key in ("m", " "):
        items = menu_actions(game)
        if not items:
            return replace(ui, message="nothing to choose from a menu now"), None, False
        return replace(ui, menu=items, menu_index=0), None, False
    if key in ENTER:
        here = collapse(actions_at(game, ui.cursor))
        if len(here) == 1:
            return replace(ui, message=""), here[0], False
        if len(here) > 1:
            return replace(ui, menu=tuple(here), menu_index=0), None, False
        return replace(ui, message="nothing to choose here: move the cursor, or press m for the menu"), None, False
    return ui, None, False
