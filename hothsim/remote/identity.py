"""Each side's own signing key: every line a side sends is signed with it, so a line belongs to its sender.

The invitation's key is shared by the two players, so it can only show that a line comes from one of them;
it cannot show which.  Each side therefore makes an Ed25519 key pair on its own machine when the game
begins (kept in its private file), announces the public half in its `hello` (itself authenticated under
the invitation's key), and signs every later line with the private half.  A copy checks each line against
the public key of the side the line names, so neither player can write a line in the other's name, and a
third party holding the finished conversation or record can check who played what.

Ed25519 comes from the `cryptography` package: a well-kept, audited implementation (composing our own
signatures from hash functions would be worse).
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

#: A public key and a private key's seed travel as 64 hex digits, a signature as 128.
KEY_HEX = 64
SIGNATURE_HEX = 128


@dataclass(frozen=True)
class Identity:
    """This side's signing key (its 32-byte seed, kept in the private file; never sent)."""

    seed: bytes

    @classmethod
    def fresh(cls) -> "Identity":
        """A new key pair from the operating system's randomness."""
        return cls(Ed25519PrivateKey.generate().private_bytes_raw())

    @property
    def _key(self) -> Ed25519PrivateKey:
        return Ed25519PrivateKey.from_private_bytes(self.seed)

    @property
    def public(self) -> str:
        """The public key as it is announced in this side's hello (64 hex digits)."""
        return self._key.public_key().public_bytes_raw().hex()

    def sign(self, purpose: bytes, text: str) -> str:
        """The signature of `text` for `purpose` (a line, a record's seal), as 128 hex digits."""
        return self._key.sign(purpose + b"\n" + text.encode("ascii")).hex()


def verify(public: str, purpose: bytes, text: str, signature: str) -> bool:
    """Whether `signature` is the signature of `text` for `purpose` by the key `public` (hex)."""
    try:
        key = Ed25519PublicKey.from_public_bytes(bytes.fromhex(public))
        key.verify(bytes.fromhex(signature), purpose + b"\n" + text.encode("ascii"))
    except (ValueError, InvalidSignature):
        return False
    return True


def proof(invitation: bytes, purpose: bytes, text: str) -> str:
    """The HMAC-SHA256 of `text` under the invitation's key: shows the sender holds the invitation."""
    return hmac.new(invitation, purpose + b"\n" + text.encode("ascii"), hashlib.sha256).hexdigest()


def proof_holds(invitation: bytes, purpose: bytes, text: str, tag: str) -> bool:
    """Whether `tag` is the invitation's HMAC of `text` (compared in constant time)."""
    return hmac.compare_digest(proof(invitation, purpose, text), tag)
