"""The lines two hothsim copies send each other: numbered, hash-linked and signed by their sender.

A message is one line of printable ASCII, at most `MAX_LINE` characters:

    <number> <hash of the line before> <sender> <kind> <body> <Ed25519 signature of all before its last space>

`number` counts from 1 across both directions (the protocol decides who sends next, so both copies hold
the same sequence); the first line's "hash of the line before" is 64 zeros.  Each side signs its own
lines with its own key (hothsim.remote.identity), announced in its `hello`; a hello also carries the
HMAC of its fields under the invitation's key, so only the two players can open a game, and each line
belongs to the side that signed it.  The hash link makes a line that was left out, replayed or changed
after the fact visible at once.  Reading never trusts the line: every field is checked, and any problem is
a `RemoteError` naming it.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from hothsim.kernel.engine import SIDES, Side
from hothsim.remote.identity import SIGNATURE_HEX, Identity, verify

#: The longest line either side sends or accepts (a hello with its options is the longest, ~400).
MAX_LINE = 2048

#: The kinds of message: `hello` opens the game (each side's chain head), `action` is a decision in the
#: game's notation, `value` a chain value revealed for a roll, `commit` a secret decision's salted hash,
#: `reveal` its salt and notation, `claim` the game claimed by a side the other has left waiting, `seal`
#: a side's signature of the finished record; `sync` (number 0, outside the conversation) says how far a
#: copy is when the two meet.
KINDS = ("hello", "action", "value", "commit", "reveal", "claim", "seal", "sync")

GENESIS = "0" * 64
_LINE = re.compile(r"^([0-9]{1,7}) ([0-9a-f]{64}) (rebel|imperial) ([a-z]{1,12}) ([ -~]*) ([0-9a-f]{128})$")

#: What a line's signature is for (so a signature made for anything else never passes as a line's).
LINE_PURPOSE = b"hothsim-line"


class RemoteError(Exception):
    """A message, a peer or a transcript that cannot be accepted: `reason` names the check that failed."""

    def __init__(self, reason: str, message: str) -> None:
        self.reason = reason
        super().__init__(message)


@dataclass(frozen=True)
class Message:
    """One line of the conversation, before it is signed."""

    number: int
    prev: str
    sender: Side
    kind: str
    body: str

    @property
    def unsigned(self) -> str:
        """The fields as the signature covers them."""
        return f"{self.number} {self.prev} {self.sender} {self.kind} {self.body}"

    def signed(self, identity: Identity) -> str:
        """The line as sent: the fields, then the sender's signature of them."""
        unsigned = self.unsigned
        if len(unsigned) + 1 + SIGNATURE_HEX > MAX_LINE or not all(" " <= c <= "~" for c in unsigned):
            raise ValueError(f"a {self.kind} message must be printable text of at most {MAX_LINE} characters")
        return f"{unsigned} {identity.sign(LINE_PURPOSE, unsigned)}"


@dataclass(frozen=True)
class Received:
    """A line read for its form: its fields, and the signature still to be checked (`authentic`)."""

    message: Message
    signature: str

    def authentic(self, public: str) -> bool:
        """Whether the line is signed by the key `public` (the key its sender announced)."""
        return verify(public, LINE_PURPOSE, self.message.unsigned, self.signature)


def line_hash(line: str) -> str:
    """The hash the next line links to."""
    return hashlib.sha256(line.encode("ascii")).hexdigest()


def read_line(line: str) -> Received:
    """A received line checked for its form (not yet for its signature or its place in the
    conversation); RemoteError("garbled") otherwise."""
    if len(line) > MAX_LINE:
        raise RemoteError("garbled", f"a line of {len(line):,} characters (at most {MAX_LINE} are accepted)")
    m = _LINE.match(line)
    if m is None:
        shown = line[:40].encode("ascii", "backslashreplace").decode("ascii")
        raise RemoteError("garbled", f"a line that is not a hothsim message: {shown!r}")
    number, prev, sender, kind, body, signature = m.groups()
    if kind not in KINDS:
        raise RemoteError("garbled", f"message {number} is of an unknown kind {kind!r}")
    side: Side = "rebel" if sender == SIDES[0] else "imperial"
    return Received(Message(int(number), prev, side, kind, body), signature)


def forged(number: int, sender: str) -> RemoteError:
    """The refusal of a line whose signature is not its sender's."""
    return RemoteError("forged", f"message {number} is not signed by the {sender} side's key (changed on the way, "
                                 "or written by someone else in that side's name)")


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
