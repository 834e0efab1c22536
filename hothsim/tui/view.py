"""Drawing the screen: a pure function of the game and the UI state into a Frame.

Layout: a status line; the map viewport (squares with walls and doors drawn on the edges between them,
scrolling with the cursor) beside a panel with the stat card under the cursor and the log; a prompt line
naming who decides and what; a line of the keys that make sense now.
"""

from __future__ import annotations

import textwrap

from hothsim.kernel.squares import Edge, Terrain, square_label
from hothsim.skirmish.actions import Attack, Move
from hothsim.tui.controller import HELP, UIState, anchor
from hothsim.tui.frame import Frame

MIN_WIDTH, MIN_HEIGHT = 80, 24
TERRAIN_GLYPH = {Terrain.CLEAR: ".", Terrain.LOW: "o", Terrain.DIFFICULT: "~", Terrain.TRENCH: "t",
                 Terrain.PIT: "x", Terrain.SOLID: "#"}
TERRAIN_ATTR = {Terrain.CLEAR: "clear", Terrain.LOW: "low", Terrain.DIFFICULT: "difficult", Terrain.TRENCH: "trench",
                Terrain.PIT: "pit", Terrain.SOLID: "solid"}
ASK = {"build": "build your squad in secret", "place": "set up a character (Enter on a square of your zone)",
       "first": "choose who goes first (m)", "activate": "activate a character (Enter on it)",
       "turn": "act with", "opportunity": "attack of opportunity against", "reroll": "reroll?",
       "reaction": "Force reaction for", "over": "the game is over"}


def glyphs(game) -> dict[str, str]:
    """One letter per figure: Rebel capitals, Imperial small letters, from the id where free."""
    used: set[str] = set()
    out: dict[str, str] = {}
    for f in game.state.figures:
        pool = [c for c in f.id if c.isalpha()] + [chr(c) for c in range(ord("a"), ord("z") + 1)]
        for c in pool:
            g = c.upper() if f.side == "rebel" else c.lower()
            if g not in used:
                used.add(g)
                out[f.id] = g
                break
    return out


