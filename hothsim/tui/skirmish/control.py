"""What keys do on the skirmish screen: pure functions from (game, UI state, key) to a new UI state and
maybe a decision.  The keys every screen shares (help, log, roster, menus, questions) are in `tui.screen`.

An action about a square (a destination, a target, a figure to activate, a set-up square) is chosen by
moving the cursor there and pressing Enter; when several share the square a menu lists them.  Set-up is
two steps: a figure (m or Tab), then a square of the zone drawn on the map.  Choices about no square
(ending a turn, who goes first, a reroll) are in the menu (`m` or Space).  Enter on something that cannot
be chosen says why, in the rule's words.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from hothsim.skirmish.actions import Activate, Attack, Move, Opportunity, Place
from hothsim.ai.set_up import set_up_plan
from hothsim.tui.keymap import Key, help_section, lookup
from hothsim.tui.skirmish.ui_state import mine, with_mine
from hothsim.tui.screen import (
    BACKSPACE,
    ENTER,
    ESC,
    GLOBAL_KEYS,
    MOUSE,
    MOVES,
    SESSION_KEYS,
    Outcome,
    Several,
    UIState,
    open_menu,
    step_cursor,
)
from hothsim.tui.skirmish.choices import (
    ChooseHelpers,
    MenuItem,
    PickFigure,
    actions_at,
    anchor,
    card_notes,
    collapse,
    label,
    menu_items,
    placing_figure,
    to_place,
    whole_card,
    why_not_here,
)
from hothsim.kernel.engine import Decision
from hothsim.kernel.squares import Square
from hothsim.skirmish.interface import Figure, SkirmishView

#: How a round goes, in our own words (the `?` screen shows it under the scenario's goal).
PRIMER = [
    "How a round goes",
    "  Each round begins with both players rolling a d20 (initiative); the",
    "  higher roll chooses which side activates first. The sides then take",
    "  turns activating their characters, up to two in each phase, until",
    "  every character has acted once; then the next round begins.",
    "  An activated character moves up to its Speed and attacks, or moves up",
    "  to twice its Speed and does not attack. A diagonal step counts 2",
    "  squares; difficult terrain and low objects cost double.",
    "  An attack hits when a d20 plus the attacker's Attack reaches the",
    "  target's Defense. Cover adds 4 to Defense, and a target with cover may",
    "  be attacked only if it is the nearest enemy. A natural 20 always hits",
    "  and deals double damage; a natural 1 always misses.",
    "  Stepping away from an enemy next to you lets it attack at once (an",
    "  attack of opportunity). A closed door is a wall until a turn ends with",
    "  a character next to it.",
]

#: The help's legend after the keys: the Force in the menu, and how to read the map.
LEGEND = [
    "Force (in the menu, m, when a character may use it)",
    "  force X move   1 Force point: X moves 2 more squares this turn",
    "  force X grip Y, sweep, use Y   Force powers, each instead of an attack;",
    "                 the menu row says the damage; the roster shows Force left",
    "  force X deflect, reroll X   offered when a hit or an attack roll allows",
    "Map",
    "  Columns are letters (A, B, ... Z, AA, AB), rows numbers: D6 is column D,",
    "  row 6, as in the log. . clear  o low objects  ~ difficult  t trench",
    "  x pit  # rock  | - walls  D closed door  : open door. A closed door is a",
    "  wall; it opens when a turn ends with a character next to it, and closes",
    "  when a turn ends with nobody next to it.",
    "  Rebel figures are capitals, Imperial ones small letters (r: who is who).",
    "  Where the acting figure may move: * it may still attack after moving",
    "  there, = the move spends the attack (other terrain keeps its own glyph,",
    "  highlighted). + the path to the square under the cursor; the prompt",
    "  gives its cost and who could attack it (attacks of opportunity).",
    "  Targets are highlighted, ( before one means it has cover (+4 Defense);",
    "  the prompt shows the chance to hit. * in set-up: your zone.",
    "  In the log a path step like F13~00 is a big figure squeezing through a",
    "  gap: after ~ the column and row (0 or 1...) of its space still on the map.",
]


def start(game: SkirmishView, ui: UIState) -> UIState:
    """Where the cursor starts a decision: in the set-up zone, on a figure that may activate, on the acting
    figure, on an enemy that may make an attack of opportunity; else where it was (or on the first figure)."""
    acts = game.legal_actions()
    s = game.state
    pos = next((a.square for a in acts if type(a) is Place), None)
    if pos is None:
        pos = next((anchor(game, a) for a in acts if type(a) is Activate), None)
    if pos is None and s.turn is not None and game.pending.kind == "turn":
        pos = s.fig(s.turn.figure).pos
    if pos is None and game.pending.kind == "opportunity":  # on the enemy that may attack (Enter attacks)
        pos = next((anchor(game, a) for a in acts if type(a) is Opportunity), None)
    if pos is None and ui.cursor == (0, 0):
        pos = next((f.pos for f in s.living() if f.pos is not None), None)
    return replace(ui, cursor=pos if pos is not None else ui.cursor)


def board_size(game: SkirmishView) -> tuple[int, int]:
    """The map's columns and rows of squares."""
    return game.setup.grid.width, game.setup.grid.height


