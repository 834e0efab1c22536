"""Square-map files (skirmish battle maps): a TOML file with the map drawn as text.

See docs/map-format.md.  The drawing has 2*height+1 lines of 2*width+1 characters: squares at odd
line and odd column positions, edges between them, grid corners at even/even positions.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from hothsim.data.values import SquareMapFile
from hothsim.data.errors import DataError, key_line
from hothsim.data.files import read_text, read_toml
from hothsim.kernel.squares import Edge, Square, SquareMap, Terrain, parse_square, square_label

#: Square characters of the drawing.
TERRAIN_CHARS: dict[str, Terrain] = {
    ".": Terrain.CLEAR,
    "o": Terrain.LOW,
    "~": Terrain.DIFFICULT,
    "t": Terrain.TRENCH,
    "x": Terrain.PIT,
    "#": Terrain.SOLID,
}
TERRAIN_SYMBOL: dict[Terrain, str] = {v: k for k, v in TERRAIN_CHARS.items()}
CORNER_CHARS = "+ "


def parse_area(token: str, width: int, height: int) -> frozenset[Square]:
    """A zone token: one square (`C7`) or an inclusive rectangle (`A1:D24`); ValueError if bad."""
    parts = token.split(":")
    if len(parts) > 2:
        raise ValueError(f"{token!r} should be a square like C7 or a rectangle like A1:D24")
    a = parse_square(parts[0])
    b = parse_square(parts[-1])
    out = set()
    for x in range(min(a[0], b[0]), max(a[0], b[0]) + 1):
        for y in range(min(a[1], b[1]), max(a[1], b[1]) + 1):
            if not (0 <= x < width and 0 <= y < height):
                raise ValueError(f"{token!r} reaches {square_label((x, y))}, off the {width}x{height} map")
            out.add((x, y))
    return frozenset(out)


def load_square_map(path: Path, text: str | None = None) -> SquareMap:
    """Read, validate and build a square map; every problem is a DataError naming the place."""
    text = read_text(path) if text is None else text
    return build_square_map(path, square_map_document(path, text), text)


def square_map_document(path: Path, text: str | None = None) -> SquareMapFile:
    """Read and validate a square-map file (`hothsim.data.schemas.SquareMapFile`): its fields as typed values."""
    from hothsim.data import schemas

    text = read_text(path) if text is None else text
    return schemas.validated(path, schemas.SquareMapFile, read_toml(path, text), text, SquareMapFile)


def build_square_map(path: Path | str, m: SquareMapFile, text: str = "") -> SquareMap:
    """Turn a validated map file into a SquareMap, checking the drawing (`text`, the file, for the lines
    a problem names)."""
    first = (key_line(text, "grid") or 0) + 1  # the drawing starts on the line after `grid = '''`
    terrain_rows, walls, doors = _read_drawing(path, m, first)
    zones = _zones(path, m, text)
    grid = SquareMap(m.id, m.name, m.width, m.height, tuple(terrain_rows), frozenset(walls), frozenset(doors),
                     tuple(zones))
    _check_doors_and_zones(path, grid, doors, zones, first, text)
    return grid


def _read_drawing(path: Path | str, m: SquareMapFile, first: int
                  ) -> tuple[list[tuple[Terrain, ...]], set[Edge], set[Edge]]:
    """The terrain rows, walls and doors of the drawing, each character checked (`first`: its first line)."""
    lines = m.grid.split("\n")
    want_rows, want_cols = 2 * m.height + 1, 2 * m.width + 1
    while len(lines) > want_rows and lines[-1].strip() == "":
        lines.pop()  # blank lines after the drawing (the newline before the closing quotes)
    if len(lines) != want_rows:
        raise DataError(path, f"the drawing has {len(lines)} lines; a map {m.height} squares high needs "
                        f"{want_rows} (edges and squares alternate)", line=first, field="grid")
    terrain_rows: list[tuple[Terrain, ...]] = []
    walls: set[Edge] = set()
    doors: set[Edge] = set()
    for i, line in enumerate(lines):
        lineno = first + i
        if len(line.rstrip()) > want_cols:
            raise DataError(path, f"drawing line is {len(line.rstrip())} characters; a map {m.width} squares wide "
                            f"needs at most {want_cols}", line=lineno, field="grid")
        row: list[Terrain] = []
        for j, ch in enumerate(line.ljust(want_cols)[:want_cols]):
            where = _Where(path, lineno, j + 1)
            if i % 2 == 1 and j % 2 == 1:
                row.append(_terrain(where, ch, (j // 2, i // 2)))
            elif i % 2 == 0 and j % 2 == 0:
                _corner(where, ch)
            else:
                _edge(where, ch, i, j, walls, doors)
        if i % 2 == 1:
            terrain_rows.append(tuple(row))
    return terrain_rows, walls, doors


@dataclass(frozen=True)
class _Where:
    """A character of the drawing, as a message names it."""

    path: Path | str
    line: int
    column: int

    def error(self, what: str) -> DataError:
        """A DataError naming the file, the line and this column."""
        return DataError(self.path, f"column {self.column}{what}", line=self.line, field="grid")


def _terrain(where: _Where, ch: str, sq: Square) -> Terrain:
    if ch not in TERRAIN_CHARS:
        raise where.error(f" (square {square_label(sq)}): unknown terrain {ch!r} (use {' '.join(TERRAIN_CHARS)})")
    return TERRAIN_CHARS[ch]


def _corner(where: _Where, ch: str) -> None:
    if ch not in CORNER_CHARS:
        raise where.error(f": a grid corner must be '+' or a space, not {ch!r}")


def _edge(where: _Where, ch: str, i: int, j: int, walls: set[Edge], doors: set[Edge]) -> None:
    vertical = i % 2 == 1
    edge = Edge("v", j // 2, i // 2) if vertical else Edge("h", j // 2, i // 2)
    wall_ch = "|" if vertical else "-"
    if ch == wall_ch:
        walls.add(edge)
    elif ch == "D":
        doors.add(edge)
    elif ch != " ":
        raise where.error(f": an edge must be ' ', '{wall_ch}' (wall) or 'D' (door), not {ch!r}")


def _zones(path: Path | str, m: SquareMapFile, text: str) -> list[tuple[str, frozenset[Square]]]:
    """Each side's set-up zone, its areas read."""
    zones: list[tuple[str, frozenset[Square]]] = []
    for name, tokens in m.zones.items():
        squares: set[Square] = set()
        for tok in tokens:
            try:
                squares |= parse_area(tok, m.width, m.height)
            except ValueError as e:
                raise DataError(path, str(e), line=key_line(text, name), entry=f"zones.{name}") from None
        zones.append((name, frozenset(squares)))
    return zones


