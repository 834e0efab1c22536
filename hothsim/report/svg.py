"""SVG written by pure functions, in the manner of python-chess's `chess.svg`: standard library only, an
element a call, CSS classes for everything drawn (the stylesheet lives in the page), shapes defined once
in `<defs>` and reused with `<use>`, numbers written with fixed precision, so the same game always gives
the same bytes and a test may compare them.
"""

from __future__ import annotations

from typing import Iterable
from xml.sax.saxutils import escape, quoteattr


def num(x: float) -> str:
    """A coordinate: one decimal at most, no trailing zeros (deterministic, short)."""
    text = f"{x:.1f}"
    return text[:-2] if text.endswith(".0") else text


def element(tag: str, content: str = "", **attrs: object) -> str:
    """One element; attribute names with `_` are written with `-` (`class_` is `class`), None is left out,
    floats are written with `num`."""
    parts = [tag]
    for key, value in attrs.items():
        if value is None:
            continue
        name = "class" if key == "class_" else key.rstrip("_").replace("_", "-")
        shown = num(value) if isinstance(value, float) else str(value)
        parts.append(f"{name}={quoteattr(shown)}")
    head = " ".join(parts)
    return f"<{head}>{content}</{tag}>" if content else f"<{head}/>"


def title(text: str) -> str:
    """A `<title>`: what a screen reader says of the shape it is in, and the browser's tooltip."""
    return f"<title>{escape(text)}</title>"


def points(xy: Iterable[tuple[float, float]]) -> str:
    """A `points` attribute."""
    return " ".join(f"{num(x)},{num(y)}" for x, y in xy)


def document(width: float, height: float, label: str, defs: Iterable[str], body: Iterable[str],
             class_: str = "map") -> str:
    """A whole `<svg>`, with its accessible name."""
    inner = title(label) + element("defs", "".join(defs)) + "".join(body)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="{class_}" viewBox="0 0 {num(width)} {num(height)}" '
            f'width="{num(width)}" height="{num(height)}" role="img" aria-label={quoteattr(label)}>{inner}</svg>')


def arrow_marker() -> str:
    """The arrowhead every move line ends in (defined once)."""
    return element("marker", element("path", d="M0,0 L6,3 L0,6 z", class_="head"), id="arrow", viewBox="0 0 6 6",
                   refX=5, refY=3, markerWidth=6, markerHeight=6, orient="auto-start-reverse")


def swatch(content: str, defs: str = "") -> str:
    """A legend's sample: a small picture drawn with the map's own classes (so it looks as the map does)."""
    inner = (element("defs", defs) if defs else "") + content
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="swatch" viewBox="0 0 28 18" width="28" height="18" '
            f'aria-hidden="true">{inner}</svg>')


def line_legend() -> list[tuple[str, str]]:
    """The legend's entries both games' maps share: moves and shots, by side and outcome."""
    def line(cls: str, arrow: bool = False) -> str:
        return element("line", x1=3, y1=9, x2=24, y2=9, class_=cls, marker_end="url(#arrow)" if arrow else None)
    return [(swatch(line("move rebel", True), arrow_marker()), "a Rebel move, start to end (the arrow)"),
            (swatch(line("move imperial", True), arrow_marker()), "an Imperial move"),
            (swatch(line("shot rebel hit")), "a shot that hit (solid; blue a Rebel's, red an Imperial's)"),
            (swatch(line("shot imperial miss")), "a shot that missed (dashed)")]
