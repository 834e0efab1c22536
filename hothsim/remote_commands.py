"""The commands of play at two machines as a person meets them: `host`, `join`, `turn` and `claim`.

What belongs to the terminal rather than to the protocol: where the invitation's key comes from (pasted at
a prompt that does not echo it, a file, or `HOTHSIM_KEY`; never the command line, which every user of the
machine can read in `ps` and /proc), `q` while this side waits for the opponent to come in, and the
question whether to take up a broken-off game.  The games themselves are hothsim.hosting's and
hothsim.by_mail's.
"""

from __future__ import annotations

import argparse
import getpass
import os
import select
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

from hothsim.hosting import WAIT, RemoteUsage, Seat, player_name

#: The environment variable a key may be given in (for scripts; a person pastes it at the prompt).
KEY_VARIABLE = "HOTHSIM_KEY"
KEY_ON_COMMAND_LINE = ("the invitation's key is never given on the command line, where every user of this machine "
                       f"can read it: paste it when asked, or set {KEY_VARIABLE}, or give --key-file FILE")


def invitation_key(args: argparse.Namespace) -> Callable[[], str]:
    """Where this command's key comes from, asked only when a new game needs it: --key-file, else
    HOTHSIM_KEY, else a prompt that does not echo (at a terminal)."""
    def key() -> str:
        if args.key_file is not None:
            try:
                text = Path(args.key_file).read_text(encoding="ascii", errors="replace")
            except OSError as e:
                raise RemoteUsage(f"{args.key_file}: cannot read the key ({e.strerror or e})") from None
            return text.strip()[:64]
        if os.environ.get(KEY_VARIABLE):
            return os.environ[KEY_VARIABLE].strip()[:64]
        if not sys.stdin.isatty():
            raise RemoteUsage(f"no invitation key: set {KEY_VARIABLE} or give --key-file FILE (there is no terminal "
                              "to ask in)")
        return getpass.getpass("The invitation key (not shown as you type it): ").strip()[:64]
    return key


@contextmanager
def q_stops() -> Iterator[Callable[[], bool]]:
    """While this side waits for the opponent to come in: a function that says whether `q` was pressed (the
    terminal reads keys one at a time meanwhile; without a terminal nothing stops the wait but its end)."""
    if not sys.stdin.isatty():
        yield lambda: False
        return
    import termios
    import tty

    fd = sys.stdin.fileno()
    try:
        saved = termios.tcgetattr(fd)
    except termios.error:
        yield lambda: False
        return

    cbreak = {"on": False}

    def pressed() -> bool:
        if not cbreak["on"]:  # only once waiting begins: a question asked before it is typed as usual
            tty.setcbreak(fd)
            cbreak["on"] = True
        while select.select([fd], [], [], 0)[0]:
            key = os.read(fd, 1)
            if key in (b"q", b"Q", b""):
                return True
        return False
    try:
        yield pressed
    finally:
        if cbreak["on"]:
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def ask(question: str) -> bool:
    """A yes-or-no question to a person at a terminal (Enter says yes); without one, the answer is yes
    and the question is said with it."""
    if not sys.stdin.isatty():
        print(f"{question} Yes (no terminal to ask in; --new begins a new game instead).", flush=True)
        return True
    answer = input(f"{question} [Y/n] ").strip().lower()
    return answer in ("", "y", "yes")


def seat(args: argparse.Namespace, play: Callable[[Any, bool], None], review: Callable[[Any, int, bool], None],
         stop: Callable[[], bool] = lambda: False) -> Seat:
    """Who plays this side and how it is told: a person (the screen or plain text) or a computer player."""
    def say(text: str) -> None:
        print(text, flush=True)
    if args.player is None:
        return Seat(None, args.think, say, front_end=lambda session: play(session, args.plain),
                    review=lambda record, first: review(record, first, args.plain), stop=stop, ask=ask)
    return Seat(player_name(args.player), args.think, say, stop=stop, ask=ask)


def refuse_key_argument(args: argparse.Namespace) -> None:
    """RemoteUsage if the key was put on the command line anyway."""
    if getattr(args, "key", None) is not None:
        raise RemoteUsage(KEY_ON_COMMAND_LINE)


def cmd_host(args: argparse.Namespace, play: Callable[[Any, bool], None],
             review: Callable[[Any, int, bool], None]) -> int:
    """`hothsim host`: a game for an opponent at another machine (or by mail)."""
    from hothsim.hosting import host

    if args.by_mail:
        from hothsim.by_mail import MAIL_WAIT, mail_host

        return mail_host(args.scenario, args.side, args.save, args.options, seat(args, play, review),
                         args.wait or MAIL_WAIT)
    with q_stops() as stop:
        me = seat(args, play, review, stop)
        return host(args.scenario, args.side, args.save, args.address, args.port, args.options, me,
                    args.wait or WAIT, lambda text: print(text, flush=True), new=args.new)


def cmd_join(args: argparse.Namespace, play: Callable[[Any, bool], None],
             review: Callable[[Any, int, bool], None]) -> int:
    """`hothsim join`: the game an opponent hosts (or a game by mail from its first turn)."""
    from hothsim.hosting import join

    refuse_key_argument(args)
    if args.by_mail is not None:
        from hothsim.by_mail import MAIL_WAIT, mail_join

        return mail_join(args.by_mail, invitation_key(args), args.save, seat(args, play, review),
                         args.wait or MAIL_WAIT)
    if args.address is None:
        raise RemoteUsage("give the host's ADDRESS:PORT (or --by-mail TURN for a game by mail)")
    return join(args.address, invitation_key(args), args.save, seat(args, play, review), args.wait or WAIT,
                new=args.new)


def cmd_turn(args: argparse.Namespace, play: Callable[[Any, bool], None],
             review: Callable[[Any, int, bool], None]) -> int:
    """`hothsim turn`: a turn of a game by mail."""
    from hothsim.by_mail import mail_turn

    return mail_turn(args.save, args.turn, seat(args, play, review))


def cmd_claim(args: argparse.Namespace) -> int:
    """`hothsim claim`: a game the other side has left waiting for the game's whole wait."""
    from hothsim.hosting import claim

    return claim(args.save, lambda text: print(text, flush=True))
