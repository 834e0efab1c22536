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

from hothsim.ai import PLAYER_NAMES, player_named
from hothsim.data.catalog import Catalog
from hothsim.data.errors import DataError
from hothsim.games import LoadError, kind_named, open_game
from hothsim.kernel.engine import Side, other
from hothsim.kernel.options import OptionError, parse_options
from hothsim.match import decide_within
from hothsim.remote.chain import Commitment, HashChain, as_hex, from_hex
from hothsim.remote.dice import SharedDice
from hothsim.remote.files import PRIVATE_FORMAT, Private, Role
from hothsim.remote.identity import Identity
from hothsim.remote.link import CONNECT_WAIT, Closed, Door, Lines, Link, Silence, connect, enter, listen, outward_address
from hothsim.remote.messages import RemoteError
from hothsim.remote.peer import Peer
from hothsim.remote_session import BeforeHello, RemoteSession, Reopen, keep, meet, write_turn
from hothsim.session import PERSON
from hothsim.saves import SaveFileError, read_remote, remote_paths, remote_saves, unused_save, user_save_dir, \
    write_private

#: Seconds to wait for the opponent's next line (or connection) unless `--wait` says otherwise.
WAIT = 600.0
#: Options remote play requires wherever the scenario offers them: cards drawn by a roll over those left,
#: so that no deck order exists anywhere for either side's program to hold.
REMOTE_OPTIONS = {"draws": "rolled"}


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
    #: Polled while this side waits for the opponent to come in: True stops waiting (a person pressed q).
    stop: Callable[[], bool] = lambda: False
    #: Asked whether to take up a broken-off game found in the saves folder (the question; True: take it up).
    ask: Callable[[str], bool] = lambda question: True


def _now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def listed_scenario(scenario: str) -> Any:
    """The scenario of `hothsim list` with this id (a game at two machines plays only those: never a path
    on either player's disk); RemoteError otherwise."""
    for doc in Catalog.installed().scenarios():
        if doc.id == scenario:
            return doc
    raise RemoteError("different-rules", f"the scenario {scenario[:64]!r} is not one of hothsim list's (a game at "
                                         "two machines is played on a listed scenario)")


def required_options(doc: Any) -> dict[str, str]:
    """The options remote play requires of a scenario: those of REMOTE_OPTIONS it offers."""
    offered = {o.name for o in kind_named(doc.game).options(doc)}
    return {name: value for name, value in REMOTE_OPTIONS.items() if name in offered}


def open_described(f: dict[str, str]) -> Any:
    """The game a host's hello describes (its fields), with dice both sides roll; RemoteError when this
    copy of hothsim cannot open it, or will not: a scenario that is not listed, or options without those
    remote play requires (the host's program could hold a deck order)."""
    try:
        kind_named(f["game"])  # a game this hothsim knows
    except LoadError as e:
        raise RemoteError("different-rules", f"the host plays a game this hothsim does not know ({e})") from None
    doc = listed_scenario(f["scenario"])
    try:
        options = parse_options(f["options"].replace(",", " "))
    except OptionError as e:
        raise RemoteError("garbled", f"the host's options cannot be read ({e})") from None
    for name, value in required_options(doc).items():
        if options.get(name) != value:
            raise RemoteError("rules-of-remote-play", f"the host's game is played without {name}={value}, which "
                                                      f"play at two machines requires (with {name}="
                                                      f"{options.get(name, 'its default')}, the host's program "
                                                      "could know what is to come)")
    try:
        return open_game(f["scenario"], dice=SharedDice(), created=f["created"], options=options)
    except (DataError, OptionError, LoadError) as e:  # a scenario or option this copy does not have
        raise RemoteError("different-rules", f"this hothsim cannot open the host's game ({e})") from None


