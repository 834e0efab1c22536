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
from hothsim.hosting import BY_MAIL, RemoteUsage, Seat, default_save, fresh_peer, new_private, open_hosted, \
    play_headless, report_entries, restore, result_line, why_stopped
from hothsim.kernel.engine import Side, other
from hothsim.remote.door import MAIL_SESSION
from hothsim.remote.files import Private
from hothsim.remote.link import MailLink, TurnOver
from hothsim.remote.messages import RemoteError
from hothsim.remote.peer import Peer
from hothsim.remote_session import RemoteSession, keep, write_turn
from hothsim.saves import read_turn, remote_paths
from hothsim.session import PERSON

__all__ = ["mail_host", "mail_join", "mail_turn"]

#: Seconds of silence before a game by mail may be claimed, unless `--wait` says otherwise: a day.
MAIL_WAIT = 86400.0


def mail_host(scenario: str, side: Side, save: Path | None, options: dict[str, str], me: Seat,
              wait: float = MAIL_WAIT) -> int:
    """A game by mail: made here, its first turn (the host's hello) written for the other player.  A game
    whose private file was written but whose first turn was not (a kill between the two) is taken up by
    the same command."""
    save = save or default_save(scenario)
    private: Private | None = None
    if remote_paths(save)[1].exists():
        private, held = restore(save)
        if held.lines:
            raise RemoteUsage(f"{save} already holds a game at two machines: take it up with hothsim turn")
    key = private.key if private else secrets.token_hex(16)
    peer = fresh_peer(side, key, open_hosted(scenario, options), private)
    if private is None:
        save, private = new_private(save, peer, key, BY_MAIL, wait, "host")
    peer.hello()
    keep(save, peer, private)
    turn = write_turn(save, peer, 0, me.say)
    me.say(f"Send {turn} to the {other(side)} player, and the invitation key privately: {key}")
    me.say(f"The {other(side)} player joins with: hothsim join --by-mail {turn.name}   (it asks for the key, not "
           "shown as it is typed; or set HOTHSIM_KEY, or give --key-file FILE)")
    return 0


def mail_join(turn: Path, key: Callable[[], str], save: Path | None, me: Seat, wait: float = MAIL_WAIT) -> int:
    """Join a game by mail from the host's first turn: this side's hello and first decisions written back.
    With `save` holding a private file already (a kill before its turn was written), that game is taken up."""
    private: Private | None = None
    if save is not None and remote_paths(save)[1].exists():
        private, held = restore(save)
        if held.lines:
            raise RemoteUsage(f"{save} already holds a game at two machines: take it up with hothsim turn")
    invitation = private.key if private else key()
    if len(invitation) != 32 or any(c not in "0123456789abcdef" for c in invitation):
        raise RemoteUsage("the key must be the 32 hex digits the host sent with its turn")
    peer = fresh_peer(None, invitation, private=private)
    return _play_turn(peer, save, private, read_turn(turn), me, joining=(invitation, wait))


def mail_turn(save: Path, turn: Path, me: Seat) -> int:
    """Take the other side's turn into a game by mail, play this side's, and write it back."""
    private, peer = restore(save)
    if private.host != BY_MAIL:
        raise RemoteUsage(f"{save} is played over a connection: take it up with hothsim host or join")
    return _play_turn(peer, save, private, read_turn(turn), me)


def _play_turn(peer: Peer, save: Path | None, private: Private | None, incoming: list[str], me: Seat,
               joining: tuple[str, float] | None = None) -> int:
    """Read a turn, play until the other side is needed, write this side's turn."""
    shown = len(peer.game.record.entries) if peer.game is not None else 0
    try:
        held = _take_in(peer, incoming)
        if joining is not None:
            if private is None:
                save, private = new_private(save, peer, joining[0], BY_MAIL, joining[1], "guest")
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
        raise RemoteUsage(why_stopped(e, save, private)) from None
    assert save is not None
    keep(save, peer, session.private)
    if peer.expected() is None:
        me.say(result_line(peer))
    turn = write_turn(save, peer, held, me.say)
    if peer.my_turn:  # stopped before the other side was needed
        me.say(f"Your turn is not over: run the same command again to play on ({turn} holds it so far).")
    elif peer.expected() is not None or held < len(peer.lines):
        me.say(f"Send {turn} to the {other(peer.side)} player, who runs: hothsim turn THEIR-SAVE {turn.name}")
    return 0


def _take_in(peer: Peer, incoming: list[str]) -> int:
    """The other side's turn read into this copy: its sync line, then its lines, each as the opponent's
    (one in this side's name is refused unless this copy holds it byte for byte; one where this side's
    claim stands withdraws the claim only if it passes every check); how many lines the other side's
    copy holds for certain (what this side's turn need not send again)."""
    sync = peer.read_sync(incoming[0], MAIL_SESSION)
    if sync.fork is not None:
        raise RemoteError("forked", f"the two copies of the game disagree at message {sync.fork}")
    peer.plan(sync)  # copies that disagree are told so here
    for line in incoming[1:]:
        peer.receive(line)
    peer.confirm(sync)
    return sync.count
