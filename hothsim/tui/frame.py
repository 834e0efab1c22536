"""A text frame: rows of cells, each a character with attributes.  Pure data; the curses adapter paints
it and tests read it."""

from __future__ import annotations

from dataclasses import dataclass, field

# Attributes are small names; the adapter maps them to colours (or to bold/reverse without colour).
PLAIN = ""


@dataclass
class Frame:
    """A width x height grid of (character, attribute) cells."""

    width: int
    height: int
    chars: list[list[str]] = field(init=False)
    attrs: list[list[str]] = field(init=False)
    regions: list[tuple[int, int, int, int, object]] = field(init=False)

    def __post_init__(self) -> None:
        self.chars = [[" "] * self.width for _ in range(self.height)]
        self.attrs = [[PLAIN] * self.width for _ in range(self.height)]
        self.regions = []

    def mark(self, x: int, y: int, w: int, h: int, target: object) -> None:
        """Note that a click inside this rectangle means `target` (a square, a hex, a menu row)."""
        self.regions.append((x, y, w, h, target))

    def target_at(self, x: int, y: int) -> object | None:
        """What a click at (x, y) means: the last-drawn region there wins (menus lie over the map)."""
        for rx, ry, rw, rh, target in reversed(self.regions):
            if rx <= x < rx + rw and ry <= y < ry + rh:
                return target
        return None

    def put(self, x: int, y: int, text: str, attr: str = PLAIN) -> None:
        """Write text from (x, y), clipped at the frame's edges."""
        if not 0 <= y < self.height:
            return
        for i, ch in enumerate(text):
            if 0 <= x + i < self.width:
                self.chars[y][x + i] = ch
                self.attrs[y][x + i] = attr

    def line(self, y: int) -> str:
        """Row y as text."""
        return "".join(self.chars[y])

    def text(self) -> str:
        """The whole frame as text, one line per row (trailing spaces kept off)."""
        return "\n".join(self.line(y).rstrip() for y in range(self.height))

    def attr_at(self, x: int, y: int) -> str:
        """The attribute of one cell."""
        return self.attrs[y][x]
