"""The game record: a header, then one entry per decision with the random outcomes it produced.

The text form (documented in docs/save-format.md) is line-oriented and diffable, like a chess PGN:

    hothsim-record 1
    game: skirmish
    scenario: salvage
    data: sha256:<64 hex digits>
    seed: 7
    dice: seeded
    created: 2026-11-22T10:00:00Z

    1. activate elite-trooper
    2. attack elite-trooper snow-1 | d20:14
    end sha256:<64 hex digits of everything above this line>

This module is pure: it turns records into text and text into records, and replays a record
against a game.  Reading and writing files is `hothsim.saves`' job.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field, replace
from typing import Callable, Protocol, Sequence, TypeVar

from hothsim.kernel.dice import Roll
from hothsim.kernel.header import (  # noqa: F401 (the record's names for them)
    HEADER_PATTERNS, SEED_LIMIT, HeaderError, RecordHeader, computer_parts, created_problem)
from hothsim.kernel.numbers import whole_number

FORMAT_VERSION = 1
MAGIC = "hothsim-record"
HEADER_KEYS = ("game", "scenario", "data", "seed", "dice", "created")
#: Header lines written only when they say something, in this order after the fixed ones.
OPTIONAL_KEYS = ("source", "computer", "options")

_ENTRY = re.compile(r"^([0-9]+)\. (\S.*?)(?: \| (\S.*))?$")
#: A record holds at most this many decisions (a long echo-base game has about a thousand).
MAX_ENTRIES = 100_000
_END = re.compile(r"^end sha256:([0-9a-f]{64})$")
#: A game played at two machines ends with each side's signature of the record above (hothsim.remote).
_SEAL = re.compile(r"^sealed (rebel|imperial) [0-9a-f]{64} [0-9a-f]{128}$")


class RecordError(Exception):
    """A record text that cannot be read: names the line and what is wrong with it."""

    def __init__(self, line: int | None, message: str) -> None:
        self.line = line
        self.message = message
        super().__init__(f"line {line}: {message}" if line is not None else message)


class ReplayMismatch(Exception):
    """Re-running a record did not give the recorded outcome; names the entry."""

    def __init__(self, entry: int, action: str, message: str) -> None:
        self.entry = entry
        self.action = action
        super().__init__(f"entry {entry} ({action}): {message}")


@dataclass(frozen=True)
class RecordEntry:
    """One decision in action notation and the rolls its resolution made, in order."""

    action: str
    outcomes: tuple[Roll, ...] = ()

    def to_line(self, index: int) -> str:
        """The entry's line in the text form (1-based index)."""
        line = f"{index}. {self.action}"
        if self.outcomes:
            line += " | " + " ".join(r.token() for r in self.outcomes)
        return line


@dataclass(frozen=True)
class GameRecord:
    """Everything needed to replay a game: header plus entries."""

    header: RecordHeader
    entries: tuple[RecordEntry, ...] = field(default_factory=tuple)
    #: `sealed SIDE KEY SIGNATURE` lines after the checksum: each side's signature of the record above them,
    #: in a game played at two machines (checked by hothsim.remote.seals; a record of one machine has none).
    seals: tuple[str, ...] = ()

    def with_entry(self, entry: RecordEntry) -> "GameRecord":
        """A new record with one more entry (and no seals: they were of the record before it)."""
        return GameRecord(self.header, self.entries + (entry,))

    def unsealed_text(self) -> str:
        """The text the seals sign: the record without them."""
        return replace(self, seals=()).to_text()

    def to_text(self) -> str:
        """The save file's text; the same record always gives the same bytes."""
        lines = [f"{MAGIC} {FORMAT_VERSION}"]
        h = self.header
        for key in HEADER_KEYS:
            lines.append(f"{key}: {getattr(h, key)}")
        for key in OPTIONAL_KEYS:
            if getattr(h, key):
                lines.append(f"{key}: {getattr(h, key)}")
        lines.append("")
        lines.extend(e.to_line(i) for i, e in enumerate(self.entries, 1))
        body = "\n".join(lines) + "\n"
        seals = "".join(seal + "\n" for seal in self.seals)
        return body + f"end sha256:{hashlib.sha256(body.encode('utf-8')).hexdigest()}\n" + seals


