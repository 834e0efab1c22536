"""Key tables: each mode of a screen is a table of keys, each key to what it does and how the `?` help says
it, so that the help is made from the same table that answers the keys and cannot disagree with it.

A `Key` holds the keys that do one thing, the handler, and the help's words; `lookup` turns a table into
the dict a mode answers from, and `help_section` into the help's lines under a heading.  A key with no
handler (`does=None`) is answered elsewhere (the cursor keys, keys the session answers) and only named.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import Any, Sequence

#: How the help writes keys held as characters or curses names.
KEY_NAMES = {"\t": "Tab", "\x1b": "Esc", "\n": "Enter", "\r": "Enter", "KEY_ENTER": "Enter", "\x10": "Ctrl-P",
             " ": "Space", "KEY_BACKSPACE": "Backspace", "\x7f": "Backspace", "\b": "Backspace",
             "KEY_UP": "Up", "KEY_DOWN": "Down", "KEY_LEFT": "Left", "KEY_RIGHT": "Right"}

#: The width of the help's key column, and of its lines (the help overlay wraps at 76 on an 80-column screen).
KEY_COLUMN = 12
HELP_WIDTH = 74


@dataclass(frozen=True)
class Key:
    """Keys that do one thing: the handler (None when answered elsewhere) and what the help says of them
    (`label` overrides the names made from the keys, for a family like the cursor keys)."""

    keys: tuple[str, ...]
    does: Any
    words: str
    label: str = ""

    def shown(self) -> str:
        """How the help names these keys: "m, Space", "L, Ctrl-P", "Enter"."""
        return self.label or ", ".join(dict.fromkeys(KEY_NAMES.get(k, k) for k in self.keys))


def lookup(table: Sequence[Key]) -> dict[str, Any]:
    """Each key of a table to its handler; a key answered twice is an error in the table."""
    found: dict[str, Any] = {}
    for entry in table:
        for k in entry.keys:
            if k in found:
                raise ValueError(f"the key {KEY_NAMES.get(k, k)!r} is in one key table twice")
            found[k] = entry.does
    return found


def help_section(heading: str, table: Sequence[Key]) -> list[str]:
    """The help's lines for a table: the heading, then each entry's keys in a column and its words
    wrapped beside them (keys too long for the column have their words on the same line after a gap)."""
    lines = [heading]
    for entry in table:
        name = entry.shown()
        first = f"  {name:<{KEY_COLUMN}} " if len(name) < KEY_COLUMN else f"  {name}   "
        lines += textwrap.wrap(entry.words, HELP_WIDTH, initial_indent=first,
                               subsequent_indent=" " * (KEY_COLUMN + 3))
    return lines
