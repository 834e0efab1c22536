"""A skirmish told for the after-action report (see hothsim.report): rounds, figures, and the square map.

The map is drawn a square a cell: the ground (a class per terrain), walls and doors on the edges, each
figure a disc (a class per side) with a short label, moves as arrows through the squares stepped into,
attacks as lines (solid a hit, dashed a miss), the fallen crossed out where they stood.
"""

from __future__ import annotations

from typing import Any, Sequence

from hothsim.kernel.engine import Event
from hothsim.describe import side_words
from hothsim.describe.skirmish import SkirmishWords
from hothsim.kernel.squares import Terrain, square_label
from hothsim.report import Chapter, Chronicler, Trail
from hothsim.report.svg import arrow_marker, document, element, line_legend, points, swatch, title
from hothsim.skirmish.actions import Action, Attack, Move, Opportunity
from hothsim.skirmish.game import SkirmishGame
from hothsim.skirmish.state import Figure

#: The game's words, with the lines about one piece the report's titles use.
WORDS = SkirmishWords()

CELL = 16  # pixels a square
#: Each kind of ground the legend names (clear ground is the page's own colour).
TERRAIN_WORDS = {Terrain.LOW: "low objects (cover)", Terrain.DIFFICULT: "difficult terrain",
                 Terrain.TRENCH: "trench (counts as difficult)", Terrain.PIT: "pit", Terrain.SOLID: "solid (blocks moves and sight)"}
EDGE = 18  # room for the labels at the top and left


class SkirmishChronicler:
    """The skirmish's chronicler (hothsim.report.Chronicler)."""

    def chapter(self, game: SkirmishGame) -> tuple[int, str]:
        """Squad building and set-up are chapter 0; then each round its own."""
        s = game.state
        return (0, "Set-up") if s.stage in ("build", "setup") else (s.round, f"Round {s.round}")

    def trails(self, before: SkirmishGame, action: Action, after: SkirmishGame) -> list[Trail]:
        """A move: the figure's square, then every square its anchor stepped into."""
        if type(action) is not Move:
            return []
        f = before.state.fig(action.figure)
        if f.pos is None:
            return []
        return [Trail(f.id, f.side, (f.pos,) + tuple((p[0], p[1]) for p in action.path))]

    def shot(self, before: SkirmishGame, action: Action) -> tuple[str, str, float] | None:
        """An attack or an attack of opportunity, with its chance to hit then."""
        s = before.state
        if type(action) is Attack:
            return action.figure, action.target, before.hit_chance(action) / 100
        if type(action) is Opportunity:
            return action.figure, action.target, before.targeting.chance_in(s, s.fig(action.figure), s.fig(action.target)) / 100
        return None

    def cell(self, game: SkirmishGame, unit: str) -> tuple[int, int] | None:
        """A figure's anchor square."""
        s = game.state
        return s.fig(unit).pos if s.has_figure(unit) else None

    def side_of(self, game: SkirmishGame, unit: str) -> str:
        """A figure's side."""
        return game.state.fig(unit).side

    def fallen(self, before: SkirmishGame, after: SkirmishGame) -> list[str]:
        """Figures defeated by this decision."""
        return [f.id for f in before.state.living() if after.state.fig(f.id).defeated]

    def moments(self, before: SkirmishGame, events: Sequence[Event], after: SkirmishGame) -> list[tuple[str, str]]:
        """A squad built in secret, revealed."""
        return [("secret", e.text) for e in events if e.kind == "build" and "revealed" in e.text]

    def forces(self, game: SkirmishGame) -> list[str]:
        """Each squad: its figures with their cards and points, and how each ended."""
        s = game.state
        lines = []
        for side in ("rebel", "imperial"):
            figs = [f for f in s.figures if f.side == side]
            total = sum(game.card(f).cost for f in figs)
            lines.append(f"{side_words(side)} squad, {total} points: " + "; ".join(
                f"{f.id} ({game.card(f).name}, {game.card(f).cost}): "
                + ("defeated" if f.defeated else f"{f.hp} of {game.card(f).hp} hit points") for f in figs))
        return lines

    def losses(self, game: SkirmishGame) -> list[tuple[str, str]]:
        """Each figure defeated, by its card's name."""
        return [(f.side, game.card(f).name) for f in game.state.figures if f.defeated]

    def secrets(self, steps: Sequence[tuple[str, list[Event], SkirmishGame]]) -> list[str]:
        """Squads built in secret, and the entry that revealed them."""
        out = []
        for i, (_, events, _) in enumerate(steps):
            out += [f"{e.text} (entry {i})" for e in events if e.kind == "build" and "revealed" in e.text]
        return out

    def secret_kept(self, game: SkirmishGame) -> bool:
        """Squads still being built in secret."""
        return game.state.stage == "build"

    def standing(self, game: SkirmishGame) -> str:
        """Figures and points standing on each side."""
        s = game.state
        parts = []
        for side in ("rebel", "imperial"):
            living = [f for f in s.living() if f.side == side]
            parts.append(f"{side_words(side)} {len(living)} standing ({sum(game.card(f).cost for f in living)} points)")
        return "Standing: " + ", ".join(parts) + "."

    # ------------------------------------------------------------------ the map

    def legend(self, game: SkirmishGame) -> list[tuple[str, str]]:
        """What the maps' marks mean: terrain on this map, walls and doors, moves and shots, the fallen, and
        each figure's label."""
        grid = game.setup.grid
        present = {grid.terrain_at((x, y)) for x in range(grid.width) for y in range(grid.height)}
        square = element("rect", x=7, y=2, width=14, height=14, class_="{}")
        out = [(swatch(square.replace("{}", "t-" + kind.value.replace(" ", "-"))), TERRAIN_WORDS[kind])
               for kind in Terrain if kind in present and kind in TERRAIN_WORDS]
        edge = element("line", x1=14, y1=1, x2=14, y2=17, class_="{}")
        out += [(swatch(edge.replace("{}", "wall")), "a wall (no move or sight across it)")] if grid.walls else []
        if grid.doors:
            out += [(swatch(edge.replace("{}", "door closed")), "a closed door"),
                    (swatch(edge.replace("{}", "door open")), "an open door")]
        out += line_legend()
        out.append((swatch(element("path", d="M8 3 L20 15 M20 3 L8 15", class_="fallen")),
                    "where a figure fell"))
        for f in game.state.figures:
            disc = element("circle", cx=14, cy=9, r=7.5) + element("text", label_of(f.id), x=14, y=12)
            out.append((swatch(element("g", disc, class_=f"figure {f.side}")),
                        f"{label_of(f.id)}: {f.id} ({side_words(f.side)})"))
        return out

    def svg(self, game: SkirmishGame, chapter: Chapter) -> str:
        """The chapter's map at its end."""
        grid = game.setup.grid
        s = game.state
        width, height = EDGE + grid.width * CELL + 2, EDGE + grid.height * CELL + 2
        body = [element("rect", x=EDGE, y=EDGE, width=grid.width * CELL, height=grid.height * CELL, class_="ground"),
                element("rect", x=EDGE, y=EDGE, width=grid.width * CELL, height=grid.height * CELL, fill="url(#grid)")]
        for x in range(grid.width):
            body.append(element("text", square_label((x, 0))[:-1], x=EDGE + x * CELL + CELL / 2, y=EDGE - 5,
                                class_="label"))
        for y in range(grid.height):
            body.append(element("text", str(y + 1), x=EDGE - 3, y=EDGE + y * CELL + 12, class_="label row"))
        for y in range(grid.height):
            for x in range(grid.width):
                kind = grid.terrain_at((x, y))
                if kind is not Terrain.CLEAR:
                    body.append(element("use", href="#square", x=_px(x), y=_px(y),
                                        class_="t-" + kind.value.replace(" ", "-")))
        for e in sorted(grid.walls):
            body.append(_edge(e, "wall"))
        for e in sorted(grid.doors):
            body.append(_edge(e, "door open" if e in s.open_doors else "door closed"))
        body += [_trail(t) for t in chapter.trails]
        for sh in chapter.shots:
            x1, y1 = _centre(sh.start)
            x2, y2 = _centre(sh.end)
            body.append(element("line", title(f"{sh.attacker} attacks {sh.target}: {round(sh.chance * 100)}% to hit, "
                                              + ("hit" if sh.hit else "miss")),
                                x1=x1, y1=y1, x2=x2, y2=y2, class_=f"shot {sh.side} {'hit' if sh.hit else 'miss'}"))
        for unit, (x, y) in chapter.fallen:
            body.append(element("use", title(f"{unit} fell here"), href="#fallen", x=_px(x), y=_px(y), class_="fallen"))
        for f in s.living():
            body.append(_figure(game, f))
        defs = [arrow_marker(),
                element("pattern", element("path", d=f"M{CELL} 0 L0 0 0 {CELL}", class_="gridline"), id="grid",
                        width=CELL, height=CELL, patternUnits="userSpaceOnUse", x=EDGE, y=EDGE),
                element("rect", id="square", width=CELL, height=CELL),
                element("path", id="fallen", d=f"M3 3 L{CELL - 3} {CELL - 3} M{CELL - 3} 3 L3 {CELL - 3}")]
        label = f"{game.setup.scenario_name}, {chapter.title}: the map at its end. {chapter.caption}"
        return document(width, height, label, defs, body)


