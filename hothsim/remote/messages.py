"""The lines two hothsim copies send each other: numbered, hash-linked and authenticated.

A message is one line of printable ASCII, at most `MAX_LINE` characters:

    <number> <hash of the line before> <sender> <kind> <body> <HMAC-SHA256 of all before its last space>

`number` counts from 1 across both directions (the protocol decides who sends next, so both copies hold
the same sequence); the first line's "hash of the line before" is 64 zeros.  The HMAC's key is the
invitation's secret key, so only the two players can write lines the other accepts; the hash link makes
a line that was left out, replayed or changed after the fact visible at once.  Reading never trusts the
line: every field is checked, and any problem is a `RemoteError` naming it.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from dataclasses import dataclass

from hothsim.kernel.engine import SIDES, Side

#: The longest line either side sends or accepts (a hello with its options is the longest, ~400).
MAX_LINE = 2048

#: The kinds of message: `hello` opens the game (each side's chain head), `action` is a decision in the
#: game's notation, `value` a chain value revealed for a roll, `commit` a secret decision's salted hash,
#: `reveal` its salt and notation, `claim` the game claimed by a side the other has left waiting; `sync`
#: (number 0, outside the conversation) says how far a copy is when the two connect.
KINDS = ("hello", "action", "value", "commit", "reveal", "claim", "sync")

GENESIS = "0" * 64
_LINE = re.compile(r"^([0-9]{1,7}) ([0-9a-f]{64}) (rebel|imperial) ([a-z]{1,12}) ([ -~]*) ([0-9a-f]{64})$")


class RemoteError(Exception):
    """A message, a peer or a transcript that cannot be accepted: `reason` names the check that failed."""

    def __init__(self, reason: str, message: str) -> None:
        self.reason = reason
        super().__init__(message)


@dataclass(frozen=True)
class Message:
    """One line of the conversation, before it is authenticated."""

    number: int
    prev: str
    sender: Side
    kind: str
    body: str

    def signed(self, key: bytes) -> str:
        """The line as sent: the fields, then the HMAC of them under the invitation's key."""
        unsigned = f"{self.number} {self.prev} {self.sender} {self.kind} {self.body}"
        if len(unsigned) + 65 > MAX_LINE or not all(" " <= c <= "~" for c in unsigned):
            raise ValueError(f"a {self.kind} message must be printable text of at most {MAX_LINE} characters")
        return f"{unsigned} {mac(key, unsigned)}"


def mac(key: bytes, text: str) -> str:
    """The HMAC-SHA256 of a line's fields under the invitation's key."""
    return hmac.new(key, text.encode("ascii"), hashlib.sha256).hexdigest()


def line_hash(line: str) -> str:
    """The hash the next line links to."""
    return hashlib.sha256(line.encode("ascii")).hexdigest()


def read_line(line: str, key: bytes) -> Message:
    """A received line checked for its form and its HMAC (not yet for its place in the conversation);
    RemoteError("garbled" or "forged") otherwise."""
    if len(line) > MAX_LINE:
        raise RemoteError("garbled", f"a line of {len(line):,} characters (at most {MAX_LINE} are accepted)")
    m = _LINE.match(line)
    if m is None:
        shown = line[:40].encode("ascii", "backslashreplace").decode("ascii")
        raise RemoteError("garbled", f"a line that is not a hothsim message: {shown!r}")
    number, prev, sender, kind, body, tag = m.groups()
    if not hmac.compare_digest(mac(key, line[: line.rindex(" ")]), tag):
        raise RemoteError("forged", f"message {number} is not signed with this game's key (changed on the way, "
                                    "or sent by someone without the invitation)")
    if kind not in KINDS:
        raise RemoteError("garbled", f"message {number} is of an unknown kind {kind!r}")
    side: Side = "rebel" if sender == SIDES[0] else "imperial"
    return Message(int(number), prev, side, kind, body)


def fields_of(body: str, names: tuple[str, ...], number: int) -> dict[str, str]:
    """A body written `name=value ...` read into a dict; every name in `names` must be there, once."""
    out: dict[str, str] = {}
    for part in body.split():
        name, sep, value = part.partition("=")
        if not sep or name in out:
            raise RemoteError("garbled", f"message {number}: {part[:40]!r} is not a single name=value field")
        out[name] = value
    missing = [n for n in names if n not in out]
    if missing:
        raise RemoteError("garbled", f"message {number} lacks the field(s) {', '.join(missing)}")
    return out
