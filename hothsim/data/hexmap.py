"""Hex-map files (Assault on Hoth): a TOML file with one line of terrain symbols per hex row.

See docs/map-format.md.  Row 01 is the north edge; each line lists the row's hexes from column 01
westward to eastward, separated by spaces.  Even-numbered columns sit half a hex further south.
"""

from __future__ import annotations

from pathlib import Path

from hothsim.data.values import HexMapFile
from hothsim.data.errors import DataError, key_line
from hothsim.data.files import read_text, read_toml
from hothsim.kernel.hexes import Hex, HexMap, MacrohexLattice, hex_from_offset, hex_label, offset_of, parse_hex

HEX_TERRAIN_CHARS: dict[str, str] = {".": "clear", "%": "rough", "^": "cliff"}
HEX_TERRAIN_SYMBOL: dict[str, str] = {v: k for k, v in HEX_TERRAIN_CHARS.items()}


def parse_hex_area(token: str, columns: int, rows: int) -> frozenset[Hex]:
    """A zone token: one hex (`0712`) or an inclusive block of columns and rows (`0101:2002`)."""
    parts = token.split(":")
    if len(parts) > 2:
        raise ValueError(f"{token!r} should be a hex like 0712 or a block like 0101:2002")
    a = offset_of(parse_hex(parts[0]))
    b = offset_of(parse_hex(parts[-1]))
    out = set()
    for col in range(min(a[0], b[0]), max(a[0], b[0]) + 1):
        for row in range(min(a[1], b[1]), max(a[1], b[1]) + 1):
            if not (0 <= col < columns and 0 <= row < rows):
                raise ValueError(f"{token!r} reaches {col + 1:02d}{row + 1:02d}, off the {columns}x{rows} map")
            out.add(hex_from_offset(col, row))
    return frozenset(out)


def load_hex_map(path: Path, text: str | None = None) -> HexMap:
    """Read, validate and build a hex map; every problem is a DataError naming the place."""
    text = read_text(path) if text is None else text
    return build_hex_map(path, hex_map_document(path, text), text)


def hex_map_document(path: Path, text: str | None = None) -> HexMapFile:
    """Read and validate a hex-map file (`hothsim.data.schemas.HexMapFile`): its fields as typed values."""
    from hothsim.data import schemas

    text = read_text(path) if text is None else text
    return schemas.validated(path, schemas.HexMapFile, read_toml(path, text), text, HexMapFile)


def build_hex_map(path: Path | str, m: HexMapFile, text: str = "") -> HexMap:
    """Turn a validated map file into a HexMap, checking the terrain rows (`text`, the file, for the
    lines a problem names)."""
    first = (key_line(text, "terrain") or 0) + 1
    lines = m.terrain.split("\n")
    while len(lines) > m.rows and lines[-1].strip() == "":
        lines.pop()
    if len(lines) != m.rows:
        raise DataError(path, f"the terrain has {len(lines)} lines; the map has {m.rows} rows", line=first,
                        field="terrain")
    terrain: list[tuple[Hex, str]] = []
    for row, line in enumerate(lines):
        cells = line.split()
        if len(cells) != m.columns:
            raise DataError(path, f"row {row + 1:02d} has {len(cells)} hexes; the map has {m.columns} columns",
                            line=first + row, field="terrain")
        for col, ch in enumerate(cells):
            if ch not in HEX_TERRAIN_CHARS:
                raise DataError(path, f"hex {col + 1:02d}{row + 1:02d}: unknown terrain {ch!r} "
                                f"(use {' '.join(HEX_TERRAIN_CHARS)})", line=first + row, field="terrain")
            terrain.append((hex_from_offset(col, row), HEX_TERRAIN_CHARS[ch]))
    try:
        origin = parse_hex(m.macrohex_origin)
    except ValueError as e:
        raise DataError(path, str(e), line=key_line(text, "macrohex_origin"), field="macrohex_origin") from None
    zones: list[tuple[str, frozenset[Hex]]] = []
    for name, tokens in m.zones.items():
        hexes: set[Hex] = set()
        for tok in tokens:
            try:
                hexes |= parse_hex_area(tok, m.columns, m.rows)
            except ValueError as e:
                raise DataError(path, str(e), line=key_line(text, name), entry=f"zones.{name}") from None
        zones.append((name, frozenset(hexes)))
    return HexMap(m.id, m.name, m.columns, m.rows, tuple(terrain), tuple(zones),
                  MacrohexLattice(origin, m.macrohex_chirality))


def draw_hex_terrain(hmap: HexMap) -> str:
    """The terrain lines of a map in the file format."""
    rows = []
    for row in range(hmap.rows):
        rows.append(" ".join(HEX_TERRAIN_SYMBOL[hmap.terrain_at(hex_from_offset(c, row))] for c in range(hmap.columns)))
    return "\n".join(rows) + "\n"


__all__ = ["load_hex_map", "build_hex_map", "hex_map_document", "parse_hex_area", "draw_hex_terrain", "hex_label"]
