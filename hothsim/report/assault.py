"""Assault on Hoth told for the after-action report (see hothsim.report): turns, units, and the hex map.

A chapter is a turn (one pass of the Action deck, some twenty action rounds): a game's hundred-odd action
rounds would be a hundred maps.  The map is drawn a hex a cell, flat-topped in columns as the board is:
terrain and the macrohexes (a shade each, as on the board), the Shield Generator and the Power Grid, each
unit a disc with its letter and number (a Walker with a line toward its facing), moves and walks as
arrows, fire as lines (solid a hit, dashed a miss), the destroyed crossed out where they stood.
"""

from __future__ import annotations

import math
from typing import Sequence

from hothsim.kernel.engine import Event
from hothsim.assault.actions import Action, Fire, Harpoon, Move, Walk
from hothsim.assault.fire import POWER_GRID, SHIELD_GENERATOR
from hothsim.assault.game import AssaultGame
from hothsim.assault.state import Unit
from hothsim.describe import side_words
from hothsim.describe.assault import AssaultWords
from hothsim.describe.assault import LETTER
from hothsim.kernel.hexes import hex_from_offset, hex_label, neighbour, offset_of
from hothsim.report import Chapter, Chronicler, Trail
from hothsim.report.svg import arrow_marker, document, element, line_legend, points, swatch, title

#: The game's words, with the lines about one piece the report's titles use.
WORDS = AssaultWords()

R = 12.0  # pixels from a hex's centre to a corner: room for the hex's number
PAD = 4.0
INSTALLATIONS = {SHIELD_GENERATOR: "Shield Generator", POWER_GRID: "Power Grid"}


