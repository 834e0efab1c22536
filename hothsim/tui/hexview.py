"""Drawing Assault on Hoth: a pure function of the game and the UI state into a Frame.

The hex map is drawn in offset columns, as on the board: every hex is three characters wide and two
lines tall, and even-numbered columns sit one line lower.  Column labels run along the top, row labels
down the left.  Macrohexes are shaded in three alternating tones so range can be counted at a glance.
Beside the map: the hex and unit under the cursor (a Walker's or Snowspeeder's display), the Action card
of the round, the last Event, and the log.
"""

from __future__ import annotations

import textwrap

from hothsim.assault.actions import Armor, Critical, Fire, Harpoon, Move, Place, Walk
from hothsim.assault.fire import Shot
from hothsim.assault.game import hit_probability
from hothsim.assault.movement import walk_cost, walk_end, walker_points
from hothsim.kernel.hexes import DIRECTION_NAMES, Hex, hex_from_offset, hex_label, in_field_of_fire, neighbour
from hothsim.tui.controller import UIState
from hothsim.tui.frame import Frame
from hothsim.tui.hexcontrol import HEX_HELP, anchor, cursor_hex
from hothsim.tui.view import MIN_HEIGHT, MIN_WIDTH, _box, put_panel

ARROWS = "↑↗↘↓↙↖"
ASCII_ARROWS = "^/>v<\\"  # for terminals without UTF-8: N NE SE S SW NW
LETTER = {"walker": "W", "atst": "A", "snowtrooper": "t", "heavy-snowtrooper": "T", "speeder": "S", "trooper": "r",
          "heavy-trooper": "R", "tower": "L"}
TERRAIN_GLYPH = {"clear": ".", "rough": "%", "cliff": "^"}
TERRAIN_ATTR = {"rough": "difficult", "cliff": "solid"}  # clear hexes take their macrohex's shade
ASK = {"place": "place", "board": "put a Snowtrooper aboard a Walker (Enter on it, or m)",
       "luke": "assign Luke to a Snowspeeder in secret (m)", "act": "", "displace": "push aside",
       "armor": "Luke's armor against this fire? (m)", "critical": "Luke's Force against a critical hit? (m)",
       "choose": "choose the unit the Event helps (Enter on it, or m)", "repair": "choose the repair (m)",
       "over": "the game is over"}


