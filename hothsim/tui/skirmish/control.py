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

from hothsim.skirmish.actions import Activate, Attack, Move, Opportunity, Place
from hothsim.tui.screen import BACKSPACE, ENTER, ESC, MOVES, Outcome, Several, UIState, open_menu, step_cursor
from hothsim.tui.skirmish.choices import (
    ChooseHelpers,
    PickFigure,
    actions_at,
    anchor,
    auto_deploy,
    card_notes,
    collapse,
    label,
    menu_items,
    placing_figure,
    to_place,
    why_not_here,
)
from hothsim.skirmish.interface import SkirmishView

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

HELP = [
    "Keys",
    "  arrows, h j k l y u b n, number pad   move the cursor (in a menu: up/down)",
    "  Enter       choose what the cursor is on (figure, square, target)",
    "  m or Space  the menu of every choice now (end turn, Force, first, ...)",
    "  Tab         the next of your figures that may act (in set-up: the next",
    "              figure to place)",
    "  a           set-up: place the rest of your figures in your zone",
    "  p           draw your own path: cursor keys step, stepping back undoes;",
    "              cost and attacks of opportunity shown; Enter moves, Esc quits",
    "  g           the card under the cursor in full, in our words",
    "  x           look mode: the map without the move overlay",
    "  r           roster: every figure, hit points, activated, Force; legend",
    "  v           the whole map at a glance, with every figure's square",
    "  L, Ctrl-P   message history (the whole log)",
    "  Esc         close a menu (nothing undoes a choice made)",
    "  Space       (combined fire) toggle the ally under the marker; Enter fires",
    "  U           take back your last decision (never past a roll or a secret)",
    "  H           hint: what the computer would do in your place (its row",
    "              highlighted or its move marked; Enter takes it, Esc not)",
    "  ?           this help          q   quit (the game is already saved)",
    "  Mouse: a click on a square or a menu row is the cursor there and Enter.",
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


def choose(game: SkirmishView, ui: UIState, item) -> Outcome:
    """A menu row chosen: the combined-fire toggles, the figure to set up, or a decision."""
    if type(item) is ChooseHelpers:
        return replace(ui, helpers=item, chosen=(), helper_index=0), None, False
    if type(item) is PickFigure:
        sq = next((a.square for a in game.legal_actions() if type(a) is Place and a.figure == item.figure), ui.cursor)
        return replace(ui, placing=item.figure, cursor=sq,
                       message=f"set up {item.figure}: Enter on a * square of your zone"), None, False
    return replace(ui, message=""), item, False


def _draw_path(game: SkirmishView, ui: UIState, key: str) -> Outcome:
    """Keys while drawing a path: each cursor key is one step (stepping back undoes the last one)."""
    s = game.state
    fig = s.fig(s.turn.figure) if s.turn is not None else None
    if fig is None or fig.pos is None:
        return replace(ui, drawing=False, path=()), None, False
    if key in ESC:
        return replace(ui, drawing=False, path=(), cursor=fig.pos, message=""), None, False
    if key in BACKSPACE:
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
            return replace(ui, message="no step there from here (a wall, an enemy, a pit or the edge)"), None, False
        return replace(ui, path=path, cursor=path[-1] if path else fig.pos, message=""), None, False
    return ui, None, False


def _helpers_key(game: SkirmishView, ui: UIState, key: str) -> Outcome:
    ch = ui.helpers
    if key in ESC:
        return replace(ui, helpers=None, chosen=(), helper_index=0), None, False
    if key in ("KEY_UP", "k", "8"):
        return replace(ui, helper_index=max(0, ui.helper_index - 1)), None, False
    if key in ("KEY_DOWN", "j", "2"):
        return replace(ui, helper_index=min(len(ch.eligible) - 1, ui.helper_index + 1)), None, False
    if key == " ":
        h = ch.eligible[ui.helper_index]
        return replace(ui, chosen=tuple(sorted(set(ui.chosen) ^ {h}))), None, False
    if key in ENTER:
        action = Attack(ch.figure, ch.target, tuple(sorted(ui.chosen)))
        return replace(ui, helpers=None, chosen=(), helper_index=0), action, False
    return ui, None, False


def _tab(game: SkirmishView, ui: UIState) -> Outcome:
    """Tab: the next of your figures that may still act (set-up: the next figure to place)."""
    if game.pending.kind == "place":
        waiting = to_place(game)
        if not waiting:
            return ui, None, False
        now = placing_figure(game, ui)
        nxt = waiting[(waiting.index(now) + 1) % len(waiting)] if now in waiting else waiting[0]
        return choose(game, ui, PickFigure(nxt))
    spots = sorted({anchor(game, a) for a in game.legal_actions() if type(a) is Activate} - {None},
                   key=lambda p: (p[1], p[0]))
    s = game.state
    if not spots and s.turn is not None:
        spots = [s.fig(s.turn.figure).pos]
    if not spots:
        return replace(ui, message="none of your figures may act now"), None, False
    after = [p for p in spots if (p[1], p[0]) > (ui.cursor[1], ui.cursor[0])]
    return replace(ui, cursor=(after or spots)[0], message=""), None, False


def key(game: SkirmishView, ui: UIState, key: str) -> Outcome:
    """A key the shared layer did not take."""
    grid = game.setup.grid
    if ui.helpers is not None:
        return _helpers_key(game, ui, key)
    if ui.drawing:
        return _draw_path(game, ui, key)
    if key in ESC:
        return replace(ui, explain=False, look=False, message=""), None, False
    if key in MOVES:
        return replace(ui, cursor=step_cursor(ui.cursor, key, grid.width, grid.height), message=""), None, False
    if key == "\t":
        return _tab(game, ui)
    if key == "g":
        return replace(ui, explain=not ui.explain), None, False
    if key == "x":
        return replace(ui, look=not ui.look, message="look mode: x again shows the choices" if not ui.look else ""
                       ), None, False
    if key == "a":
        if game.pending.kind != "place":
            return replace(ui, message="a places your figures during set-up only"), None, False
        plan = auto_deploy(game)
        if not plan:
            return replace(ui, message="none of your figures is left to set up"), None, False
        # The last one waits under the cursor for Enter, so that the player may still adjust (U) first.
        last = plan[-1]
        ui = replace(ui, placing=last.figure, cursor=last.square,
                     message=f"placed {len(plan) - 1} figure{'s' if len(plan) != 2 else ''}; Enter puts "
                     f"{last.figure} here (U takes placements back to adjust them)")
        return ui, (Several(plan[:-1]) if len(plan) > 1 else None), False
    if key == "p":
        turn = game.state.turn
        if game.pending.kind != "turn" or turn is None or not any(type(a) is Move for a in game.legal_actions()):
            return replace(ui, message="no move to draw now"), None, False
        start_at = game.state.fig(turn.figure).pos
        return replace(ui, drawing=True, path=(), cursor=start_at, message=""), None, False
    if key in ("m", " "):
        items = menu_items(game)
        if not items:
            return replace(ui, message="nothing to choose from a menu now: move the cursor to a figure or "
                           "square and press Enter"), None, False
        notes = [card_notes(game, i) for i in items] if game.pending.kind == "build" else []
        return open_menu(ui, "Choose (Enter), or Esc", items, [label(game, i) for i in items], notes), None, False
    if key in ENTER:
        return _enter(game, ui)
    return ui, None, False


def _enter(game: SkirmishView, ui: UIState) -> Outcome:
    if game.pending.kind == "place":
        who = placing_figure(game, ui)
        action = Place(who, ui.cursor)
        if who and action in game.legal_actions():
            return replace(ui, message="", placing=""), action, False
        return replace(ui, message=why_not_here(game, ui, ui.cursor)), None, False
    if game.pending.kind == "build":
        return key(game, ui, "m")
    if all(anchor(game, a) is None for a in game.legal_actions()):
        return key(game, ui, "m")  # nothing is chosen on the map now (who goes first, a reroll): the menu
    here = collapse(actions_at(game, ui.cursor))
    if len(here) == 1:
        return choose(game, ui, here[0])
    if len(here) > 1:
        return open_menu(ui, "Choose (Enter), or Esc", here, [label(game, i) for i in here]), None, False
    return replace(ui, message=why_not_here(game, ui, ui.cursor)), None, False


def handover(game: SkirmishView, before) -> str:
    """Before each player builds a squad in secret, the other looks away."""
    after = game.pending
    if after.kind == "build" and (before is None or before.player != after.player):
        watcher = "imperial" if after.player == "rebel" else "rebel"
        return (f"Hand over to the {after.player.capitalize()} player: the {watcher.capitalize()} player looks away "
                f"while the squad is built in secret.")
    return ""
