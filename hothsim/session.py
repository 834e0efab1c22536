"""A session: one game being played, its save file, who plays each side, and the log so far.

The terminal front end and `hothsim run` both go through a Session: it applies decisions, autosaves
after each one, keeps the log of what happened, and takes back a player's own last decisions under the
undo rule (design.md §6): never past a random outcome (a die roll, a shuffle, a card drawn), a secret
revealed, or the other player's decision.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from hothsim.games import Game, GameKind, kind_of, replay_steps
from hothsim.kernel.engine import SIDES, Event, Side
from hothsim.kernel.record import GameRecord
from hothsim.saves import write_record

#: Who may play a side.
PERSON = "person"

#: How many log lines a session keeps (the message history scrolls through all of them).
LOG_LIMIT = 5000


@dataclass
class _Step:
    """A decision that may still be taken back: the game before it and who made it."""

    before: Any
    player: str | None


@dataclass
class Session:
    """A game in play: apply decisions, autosave, take back, and the log of the game so far."""

    game: Any
    save_path: Path | None = None
    players: Mapping[Side, str] = field(default_factory=lambda: {side: PERSON for side in SIDES})
    log: list[str] = field(default_factory=list)
    _undo: list[_Step] = field(default_factory=list)

    @property
    def kind(self) -> GameKind:
        """The kind of game (its registry entry)."""
        return kind_of(self.game)

    @classmethod
    def resume(cls, record: GameRecord, save_path: Path | None) -> "Session":
        """A session continuing a saved game, its log rebuilt from the record (every roll checked)."""
        steps = replay_steps(record)
        log = [e.text for _, events, _ in steps[1:] for e in events]
        return cls(steps[-1][2], save_path, log=log[-LOG_LIMIT:] + ["(resumed from the save)"])

    def save(self) -> None:
        """Write the record to the save file (atomically), if the session has one."""
        if self.save_path is not None:
            write_record(self.save_path, self.game.record)

    def apply(self, action: Any) -> list[Event]:
        """Apply a decision (IllegalAction if the rules forbid it: nothing changes), log it and autosave."""
        before, player = self.game.clone(), self.game.pending.player
        events = self.game.apply(action)
        entry = self.game.record.entries[-1]
        if entry.outcomes or before.revealed() != self.game.revealed():
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



def new_session(game: Game, save_path: Path | None) -> Session:
    """A session for a new game: saved at once, so even an empty game can be resumed."""
    session = Session(game, save_path)
    session.save()
    return session
