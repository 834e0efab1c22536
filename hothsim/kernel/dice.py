"""Dice: the only source of chance in both games.

Every roll goes through a `Dice` object and is recorded as a `Roll` with what it was for, so a game
record can store the outcomes and a replay can check them.  `SeededDice` uses its own small
generator (SplitMix64) instead of `random`, so a seed gives the same rolls on every machine and
every Python version; `KeyedDice` draws each roll from the seed and the roll's purpose instead (the
computer's search may roll so); `ScriptedDice` hands out results written by a test or by `hothsim run
--dice`.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass, field
from typing import Literal, Protocol, Self, Sequence

from hothsim.kernel.numbers import whole_number

#: The kinds of roll both games make.  `fire` is a handful of Assault on Hoth fire dice; `draw` is a card
#: drawn by a roll over the cards left (its face: the card's place among them, from 0), where no deck order
#: may exist (a game at two machines).
RollKind = Literal["d20", "d6", "2d6", "fire", "shuffle", "draw"]

#: Faces of an Assault on Hoth fire die: 2 Vader faces, 2 Saber faces, 2 blank faces.
FireFace = Literal["V", "S", "B"]
FIRE_FACES: tuple[FireFace, ...] = ("V", "V", "S", "S", "B", "B")

_MASK64 = (1 << 64) - 1


class DiceError(Exception):
    """A roll could not be made (scripted dice ran out, or a scripted value does not fit the die)."""


@dataclass(frozen=True)
class Roll:
    """One recorded roll: its kind, the faces that came up, and what it was for."""

    kind: RollKind
    faces: tuple[int | str, ...]
    # What the roll was for is re-derived on replay, so two rolls are the same roll when kind and
    # faces agree (a record's text stores only those).
    purpose: str = field(default="", compare=False)

    @property
    def total(self) -> int:
        """Sum of numeric faces (d20, d6, 2d6)."""
        return sum(int(f) for f in self.faces)

    def token(self) -> str:
        """The compact text form used in game records, e.g. `d20:14`, `2d6:3+4`, `fire:VSB`."""
        if self.kind == "fire":
            return "fire:" + ("".join(str(f) for f in self.faces) or "-")
        if self.kind == "shuffle":
            return "shuffle:" + ",".join(str(f) for f in self.faces)
        return f"{self.kind}:" + "+".join(str(f) for f in self.faces)  # a draw: `draw:3`

    @staticmethod
    def from_token(token: str, purpose: str = "") -> "Roll":
        """Parse the text form written by `token()`; raises ValueError with a reason."""
        kind, sep, body = token.partition(":")
        if not sep:
            raise ValueError(f"roll {token[:40]!r} has no ':' between kind and faces")
        if kind == "fire":
            faces = tuple("" if body == "-" else body)
            if any(f not in "VSB" for f in faces):
                raise ValueError(f"fire roll {token[:40]!r} may hold only V, S and B")
            return Roll("fire", faces, purpose)
        if kind == "shuffle":
            try:
                perm = tuple(whole_number(x, "a card's place", 4) for x in body.split(",")) if body else ()
            except ValueError:
                raise ValueError(f"shuffle {token[:40]!r} must list whole numbers (digits 0-9)") from None
            if sorted(perm) != list(range(len(perm))):
                raise ValueError(f"shuffle {token!r} is not an ordering of 0..{len(perm) - 1}")
            return Roll("shuffle", perm, purpose)
        if kind == "draw":
            try:
                return Roll("draw", (whole_number(body, "a card's place", 4),), purpose)
            except ValueError:
                raise ValueError(f"draw {token[:40]!r} must give a card's place as a whole number") from None
        sides: dict[str, tuple[RollKind, int, int]] = {"d20": ("d20", 1, 20), "d6": ("d6", 1, 6),
                                                       "2d6": ("2d6", 2, 6)}
        if kind not in sides:
            raise ValueError(f"unknown roll kind {kind[:20]!r} in {token[:40]!r}")
        known, count, top = sides[kind]
        try:
            faces_i = tuple(whole_number(x, "a face", 2) for x in body.split("+"))
        except ValueError:
            raise ValueError(f"roll {token[:40]!r} must have whole-number faces (digits 0-9)") from None
        if len(faces_i) != count or any(not 1 <= f <= top for f in faces_i):
            raise ValueError(f"roll {token[:40]!r} needs {count} face(s) from 1 to {top}")
        return Roll(known, faces_i, purpose)


class Dice(Protocol):
    """What the rules core asks of dice.  Every method records a `Roll` in `log`."""

    log: list[Roll]

    def d20(self, purpose: str) -> int:
        """Roll one twenty-sided die."""
        ...

    def d6(self, purpose: str) -> int:
        """Roll one six-sided die."""
        ...

    def two_d6(self, purpose: str) -> tuple[int, int]:
        """Roll two six-sided dice (the damage tables of Assault on Hoth)."""
        ...

    def fire(self, count: int, purpose: str) -> tuple[FireFace, ...]:
        """Roll `count` Assault on Hoth fire dice."""
        ...

    def shuffle(self, count: int, purpose: str) -> tuple[int, ...]:
        """An ordering of range(count), used to shuffle a deck."""
        ...

    def draw(self, count: int, purpose: str) -> int:
        """A card drawn from `count` cards left: its place among them, from 0 (each equally likely)."""
        ...

    def clone(self) -> "Dice":
        """An independent copy that will produce the same future results."""
        ...


class RecordingDice:
    """Shared roll bookkeeping: one place turns raw numbers into recorded rolls.  A subclass gives 64 random
    bits at a time (`_next64`), or whole results (overriding `_below` and the hooks below)."""

    log: list[Roll]

    def _next64(self) -> int:  # pragma: no cover - abstract
        raise NotImplementedError

    def _below(self, n: int, purpose: str) -> int:
        # Rejection sampling keeps every face exactly equally likely.
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self._next64()
            if x < limit:
                return x % n

    def d20(self, purpose: str) -> int:
        """Roll one twenty-sided die."""
        face = self._face("d20", 20, purpose)
        self.log.append(Roll("d20", (face,), purpose))
        return face

    def d6(self, purpose: str) -> int:
        """Roll one six-sided die."""
        face = self._face("d6", 6, purpose)
        self.log.append(Roll("d6", (face,), purpose))
        return face

    def two_d6(self, purpose: str) -> tuple[int, int]:
        """Roll two six-sided dice."""
        faces = (self._face("2d6", 6, purpose), self._face("2d6", 6, purpose))
        self.log.append(Roll("2d6", faces, purpose))
        return faces

    def fire(self, count: int, purpose: str) -> tuple[FireFace, ...]:
        """Roll `count` fire dice."""
        if count < 0:
            raise DiceError(f"cannot roll {count} fire dice for {purpose}")
        faces = tuple(self._fire_face(purpose) for _ in range(count))
        self.log.append(Roll("fire", faces, purpose))
        return faces

    def shuffle(self, count: int, purpose: str) -> tuple[int, ...]:
        """Fisher-Yates ordering of range(count)."""
        perm = self._permutation(count, purpose)
        self.log.append(Roll("shuffle", perm, purpose))
        return perm

    def draw(self, count: int, purpose: str) -> int:
        """A card drawn from `count` cards left: its place among them, from 0."""
        if count < 1:
            raise DiceError(f"cannot draw from no cards for {purpose}")
        place = self._place(count, purpose)
        self.log.append(Roll("draw", (place,), purpose))
        return place

    # Hooks the two implementations fill in.
    def _face(self, kind: str, sides: int, purpose: str) -> int:
        return self._below(sides, purpose) + 1

    def _fire_face(self, purpose: str) -> FireFace:
        return FIRE_FACES[self._below(6, purpose)]

    def _place(self, count: int, purpose: str) -> int:
        return self._below(count, purpose)

    def _permutation(self, count: int, purpose: str) -> tuple[int, ...]:
        items = list(range(count))
        for i in range(count - 1, 0, -1):
            j = self._below(i + 1, purpose)
            items[i], items[j] = items[j], items[i]
        return tuple(items)


class SeededDice(RecordingDice):
    """Dice driven by SplitMix64 from an integer seed: identical on every machine and version."""

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or seed < 0:
            raise DiceError(f"a seed must be a whole number of 0 or more, not {seed!r}")
        self.seed = seed
        self._state = seed & _MASK64
        self.log = []

    def _next64(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK64
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def clone(self) -> Self:
        """A copy at the same point of the sequence, with its own log (a subclass's copy keeps its own
        fields too: the search's branch dice still wait for their deciding roll)."""
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.log = list(self.log)
        return other


class KeyedDice(SeededDice):
    """Seeded dice whose every roll is drawn from the seed, the roll's purpose ("luke attacks vader") and
    how many rolls of that purpose came before it: two games from one seed that part ways (a move here, a
    move there) still meet the same roll for the same attack, however many other rolls came between.  The
    computer's search may roll so (hothsim.ai.chance), to pair its candidates' samples roll by roll."""

    def __init__(self, seed: int, keyed: bool = True) -> None:
        super().__init__(seed)
        self.keyed = keyed  # False: plain seeded dice, one stream for every purpose
        self._counts: dict[str, int] = {}

    def clone(self) -> Self:
        """A copy at the same point of every purpose's sequence."""
        other = super().clone()
        other._counts = dict(self._counts)
        return other

    def _below(self, n: int, purpose: str) -> int:
        if not self.keyed:
            return super()._below(n, purpose)
        k = self._counts.get(purpose, 0)
        self._counts[purpose] = k + 1
        self._state = (self.seed ^ (zlib.crc32(purpose.encode("utf-8")) << 32) ^ k * 0xD1B54A32D192ED03) & _MASK64
        return super()._below(n, purpose)


class ScriptedDice(RecordingDice):
    """Dice that hand out given results in order.

    Numbers are die faces (a d20 takes one number from 1 to 20, 2d6 takes two numbers from 1 to 6).
    A fire die takes `V`, `S` or `B`.  A shuffle takes a whole ordering given as a tuple.
    """

    def __init__(self, results: Sequence[int | str | tuple[int, ...]]) -> None:
        self._results = list(results)
        self._used = 0
        self.log = []

    @property
    def remaining(self) -> int:
        """How many scripted results have not been used yet."""
        return len(self._results) - self._used

    def _take(self, wanted: str, purpose: str) -> int | str | tuple[int, ...]:
        if self._used >= len(self._results):
            raise DiceError(
                f"the scripted dice ran out: {wanted} needed for {purpose} after "
                f"{len(self._results)} scripted result(s)"
            )
        value = self._results[self._used]
        self._used += 1
        return value

    def _face(self, kind: str, sides: int, purpose: str) -> int:
        value = self._take(f"a {kind} result", purpose)
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= sides:
            raise DiceError(
                f"scripted result #{self._used} is {value!r}, but {purpose} rolls a {kind} "
                f"(a whole number from 1 to {sides})"
            )
        return value

    def _fire_face(self, purpose: str) -> FireFace:
        value = self._take("a fire die (V, S or B)", purpose)
        for face in FIRE_FACES:
            if value == face:
                return face
        raise DiceError(f"scripted result #{self._used} is {value!r}, but {purpose} rolls fire dice (V, S or B)")

    def _permutation(self, count: int, purpose: str) -> tuple[int, ...]:
        value = self._take(f"an ordering of {count} cards", purpose)
        if not isinstance(value, tuple) or sorted(value) != list(range(count)):
            raise DiceError(
                f"scripted result #{self._used} is {value!r}, but {purpose} needs an ordering "
                f"of 0..{count - 1}"
            )
        return value

    def _place(self, count: int, purpose: str) -> int:
        value = self._take(f"a card's place among {count}", purpose)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < count:
            raise DiceError(
                f"scripted result #{self._used} is {value!r}, but {purpose} draws one of {count} cards "
                f"(a place from 0 to {count - 1})"
            )
        return value

    def _below(self, n: int, purpose: str) -> int:  # pragma: no cover - every path overrides
        raise DiceError("scripted dice only hand out whole results")

    def clone(self) -> "ScriptedDice":
        """A copy at the same point of the script, with its own log."""
        other = ScriptedDice(self._results)
        other._used = self._used
        other.log = list(self.log)
        return other


def count_symbols(faces: Sequence[FireFace], symbol: FireFace) -> int:
    """How many of the rolled fire dice show `symbol`."""
    return sum(1 for f in faces if f == symbol)
