"""The wire between two hothsim copies: lines of text over TCP, bounded in size and in time.

The only module of hothsim.remote that does I/O.  A peer that sends garbage, a line too long, or nothing
at all within the time allowed is answered by a `RemoteError` naming what happened, never by a hang: every
wait has a deadline, every read a cap on what it keeps.
"""

from __future__ import annotations

import selectors
import socket
import time
from dataclasses import dataclass, field
from typing import Callable, Protocol

from hothsim.remote import door
from hothsim.remote.messages import MAX_LINE, RemoteError

#: Seconds a connection may take to be made.
CONNECT_WAIT = 10.0
#: Seconds a newcomer has to answer the host's challenge before it is turned away.
DOOR_WAIT = 4.0
#: Connections the host lets queue before it accepts them, and newcomers it holds at the door at once (past
#: that the oldest is turned away): a crowd of idle connections never keeps the opponent out.
BACKLOG = 64
AT_THE_DOOR = 64


class Silence(RemoteError):
    """The opponent sent nothing within the time allowed (the game is saved and may be taken up again)."""

    def __init__(self, seconds: float) -> None:
        super().__init__("silent", f"the opponent has sent nothing for {seconds:g} seconds")


class Closed(RemoteError):
    """The connection was closed or broken."""

    def __init__(self, why: str = "the opponent closed the connection") -> None:
        super().__init__("closed", why)


class Lines(Protocol):
    """What a game at two machines talks through: a connection (`Link`) or a turn's lines by mail
    (`MailLink`)."""

    def send(self, line: str) -> None:
        """Send one line."""
        ...

    def receive(self, wait: float) -> str:
        """The next line, waiting up to `wait` seconds (Silence when none comes, Closed when it is gone)."""
        ...

    def close(self) -> None:
        """Close it; nothing more is sent or received."""
        ...


class Link:
    """One connection: whole lines out, whole lines in."""

    def __init__(self, sock: socket.socket) -> None:
        self._sock = sock
        self._buffer = b""

    def send(self, line: str) -> None:
        """Send one line (it must not hold a line break)."""
        try:
            self._sock.settimeout(CONNECT_WAIT)
            self._sock.sendall(line.encode("ascii") + b"\n")
        except OSError as e:
            raise Closed(f"the connection broke while sending ({e.strerror or e})") from None

    def receive(self, wait: float) -> str:
        """The next line, waiting at most `wait` seconds for it; Silence, Closed or RemoteError("garbled")."""
        deadline = time.monotonic() + wait
        while b"\n" not in self._buffer:
            if len(self._buffer) > MAX_LINE:
                raise RemoteError("garbled", f"the opponent sent a line longer than {MAX_LINE} characters")
            left = deadline - time.monotonic()
            if left <= 0:
                raise Silence(wait)
            self._sock.settimeout(left)
            try:
                chunk = self._sock.recv(4096)
            except socket.timeout:
                raise Silence(wait) from None
            except OSError as e:
                raise Closed(f"the connection broke ({e.strerror or e})") from None
            if not chunk:
                raise Closed()
            self._buffer += chunk
        raw, _, self._buffer = self._buffer.partition(b"\n")
        if len(raw) > MAX_LINE:
            raise RemoteError("garbled", f"the opponent sent a line longer than {MAX_LINE} characters")
        try:
            return raw.decode("ascii").removesuffix("\r")
        except UnicodeDecodeError:
            raise RemoteError("garbled", "the opponent sent bytes that are not text") from None

    def unread_bytes(self, data: bytes) -> None:
        """Bytes already read from the connection, to be received first."""
        self._buffer = data + self._buffer

    def close(self) -> None:
        """Close the connection (what was sent is still delivered)."""
        try:
            self._sock.shutdown(socket.SHUT_WR)
        except OSError:
            pass
        self._sock.close()


def listen(address: str, port: int) -> socket.socket:
    """A listening socket on `address`:`port` (port 0: any free port); RemoteError if it cannot be had."""
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        server.bind((address, port))
        server.listen(BACKLOG)
    except OSError as e:
        server.close()
        raise RemoteError("address", f"cannot listen on {address}:{port} ({e.strerror or e})") from None
    return server


@dataclass
class _Newcomer:
    """A connection at the host's door: the challenge it was sent, what it has said, until when it may."""

    sock: socket.socket
    nonce: str
    deadline: float
    said: bytes = b""


