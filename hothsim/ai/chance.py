"""Chance the rules make explicit: an action whose outcome turns on one roll with few results (an attack's
d20: miss, hit or a natural 20; a fire's dice: hit or miss) is simulated once per result, with that roll
made to come out so, and the results weighed by their exact probabilities.  A decisive 21% shot is then
worth 21% of a win in every sample, instead of a win in one sample of five and nothing in the others.

The search's dice may also be keyed by each roll's purpose (`hothsim.kernel.dice.KeyedDice`, a level's
`keyed`), so that simulations which part ways still meet the same roll for the same attack; the branch
dice below are keyed dice."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Hashable

from hothsim.kernel.dice import FireFace, KeyedDice


@dataclass(frozen=True)
class Branch:
    """One result of the deciding roll and its probability: a d20 showing one of `faces`, or fire dice
    with (`hit`) or without at least `armor` of `symbol`."""

    probability: float
    kind: str  # "d20" or "fire"
    faces: frozenset[int] = frozenset()
    symbol: str = ""
    armor: int = 0
    hit: bool = False

    def accepts_d20(self, face: int) -> bool:
        """Whether a d20 result belongs to this branch."""
        return face in self.faces

    def accepts_fire(self, faces: tuple[FireFace, ...]) -> bool:
        """Whether a fire roll belongs to this branch."""
        return (faces.count(self.symbol) >= self.armor) == self.hit


def d20_branches(chance_percent: int) -> list[Branch]:
    """An attack's d20 that hits with this chance: a natural 20 (a critical hit), the other hits (the
    highest faces from 2 to 19), and a miss; results that cannot happen left out."""
    lowest = 20 - max(0, chance_percent // 5 - 1)  # faces from this up to 19 hit (none where it is 20)
    return d20_classes(lambda face: 2 if face == 20 else 1 if face >= lowest else 0)[::-1]


def d20_classes(outcome: Callable[[int], Hashable]) -> list[Branch]:
    """A d20 whose faces fall into classes by `outcome(face)` (a reroll's hit, critical hit or miss; a
    save made or failed): one branch a class, weighed by its share of the twenty faces, in the order the
    classes first appear from face 1 up."""
    classes: dict[Hashable, set[int]] = {}
    for face in range(1, 21):
        classes.setdefault(outcome(face), set()).add(face)
    return [Branch(len(faces) / 20, "d20", frozenset(faces)) for faces in classes.values()]


def fire_branches(chance: float, symbol: str, armor: int) -> list[Branch]:
    """A fire that hits with this chance when at least `armor` of `symbol` come up: hit and miss."""
    out = [Branch(chance, "fire", symbol=symbol, armor=armor, hit=True),
           Branch(1 - chance, "fire", symbol=symbol, armor=armor, hit=False)]
    return [b for b in out if b.probability > 1e-9]


class BranchDice(KeyedDice):
    """Keyed dice whose first roll of the branch's kind is drawn again until it falls in the branch
    (each accepted result as likely as in a fair roll given the branch); every other roll is fair."""

    #: Draws a fire roll may take to fall in its branch (a branch that rare is weighed almost nothing).
    TRIES = 20_000

    def __init__(self, seed: int, branch: Branch, keyed: bool = True) -> None:
        super().__init__(seed, keyed)
        self.branch = branch
        self.waiting = True  # the deciding roll is still to come

    def d20(self, purpose: str) -> int:
        """A d20; the first one falls in the branch."""
        if not (self.waiting and self.branch.kind == "d20"):
            return super().d20(purpose)
        self.waiting = False
        while True:
            face = super().d20(purpose)
            if self.branch.accepts_d20(face):
                return face
            self.log.pop()

    def fire(self, count: int, purpose: str) -> tuple[FireFace, ...]:
        """Fire dice; the first roll falls in the branch."""
        if not (self.waiting and self.branch.kind == "fire"):
            return super().fire(count, purpose)
        self.waiting = False
        for _ in range(self.TRIES):
            faces = super().fire(count, purpose)
            if self.branch.accepts_fire(faces):
                return faces
            self.log.pop()
        return super().fire(count, purpose)
