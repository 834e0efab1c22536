"""A game at two machines as a Session: this side's decisions are sent, the opponent's arrive by the link.

The front ends (the terminal screen, the plain mode, the headless player of `--player`) play it as they
play a Session against the computer: `computer()` is this side's computer player if it has one, and
`remote_turn` says the next line is the opponent's, to be waited for with `poll`.  Every line is saved
before it is sent (this side's secrets first), so a crash loses nothing the opponent holds.  When the
connection breaks, `poll` keeps waiting for the other machine to come back (the host at its door, the
guest dialling again), and the two meet again (`meet`) where they were.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from hothsim.ai import Player, derive_seed, player_named
from hothsim.kernel.engine import Event, Side, other
from hothsim.remote.chain import as_hex
from hothsim.remote.door import MAIL_SESSION
from hothsim.remote.files import Private, Secret, turn_text
from hothsim.remote.link import Closed, Lines, Silence
from hothsim.remote.messages import RemoteError
from hothsim.remote.peer import Peer
from hothsim.saves import write_private, write_remote, write_text_file
from hothsim.session import LOG_LIMIT, PERSON, REMOTE, Session

#: Opens the connection again after a break: within the seconds given, the new link and the meeting's
#: session, or None if the other machine has not come back yet.
Reopen = Callable[[float], "tuple[Lines, str] | None"]
#: Writes this side's private file before its hello commits to its chain and key (a guest's new game):
#: the save and the private file.
BeforeHello = Callable[[], "tuple[Path, Private]"]


def keep(save: Path | None, peer: Peer, private: Private | None) -> Private | None:
    """Save a game at two machines: this side's secrets first if it has made a new one, then the
    conversation and the record; the private file as it now is."""
    if save is None or peer.game is None:
        return private
    if private is not None and len(private.secrets) != len(peer.secrets):
        private = private.model_copy(update={"secrets": tuple(
            Secret(line=n, salt=as_hex(c.salt), decision=c.secret) for n, c in sorted(peer.secrets.items()))})
        write_private(save, private)
    write_remote(save, peer.sealed_record(), peer.lines)
    return private


def meet(link: Lines, peer: Peer, session: str, wait: float, save: Path | None, private: Private | None,
         before_hello: BeforeHello | None = None) -> tuple[Path | None, Private | None]:
    """Catch up with the opponent when the two meet (the sync lines, then what either copy lacks, each line
    through every check) and, for a new game, exchange the hellos.  The save and private file after it."""
    if peer.side_known:
        link.send(peer.sync(session))
        sync = peer.read_sync(link.receive(wait), session)
    else:  # a new guest: the host's sync first, which says which side this one is to be
        sync = peer.read_sync(link.receive(wait), session)
        link.send(peer.sync(session, other(sync.sender)))
    if sync.fork is not None:
        raise _told_fork(sync.fork)
    try:
        send, target = peer.plan(sync)
    except RemoteError as e:
        if e.reason == "forked":  # the other side is told too, before the connection closes
            try:
                link.send(peer.fork_notice(sync.count, session))
            except RemoteError:
                pass  # it has found the fork itself and gone
        raise
    for line in send:
        link.send(line)
    while peer.behind(target):  # what this copy lacks comes first, before anyone goes on
        line = link.receive(wait)
        if line.startswith("0 "):  # a fork notice: the other side found the copies disagree
            raise _told_fork(peer.read_sync(line, session).fork)
        peer.receive(line)
        private = keep(save, peer, private)
    while peer.host is None or len(peer.lines) < 2:
        if peer.host is not None and peer.my_turn:
            assert before_hello is not None
            save, private = before_hello()
            line = peer.hello()
            keep(save, peer, private)
            link.send(line)
        else:
            peer.receive(link.receive(wait))
            private = keep(save, peer, private)
    peer.confirm(sync)
    return save, private


def _told_fork(at: int | None) -> RemoteError:
    """The other side's word that the two copies disagree (a second sync line that says nothing of the sort
    is garbled)."""
    if at is None:
        return RemoteError("garbled", "a sync line came where the lines of the game were due")
    return RemoteError("forked", f"the two copies of the game disagree at message {at}: the other side's differs "
                                 "from this one's there (a changed or different save)")


def write_turn(save: Path, peer: Peer, held: int, say: Callable[[str], None]) -> Path:
    """This side's turn by mail: its sync line and every line past the first `held` (those the other side's
    copy may lack), beside the save (`SAVE.turn`) and on the screen."""
    text = turn_text([peer.sync(MAIL_SESSION), *peer.lines[held:]])
    path = Path(f"{save}.turn")
    write_text_file(path, text)
    say(text.rstrip("\n"))
    return path


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

    peer: Peer = field(kw_only=True)
    link: Lines | None = None  # None while the connection is broken
    private: Private | None = None
    wait: float = 600.0  # seconds the opponent may stay silent before this side stops (saved)
    reopen: Reopen | None = None  # how the connection is made again after a break (None: it is not)
    #: The host's door, looked at while it waits on a live connection: a connection that died without a word
    #: (a machine that slept, a network that changed) is replaced when the other machine comes in again.
    door_watch: Reopen | None = None
    randomness: str = ""  # this side's private randomness: its computer player's and its hints' seeds
    _silent: float = 0.0  # seconds the opponent has been silent so far

    @classmethod
    def over(cls, peer: Peer, link: Lines, save: Path | None, private: Private | None, player: str, think: float,
             wait: float, reopen: Reopen | None = None, randomness: str = "",
             door_watch: Reopen | None = None) -> "RemoteSession":
        """The session of a game both sides have opened (past their hellos): `player` plays this side (a
        computer player's name, or PERSON); `randomness` (the private file's) seeds its decisions, so the
        opponent cannot work them out by running the same player."""
        players = {peer.side: player, other(peer.side): REMOTE}
        return cls(peer.game, save, players, think=think, peer=peer, link=link, private=private, wait=wait,
                   reopen=reopen, randomness=randomness or (private.randomness if private else ""),
                   door_watch=door_watch)

    def seed(self, *parts: object) -> int:
        """A seed for this side's computer player or hint: from its private randomness and the position,
        never from anything the other side sees alone."""
        assert self.randomness, "a remote session decides with its side's private randomness"
        return derive_seed(self.randomness, len(self.peer.game.record.entries), len(self.peer.lines), *parts)

    def thinking(self) -> Any:
        """This side's computer player begins deciding, seeded by the side's private randomness."""
        player = self.computer()
        assert player is not None
        return player.thinking(self.game, self.seed("decide"))

    @property
    def broken(self) -> bool:
        """Whether the connection is broken and this side waits for the other machine to come back."""
        return self.link is None

    @property
    def waiting_words(self) -> str:
        """What the screen says while the other machine is waited for."""
        side = self.game.pending.player if not self.game.is_over else None
        if self.broken:
            return (f"the connection broke: waiting up to {self.wait - self._silent:.0f} s for the other "
                    "machine to come back")
        return f"waiting for the {side} player at the other machine" if side else "waiting for the other machine"

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
        return player.thinking(self.game, self.seed("hint"))

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
            if self.link is None:
                return  # kept: the catch-up on meeting again delivers it
            try:
                self.link.send(line)
            except Closed:
                self._broke()

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
        seconds = self.wait if seconds is None else min(seconds, self.wait)
        if self.link is None:
            return self._come_back(seconds, started)
        end = started + seconds
        while True:
            step = end - time.monotonic()
            try:  # the host looks at its door every half second meanwhile (see `door_watch`)
                line = self.link.receive(max(0.01, min(step, 0.5) if self.door_watch else step))
                break
            except Silence:
                opened = self.door_watch(0.0) if self.door_watch is not None else None
                if opened is not None:  # the other machine came in again: its old connection is dead
                    self.link.close()
                    self.log.append("The other machine came in again on a new connection.")
                    return self._met(opened, started)
                if time.monotonic() >= end:
                    self._silence(started)  # raises Silence once the other side has been silent too long
                    return None
            except Closed:
                self._broke()
                return None
        self._silent = 0.0
        events = self.peer.receive(line)
        self.game = self.peer.game
        self.save()
        said = said_of(line)
        if said:
            self.log.append(said)
        self._logged(events)
        self.respond_due()
        return events

    def _silence(self, started: float) -> None:
        self._silent += time.monotonic() - started
        if self._silent >= self.wait:
            raise Silence(self.wait)

    def _broke(self) -> None:
        """The connection broke: this side waits for the other machine to come back, if it can."""
        if self.reopen is None:
            raise Closed()
        if self.link is not None:
            self.link.close()
        self.link = None
        self.log.append("The connection to the other machine broke: waiting for it to come back (the game is "
                        "saved).")

    def _come_back(self, seconds: float, started: float) -> list[Event] | None:
        """Wait up to `seconds` for the other machine to come back; then meet it again where the game was."""
        assert self.reopen is not None
        opened = self.reopen(seconds)
        if opened is None:
            self._silence(started)  # raises Silence once the other side has been silent too long
            return None
        return self._met(opened, started)

    def _met(self, opened: tuple[Lines, str], started: float) -> list[Event] | None:
        """The other machine met again on a new connection: catch up where the game was."""
        link, meeting = opened
        before = len(self.peer.lines)
        try:
            meet(link, self.peer, meeting, self.wait, self.save_path, self.private)
        except (Closed, Silence):
            link.close()
            self.link = None
            self._silence(started)  # raises Silence once the other side has been silent too long
            return None
        self.link, self._silent = link, 0.0
        self.game = self.peer.game
        self.save()
        self.log.append("The other machine is back: the game goes on.")
        for line in self.peer.lines[before:]:
            said = said_of(line)
            if said and line.split(" ", 3)[2] != self.peer.side:
                self.log.append(said)
        self.respond_due()
        return []

    def finish(self) -> None:
        """At the end of the game, take in the secrets still to be revealed (so both records end the
        same); at most the session's wait."""
        while self.game.is_over and self.peer.expected() is not None and self.remote_turn:
            self.poll()
        self.respond_due()