def _shown(line: str) -> str:
    """A line of the file as a message quotes it: never more than a few dozen characters."""
    return repr(line) if len(line) <= 60 else repr(line[:60]) + f" (and {len(line) - 60:,} more characters)"


def parse_record(text: str) -> GameRecord:
    """Read a record's text; any problem raises RecordError naming the line."""
    lines = _text_lines(text)
    seals: list[str] = []
    while len(lines) > 1 and lines[-1].startswith("sealed ") and len(seals) < 2:
        if not _SEAL.match(lines[-1]):
            raise RecordError(len(lines), f"a seal line should read 'sealed SIDE KEY SIGNATURE', found "
                                          f"{_shown(lines[-1])}")
        seals.insert(0, lines.pop())
    _check_format(lines)
    header, n = _header(lines)
    return GameRecord(header, _entries(lines, n), tuple(seals))


def _text_lines(text: str) -> list[str]:
    """The lines of a record's text, refused if it is no text, empty, or longer than any record."""
    if "\x00" in text:
        raise RecordError(None, "this is not a text file (it holds NUL bytes)")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise RecordError(None, "this is not a UTF-8 text file (it holds characters that cannot be saved)") from None
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines:
        raise RecordError(1, "the file is empty")
    if len(lines) > MAX_ENTRIES + 20:
        raise RecordError(None, f"the record has {len(lines):,} lines; hothsim reads records of at most "
                                f"{MAX_ENTRIES:,} decisions")
    return lines


def _check_format(lines: list[str]) -> None:
    """The first line names a format this version reads; the last holds the checksum of the rest."""
    magic = lines[0].split(" ")
    if len(magic) != 2 or magic[0] != MAGIC:
        raise RecordError(1, f"this is not a hothsim game record (it should start with '{MAGIC} {FORMAT_VERSION}')")
    try:
        version = whole_number(magic[1], "the format version", 6)
    except ValueError as e:
        raise RecordError(1, str(e)) from None
    if version > FORMAT_VERSION:
        raise RecordError(
            1, f"this record has format {version}, written by a newer hothsim; this version reads format {FORMAT_VERSION}"
        )
    if version < 1:
        raise RecordError(1, f"format {version} does not exist")
    end = _END.match(lines[-1])
    if not end:
        raise RecordError(len(lines), "the record is cut short: its last line should be 'end sha256:...'")
    body = "\n".join(lines[:-1]) + "\n"
    if hashlib.sha256(body.encode("utf-8")).hexdigest() != end.group(1):
        raise RecordError(len(lines), "the record was changed after it was written (its checksum does not match)")


def _header(lines: list[str]) -> tuple[RecordHeader, int]:
    """The header, validated, and the number of the blank line that must follow it."""
    values: dict[str, str] = {}
    n = 1
    for key in HEADER_KEYS:
        n += 1
        if n > len(lines) - 1:
            raise RecordError(n, f"the header ends early: '{key}:' is missing")
        k, sep, v = lines[n - 1].partition(": ")
        if not sep or k != key:
            raise RecordError(n, f"expected the header line '{key}: ...', found {_shown(lines[n - 1])}")
        values[key] = v
    for key in OPTIONAL_KEYS:  # the optional lines after the fixed keys, each at most once, in order
        if n < len(lines) - 1 and lines[n].startswith(f"{key}: "):
            n += 1
            values[key] = lines[n - 1][len(key) + 2:]
    from hothsim.kernel.header_file import validated_header  # pydantic: only when a file is read

    try:
        header = validated_header(values)
    except HeaderError as err:
        loc, msg = err.field, err.message
        order = [*HEADER_KEYS, *(k for k in OPTIONAL_KEYS if k in values)]  # the header's lines as read
        line = 2 + order.index(loc) if loc in order else 2
        raise RecordError(line, f"header field '{loc}': {msg}") from None
    n += 1
    if n > len(lines) - 1 or lines[n - 1] != "":
        raise RecordError(n, "a blank line must follow the header")
    return header, n


