"""What keys do in Assault on Hoth: a pure function from (game, UI state, key) to a new UI state and maybe
an action.  Every choice comes from `game.legal_actions()`.

The cursor moves over hexes (`UIState.cursor` is the hex's (column, row) from 0).  Enter on one of your
units that may act selects it; then Enter on a hex moves it there, Enter on an enemy fires (or harpoons).
A selected Walker walks in steps: `w` starts, then Up goes one hex forward, Left and Right turn it one
hexside, Backspace takes back a step, Enter sends it and Esc gives up.  Choices about no hex (end the round, Luke's armor, an Event's choice,
a Walker's facing) are in the menu (`m`).  `F` opens Luke's Force choices, for the Rebel player's eyes only.
"""

from __future__ import annotations

from dataclasses import replace

from hothsim.assault.actions import (
    Action,
    Choose,
    Displace,
    Done,
    Fire,
    Harpoon,
    Move,
    Place,
    Walk,
)
from hothsim.assault.movement import walk_end, walk_problem
from hothsim.kernel.hexes import Hex, hex_from_offset, offset_of, parse_hex
from hothsim.tui.controller import ENTER, ESC, MOVES, UIState, menu_key, step_cursor

HEX_HELP = [
    "Keys (Assault on Hoth)",
    "  arrows, h j k l, number pad   move over the hexes (in a menu: up/down)",
    "  Enter  on your unit: select it; then on a hex: move; on an enemy: fire",
    "  w      walk the selected Walker: Up forward, Left/Right turn a hexside,",
    "         Backspace undo a step, Enter go, Esc give up",
    "  m      every choice now (end round, Event choices, facings, the Base)",
    "  e      end the action round      Tab   next unit that may act",
    "  F      Luke's Force (Rebel only: the Imperial player looks away)",
    "  c      the Fire/Armor chart      Esc   deselect / close",
    "  U      take back your last decision (not past a roll, card or secret)",
    "  ?      this help                 q     quit (the game is already saved)",
    "Map",
    "  . clear  % rough  ^ cliff  B Base entry  G Shield Generator  P Power Grid",
    "  = Forward Line  : Imperial sector  3 4 Rebel sectors",
    "  Imperial: W Walker (arrow = facing, + = troops aboard)  A AT-ST",
    "            t/T light/heavy Snowtrooper",
    "  Rebel:    S Snowspeeder  r/R light/heavy Trooper  L Laser Tower",
    "  Shades alternate by macrohex: count them for range. ' marks a selected",
    "  Walker's field of fire, * where a unit may go; targets are highlighted.",
]


def cursor_hex(ui: UIState) -> Hex:
    """The hex under the cursor."""
    return hex_from_offset(ui.cursor[0], ui.cursor[1])


def unit_hex(game, uid: str) -> Hex | None:
    """Where a unit (or installation) stands on the map, if it does."""
    bf = game.setup.field
    if uid == "shield-generator":
        return bf.shield_generator
    if uid == "power-grid":
        return bf.power_grid
    if not game.state.has_unit(uid):
        return None
    u = game.state.unit(uid)
    return u.hex if u.where == "map" else None


def anchor(game, action: Action) -> Hex | None:
    """The hex an action is about: where a unit is placed or goes, the target fired at, the unit chosen."""
    if isinstance(action, Place):
        return action.hex
    if isinstance(action, Displace):
        return action.hex
    if isinstance(action, Move):
        if action.to.isdigit():
            return parse_hex(action.to)
        if action.to != "base":
            return unit_hex(game, action.to)
        return None
    if isinstance(action, (Fire, Harpoon)):
        return unit_hex(game, action.target)
    if isinstance(action, Choose):
        return unit_hex(game, action.unit)
    return None


def luke_secret(game) -> bool:
    """Whether Luke's Snowspeeder is still a secret from the Imperial player."""
    return bool(game.state.luke) and not game.state.luke_revealed


def public(action: Action) -> bool:
    """Whether an action may be shown on a screen the Imperial player might see (Luke's Force choices not)."""
    return not getattr(action, "force", 0)


def unit_actions(game, uid: str) -> list[Action]:
    """The legal actions of one unit, without Luke's Force variants."""
    return [a for a in game.legal_actions() if getattr(a, "unit", None) == uid and public(a)]


def actors(game) -> list[str]:
    """Units that may act now, in a fixed order."""
    seen: list[str] = []
    for a in game.legal_actions():
        uid = getattr(a, "unit", None)
        if isinstance(a, (Move, Walk, Fire, Harpoon)) and uid not in seen:
            seen.append(uid)
    return seen


def menu_actions(game, ui: UIState) -> tuple[Action, ...]:
    """The menu: choices about no hex, then the selected unit's, then the rest; never Luke's Force."""
    acts = [a for a in game.legal_actions() if public(a)]
    if game.pending.kind == "act":
        free = [a for a in acts if anchor(game, a) is None and not isinstance(a, Walk)]
        s = game.state

        def off_map(a) -> bool:  # units in the Base or aboard a Walker cannot be picked on the map
            uid = getattr(a, "unit", "")
            return s.has_unit(uid) and s.unit(uid).where != "map"

        mine = [a for a in acts if a not in free and (off_map(a) or (ui.selected and a.unit == ui.selected))]
        # The selected Walker's walks come last: they are also made step by step with `w`.
        mine = [a for a in mine if not isinstance(a, Walk)] + [a for a in mine if isinstance(a, Walk)]
        return tuple(free + mine)
    return tuple(acts)