def choose(game: SkirmishView, ui: UIState, item: MenuItem) -> Outcome:
    """A menu row chosen: the combined-fire toggles, the figure to set up, or a decision."""
    if type(item) is ChooseHelpers:
        return with_mine(ui, helpers=item, chosen=(), helper_index=0), None, False
    if type(item) is PickFigure:
        sq = next((a.square for a in game.legal_actions() if type(a) is Place and a.figure == item.figure), ui.cursor)
        return replace(with_mine(ui, placing=item.figure), cursor=sq,
                       message=f"set up {item.figure}: Enter on a * square of your zone"), None, False
    return replace(ui, message=""), item, False


def _drawer(game: SkirmishView) -> Figure | None:
    """The figure whose path is being drawn (None once it has none: its turn is over, or it left the map)."""
    turn = game.state.turn
    fig = game.state.fig(turn.figure) if turn is not None else None
    return fig if fig is not None and fig.pos is not None else None


def _drawn_from(game: SkirmishView) -> tuple[str, Square]:
    """The drawer's id and square.  The path keys are bound only while a path is drawn, and drawing stops
    as soon as there is no drawer (`keys`), so there always is one here."""
    fig = _drawer(game)
    assert fig is not None and fig.pos is not None
    return fig.id, fig.pos


def _path_step(game: SkirmishView, ui: UIState, key: str) -> Outcome:
    """A cursor key while drawing: one step that way, or stepping back onto the last square undoes it."""
    _, start = _drawn_from(game)
    dx, dy = MOVES[key]
    drawn = mine(ui).path
    here = drawn[-1] if drawn else start
    to = (here[0] + dx, here[1] + dy)
    before = drawn[-2] if len(drawn) > 1 else start
    path = drawn[:-1] if drawn and to == before else drawn + (to,)
    cost, _, _ = game.path_preview(path) if path else (0, None, "")
    if cost is None:
        return replace(ui, message="no step there from here (a wall, an enemy, a pit or the edge)"), None, False
    return replace(with_mine(ui, path=path), cursor=path[-1] if path else start, message=""), None, False


def _path_back(game: SkirmishView, ui: UIState, key: str) -> Outcome:
    path = mine(ui).path[:-1]
    return replace(with_mine(ui, path=path), cursor=path[-1] if path else _drawn_from(game)[1]), None, False


def _path_go(game: SkirmishView, ui: UIState, key: str) -> Outcome:
    path = mine(ui).path
    if not path:
        return replace(ui, message="draw at least one step, or Esc"), None, False
    _, _, why = game.path_preview(path)
    if why:
        return replace(ui, message=why), None, False
    return replace(with_mine(ui, drawing=False, path=()), message=""), Move(_drawn_from(game)[0], path), False


def _path_quit(game: SkirmishView, ui: UIState, key: str) -> Outcome:
    return replace(with_mine(ui, drawing=False, path=()), cursor=_drawn_from(game)[1], message=""), None, False


def _helper_row(step: int) -> Callable[[SkirmishView, UIState, str], Outcome]:
    def move(game: SkirmishView, ui: UIState, key: str) -> Outcome:
        me = mine(ui)
        return with_mine(ui, helper_index=min(len(me.helpers.eligible) - 1, max(0, me.helper_index + step))), \
            None, False
    return move


def _helper_toggle(game: SkirmishView, ui: UIState, key: str) -> Outcome:
    me = mine(ui)
    h = me.helpers.eligible[me.helper_index]
    return with_mine(ui, chosen=tuple(sorted(set(me.chosen) ^ {h}))), None, False


def _helpers_fire(game: SkirmishView, ui: UIState, key: str) -> Outcome:
    me = mine(ui)
    attack = Attack(me.helpers.figure, me.helpers.target, tuple(sorted(me.chosen)))
    return with_mine(ui, helpers=None, chosen=(), helper_index=0), attack, False


