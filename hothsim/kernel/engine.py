"""What both games' engines share: the typed refusal of an illegal action and the events a decision
produces.  Each game (`hothsim.skirmish.game`, `hothsim.assault.game`) builds its own state machine on
these, with the same interface: pending, legal_actions(), apply(), clone(), record."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Literal, Protocol, Self, Sequence, TypeVar

from hothsim.kernel.dice import Dice, Roll, SeededDice
from hothsim.kernel.record import GameRecord, RecordEntry


#: The two sides of the Battle of Hoth, in both games.
Side = Literal["rebel", "imperial"]
SIDES: tuple[Side, Side] = ("rebel", "imperial")


def side_named(name: str) -> Side | None:
    """The side a word names ("rebel" or "imperial"), or None for any other word ("" included)."""
    for side in SIDES:
        if name == side:
            return side
    return None


def other(side: str) -> Side:
    """The opposing side."""
    return "imperial" if side == "rebel" else "rebel"


class NotationError(ValueError):
    """A line that is not an action in the game's notation (docs/notation.md)."""


class IllegalAction(Exception):
    """An action the rules forbid now; `rule` names the rule.  The game state is unchanged."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.message = message
        super().__init__(f"{message} (rule: {rule})")


class SecretsNeeded(Exception):
    """An action that cannot be resolved in a copy of the game that has not seen the other side's secrets
    (at two machines: the last squad made ready, before the first squad is revealed); `name` says which."""

    def __init__(self, name: str) -> None:
        self.name = name
        super().__init__(f"the other side's {name} must be revealed first")


class Decision:
    """Who must decide now (a side, or None when nobody can), what kind of choice it is in the game's own
    words (`activate`, `turn`, `act`, `armor`, ...), the figure or unit it is about, and a note.

    Each game's phases of play are frozen dataclasses deriving from it, each with exactly the fields its
    phase has (`skirmish/decisions.py`, `assault/decisions.py`): this base is no dataclass, so none of them
    inherits a field.  A phase about no piece answers `actor` None, one with nothing to add `note` "" (the
    class defaults below)."""

    player: Side | None
    kind: str
    actor: str | None = None
    note: str = ""

    @property
    def decider(self) -> Side:
        """The side that decides (ValueError where nobody can: the game is over)."""
        if self.player is None:
            raise ValueError("nobody decides: the game is over")
        return self.player

    @property
    def acting(self) -> str:
        """The actor (ValueError for a decision about no piece)."""
        if self.actor is None:
            raise ValueError(f"the {self.kind} decision is about no piece")
        return self.actor

    @property
    def figure(self) -> str | None:
        """The skirmish's word for the actor: the character the decision is about."""
        return self.actor

    @property
    def unit(self) -> str | None:
        """Assault on Hoth's word for the actor: the unit the decision is about."""
        return self.actor


@dataclass(frozen=True)
class About:
    """What an action is about, as its class declares it (`about()`), for the front end and the computer.

    `actor` is the piece that acts (moves, fires, attacks, activates, answers); `target` the piece it aims
    at or picks on the map (fired at, attacked, boarded, helped by an Event); `place` where it goes or is
    set up (a hex or a square); `subject` a piece it concerns that neither acts nor is picked on the map (set
    up, pushed aside, repaired, flown by Luke)."""

    actor: str | None = None
    target: str | None = None
    place: tuple[int, int] | None = None  # a hex or a square: both are a pair of coordinates
    subject: str | None = None


#: What an action about no piece and no place is about (ending a round, choosing who goes first).
NOTHING = About()


@dataclass(frozen=True)
class Event:
    """Something that happened while resolving a decision, with a line for the log."""

    kind: str
    text: str
    data: tuple[tuple[str, object], ...] = field(default=())


class Staged(Protocol):
    """What the kernel reads of a game's state: its stage (`over` once the game has ended) and winner."""

    @property
    def stage(self) -> str:
        """The stage of play ("over" once the game has ended)."""
        ...

    @property
    def winner(self) -> Side | None:
        """The side that won, once the game is over (None for a draw)."""
        ...


StateT = TypeVar("StateT", bound=Staged)
class Notated(Protocol):
    """An action value: small and frozen, written in the game's notation."""

    def notation(self) -> str:
        """The action in the game's notation."""
        ...


ActionT = TypeVar("ActionT", bound=Notated)  # the game's action values (a union of small frozen classes)