def restore(save: Path) -> tuple[Private, Peer]:
    """A remote game taken up from its files: the conversation replayed line by line through every check
    (a private file whose conversation was never written gives a copy holding no line yet)."""
    try:
        private, lines = read_remote(save)
    except SaveFileError as e:
        raise RemoteUsage(str(e)) from None
    chain = HashChain(from_hex(private.chain, "the chain's seed"), private.length)
    secrets_ = {s.line: Commitment(s.decision, bytes.fromhex(s.salt)) for s in private.secrets}
    peer = Peer(private.side, bytes.fromhex(private.key), chain, None, opener=open_described, secrets=secrets_,
                identity=Identity(bytes.fromhex(private.signing)))
    for line in lines:
        try:
            peer.accept(line)
        except RemoteError as e:
            raise RemoteUsage(f"{remote_paths(save)[0]}: {e}") from None
    return private, peer


def resume_command(private: Private, save: Path) -> str:
    """The command that takes this side's game up again (the key is read from the private file)."""
    if private.host == BY_MAIL:
        return f"hothsim turn {save} THEIR-TURN"
    if private.role == "host":
        return f"hothsim host {private.scenario} --side {private.side} --save {save}"
    return f"hothsim join {private.host} --save {save}"


#: Where a game by mail's private file says the host is: nowhere to connect to.
BY_MAIL = "by-mail"


def broken_off(match: Callable[[Private], bool], me: Seat) -> Path | None:
    """A game at two machines in the saves folder that `match` picks and that is not over, offered to the
    player (newest first); the save to take up, or None to begin a new game."""
    for save in remote_saves(user_save_dir()):
        try:
            if not match(read_remote(save)[0]):  # the private file alone: only a game it picks is replayed
                continue
            private, peer = restore(save)
        except (RemoteUsage, RemoteError, SaveFileError, ValueError):
            continue
        if peer.host is not None and peer.expected() is None:
            continue
        played = len(peer.game.record.entries) if peer.game is not None else 0
        if me.ask(f"A broken-off game of {private.scenario} ({private.side}, {played} decisions) is saved in {save}. "
                  "Take it up?"):
            me.say(f"Taking up the game saved in {save}.")
            return save
        return None
    return None


def open_hosted(scenario: str, options: dict[str, str]) -> Any:
    """The game a host offers: a listed scenario, with dice both sides roll, and cards drawn by rolls where
    the game has cards (no deck order exists)."""
    try:
        doc = listed_scenario(scenario)
    except RemoteError as e:
        raise RemoteUsage(str(e)) from None
    return open_game(scenario, dice=SharedDice(), created=_now(), options={**options, **required_options(doc)})


def new_private(save: Path | None, peer: Peer, key: str, where: str, wait: float, role: Role
                ) -> tuple[Path, Private]:
    """This side's private file for a new game (its key, chain, signing key and private randomness, where
    the host is): written before its hello commits to them, beside the save (the saves folder's, if none
    is given)."""
    scenario = peer.game.record.header.scenario
    save = save or default_save(scenario)
    private = Private(format=PRIVATE_FORMAT, key=key, chain=as_hex(peer.chain.seed), length=peer.chain.length,
                      host=where, side=peer.side, role=role, signing=peer.identity.seed.hex(),
                      randomness=secrets.token_hex(32), scenario=scenario, wait=wait)
    write_private(save, private)
    return save, private


def default_save(scenario: str) -> Path:
    """A new remote game's save in the saves folder: named by the time, and never one that exists (two games
    begun in the same second are told apart by a number)."""
    return unused_save(user_save_dir(), f"{scenario}-remote-{_now()[:19].replace(':', '').replace('-', '')}")


def fresh_peer(side: Side | None, key: str, game: Any = None, private: Private | None = None) -> Peer:
    """A copy of a new game: its chain and signing key from `private` when it was written already (a game
    stopped before its first line was kept), else new ones."""
    chain = HashChain(from_hex(private.chain, "the chain's seed"), private.length) if private else HashChain.fresh()
    identity = Identity(bytes.fromhex(private.signing)) if private else Identity.fresh()
    return Peer(side, bytes.fromhex(key), chain, side if game is not None else None, game=game,
                opener=open_described, identity=identity)