class AssaultChronicler:
    """Assault on Hoth's chronicler (hothsim.report.Chronicler)."""

    def chapter(self, game: AssaultGame) -> tuple[int, str]:
        """Set-up, then each turn."""
        s = game.state
        return (0, "Set-up") if s.stage == "setup" else (s.turn, f"Turn {s.turn}")

    def trails(self, before: AssaultGame, action: Action, after: AssaultGame) -> list[Trail]:
        """A move from hex to hex, or a Walker's walk through every hex it stepped into."""
        if not isinstance(action, (Move, Walk)):
            return []
        u = before.state.unit(action.unit)
        v = after.state.unit(u.id)
        if u.hex is None or v.hex is None or u.where != "map" or v.where != "map":
            return []
        cells = [u.hex]
        if isinstance(action, Walk):
            steps = action.steps
            cells += [before.walk_end(u, steps[:i + 1])[0] for i, c in enumerate(steps) if c == "f"]
        else:
            cells.append(v.hex)
        return [Trail(u.id, u.side, tuple(offset_of(h) for h in cells))]

    def shot(self, before: AssaultGame, action: Action) -> tuple[str, str, float] | None:
        """A fire or a harpoon, with its chance to hit then."""
        if not isinstance(action, (Fire, Harpoon)):
            return None
        plan = before.shot(action)
        if isinstance(plan, str):
            return None
        return action.unit, action.target, before.hit_chance(plan)

    def cell(self, game: AssaultGame, unit: str) -> tuple[int, int] | None:
        """A unit's hex (or an installation's) as column and row."""
        bf = game.setup.field
        if unit in INSTALLATIONS:
            return offset_of(bf.shield_generator if unit == SHIELD_GENERATOR else bf.power_grid)
        s = game.state
        if not s.has_unit(unit):
            return None
        u = s.unit(unit)
        return offset_of(u.hex) if u.hex is not None and u.where == "map" else None

    def side_of(self, game: AssaultGame, unit: str) -> str:
        """A unit's side (the installations are the Rebels')."""
        return "rebel" if unit in INSTALLATIONS else game.state.unit(unit).side

    def fallen(self, before: AssaultGame, after: AssaultGame) -> list[str]:
        """Units destroyed by this decision, and an installation brought down."""
        out = [u.id for u in before.state.units if u.alive and not after.state.unit(u.id).alive and u.where == "map"]
        if before.state.power_grid and not after.state.power_grid:
            out.append(POWER_GRID)
        if before.state.shield_generator and not after.state.shield_generator:
            out.append(SHIELD_GENERATOR)
        return out

    def moments(self, before: AssaultGame, events: Sequence[Event], after: AssaultGame) -> list[tuple[str, str]]:
        """Transports Away!, and Luke's reveal."""
        out = [("transports", e.text) for e in events if e.kind == "transports"]
        if after.state.luke_revealed and not before.state.luke_revealed:
            out.append(("secret", f"Luke is revealed: he flies {after.state.luke}"))
        return out

    def forces(self, game: AssaultGame) -> list[str]:
        """Each side's units by type: how many came into play and how many were destroyed."""
        lines = []
        s = game.state
        for side in ("imperial", "rebel"):
            kinds: dict[str, list[Unit]] = {}
            for u in s.units:
                if u.side == side and u.where != "reserve":
                    kinds.setdefault(u.type, []).append(u)
            parts = [f"{len(us)} {game.rules.units[k].name} ({sum(not u.alive for u in us)} destroyed)"
                     for k, us in kinds.items()]
            lines.append(f"{side_words(side)}: " + "; ".join(parts) + ".")
        lines.append(f"Transports away: {s.transports} of {game.setup.transports_to_win}. Shield Generator "
                     f"{'standing' if s.shield_generator else 'destroyed'}, Power Grid "
                     f"{'standing' if s.power_grid else 'destroyed'}.")
        return lines

    def losses(self, game: AssaultGame) -> list[tuple[str, str]]:
        """Each unit destroyed, by its type's name, and the installations brought down."""
        s = game.state
        out: list[tuple[str, str]] = [(u.side, game.rules.units[u.type].name) for u in s.units
                                      if u.where == "destroyed"]
        out += [("rebel", name) for uid, name in INSTALLATIONS.items()
                if not (s.shield_generator if uid == SHIELD_GENERATOR else s.power_grid)]
        return out

    def secrets(self, steps: Sequence[tuple[str, list[Event], AssaultGame]]) -> list[str]:
        """Luke's Snowspeeder, and when it became known."""
        final = steps[-1][2].state
        if not final.luke:
            return []
        known = next((i for i, (_, _, g) in enumerate(steps) if g.state.luke_revealed), None)
        when = f"known from entry {known}, when he used the Force" if known else "kept secret until the end"
        return [f"Luke flew {final.luke} ({when})."]

    def secret_kept(self, game: AssaultGame) -> bool:
        """Luke's Snowspeeder, not yet revealed."""
        return bool(game.state.luke) and not game.state.luke_revealed

    def standing(self, game: AssaultGame) -> str:
        """The Walkers left, the installations, the Transports."""
        s = game.state
        walkers = sum(1 for u in s.units if u.type in ("walker", "atst") and u.alive and u.where == "map")
        return (f"Walkers on the map: {walkers}; Transports away: {s.transports} of {game.setup.transports_to_win}; "
                f"Shield Generator {'standing' if s.shield_generator else 'destroyed'}.")

    # ------------------------------------------------------------------ the map

    def legend(self, game: AssaultGame) -> list[tuple[str, str]]:
        """What the maps' marks mean: ground, zones, the installations, moves and fire, the destroyed, and the
        units' letters."""
        hexagon = element("polygon", points=points((14 + 8 * math.cos(math.radians(60 * i)),
                                                    9 + 8 * math.sin(math.radians(60 * i))) for i in range(6)),
                          class_="{}")
        diamond = element("path", d="M14 3 L20 9 L14 15 L8 9 z")
        out = [(swatch(hexagon.replace("{}", "h-clear m0") + hexagon.replace("{}", "h-clear m1")),
                "clear ground, each macrohex of seven hexes a shade (the hex's number is printed at its top)"),
               (swatch(hexagon.replace("{}", "h-rough")), "rough ground"),
               (swatch(hexagon.replace("{}", "h-cliff")), "cliff"),
               (swatch(hexagon.replace("{}", "zone forward-line")), "the Forward Line"),
               (swatch(hexagon.replace("{}", "zone imperial-reinforcement")), "the Imperial sector"),
               (swatch(hexagon.replace("{}", "zone rebel-sector-3")), "Rebel sector 3"),
               (swatch(hexagon.replace("{}", "zone rebel-sector-4")), "Rebel sector 4"),
               (swatch(element("g", diamond, class_="installation")), "the Shield Generator or the Power Grid"),
               (swatch(element("g", diamond, class_="installation down")), "an installation destroyed")]
        out += line_legend()
        out.append((swatch(element("path", d="M9 4 L19 14 M19 4 L9 14", class_="fallen")), "where a unit was destroyed"))
        walker = (element("circle", cx=11, cy=9, r=7) + element("line", x1=11, y1=9, x2=24, y2=9, class_="facing")
                  + element("text", "W3", x=11, y=11.5))
        out.append((swatch(element("g", walker, class_="unit imperial walker")),
                    "W3: walker-3, the line toward the hexside it faces"))
        for letter, kind in sorted({(LETTER[u.type], u.type) for u in game.state.units if u.type in LETTER}):
            out.append((swatch(element("g", element("circle", cx=14, cy=9, r=7)
                                       + element("text", letter, x=14, y=11.5), class_=f"unit {_side_of(game, kind)}")),
                        f"{letter}: {game.rules.units[kind].name}, followed by its number"))
        return out

    def svg(self, game: AssaultGame, chapter: Chapter) -> str:
        """The chapter's map at its end."""
        m = game.setup.field.map
        s = game.state
        width = 1.5 * R * (m.columns - 1) + 2 * R + 2 * PAD
        height = math.sqrt(3) * R * (m.rows + 0.5) + 2 * PAD
        body = []
        for c in range(m.columns):
            for r in range(m.rows):
                h = hex_from_offset(c, r)
                kind = game.terrain.terrain.get(h)
                if kind is None:
                    continue
                q, rr = game.terrain.macro[h]
                shade = f" m{(q - rr) % 3}" if kind == "clear" else ""
                x, y = _centre((c, r))
                body.append(element("use", href="#hex", x=x, y=y, class_=f"h-{kind}{shade}"))
                body.append(element("text", hex_label(h), x=x, y=y - R * 0.52, class_="hexno"))
        bf = game.setup.field
        outlines, names = _zones(game)
        body += outlines
        for uid, h in ((SHIELD_GENERATOR, bf.shield_generator), (POWER_GRID, bf.power_grid)):
            x, y = _centre(offset_of(h))
            up = s.shield_generator if uid == SHIELD_GENERATOR else s.power_grid
            body.append(element("g", title(f"{INSTALLATIONS[uid]} at {hex_label(h)}, {'standing' if up else 'destroyed'}")
                                + element("use", href="#installation", x=x, y=y), class_=f"installation {uid}"
                                + ("" if up else " down")))
            body.append(element("text", INSTALLATIONS[uid], x=x, y=y + R * 1.25, class_="place"))
        body += [_trail(t) for t in chapter.trails]
        for sh in chapter.shots:
            (x1, y1), (x2, y2) = _centre(sh.start), _centre(sh.end)
            body.append(element("line", title(f"{sh.attacker} fires at {sh.target}: {round(sh.chance * 100)}% to hit, "
                                              + ("hit" if sh.hit else "miss")),
                                x1=x1, y1=y1, x2=x2, y2=y2, class_=f"shot {sh.side} {'hit' if sh.hit else 'miss'}"))
        for unit, cell in chapter.fallen:
            x, y = _centre(cell)
            body.append(element("use", title(f"{unit} destroyed here"), href="#fallen", x=x, y=y, class_="fallen"))
        for u in s.units:
            if u.where == "map" and u.hex is not None:
                body.append(_unit(game, u))
        body += names  # over the units, so a name is never hidden
        corners = points((R * math.cos(math.radians(60 * i)), R * math.sin(math.radians(60 * i))) for i in range(6))
        defs = [arrow_marker(), element("polygon", id="hex", points=corners),
                element("path", id="installation", d=f"M0 {-R * 0.7:.1f} L{R * 0.7:.1f} 0 L0 {R * 0.7:.1f} "
                        f"L{-R * 0.7:.1f} 0 z"),
                element("path", id="fallen", d="M-5 -5 L5 5 M5 -5 L-5 5")]
        label = f"{game.setup.scenario_name}, {chapter.title}: the map at its end. {chapter.caption}"
        return document(width, height, label, defs, body)


