"""Hash chains and salted commitments: how each side binds itself to values it reveals only later.

A hash chain (Lamport's one-time passwords, S/KEY) starts from a secret `seed` and hashes it `length`
times; the last hash is the `head`, sent to the opponent at the start as a commitment.  The values are
then revealed in the reverse order of their making: value 1 is the one whose hash is the head, value 2
the one whose hash is value 1, and so on.  Anyone can check a revealed value by hashing it once; nobody
can work out the next value from those revealed (that would need a preimage of SHA-256), and its owner
cannot change it (it is fixed by the head).  Each roll of a remote game combines one value of each side
(hothsim.remote.dice), so neither side can predict or choose a roll alone.

A `Commitment` hides a secret (Luke's Snowspeeder, a squad) behind a salted hash until the rules reveal
it; the salt keeps the opponent from trying every possible secret against the hash.

Pure: `hashlib`, `hmac` and `secrets` only (no cryptography of our own beyond composing them).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

#: A value of a chain, a seed or a salt: 32 bytes, written as 64 lowercase hex digits.
VALUE_BYTES = 32

#: Values a chain holds: one is spent per roll of dice or draw of a card that both sides make (an
#: echo-base game of a thousand decisions makes a few hundred); a longer game commits a new chain.
CHAIN_LENGTH = 4096


class ChainError(ValueError):
    """A revealed value or commitment that does not match what was committed."""


def digest(*parts: bytes) -> bytes:
    """SHA-256 of the parts, each prefixed by its length (so no two different lists of parts collide)."""
    h = hashlib.sha256()
    for part in parts:
        h.update(len(part).to_bytes(4, "big"))
        h.update(part)
    return h.digest()


def _step(value: bytes) -> bytes:
    """One link of a chain: the hash that commits to `value`."""
    return hashlib.sha256(b"hothsim-chain" + value).digest()


def fresh_secret() -> bytes:
    """A new secret value (a chain's seed, a salt) from the operating system's randomness."""
    return secrets.token_bytes(VALUE_BYTES)


def as_hex(value: bytes) -> str:
    """A value as it travels: 64 lowercase hex digits."""
    return value.hex()


def from_hex(text: str, what: str) -> bytes:
    """A value read from a message or file; ChainError names `what` when it is not 64 hex digits."""
    if len(text) != 2 * VALUE_BYTES or any(c not in "0123456789abcdef" for c in text):
        raise ChainError(f"{what} must be {2 * VALUE_BYTES} lowercase hex digits")
    return bytes.fromhex(text)


@dataclass(frozen=True)
class HashChain:
    """One side's own chain: its secret seed and how many values it holds (kept in the private file)."""

    seed: bytes
    length: int = CHAIN_LENGTH

    @classmethod
    def fresh(cls, length: int = CHAIN_LENGTH) -> "HashChain":
        """A chain from a new secret seed."""
        return cls(fresh_secret(), length)

    def value(self, index: int) -> bytes:
        """Value `index` (0 is the head, the commitment; 1 the first revealed; `length` the seed)."""
        if not 0 <= index <= self.length:
            raise ChainError(f"a chain of {self.length} values has no value {index}")
        v = self.seed
        for _ in range(self.length - index):
            v = _step(v)
        return v

    @property
    def head(self) -> bytes:
        """The commitment sent to the opponent before any value is revealed."""
        return self.value(0)


@dataclass(frozen=True)
class ChainView:
    """The opponent's chain as this side knows it: the last value checked, and its index."""

    last: bytes  # the head at first
    index: int = 0
    length: int = CHAIN_LENGTH

    def accept(self, index: int, value: bytes) -> "ChainView":
        """The view after checking revealed value `index` (it must be the next one and hash to the last);
        ChainError says which check failed."""
        if index != self.index + 1:
            raise ChainError(f"chain value {index} was revealed where value {self.index + 1} was due")
        if index > self.length:
            raise ChainError(f"the chain holds {self.length} values; value {index} does not exist")
        if not hmac.compare_digest(_step(value), self.last):
            raise ChainError(f"chain value {index} does not hash to the value before it (it was not committed)")
        return ChainView(value, index, self.length)


@dataclass(frozen=True)
class Commitment:
    """A secret bound by a salted hash: `digest` is sent at once, `salt` and `secret` when revealed."""

    secret: str
    salt: bytes

    @classmethod
    def make(cls, secret: str) -> "Commitment":
        """A commitment to `secret` under a fresh salt."""
        return cls(secret, fresh_secret())

    @property
    def digest(self) -> bytes:
        """What the opponent is sent before the reveal."""
        return commitment_digest(self.secret, self.salt)


def commitment_digest(secret: str, salt: bytes) -> bytes:
    """The salted hash of a secret, as sent before it is revealed."""
    return digest(b"hothsim-commitment", salt, secret.encode("utf-8"))


def check_reveal(committed: bytes, secret: str, salt: bytes) -> None:
    """ChainError unless `secret` and `salt` are what `committed` bound."""
    if not hmac.compare_digest(commitment_digest(secret, salt), committed):
        raise ChainError("the revealed secret does not match its commitment")


def roll_key(context: bytes, rebel: bytes, imperial: bytes) -> bytes:
    """The randomness of one random action: both sides' chain values for it, bound to the action they
    answer (`context`: the hash of the message that asked for them)."""
    return digest(b"hothsim-roll", context, rebel, imperial)
