"""Dice both sides roll together: every random action draws from a key made of one chain value of each.

A remote game's engine rolls through `SharedDice`.  Until both sides' values for an action are in, the
dice hold no key and a roll raises `NeedRandomness`: the peer tries each action on a copy of the game,
learns so that it needs a roll, asks for the values, and applies the action again with the key.  All the
rolls of one action (an attack's d20, a fire's handful of dice, a card drawn) come from that one key,
read as a stream (SHA-256 of the key and a counter), so one exchange of values serves a whole action
however many dice it turns out to need.  The rolls are recorded as usual, so the finished record replays
as a `dice: scripted` record.
"""

from __future__ import annotations

import copy
import hashlib

from hothsim.kernel.dice import RecordingDice


class NeedRandomness(Exception):
    """The action being applied rolls dice, and both sides' values for it are not in yet."""


class SharedDice(RecordingDice):
    """Dice with no randomness of their own: each random action is given its key (`keyed`)."""

    def __init__(self) -> None:
        self.log = []
        self._key: bytes | None = None
        self._counter = 0
        self._pool = b""

    def keyed(self, key: bytes | None) -> "SharedDice":
        """These dice with the key of the action about to be applied (None: no action's key)."""
        self._key, self._counter, self._pool = key, 0, b""
        return self

    @property
    def has_key(self) -> bool:
        """Whether the dice hold a key (an action is being applied with both sides' values)."""
        return self._key is not None

    def _next64(self) -> int:
        if self._key is None:
            raise NeedRandomness()
        if len(self._pool) < 8:
            self._pool += hashlib.sha256(self._key + self._counter.to_bytes(8, "big")).digest()
            self._counter += 1
        value, self._pool = int.from_bytes(self._pool[:8], "big"), self._pool[8:]
        return value

    def clone(self) -> "SharedDice":
        """A copy at the same point of the same key's stream, with its own log."""
        other = copy.copy(self)
        other.log = list(self.log)
        return other