def _helpers_quit(game: SkirmishView, ui: UIState, key: str) -> Outcome:
    return with_mine(ui, helpers=None, chosen=(), helper_index=0), None, False


def _tab(game: SkirmishView, ui: UIState) -> Outcome:
    """Tab: the next of your figures that may still act (set-up: the next figure to place)."""
    if game.pending.kind == "place":
        waiting = to_place(game)
        if not waiting:
            return ui, None, False
        now = placing_figure(game, ui)
        nxt = waiting[(waiting.index(now) + 1) % len(waiting)] if now in waiting else waiting[0]
        return choose(game, ui, PickFigure(nxt))
    spots = sorted({p for a in game.legal_actions() if type(a) is Activate for p in [anchor(game, a)] if p is not None},
                   key=lambda p: (p[1], p[0]))
    s = game.state
    acting = s.fig(s.turn.figure).pos if s.turn is not None else None
    if not spots and acting is not None:
        spots = [acting]
    if not spots:
        return replace(ui, message="none of your figures may act now"), None, False
    after = [p for p in spots if (p[1], p[0]) > (ui.cursor[1], ui.cursor[0])]
    return replace(ui, cursor=(after or spots)[0], message=""), None, False


def key(game: SkirmishView, ui: UIState, key: str) -> Outcome:
    """A key the shared layer did not take, answered by the table of the screen's mode: combined fire
    being set up, a path being drawn, or the map."""
    me = mine(ui)
    if me.drawing and _drawer(game) is None:  # the figure has nothing left to draw a path for
        return with_mine(ui, drawing=False, path=()), None, False
    mode = "helpers" if me.helpers is not None else "drawing" if me.drawing else "map"
    handler = MODE_KEYS[mode].get(key)
    return handler(game, ui, key) if handler is not None else (ui, None, False)


def _cursor(game: SkirmishView, ui: UIState, key: str) -> Outcome:
    grid = game.setup.grid
    return replace(ui, cursor=step_cursor(ui.cursor, key, grid.width, grid.height), message=""), None, False


def _close(game: SkirmishView, ui: UIState, key: str) -> Outcome:
    return replace(ui, look=False, message=""), None, False


def _look(game: SkirmishView, ui: UIState, key: str) -> Outcome:
    return replace(ui, look=not ui.look, message="look mode: x again shows the choices" if not ui.look else ""
                   ), None, False


def _card(game: SkirmishView, ui: UIState, key: str) -> Outcome:
    card = whole_card(game, ui)
    if card is None:
        return replace(ui, message="g shows the card of the figure under the cursor: put it on a figure"), None, False
    return replace(ui, card=card, help_top=0), None, False


def _sight(game: SkirmishView, ui: UIState, key: str) -> Outcome:
    on = not mine(ui).sight
    said = ("sight: ! a shot from there, a number: enemies that could shoot you there (s again: off)" if on
            else "sight overlay off")
    return replace(with_mine(ui, sight=on), message=said), None, False


def _auto_set_up(game: SkirmishView, ui: UIState, key: str) -> Outcome:
    if game.pending.kind != "place":
        return replace(ui, message="a places your figures during set-up only"), None, False
    plan = set_up_plan(game)
    if not plan:
        return replace(ui, message="none of your figures is left to set up"), None, False
    # The last one waits under the cursor for Enter, so that the player may still adjust (U) first.
    last = plan[-1]
    ui = replace(with_mine(ui, placing=last.figure), cursor=last.square,
                 message=f"placed {len(plan) - 1} figure{'s' if len(plan) != 2 else ''}; Enter puts "
                 f"{last.figure} here (U takes placements back to adjust them)")
    return ui, (Several(plan[:-1]) if len(plan) > 1 else None), False


def _start_path(game: SkirmishView, ui: UIState, key: str) -> Outcome:
    turn = game.state.turn
    if game.pending.kind != "turn" or turn is None or not any(type(a) is Move for a in game.legal_actions()):
        return replace(ui, message="no move to draw now"), None, False
    return replace(with_mine(ui, drawing=True, path=()), cursor=game.state.fig(turn.figure).pos or ui.cursor,
                   message=""), None, False


