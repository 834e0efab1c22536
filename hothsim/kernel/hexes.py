"""The hex grid of Assault on Hoth: axial coordinates, labels, facing, macrohexes, field of fire.

Hexes are flat-topped and stand in columns, as on a wargame map.  Inside the engine a hex is an
axial pair (q, r) (Red Blob Games' guide); q is the column.  The board shows `CCRR` labels: column
then row, both counted from 01 at the north-west corner; even-numbered columns (02, 04, ...) sit
half a hex further south than odd ones.

Directions are numbered clockwise from north: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW.  A facing is one
of these.

Macrohexes are 7-hex flowers whose centres form an index-7 sublattice.  A map fixes one centre hex
(the origin) and the chirality ("a" or "b"), which decide every hex's macrohex.  All formulas are
integer arithmetic.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterator, Literal

Hex = tuple[int, int]  # axial (q, r)

#: Clockwise from north for flat-topped hexes.
DIRECTIONS: tuple[Hex, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
DIRECTION_NAMES: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")

Chirality = Literal["a", "b"]

# Two macro-neighbour vectors (u, v) per chirality, at the same angle as the axial unit vectors
# (1, 0) and (0, 1); both spans have determinant 7.  Centres satisfy f(h) = f(origin) mod 7.
_BASIS: dict[str, tuple[Hex, Hex]] = {"a": ((2, 1), (-1, 3)), "b": ((1, 2), (-2, 3))}
_FUNCTIONAL: dict[str, tuple[int, int]] = {"a": (3, 1), "b": (5, 1)}

_LABEL = re.compile(r"^([0-9]{2})([0-9]{2})$")


def neighbour(h: Hex, direction: int) -> Hex:
    """The hex next to h across hexside `direction` (0-5)."""
    dq, dr = DIRECTIONS[direction % 6]
    return (h[0] + dq, h[1] + dr)


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six hexes around h, clockwise from north."""
    return tuple((h[0] + dq, h[1] + dr) for dq, dr in DIRECTIONS)


