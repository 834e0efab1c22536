"""Chance as chance: a game whose every roll and card draw is a decision of the chance player.

Opened so (`hothsim.open_game(..., chance=True)`), a game stops wherever the rules would roll: a d20, a
handful of fire dice, the damage table's 2d6, an initiative roll, a card drawn over the cards left.  There
`is_chance()` is true, `chance_outcomes()` lists every result the roll can have with its exact probability
(they sum to 1), and `apply(outcome)` makes the roll come out so.  Between chance nodes the game is the
ordinary game: the player whose decision it is applies an action.

The rules resolve a decision in one go, rolling as they need, so the decision in progress is kept
with the outcomes chosen for it so far and resolved again, on a copy, once each new outcome is known;
the copy's dice hand out the chosen outcomes in order and stop the resolution at the first roll nobody has
chosen yet (`ChanceNeeded`).  A decision is made for good when it resolves whole, so the game never holds
half a decision, and its record is an ordinary record whose rolls are the outcomes chosen.

A roll with a single possible result (a card drawn from one card, no fire dice at all) is no decision:
it is made at once.  A shuffle has far too many results to list: games that shuffle a deck are opened
with their cards drawn one by one instead (`GameKind.chance_options`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from math import factorial
from typing import Any, Callable, Sequence, cast

from hothsim.kernel.dice import DiceError, FireFace, Roll, RollKind
from hothsim.kernel.engine import Decision, Event, GameView, IllegalAction, Observation, Side
from hothsim.kernel.record import GameRecord

#: One result of a chance node and its exact probability.
Outcome = tuple[Roll, Fraction]


@dataclass(frozen=True)
class ChanceNeeded(Exception):
    """The rules asked for a roll nobody has chosen yet: its kind, its size (fire dice rolled, cards left to
    draw from; 1 for the other dice) and what it is for."""

    kind: RollKind
    size: int
    purpose: str

    def outcomes(self) -> tuple[Outcome, ...]:
        """Every result of this roll with its probability, in a fixed order."""
        return outcomes_of(self.kind, self.size, self.purpose)


class ChanceError(ValueError):
    """A chance node was asked for something it is not (an outcome it cannot have, a player's action), or a
    player's decision was given an outcome."""


def outcomes_of(kind: RollKind, size: int, purpose: str = "") -> tuple[Outcome, ...]:
    """Every result of a roll with its exact probability.  A fire roll's result is how many of each face
    came up (the rules count faces, never their order), written Vader faces first, then Sabers, then blanks;
    its probability is the multinomial one, each face being a third of the die."""
    if kind == "d20" or kind == "d6":
        sides = 20 if kind == "d20" else 6
        return tuple((Roll(kind, (face,), purpose), Fraction(1, sides)) for face in range(1, sides + 1))
    if kind == "2d6":
        return tuple((Roll(kind, pair, purpose), Fraction(1, 36)) for pair in product(range(1, 7), repeat=2))
    if kind == "draw":
        return tuple((Roll(kind, (place,), purpose), Fraction(1, size)) for place in range(size))
    if kind == "fire":
        return tuple(_fire_outcomes(size, purpose))
    raise ChanceError(f"{purpose or 'a roll'}: a {kind} has too many results to list as a chance node")


def _fire_outcomes(count: int, purpose: str) -> list[Outcome]:
    out: list[Outcome] = []
    ways = 3 ** count  # each face (V, S, blank) is two of the die's six sides
    for vader in range(count + 1):
        for saber in range(count - vader + 1):
            blank = count - vader - saber
            v: tuple[FireFace, ...] = ("V",)
            s: tuple[FireFace, ...] = ("S",)
            b: tuple[FireFace, ...] = ("B",)
            faces = v * vader + s * saber + b * blank
            share = factorial(count) // (factorial(vader) * factorial(saber) * factorial(blank))
            out.append((Roll("fire", faces, purpose), Fraction(share, ways)))
    return out


class NodeDice:
    """Dice whose every roll is one result of its chance node, as `_outcome` (a subclass's) chooses it and
    logs it: the rolls the rules make, on one choice of results.  A shuffle is left to the subclass."""

    log: list[Roll]

    def _outcome(self, kind: RollKind, size: int, purpose: str) -> tuple[int | str, ...]:  # pragma: no cover
        raise NotImplementedError

    def d20(self, purpose: str) -> int:
        """A d20."""
        return int(self._outcome("d20", 1, purpose)[0])

    def d6(self, purpose: str) -> int:
        """A d6."""
        return int(self._outcome("d6", 1, purpose)[0])

    def two_d6(self, purpose: str) -> tuple[int, int]:
        """Two d6, as one result of 36."""
        a, b = self._outcome("2d6", 1, purpose)
        return int(a), int(b)

    def fire(self, count: int, purpose: str) -> tuple[FireFace, ...]:
        """Fire dice, as how many of each face came up."""
        if count < 0:
            raise DiceError(f"cannot roll {count} fire dice for {purpose}")
        return cast("tuple[FireFace, ...]", self._outcome("fire", count, purpose))

    def draw(self, count: int, purpose: str) -> int:
        """A card's place among the `count` cards left."""
        if count < 1:
            raise DiceError(f"cannot draw from no cards for {purpose}")
        return int(self._outcome("draw", count, purpose)[0])


class GivenDice(NodeDice):
    """Dice that hand out the outcomes chosen so far, in order, and raise `ChanceNeeded` at the first roll
    past them.  Every roll made is logged like any dice's, so the record keeps it."""

    def __init__(self, given: Sequence[Roll] = (), log: Sequence[Roll] = ()) -> None:
        self.given = tuple(given)
        self.used = 0
        self.log: list[Roll] = list(log)

    def _outcome(self, kind: RollKind, size: int, purpose: str) -> tuple[int | str, ...]:
        if (kind == "draw" and size == 1) or (kind == "fire" and size == 0):
            roll = outcomes_of(kind, size)[0][0]  # a roll with one result is no decision: nobody chooses it
        elif self.used >= len(self.given):
            raise ChanceNeeded(kind, size, purpose)
        else:
            roll = self.given[self.used]
            self.used += 1
            if roll.kind != kind:
                raise DiceError(f"{purpose} rolls a {kind}, but the outcome chosen was a {roll.kind}")
        self.log.append(Roll(kind, roll.faces, purpose))
        return roll.faces

    def shuffle(self, count: int, purpose: str) -> tuple[int, ...]:
        """No shuffle is a chance node (see the module's note)."""
        raise ChanceError(f"{purpose}: a shuffle of {count} cards has {count}! results, too many for a chance "
                          "node; with chance nodes the cards are drawn one at a time")

    def clone(self) -> "GivenDice":
        """A copy at the same point, with its own log."""
        other = GivenDice(self.given, self.log)
        other.used = self.used
        return other


def first_chance(game: Any, action: Any) -> ChanceNeeded | None:
    """The first chance node a player's decision reaches as the rules resolve it (a roll with more than one
    result), or None when it reaches none.  Tried on a copy with dice that choose nothing; a shuffle, whose
    results are too many to list, is a node of kind "shuffle" all the same."""
    trial = game.clone()
    trial.dice = GivenDice()
    try:
        trial.apply(action)
    except ChanceNeeded as need:
        return need
    except ChanceError as e:
        return ChanceNeeded("shuffle", 0, str(e))
    return None


#: Resolves the decision in progress from the game as it stands, with dice of its own: the decision's
#: `apply` on a copy of the game, or (at the start, with no game yet) the game's opening.  Returns the game
#: after it and the decision's events.
Resolution = Callable[["GameView | None", GivenDice], "tuple[GameView, list[Event]]"]


class ChanceGame:
    """A game at whose every roll the chance player decides (OpenSpiel's chance nodes).

    Between chance nodes it is the game it wraps (every attribute is the game's); at a chance node the
    game is as it was before the decision in progress, which `pending_decision` names."""

    def __init__(self, opening: Callable[[GivenDice], Any]) -> None:
        self._game: GameView | None = None
        self._decision: Any = None  # the player's action in progress, or None for the game's opening
        self._chosen: tuple[Roll, ...] = ()
        self._need: ChanceNeeded | None = None
        self._resolution: Resolution = lambda _, dice: (opening(dice), [])
        self._resolve()

    # -- chance nodes --------------------------------------------------------------------------------------

    def is_chance(self) -> bool:
        """Whether the chance player decides now."""
        return self._need is not None

    def chance_outcomes(self) -> tuple[Outcome, ...]:
        """Every result of the roll to be made, with its probability (ChanceError when no roll is)."""
        if self._need is None:
            raise ChanceError("no roll is to be made now: a player decides")
        return self._need.outcomes()

    @property
    def pending_decision(self) -> str:
        """The decision a chance node belongs to, in notation ("" for the game's opening)."""
        return "" if self._decision is None else self._decision.notation()

    @property
    def chance_purpose(self) -> str:
        """What the roll to be made is for ("" when no roll is)."""
        return "" if self._need is None else self._need.purpose

    # -- the game's own interface ---------------------------------------------------------------------------

    @property
    def game(self) -> Any:
        """The game as it stands (before the decision in progress, at a chance node; None before the opening
        is resolved)."""
        return self._game

    def legal_actions(self) -> list[Any]:
        """The player's legal actions, or at a chance node the rolls the chance player may make."""
        if self._need is not None:
            return [roll for roll, _ in self._need.outcomes()]
        return list(self._opened().legal_actions())

    def apply(self, choice: Any) -> list[Event]:
        """A player's action, or at a chance node one of `chance_outcomes()`' rolls.  Returns the decision's
        events once it has resolved whole (none while chance still decides part of it); a refused action
        raises as the game raises, and changes nothing."""
        if self._need is not None:
            self._check_outcome(choice)
            self._chosen += (Roll(choice.kind, choice.faces, self._need.purpose),)
            return self._resolve()
        if isinstance(choice, Roll):
            self._check_player()
        refusal = self._opened().refusal(choice)
        if refusal is not None:
            raise refusal

        def resolution(game: GameView | None, dice: GivenDice) -> tuple[GameView, list[Event]]:
            assert game is not None  # a decision is made only in a game that has opened
            trial = game.clone()
            trial.dice = dice
            return trial, trial.apply(choice)

        self._decision, self._chosen, self._resolution = choice, (), resolution
        return self._resolve()

    def _check_outcome(self, choice: Any) -> None:
        assert self._need is not None
        if not isinstance(choice, Roll) or all(choice != roll for roll, _ in self._need.outcomes()):
            raise ChanceError(f"{self._need.purpose}: {choice!r} is not one of the roll's results")

    def _check_player(self) -> None:
        raise ChanceError(f"a player decides now ({self._opened().pending.kind}); no roll is to be made")

    def _resolve(self) -> list[Event]:
        """Resolve the decision in progress with the outcomes chosen so far: made for good if it needs no
        more, else a chance node at the next roll."""
        log = self._game.dice.log if self._game is not None else ()
        try:
            game, events = self._resolution(self._game, GivenDice(self._chosen, log))
        except ChanceNeeded as need:
            self._need = need
            return []
        game.dice = GivenDice((), game.dice.log)
        self._game, self._need, self._decision, self._chosen = game, None, None, ()
        return events

    def clone(self) -> "ChanceGame":
        """An independent copy, at the same node."""
        other = ChanceGame.__new__(ChanceGame)
        other.__dict__.update(self.__dict__)
        if self._game is not None:
            other._game = self._game.clone()
        return other

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (never at a chance node: a roll is still to come)."""
        return self._need is None and self._opened().is_over

    # -- what the game it wraps answers (see hothsim.kernel.engine.GameView) ------------------------------

    def _opened(self) -> GameView:
        if self._game is None:
            raise ChanceError("the game has not opened yet: its opening waits for a roll")
        return self._game

    @property
    def setup(self) -> Any:
        """What the game is played with."""
        return self._opened().setup

    @property
    def state(self) -> Any:
        """The game's state (at a chance node: before the decision in progress)."""
        return self._opened().state

    @property
    def record(self) -> GameRecord:
        """Every decision made for good, with the outcomes chosen for its rolls."""
        return self._opened().record

    @property
    def pending(self) -> Decision:
        """The player's decision (ChanceError at a chance node: the chance player decides there)."""
        if self._need is not None:
            raise ChanceError(f"the chance player decides now: {self._need.purpose}")
        return self._opened().pending

    @property
    def winner(self) -> str | None:
        """"rebel", "imperial", or None."""
        return self._opened().winner

    def refusal(self, choice: Any) -> IllegalAction | None:
        """Why a choice may not be applied now, or None."""
        if self._need is not None or isinstance(choice, Roll):
            try:
                self._check_outcome(choice) if self._need is not None else self._check_player()
            except ChanceError as e:
                return IllegalAction("chance nodes", str(e))
            return None
        return self._opened().refusal(choice)

    def observation(self, side: Side | None) -> Observation:
        """What `side` may know now."""
        return self._opened().observation(side)

    def progress(self) -> str:
        """Where the game stands in its own terms."""
        return str(self._opened().progress())

    def objective(self) -> str:
        """How each side wins."""
        return str(self._opened().objective())