def _menu(game: SkirmishView, ui: UIState, key: str = "m") -> Outcome:
    items = menu_items(game)
    if not items:
        return replace(ui, message="nothing to choose from a menu now: move the cursor to a figure or "
                       "square and press Enter"), None, False
    notes = [card_notes(game, i) for i in items] if game.pending.kind == "build" else []
    return open_menu(ui, "Choose (Enter), or Esc", items, [label(game, i) for i in items], notes), None, False


#: The map's keys (besides the shared layer's), each to what it does and what the help says of it.
MAP_KEYS: tuple[Key, ...] = (
    Key(tuple(MOVES), _cursor, "move the cursor", label="arrows, h j k l y u b n, number pad"),
    Key(ENTER, lambda game, ui, key: _enter(game, ui), "choose what the cursor is on (figure, square, target)"),
    Key(("m", " "), _menu, "the menu of every choice now (end turn, Force, first, ...)"),
    Key(("\t",), lambda game, ui, key: _tab(game, ui), "the next of your figures that may act (in set-up: the "
        "next figure to place)"),
    Key(("a",), _auto_set_up, "set-up: place the rest of your figures as the computer would; U takes them "
        "back"),
    Key(("p",), _start_path, "draw your own path, step by step (keys below)"),
    Key(("g",), _card,
        "the whole card under the cursor over the screen, in our words (PgDn or Space: on, PgUp: back)"),
    Key(("x",), _look, "look mode: the map without the move overlay"),
    Key(("s",), _sight, "sight: on the squares you may reach, ! where you would have a shot, a number where "
        "that many enemies could shoot you (again: off)"),
    Key(ESC, _close, "close the card or look mode (nothing undoes a choice made)"))

#: The keys while drawing a path (p).
DRAWING_KEYS: tuple[Key, ...] = (
    Key(tuple(MOVES), _path_step, "one step that way; a step back onto the last square undoes it (the prompt "
        "gives the cost and who could attack the path: attacks of opportunity)", label="cursor keys"),
    Key(BACKSPACE, _path_back, "take back the last step"),
    Key(ENTER, _path_go, "move along the path"),
    Key(ESC, _path_quit, "give up the path"))

#: The keys while choosing the allies of a combined fire.
HELPER_KEYS: tuple[Key, ...] = (
    Key(("KEY_UP", "k", "8"), _helper_row(-1), "the ally above"),
    Key(("KEY_DOWN", "j", "2"), _helper_row(1), "the ally below"),
    Key((" ",), _helper_toggle, "add or drop the ally under the marker"),
    Key(ENTER, _helpers_fire, "attack, with the allies chosen"),
    Key(ESC, _helpers_quit, "give up the attack"))

MODE_KEYS: dict[str, dict[str, Any]] = {"map": lookup(MAP_KEYS), "drawing": lookup(DRAWING_KEYS),
                                        "helpers": lookup(HELPER_KEYS)}

#: The `?` help: made from the key tables (so that it names every key they answer), then the legend.
HELP = [*help_section("Keys", MAP_KEYS + GLOBAL_KEYS + SESSION_KEYS), MOUSE,
        *help_section("Drawing a path (after p)", DRAWING_KEYS),
        *help_section("Combined fire (choosing the allies who help)", HELPER_KEYS), *LEGEND]


def _enter(game: SkirmishView, ui: UIState) -> Outcome:
    if game.pending.kind == "place":
        who = placing_figure(game, ui)
        action = Place(who, ui.cursor)
        if who and action in game.legal_actions():
            return replace(with_mine(ui, placing=""), message=""), action, False
        return replace(ui, message=why_not_here(game, ui, ui.cursor)), None, False
    if game.pending.kind == "build":
        return _menu(game, ui)
    if all(anchor(game, a) is None for a in game.legal_actions()):
        return _menu(game, ui)  # nothing is chosen on the map now (who goes first, a reroll): the menu
    here = collapse(actions_at(game, ui.cursor))
    if len(here) == 1:
        return choose(game, ui, here[0])
    if len(here) > 1:
        return open_menu(ui, "Choose (Enter), or Esc", here, [label(game, i) for i in here]), None, False
    return replace(ui, message=why_not_here(game, ui, ui.cursor)), None, False


def handover(game: SkirmishView, before: Decision | None) -> str:
    """Before each player builds a squad in secret, the other looks away."""
    after = game.pending
    if after.kind == "build" and after.player is not None and (before is None or before.player != after.player):
        watcher = "imperial" if after.player == "rebel" else "rebel"
        return (f"Hand over to the {after.player.capitalize()} player: the {watcher.capitalize()} player looks away "
                f"while the squad is built in secret.")
    return ""
