"""The square grid of the skirmish game: squares, edges, walls and doors, terrain, spaces, steps.

Square (x, y) is the closed unit square [x, x+1] x [y, y+1].  Its label is the column letter(s)
then the row number: (0, 0) is `A1`, (26, 4) is `AA5`.  Walls and doors lie on edges, the unit
segments of grid lines between squares:

- `Edge("v", x, y)` is the segment from (x, y) to (x, y+1): between squares (x-1, y) and (x, y);
- `Edge("h", x, y)` is the segment from (x, y) to (x+1, y): between squares (x, y-1) and (x, y).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property
from typing import Iterable, Iterator, NamedTuple

Square = tuple[int, int]
Point = tuple[int, int]

#: The eight steps a figure can take: orthogonal first, then diagonal.
ORTHOGONAL: tuple[Square, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL: tuple[Square, ...] = ((1, 1), (1, -1), (-1, 1), (-1, -1))
STEPS: tuple[Square, ...] = ORTHOGONAL + DIAGONAL

_LABEL = re.compile(r"^([A-Za-z]{1,3})([1-9][0-9]{0,3})$")


class Terrain(str, Enum):
    """What a square holds.  Trench counts as difficult terrain (Battle of Hoth glossary)."""

    CLEAR = "clear"
    LOW = "low objects"
    DIFFICULT = "difficult"
    TRENCH = "trench"
    PIT = "pit"
    SOLID = "solid"

    @property
    def doubles_movement(self) -> bool:
        """Entering this terrain costs double (low objects, difficult terrain, trench)."""
        return self in (Terrain.LOW, Terrain.DIFFICULT, Terrain.TRENCH)

    @property
    def gives_cover(self) -> bool:
        """Low objects are the only terrain that grants cover by itself (walls are on edges)."""
        return self is Terrain.LOW


class Edge(NamedTuple):
    """A unit segment of a grid line; see the module docstring for the orientation."""

    axis: str  # "v" or "h"
    x: int
    y: int

    @property
    def ends(self) -> tuple[Point, Point]:
        """The two grid points the edge joins."""
        if self.axis == "v":
            return (self.x, self.y), (self.x, self.y + 1)
        return (self.x, self.y), (self.x + 1, self.y)

    @property
    def squares(self) -> tuple[Square, Square]:
        """The two squares on either side of the edge (they may lie off the map)."""
        if self.axis == "v":
            return (self.x - 1, self.y), (self.x, self.y)
        return (self.x, self.y - 1), (self.x, self.y)

    @property
    def label(self) -> str:
        """The edge as the log names it: the two squares it lies between, `L3-M3` (a door is inside the map)."""
        a, b = self.squares
        return f"{square_label(a)}-{square_label(b)}"


def column_label(x: int) -> str:
    """Column letters for a 0-based column: 0 -> A, 25 -> Z, 26 -> AA, 27 -> AB."""
    if 0 <= x < len(_COLUMNS):
        return _COLUMNS[x]  # the computer's tie-breaks write the notation of thousands of moves
    return _letters(x)


def _letters(x: int) -> str:
    """Column letters worked out (for `column_label`)."""
    if x < 0:
        raise ValueError(f"column {x} is off the map")
    letters = ""
    n = x + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return letters


_COLUMNS: tuple[str, ...] = tuple(_letters(x) for x in range(26 * 27))  # A to ZZ


def square_label(square: Square) -> str:
    """The label of a square: `A1` is (0, 0)."""
    x, y = square
    return f"{column_label(x)}{y + 1}"


def parse_square(label: str) -> Square:
    """The square for a label such as `c7` or `AB12`; raises ValueError for anything else."""
    m = _LABEL.match(label.strip())
    if not m:
        raise ValueError(f"{label!r} is not a square label (column letters then row number, like C7)")
    x = 0
    for ch in m.group(1).upper():
        x = x * 26 + (ord(ch) - ord("A") + 1)
    return (x - 1, int(m.group(2)) - 1)


def space_of(anchor: Square, size: int) -> tuple[Square, ...]:
    """The squares of a figure of `size` (1, 2 or 3) whose lowest corner square is `anchor`."""
    if size == 1:  # most figures: asked for hundreds of thousands of times a game
        return (anchor,)
    ax, ay = anchor
    return tuple((ax + i, ay + j) for j in range(size) for i in range(size))


def anchors_over(squares: Iterable[Square], size: int) -> frozenset[Square]:
    """The anchors of a figure of `size` whose space would cover any of these squares."""
    if size == 1:
        return frozenset(squares)
    return frozenset((x - i, y - j) for x, y in squares for i in range(size) for j in range(size))


def edge_between(a: Square, b: Square) -> Edge:
    """The edge shared by two orthogonally neighbouring squares."""
    (ax, ay), (bx, by) = a, b
    if ay == by and abs(ax - bx) == 1:
        return Edge("v", max(ax, bx), ay)
    if ax == bx and abs(ay - by) == 1:
        return Edge("h", ax, max(ay, by))
    raise ValueError(f"{square_label(a)} and {square_label(b)} are not orthogonal neighbours")


def edges_of(square: Square) -> tuple[Edge, Edge, Edge, Edge]:
    """The four edges around a square."""
    x, y = square
    return (Edge("v", x, y), Edge("v", x + 1, y), Edge("h", x, y), Edge("h", x, y + 1))


def squares_touching(square: Square) -> Iterator[Square]:
    """The eight squares sharing an edge or a corner with `square` (on or off the map)."""
    x, y = square
    for dx, dy in STEPS:
        yield (x + dx, y + dy)


@dataclass(frozen=True)
class Barriers:
    """Everything that blocks movement and sight for one state of the doors.

    `vertical` holds (x, y) for each blocking edge Edge("v", x, y); `horizontal` likewise; `points`
    holds every grid point that is the end of a blocking edge (where diagonal steps are refused and
    a line of sight would "nick a corner").
    """

    vertical: frozenset[tuple[int, int]]
    horizontal: frozenset[tuple[int, int]]
    points: frozenset[Point]

    @staticmethod
    def from_edges(edges: Iterable[Edge]) -> "Barriers":
        """Collect blocking edges into the lookup sets."""
        v: set[tuple[int, int]] = set()
        h: set[tuple[int, int]] = set()
        pts: set[Point] = set()
        for e in edges:
            (v if e.axis == "v" else h).add((e.x, e.y))
            pts.update(e.ends)
        return Barriers(frozenset(v), frozenset(h), frozenset(pts))

    def blocks(self, edge: Edge) -> bool:
        """Whether this edge is a wall or a closed door."""
        return (edge.x, edge.y) in (self.vertical if edge.axis == "v" else self.horizontal)

    def edges(self) -> Iterator[Edge]:
        """Every blocking edge."""
        for x, y in self.vertical:
            yield Edge("v", x, y)
        for x, y in self.horizontal:
            yield Edge("h", x, y)


@dataclass(frozen=True)
class SquareMap:
    """A skirmish battle map: size, terrain per square, walls and doors on edges, named zones."""

    id: str
    name: str
    width: int
    height: int
    terrain: tuple[tuple[Terrain, ...], ...]  # terrain[y][x]
    walls: frozenset[Edge]
    doors: frozenset[Edge]
    zones: tuple[tuple[str, frozenset[Square]], ...] = ()
    _barrier_cache: dict[frozenset[Edge], "Barriers"] = field(default_factory=dict, compare=False, repr=False, hash=False)

    def in_bounds(self, square: Square) -> bool:
        """Whether the square lies on the map."""
        x, y = square
        return 0 <= x < self.width and 0 <= y < self.height

    def terrain_at(self, square: Square) -> Terrain:
        """Terrain of an on-map square."""
        x, y = square
        return self.terrain[y][x]

    def squares(self) -> Iterator[Square]:
        """Every square of the map, row by row."""
        for y in range(self.height):
            for x in range(self.width):
                yield (x, y)

    def zone(self, name: str) -> frozenset[Square]:
        """The squares of a named zone; KeyError names the zones that exist."""
        for zone_name, squares in self.zones:
            if zone_name == name:
                return squares
        raise KeyError(f"map {self.id} has no zone {name!r} (it has: {', '.join(n for n, _ in self.zones)})")

    @cached_property
    def solid_edges(self) -> frozenset[Edge]:
        """Edges around solid squares: a solid square behaves as if walled in on every side."""
        out: set[Edge] = set()
        for sq in self.squares():
            if self.terrain_at(sq) is Terrain.SOLID:
                out.update(edges_of(sq))
        return frozenset(out)

    def barriers(self, open_doors: frozenset[Edge] = frozenset()) -> Barriers:
        """The blocking edges when `open_doors` are open and every other door is closed (cached)."""
        key = frozenset(open_doors) & self.doors
        hit = self._barrier_cache.get(key)
        if hit is None:
            hit = Barriers.from_edges(self.walls | self.solid_edges | (self.doors - key))
            self._barrier_cache[key] = hit
        return hit

    def squares_next_to_door(self, door: Edge) -> tuple[Square, ...]:
        """Squares whose figure would hold this door open: those touching it (edge or corner), on the map."""
        (x0, y0), (x1, y1) = door.ends
        out = []
        for sx in range(min(x0, x1) - 1, max(x0, x1) + 1):
            for sy in range(min(y0, y1) - 1, max(y0, y1) + 1):
                if self.in_bounds((sx, sy)) and self.terrain_at((sx, sy)) is not Terrain.SOLID:
                    out.append((sx, sy))
        return tuple(out)


def step_is_open(barriers: Barriers, frm: Square, to: Square) -> bool:
    """Whether one square may step to a neighbouring square without crossing a wall.

    An orthogonal step may not cross a blocking edge; a diagonal step may not pass the corner or
    end of a wall (the corner point the two squares share may touch no blocking edge).
    """
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    if dx == 0 or dy == 0:
        if dx == 0:
            return (frm[0], max(frm[1], to[1])) not in barriers.horizontal
        return (max(frm[0], to[0]), frm[1]) not in barriers.vertical
    corner = (max(frm[0], to[0]), max(frm[1], to[1]))
    return corner not in barriers.points
