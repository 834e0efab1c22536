"""A session: one game being played, its save file, who plays each side, and the log so far.

The terminal front end and `hothsim run` both go through a Session: it applies decisions, autosaves
after each one, keeps the log of what happened, and takes back a player's own last decisions under the
undo rule (docs/front-end.md): never past a random outcome (a die roll, a shuffle, a card drawn), a secret
revealed, or the other player's decision.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

from hothsim.ai.opponents import opponent_for
from hothsim.ai import PLAYER_NAMES, Choice, Player, PlayerNameError, derive_seed, player_named
from hothsim.games import Game, GameKind, LoadError, kind_of, replay_steps
from hothsim.kernel.chance import first_chance
from hothsim.kernel.engine import SIDES, Event, GameView, Side
from hothsim.kernel.header import computer_parts
from hothsim.kernel.record import GameRecord
from hothsim.saves import write_record

#: Who may play a side: a person at the keyboard, or a player of hothsim.ai by name ("ai:normal").
PERSON = "person"
#: ... or a player at another machine (hothsim.remote_session).
REMOTE = "remote"

#: Seconds the computer may think per decision unless told otherwise.
THINK = 1.0

#: A hint's search takes this many steps (about a second of a normal decision's on a laptop), not a time:
#: asked again in the same position, on any machine, it gives the same answer.
HINT_STEPS = 1500
#: ... unless this many seconds pass first (a very slow machine); the answer is kept for the position.
HINT_CEILING = 20.0

#: How many log lines a session keeps (the message history scrolls through all of them).
LOG_LIMIT = 5000


@dataclass
class _Step:
    """A decision that may still be taken back: the game before it and who made it."""

    before: GameView
    player: str | None


@dataclass
class Session:
    """A game in play: apply decisions, autosave, take back, and the log of the game so far."""

    game: GameView
    save_path: Path | None = None
    players: Mapping[Side, str] = field(default_factory=lambda: {side: PERSON for side in SIDES})
    log: list[str] = field(default_factory=list)
    think: float = THINK
    _undo: list[_Step] = field(default_factory=list)
    _hints: dict[str, Any] = field(default_factory=dict)  # a position's record text: the hint given there

    @property
    def kind(self) -> GameKind:
        """The kind of game (its registry entry)."""
        return kind_of(self.game)

    @classmethod
    def resume(cls, record: GameRecord, save_path: Path | None) -> "Session":
        """A session continuing a saved game against the same opponent, its log rebuilt from the record
        (every roll checked)."""
        steps = replay_steps(record)
        log = [e.text for _, events, _ in steps[1:] for e in events]
        players, think = players_of(record.header.computer)
        session = cls(steps[-1][2], save_path, players, log[-LOG_LIMIT:] + ["(resumed from the save)"], think)
        session._undo = undoable(record, [game for _, _, game in steps])
        return session

    # ------------------------------------------------------------------ the computer

    def computer(self) -> Player | None:
        """The computer player who decides now (None when a person does, or nobody)."""
        side = self.game.pending.player
        name = self.players.get(side, PERSON) if side is not None else PERSON
        return None if name == PERSON else player_named(name)

    @property
    def viewer(self) -> Side | None:
        """The side a person plays against the computer (None in hot-seat play, or when the computer
        plays both): the screen shows only what that side may see."""
        people = [side for side in SIDES if self.players.get(side, PERSON) == PERSON]
        return people[0] if len(people) == 1 else None

    @property
    def remote_turn(self) -> bool:
        """Whether the next decision is awaited from another machine (never, but in a RemoteSession)."""
        return False

    @property
    def broken(self) -> bool:
        """Whether the connection to another machine is broken and waited on (never, but in a
        RemoteSession)."""
        return False

    @property
    def waiting_words(self) -> str:
        """What the screen says while the other machine is waited for (nothing, but in a RemoteSession)."""
        return ""

    def poll(self, seconds: float | None = None) -> list[Event] | None:
        """Wait for the other machine's next line and apply it (never, but in a RemoteSession: nothing
        comes)."""
        return None

    @property
    def against_computer(self) -> bool:
        """Whether the computer plays a side (no hand-over screens then)."""
        return any(self.players.get(side, PERSON) != PERSON for side in SIDES)

    def thinking(self) -> Any:
        """Start the computer's search for the pending decision (the caller steps it and takes its choice).
        Its seed comes from the game's seed and the decision's number: a resumed game decides alike."""
        player = self.computer()
        if player is None:
            raise ValueError("a person decides now")
        game = self.game
        seed = derive_seed(game.record.header.seed, len(game.record.entries), game.pending.player)
        return player.thinking(game, seed)

    def known_hint(self) -> Any:
        """The hint already given in this very position (the same entries and rolls), or None."""
        return self._hints.get(self.game.record.to_text())

    def keep_hint(self, choice: Any) -> Any:
        """The hint to give for the search's choice (never to wait into a lost stand-off: the game kind's
        opponent module's `hint_guard`), remembered for this position so that asking again gives it again."""
        choice = opponent_for(self.game).hint_guard(self.game, choice)
        self._hints[self.game.record.to_text()] = choice
        return choice

    def hint(self) -> Any:
        """Start a search for what the computer would do in the place of the person deciding now (the
        caller steps it within the think time, shows it and logs it as a hint: it is never applied).  It
        sees only that person's side; the level is the computer's in this game, else normal."""
        side = self.game.pending.player
        if side is None or self.computer() is not None:
            raise ValueError("no person decides now")
        levels = [n for n in self.players.values() if n != PERSON]
        player = player_named(levels[0] if levels else "ai")
        game = self.game
        seed = derive_seed(game.record.header.seed, len(game.record.entries), side, "hint")
        return player.thinking(game, seed)

    def apply_choice(self, choice: Choice) -> list[Event]:
        """Apply the computer's decision and log it once: its first event marked as the computer's, with the
        why of its reason ("imperial (computer): snowtrooper-1 moves AA2 to Y2 (2 squares): out of every
        enemy's shot"); the reason alone where the decision said nothing."""
        side = self.game.pending.player
        events = self.apply(choice.action)
        _, colon, why = choice.reason.partition(": ")
        if events and self.log and self.log[-len(events)] == events[0].text:
            self.log[-len(events)] = f"{side} (computer): {events[0].text}" + (f": {why}" if colon else "")
        else:
            self.log.insert(len(self.log) - len(events), f"{side} (computer): {choice.reason}")
        del self.log[:-LOG_LIMIT]
        return events

    def answer_alone(self) -> bool:
        """Against the computer, answer a question asked only to keep a secret (`GameKind.masking`) where it
        has one answer (Luke's armor for a Snowspeeder he does not fly, or once his Force is spent): the
        person is asked only where the answer changes something.  Whether it answered (and logged why)."""
        d = self.game.pending
        people = [who for who in self.players.values() if who in (PERSON, REMOTE)]
        if len(people) != 1 or people[0] != PERSON or d.kind not in self.kind.masking or self.computer() is not None:
            return False  # hot-seat and two machines: asked every time, so that the asking says nothing
        legal = self.game.legal_actions()
        if len(legal) != 1:
            return False
        events = self.apply(legal[0])
        self.log.insert(len(self.log) - len(events), f"{d.player}: {legal[0].notation()}, answered for you (the "
                        "only answer here: you are asked only where Luke's Force could change it)")
        return True

    def save(self) -> None:
        """Write the record to the save file (atomically), if the session has one."""
        if self.save_path is not None:
            write_record(self.save_path, self.game.record)

    def apply(self, action: Any) -> list[Event]:
        """Apply a decision (IllegalAction if the rules forbid it: nothing changes), log it and autosave."""
        before, player = self.game.clone(), self.game.pending.player
        events: list[Event] = self.game.apply(action)
        if not takes_back(before, action, self.game):
            self._undo.clear()  # a roll, a draw or a reveal: nothing before it may be taken back
        else:
            self._undo.append(_Step(before, player))
        self.log.extend(e.text for e in events)
        del self.log[:-LOG_LIMIT]
        self.save()
        return events

    def take_back(self) -> str:
        """Take back the last decision if its player may: "" when done, or why not."""
        if not self._undo:
            return "nothing to take back (a roll, a card or a secret revealed ends what can be undone)"
        if self.game.is_over:
            return "the game is over"
        if self._undo[-1].player != self.game.pending.player:
            return "only the player who made the last decision may take it back, before the other decides"
        self.game = self._undo.pop().before
        self.log.append("(the last decision is taken back)")
        self.save()
        return ""