def render(game, ui: UIState, width: int, height: int) -> Frame:
    """The whole screen."""
    fr = Frame(width, height)
    if width < MIN_WIDTH or height < MIN_HEIGHT:
        msg = [f"Make the terminal larger: hothsim needs {MIN_WIDTH}x{MIN_HEIGHT}, this one is {width}x{height}.",
               "(q quits; the game is saved.)"]
        for i, line in enumerate(msg):
            for j, part in enumerate(textwrap.wrap(line, max(10, width - 2)) or [""]):
                fr.put(1, i * 2 + j, part, "notice")
        return fr
    if ui.handover:
        fr.put(2, height // 2 - 1, ui.handover, "notice")
        fr.put(2, height // 2 + 1, "Press any key when ready.", "notice")
        return fr
    _status(game, fr)
    panel_w = max(30, min(44, width // 3))
    map_w = width - panel_w - 1
    _map(game, ui, fr, 0, 1, map_w, height - 3)
    for y in range(1, height - 2):
        fr.put(map_w, y, "|", "frame")
    _panel(game, ui, fr, map_w + 1, 1, panel_w, height - 3)
    _prompt(game, ui, fr)
    if ui.menu is not None:
        _menu(game, ui, fr)
    if ui.helpers is not None:
        ch = ui.helpers
        chance = game.hit_chance(Attack(ch.figure, ch.target, tuple(sorted(ui.chosen))))
        lines = [f"Combined fire for {ch.figure} against {ch.target}: {chance}% to hit",
                 "Space toggles, Enter fires, Esc goes back"]
        lines += [f"[{'x' if h in ui.chosen else ' '}] {h}  (+4)" for h in ch.eligible]
        _box(fr, lines, 2, 2, min(fr.width - 4, max(len(x) for x in lines) + 4), "menu", highlight=ui.helper_index + 3)
    if ui.help:
        _box(fr, HELP, 0, 1, width, "help")
    return fr


def _status(game, fr: Frame) -> None:
    s = game.state
    d = game.pending
    parts = [game.setup.scenario_name, f"round {s.round}" if s.round else "setup"]
    if s.phase_side:
        parts.append(f"{s.phase_side} activations left {s.phase_left}")
    parts.append(f"{d.player or 'nobody'}: {d.kind}" + (f" {d.figure}" if d.figure else ""))
    fr.put(0, 0, " | ".join(parts)[: fr.width].ljust(fr.width), "status")


def _map(game, ui: UIState, fr: Frame, x0: int, y0: int, w: int, h: int) -> None:
    grid = game.setup.grid
    s = game.state
    g = glyphs(game)
    occupant = {sq: f for f in s.living() for sq in f.space()}
    acts = game.legal_actions() if not game.is_over else []
    reach = {(a.destination[0], a.destination[1]) for a in acts if isinstance(a, Move)}
    plan = game.move_plans().get(ui.cursor) if ui.cursor in reach else None
    route = {(p[0], p[1]) for p in plan.path[:-1]} if plan else set()
    if ui.drawing:
        route = {(p[0], p[1]) for p in ui.path}
    targets = {anchor(game, a) for a in acts if isinstance(a, Attack)}
    covered = set()
    if s.turn is not None:
        me = s.fig(s.turn.figure)
        for a in acts:
            if isinstance(a, Attack) and not a.helpers and game.covered(s, me, s.fig(a.target)):
                covered.add(anchor(game, a))
    barriers = grid.barriers(s.open_doors)
    W2, H2 = 2 * grid.width + 1, 2 * grid.height + 1
    cx, cy = 2 * ui.cursor[0] + 1, 2 * ui.cursor[1] + 1
    ox = min(max(cx - w // 2, 0), max(0, W2 - w))
    oy = min(max(cy - h // 2, 0), max(0, H2 - h))
    for ry in range(h):
        dy = oy + ry
        if dy >= H2:
            break
        for rx in range(w):
            dx = ox + rx
            if dx >= W2:
                break
            ch, attr = _cell(grid, barriers, s, occupant, g, reach, targets, covered, dx, dy)
            if dx % 2 == 1 and dy % 2 == 1 and (dx // 2, dy // 2) in route and (attr == "reach" or ui.drawing):
                ch, attr = "+", "path"
            if (dx, dy) == (cx, cy):
                attr = "cursor"
            fr.put(x0 + rx, y0 + ry, ch, attr)


def _cell(grid, barriers, s, occupant, g, reach, targets, covered, dx: int, dy: int) -> tuple[str, str]:
    """One character of the map drawing: squares at odd/odd, edges between, corners at even/even."""
    x, y = dx // 2, dy // 2
    if dx % 2 == 1 and dy % 2 == 1:
        sq = (x, y)
        f = occupant.get(sq)
        if f is not None:
            mark = "target" if sq in targets or any(p in targets for p in f.space()) else f.side
            return g.get(f.id, "?"), mark
        t = grid.terrain_at(sq)
        if sq in reach:
            return "*", "reach"
        return TERRAIN_GLYPH[t], TERRAIN_ATTR[t]
    if dx % 2 == 0 and dy % 2 == 1:  # a vertical edge between (x-1, y) and (x, y)
        e = Edge("v", x, y)
        return _edge(grid, barriers, s, occupant, g, e, ((x - 1, y), (x, y)), "|")
    if dx % 2 == 1 and dy % 2 == 0:  # a horizontal edge between (x, y-1) and (x, y)
        e = Edge("h", x, y)
        return _edge(grid, barriers, s, occupant, g, e, ((x, y - 1), (x, y)), "-")
    touching = [(x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)]
    figs = {occupant.get(sq) for sq in touching}
    if len(figs) == 1 and None not in figs:
        f = figs.pop()
        return g.get(f.id, "?"), f.side  # inside a big figure's space
    if all(grid.in_bounds(sq) and grid.terrain_at(sq) is Terrain.SOLID for sq in touching):
        return "#", "solid"
    return ("+", "wall") if (x, y) in barriers.points else (" ", "")


def _edge(grid, barriers, s, occupant, g, e: Edge, sides, wall: str) -> tuple[str, str]:
    if all(grid.in_bounds(sq) and grid.terrain_at(sq) is Terrain.SOLID for sq in sides):
        return "#", "solid"  # inside a block of rock
    if e in grid.doors:
        return ("D", "door") if e not in s.open_doors else (":", "door-open")
    if barriers.blocks(e):
        return wall, "wall"
    a, b = occupant.get(sides[0]), occupant.get(sides[1])
    if a is not None and a is b:
        return g.get(a.id, "?"), a.side  # inside a big figure's space
    return " ", ""


def _panel(game, ui: UIState, fr: Frame, x0: int, y0: int, w: int, h: int) -> None:
    from hothsim.tui.controller import figure_at

    lines: list[tuple[str, str]] = []
    f = figure_at(game, ui.cursor)
    lines.append((f"Cursor {square_label(ui.cursor)}: {game.setup.grid.terrain_at(ui.cursor).value}", "panel-head"))
    if f is not None:
        card = game.describe(f.id)
        shown = card if ui.explain else card[:2] + [ln.split(":")[0] for ln in card[2:]]
        for ln in shown:
            for part in textwrap.wrap(ln, w - 1) or [""]:
                lines.append((part, f.side))
        if not ui.explain and len(card) > 2:
            lines.append(("(g: explain the abilities)", "dim"))
    put_panel(fr, x0, y0, w, h, lines, ui.log)


def put_panel(fr: Frame, x0: int, y0: int, w: int, h: int, lines: list[tuple[str, str]], log_entries) -> None:
    """A side panel: the given (text, attribute) lines on top, then the log's last entries, wrapped to the
    panel's width; the log always keeps a few lines."""
    log: list[str] = []
    for entry in log_entries:
        log += textwrap.wrap(entry, w - 1) or [""]
    keep = min(len(log), max(4, h // 3))
    lines = lines[: max(1, h - keep - 2)]
    lines.append(("", ""))
    lines.append(("Log", "panel-head"))
    room = h - len(lines)
    for ln in log[-room:] if room > 0 else []:
        lines.append((ln, "log"))
    for i, (text, attr) in enumerate(lines[:h]):
        fr.put(x0, y0 + i, text[: w], attr)


def _prompt(game, ui: UIState, fr: Frame) -> None:
    d = game.pending
    who = (d.player or "").upper()
    what = ASK.get(d.kind, d.kind)
    if d.kind in ("turn", "opportunity", "reaction", "reroll") and d.figure:
        what = f"{what} {d.figure}" + (f" ({d.note})" if d.note else "")
    if d.kind == "over":
        what = f"{what}: {d.note}"
    text = ui.message or (f"{who}: {what}" if who else what)
    if not ui.message and ui.drawing:
        cost, provoked, why = game.path_preview(ui.path) if ui.path else (0, frozenset(), "")
        aoo = ", ".join(sorted(provoked)) or "nobody"
        shown = " ".join(square_label(p[:2]) for p in ui.path) or "(no steps yet)"
        text = (f"Path {shown}: {cost} of {game.allowance(game.state, game.state.fig(d.figure))} squares, attacks "
                f"of opportunity: {aoo}" + (f" [{why}]" if why and ui.path else "   [Enter moves, Esc gives up]"))
    elif not ui.message and d.kind == "turn":
        plan = game.move_plans().get(ui.cursor)
        if plan is not None:
            aoo = ", ".join(sorted(plan.provoked)) or "nobody"
            text += f"   [Enter: move to {square_label(ui.cursor)}, {plan.cost} squares, attacks of opportunity: {aoo}]"
    fr.put(0, fr.height - 2, text[: fr.width], "prompt")
    if ui.drawing:
        keys = "cursor keys step  Backspace undo  Enter move  Esc give up"
    elif ui.helpers is not None:
        keys = "up/down ally  Space toggle  Enter fire  Esc back"
    elif ui.menu is not None:
        keys = "up/down choose  Enter take it  Esc close"
    elif game.is_over:
        keys = "arrows look around  g explain  ? help  q quit"
    else:
        keys = "arrows move  Enter choose  m menu  Tab next  p path  g explain  ? help  q quit"
    fr.put(0, fr.height - 1, keys[: fr.width], "keys")


def _menu(game, ui: UIState, fr: Frame) -> None:
    items = []
    for a in ui.menu or ():
        text = a.notation()
        if isinstance(a, Attack):
            text += f"   ({game.hit_chance(a)}% to hit)"
        items.append(text)
    top = max(0, ui.menu_index - (fr.height - 8))
    shown = items[top: top + fr.height - 6]
    lines = ["Choose (Enter), or Esc"] + shown
    box_w = min(fr.width - 4, max(len(x) for x in lines) + 4)
    _box(fr, lines, 2, 2, box_w, "menu", highlight=ui.menu_index - top + 1)


def _box(fr: Frame, lines: list[str], x0: int, y0: int, w: int, attr: str, highlight: int = -1) -> None:
    h = min(len(lines) + 2, fr.height - y0 - 1)
    fr.put(x0, y0, "+" + "-" * (w - 2) + "+", attr)
    for i in range(1, h - 1):
        text = lines[i - 1] if i - 1 < len(lines) else ""
        fr.put(x0, y0 + i, "|" + (" " + text)[: w - 2].ljust(w - 2) + "|", "menu-chosen" if i == highlight else attr)
    fr.put(x0, y0 + h - 1, "+" + "-" * (w - 2) + "+", attr)