def distance(a: Hex, b: Hex) -> int:
    """Hex distance (number of steps) between two hexes."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def direction_between(a: Hex, b: Hex) -> int | None:
    """The direction from a to an adjacent hex b, or None if they are not adjacent."""
    d = (b[0] - a[0], b[1] - a[1])
    return DIRECTIONS.index(d) if d in DIRECTIONS else None


def turn_cost(facing: int, new_facing: int) -> int:
    """Hexsides turned to change facing (each costs a Walker 1 MP): 0 to 3."""
    diff = (new_facing - facing) % 6
    return min(diff, 6 - diff)


# ----------------------------------------------------------------------------------------------
# Labels


def hex_from_offset(col: int, row: int) -> Hex:
    """Axial hex from 0-based column and row (odd 0-based columns are shifted south)."""
    return (col, row - (col - (col & 1)) // 2)


def offset_of(h: Hex) -> tuple[int, int]:
    """0-based (column, row) of an axial hex."""
    q, r = h
    return (q, r + (q - (q & 1)) // 2)


def hex_label(h: Hex) -> str:
    """Wargame label `CCRR` (01-based column, then row)."""
    col, row = offset_of(h)
    if not (0 <= col < 99 and 0 <= row < 99):
        raise ValueError(f"hex {h} has no two-digit label")
    return f"{col + 1:02d}{row + 1:02d}"


def parse_hex(label: str) -> Hex:
    """Axial hex for a `CCRR` label such as `0712`; ValueError for anything else."""
    m = _LABEL.match(label.strip())
    if not m or int(m.group(1)) == 0 or int(m.group(2)) == 0:
        raise ValueError(f"{label!r} is not a hex label (four digits: column then row, like 0712)")
    return hex_from_offset(int(m.group(1)) - 1, int(m.group(2)) - 1)


# ----------------------------------------------------------------------------------------------
# Macrohexes


@dataclass(frozen=True)
class MacrohexLattice:
    """The macrohex tiling of one map: a centre hex (origin) and a chirality."""

    origin: Hex
    chirality: Chirality = "a"

    def _f(self, h: Hex) -> int:
        a, b = _FUNCTIONAL[self.chirality]
        return (a * (h[0] - self.origin[0]) + b * (h[1] - self.origin[1])) % 7

    def is_centre(self, h: Hex) -> bool:
        """Whether h is the centre hex of its macrohex."""
        return self._f(h) == 0

    def centre_of(self, h: Hex) -> Hex:
        """The centre hex of the macrohex holding h (h itself or exactly one neighbour)."""
        if self._f(h) == 0:
            return h
        for n in neighbours(h):
            if self._f(n) == 0:
                return n
        raise AssertionError("every hex touches exactly one centre")  # pragma: no cover

    def macro_coords(self, h: Hex) -> tuple[int, int]:
        """Axial coordinates of h's macrohex on the macrohex lattice (the origin's is (0, 0))."""
        cq, cr = self.centre_of(h)
        dq, dr = cq - self.origin[0], cr - self.origin[1]
        (uq, ur), (vq, vr) = _BASIS[self.chirality]
        # Solve (dq, dr) = Q*u + R*v; the determinant is 7 and the solution is exact.
        Q = (dq * vr - dr * vq) // 7
        R = (uq * dr - ur * dq) // 7
        return (Q, R)

    def range(self, a: Hex, b: Hex) -> int:
        """Macrohexes from a's to b's, counting b's and not a's: 0 inside one macrohex."""
        qa, ra = self.macro_coords(a)
        qb, rb = self.macro_coords(b)
        return distance((qa, ra), (qb, rb))

    def members(self, centre: Hex) -> tuple[Hex, ...]:
        """The seven hexes of the macrohex centred on `centre`."""
        if not self.is_centre(centre):
            raise ValueError(f"{centre} is not a macrohex centre")
        return (centre,) + neighbours(centre)


# ----------------------------------------------------------------------------------------------
# Walker field of fire


def in_field_of_fire(walker: Hex, facing: int, target: Hex) -> bool:
    """Whether target lies in the 120-degree wedge in front of a Walker.

    That is: target - walker = a*dir(facing-1) + b*dir(facing+1) with whole a, b >= 0, not both 0.
    The three hexes in front (front-left, front, front-right) are the first ring of the wedge.
    """
    if target == walker:
        return False
    lq, lr = DIRECTIONS[(facing - 1) % 6]
    rq, rr = DIRECTIONS[(facing + 1) % 6]
    dq, dr = target[0] - walker[0], target[1] - walker[1]
    det = lq * rr - lr * rq  # always +1 or -1 for two directions 120 degrees apart
    a = (dq * rr - dr * rq) * det
    b = (lq * dr - lr * dq) * det
    return a >= 0 and b >= 0


def hexes_in_rect(columns: int, rows: int) -> Iterator[Hex]:
    """Every hex of a map `columns` wide and `rows` long, column by column."""
    for col in range(columns):
        for row in range(rows):
            yield hex_from_offset(col, row)


#: The hex terrains of Assault on Hoth.
HEX_TERRAINS: tuple[str, ...] = ("clear", "rough", "cliff")


@dataclass(frozen=True)
class HexMap:
    """An Assault on Hoth map: its hexes with terrain, named zones and the macrohex tiling."""

    id: str
    name: str
    columns: int
    rows: int
    terrain: tuple[tuple[Hex, str], ...]
    zones: tuple[tuple[str, frozenset[Hex]], ...]
    lattice: MacrohexLattice

    _terrain: dict[Hex, str] = field(init=False, repr=False, compare=False)  # the terrain by hex, to look up

    def __post_init__(self) -> None:
        object.__setattr__(self, "_terrain", dict(self.terrain))

    def on_map(self, h: Hex) -> bool:
        """Whether the hex lies on the map."""
        col, row = offset_of(h)
        return 0 <= col < self.columns and 0 <= row < self.rows

    def terrain_at(self, h: Hex) -> str:
        """Terrain of an on-map hex: 'clear', 'rough' or 'cliff'."""
        return self._terrain[h]

    def hexes(self) -> Iterator[Hex]:
        """Every hex of the map."""
        return hexes_in_rect(self.columns, self.rows)

    def zone(self, name: str) -> frozenset[Hex]:
        """The hexes of a named zone; KeyError names the zones that exist."""
        for zone_name, hexes in self.zones:
            if zone_name == name:
                return hexes
        raise KeyError(f"map {self.id} has no zone {name!r} (it has: {', '.join(n for n, _ in self.zones)})")
