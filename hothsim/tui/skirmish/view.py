"""Drawing a skirmish: a pure function of the game and the UI state into a Frame.

Layout (docs/front-end.md): a status line; the map viewport with column letters along the top and row
numbers down the left (squares with walls and doors drawn on the edges between them, scrolling with the
cursor) beside a panel with the goal, the stat card under the cursor and the log; two prompt lines
naming who decides and what; a line of the keys that make sense now.
"""

from __future__ import annotations

from typing import Sequence

from hothsim.describe.skirmish import GROUND, outlook_words
from hothsim.kernel.squares import Barriers, Edge, Square, SquareMap, Terrain, square_label
from hothsim.kernel.words import count
from hothsim.skirmish.actions import Attack, Move, Opportunity, Place
from hothsim.tui.overview import Cell, Overview
from hothsim.tui.frame import Frame
from hothsim.tui.panels import box, fit_parts, game_over, put_panel, put_prompt, who_decides
from hothsim.tui.skirmish.ui_state import mine
from hothsim.tui.screen import UIState, seen
from hothsim.tui.skirmish.choices import anchor, figure_at, placing_figure
from hothsim.skirmish.interface import Figure, GameState, SkirmishView

TERRAIN_GLYPH = GROUND  # the same characters as the words' text map
TERRAIN_ATTR = {Terrain.CLEAR: "clear", Terrain.LOW: "low", Terrain.DIFFICULT: "difficult", Terrain.TRENCH: "trench",
                Terrain.PIT: "pit", Terrain.SOLID: "solid"}
#: On a clear square of the move overlay: the attack is still possible after moving there, or it is spent.
REACH_ATTACK, REACH_ONLY = "*", "="
#: The sight overlay (s): a square the figure would have a shot from, and one an enemy could shoot into
#: marked with how many could (a square with a shot shows `!`, its attribute saying whether it is exposed).
SHOT_FROM = "!"
ASK = {"build": "build your squad in secret (Enter or m: the cards)",
       "place": "set up", "first": "choose who goes first (Enter: the choices)",
       "activate": "activate a character (Enter on it)",
       "turn": "act with", "opportunity": "attack of opportunity against",
       "reaction": "Force reaction for", "over": "the game is over"}


#: Letters the map draws terrain and doors with, in either case: never a figure's, so that no figure is
#: mistaken for the ground it stands beside (a Rebel T next to a trench t).
MAP_LETTERS = frozenset(c for g in (*TERRAIN_GLYPH.values(), "D") if g.isalpha() for c in (g.lower(), g.upper()))


def glyphs(game: SkirmishView) -> dict[str, str]:
    """One letter per figure: Rebel capitals, Imperial small letters, from the id where free, never a
    letter the map draws terrain or doors with."""
    used: set[str] = set(MAP_LETTERS)
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


