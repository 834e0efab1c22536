"""`hothsim host` and `hothsim join`: a game played at two machines (docs/remote-play.md).

The front end of remote play: it opens or takes up the game, keeps its files beside the save, holds the
connection, and has this side's decisions made: by a person in the terminal screen or the plain mode
(through a RemoteSession), or by a computer player named with `--player`, one line printed per decision.
The protocol itself, its checks and the dice both sides roll are hothsim.remote's, which does no I/O but
the connection's; play by mail is hothsim.by_mail's.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from hothsim.ai import PLAYER_NAMES, derive_seed, player_named
from hothsim.data.errors import DataError
from hothsim.games import LoadError, kind_named, open_game
from hothsim.kernel.engine import Side
from hothsim.kernel.options import OptionError, parse_options
from hothsim.match import decide_within
from hothsim.remote.chain import Commitment, HashChain, as_hex, from_hex
from hothsim.remote.dice import SharedDice
from hothsim.remote.files import PRIVATE_FORMAT, Private
from hothsim.remote.link import CONNECT_WAIT, Link, Silence, accept, connect, listen, outward_address
from hothsim.remote.messages import RemoteError
from hothsim.remote.peer import Peer
from hothsim.remote_session import RemoteSession, keep
from hothsim.session import PERSON
from hothsim.saves import SAVE_SUFFIX, read_remote, remote_paths, user_save_dir, write_private

#: Seconds to wait for the opponent's next line (or connection) unless `--wait` says otherwise.
WAIT = 600.0


class RemoteUsage(Exception):
    """A remote game that cannot be started or taken up as asked (printed, exit code 2)."""


@dataclass(frozen=True)
class Seat:
    """How this side of the game decides and reports."""

    player: str | None  # a computer player's name (PLAYER_NAMES), or None for a person
    think: float | None  # its seconds a decision (None: its level's)
    say: Callable[[str], None]
    #: How a person plays the session (the terminal screen or the plain mode); only when `player` is None.
    front_end: Callable[[Any], None] = lambda session: None
    #: How a person is shown the decisions a turn by mail brought (the record, and the first new decision's
    #: number): stepped through in the replay screen, or nothing more than the lines printed.
    review: Callable[[Any, int], None] = lambda record, first: None


def _now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def open_described(f: dict[str, str]) -> Any:
    """The game a host's hello describes (its fields), with dice both sides roll; RemoteError when this
    copy of hothsim cannot open it."""
    try:
        kind_named(f["game"])  # a game this hothsim knows
    except LoadError as e:
        raise RemoteError("different-rules", f"the host plays a game this hothsim does not know ({e})") from None
    try:
        return open_game(f["scenario"], dice=SharedDice(), created=f["created"],
                         options=parse_options(f["options"].replace(",", " ")))
    except (DataError, OptionError, LoadError) as e:  # a scenario or option this copy does not have
        raise RemoteError("different-rules", f"this hothsim cannot open the host's game ({e})") from None


def restore(save: Path) -> tuple[Private, Peer]:
    """A remote game taken up from its files: the conversation replayed line by line through every check."""
    private, lines = read_remote(save)
    chain = HashChain(from_hex(private.chain, "the chain's seed"), private.length)
    secrets = {s.line: Commitment(s.decision, bytes.fromhex(s.salt)) for s in private.secrets}
    peer = Peer(private.side, bytes.fromhex(private.key), chain, None, opener=open_described, secrets=secrets)
    for line in lines:
        try:
            peer.accept(line)
        except RemoteError as e:
            raise RemoteUsage(f"{remote_paths(save)[0]}: {e}") from None
    return private, peer


def host(scenario: str, side: Side, save: Path | None, address: str, port: int, options: dict[str, str],
         me: Seat, wait: float, announce: Callable[[str], None]) -> int:
    """Host a game (or take up a hosted one from `save`), wait for the guest, and play it.  `port` 0 takes
    any free port (a game taken up listens where it did before)."""
    resumed = restore(save) if save is not None and remote_paths(save)[1].exists() else None
    if resumed is None:
        game = open_hosted(scenario, options)
    elif port == 0:
        port = int(resumed[0].host.rpartition(":")[2])
    server = listen(address, port)
    try:
        where = f"{address if address not in ('', '0.0.0.0') else outward_address()}:{server.getsockname()[1]}"
        if resumed is None:
            key = secrets.token_hex(16)
            peer = Peer(side, bytes.fromhex(key), HashChain.fresh(), side, game=game, opener=open_described)
            save, private = commit_to(save, peer, key, where)
            peer.hello()
            keep(save, peer, private)
        else:
            private, peer = resumed
            key = private.key
        announce(f"join with: hothsim join {where} --key {key}")
        link = _guest(server, peer, wait, announce)
    except RemoteError as e:
        raise RemoteUsage(why_stopped(e, save)) from None
    finally:
        server.close()
    return play_remote(link, peer, save, me, wait, private, synced=True)


def _guest(server: Any, peer: Peer, wait: float, say: Callable[[str], None]) -> Link:
    """The opponent's connection: the first whose opening line is signed with this game's key (someone
    without it is turned away, and the host goes on waiting, `wait` seconds in all)."""
    deadline = time.monotonic() + wait
    while True:
        try:
            link = accept(server, max(0.0, deadline - time.monotonic()))
        except Silence:
            raise RemoteError("no-guest", f"nobody joined within {wait:g} seconds") from None
        try:
            link.send(peer.sync())  # signed: a guest with another key is told so at once
            first = link.receive(min(CONNECT_WAIT, max(0.1, deadline - time.monotonic())))
            peer.held_by(first)  # RemoteError unless it is a sync line signed with the key
        except RemoteError as e:
            link.close()
            say(f"turned away a connection that is not the opponent's ({e}); still waiting")
            continue
        link.unread(first)
        return link


def open_hosted(scenario: str, options: dict[str, str]) -> Any:
    """The game a host offers: with dice both sides roll, and cards drawn by rolls where the game has
    cards (no deck order exists)."""
    try:
        return open_game(scenario, dice=SharedDice(), created=_now(), options={**options, "draws": "rolled"})
    except OptionError:  # a game without cards to draw
        return open_game(scenario, dice=SharedDice(), created=_now(), options=options)


def commit_to(save: Path | None, peer: Peer, key: str, where: str) -> tuple[Path, Private]:
    """This side's private file for a new game (its key, its chain's seed, where the host is: written before
    its hello commits to the chain), and the save it sits beside (the saves folder's, if none is given)."""
    save = save or default_save(peer.game.record.header.scenario)
    private = Private(format=PRIVATE_FORMAT, key=key, chain=as_hex(peer.chain.seed), length=peer.chain.length,
                      host=where, side=peer.side)
    write_private(save, private)
    return save, private


def default_save(scenario: str) -> Path:
    """A new remote game's save in the saves folder."""
    return user_save_dir() / f"{scenario}-remote-{_now()[:19].replace(':', '').replace('-', '')}{SAVE_SUFFIX}"


def join(where: str, key: str, save: Path | None, me: Seat, wait: float) -> int:
    """Join a hosted game (or take one up again from `save`) and play it."""
    address, port = _address(where)
    private: Private | None = None
    if save is not None and remote_paths(save)[1].exists():
        private, peer = restore(save)
        if private.key != key:
            raise RemoteUsage(f"{save}: this save belongs to a game with another key")
    else:
        if len(key) != 32 or any(c not in "0123456789abcdef" for c in key):
            raise RemoteUsage("--key must be the 32 hex digits the host printed after --key")
        peer = Peer(None, bytes.fromhex(key), HashChain.fresh(), None, opener=open_described)
    try:
        link = connect(address, port)
    except RemoteError as e:
        raise RemoteUsage(why_stopped(e, save)) from None
    return play_remote(link, peer, save, me, wait, private, joining=(where, key))


def _address(where: str) -> tuple[str, int]:
    address, _, port = where.rpartition(":")
    if not address or not port.isdigit() or not 0 < int(port) < 65536:
        raise RemoteUsage(f"{where[:60]!r}: give the host's address and port as the host printed them (ADDRESS:PORT)")
    return address, int(port)


def play_remote(link: Link, peer: Peer, save: Path | None, me: Seat, wait: float, private: Private | None,
                joining: tuple[str, str] | None = None, synced: bool = False) -> int:
    """Catch up with the opponent, then play to the end: headless (one line per decision, then the result)
    or by a person in the terminal.  `private` is this side's private file (None for a guest before its
    hello, which writes it); `synced`, that this side's sync line is sent already."""
    shown = len(peer.game.record.entries) if peer.game is not None else 0  # what this side has said already
    try:
        save, private = _meet(link, peer, save, wait, private, joining, synced)
        think = me.think if me.think is not None else player_named(me.player or "ai").level.think
        session = RemoteSession.over(peer, link, save, private, me.player or PERSON, think, wait)
        if peer.claim is not None:  # claimed while this side was away: said below
            pass
        elif me.player is None:
            me.front_end(session)
            session.finish()
        else:
            play_headless(session, me, shown)
    except RemoteError as e:
        raise RemoteUsage(why_stopped(e, save)) from None
    finally:
        link.close()
    if peer.game.is_over or peer.claim is not None:
        me.say(result_line(peer))
    if save is not None:
        me.say(f"Saved: {save}")
    return 0


def play_headless(session: RemoteSession, me: Seat, shown: int) -> None:
    """This side played by its computer player to the end, a line printed per decision (from the
    `shown`th on: those caught up on meeting again too)."""
    peer = session.peer
    shown = report_entries(peer, shown, me.say)
    while peer.expected() is not None:
        player = session.computer()
        if player is not None:
            session.apply(_decide(session, player, me.think))
        elif session.remote_turn:
            session.poll()
        else:
            session.respond_due()
        shown = report_entries(peer, shown, me.say)


def _meet(link: Link, peer: Peer, save: Path | None, wait: float, private: Private | None,
          joining: tuple[str, str] | None, synced: bool = False) -> tuple[Path | None, Private | None]:
    """Catch up with the opponent (the sync lines, then what either lacks) and, for a new game, exchange
    the hellos (a guest writes its private file before its hello commits to its chain).  `synced`: this
    side's sync line is sent already (a host sends it as it lets the guest in)."""
    if not synced:
        link.send(peer.sync())
    theirs = link.receive(wait)
    held = peer.held_by(theirs)
    try:
        missing = peer.missing_for(theirs)
    except RemoteError as e:
        if e.reason == "forked":  # the other side is told too, before the connection closes
            try:
                link.send(peer.fork_notice(held))
            except RemoteError:
                pass  # it has found the fork itself and gone
        raise
    for line in missing:
        link.send(line)
    while len(peer.lines) < held:  # what this copy lacks comes first, before anyone goes on
        line = link.receive(wait)
        at = peer.fork_at(line)
        if at is not None:
            raise RemoteError("forked", f"the two copies of the game disagree at message {at}: the other side's "
                                        "differs from this one's there (a changed or different save)")
        peer.accept(line)
        keep(save, peer, private)
    while peer.host is None or len(peer.lines) < 2:
        if peer.host is not None and peer.my_turn:
            assert joining is not None
            save, private = commit_to(save, peer, joining[1], joining[0])
            line = peer.hello()
            keep(save, peer, private)
            link.send(line)
        else:
            peer.accept(link.receive(wait))
            keep(save, peer, private)
    return save, private


def result_line(peer: Peer) -> str:
    """The last line both sides print: who won and how the game ended (or who claimed it)."""
    if peer.claim is not None:
        side, why = peer.claim
        return f"game over: the {side} side claims the game ({why})"
    game = peer.game
    outcome = f"{game.winner} wins" if game.winner else "a draw"
    return f"game over: {outcome} ({game.state.end_reason.removeprefix(outcome + ': ')})"


def _decide(session: RemoteSession, player: Any, think: float | None) -> Any:
    """This side's decision, by its computer player within its think time."""
    peer = session.peer
    seed = derive_seed(len(peer.game.record.entries), peer.side, "remote", len(peer.lines))
    choice, _ = decide_within(player, peer.game, seed, think)
    return choice.action


def report_entries(peer: Peer, shown: int, say: Callable[[str], None]) -> int:
    """A line for each decision applied since the last report: number, side, notation and rolls."""
    if peer.game is None:
        return shown
    entries = peer.game.record.entries
    for n in range(shown, len(entries)):
        e = entries[n]
        rolls = (" | " + " ".join(r.token() for r in e.outcomes)) if e.outcomes else ""
        say(f"{n + 1}. {e.action}{rolls}")
    return len(entries)


def why_stopped(e: RemoteError, save: Path | None) -> str:
    """A remote failure in a player's words, with where the game is kept."""
    kept = f"; the game is saved in {save}: run the same command to take it up again" if save else ""
    if isinstance(e, Silence) and save is not None:
        kept += f", or claim the game with: hothsim claim {save}"
    return f"remote game stopped: {e}{kept}"


def claim(save: Path, say: Callable[[str], None]) -> int:
    """Claim a game the other side has left waiting: a claim line is added to the conversation (the other
    side is shown it when the two connect again)."""
    private, peer = restore(save)
    talk = remote_paths(save)[0]
    waited = max(0.0, time.time() - talk.stat().st_mtime)
    try:
        peer.claim_line(waited)
    except RemoteError as e:
        raise RemoteUsage(f"{save}: {e}") from None
    keep(save, peer, private)
    say(result_line(peer))
    say(f"Saved: {save}  (the other side is shown the claim when it connects again)")
    return 0


def player_name(name: str) -> str:
    """A `--player` name checked (RemoteUsage names the ones there are)."""
    if name not in PLAYER_NAMES and not name.startswith("ai:"):
        raise RemoteUsage(f"--player {name!r}: choose one of {', '.join(PLAYER_NAMES)}")
    return name


__all__ = ["claim", "host", "join", "open_described", "open_hosted", "play_remote", "result_line", "RemoteUsage",
           "Seat", "WAIT"]
