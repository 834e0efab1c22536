"""Keys as the screens name them, read whole from the terminal.

curses names the special keys the terminal's description lists (`KEY_UP`, `KEY_HOME`...).  Many terminals,
multiplexers and remote shells send the other common form of the same keys (`ESC [ B` where the
description says `ESC O B`); curses then hands over Escape and the rest as separate characters, and a
letter in them would act as a hotkey.  Here an Escape is read with what follows it at once: a known
sequence becomes its key's name, an unknown one is swallowed whole, and an Escape with nothing after it is
Escape.
"""

from __future__ import annotations

from typing import Callable

ESCAPE = "\x1b"
#: What follows Escape in the keys we name: CSI (`[`) and SS3 (`O`) forms, by their final character, and
#: the `~` forms by their number.
_FINAL = {"A": "KEY_UP", "B": "KEY_DOWN", "C": "KEY_RIGHT", "D": "KEY_LEFT", "H": "KEY_HOME", "F": "KEY_END"}
_TILDE = {"1": "KEY_HOME", "7": "KEY_HOME", "4": "KEY_END", "8": "KEY_END", "5": "KEY_PPAGE", "6": "KEY_NPAGE",
          "2": "KEY_IC", "3": "KEY_DC"}
#: The longest tail we wait for: anything longer is not a key we know, and is swallowed.
LONGEST = 16


def escape_tail(tail: str) -> str | None:
    """The key named by Escape followed by `tail`: its name (KEY_UP...) when the sequence is complete, ""
    when it is complete but not a key we name (or too long to be one), None while more must be read."""
    if not tail:
        return None
    if len(tail) > LONGEST:
        return ""
    lead, rest = tail[0], tail[1:]
    if lead == "O":  # SS3: one final character
        return None if not rest else _FINAL.get(rest[0], "")
    if lead != "[":
        return ""  # Escape then an ordinary key (Alt-key): not one we name
    # CSI: parameters and intermediates (0x20-0x3F), then one final character (0x40-0x7E).
    for i, ch in enumerate(rest):
        if "\x40" <= ch <= "\x7e":
            params = rest[:i]
            if ch == "~":
                return _TILDE.get(params.split(";")[0], "")
            return _FINAL.get(ch, "")
        if not "\x20" <= ch <= "\x3f":
            return ""
    return None


def read_escape(next_char: Callable[[], str | None]) -> str:
    """After an Escape: read what follows with `next_char()` (a character, or None when none comes in
    time) and return the key's name, Escape itself when nothing follows, or "" for a sequence we do not
    name (read to its end, so none of it acts as a key)."""
    tail = ""
    while True:
        ch = next_char()
        if ch is None:
            return ESCAPE if not tail else ""
        tail += ch
        name = escape_tail(tail)
        if name is not None:
            return name
