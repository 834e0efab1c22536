"""Play by mail: the game at two machines carried by turns, small blocks of text sent by mail or chat.

The same conversation and checks as over a connection (hothsim.remote), with the lines carried in turns:
a turn opens with this side's sync line (how far its copy is) and holds every line the other side's copy
lacks.  A side reads the other's turn (every line checked), plays until the other side is needed (its
decision, or its chain value for a roll), and writes its own turn beside its save (`SAVE.turn`) and on
the screen.  A roll needs a value from each side, the side that did not act first, so each decision that
rolls dice costs a turn there and back.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Callable

from hothsim.ai import player_named
from hothsim.hosting import RemoteUsage, Seat, commit_to, default_save, open_described, open_hosted, play_headless, \
    report_entries, restore, result_line, why_stopped
from hothsim.kernel.engine import Side, other
from hothsim.remote.chain import HashChain
from hothsim.remote.files import Private, turn_text
from hothsim.remote.link import MailLink, TurnOver
from hothsim.remote.messages import RemoteError
from hothsim.remote.peer import Peer
from hothsim.remote_session import RemoteSession, keep
from hothsim.saves import read_turn, remote_paths, write_text_file
from hothsim.session import PERSON

__all__ = ["mail_host", "mail_join", "mail_turn"]

#: Where a game by mail's private file says the host is: nowhere to connect to.
BY_MAIL = "by-mail"


def mail_host(scenario: str, side: Side, save: Path | None, options: dict[str, str], me: Seat) -> int:
    """A game by mail: made here, its first turn (the host's hello) written for the other player."""
    game = open_hosted(scenario, options)
    save = save or default_save(game.record.header.scenario)
    if remote_paths(save)[1].exists():
        raise RemoteUsage(f"{save} already holds a game at two machines: take it up with hothsim turn")
    key = secrets.token_hex(16)
    peer = Peer(side, bytes.fromhex(key), HashChain.fresh(), side, game=game, opener=open_described)
    save, private = commit_to(save, peer, key, BY_MAIL)
    peer.hello()
    keep(save, peer, private)
    turn = _write_turn(save, peer, 0, me.say)
    me.say(f"Send {turn} to the {other(side)} player with the key, to join with: "
           f"hothsim join --by-mail {turn.name} --key {key}")
    return 0


def mail_join(turn: Path, key: str, save: Path | None, me: Seat) -> int:
    """Join a game by mail from the host's first turn: this side's hello and first decisions written back."""
    if len(key) != 32 or any(c not in "0123456789abcdef" for c in key):
        raise RemoteUsage("--key must be the 32 hex digits the host sent with its turn")
    peer = Peer(None, bytes.fromhex(key), HashChain.fresh(), None, opener=open_described)
    return _play_turn(peer, save, None, read_turn(turn), me, joining=key)


def mail_turn(save: Path, turn: Path, me: Seat) -> int:
    """Take the other side's turn into a game by mail, play this side's, and write it back."""
    private, peer = restore(save)
    if private.host != BY_MAIL:
        raise RemoteUsage(f"{save} is played over a connection: take it up with hothsim host or join")
    return _play_turn(peer, save, private, read_turn(turn), me)


def _play_turn(peer: Peer, save: Path | None, private: Private | None, incoming: list[str], me: Seat,
               joining: str | None = None) -> int:
    """Read a turn, play until the other side is needed, write this side's turn."""
    shown = len(peer.game.record.entries) if peer.game is not None else 0
    try:
        held = _take_in(peer, incoming)
        if joining is not None:
            save, private = commit_to(save, peer, joining, BY_MAIL)
            peer.hello()
        keep(save, peer, private)
        player = me.player or PERSON
        think = me.think if me.think is not None else player_named(me.player or "ai").level.think
        session = RemoteSession.over(peer, MailLink(), save, private, player, think, wait=1.0)
        try:
            if peer.claim is None and me.player is None:
                if len(peer.game.record.entries) > shown:  # what the other side's turn did
                    me.review(peer.game.record, shown + 1)
                shown = report_entries(peer, shown, me.say)
                me.front_end(session)
                session.finish()
            elif peer.claim is None:
                play_headless(session, me, shown)
        except TurnOver:
            pass
    except RemoteError as e:
        raise RemoteUsage(why_stopped(e, save)) from None
    assert save is not None
    keep(save, peer, session.private)
    if peer.expected() is None:
        me.say(result_line(peer))
    turn = _write_turn(save, peer, held, me.say)
    if peer.my_turn:  # stopped before the other side was needed
        me.say(f"Your turn is not over: run the same command again to play on ({turn} holds it so far).")
    elif peer.expected() is not None or held < len(peer.lines):
        me.say(f"Send {turn} to the {other(peer.side)} player, who runs: hothsim turn THEIR-SAVE {turn.name}")
    return 0


def _take_in(peer: Peer, incoming: list[str]) -> int:
    """The other side's turn read into this copy: its sync line, then its lines (those this copy holds
    already checked to be the same); how many lines the other side's copy holds."""
    sync, lines = incoming[0], incoming[1:]
    peer.missing_for(sync)  # copies that disagree are told so here
    held = peer.held_by(sync)
    for line in lines:
        number = line.split(" ", 1)[0]
        n = int(number) if number.isdigit() and len(number) < 8 else 0
        if 0 < n <= len(peer.lines):
            if peer.lines[n - 1] != line:
                raise RemoteError("forked", f"the two copies of the game disagree at message {n}")
            continue
        peer.accept(line)
    return held


def _write_turn(save: Path, peer: Peer, held: int, say: Callable[[str], None]) -> Path:
    """This side's turn: its sync line and every line the other side's copy lacks, beside the save and
    on the screen."""
    text = turn_text([peer.sync(), *peer.lines[held:]])
    path = Path(f"{save}.turn")
    write_text_file(path, text)
    say(text.rstrip("\n"))
    return path