def _side_of(game: AssaultGame, kind: str) -> str:
    """The side whose units are of this kind."""
    return next(u.side for u in game.state.units if u.type == kind)


def _zones(game: AssaultGame) -> tuple[list[str], list[str]]:
    """The Forward Line and the sectors: each hex outlined in its zone's colour, and each zone's name, once,
    at the hex nearest its middle."""
    bf = game.setup.field
    zones = [("forward-line", "Forward Line", bf.forward_line)]
    zones += [(name, _sector_name(name), zone) for name, zone in sorted(bf.sectors.items())]
    out, names = [], []
    for key, name, zone in zones:
        cells = sorted(offset_of(h) for h in zone)
        if not cells:
            continue
        out += [element("use", href="#hex", x=_centre(c)[0], y=_centre(c)[1], class_=f"zone {key}") for c in cells]
        mx = sum(c for c, _ in cells) / len(cells)
        my = sum(r for _, r in cells) / len(cells)
        x, y = _centre(min(cells, key=lambda c: ((c[0] - mx) ** 2 + (c[1] - my) ** 2, c)))
        half = len(name) * 2.0  # about half the name's width at the map's 7px: kept inside the picture
        x = min(max(x, PAD + half), 1.5 * R * (bf.map.columns - 1) + 2 * R + PAD - half)
        names.append(element("text", name, x=x, y=y + R * 0.2, class_=f"zone-name {key}"))
    return out, names