def host(scenario: str, side: Side, save: Path | None, address: str, port: int, options: dict[str, str],
         me: Seat, wait: float, announce: Callable[[str], None], new: bool = False) -> int:
    """Host a game (or take up a hosted one from `save`, or one broken off with the same scenario and side
    found in the saves folder), wait for the guest at the door, and play it.  `port` 0 takes any free
    port (a game taken up listens where it did before)."""
    if save is None and not new:
        save = broken_off(lambda p: p.role == "host" and p.scenario == scenario and p.side == side, me)
    resumed = restore(save) if save is not None and remote_paths(save)[1].exists() else None
    if resumed is not None and port == 0:
        port = int(resumed[0].host.rpartition(":")[2])
    try:
        server = listen(address, port)
    except RemoteError as e:
        raise RemoteUsage(why_stopped(e, save, None)) from None
    where = f"{address if address not in ('', '0.0.0.0') else outward_address()}:{server.getsockname()[1]}"
    if resumed is None or not resumed[1].lines:  # a new game (or one whose hello was never kept)
        private = resumed[0] if resumed else None
        peer = fresh_peer(side, private.key if private else secrets.token_hex(16), open_hosted(scenario, options),
                          private)
        if private is None:
            save, private = new_private(save, peer, peer.key.hex(), where, wait, "host")
        peer.hello()
        keep(save, peer, private)
    else:
        private, peer = resumed
    assert save is not None
    door = Door(server, peer.key, lambda why: me.say(f"turned away a connection that is not the opponent's ({why}); "
                                                        "still waiting"), me.stop)
    announce(f"invitation key: {private.key}   (give it to your opponent privately: anyone holding it can join)")
    announce(f"join with: hothsim join {where}   (it asks for the key, not shown as it is typed; or set "
             "HOTHSIM_KEY, or give --key-file FILE)")
    announce(f"take this game up again with: {resume_command(private, save)}")
    try:
        opened = door.open(wait)
        if opened is None:
            raise RemoteError("no-guest", f"nobody joined within {wait:g} seconds")
        link, meeting = opened
        return play_remote(link, peer, save, me, wait, private, meeting, reopen=door.open, door=door)
    except RemoteError as e:
        raise RemoteUsage(why_stopped(e, save, private)) from None
    finally:
        door.close()


def join(where: str, key: Callable[[], str], save: Path | None, me: Seat, wait: float, new: bool = False) -> int:
    """Join a hosted game (or take one up again from `save`, or one broken off with the same host found in
    the saves folder) and play it.  `key` is asked only for a new game (a game taken up has it in its
    private file)."""
    address, port = _address(where)
    if save is None and not new:
        save = broken_off(lambda p: p.role == "guest" and p.host == where, me)
    private: Private | None = None
    if save is not None and remote_paths(save)[1].exists():
        private, peer = restore(save)
        if private.host == BY_MAIL:
            raise RemoteUsage(f"{save} is a game by mail: take it up with hothsim turn")
        invitation = private.key
    else:
        invitation = key()
        if len(invitation) != 32 or any(c not in "0123456789abcdef" for c in invitation):
            raise RemoteUsage("the key must be the 32 hex digits the host printed after 'invitation key:'")
        peer = fresh_peer(None, invitation)
    reopen = dialer(address, port, peer.key)
    try:
        link = connect(address, port)
        try:
            meeting = enter(link, peer.key)
        except RemoteError:
            link.close()
            raise
    except RemoteError as e:
        raise RemoteUsage(why_stopped(e, save, private)) from None

    kept = (save, private) if save is not None and private is not None else None  # its chain is the one kept

    def before_hello() -> tuple[Path, Private]:
        if kept is not None:
            return kept
        return new_private(save, peer, invitation, where, wait, "guest")
    return play_remote(link, peer, save, me, wait, private, meeting, reopen=reopen, before_hello=before_hello)