class RecordedGame(Generic[StateT, ActionT]):
    """The interface both games share (OpenSpiel's state API, python-chess's one Board): the current
    immutable state, the record of every decision with its rolls, whether and how the game ended, the legal
    actions of the pending decision (worked out once per state), and applying an action in notation.

    A game sets `_state`, `_record`, `dice`, `_legal` (None) and `_pending` in its constructor, names its
    notation parser in `parse_action` (raising ValueError on bad text) and provides `_decide()` (the
    decision a state waits on, held in `_pending` from the moment the state becomes the game's),
    `_generate()` and `apply()`.
    """

    _state: StateT
    _record: GameRecord
    _legal: list[ActionT] | None
    _pending: Decision
    dice: Dice
    parse_action: Callable[[str], ActionT]

    @property
    def state(self) -> StateT:
        """The current immutable state."""
        return self._state

    @property
    def record(self) -> GameRecord:
        """Header plus every decision so far with its rolls."""
        return self._record

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._state.stage == "over"

    @property
    def winner(self) -> str | None:
        """"rebel", "imperial", or None (not over, or a draw)."""
        return self._state.winner

    def clone(self) -> Self:  # pragma: no cover - every game provides it
        """An independent copy of the game, dice included (the same rolls to come)."""
        raise NotImplementedError

    def sandbox(self) -> Self:
        """A copy to try choices on (a front end's plan of a set-up, a preview) with dice of its own: what
        it rolls is no roll of the game's, and it rolls even where the game's dice wait for both machines
        (a game at two machines)."""
        copy = self.clone()
        copy.dice = SeededDice(0)
        return copy

    def set_computer(self, computer: str) -> None:
        """Write in the record's header which sides the computer plays and how ("imperial normal 1"); only
        before the first decision, so a record's header never changes under its entries."""
        if self._record.entries:
            raise ValueError("the computer's sides are set before the first decision")
        header = self._record.header
        self._record = GameRecord(header.with_computer(computer))

    def legal_actions(self) -> list[ActionT]:
        """Every legal action for the pending decision, in a fixed order."""
        if self._legal is None:
            self._legal = self._generate()
        return list(self._legal)

    def refusal(self, action: ActionT) -> IllegalAction | None:
        """Why the rules forbid an action now (the rule and its message), or None if it may be applied.
        The front end shows this instead of a bare "no"; the state is not changed."""
        if self.is_over:
            return IllegalAction("winning the game", "the game is over")
        if self.is_legal(action):
            return None
        return self._why_not(action)

    def is_legal(self, action: ActionT) -> bool:
        """Whether an action may be applied now: one of `legal_actions()`, or (where a game allows it) the
        same choice written another way, such as a move along a path of the player's own."""
        return self._listed(action)

    def _listed(self, action: ActionT) -> bool:
        """Whether the action is one of the legal actions listed now.  A chosen action is most often one of
        the list's own values: looked for by identity first, which is far cheaper than comparing it with
        every value before it (hundreds in an Assault on Hoth action round)."""
        if self._legal is None:
            self._legal = self._generate()
        for listed in self._legal:
            if listed is action:
                return True
        return action in self._legal

    def _why_not(self, action: ActionT) -> IllegalAction | None:  # pragma: no cover - every game provides it
        raise NotImplementedError

    def progress(self) -> str:  # pragma: no cover - every game provides it
        """Where the game stands in its own terms ("round 3", "turn 2, action round 4")."""
        raise NotImplementedError

    def objective(self) -> str:  # pragma: no cover - every game provides it
        """How each side wins, in a sentence for the screen."""
        raise NotImplementedError

    def warning(self, action: ActionT) -> str:
        """A consequence of a legal action a player should hear before it is applied ("" if none)."""
        return ""

    def revealed(self) -> frozenset[str]:
        """The secrets revealed so far (undo never goes back past a reveal); none by default."""
        return frozenset()

    # ------------------------------------------------------------------ secrets at two machines

    def pending_secret(self) -> str:
        """The secret the pending decision makes, if it is one the other side may not see ("" if not; at two
        machines its choice is committed as a hash, not sent); none is by default."""
        return ""

    def secret_of(self, action: ActionT) -> str:
        """The secret an action makes, if it is one (committed at two machines, not sent): by default every
        choice of a secret decision."""
        return self.pending_secret()

    def unseen_notation(self) -> str:
        """How a copy that may not see the pending secret decision writes it in its record ("" where the
        game cannot go on without seeing it)."""
        return ""

    def apply_unseen(self) -> list[Event]:
        """The pending secret decision, made by the other side and not seen: the game goes on without
        knowing it (the entry is `unseen_notation()`).  IllegalAction when no secret decision is pending."""
        raise IllegalAction("secrets", "no secret decision is pending")

    def reveals(self, action: ActionT) -> frozenset[str]:
        """The secrets an action would reveal: a copy that has not seen them must learn them before it can
        check the action (Luke spending the Force reveals his Snowspeeder).  None by default."""
        return frozenset()

    def _generate(self) -> list[ActionT]:  # pragma: no cover - every game provides it
        raise NotImplementedError

    def apply(self, action: ActionT) -> list[Event]:  # pragma: no cover - every game provides it
        """Validate and resolve one action; IllegalAction (state unchanged) if the rules forbid it."""
        raise NotImplementedError

    def _decide(self) -> Decision:  # pragma: no cover - every game provides it
        """The decision the current state waits on."""
        raise NotImplementedError

    def _commit(self, action: ActionT, state: StateT, rolls_from: int) -> None:
        """Make `state` current (with the decision it waits on) and record the action with the rolls made
        since `rolls_from`."""
        self._state = state
        self._legal = None
        self._pending = self._decide()
        self._record = self._record.with_entry(RecordEntry(action.notation(), tuple(self.dice.log[rolls_from:])))

    def apply_notation(self, text: str) -> Sequence[Roll]:
        """Apply an action written in notation; returns the rolls it made (for replays).  A secret decision
        the record's copy did not see (`unseen_notation()`) is applied unseen."""
        if self.pending_secret() and text == self.unseen_notation() != "":
            before = len(self.dice.log)
            self.apply_unseen()
            return self.dice.log[before:]
        try:
            action = type(self).parse_action(text)
        except ValueError as e:
            raise IllegalAction("notation", str(e)) from None
        before = len(self.dice.log)
        self.apply(action)
        return self.dice.log[before:]


