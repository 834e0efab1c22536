"""The search's chance nodes: an action whose first roll has few different consequences is simulated once
per consequence, with that roll made to come out so, and the results weighed by their exact probabilities.
A decisive 21% shot is then worth 21% of a win in every sample, instead of a win in one sample of five and
nothing in the others.

Nothing here knows an attack from a save.  The rules' own chance node (`hothsim.kernel.chance`) says what
the action's first roll is and every result it can have; each result is tried on a copy of the game, and
results that leave the same state are one branch (an attack's d20: a miss, a hit, a natural 20; a fire's
dice: enough of the firer's symbol, or not).  Results that each leave a state of their own side by side
(a missed attack's faces, remembered for a Force reroll) are one branch, sampled within.  An action with
more branches than `WIDEST` is sampled as any other.

The search's dice may also be keyed by each roll's purpose (`hothsim.kernel.dice.KeyedDice`, a level's
`keyed`), so that simulations which part ways still meet the same roll for the same attack; the branch
dice below are keyed dice."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from hothsim.kernel.chance import ChanceError, Outcome, first_chance
from hothsim.kernel.dice import FireFace, KeyedDice, Roll, RollKind
from hothsim.kernel.engine import GameView, IllegalAction

#: The most branches an action is simulated for; with more, its roll is sampled.
WIDEST = 3

#: The order fire faces are counted in, as the chance node writes a fire roll's result.
_FIRE_ORDER = {"V": 0, "S": 1, "B": 2}


def result_of(kind: RollKind, faces: Sequence[int | str]) -> tuple[RollKind, tuple[int | str, ...]]:
    """A roll as the chance node counts it: its kind and faces, a fire roll's faces in the node's order (the
    rules count fire faces, never their order)."""
    if kind == "fire":
        return kind, tuple(sorted(faces, key=lambda face: _FIRE_ORDER[str(face)]))
    return kind, tuple(faces)


@dataclass(frozen=True)
class Branch:
    """Results of an action's first roll that lead to the same consequence, and their probability."""

    probability: float
    results: frozenset[tuple[RollKind, tuple[int | str, ...]]]

    def accepts(self, kind: RollKind, faces: Sequence[int | str]) -> bool:
        """Whether a roll belongs to this branch."""
        return result_of(kind, faces) in self.results


def first_roll(game: GameView, action: Any) -> tuple[Outcome, ...] | None:
    """Every result of the first roll `action` makes in `game`, with its probability (None: it rolls
    nothing, or a roll no chance node lists, as a shuffle)."""
    try:
        need = first_chance(game, action)
        return None if need is None else need.outcomes()
    except (ChanceError, IllegalAction):
        return None


def branches(game: GameView, action: Any, widest: int = WIDEST) -> list[Branch] | None:
    """The branches of `action`'s first roll (None: it is sampled, rolling nothing or having more than
    `widest` different consequences).  Each result is played on a copy whose later rolls all come from one
    seed, so that the results which differ only in the first roll leave equal states."""
    outcomes = first_roll(game, action)
    if outcomes is None:
        return None
    groups: list[tuple[Any, list[int]]] = []  # a state after the action, and the results that leave it
    for i, (roll, _) in enumerate(outcomes):
        trial = game.clone()
        trial.dice = BranchDice(0, Branch(1.0, frozenset({result_of(roll.kind, roll.faces)})))
        trial.apply(action)
        for state, members in groups:
            if state == trial.state:
                members.append(i)
                break
        else:
            groups.append((trial.state, [i]))
    found = _side_by_side([members for _, members in groups], len(outcomes))
    if len(found) < 2 or len(found) > widest:
        return None
    return [Branch(float(sum(outcomes[i][1] for i in members)),
                   frozenset(result_of(outcomes[i][0].kind, outcomes[i][0].faces) for i in members))
            for members in found]


def _side_by_side(groups: list[list[int]], count: int) -> list[list[int]]:
    """The groups of results (by their places in the roll's order), with the results that are each a group
    of their own and come next to each other made one group (a miss remembered face by face is one miss)."""
    alone = {members[0] for members in groups if len(members) == 1}
    out = [members for members in groups if len(members) > 1]
    run: list[int] = []
    for i in range(count):
        if i in alone:
            run.append(i)
        elif run:
            out.append(run)
            run = []
    if run:
        out.append(run)
    return sorted(out)  # in the roll's order, by each group's first result


class BranchDice(KeyedDice):
    """Keyed dice whose first roll that decides anything is drawn again until it falls in the branch (each
    accepted result as likely as in a fair roll given the branch); every other roll is fair."""

    #: Draws a roll may take to fall in its branch (a branch that rare is weighed almost nothing: the roll
    #: after them is kept, whatever it is).
    TRIES = 20_000

    def __init__(self, seed: int, branch: Branch, keyed: bool = True) -> None:
        super().__init__(seed, keyed)
        self.branch = branch
        self.waiting = True  # the deciding roll is still to come

    def _decided(self, kind: RollKind, purpose: str, roll: Any) -> Any:
        """Roll (`roll()`, which logs) until the result falls in the branch; the last result."""
        self.waiting = False
        if len(self.branch.results) == 1:  # one result: made so at once
            [(_, faces)] = self.branch.results
            self.log.append(Roll(kind, faces, purpose))
            return faces if kind in ("2d6", "fire") else faces[0]
        for _ in range(self.TRIES):
            faces = roll()
            if self.branch.accepts(kind, faces if isinstance(faces, tuple) else (faces,)):
                return faces
            self.log.pop()
        return roll()

    def d20(self, purpose: str) -> int:
        """A d20; the first roll falls in the branch."""
        if not self.waiting:
            return super().d20(purpose)
        return int(self._decided("d20", purpose, lambda: super(BranchDice, self).d20(purpose)))

    def d6(self, purpose: str) -> int:
        """A d6; the first roll falls in the branch."""
        if not self.waiting:
            return super().d6(purpose)
        return int(self._decided("d6", purpose, lambda: super(BranchDice, self).d6(purpose)))

    def two_d6(self, purpose: str) -> tuple[int, int]:
        """Two d6; the first roll falls in the branch."""
        if not self.waiting:
            return super().two_d6(purpose)
        a, b = self._decided("2d6", purpose, lambda: super(BranchDice, self).two_d6(purpose))
        return int(a), int(b)

    def fire(self, count: int, purpose: str) -> tuple[FireFace, ...]:
        """Fire dice; the first roll of any dice falls in the branch."""
        if not self.waiting or count == 0:
            return super().fire(count, purpose)
        faces: tuple[FireFace, ...] = self._decided("fire", purpose, lambda: super(BranchDice, self).fire(count, purpose))
        return faces

    def draw(self, count: int, purpose: str) -> int:
        """A card's place; the first draw from more than one card falls in the branch."""
        if not self.waiting or count == 1:
            return super().draw(count, purpose)
        return int(self._decided("draw", purpose, lambda: super(BranchDice, self).draw(count, purpose)))
