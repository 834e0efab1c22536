"""A game at two machines as a Session: this side's decisions are sent, the opponent's arrive by the link.

The front ends (the terminal screen, the plain mode, the headless player of `--player`) play it as they
play a Session against the computer: `computer()` is this side's computer player if it has one, and
`remote_turn` says the next line is the opponent's, to be waited for with `poll`.  Every line is saved
before it is sent (this side's secrets first), so a crash loses nothing the opponent holds.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hothsim.ai import Player, player_named
from hothsim.kernel.engine import Event, Side, other
from hothsim.remote.chain import as_hex
from hothsim.remote.files import Private, Secret
from hothsim.remote.link import Link, Silence
from hothsim.remote.peer import Peer
from hothsim.saves import write_private, write_remote
from hothsim.session import LOG_LIMIT, PERSON, REMOTE, Session


def keep(save: Path | None, peer: Peer, private: Private | None) -> Private | None:
    """Save a game at two machines: this side's secrets first if it has made a new one, then the
    conversation and the record; the private file as it now is."""
    if save is None or peer.game is None:
        return private
    if private is not None and len(private.secrets) != len(peer.secrets):
        private = private.model_copy(update={"secrets": tuple(
            Secret(line=n, salt=as_hex(c.salt), decision=c.secret) for n, c in sorted(peer.secrets.items()))})
        write_private(save, private)
    write_remote(save, peer.game.record, peer.lines)
    return private


def said_of(line: str) -> str:
    """What the log says of an opponent's line: its decision (a secret one only as made), or a secret
    revealed ("" for the protocol's own lines)."""
    _, _, sender, kind, rest = line.split(" ", 4)
    body = rest.rsplit(" ", 1)[0]
    if kind == "action":
        return f"{sender} (other machine): {body}"
    if kind == "commit":
        return f"{sender} (other machine): a secret choice, made"
    if kind == "reveal":
        return f"{sender} (other machine) reveals a secret it had committed: {body.split(' ', 2)[2]}"
    return ""


@dataclass
class RemoteSession(Session):
    """A Session whose other side plays at another machine (see the module docstring)."""

    peer: Peer = field(default=None)  # type: ignore[assignment]
    link: Link = field(default=None)  # type: ignore[assignment]
    private: Private | None = None
    wait: float = 600.0  # seconds the opponent may stay silent before this side stops (saved)
    _silent: float = 0.0  # seconds the opponent has been silent so far

    @classmethod
    def over(cls, peer: Peer, link: Link, save: Path | None, private: Private | None, player: str, think: float,
             wait: float) -> "RemoteSession":
        """The session of a game both sides have opened (past their hellos): `player` plays this side (a
        computer player's name, or PERSON)."""
        players = {peer.side: player, other(peer.side): REMOTE}
        return cls(peer.game, save, players, think=think, peer=peer, link=link, private=private, wait=wait)

    # ------------------------------------------------------------------ who decides

    def computer(self) -> Player | None:
        """This side's computer player when it decides now (never the opponent's)."""
        if not self.peer.deciding:
            return None
        name = self.players.get(self.peer.side, PERSON)
        return None if name == PERSON else player_named(name)

    @property
    def remote_turn(self) -> bool:
        """Whether the next line is the opponent's (this side waits for it)."""
        due = self.peer.expected()
        return due is not None and due[0] != self.peer.side

    @property
    def viewer(self) -> Side | None:
        """This side: the screen shows only what it may see."""
        return self.peer.side

    @property
    def against_computer(self) -> bool:
        """No hand-over screens: the other player is at another machine."""
        return True

    def hint(self) -> Any:
        """What the computer would do in this side's place (it never reads the opponent's secrets: its
        search sees this side's observation)."""
        name = self.players.get(self.peer.side, PERSON)
        player = player_named("ai" if name == PERSON else name)
        return player.thinking(self.game, len(self.game.record.entries))

    # ------------------------------------------------------------------ this side's decisions

    def apply(self, action: Any) -> list[Event]:
        """Send this side's decision (IllegalAction, nothing sent, if the rules forbid it) and log it; one
        that rolls dice is applied once both machines' values for it are in, which this waits for (as a
        decision at one machine is applied when `apply` returns)."""
        lines, events = self.peer.act(action)
        self._sent(lines)
        self._logged(events)
        self.respond_due()
        while self.peer.waiting_for_values:
            if self.remote_turn:
                events = events + (self.poll() or [])
            else:
                self.respond_due()
        return events

    def take_back(self) -> str:
        """Nothing sent can be taken back."""
        return "a decision sent to the other machine cannot be taken back"

    def save(self) -> None:
        """This side's secrets (if new), then the conversation and the record."""
        self.private = keep(self.save_path, self.peer, self.private)

    def _sent(self, lines: list[str]) -> None:
        self.game = self.peer.game
        self.save()  # before sending: a crash never loses a line the opponent holds
        for line in lines:
            self.link.send(line)

    def respond_due(self) -> None:
        """Send the lines the protocol asks of this side that nobody decides (chain values, reveals)."""
        while self.peer.my_turn and not self.peer.deciding:
            line, events = self.peer.respond()
            self._sent([line])
            self._logged(events)

    def _logged(self, events: list[Event]) -> None:
        self.log.extend(e.text for e in events)
        del self.log[:-LOG_LIMIT]

    # ------------------------------------------------------------------ the opponent's

    def poll(self, seconds: float | None = None) -> list[Event] | None:
        """Wait up to `seconds` (None: the session's `wait`) for the opponent's next line and apply it: what
        happened, or None if no line came.  Silence once the opponent has been silent for `wait` seconds
        in all."""
        if not self.remote_turn:
            return None
        started = time.monotonic()
        try:
            line = self.link.receive(self.wait if seconds is None else min(seconds, self.wait))
        except Silence:
            self._silent += time.monotonic() - started
            if self._silent >= self.wait:
                raise Silence(self.wait) from None
            return None
        self._silent = 0.0
        events = self.peer.accept(line)
        self.game = self.peer.game
        self.save()
        said = said_of(line)
        if said:
            self.log.append(said)
        self._logged(events)
        self.respond_due()
        return events

    def finish(self) -> None:
        """At the end of the game, take in the secrets still to be revealed (so both records end the
        same); at most the session's wait."""
        while self.game.is_over and self.peer.expected() is not None and self.remote_turn:
            self.poll()
        self.respond_due()
