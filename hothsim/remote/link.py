"""The wire between two hothsim copies: lines of text over TCP, bounded in size and in time.

The only module of hothsim.remote that does I/O.  A peer that sends garbage, a line too long, or nothing
at all within the time allowed is answered by a `RemoteError` naming what happened, never by a hang: every
wait has a deadline, every read a cap on what it keeps.
"""

from __future__ import annotations

import socket
import time

from hothsim.remote.messages import MAX_LINE, RemoteError

#: Seconds a connection may take to be made.
CONNECT_WAIT = 10.0


class Silence(RemoteError):
    """The opponent sent nothing within the time allowed (the game is saved and may be taken up again)."""

    def __init__(self, seconds: float) -> None:
        super().__init__("silent", f"the opponent has sent nothing for {seconds:g} seconds")


class Closed(RemoteError):
    """The connection was closed or broken."""

    def __init__(self, why: str = "the opponent closed the connection") -> None:
        super().__init__("closed", why)


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

    def unread(self, line: str) -> None:
        """Put a line back, to be received again first (the host reads a guest's opening line to check
        it before the game begins)."""
        self._buffer = line.encode("ascii") + b"\n" + self._buffer

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
        server.listen(1)
    except OSError as e:
        server.close()
        raise RemoteError("address", f"cannot listen on {address}:{port} ({e.strerror or e})") from None
    return server


def accept(server: socket.socket, wait: float) -> Link:
    """The opponent's connection, waiting at most `wait` seconds for it."""
    server.settimeout(wait)
    try:
        sock, _ = server.accept()
    except socket.timeout:
        raise Silence(wait) from None
    except OSError as e:
        raise Closed(f"waiting for the opponent failed ({e.strerror or e})") from None
    return Link(sock)


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