def takes_back(before: GameView, action: Any, after: GameView) -> bool:
    """Whether a decision may be taken back: it reached no chance node (no roll or card drawn with more
    than one result, `hothsim.kernel.chance.first_chance`) and revealed no secret."""
    return first_chance(before, action) is None and before.revealed() == after.revealed()


def undoable(record: GameRecord, games: Sequence[GameView]) -> list[_Step]:
    """The decisions at the end of a record that may still be taken back (those after the last roll, draw
    or reveal), with the game before each: a resumed game takes back as the game before quitting did."""
    steps: list[_Step] = []
    for i in range(len(record.entries), 0, -1):
        before, after = games[i - 1], games[i]
        if not takes_back(before, kind_of(before).parse_action(record.entries[i - 1].action), after):
            break
        steps.append(_Step(before.clone(), before.pending.player))
    return steps[::-1]


def computer_header(players: Mapping[Side, str], think: float) -> str:
    """The record header's `computer` line for these players ("" when people play both sides): the short
    form ("imperial normal 1") where the computer plays at one level, else each side's player by name
    ("rebel=expert imperial=greedy 0.1", as `hothsim match` writes)."""
    names = {side: players.get(side, PERSON) for side in SIDES}
    sides = [side for side in SIDES if names[side] != PERSON]
    if not sides:
        return ""
    named = {side: player_named(names[side]).name for side in sides}
    levels = {name.removeprefix("ai:") for name in named.values()}
    if all(name.startswith("ai:") for name in named.values()) and len(levels) == 1:
        return f"{'both' if len(sides) == 2 else sides[0]} {levels.pop()} {think:g}"
    return " ".join(f"{side}={named.get(side, PERSON)}" for side in SIDES) + f" {think:g}"


def players_of(computer: str) -> tuple[dict[Side, str], float]:
    """Who plays each side, and the computer's seconds per decision, from a header's `computer` line."""
    parts = computer_parts(computer)
    if parts is None:
        return {side: PERSON for side in SIDES}, THINK
    named, think = parts
    for name in named.values():
        if name != PERSON:
            try:
                player_named(name)
            except PlayerNameError:
                raise LoadError(f"the record's computer player {name!r} is not one this hothsim knows "
                                f"({', '.join(PLAYER_NAMES)})") from None
    return {side: named.get(side, PERSON) for side in SIDES}, think


def new_session(game: Game, save_path: Path | None, players: Mapping[Side, str] | None = None,
                think: float = THINK) -> Session:
    """A session for a new game: saved at once, so even an empty game can be resumed.  The sides the
    computer plays are written in the record's header, so `resume` continues against it."""
    players = dict(players or {side: PERSON for side in SIDES})
    game.set_computer(computer_header(players, think))
    session = Session(game, save_path, players, think=think)
    session.save()
    return session