def dialer(address: str, port: int, key: bytes) -> Reopen:
    """How a guest reaches its host again after a break: one try (connecting, then the door) within the
    seconds given, at most one every half second."""
    pace = {"next": 0.0}

    def reopen(seconds: float) -> tuple[Link, str] | None:
        wait = max(0.0, pace["next"] - time.monotonic())
        if wait >= seconds:
            time.sleep(seconds)
            return None
        time.sleep(wait)
        pace["next"] = time.monotonic() + 0.5
        try:
            link = connect(address, port, max(0.2, min(CONNECT_WAIT, seconds)))
        except RemoteError:
            return None
        try:
            return link, enter(link, key)
        except RemoteError as e:
            link.close()
            if e.reason == "forged":
                raise
            return None
    return reopen


def _address(where: str) -> tuple[str, int]:
    address, _, port = where.rpartition(":")
    if not address or not port.isdigit() or not 0 < int(port) < 65536:
        raise RemoteUsage(f"{where[:60]!r}: give the host's address and port as the host printed them (ADDRESS:PORT)")
    return address, int(port)


def play_remote(link: Lines, peer: Peer, save: Path | None, me: Seat, wait: float, private: Private | None,
                meeting: str, reopen: Reopen | None = None, before_hello: BeforeHello | None = None,
                door: Door | None = None) -> int:
    """Catch up with the opponent, then play to the end: headless (one line per decision, then the result)
    or by a person in the terminal.  `private` is this side's private file (None for a guest before its
    hello, which `before_hello` writes); `meeting` is the session the door made; `reopen` makes the
    connection again after a break (None: a break stops the game, saved); the host's `door` is watched
    while it waits on the connection, for the guest coming in again on a new one."""
    shown = len(peer.game.record.entries) if peer.game is not None else 0  # what this side has said already
    session: RemoteSession | None = None
    try:
        link, save, private = _first_meeting(link, peer, meeting, wait, save, private, before_hello, reopen)
        if private is not None and save is not None and not peer.claim and private.role == "guest":
            me.say(f"take this game up again with: {resume_command(private, save)}")
        think = me.think if me.think is not None else player_named(me.player or "ai").level.think
        session = RemoteSession.over(peer, link, save, private, me.player or PERSON, think, wait, reopen=reopen,
                                     randomness=private.randomness if private else secrets.token_hex(32),
                                     door_watch=door.open if door is not None else None)
        if door is not None and me.player is None:
            _door_for_a_screen(door, session.log)
        if peer.claim is None and me.player is None:  # a claim made while this side was away is said below
            me.front_end(session)
            session.finish()
        elif peer.claim is None:
            play_headless(session, me, shown)
    except RemoteError as e:
        raise RemoteUsage(why_stopped(e, save, private)) from None
    finally:
        if session is not None and session.link is not None and session.link is not link:
            session.link.close()  # made again after a break
        link.close()
    if peer.game.is_over or peer.claim is not None:
        me.say(result_line(peer))
    if save is not None:
        me.say(f"Saved: {save}")
    return 0


def _first_meeting(link: Lines, peer: Peer, meeting: str, wait: float, save: Path | None, private: Private | None,
                   before_hello: BeforeHello | None, reopen: Reopen | None) -> tuple[Lines, Path | None,
                                                                                    Private | None]:
    """Meet the opponent (`meet`), the connection made again within the wait if it breaks before the two
    have met: the connection then, the save and the private file."""
    while True:
        try:
            save, private = meet(link, peer, meeting, wait, save, private, before_hello)
            return link, save, private
        except Closed:
            link.close()
            if reopen is None:
                raise
            link, meeting = _reopened(reopen, wait)
        except BaseException:
            link.close()
            raise


def _door_for_a_screen(door: Door, log: list[str]) -> None:
    """A person's screen plays on while the host's door is watched: strangers turned away go to the log
    (not printed over the screen), and the screen reads q itself."""
    door.turned_away = lambda why: log.append(f"turned away a connection that is not the opponent's ({why})")
    door.stop = lambda: False


def _reopened(reopen: Reopen, wait: float) -> tuple[Lines, str]:
    """The connection made again within `wait` seconds; Silence if the other machine does not come back."""
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        opened = reopen(min(1.0, deadline - time.monotonic()))
        if opened is not None:
            return opened
    raise Silence(wait)


