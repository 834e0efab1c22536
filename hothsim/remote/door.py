"""The door: who may talk to a host, decided before anything of the game is sent or accepted.

A challenge-response with fresh nonces from both ends, under the invitation's key:

    host  -> guest   hothsim-door 2 <host nonce>
    guest -> host    <guest nonce> <HMAC(key, "guest", host nonce, guest nonce)>
    host  -> guest   <HMAC(key, "host", host nonce, guest nonce)>

A stranger without the key is sent nothing but a random nonce (no line of the game, nothing signed), and
its answer cannot pass: the host's nonce is new on every connection, so an answer seen before is worth
nothing; the two answers are made for different roles, so the host's own answer reflected back is not a
guest's.  The guest checks the host's answer in turn, so it knows it reached its opponent.  The session
both nonces make binds the sync lines of this meeting (hothsim.remote.peer), so none can be replayed at
another.  Pure: the connection's reading and writing is hothsim.remote.link's.
"""

from __future__ import annotations

import hashlib
import re
import secrets

from hothsim.remote.identity import proof, proof_holds
from hothsim.remote.messages import RemoteError

#: The protocol the door opens to (the conversation's version as well).
VERSION = "3"
#: The longest door line either end accepts.
DOOR_LINE = 200
_PURPOSE = b"hothsim-door"
_HEX = r"[0-9a-f]{64}"
_CHALLENGE = re.compile(rf"^hothsim-door ([0-9]{{1,3}}) ({_HEX})$")
_ANSWER = re.compile(rf"^({_HEX}) ({_HEX})$")


def nonce() -> str:
    """A fresh nonce from the operating system's randomness (64 hex digits)."""
    return secrets.token_hex(32)


def challenge(host_nonce: str) -> str:
    """The host's first line to whoever connects."""
    return f"hothsim-door {VERSION} {host_nonce}"


def _tag(key: bytes, role: str, host_nonce: str, guest_nonce: str) -> str:
    return proof(key, _PURPOSE, f"{role} {host_nonce} {guest_nonce}")


def answer(key: bytes, line: str, guest_nonce: str) -> tuple[str, str]:
    """The guest's answer to the host's challenge, and the host's nonce; RemoteError if `line` is not a
    challenge this hothsim understands."""
    m = _CHALLENGE.match(line)
    if m is None:
        raise RemoteError("garbled", "the other end is not a hothsim host (it did not open with a challenge)")
    if m.group(1) != VERSION:
        raise RemoteError("version", f"the host speaks protocol {m.group(1)}; this hothsim speaks {VERSION}: both "
                                     "players need the same version")
    host_nonce = m.group(2)
    return f"{guest_nonce} {_tag(key, 'guest', host_nonce, guest_nonce)}", host_nonce


def admitted(key: bytes, host_nonce: str, line: str) -> str | None:
    """The guest's nonce if `line` answers the challenge with this game's key; None for anyone else."""
    m = _ANSWER.match(line)
    if m is None or m.group(1) == host_nonce:  # a nonce of the host's own, sent back, is nobody's answer
        return None
    guest_nonce, tag = m.groups()
    return guest_nonce if proof_holds(key, _PURPOSE, f"guest {host_nonce} {guest_nonce}", tag) else None


def welcome(key: bytes, host_nonce: str, guest_nonce: str) -> str:
    """The host's answer, once the guest is admitted: shows the guest it reached its opponent."""
    return _tag(key, "host", host_nonce, guest_nonce)


def check_welcome(key: bytes, host_nonce: str, guest_nonce: str, line: str) -> None:
    """RemoteError unless `line` is the host's answer under this game's key."""
    if not (re.fullmatch(_HEX, line) and proof_holds(key, _PURPOSE, f"host {host_nonce} {guest_nonce}", line)):
        raise RemoteError("forged", "the host did not answer with this game's key (the invitation is not for "
                                    "this host's game)")


def session(host_nonce: str, guest_nonce: str) -> str:
    """The meeting both nonces make: the sync lines sent at it name it."""
    return hashlib.sha256(f"hothsim-session {host_nonce} {guest_nonce}".encode("ascii")).hexdigest()[:32]


#: The session a turn by mail's sync line names (there is no meeting to bind it to; a turn read twice
#: changes nothing, so one replayed is harmless).
MAIL_SESSION = "mail"
