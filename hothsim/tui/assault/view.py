"""Drawing Assault on Hoth: a pure function of the game and the UI state into a Frame.

The hex map is drawn in offset columns, as on the board: every hex is three characters wide and two
lines tall, and even-numbered columns sit one line lower.  Column labels run along the top, row labels
down the left.  Macrohexes take three alternating tones and three clear-terrain glyphs (. , ;), so range
can be counted at a glance with or without colour.  Beside the map: the goal, the hex and unit under the
cursor (a Walker's or Snowspeeder's display), the Action card of the round, the last Event, and the log.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from hothsim.assault.actions import Board, Displace, Fire, Harpoon, Move, Place, Walk
from hothsim.describe.assault import GROUND, LETTER, fired_on, hex_outlook, number_mark
from hothsim.kernel.hexes import DIRECTION_NAMES, Hex, hex_from_offset, hex_label, in_field_of_fire
from hothsim.kernel.words import count
from hothsim.tui.assault.choices import anchor, odds, unit_actions, walk_path
from hothsim.tui.assault.control import cursor_hex, facing_ahead, turn_words
from hothsim.tui.overview import Cell, Overview
from hothsim.tui.frame import Frame
from hothsim.tui.panels import fit_parts, game_over, put_panel, put_prompt, scrolled, who_decides, wrap
from hothsim.tui.assault.ui_state import mine
from hothsim.tui.screen import UIState, seen
from hothsim.assault.interface import AssaultState, AssaultView, Unit

if TYPE_CHECKING:
    from hothsim.assault.interface import ActionCard, DamageTable

ARROWS = "↑↗↘↓↙↖"
ASCII_ARROWS = "^/>v<\\"  # for terminals without UTF-8: N NE SE S SW NW
TERRAIN_GLYPH = GROUND  # the same characters as the words' text map
#: Clear terrain in the three macrohex tones: the glyph alone tells one macrohex from the next.
SHADE_GLYPH = (".", ",", ";")
TERRAIN_ATTR = {"rough": "difficult", "cliff": "solid"}  # clear hexes take their macrohex's shade
ASK = {"place": "place", "board": "put a Snowtrooper aboard a Walker (Enter on a * Walker, or m)",
       "luke": "assign Luke to a Snowspeeder in secret (m)", "act": "", "displace": "push aside",
       "armor": "Luke's armor against this fire? (m)", "critical": "Luke's Force against a critical hit? (m)",
       "repair": "choose the repair (m)",
       "over": "the game is over"}


def render(game: AssaultView, ui: UIState, width: int, height: int, reveal: bool = False,
           arrows: str = ARROWS) -> Frame:
    """The screen under the shared overlays, drawn from what the screen's viewer may see (`seen`: Luke's
    Snowspeeder only where the viewer may know it; all of it in a replay, `reveal`); `arrows` draw
    Walkers' facings."""
    fr = Frame(width, height)
    s = seen(game, ui.viewer, reveal)
    _status(game, s, fr)
    panel_w = max(30, min(48, width // 3))
    map_w = width - panel_w - 1
    _map(game, s, ui, fr, 0, 1, map_w, height - 4, arrows)
    for y in range(1, height - 3):
        fr.put(map_w, y, "|", "frame")
    _panel(game, s, ui, fr, map_w + 1, 1, panel_w, height - 4)
    put_prompt(fr, prompt_text(game, ui), key_line(game, ui))
    if ui.chart:
        scrolled(fr, "Fire/Armor chart", chart(game), ui.help_top, "help", "up/down scroll   any other key closes")
    return fr


def chart(game: AssaultView) -> list[str]:
    """The Fire/Armor Strength Chart as the board prints it (with this game's numbers)."""
    lines = ["Fire/Armor chart                     fire  armor", ""]
    for ut in game.rules.units.values():
        lines.append(f"  {ut.name:<34} {ut.fire:>3} {ut.armor:>6}")
    ins = game.rules.installations
    lines.append(f"  {'Shield Generator (Power Grid out)':<34} {'-':>3} {ins.shield_generator:>4} "
                 f"({ins.shield_generator_without_grid})")
    lines.append(f"  {'Power Grid':<34} {'-':>3} {ins.power_grid:>6}")
    lines += ["", "  dice = fire - range (macrohexes) - 1 against a Tower, AT-ST or Trooper in rough",
              "  hit: relevant symbols >= armor (Rebel: Sabers, Imperial: Vaders)",
              "  each fire die: 2 Vader faces (V), 2 Saber faces (S), 2 blanks (B);",
              "  the log writes the faces rolled, e.g. SBB = one Saber, two blanks"]
    return lines + damage_words(game)


#: What each damage result does, in words (the sizes come from the rules data).
HIT_WORDS: dict[str, Callable[[DamageTable], str]] = {
    "blaster": lambda t: f"blaster hit: fire -{t.blaster_penalty}; the {_nth(t.blaster_steps)} stops its fire; "
                         "then body hits",
    "legs": lambda t: f"leg hit: -2 MPs; at the {_nth(t.leg_steps)} it cannot move; then body hits",
    "body": lambda t: (f"body hit: the {_nth(t.body_steps - 1)} kills troops aboard, " if t.leg_steps
                       else "body hit: ") + f"the {_nth(t.body_steps)} destroys it",
    "gunner": lambda t: f"gunner killed: fire -{t.gunner_penalty}, no harpoons; then body hits",
    "critical": lambda t: "critical hit: destroyed at once",
}


def damage_words(game: AssaultView) -> list[str]:
    """The damage tables in words: a hit rolls 2d6 of damage, read on the target's table (a blaster, leg or
    gunner hit past its last step counts as a body hit)."""
    lines = ["", "Damage: a hit on a Walker or a Snowspeeder rolls 2d6 on its table"]
    for name, table in game.rules.damage.items():
        lines.append(f"  {name}:")
        for low, high, hit in table.rows:
            span = f"{low}" if low == high else f"{low}-{high}"
            lines.append(f"    {span:>5}  {HIT_WORDS[hit](table) if hit in HIT_WORDS else hit}")
    return lines + ["  Luke's own Snowspeeder: 1 Force point makes a critical hit a body hit",
                    "  a Laser Tower, Trooper or AT-ST: any hit destroys it"]


def _nth(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth"}.get(n, f"{n}th")


def status_parts(game: AssaultView, s: AssaultState | None = None) -> list[str]:
    """The status line's parts, the most needed first (a narrow screen leaves out the last ones), of the
    state `s` the screen draws (by default what both players may see)."""
    s = s if s is not None else seen(game, "")
    d = game.pending
    parts = [game.setup.scenario_name, f"turn {s.turn}, round {s.round}" if s.stage != "setup" else "set-up",
             who_decides(d.player, d.kind, game.winner),
             f"Transports Away {s.transports}/{game.setup.transports_to_win}",
             f"Events {len(s.event_deck) if s.stage != 'setup' else len(game.rules.event_cards)}"]
    if s.luke:
        parts.append(f"Luke {s.luke}: {s.force} Force")
    return parts


def _status(game: AssaultView, s: AssaultState, fr: Frame) -> None:
    fr.put(0, 0, fit_parts(status_parts(game, s), fr.width).ljust(fr.width), "status")


def _marks(game: AssaultView, ui: UIState) -> tuple[set[Hex], set[Hex], set[Hex], set[Hex]]:
    """(hexes to move or place on, target hexes, the selected Walker's field of fire, its planned path)."""
    s = game.state
    reach: set[Hex] = set()
    targets: set[Hex] = set()
    fof: set[Hex] = set()
    path: set[Hex] = set()
    if game.is_over or ui.look:
        return reach, targets, fof, path
    if ui.shown_path or ui.shown_target:  # the other side's last decision, until the next key
        return reach, set(ui.shown_target), fof, set(ui.shown_path)
    me = mine(ui)
    for a in game.legal_actions():
        # Only what is drawn is located (the moves of units not selected are many and not drawn).
        if isinstance(a, (Fire, Harpoon)) and (not me.selected or a.unit == me.selected):
            h = anchor(game, a)
            if h is not None:
                targets.add(h)
        elif isinstance(a, (Place, Displace, Board)) or (isinstance(a, Move) and me.selected and a.unit == me.selected):
            h = anchor(game, a)
            if h is not None:
                reach.add(h)
    sel = s.unit(me.selected) if me.selected and s.has_unit(me.selected) else None
    if sel is not None and sel.type == "walker" and sel.hex is not None:
        here, facing = game.walk_end(sel, me.walk) if me.walk else (sel.hex, sel.facing)
        for h in game.terrain.terrain:
            if in_field_of_fire(here, facing, h):
                fof.add(h)
        path = walk_path(sel.hex, sel.facing, me.walk)
    return reach, targets | ui.shown_target, fof, path | ui.shown_path


def _map(game: AssaultView, s: AssaultState, ui: UIState, fr: Frame, x0: int, y0: int, w: int, h: int,
         arrows: str) -> None:
    m = game.setup.field.map
    bf = game.setup.field
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
            text, attr = _cell(game, s, hx, occupied.get(hx), reach, targets, fof, path, sectors, arrows)
            if (c, r) == tuple(ui.cursor):
                attr = "cursor"
            fr.put(x0 + 3 + (c - ox) * 3, y, text, attr)
            fr.mark(x0 + 3 + (c - ox) * 3, y, 3, 1, ("cell", (c, r)))


def _cell(game: AssaultView, s: AssaultState, hx: Hex, unit: Unit | None, reach: set[Hex], targets: set[Hex],
          fof: set[Hex], path: set[Hex], sectors: dict[Hex, str],
          arrows: str) -> tuple[str, str]:
    """Three characters for one hex: a mark, the unit or terrain, a mark; and the attribute."""
    bf = game.setup.field
    Q, R = game.terrain.macro[hx]
    tone = (Q - R) % 3
    shade = f"macro{tone}"
    if unit is not None:
        centre = LETTER.get(unit.type, "?")
        left = arrows[unit.facing] if unit.type == "walker" else " "
        right = number_mark(unit.id)
        if unit.type == "speeder" and unit.id == s.luke:
            left = "@"
        side: str = "target" if hx in targets else unit.side
        if hx in reach:
            left = "*"
        return left + centre + right, side
    kind = game.terrain.terrain[hx]
    centre = SHADE_GLYPH[tone] if kind == "clear" else TERRAIN_GLYPH[kind]
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


#: A unit's number on the map, one character: 1-9, 0 for 10, then a, b, ... (walker-2 is W2).
def unit_lines(game: AssaultView, s: AssaultState, uid: str) -> list[str]:
    """A unit's display in the state the screen draws: type, where, fire and armor, and the damage markers
    of Walkers and Snowspeeders (Luke's only where the viewer may know he flies it)."""
    u = s.unit(uid)
    ut = game.rules.units[u.type]
    lines = [f"{u.id}: {ut.name} ({u.side})", f"  at {u.at()}   fire {ut.fire}   armor {ut.armor}"]
    if u.type == "walker":
        blaster = ("ok", "damaged: fire -3", "destroyed: cannot fire")[u.blaster]
        legs = ("ok", "hit: -2 MPs", "immobilized")[u.legs]
        lines += [f"  facing {DIRECTION_NAMES[u.facing]}   MPs {game.walk_points_left(u, '')}",
                  f"  blaster {blaster}", f"  body hits {u.body} of 3", f"  legs {legs}",
                  "  aboard: " + (", ".join(c.id for c in s.carried(u.id)) or "nobody")]
    if u.type == "speeder":
        lines += [f"  gunner {'alive' if u.gunner else 'killed: fire -2, no harpoons'}", f"  body hits {u.body} of 2"]
        if s.hotshot == u.id:
            lines.append("  Hotshot Gunner: fire +2")
        if u.id == s.luke:
            lines.append(f"  Luke Skywalker flies it: {s.force} Force points")
    if s.force_aided == u.id:
        lines.append("  The Force: +2 at its next fire")
    lines.append("  has acted this round" if u.id in s.acted else "  has not acted this round")
    return lines


def _panel(game: AssaultView, s: AssaultState, ui: UIState, fr: Frame, x0: int, y0: int, w: int, h: int) -> None:
    bf = game.setup.field
    here = cursor_hex(ui)
    lines: list[tuple[str, str]] = [(f"Goal: Shield Generator vs {game.setup.transports_to_win} Transports "
                                     f"(r: more)", "panel-head")]
    what = game.terrain.terrain.get(here, "off the map")
    extra = {bf.shield_generator: ", Shield Generator", bf.power_grid: ", Power Grid"}.get(here, "")
    if here in bf.base_entries:
        extra = ", Base entry"
    lines.append((f"Hex {hex_label(here)}: {what}{extra}", "panel-head"))
    unit = s.occupant(here)
    if unit is not None:
        for ln in unit_lines(game, s, unit.id):
            lines.append((ln, unit.side))
        lines.append((fired_on(game, s, unit.id, here, "it"), "log"))
    me = mine(ui)
    if me.selected and s.has_unit(me.selected) and (unit is None or unit.id != me.selected):
        lines.append((f"Selected: {me.selected}" + (f", steps {me.walk}" if me.walk else ""), "panel-head"))
        if unit is None and here in game.terrain.terrain:  # the threat on this hex were it to stand here
            lines.append((fired_on(game, s, me.selected, here, f"{me.selected} here"), "log"))
    if s.card is not None:
        card = game.rules.action_card(s.card)
        lines.append(("Action card: " + card.title(), "panel-head"))
        lines.append((_reminder(game, card), "log"))
    if s.events_drawn:
        ev = game.rules.event_card(s.events_drawn[-1])
        lines.append(("Last Event: " + ev.name, "panel-head"))
        lines.append((ev.text, "log"))
    effects = [name for name, on in (("Snowstorm", s.snowstorm), ("Rebel Lucky Shot", s.rebel_lucky_shot),
                                     ("Imperial Lucky Shot", s.imperial_lucky_shot)) if on]
    if effects:
        lines.append(("In force: " + ", ".join(effects), "notice"))
    put_panel(fr, x0, y0, w, h, _wrapped(lines, w), ui.log)


def _wrapped(lines: list[tuple[str, str]], w: int) -> list[tuple[str, str]]:
    return [(p, attr) for text, attr in lines for p in wrap(text, w - 1, "  ")]


def _reminder(game: AssaultView, card: ActionCard) -> str:
    """The reminders printed on an Action card."""
    if card.is_event:
        return "turn the top Event card"
    mv = game.rules.movement
    bits = []
    if "move" in card.actions:
        bits.append(count(mv.points, "MP"))
        if card.units == "walker":
            bits += [f"rough {count(mv.walker_rough, 'MP')}", f"turn {mv.walker_turn} MP a hexside"]
    if "fire" in card.actions:
        units = [u for u in game.rules.units.values() if (u.id == card.units or (card.units == "troopers" and u.trooper
                                                                                 and u.side == card.side))]
        bits.append("fire " + "/".join(str(u.fire) for u in units))
        if card.units == "walker":
            bits.append("front hexes only")
    if "harpoon" in card.actions:
        bits.append("harpoon 5 dice (4 from the next macrohex)")
    return ", ".join(bits)


def prompt_text(game: AssaultView, ui: UIState) -> str:
    """The prompt: a message if there is one, else who decides what, and what Enter would do here."""
    if ui.message:
        return ui.message
    d = game.pending
    who = (d.player or "").upper()
    if d.kind == "act":
        what = game.round_title()
        if d.player and what.lower().startswith(f"{d.player}: "):  # the card's side is already named
            what = what.split(": ", 1)[1]
        me = mine(ui)
        if me.selected and game.state.has_unit(me.selected):
            u = game.state.unit(me.selected)
            if u.type == "walker" and me.walking:
                left = game.walk_points_left(u, me.walk)
                _, facing = game.walk_end(u, me.walk)
                what = (f"{u.id} walks ({me.walk or 'no steps yet'}; {count(left, 'MP')} left): Up forward to "
                        f"{facing_ahead(game, u.id, me.walk)}, Left turns {turn_words(facing, 'l')}, Right "
                        f"{turn_words(facing, 'r')}; Enter go")
            elif u.type == "walker":
                what += f" | {u.id}: w to walk, Enter on a highlighted enemy to fire"
            else:
                what += f" | {u.id}: Enter on a * hex to move, on a highlighted enemy to fire"
            hint = _hint(game, ui)
            if hint and not me.walking:
                what = f"{u.id}: {hint}"
        else:
            what += " | Enter on your unit selects it, m lists every choice, e ends the round"
    elif d.kind == "place":
        what = f"place {d.unit} (Enter on a * hex; a places the rest of your units)"
    elif d.kind == "displace":
        what = f"push {d.unit} aside (Enter on a * hex): {d.note}"
    elif d.kind == "over":
        what = game_over(game.winner, d.note)
    elif d.kind == "choose":  # which Event, and whom it may help
        s = game.state
        event = game.rules.event_card(s.events_drawn[-1]).name if s.events_drawn else "the Event"
        what = f"choose the Snowspeeder (its gunner alive) that {event} helps (Enter on it, or m)"
    else:
        what = ASK.get(d.kind, d.kind) + (f" [{d.unit}]" if d.unit and d.kind != "armor" else "")
    return f"{who}: {what}" if who else what


def key_line(game: AssaultView, ui: UIState) -> str:
    """The keys that make sense now (fits 80 columns)."""
    if ui.menu is not None:
        return "up/down PgUp/PgDn Home/End choose  Enter take it  Esc close"
    if mine(ui).walking:
        return "Up forward  Left/Right turn  Backspace undo  Enter go  Esc give up"
    if game.is_over:
        return "arrows look around  c chart  r roster  L log  ? help  q quit"
    if game.pending.kind in ("place", "board"):
        return "Enter place  m menu  a place the rest  c chart  r roster  L log  ? help  q quit"
    if game.pending.kind != "act":  # Luke's secret, his armor, a repair, an Event's unit: no round to end
        return "Enter choose  m menu  c chart  r roster  L log  ? help  q quit"
    return "Enter  m menu  e end round  Tab next  c chart  r roster  L log  ? help  q quit"


def _hint(game: AssaultView, ui: UIState) -> str:
    """What Enter would do on the hex under the cursor for the selected unit: the MPs of a move, or the dice,
    armor and chance to hit of a fire (shown before the player confirms)."""
    here = cursor_hex(ui)
    choices = [a for a in unit_actions(game, mine(ui).selected) if anchor(game, a) == here and type(a) is not Walk]
    if not choices:
        return ""
    a = choices[0]
    if type(a) is Move:
        cost = game.move_cost(a)
        more = " or other choices (Enter opens them)" if len(choices) > 1 else ""
        threat = hex_outlook(game, a.unit, here) if a.to.isdigit() else ""
        return (f"Enter: move to {a.to}, {cost} of {count(game.rules.movement.points, 'MP')}{more}"
                + (f"; {threat}" if threat else ""))
    if isinstance(a, (Fire, Harpoon)) and len(choices) == 1:
        return f"Enter: {a.notation()}, {odds(game, a)} (asks first)"
    return "Enter chooses: " + "; ".join(c.notation() for c in choices)


def roster(game: AssaultView, reveal: bool = False, viewer: str = "") -> list[str]:
    """Every unit of both sides: glyph, id, where, acted or not; Luke's Snowspeeder only where `viewer`
    may know it (`seen`)."""
    s = seen(game, viewer, reveal)
    out = ["Roster", ""]
    for side in ("imperial", "rebel"):
        out.append(side.capitalize())
        for u in (x for x in s.units if x.side == side and x.where != "reserve"):
            name = game.rules.units[u.type].name
            where = u.at() if u.alive else "destroyed"
            acted = "acted" if u.id in s.acted else ("" if not u.alive else "may act")
            luke = "  (Luke flies it)" if u.id == s.luke else ""
            out.append(f"  {LETTER.get(u.type, '?')}{u.id.rsplit('-', 1)[-1][-1]}  {u.id:<20} {name[:24]:<24} "
                       f"{where:<12} {acted}{luke}")
    out += ["", "Goal: " + game.objective(), "Installations: Shield Generator "
            + ("standing" if s.shield_generator else "destroyed") + ", Power Grid "
            + ("standing" if s.power_grid else "destroyed"),
            f"Luke: {s.force} Force points" if s.luke else "Luke: his Snowspeeder is a secret"]
    return out


__all__ = ["render", "chart", "unit_lines", "roster"]


def overview(game: AssaultView, reveal: bool = False, viewer: str = "") -> Overview:
    """The whole map for `v`: each hex as a unit's letter and number, or its terrain (a macrohex's shade
    for clear ground), and every unit on the map with its hex.  Luke's Snowspeeder is marked only where
    `viewer` may know it (`seen`)."""
    m = game.setup.field.map
    bf = game.setup.field
    s = seen(game, viewer, reveal)
    occupied = s.occupied()
    rows = []
    for r in range(m.rows):
        row = []
        for c in range(m.columns):
            hx = hex_from_offset(c, r)
            unit = occupied.get(hx)
            if unit is not None:
                row.append(Cell(LETTER.get(unit.type, "?") + number_mark(unit.id), unit.side, 2))
                continue
            kind = game.terrain.terrain.get(hx)
            if kind is None:
                row.append(Cell("  ", ""))
                continue
            Q, R = game.terrain.macro[hx]
            glyph = SHADE_GLYPH[(Q - R) % 3] if kind == "clear" else TERRAIN_GLYPH[kind]
            special = {bf.shield_generator: "G" if s.shield_generator else "x",
                       bf.power_grid: "P" if s.power_grid else "x"}.get(hx)
            if special is None and hx in bf.base_entries:
                special = "B"
            row.append(Cell((special or glyph) + " ", "panel-head" if special else TERRAIN_ATTR.get(kind, f"macro{(Q - R) % 3}"),
                            1 if special or kind != "clear" else 0))
        rows.append(tuple(row))
    units = []
    for u in s.units:
        if u.where == "map" and u.hex is not None:
            luke = "@" if u.type == "speeder" and u.id == s.luke else ""
            units.append(f"{LETTER.get(u.type, '?')}{number_mark(u.id)}{luke} {hex_label(u.hex)}")
    return Overview(game.setup.scenario_name, tuple(rows), tuple(f"{c + 1:02d}" for c in range(m.columns)),
                    tuple(f"{r + 1:02d}" for r in range(m.rows)), tuple(units),
                    "W Walker A AT-ST t T Snowtrooper S Snowspeeder r R Trooper L Tower", cell_width=2)