class Observation(Protocol):
    """What a side may know of a game (`game.observation(side)`): the state with the other side's secrets
    blanked, a key to compare two of them, and consistent games dealt from it (a search's samples)."""

    @property
    def side(self) -> Side | None:
        """Whose observation it is (None: what both sides may know)."""

    @property
    def state(self) -> Any:
        """The state as the side may know it."""

    def key(self) -> Any:
        """What the observation holds, for comparing two of them."""

    def determinize(self, seed: int) -> "GameView":
        """A playable game consistent with the observation, with fresh dice from `seed`."""


class GameView(Protocol):
    """What the front end, the session and the computer opponent may ask of a game of either kind: the
    public face of `RecordedGame` and the decision it waits on (no bare `game` parameters).
    Each game widens it with its own questions (`SkirmishView`, `AssaultView`)."""

    dice: Dice

    @property
    def setup(self) -> Any:
        """What the game is played with (its scenario, map and cards), shared by its copies."""

    @property
    def state(self) -> Any:
        """The current immutable state."""

    @property
    def record(self) -> GameRecord:
        """Header plus every decision so far with its rolls."""

    @property
    def pending(self) -> Decision:
        """Who must decide now, and what kind of choice."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @property
    def winner(self) -> str | None:
        """"rebel", "imperial", or None."""

    def legal_actions(self) -> list[Any]:
        """Every legal action for the pending decision, in a fixed order."""

    def apply(self, action: Any) -> list[Event]:
        """Validate and resolve one action; IllegalAction (state unchanged) if the rules forbid it."""

    def apply_notation(self, text: str) -> Sequence[Roll]:
        """Apply an action written in notation; the rolls it made."""

    def clone(self) -> Self:
        """An independent copy of the game, dice included."""

    def sandbox(self) -> Self:
        """A copy to try choices on, with dice of its own."""

    def refusal(self, action: Any) -> IllegalAction | None:
        """Why the rules forbid an action now, or None."""

    def is_legal(self, action: Any) -> bool:
        """Whether an action may be applied now."""

    def warning(self, action: Any) -> str:
        """A consequence of a legal action a player should hear before it is applied."""

    def objective(self) -> str:
        """How each side wins."""

    def progress(self) -> str:
        """Where the game stands in its own terms."""

    def revealed(self) -> frozenset[str]:
        """The secrets revealed so far."""

    def observation(self, side: Side | None) -> Observation:
        """What `side` may know now (None: what both sides may know, for a screen two players share)."""
