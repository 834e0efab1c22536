"""A list menu in the manner of menuconfig: the highlighted row is always what Enter applies.

Up/Down (and k/j, 8/2) move one row, PgUp/PgDn a page, Home/End to the ends; the box marks how many rows
lie above and below the visible ones; a click on a row chooses it.  The menu holds the values Enter
returns beside the lines it shows, so what is drawn and what is applied come from the same row.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, replace
from typing import Any

from hothsim.tui.frame import Frame

UP_KEYS = ("KEY_UP", "k", "8")
DOWN_KEYS = ("KEY_DOWN", "j", "2")


@dataclass(frozen=True)
class Menu:
    """Rows to choose from: `items[i]` is applied when `labels[i]` is highlighted and Enter is pressed."""

    title: str
    items: tuple[Any, ...]
    labels: tuple[str, ...]
    index: int = 0
    top: int = 0
    # What the highlighted row is, at more length (a stat card while building a squad): lines shown in a
    # box under the menu, one tuple per row; none when empty.
    notes: tuple[tuple[str, ...], ...] = ()

    def __post_init__(self) -> None:
        if len(self.items) != len(self.labels):
            raise ValueError("a menu needs one label per item")
        if self.notes and len(self.notes) != len(self.items):
            raise ValueError("a menu's notes are one per item")

    @property
    def chosen(self) -> Any:
        """The item under the highlight."""
        return self.items[self.index]

    def moved(self, index: int, rows: int) -> "Menu":
        """The menu with the highlight on `index` (clamped), scrolled so that it shows in `rows` rows."""
        index = min(max(index, 0), len(self.items) - 1)
        top = self.top
        if index < top:
            top = index
        elif index >= top + rows:
            top = index - rows + 1
        top = min(max(top, 0), max(0, len(self.items) - rows))
        return replace(self, index=index, top=top)

    def key(self, key: str, rows: int) -> tuple["Menu", bool]:
        """(the menu after a movement key, whether the key was one); `rows` is how many rows show."""
        page = max(1, rows - 1)
        step = {"KEY_PPAGE": -page, "KEY_NPAGE": page}
        if key in UP_KEYS:
            return self.moved(self.index - 1, rows), True
        if key in DOWN_KEYS:
            return self.moved(self.index + 1, rows), True
        if key in step:
            return self.moved(self.index + step[key], rows), True
        if key == "KEY_HOME":
            return self.moved(0, rows), True
        if key == "KEY_END":
            return self.moved(len(self.items) - 1, rows), True
        return self, False


#: Rows kept for the notes of the highlighted row, when a menu has notes.
NOTE_ROWS = 7


def menu_rows(height: int, count: int, notes: bool = False) -> int:
    """How many rows of a menu show in a frame of this height (the prompt lines stay visible, and the
    notes' box under the menu when it has notes)."""
    return max(1, min(count, height - 8 - (NOTE_ROWS if notes else 0)))


MENU_X, MENU_Y = 1, 2


def draw_menu(fr: Frame, menu: Menu) -> None:
    """Draw the menu box over the frame and note where each visible row is for clicks."""
    rows = menu_rows(fr.height, len(menu.items), bool(menu.notes))
    menu = menu.moved(menu.index, rows)  # the same scrolling the keys use
    shown = range(menu.top, min(len(menu.items), menu.top + rows))
    width = min(fr.width - 2 * MENU_X, max([len(menu.title)] + [len(menu.labels[i]) for i in shown]) + 6)
    above, below = menu.top, len(menu.items) - (menu.top + rows)
    fr.put(MENU_X, MENU_Y, _border(width, f" {above} more above " if above > 0 else ""), "menu")
    fr.put(MENU_X, MENU_Y + 1, "|" + _fit(" " + menu.title, width - 2) + "|", "menu-title")
    for n, i in enumerate(shown):
        y = MENU_Y + 2 + n
        mark = ">" if i == menu.index else " "
        fr.put(MENU_X, y, "|" + _fit(f"{mark} {menu.labels[i]}", width - 2) + "|",
               "menu-chosen" if i == menu.index else "menu")
        fr.mark(MENU_X, y, width, 1, ("menu", i))
    bottom = MENU_Y + 2 + len(shown)
    fr.put(MENU_X, bottom, _border(width, f" {below} more below " if below > 0 else ""), "menu")
    if menu.notes and menu.notes[menu.index]:
        _draw_notes(fr, menu.notes[menu.index], bottom + 1, fr.width - 2 * MENU_X)


def _draw_notes(fr: Frame, lines: tuple[str, ...], y0: int, width: int) -> None:
    """The highlighted row's notes in a box from row y0 down to the prompt (at least `NOTE_ROWS` rows, which
    `menu_rows` keeps free), wrapped between words; what does not fit ends with '...'."""
    wrapped = [part for line in lines for part in (textwrap.wrap(line, width - 4, subsequent_indent="  ") or [""])]
    room = fr.height - 3 - y0 - 2  # the prompt's two lines and the key line stay visible
    if len(wrapped) > room:
        wrapped = wrapped[:room - 1] + [wrapped[room - 1][: width - 8] + " ..."]
    fr.put(MENU_X, y0, "+" + "-" * (width - 2) + "+", "menu")
    for n, line in enumerate(wrapped):
        fr.put(MENU_X, y0 + 1 + n, "|" + (" " + line).ljust(width - 2) + "|", "menu")
    fr.put(MENU_X, y0 + 1 + len(wrapped), "+" + "-" * (width - 2) + "+", "menu")


def _border(width: int, note: str) -> str:
    inner = "-" * (width - 2)
    if note and len(note) + 4 <= len(inner):
        inner = inner[:2] + note + inner[2 + len(note):]
    return "+" + inner + "+"


def _fit(text: str, width: int) -> str:
    """Text padded to a width; a longer text ends with '~' to show it goes on (menus are one line a row)."""
    return text.ljust(width) if len(text) <= width else text[: width - 1] + "~"
