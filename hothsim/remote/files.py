"""What a side of a remote game keeps beside its save, as text (reading and writing them is hothsim.saves').

- The conversation (`<save>-remote`): every line of the game's conversation, as both sides hold it. It
  holds nothing secret (what each side has sent already) and rebuilds the game by replaying it.
- The private file (`<save>-private`): this side's own secrets, never sent: the invitation's key, the seed
  of its hash chain, its signing key, the randomness its computer player decides with, where the host
  listens, and its secret decisions (Luke's Snowspeeder) with the salts that hide them until they are
  revealed.  Written readable by its owner only.

Both are validated by pydantic models when read: a file changed by hand or cut short gets a message naming
the line or field, never a traceback.
"""

from __future__ import annotations

import json
from typing import Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from hothsim.kernel.record import MAX_ENTRIES
from hothsim.remote.messages import MAX_LINE

CONVERSATION_MAGIC = "hothsim-conversation 1"
PRIVATE_FORMAT: Final = "hothsim-private/2"
#: Which command takes a game at two machines up again: `host` or `join`'s.
Role = Literal["host", "guest"]
HEX64 = r"^[0-9a-f]{64}$"


class RemoteFileError(ValueError):
    """A conversation or private file that cannot be read: says where and what."""


class Conversation(BaseModel):
    """The lines of a conversation, each a message as sent."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    lines: tuple[str, ...] = Field(max_length=3 * MAX_ENTRIES)


class Secret(BaseModel):
    """A secret decision of this side's, committed in the conversation's line `line`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    line: int = Field(ge=1, le=3 * MAX_ENTRIES)
    salt: str = Field(pattern=HEX64)
    decision: str = Field(min_length=1, max_length=200, pattern=r"^[ -~]+$")


class Private(BaseModel):
    """One side's secrets for one remote game."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    format: Literal["hothsim-private/2"]
    key: str = Field(pattern=r"^[0-9a-f]{32}$")
    chain: str = Field(pattern=HEX64)
    length: int = Field(ge=1, le=65536)
    host: str = Field(pattern=r"^[0-9A-Za-z.:\[\]-]{1,80}$")  # where the host listens (address:port)
    side: Literal["rebel", "imperial"]
    role: Role  # which command takes the game up again
    signing: str = Field(pattern=HEX64)  # this side's Ed25519 key (its seed)
    randomness: str = Field(pattern=HEX64)  # what this side's computer player decides with (from `secrets`)
    scenario: str = Field(pattern=r"^[a-z0-9][a-z0-9-]{0,63}$")
    wait: float = Field(gt=0, le=30 * 86400)  # seconds of silence before the other side may be claimed
    secrets: tuple[Secret, ...] = ()


def conversation_text(lines: tuple[str, ...] | list[str]) -> str:
    """The conversation file's text."""
    return CONVERSATION_MAGIC + "\n" + "".join(line + "\n" for line in lines)


def parse_conversation(text: str) -> tuple[str, ...]:
    """The lines of a conversation file; RemoteFileError names the line that is wrong (each line's own
    checks, its signature and its place, are the peer's when the lines are replayed)."""
    rows = text.split("\n")
    if rows and rows[-1] == "":
        rows.pop()
    if not rows or rows[0] != CONVERSATION_MAGIC:
        raise RemoteFileError(f"line 1: this is not a hothsim conversation (it should start with "
                              f"'{CONVERSATION_MAGIC}')")
    for n, row in enumerate(rows[1:], 2):
        if len(row) > MAX_LINE or not all(" " <= c <= "~" for c in row):
            raise RemoteFileError(f"line {n}: not a message (printable text of at most {MAX_LINE} characters)")
    try:
        return Conversation(lines=tuple(rows[1:])).lines
    except ValidationError as e:
        raise RemoteFileError(f"too many lines ({e.errors()[0]['msg']})") from None


def private_text(p: Private) -> str:
    """The private file's text (JSON)."""
    return json.dumps(p.model_dump(), indent=1) + "\n"


def parse_private(text: str) -> Private:
    """A private file read and checked; RemoteFileError names the field that is wrong."""
    if '"hothsim-private/1"' in text:
        raise RemoteFileError("a game begun by an older hothsim (remote protocol 1), which this version cannot "
                              "take up: finish it with the version that began it")
    try:
        return Private.model_validate_json(text)
    except ValidationError as e:
        first = e.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "the file"
        raise RemoteFileError(f"field '{where}': {first['msg']}") from None


TURN_BEGIN = "-----BEGIN HOTHSIM TURN-----"
TURN_END = "-----END HOTHSIM TURN-----"
#: A turn sent by mail holds at most this many lines (a turn of a few decisions holds tens).
TURN_LINES = 5000


def turn_text(lines: list[str] | tuple[str, ...]) -> str:
    """A turn to send by mail: the lines between two marker lines (what a mail program may wrap around
    them, or quote with `> `, is ignored when it is read)."""
    return "\n".join([TURN_BEGIN, *lines, TURN_END]) + "\n"


def parse_turn(text: str) -> list[str]:
    """The lines of a turn received by mail: those between the markers, each stripped of a mail quote's
    `> ` and of spaces at its ends, blank ones left out; RemoteFileError when there is no whole turn."""
    rows = [row.strip().lstrip(">").strip() for row in text.splitlines()]
    if TURN_BEGIN not in rows or TURN_END not in rows[rows.index(TURN_BEGIN):]:
        raise RemoteFileError(f"no whole turn in it (a turn is the lines between '{TURN_BEGIN}' and "
                              f"'{TURN_END}')")
    start = rows.index(TURN_BEGIN)
    body = [row for row in rows[start + 1:rows.index(TURN_END, start)] if row]
    if not body or len(body) > TURN_LINES:
        raise RemoteFileError(f"a turn holds from 1 to {TURN_LINES} lines, not {len(body)}")
    for n, row in enumerate(body, 1):
        if len(row) > MAX_LINE or not all(" " <= c <= "~" for c in row):
            raise RemoteFileError(f"line {n} of the turn is not a message (printable text of at most "
                                  f"{MAX_LINE} characters)")
    return body