def _entries(lines: list[str], blank: int) -> tuple[RecordEntry, ...]:
    """The numbered entries after the header's blank line, up to the checksum line."""
    entries: list[RecordEntry] = []
    for n in range(blank + 1, len(lines)):
        line = lines[n - 1]
        m = _ENTRY.match(line)
        if not m:
            raise RecordError(n, f"expected an entry like '12. move han c7 d8', found {_shown(line)}")
        if len(m.group(1)) > 6 or int(m.group(1)) != len(entries) + 1:
            raise RecordError(n, f"entry number {m.group(1)[:8]} is out of order (expected {len(entries) + 1})")
        outcomes: list[Roll] = []
        for tok in (m.group(3) or "").split():
            try:
                outcomes.append(Roll.from_token(tok))
            except ValueError as e:
                raise RecordError(n, str(e)) from None
        entries.append(RecordEntry(m.group(2), tuple(outcomes)))
    return tuple(entries)


def complete_part(text: str) -> GameRecord | None:
    """The record a save cut short still holds (a copy interrupted, a disk full): its header and every
    entry line written whole, with a new checksum; None when not even the header is whole.  The entries
    are not replayed here: the caller replays them and keeps what replays."""
    if not text.endswith("\n"):
        text = text[: text.rfind("\n") + 1]  # the last line was cut: drop it
    lines = text.split("\n")[:-1]
    if lines and _END.match(lines[-1]):
        lines.pop()  # a whole record whose checksum is wrong: its body is what it holds
    while lines:
        body = "\n".join(lines) + "\n"
        try:
            return parse_record(body + f"end sha256:{hashlib.sha256(body.encode('utf-8')).hexdigest()}\n")
        except RecordError as e:
            # An entry line that does not read: keep the ones before it (each try cuts, so this ends).
            first_entry = len(HEADER_KEYS) + 3  # the magic line, the header, the blank line (at least)
            if e.line is None or e.line <= first_entry or e.line > len(lines):
                return None
            lines = lines[: e.line - 1]
    return None


class ReplayTarget(Protocol):
    """What `replay` needs of a game: apply one action in notation, returning the rolls it made."""

    def apply_notation(self, text: str) -> Sequence[Roll]:
        """Apply the action written in notation; return the rolls made while resolving it."""
        ...


Replayed = TypeVar("Replayed", bound=ReplayTarget)


def replay(record: GameRecord, make_game: Callable[[RecordHeader, Sequence[Roll]], Replayed]) -> Replayed:
    """Re-run every entry of a record and check each recorded outcome.

    `make_game(header, scripted_rolls)` builds the starting game; for a `dice: scripted` record the
    rolls are all the record's outcomes in order (to script the dice); for a seeded record they are
    empty and the game rolls from the header's seed.  Raises ReplayMismatch naming the first entry
    whose outcome differs or whose action is refused.
    """
    script: list[Roll] = []
    if record.header.dice == "scripted":
        for e in record.entries:
            script.extend(e.outcomes)
    game = make_game(record.header, tuple(script))
    for i, entry in enumerate(record.entries, 1):
        try:
            rolls = tuple(game.apply_notation(entry.action))
        except Exception as exc:  # the game's own typed error says which rule refused it
            raise ReplayMismatch(i, entry.action, f"refused on replay: {exc}") from exc
        got = [(r.kind, tuple(r.faces)) for r in rolls]
        want = [(r.kind, tuple(r.faces)) for r in entry.outcomes]
        if got != want:
            raise ReplayMismatch(
                i,
                entry.action,
                "recorded " + (" ".join(r.token() for r in entry.outcomes) or "no rolls")
                + ", replay rolled " + (" ".join(r.token() for r in rolls) or "no rolls"),
            )
    return game