def render_assault(game, ui: UIState, width: int, height: int, reveal: bool = False, arrows: str = ARROWS) -> Frame:
    """The whole screen; `reveal` shows Luke's Snowspeeder (replays); `arrows` draw Walkers' facings."""
    fr = Frame(width, height)
    if width < MIN_WIDTH or height < MIN_HEIGHT:
        msg = f"Make the terminal larger: hothsim needs {MIN_WIDTH}x{MIN_HEIGHT}, this one is {width}x{height}."
        for j, part in enumerate(textwrap.wrap(msg, max(10, width - 2))):
            fr.put(1, j, part, "notice")
        fr.put(1, len(textwrap.wrap(msg, max(10, width - 2))) + 1, "(q quits; the game is saved.)", "notice")
        return fr
    if ui.handover:
        for j, part in enumerate(textwrap.wrap(ui.handover, width - 4)):
            fr.put(2, height // 2 - 2 + j, part, "notice")
        fr.put(2, height // 2 + 2, "Press any key when ready.", "notice")
        return fr
    _status(game, fr)
    panel_w = max(30, min(48, width // 3))
    map_w = width - panel_w - 1
    _map(game, ui, fr, 0, 1, map_w, height - 3, reveal, arrows)
    for y in range(1, height - 2):
        fr.put(map_w, y, "|", "frame")
    _panel(game, ui, fr, map_w + 1, 1, panel_w, height - 3, reveal)
    _prompt(game, ui, fr)
    if ui.menu is not None:
        _menu(game, ui, fr)
    if ui.explain:
        _box(fr, chart(game), 2, 2, min(width - 4, 64), "help")
    if ui.help:
        _box(fr, HEX_HELP, 1, 1, width - 2, "help")
    return fr


def chart(game) -> list[str]:
    """The Fire/Armor Strength Chart as the board prints it (with this game's numbers)."""
    lines = ["Fire/Armor chart                     fire  armor", ""]
    for ut in game.rules.units.values():
        lines.append(f"  {ut.name:<34} {ut.fire:>3} {ut.armor:>6}")
    ins = game.rules.installations
    lines.append(f"  {'Shield Generator (Power Grid out)':<34} {'-':>3} {ins.shield_generator:>4} "
                 f"({ins.shield_generator_without_grid})")
    lines.append(f"  {'Power Grid':<34} {'-':>3} {ins.power_grid:>6}")
    lines += ["", "  dice = fire - range (macrohexes) - 1 against a Tower, AT-ST or Trooper in rough",
              "  hit: relevant symbols >= armor (Rebel: Sabers, Imperial: Vaders)", "", "  any key closes"]
    return lines


def _status(game, fr: Frame) -> None:
    s = game.state
    d = game.pending
    parts = [game.setup.scenario_name]
    parts.append(f"turn {s.turn}, round {s.round}" if s.stage != "setup" else "set-up")
    parts.append(f"Transports Away {s.transports}/{game.setup.transports_to_win}")
    parts.append(f"{d.player or 'nobody'}: {d.kind}")  # the most needed parts first: a narrow screen cuts the end
    parts.append(f"Events {len(s.event_deck) if s.stage != 'setup' else len(game.rules.event_cards)}")
    if s.luke_revealed:
        parts.append(f"Luke {s.luke}: {s.force} Force")
    fr.put(0, 0, " | ".join(parts)[: fr.width].ljust(fr.width), "status")


def _marks(game, ui: UIState) -> tuple[set, set, set, set]:
    """(hexes to move or place on, target hexes, the selected Walker's field of fire, its planned path)."""
    s = game.state
    reach: set = set()
    targets: set = set()
    fof: set = set()
    path: set = set()
    if game.is_over:
        return reach, targets, fof, path
    acts = game.legal_actions()
    for a in acts:
        h = anchor(game, a)
        if h is None:
            continue
        if isinstance(a, (Fire, Harpoon)) and (not ui.selected or a.unit == ui.selected):
            targets.add(h)
        elif isinstance(a, (Place,)) or type(a).__name__ == "Displace" or (
                isinstance(a, Move) and ui.selected and a.unit == ui.selected):
            reach.add(h)
    sel = s.unit(ui.selected) if ui.selected and s.has_unit(ui.selected) else None
    if sel is not None and sel.type == "walker" and sel.hex is not None:
        here, facing = walk_end(game.terrain, sel, ui.walk) if ui.walk else (sel.hex, sel.facing)
        for h in game.terrain.terrain:
            if in_field_of_fire(here, facing, h):
                fof.add(h)
        h, f = sel.hex, sel.facing
        for c in ui.walk:
            if c == "f":
                h = neighbour(h, f)
                path.add(h)
            else:
                f = (f + (1 if c == "r" else -1)) % 6
    return reach, targets, fof, path


def _map(game, ui: UIState, fr: Frame, x0: int, y0: int, w: int, h: int, reveal: bool, arrows: str) -> None:
    m = game.setup.field.map
    bf = game.setup.field
    s = game.state
    cols = max(1, (w - 3) // 3)
    rows = max(1, (h - 2) // 2)
    ox = min(max(ui.cursor[0] - cols // 2, 0), max(0, m.columns - cols))
    oy = min(max(ui.cursor[1] - rows // 2, 0), max(0, m.rows - rows))
    occupied = s.occupied()
    reach, targets, fof, path = _marks(game, ui)
    sectors = {hh: name[-1] for name, zone in bf.sectors.items() if name.startswith("rebel") for hh in zone}
    for c in range(ox, min(m.columns, ox + cols)):
        fr.put(x0 + 3 + (c - ox) * 3, y0, f"{c + 1:02d}", "keys")
    for r in range(oy, min(m.rows, oy + rows)):
        fr.put(x0, y0 + 1 + (r - oy) * 2, f"{r + 1:02d}", "keys")
    for c in range(ox, min(m.columns, ox + cols)):
        for r in range(oy, min(m.rows, oy + rows)):
            hx = hex_from_offset(c, r)
            y = y0 + 1 + (r - oy) * 2 + (c & 1)
            if y >= y0 + h:
                continue
            text, attr = _cell(game, hx, occupied.get(hx), reach, targets, fof, path, sectors, reveal, arrows)
            if (c, r) == tuple(ui.cursor):
                attr = "cursor"
            fr.put(x0 + 3 + (c - ox) * 3, y, text, attr)


def _cell(game, hx: Hex, unit, reach, targets, fof, path, sectors, reveal: bool, arrows: str) -> tuple[str, str]:
    """Three characters for one hex: a mark, the unit or terrain, a mark; and the attribute."""
    s = game.state
    bf = game.setup.field
    Q, R = game.terrain.macro[hx]
    shade = f"macro{(Q - R) % 3}"
    if unit is not None:
        centre = LETTER.get(unit.type, "?")
        left = arrows[unit.facing] if unit.type == "walker" else " "
        right = unit.id.rsplit("-", 1)[-1][-1]
        if unit.type == "walker" and s.carried(unit.id):
            right = "+"
        if unit.type == "speeder" and unit.id == s.luke and (reveal or s.luke_revealed):
            left = "@"
        attr = "target" if hx in targets else unit.side
        if hx in reach:
            left = "*"
        return left + centre + right, attr
    kind = game.terrain.terrain[hx]
    centre = TERRAIN_GLYPH[kind]
    if hx == bf.shield_generator:
        centre = "G" if s.shield_generator else "x"
    elif hx == bf.power_grid:
        centre = "P" if s.power_grid else "x"
    elif hx in bf.base_entries:
        centre = "B"
    left = right = " "
    if hx in bf.forward_line:
        left = right = "="
    elif hx in bf.imperial_sector:
        left = right = ":"
    elif hx in sectors:
        right = sectors[hx]
    if hx in fof:
        right = "'"
    if hx in path:
        left = "+"
    if hx in reach:
        left = "*"
    attr = "target" if hx in targets else ("reach" if hx in reach else TERRAIN_ATTR.get(kind, shade))
    return left + centre + right, attr


def unit_lines(game, uid: str, reveal: bool) -> list[str]:
    """A unit's display: type, where, fire and armor, and the damage markers of Walkers and Snowspeeders."""
    s = game.state
    u = s.unit(uid)
    ut = game.rules.units[u.type]
    lines = [f"{u.id}: {ut.name} ({u.side})", f"  at {u.at()}   fire {ut.fire}   armor {ut.armor}"]
    if u.type == "walker":
        blaster = ("ok", "damaged: fire -3", "destroyed: cannot fire")[u.blaster]
        legs = ("ok", "hit: -2 MPs", "immobilized")[u.legs]
        lines += [f"  facing {DIRECTION_NAMES[u.facing]}   MPs {walker_points(game.rules, u)}",
                  f"  blaster {blaster}", f"  body hits {u.body} of 3", f"  legs {legs}",
                  "  aboard: " + (", ".join(c.id for c in s.carried(u.id)) or "nobody")]
    if u.type == "speeder":
        lines += [f"  gunner {'alive' if u.gunner else 'killed: fire -2, no harpoons'}", f"  body hits {u.body} of 2"]
        if s.hotshot == u.id:
            lines.append("  Hotshot Gunner: fire +2")
        if u.id == s.luke and (reveal or s.luke_revealed):
            lines.append(f"  Luke Skywalker flies it: {s.force} Force points")
    if s.force_aided == u.id:
        lines.append("  The Force: +2 at its next fire")
    return lines


def _panel(game, ui: UIState, fr: Frame, x0: int, y0: int, w: int, h: int, reveal: bool) -> None:
    s = game.state
    bf = game.setup.field
    here = cursor_hex(ui)
    lines: list[tuple[str, str]] = []
    what = game.terrain.terrain.get(here, "off the map")
    extra = {bf.shield_generator: ", Shield Generator", bf.power_grid: ", Power Grid"}.get(here, "")
    if here in bf.base_entries:
        extra = ", Base entry"
    lines.append((f"Hex {hex_label(here)}: {what}{extra}", "panel-head"))
    unit = s.occupant(here)
    if unit is not None:
        for ln in unit_lines(game, unit.id, reveal):
            lines.append((ln, unit.side))
    if ui.selected and s.has_unit(ui.selected) and (unit is None or unit.id != ui.selected):
        lines.append((f"Selected: {ui.selected}" + (f", steps {ui.walk}" if ui.walk else ""), "panel-head"))
    if s.card is not None:
        card = game.rules.action_card(s.card)
        lines.append(("Action card: " + card.title(), "panel-head"))
        lines.append((_reminder(game, card), "log"))
    if s.events_drawn:
        ev = game.rules.event_card(s.events_drawn[-1])
        lines.append(("Last Event: " + ev.name, "panel-head"))
        for part in textwrap.wrap(ev.text, w - 1):
            lines.append((part, "log"))
    effects = [name for name, on in (("Snowstorm", s.snowstorm), ("Rebel Lucky Shot", s.rebel_lucky_shot),
                                     ("Imperial Lucky Shot", s.imperial_lucky_shot)) if on]
    if effects:
        lines.append(("In force: " + ", ".join(effects), "notice"))
    put_panel(fr, x0, y0, w, h, _wrapped(lines, w), ui.log)


def _wrapped(lines: list[tuple[str, str]], w: int) -> list[tuple[str, str]]:
    out = []
    for text, attr in lines:
        parts = textwrap.wrap(text, w - 1, subsequent_indent="  ") or [""]
        out.extend((p, attr) for p in parts)
    return out


def _reminder(game, card) -> str:
    """The reminders printed on an Action card."""
    if card.is_event:
        return "turn the top Event card"
    mv = game.rules.movement
    bits = []
    if "move" in card.actions:
        bits.append(f"{mv.points} MPs")
        if card.units == "walker":
            bits += [f"rough {mv.walker_rough} MPs", f"turn {mv.walker_turn} MP a hexside"]
    if "fire" in card.actions:
        units = [u for u in game.rules.units.values() if (u.id == card.units or (card.units == "troopers" and u.trooper
                                                                                 and u.side == card.side))]
        bits.append("fire " + "/".join(str(u.fire) for u in units))
        if card.units == "walker":
            bits.append("front hexes only")
    if "harpoon" in card.actions:
        bits.append("harpoon 5 dice (4 from the next macrohex)")
    return ", ".join(bits)


def describe_action(game, a) -> str:
    """A menu line: the notation and, for fire, the dice, the armor and the chance to hit."""
    text = a.notation()
    if isinstance(a, (Fire, Harpoon)):
        shot = game.shot(a)
        if isinstance(shot, Shot):
            pct = round(float(hit_probability(shot.dice, shot.armor)) * 100)
            text += f"   {shot.dice} dice vs armor {shot.armor}: {pct}% to hit"
    elif isinstance(a, Walk):
        end, facing = walk_end(game.terrain, game.state.unit(a.unit), a.steps)
        text += f"   -> {hex_label(end)} facing {DIRECTION_NAMES[facing]}"
    elif isinstance(a, Place) and a.facing is not None:
        text += f"   facing {DIRECTION_NAMES[a.facing]}: it fires toward {DIRECTION_NAMES[a.facing]}"
    elif isinstance(a, Armor):
        text += "   (no Force spent)" if a.points == 0 else f"   Luke's armor +{a.points} this action round"
    elif isinstance(a, Critical):
        text += "   (1 Force point: a body hit instead)" if a.spend else "   (the Snowspeeder is destroyed)"
    return text


def _prompt(game, ui: UIState, fr: Frame) -> None:
    d = game.pending
    who = (d.player or "").upper()
    if d.kind == "act":
        who = ""
        what = game.round_title()
        if ui.selected and game.state.has_unit(ui.selected):
            u = game.state.unit(ui.selected)
            if u.type == "walker" and ui.walking:
                left = walker_points(game.rules, u) - walk_cost(game.rules, game.terrain, u, ui.walk)
                what += f" | {u.id}: Up forward, Left/Right turn, Enter go ({ui.walk or 'no steps'}; {left} MPs left)"
            elif u.type == "walker":
                what += f" | {u.id}: w to walk, Enter on a highlighted enemy to fire"
            else:
                what += f" | {u.id}: Enter on a * hex to move, on a highlighted enemy to fire"
            hint = _hint(game, ui)
            if hint:
                what = f"{u.id}: {hint}"
        else:
            what += " | select a unit (Enter), e ends the round"
    elif d.kind == "place":
        what = f"place {d.unit} (Enter on a * hex)"
    elif d.kind == "displace":
        what = f"push {d.unit} aside (Enter on a * hex): {d.note}"
    elif d.kind == "over":
        what = f"the game is over: {d.note}"
    else:
        what = ASK.get(d.kind, d.kind) + (f" [{d.unit}]" if d.unit and d.kind != "armor" else "")
    text = ui.message or (f"{who}: {what}" if who else what)
    fr.put(0, fr.height - 2, text[: fr.width], "prompt")
    if ui.menu is not None:
        keys = "up/down choose  Enter take it  Esc close"
    elif game.is_over:
        keys = "arrows look around  c chart  ? help  q quit"
    else:
        keys = "arrows move  Enter choose  m menu  e end round  Tab next  c chart  ? help  q"
    fr.put(0, fr.height - 1, keys[: fr.width], "keys")


def _hint(game, ui: UIState) -> str:
    """What Enter would do on the hex under the cursor for the selected unit: the MPs of a move, or the dice,
    armor and chance to hit of a fire (shown before the player confirms)."""
    from hothsim.assault.movement import unit_moves

    here = cursor_hex(ui)
    choices = [a for a in game.legal_actions() if getattr(a, "unit", None) == ui.selected
               and not getattr(a, "force", 0) and anchor(game, a) == here and not isinstance(a, Walk)]
    if not choices:
        return ""
    a = choices[0]
    if isinstance(a, Move):
        cost = unit_moves(game.rules, game.terrain, game.state, game.state.unit(a.unit)).get(a.to)
        more = " or other choices (Enter opens them)" if len(choices) > 1 else ""
        return f"Enter: move to {a.to}, {cost} of {game.rules.movement.points} MPs{more}"
    text = "; ".join(describe_action(game, c) for c in choices)
    return f"Enter: {text}" if len(choices) == 1 else f"Enter chooses: {text}"


def _menu(game, ui: UIState, fr: Frame) -> None:
    items = [describe_action(game, a) for a in ui.menu or ()]
    top = max(0, ui.menu_index - (fr.height - 8))
    shown = items[top: top + fr.height - 6]
    s = game.state
    head = "Choose (Enter), or Esc"
    if any(getattr(a, "force", 0) for a in ui.menu or ()) or game.pending.kind in ("armor", "critical") and (
            s.fire is not None and s.fire.target == s.luke):
        head = f"Luke flies {s.luke}: {s.force} Force points. Choose (Enter), or Esc"
    lines = [head] + shown
    box_w = min(fr.width - 4, max(len(x) for x in lines) + 4)
    _box(fr, lines, 2, 2, box_w, "menu", highlight=ui.menu_index - top + 1)


__all__ = ["render_assault", "describe_action", "chart", "unit_lines"]
