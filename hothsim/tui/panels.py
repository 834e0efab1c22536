"""Shared widgets drawn into a Frame: boxes, the side panel with the log, the prompt and key lines, the
help and message-history overlays, the roster, a question to confirm, and the full-screen notices.

Text is wrapped at word boundaries, never cut mid-word: at 80x24 every line of every widget is whole.
"""

from __future__ import annotations

import textwrap
from typing import Sequence

from hothsim.tui.frame import Frame

MIN_WIDTH, MIN_HEIGHT = 80, 24


def wrap(text: str, width: int, indent: str = "") -> list[str]:
    """Text as lines of at most `width` characters, broken between words."""
    return textwrap.wrap(text, max(8, width), subsequent_indent=indent, break_on_hyphens=False) or [""]


def box(fr: Frame, lines: Sequence[str], x0: int, y0: int, w: int, attr: str, highlight: int = -1) -> int:
    """A bordered box of lines (each wrapped to fit); returns how many content rows it shows."""
    w = min(w, fr.width - x0)
    rows: list[str] = []
    for line in lines:
        rows.extend(wrap(line, w - 4, "  ") if len(line) > w - 4 else [line])
    h = min(len(rows) + 2, fr.height - y0)
    fr.put(x0, y0, "+" + "-" * (w - 2) + "+", attr)
    for i in range(1, h - 1):
        text = rows[i - 1] if i - 1 < len(rows) else ""
        fr.put(x0, y0 + i, "|" + (" " + text).ljust(w - 2)[: w - 2] + "|", "menu-chosen" if i - 1 == highlight else attr)
    fr.put(x0, y0 + h - 1, "+" + "-" * (w - 2) + "+", attr)
    return h - 2


def put_panel(fr: Frame, x0: int, y0: int, w: int, h: int, lines: list[tuple[str, str]],
              log_entries: Sequence[str]) -> None:
    """A side panel: the given (text, attribute) lines on top, then the log's last entries, wrapped to the
    panel's width; the log always keeps a few lines."""
    top: list[tuple[str, str]] = []
    for text, attr in lines:
        top.extend((part, attr) for part in wrap(text, w - 1, "  "))
    blocks = [wrap(entry, w - 1, "  ") for entry in list(log_entries)[-60:]]
    keep = min(sum(len(b) for b in blocks), max(4, h // 3))
    top = top[: max(1, h - keep - 2)]
    top.append(("", ""))
    top.append(("Log (L: all of it)", "panel-head"))
    for ln in last_entries(blocks, h - len(top)):
        top.append((ln, "log"))
    for i, (text, attr) in enumerate(top[:h]):
        fr.put(x0, y0 + i, text[:w], attr)


def last_entries(blocks: Sequence[Sequence[str]], room: int) -> list[str]:
    """The rows of the newest log entries (each wrapped into a block of rows) that fit in `room` rows, whole
    entries only: the log never starts on the scrap of an entry wrapped above it (an entry longer than the
    room shows its beginning)."""
    shown: list[str] = []
    for block in reversed(blocks):
        if len(shown) + len(block) > room:
            return shown or list(block[:max(0, room)])
        shown = list(block) + shown
    return shown


def fit_parts(parts: Sequence[str], width: int) -> str:
    """Status parts joined with ' | ', the last ones left out (never cut) until the line fits; a first part
    alone too long for the line is cut at a word's end, never within a word."""
    shown = list(parts)
    while len(shown) > 1 and len(" | ".join(shown)) > width:
        shown.pop()
    return clip_words(" | ".join(shown), width)


def clip_words(text: str, width: int) -> str:
    """`text` cut to `width` at the end of a word (a single word too long for the width is cut)."""
    if len(text) <= width:
        return text
    room = text.rfind(" ", 0, width + 1)  # the last space at which the line may end
    return text[:room].rstrip(" |,") if room > 0 else text[:width]


def who_decides(player: str | None, kind: str, winner: str | None) -> str:
    """The status line's part naming who decides what ("REBEL: turn"), or at the end who won."""
    if kind == "over":
        return f"{winner.upper()} WINS" if winner else "DRAW"
    return f"{(player or 'nobody').upper()}: {kind}"


def game_over(winner: str | None, why: str) -> str:
    """The prompt at the end: who won, and why (a reason that begins by naming the winner, as the
    skirmish's do, is not made to say it twice)."""
    if not winner:
        return f"the game is over: a draw ({why})"
    said = f"{winner} wins: "
    return f"the game is over: the {winner.capitalize()} player wins ({why.removeprefix(said)})"


def put_prompt(fr: Frame, text: str, keys: str) -> None:
    """The prompt (up to two lines, wrapped between words) and the key line at the bottom of the screen."""
    lines = wrap(text, fr.width - 1)
    if len(lines) > 2:  # keep both lines whole: the second says there is more in the log
        lines = [lines[0], lines[1][: fr.width - 12].rsplit(" ", 1)[0] + " ... (L: log)"]
    y = fr.height - 1 - len(lines)
    for i, line in enumerate(lines):
        fr.put(0, y + i, line, "prompt")
    fr.put(0, fr.height - 1, keys, "keys")


def prompt_rows(text: str, width: int) -> int:
    """How many lines a prompt takes (one or two)."""
    return min(2, len(wrap(text, width - 1)))


def scrolled(fr: Frame, title: str, lines: Sequence[str], top: int, attr: str, footer: str) -> None:
    """A full-screen overlay showing `lines` from `top`, with a title and a footer of keys."""
    w = fr.width
    rows: list[str] = []
    for line in lines:
        rows.extend(wrap(line, w - 4, "    ") if len(line) > w - 4 else [line])
    room = fr.height - 4
    top = min(max(0, top), max(0, len(rows) - room))
    for y in range(fr.height):
        fr.put(0, y, " " * w, attr)
    more = f"  (lines {top + 1}-{min(len(rows), top + room)} of {len(rows)})" if len(rows) > room else ""
    fr.put(1, 0, title + more, "panel-head")
    for i, line in enumerate(rows[top: top + room]):
        fr.put(2, 2 + i, line, attr)
    fr.put(1, fr.height - 1, footer, "keys")


def scroll_top(key: str, top: int, page: int) -> int | None:
    """The new first line of a scrolled overlay after a key, or None if the key does not scroll."""
    moves = {"KEY_UP": -1, "k": -1, "KEY_DOWN": 1, "j": 1, "KEY_PPAGE": -page, "KEY_NPAGE": page}
    if key in moves:
        return max(0, top + moves[key])
    if key == "KEY_HOME":
        return 0
    if key == "KEY_END":
        return 10**9
    return None


def notice(width: int, height: int, lines: Sequence[str]) -> Frame:
    """A frame holding only a notice (too small a terminal, a hand-over between players)."""
    fr = Frame(width, height)
    rows = [part for line in lines for part in wrap(line, max(10, width - 4))]
    y0 = max(0, (height - len(rows)) // 2) if height >= 10 else 0
    for i, line in enumerate(rows):
        fr.put(2 if width > 20 else 0, y0 + i, line, "notice")
    return fr


def too_small(width: int, height: int) -> bool:
    """Whether the terminal is below the size the screens are laid out for."""
    return width < MIN_WIDTH or height < MIN_HEIGHT


def small_notice(width: int, height: int) -> Frame:
    """What a too-small terminal shows: only the notice (and only `q` acts)."""
    return notice(width, height, [f"Make the terminal larger: hothsim needs {MIN_WIDTH}x{MIN_HEIGHT}, this one is "
                                  f"{width}x{height}.", "", "q quits; the game is saved."])