def render(game: SkirmishView, ui: UIState, width: int, height: int, reveal: bool = False) -> Frame:
    """The screen under the shared overlays, the map drawn from what the screen's viewer may see (`seen`)."""
    fr = Frame(width, height)
    _status(game, fr)
    panel_w = max(30, min(44, width // 3))
    map_w = width - panel_w - 1
    _map(game, seen(game, ui.viewer, reveal), ui, fr, 0, 1, map_w, height - 4)
    for y in range(1, height - 3):
        fr.put(map_w, y, "|", "frame")
    _panel(game, ui, fr, map_w + 1, 1, panel_w, height - 4)
    put_prompt(fr, prompt_text(game, ui), key_line(game, ui))
    if mine(ui).helpers is not None:
        _helpers(game, ui, fr)
    return fr


def _helpers(game: SkirmishView, ui: UIState, fr: Frame) -> None:
    me = mine(ui)
    ch = me.helpers
    chance = game.hit_chance(Attack(ch.figure, ch.target, tuple(sorted(me.chosen))))
    lines = [f"Combined fire for {ch.figure} against {ch.target}: {chance}% to hit",
             "Space toggles, Enter fires, Esc goes back"]
    lines += [f"[{'x' if h in me.chosen else ' '}] {h}  (+4)" for h in ch.eligible]
    box(fr, lines, 2, 2, min(fr.width - 4, max(len(x) for x in lines) + 4), "menu", highlight=me.helper_index + 2)


def status_parts(game: SkirmishView) -> list[str]:
    """The status line's parts, the most needed first (a narrow screen leaves out the last ones)."""
    s = game.state
    d = game.pending
    parts = [game.setup.scenario_name, game.progress(),
             who_decides(d.player, d.kind, game.winner) + (f" {d.figure}" if d.figure else "")]
    if s.phase_side and not game.is_over:  # a game over has no activations left to count
        parts.append(f"{s.phase_side.capitalize()} activations left {s.phase_left}")
    if s.stage == "round" and s.quiet_rounds and not game.is_over:  # the stand-off rule, counting
        parts.append(f"quiet rounds {s.quiet_rounds} of {game.setup.tie_break_rounds}")
    return parts


def _status(game: SkirmishView, fr: Frame) -> None:
    fr.put(0, 0, fit_parts(status_parts(game), fr.width).ljust(fr.width), "status")


def overlay(game: SkirmishView, ui: UIState
            ) -> tuple[dict[Square, bool], set[Square], set[Square], set[Square], set[Square]]:
    """What the map marks: reachable squares (square -> keeps the attack), targets, covered targets, the
    path under the cursor and the set-up zone."""
    s = game.state
    if ui.look or game.is_over:
        return {}, set(), set(), set(), set()
    acts = game.legal_actions()
    plans = game.move_plans()
    reach: dict[Square, bool] = {}
    limit = game.attack_move_limit() if plans else -1
    for a in acts:
        if type(a) is Move:
            sq = (a.destination[0], a.destination[1])
            plan = plans.get(sq)
            reach[sq] = plan is not None and plan.cost <= limit
    plan = plans.get(ui.cursor) if ui.cursor in reach else None
    route = {(p[0], p[1]) for p in plan.path[:-1]} if plan else set()
    if mine(ui).drawing:
        route = {(p[0], p[1]) for p in mine(ui).path}
    targets = {at for a in acts if type(a) is Attack and (at := anchor(game, a)) is not None} | set(ui.shown_target)
    route |= set(ui.shown_path)
    covered: set[Square] = set()
    if s.turn is not None:
        me = s.fig(s.turn.figure)
        for a in acts:
            if type(a) is Attack and not a.helpers and game.covered(s, me, s.fig(a.target)):
                at = anchor(game, a)
                if at is not None:
                    covered.add(at)
    who = placing_figure(game, ui)
    zone = {a.square for a in acts if type(a) is Place and a.figure == who}
    return reach, targets, covered, route, zone


def sight_marks(game: SkirmishView, reach: dict[Square, bool]) -> dict[tuple[int, int], tuple[str, str]]:
    """The sight overlay: for each square the acting figure may reach, `!` where it would have a shot, else
    the number of enemies that could attack it there (when any); "exposed" where at least one could."""
    marks = {}
    for a in game.legal_actions():
        if type(a) is not Move:
            continue
        sq = (a.destination[0], a.destination[1])
        if sq not in reach:
            continue
        look = game.outlook(a)
        attr = "exposed" if look.threats else "sheltered"
        if look.shots:
            marks[sq] = (SHOT_FROM, attr)
        elif look.threats:
            marks[sq] = (str(min(9, len(look.threats))), attr)
    return marks


def _map(game: SkirmishView, s: GameState, ui: UIState, fr: Frame, x0: int, y0: int, w: int, h: int) -> None:
    grid = game.setup.grid
    g = glyphs(game)
    occupant = {sq: f for f in s.living() for sq in f.space()}
    reach, targets, covered, route, zone = overlay(game, ui)
    sight = sight_marks(game, reach) if mine(ui).sight and not ui.look else {}
    barriers = grid.barriers(s.open_doors)
    # Room for the row numbers and the column letters: a map wider than 26 columns has two-letter ones
    # (AA, AB, ...), written one letter above the other so that every column is labelled.
    left, top = 3, (2 if grid.width > 26 else 1)
    w, h = w - left, h - top
    W2, H2 = 2 * grid.width + 1, 2 * grid.height + 1
    cx, cy = 2 * ui.cursor[0] + 1, 2 * ui.cursor[1] + 1
    ox = min(max(cx - w // 2, 0), max(0, W2 - w))
    oy = min(max(cy - h // 2, 0), max(0, H2 - h))
    _column_letters(fr, x0 + left, y0 + top, w, ox, W2)
    for ry in range(h):
        dy = oy + ry
        if dy >= H2:
            break
        if dy % 2 == 1:
            fr.put(x0, y0 + top + ry, f"{dy // 2 + 1:>2}", "keys")
        for rx in range(w):
            dx = ox + rx
            if dx >= W2:
                break
            ch, attr = _cell(grid, barriers, s, occupant, g, reach, targets, zone, dx, dy)
            if dx % 2 == 1 and dy % 2 == 1:
                sq = (dx // 2, dy // 2)
                ch, attr = _marked(sq, (ch, attr), sight, route, reach, occupant, ui)
                fr.mark(x0 + left + rx, y0 + top + ry, 2 if rx + 1 < w else 1, 2 if ry + 1 < h else 1, ("cell", sq))
            if (dx, dy) == (cx, cy):
                attr = "cursor"
            fr.put(x0 + left + rx, y0 + top + ry, ch, attr)
            if dx % 2 == 0 and dy % 2 == 1 and (dx // 2, dy // 2) in covered and ch == " ":
                fr.put(x0 + left + rx, y0 + top + ry, "(", "target")  # a target in cover: ( before it


def _marked(sq: tuple[int, int], drawn: tuple[str, str], sight: dict[Square, tuple[str, str]], route: set[Square],
            reach: dict[Square, bool], occupant: dict[Square, Figure],
            ui: UIState) -> tuple[str, str]:
    """A square's character with the overlays on top: the sight overlay's mark, then the path."""
    if sq in sight and sq not in occupant:
        drawn = sight[sq]
    if sq in route and (sq in reach or mine(ui).drawing or (sq in ui.shown_path and sq not in occupant)):
        drawn = ("+", "path")
    return drawn


def _column_letters(fr: Frame, x: int, y: int, w: int, ox: int, W2: int) -> None:
    """The columns' letters above the map drawing's `w` characters from `x` (the drawing scrolled `ox`
    characters), a two-letter label written one letter above the other."""
    for rx in range(w):
        dx = ox + rx
        if dx % 2 == 1 and dx < W2:
            letters = square_label((dx // 2, 0))[:-1]
            for i, letter in enumerate(reversed(letters)):
                fr.put(x + rx, y - 1 - i, letter, "keys")


def _cell(grid: SquareMap, barriers: Barriers, s: GameState, occupant: dict[Square, Figure], g: dict[str, str],
          reach: dict[Square, bool], targets: set[Square], zone: set[Square], dx: int, dy: int) -> tuple[str, str]:
    """One character of the map drawing: squares at odd/odd, edges between, corners at even/even."""
    x, y = dx // 2, dy // 2
    if dx % 2 == 1 and dy % 2 == 1:
        sq = (x, y)
        f = occupant.get(sq)
        if f is not None:
            mark = "target" if sq in targets or any(p in targets for p in f.space()) else f.side
            return g.get(f.id, "?"), mark
        t = grid.terrain_at(sq)
        if sq in reach:  # the terrain stays visible: only a clear square takes the overlay's glyph
            keeps = reach[sq]
            glyph = (REACH_ATTACK if keeps else REACH_ONLY) if t is Terrain.CLEAR else TERRAIN_GLYPH[t]
            return glyph, "reach" if keeps else "reach-spent"
        if sq in zone:
            return ("*" if t is Terrain.CLEAR else TERRAIN_GLYPH[t]), "zone"
        return TERRAIN_GLYPH[t], TERRAIN_ATTR[t]
    if dx % 2 == 0 and dy % 2 == 1:  # a vertical edge between (x-1, y) and (x, y)
        return _edge(grid, barriers, s, occupant, g, Edge("v", x, y), ((x - 1, y), (x, y)), "|")
    if dx % 2 == 1 and dy % 2 == 0:  # a horizontal edge between (x, y-1) and (x, y)
        return _edge(grid, barriers, s, occupant, g, Edge("h", x, y), ((x, y - 1), (x, y)), "-")
    touching = [(x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)]
    figs = {occupant.get(sq) for sq in touching}
    f = figs.pop() if len(figs) == 1 else None
    if f is not None:
        return g.get(f.id, "?"), f.side  # inside a big figure's space
    if all(grid.in_bounds(sq) and grid.terrain_at(sq) is Terrain.SOLID for sq in touching):
        return "#", "solid"
    return ("+", "wall") if (x, y) in barriers.points else (" ", "")


def _edge(grid: SquareMap, barriers: Barriers, s: GameState, occupant: dict[Square, Figure], g: dict[str, str],
          e: Edge, sides: Sequence[Square], wall: str) -> tuple[str, str]:
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


def _panel(game: SkirmishView, ui: UIState, fr: Frame, x0: int, y0: int, w: int, h: int) -> None:
    lines: list[tuple[str, str]] = []
    d = game.pending
    if d.kind == "build" and ui.viewer and ui.viewer != d.player:
        lines.append((f"The {d.player} squad is being built in secret.", "panel-head"))
    elif d.kind == "build" and d.player is not None:
        names, spent, points = game.squad_summary(d.player)
        lines.append((f"{d.player.capitalize()} squad so far", "panel-head"))
        lines.append((f"{spent} of {points} points, {points - spent} left", "panel-head"))
        lines += [(f"  {name} ({cost})", d.player) for name, cost in names] or [("  (no cards yet)", "dim")]
        put_panel(fr, x0, y0, w, h, lines, ui.log)
        return
    lines.append(("Goal: " + game.objective().split(". ")[0] + " (? more)", "panel-head"))
    f = figure_at(game, ui.cursor)
    lines.append((f"{square_label(ui.cursor)}: {game.setup.grid.terrain_at(ui.cursor).value}", "panel-head"))
    if f is None and placing_figure(game, ui):  # set-up: the card of the figure to place
        f = game.state.fig(placing_figure(game, ui))
        lines.append(("To set up:", "panel-head"))
    if f is not None:
        card = game.describe(f.id)
        state = "activated" if f.activated else ("not yet activated" if f.pos is not None else "not set up")
        lines.append((f"{glyphs(game)[f.id]} = {f.id}, {state}", f.side))
        lines += [(ln, f.side) for ln in card[:2] + [ln.split(":")[0] for ln in card[2:]]]
        if any(":" in ln for ln in card[2:]):  # abilities are written "Name: what it does"
            lines.append(("(g: the whole card)", "dim"))
    put_panel(fr, x0, y0, w, h, lines, ui.log)


def prompt_text(game: SkirmishView, ui: UIState) -> str:
    """The prompt: a message if there is one, else who decides what, and what Enter would do here."""
    if ui.message:
        return ui.message
    d = game.pending
    who = (d.player or "").upper()
    what = _asked(game, ui)
    text = f"{who}: {what}" if who else what
    if mine(ui).drawing:
        return _path_prompt(game, ui)
    if d.kind == "turn":
        text += _enter_here(game, ui)
    return text


def _asked(game: SkirmishView, ui: UIState) -> str:
    """What the pending decision asks, in the prompt's words."""
    d = game.pending
    what = ASK.get(d.kind, d.kind)
    if d.kind in ("turn", "opportunity", "reaction", "reroll") and d.figure:
        what = f"{what} {d.figure}" + (f" ({d.note})" if d.note else "")
    if d.kind == "reroll":  # what failed (the decision's note), and what a reroll costs
        what = f"{d.figure}'s {d.note}: spend a Force point to reroll it? (Enter: the choices)"
    elif d.kind == "reaction":
        what += ": Enter for the choices"
    elif d.kind == "opportunity":  # Enter acts on the enemy that would attack, not on the mover
        attackers = [a.figure for a in game.legal_actions() if type(a) is Opportunity]
        what += f": Enter on {' or '.join(attackers)} to attack, m to decline"
    if d.kind == "over":
        what = game_over(game.winner, d.note)
    if d.kind == "place":
        who_places = placing_figure(game, ui)
        what = (f"set up {who_places}: Enter on a * square of your zone (m or Tab: another figure, "
                f"a: place the rest)") if who_places else what
    return what


def _path_prompt(game: SkirmishView, ui: UIState) -> str:
    """A path being drawn: its squares, its cost against the movement left, whom it provokes."""
    d = game.pending
    path = mine(ui).path
    cost, provoked, why = game.path_preview(path) if path else (0, frozenset(), "")
    aoo = ", ".join(sorted(provoked)) or "nobody"
    shown = " ".join(square_label(p) for p in path) or "(no steps yet)"
    return (f"Path {shown}: {cost} of {count(game.allowance(game.state, game.state.fig(d.figure or '')), 'square')}, "
            f"attacks of opportunity: {aoo}" + (f" [{why}]" if why and path else " [Enter moves, Esc gives up]"))


def _enter_here(game: SkirmishView, ui: UIState) -> str:
    """In a turn, what Enter on the cursor's square would do: a move, an attack, or how to choose."""
    plan = game.move_plans().get(ui.cursor)
    if plan is not None:
        aoo = ", ".join(sorted(plan.provoked)) or "nobody"
        keeps = "attack still possible" if game.attack_kept_after(plan.cost) else "no attack after it"
        move = next((a for a in game.legal_actions() if type(a) is Move and (a.destination[0], a.destination[1])
                     == ui.cursor), None)
        there = f"; {outlook_words(game.outlook(move))}" if move is not None else ""
        return (f". Enter: move to {square_label(ui.cursor)}, {count(plan.cost, 'square')}, {keeps}, attacks of "
                f"opportunity: {aoo}{there}")
    f = figure_at(game, ui.cursor)
    attacks = [a for a in game.legal_actions() if type(a) is Attack and not a.helpers and f is not None
               and a.target == f.id]
    if attacks and f is not None:
        return f". Enter: attack {f.id}, {game.hit_chance(attacks[0])}% to hit"
    d = game.pending
    if f is not None and d.figure and f.side != d.player and not f.defeated:  # an enemy that may not be attacked
        refusal = game.refusal(Attack(d.figure, f.id))
        if refusal is not None:
            return f". {d.figure} cannot attack {f.id}: {refusal.message}"
    return ": Enter on a * or = square moves, on a highlighted enemy attacks; m: other choices"


def key_line(game: SkirmishView, ui: UIState) -> str:
    """The keys that make sense now (fits 80 columns)."""
    if mine(ui).drawing:
        return "cursor keys step  Backspace undo  Enter move  Esc give up"
    if mine(ui).helpers is not None:
        return "up/down ally  Space toggle  Enter fire  Esc back"
    if ui.menu is not None:
        return "up/down PgUp/PgDn Home/End choose  Enter take it  Esc close"
    if game.is_over:
        return "arrows look around  g card  r roster  L log  ? help  q quit"
    kind = game.pending.kind
    if kind == "place":
        return "Enter place  m/Tab figure  a place the rest  r roster  L log  ? help  q quit"
    if kind == "turn":
        if any(type(a) is Move for a in game.legal_actions()):  # the roster and the log stay in the help (?)
            return "Enter choose  m menu  Tab next  p path  s sight  x look  L log  ? help  q quit"
        return "Enter choose  m menu  Tab next  x look  r roster  L log  ? help  q quit"
    if kind == "activate":  # no path to draw yet
        return "Enter choose  m menu  Tab next  x look  r roster  L log  ? help  q quit"
    # Who goes first, a reroll, an attack of opportunity, the squads: a choice from the menu, nothing to steer.
    return "Enter choose  m menu  r roster  L log  ? help  q quit"


def roster(game: SkirmishView, reveal: bool = False, viewer: str = "") -> list[str]:
    """Both sides' figures as `viewer` may see them (`seen`): glyph, name, hit points, activated or not,
    Force left; then the legend."""
    s = seen(game, viewer, reveal)
    g = glyphs(game)
    out = ["Roster (Rebel figures are capitals, Imperial ones small letters)", ""]
    for side in ("rebel", "imperial"):
        out.append(side.capitalize())
        for f in (x for x in s.figures if x.side == side):
            card = game.setup.cards[f.card]
            state = "defeated" if f.defeated else ("activated" if f.activated else "ready")
            if f.pos is None and not f.defeated:
                state = "not set up"
            force = f"  Force {f.force}" if card.force else ""
            hp = f"{f.hp}/{card.hp} hp"
            out.append(f"  {g[f.id]}  {card.name[:34]:<34} {hp:>11}  {state}{force}")
    out += ["", "Goal: " + game.objective(),
            "Map: . clear  o low objects  ~ difficult  t trench  x pit  # rock  | - walls  D closed door (opens when a"
            " turn ends with a character next to it)  : open door",
            f"Move overlay: {REACH_ATTACK} may still attack after moving there, {REACH_ONLY} the attack is spent;"
            " + the path; ( a target in cover; * in set-up: your zone"]
    return out  # the overlay wraps each line by words to the screen's width


def overview(game: SkirmishView, reveal: bool = False, viewer: str = "") -> Overview:
    """The whole map for `v` as `viewer` may see it (`seen`): a character per square (a figure before
    terrain), every figure's square."""
    grid = game.setup.grid
    s = seen(game, viewer, reveal)
    g = glyphs(game)
    occupant = {sq: f for f in s.living() for sq in f.space()}
    rows = []
    for y in range(grid.height):
        row = []
        for x in range(grid.width):
            f = occupant.get((x, y))
            if f is not None:
                row.append(Cell(g.get(f.id, "?"), f.side, 2))
            else:
                kind = grid.terrain_at((x, y))
                row.append(Cell(TERRAIN_GLYPH[kind], TERRAIN_ATTR[kind], 0 if kind is Terrain.CLEAR else 1))
        rows.append(tuple(row))
    units = tuple(f"{g.get(f.id, '?')} {f.id} {square_label(f.pos)} {f.hp}hp" for f in s.living() if f.pos is not None)
    return Overview(game.setup.scenario_name, tuple(rows), tuple(square_label((x, 0))[:-1] for x in range(grid.width)),
                    tuple(str(y + 1) for y in range(grid.height)), units,
                    "capitals Rebel, small Imperial; walls: main map")