def play_headless(session: RemoteSession, me: Seat, shown: int) -> None:
    """This side played by its computer player to the end, a line printed per decision (from the
    `shown`th on: those caught up on meeting again too)."""
    peer = session.peer
    shown = report_entries(peer, shown, me.say)
    said = len(session.log)
    while peer.expected() is not None:
        player = session.computer()
        if player is not None:
            session.apply(_decide(session, player, me.think))
        elif session.remote_turn:
            session.poll()
        else:
            session.respond_due()
        for line in session.log[said:]:
            if line.startswith(("The connection", "The other machine")):
                me.say(line)
        said = len(session.log)
        shown = report_entries(peer, shown, me.say)


def result_line(peer: Peer) -> str:
    """The last line both sides print: who won and how the game ended (or who claimed it)."""
    if peer.claim is not None:
        side, why = peer.claim
        return f"game over: the {side} side claims the game ({why})"
    game = peer.game
    outcome = f"{game.winner} wins" if game.winner else "a draw"
    return f"game over: {outcome} ({game.state.end_reason.removeprefix(outcome + ': ')})"


def _decide(session: RemoteSession, player: Any, think: float | None) -> Any:
    """This side's decision, by its computer player within its think time, seeded by the side's private
    randomness (the opponent, running the same player on what it sees, cannot work it out)."""
    choice, _ = decide_within(player, session.peer.game, session.seed("decide"), think)
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


def why_stopped(e: RemoteError, save: Path | None, private: Private | None) -> str:
    """A remote failure in a player's words, with where the game is kept and the command that takes it up."""
    kept = ""
    if save is not None and private is not None:
        kept = f"; the game is saved in {save}: take it up with: {resume_command(private, save)}"
    elif save is not None:
        kept = f"; the game is saved in {save}"
    if isinstance(e, Silence) and save is not None and private is not None:
        kept += f" (or, once the other side has been silent {private.wait:g} seconds, claim the game: hothsim " \
                f"claim {save})"
    return f"remote game stopped: {e}{kept}"


def claim(save: Path, say: Callable[[str], None], now: float | None = None) -> int:
    """Claim a game the other side has left waiting for at least the game's wait: a claim line is added to
    the conversation (the other side is shown it when the two meet again, or in this side's next turn by
    mail, written beside the save)."""
    private, peer = restore(save)
    talk = remote_paths(save)[0]
    waited = max(0.0, (time.time() if now is None else now) - talk.stat().st_mtime) if talk.exists() else 0.0
    if waited < private.wait:
        raise RemoteUsage(f"{save}: the other side has been silent {waited:.0f} seconds; a claim needs the game's "
                          f"whole wait, {private.wait:g} seconds, to have passed")
    try:
        peer.claim_line(waited)
    except RemoteError as e:
        raise RemoteUsage(f"{save}: {e}") from None
    keep(save, peer, private)
    say(result_line(peer))
    if private.host == BY_MAIL:  # the claim goes by mail too: with every line the other side may lack
        theirs = [n for n, line in enumerate(peer.lines) if line.split(" ", 3)[2] != peer.side]
        turn = write_turn(save, peer, theirs[-1] + 1 if theirs else 0, say)
        say(f"Send {turn} to the {other(peer.side)} player, who runs: hothsim turn THEIR-SAVE {turn.name}")
    else:
        say(f"Saved: {save}  (the other side is shown the claim when it connects again)")
    return 0


def player_name(name: str) -> str:
    """A `--player` name checked (RemoteUsage names the ones there are)."""
    if name not in PLAYER_NAMES and not name.startswith("ai:"):
        raise RemoteUsage(f"--player {name!r}: choose one of {', '.join(PLAYER_NAMES)}")
    return name


__all__ = ["claim", "host", "join", "open_described", "open_hosted", "play_remote", "result_line", "RemoteUsage",
           "Seat", "WAIT"]