def label_of(fid: str) -> str:
    """A short label for a figure: the initials of its card's words and its number (hoth-trooper-2: HT2)."""
    words = fid.split("-")
    number = words.pop() if words[-1].isdigit() else ""
    return "".join(w[0] for w in words).upper()[:3] + number


def _px(i: int) -> float:
    return float(EDGE + i * CELL)


def _centre(sq: tuple[int, int], size: int = 1) -> tuple[float, float]:
    return EDGE + sq[0] * CELL + size * CELL / 2, EDGE + sq[1] * CELL + size * CELL / 2


def _edge(e: Any, kind: str) -> str:
    (x1, y1), (x2, y2) = e.ends
    return element("line", x1=_px(x1), y1=_px(y1), x2=_px(x2), y2=_px(y2), class_=kind)


def _trail(t: Trail) -> str:
    return element("polyline", title(f"{t.unit} moves " + " to ".join(square_label(c) for c in (t.cells[0], t.cells[-1]))),
                   points=points(_centre(c) for c in t.cells), class_=f"move {t.side}", marker_end="url(#arrow)")


def _figure(game: SkirmishGame, f: Figure) -> str:
    """A figure: a disc over its space, its label, and its line of the describe layer as the title."""
    assert f.pos is not None
    cx, cy = _centre(f.pos, f.size)
    r = f.size * CELL / 2 - 1.5
    said = WORDS.figure_line(game, game.state, f)
    return element("g", title(said) + element("circle", cx=cx, cy=cy, r=r)
                   + element("text", label_of(f.id), x=cx, y=cy + 3.5), class_=f"figure {f.side}")


CHRONICLER: Chronicler[SkirmishGame, Action] = SkirmishChronicler()  # checked against the Protocol here

__all__ = ["CHRONICLER", "SkirmishChronicler", "label_of"]