def _check_doors_and_zones(path: Path | str, grid: SquareMap, doors: set[Edge],
                           zones: list[tuple[str, frozenset[Square]]], first: int, text: str) -> None:
    """Every door leads between two open squares; no zone square is rock or a pit."""
    for door in sorted(doors):
        for sq in door.squares:
            if not grid.in_bounds(sq) or grid.terrain_at(sq) is Terrain.SOLID:
                a, b = door.ends
                raise DataError(path, f"the door on the edge from {a} to {b} does not lead between two open squares",
                                line=first + (2 * door.y + 1 if door.axis == "v" else 2 * door.y), field="grid")
    for name, squares in zones:
        for sq in sorted(squares):
            if grid.terrain_at(sq) in (Terrain.SOLID, Terrain.PIT):
                raise DataError(path, f"zone square {square_label(sq)} is {grid.terrain_at(sq).value}; figures "
                                "cannot be set up there", line=key_line(text, name), entry=f"zones.{name}")


def draw_square_map(grid: SquareMap) -> str:
    """The drawing of a map in the file format (used by tests and by map authors' tools)."""
    drawn_points = {p for e in grid.walls | grid.doors for p in e.ends}
    out = []
    for i in range(2 * grid.height + 1):
        chars = []
        for j in range(2 * grid.width + 1):
            if i % 2 == 1 and j % 2 == 1:
                chars.append(TERRAIN_SYMBOL[grid.terrain_at((j // 2, i // 2))])
            elif i % 2 == 0 and j % 2 == 0:
                chars.append("+" if (j // 2, i // 2) in drawn_points else " ")
            else:
                e = Edge("v", j // 2, i // 2) if i % 2 == 1 else Edge("h", j // 2, i // 2)
                chars.append("D" if e in grid.doors else ("|" if i % 2 == 1 else "-") if e in grid.walls else " ")
        out.append("".join(chars).rstrip())
    return "\n".join(out) + "\n"