@dataclass
class Door:
    """The host's listening socket, kept for the whole game: whoever connects is challenged (hothsim.remote.
    door) and only the one who answers with the invitation's key is let in; many at once are handled side
    by side, each with `DOOR_WAIT` seconds to answer, so none can hold the door for the others."""

    server: socket.socket
    key: bytes
    turned_away: Callable[[str], None]
    stop: Callable[[], bool] = lambda: False  # polled while waiting: True stops (a person pressed q)
    _newcomers: dict[int, _Newcomer] = field(default_factory=dict)

    def open(self, seconds: float) -> tuple["Link", str] | None:
        """The opponent's connection and the meeting's session, waiting at most `seconds` for it; None if
        it did not come.  RemoteError("stopped") if `stop` said so."""
        deadline = time.monotonic() + seconds
        with selectors.DefaultSelector() as sel:
            self.server.setblocking(False)
            sel.register(self.server, selectors.EVENT_READ)
            for newcomer in self._newcomers.values():
                sel.register(newcomer.sock, selectors.EVENT_READ)
            try:
                while True:  # one look at the door at least, however short the wait
                    now = time.monotonic()
                    self._expire(sel, now)
                    if self.stop():
                        raise RemoteError("stopped", "stopped waiting for the opponent")
                    for ready, _ in sel.select(max(0.0, min(0.25, deadline - now))):
                        if ready.fileobj is self.server:
                            self._greet(sel)
                            continue
                        sock = ready.fileobj  # a guest's: only the server and guests are watched
                        admitted = self._heard(sel, sock) if isinstance(sock, socket.socket) else None
                        if admitted is not None:
                            return admitted
                    if time.monotonic() >= deadline:
                        return None
            finally:
                for newcomer in self._newcomers.values():
                    sel.unregister(newcomer.sock)

    def close(self) -> None:
        """Stop listening; every newcomer still at the door is turned away."""
        for newcomer in list(self._newcomers.values()):
            newcomer.sock.close()
        self._newcomers.clear()
        self.server.close()

    def _greet(self, sel: selectors.BaseSelector) -> None:
        try:
            sock, _ = self.server.accept()
        except OSError:  # none waiting after all (BlockingIOError), or it went away
            return
        sock.setblocking(False)
        newcomer = _Newcomer(sock, door.nonce(), time.monotonic() + DOOR_WAIT)
        try:
            sock.send((door.challenge(newcomer.nonce) + "\n").encode("ascii"))
        except OSError:
            sock.close()
            return
        if len(self._newcomers) >= AT_THE_DOOR:  # the oldest makes room
            oldest = min(self._newcomers.values(), key=lambda n: n.deadline)
            self._away(sel, oldest, "too many connections at once")
        self._newcomers[sock.fileno()] = newcomer
        sel.register(sock, selectors.EVENT_READ)

    def _heard(self, sel: selectors.BaseSelector, sock: socket.socket) -> tuple["Link", str] | None:
        newcomer = self._newcomers.get(sock.fileno())
        if newcomer is None:
            return None
        try:
            chunk = sock.recv(door.DOOR_LINE + 2)
        except (BlockingIOError, InterruptedError):
            return None
        except OSError:
            chunk = b""
        if not chunk:
            self._away(sel, newcomer, "it closed the connection")
            return None
        newcomer.said += chunk
        if b"\n" not in newcomer.said:
            if len(newcomer.said) > door.DOOR_LINE:
                self._away(sel, newcomer, "it sent a line too long")
            return None
        line, _, rest = newcomer.said.partition(b"\n")
        guest_nonce = door.admitted(self.key, newcomer.nonce, line.decode("ascii", "replace").removesuffix("\r"))
        if guest_nonce is None:
            self._away(sel, newcomer, "it did not answer with this game's key")
            return None
        sel.unregister(sock)
        del self._newcomers[sock.fileno()]
        sock.setblocking(True)
        link = Link(sock)
        link.unread_bytes(rest)
        try:
            link.send(door.welcome(self.key, newcomer.nonce, guest_nonce))
        except RemoteError:
            link.close()
            return None
        for other in list(self._newcomers.values()):  # the opponent is in: nobody else is waited for
            self._away(sel, other, "the opponent came in")
        return link, door.session(newcomer.nonce, guest_nonce)

    def _expire(self, sel: selectors.BaseSelector, now: float) -> None:
        for newcomer in [n for n in self._newcomers.values() if n.deadline <= now]:
            self._away(sel, newcomer, f"it said nothing within {DOOR_WAIT:g} seconds")

    def _away(self, sel: selectors.BaseSelector, newcomer: _Newcomer, why: str) -> None:
        try:
            sel.unregister(newcomer.sock)
        except (KeyError, ValueError):
            pass
        self._newcomers.pop(newcomer.sock.fileno(), None)
        newcomer.sock.close()
        if why != "the opponent came in":
            self.turned_away(why)


def enter(link: "Link", key: bytes) -> str:
    """The guest's side of the door: answer the host's challenge and check the host's answer; the
    meeting's session.  RemoteError when the other end is not this game's host."""
    guest_nonce = door.nonce()
    try:
        reply, host_nonce = door.answer(key, link.receive(CONNECT_WAIT), guest_nonce)
        link.send(reply)
        door.check_welcome(key, host_nonce, guest_nonce, link.receive(CONNECT_WAIT))
    except Silence:
        raise RemoteError("closed", "the host did not answer (it may be busy with someone else: try again)") from None
    except Closed:
        raise RemoteError("turned-away", "the host turned this side away: the invitation's key is not this "
                                         "game's (or the host stopped just then)") from None
    return door.session(host_nonce, guest_nonce)


def connect(address: str, port: int, wait: float = CONNECT_WAIT) -> Link:
    """A connection to a host; RemoteError("closed") says why none could be made."""
    try:
        sock = socket.create_connection((address, port), timeout=wait)
    except OSError as e:
        raise Closed(f"cannot reach {address}:{port} ({e.strerror or e})") from None
    return Link(sock)


def outward_address() -> str:
    """This machine's address as the opponent would reach it on the local network (no packet is sent:
    connecting a UDP socket only picks the route); 127.0.0.1 when there is none."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere, only looked up
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


class TurnOver(RemoteError):
    """Play by mail: the other side is needed and its lines are not in yet (this side's turn is done)."""

    def __init__(self) -> None:
        super().__init__("turn-over", "the other side's turn")


class MailLink:
    """The lines of a turn received by mail, read one by one; what this side sends is kept by its copy of
    the conversation, and written as its turn when the other side is needed."""

    def __init__(self, incoming: list[str] | None = None) -> None:
        self._incoming = list(incoming or [])

    def send(self, line: str) -> None:
        """Nothing to send now: the turn is written whole at its end."""

    def receive(self, wait: float) -> str:
        """The next line of the turn received; TurnOver when it is used up."""
        if not self._incoming:
            raise TurnOver()
        return self._incoming.pop(0)

    def close(self) -> None:
        """Nothing to close."""