def _sector_name(name: str) -> str:
    """A sector's name as the rulebook says it: "imperial-reinforcement" is the Imperial sector,
    "rebel-sector-3" Rebel sector 3."""
    if name.startswith("rebel-sector-"):
        return f"Rebel sector {name.rsplit('-', 1)[1]}"
    return "Imperial sector" if name.startswith("imperial") else name.replace("-", " ")


def _centre(cell: tuple[int, int]) -> tuple[float, float]:
    """The centre of the hex at (column, row), 0-based; odd columns (the board's even ones) sit lower."""
    c, r = cell
    return PAD + R + 1.5 * R * c, PAD + math.sqrt(3) * R * (r + 0.5 + (c & 1) / 2)


def _trail(t: Trail) -> str:
    ends = " to ".join(hex_label(hex_from_offset(*cell)) for cell in (t.cells[0], t.cells[-1]))
    return element("polyline", title(f"{t.unit} moves {ends}"), points=points(_centre(c) for c in t.cells),
                   class_=f"move {t.side}", marker_end="url(#arrow)")


def _unit(game: AssaultGame, u: Unit) -> str:
    """A unit: a disc, its letter and number, a Walker's facing; the describe layer's line as its title (Luke
    named only once revealed)."""
    assert u.hex is not None
    x, y = _centre(offset_of(u.hex))
    seen = game.state if game.is_over or game.state.luke_revealed else game.observation("imperial").state
    parts = [title(WORDS.unit_line(game, seen, u)), element("circle", cx=x, cy=y, r=R * 0.62)]
    if u.type in ("walker", "atst"):
        fx, fy = _centre(offset_of(neighbour(u.hex, u.facing)))
        parts.append(element("line", x1=x, y1=y, x2=x + (fx - x) * 0.55, y2=y + (fy - y) * 0.55, class_="facing"))
    parts.append(element("text", LETTER.get(u.type, "?") + u.id.rsplit("-", 1)[-1], x=x, y=y + 2.5))
    return element("g", "".join(parts), class_=f"unit {u.side} {u.type}")


CHRONICLER: Chronicler[AssaultGame, Action] = AssaultChronicler()  # checked against the Protocol here

__all__ = ["CHRONICLER", "AssaultChronicler"]