def _walk_keys(game, ui: UIState, key: str) -> tuple[UIState, Action | None, bool]:
    """Keys while steering a Walker: plan its steps, send them, or give up."""
    s = game.state
    w = s.unit(ui.selected)
    step = {"KEY_UP": "f", "k": "f", "8": "f", "KEY_LEFT": "l", "h": "l", "4": "l", "KEY_RIGHT": "r", "l": "r",
            "6": "r"}.get(key)
    if step is not None:
        steps = ui.walk + step
        why = walk_problem(game.rules, game.terrain, s, w, steps)
        if why:
            return replace(ui, message=why), None, False
        h, _ = walk_end(game.terrain, w, steps)
        return replace(ui, walk=steps, cursor=offset_of(h), message=""), None, False
    if key in ("KEY_BACKSPACE", "\x7f", "\b") and ui.walk:
        steps = ui.walk[:-1]
        h, _ = walk_end(game.terrain, w, steps)
        return replace(ui, walk=steps, cursor=offset_of(h)), None, False
    if key in ENTER and ui.walk:
        action = Walk(w.id, ui.walk)
        if not game.is_legal(action):
            return replace(ui, message="that walk is not legal now"), None, False
        return replace(ui, walk="", walking=False, selected="", message=""), action, False
    if key in ESC:
        back = offset_of(w.hex) if w.hex is not None else ui.cursor
        return replace(ui, walk="", walking=False, cursor=back, message=""), None, False
    return ui, None, False


def handle_hex_key(game, ui: UIState, key: str) -> tuple[UIState, Action | None, bool]:
    """(new UI state, the action chosen or None, whether to quit)."""
    m = game.setup.field.map
    if ui.handover:
        return replace(ui, handover=""), None, key == "q"
    if ui.help or ui.explain:
        return replace(ui, help=False, explain=False), None, False
    if key == "q":
        return ui, None, True
    if key == "?":
        return replace(ui, help=True), None, False
    if ui.menu is not None:
        ui, item = menu_key(ui, key)
        if item is not None:
            ui = replace(ui, selected="", walk="", walking=False)
        return ui, item, False
    if ui.walking and ui.selected and game.pending.kind == "act" and game.state.has_unit(ui.selected):
        return _walk_keys(game, ui, key)
    if key == "w":
        if ui.selected and any(isinstance(a, Walk) for a in unit_actions(game, ui.selected)):
            return replace(ui, walking=True, walk="", message=""), None, False
        return replace(ui, message="select a Walker that may move first (Enter on it)"), None, False
    if key in ESC:
        return replace(ui, selected="", walk="", walking=False, message=""), None, False
    if key in MOVES:
        return replace(ui, cursor=step_cursor(ui.cursor, key, m.columns, m.rows), message=""), None, False
    if key == "\t":
        units = [unit_hex(game, u) for u in actors(game)] or [u.hex for u in game.state.units if u.where == "map"]
        spots = sorted(offset_of(h) for h in units if h is not None)
        if spots:
            after = [p for p in spots if p > ui.cursor]
            return replace(ui, cursor=(after or spots)[0]), None, False
        return ui, None, False
    if key == "c":
        return replace(ui, explain=True), None, False
    if key == "e" and Done() in game.legal_actions():
        return replace(ui, selected="", walk=""), Done(), False
    if key == "F":
        if game.pending.player != "rebel" or not game.state.luke:
            return replace(ui, message="Luke's Force is the Rebel player's to spend"), None, False
        items = tuple(a for a in game.legal_actions() if getattr(a, "force", 0))
        if not items:
            s = game.state
            return replace(ui, message=f"Luke flies {s.luke}: {s.force} Force points left; no Force choice now"
                           ), None, False
        return replace(ui, menu=items, menu_index=0), None, False
    if key in ("m", " "):
        items = menu_actions(game, ui)
        if not items:
            return replace(ui, message="nothing to choose from a menu now"), None, False
        return replace(ui, menu=items, menu_index=0), None, False
    if key in ENTER:
        here = cursor_hex(ui)
        if game.pending.kind == "act":
            occupant = game.state.occupant(here)
            movers = actors(game)
            selectable = occupant is not None and occupant.id in movers
            # Enter on another of your units selects it, unless the selected unit has a choice on that hex
            # (a Snowtrooper mounting its Walker, say).
            if not ui.selected or (selectable and occupant.id != ui.selected  # type: ignore[union-attr]
                                   and not any(anchor(game, a) == here for a in unit_actions(game, ui.selected))):
                if selectable:
                    return replace(ui, selected=occupant.id, walk="", message=f"{occupant.id} selected"), None, False  # type: ignore[union-attr]
                if any(game.state.unit(u).where in ("base", "aboard") for u in movers):
                    return replace(ui, message="units in the Base or aboard a Walker: m for the menu"), None, False
                return replace(ui, message="no unit of yours that may act here"), None, False
            choices = [a for a in unit_actions(game, ui.selected) if anchor(game, a) == here
                       and not isinstance(a, Walk)]
        else:
            choices = [a for a in game.legal_actions() if anchor(game, a) == here and public(a)]
        if len(choices) == 1:
            return replace(ui, message="", selected="", walk=""), choices[0], False
        if choices:
            return replace(ui, menu=tuple(choices), menu_index=0), None, False
        return replace(ui, message="nothing to choose here: move the cursor, or press m for the menu"), None, False
    return ui, None, False


__all__ = ["handle_hex_key", "HEX_HELP", "anchor", "menu_actions", "actors"]
