"""The whole-map view (`v`): the entire battle on one screen, even at 80x24.

Each game's screen gives an `Overview`: one cell per square or hex (its glyph, attribute and how much it
matters: a unit over terrain over clear ground), the column and row labels, and a line per unit on the map.
This module fits it to the screen: when the map has more rows than the screen, each line shows several
rows, and each column the cell of those rows that matters most (a unit before terrain; of two units in
one column of a line, the upper); beside the map, every unit on it with where it stands exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from hothsim.tui.frame import Frame


@dataclass(frozen=True)
class Cell:
    """One square or hex of the whole-map view."""

    glyph: str
    attr: str
    rank: int = 0  # which cell a line that shows several rows keeps: the highest (a unit 2, terrain 1)


@dataclass(frozen=True)
class Overview:
    """What a game's screen gives the whole-map view."""

    title: str
    cells: tuple[tuple[Cell, ...], ...]  # rows of cells, top to bottom
    columns: tuple[str, ...]  # each column's label (one or two characters)
    rows: tuple[str, ...]  # each row's label
    units: tuple[str, ...]  # one short line per unit on the map: glyph, name, where
    legend: str = ""
    cell_width: int = 1  # characters a cell takes (Assault on Hoth's units are a letter and a number)


FOOTER = "any key closes"


def draw_overview(fr: Frame, view: Overview) -> None:
    """Draw the whole-map view over the frame."""
    w, h = fr.width, fr.height
    for y in range(h):
        fr.put(0, y, " " * w, "help")
    label_rows = max((len(c) for c in view.columns), default=1)
    room = max(1, h - 2 - label_rows)  # the title, the labels, the footer
    n = len(view.cells)
    per_line = -(-n // room) if n else 1  # rows of the map on one line
    left = max((len(r) for r in view.rows), default=1) + 1
    shown = f" ({per_line} rows a line)" if per_line > 1 else ""
    cw = view.cell_width
    fr.put(1, 0, f"{view.title}: the whole map{shown}"[: w - 2], "panel-head")
    for x, label in enumerate(view.columns):
        for i, ch in enumerate(reversed(label)):
            fr.put(left + x * cw, label_rows - i, ch, "keys")
    top = label_rows + 1
    for line, start in enumerate(range(0, n, per_line)):
        group = view.cells[start:start + per_line]
        fr.put(0, top + line, view.rows[start].rjust(left - 1), "keys")
        for x in range(len(view.columns)):
            cell = max((row[x] for row in group if x < len(row)), key=lambda c: c.rank, default=Cell(" ", ""))
            fr.put(left + x * cw, top + line, cell.glyph[:cw], cell.attr)
    _units(fr, view.units, left + len(view.columns) * cw + 2, 1, h - 2)
    footer = f"{FOOTER}   {view.legend}" if view.legend else FOOTER
    fr.put(1, h - 1, footer[: w - 2], "keys")


def _units(fr: Frame, units: Sequence[str], x0: int, y0: int, rows: int) -> None:
    """The units in as many columns as the room beside the map takes (those that do not fit are counted)."""
    if not units or x0 >= fr.width - 4:
        return
    width = max(len(u) for u in units) + 2
    columns = max(1, (fr.width - x0) // width)
    fits = columns * rows
    listed = list(units) if len(units) <= fits else list(units[: fits - 1]) + [f"(+{len(units) - fits + 1} more)"]
    for i, text in enumerate(listed):
        fr.put(x0 + (i // rows) * width, y0 + i % rows, text[: fr.width - x0 - 1], "help")
