"""Dice both sides roll together: every random action draws from a key made of one chain value of each.

A remote game's engine rolls through `SharedDice`.  Every roll the rules ask for is a chance node
(`hothsim.kernel.chance`): the node lists its results with their exact probabilities, and `_outcome`, the
one place a remote roll is made, picks one by the key.  A roll with a single result (the last card of a
deck) needs no key.  Until both sides' values for an action are in, the dice hold no key and a roll with
more than one result raises `NeedRandomness`: the peer tries each action on a copy of the game, learns so
that it reaches a chance node, asks for the values, and applies the action again with the key.  All the
rolls of one action (an attack's d20, a fire's handful of dice, a card drawn) come from that one key,
read as a stream (SHA-256 of the key and a counter), so one exchange of values serves a whole action
however many chance nodes it turns out to reach.  The rolls are recorded as usual, so the finished record
replays as a `dice: scripted` record.
"""

from __future__ import annotations

import copy
import hashlib
from math import lcm

from hothsim.kernel.chance import NodeDice, outcomes_of
from hothsim.kernel.dice import RecordingDice, Roll, RollKind


class NeedRandomness(Exception):
    """The action being applied rolls dice, and both sides' values for it are not in yet."""


class SharedDice(NodeDice, RecordingDice):
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

    def _outcome(self, kind: RollKind, size: int, purpose: str) -> tuple[int | str, ...]:
        """The one place a remote roll is made: the roll's chance node, and one of its results picked by the
        key at its exact probability (each result a share of the common denominator of the probabilities,
        drawn by rejection so that no share is favoured); logged, as every roll is."""
        outcomes = outcomes_of(kind, size, purpose)
        roll = outcomes[0][0]
        if len(outcomes) > 1:
            denominator = lcm(*(p.denominator for _, p in outcomes))
            left = self._below(denominator, purpose)
            for roll, p in outcomes:
                left -= p.numerator * (denominator // p.denominator)
                if left < 0:
                    break
        self.log.append(Roll(kind, roll.faces, purpose))
        return roll.faces

    def clone(self) -> "SharedDice":
        """A copy at the same point of the same key's stream, with its own log."""
        other = copy.copy(self)
        other.log = list(self.log)
        return other
