"""What every command shares of its arguments: the user's error (printed, exit 2), a seed, the game
options a scenario may offer, a computer's think time."""

from __future__ import annotations

import argparse

from hothsim.kernel.header import SEED_LIMIT


class UserError(Exception):
    """Something the user can fix; printed as one paragraph, exit code 2."""


def seed_argument(text: str) -> int:
    """A --seed value: a whole number a game's record can hold (0 up to 2**64 - 1)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a whole number") from None
    if not 0 <= value < SEED_LIMIT:
        raise argparse.ArgumentTypeError(f"a seed is a whole number from 0 to {SEED_LIMIT - 1}")
    return value


def add_options(parser: argparse.ArgumentParser) -> None:
    """The game options a scenario may offer, agreed before play (written in the save's header)."""
    parser.add_argument("--reshuffle", choices=("on", "off"), help="Assault on Hoth, rule 8: when the first five "
                        "Events are all Transports Away!, shuffle the fifth back into the Event deck and play on "
                        "(default on)")
    parser.add_argument("--draws", choices=("deck", "rolled"), help="Assault on Hoth: draw each card from the top "
                        "of a shuffled deck, or by a roll over the cards left (the same chances; remote play always "
                        "rolls; default deck)")
    parser.add_argument("--variant", metavar="NAME", help="Assault on Hoth: a variant of the decks the scenario "
                        "names ('hothsim list' shows them; default: the decks as shipped)")


def options_given(args: argparse.Namespace) -> dict[str, str]:
    """The game options given on the command line."""
    return {name: getattr(args, name) for name in ("reshuffle", "draws", "variant") if getattr(args, name, None)}


def check_think(seconds: float) -> None:
    """Refuse a think time outside 0.01 to 600 seconds (a UserError)."""
    if not 0.01 <= seconds <= 600:  # also refuses nan and inf
        raise UserError("--think takes the seconds per decision, from 0.01 to 600")


def add_runner(parser: argparse.ArgumentParser) -> None:
    """Where many games are played: N processes here, or a Ray cluster (one or the other)."""
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, metavar="N",
                       help="play the games in N processes (default: every core); the lines come in seed order")
    where.add_argument("--cluster", metavar="ADDRESS",
                       help="play the games on Ray: local (an instance started for the run), auto (the cluster "
                       "'ray start' made here) or ray://HOST:PORT; needs pip install 'hothsim[cluster]'")


def runner_of(args: argparse.Namespace) -> tuple[int, str | None]:
    """The processes and the cluster the arguments ask for (UserError for a number or address refused)."""
    from hothsim.workers import default_workers

    if args.cluster is not None:
        from hothsim.cluster import check_address

        try:
            check_address(args.cluster)
        except ValueError as e:
            raise UserError(str(e)) from None
        return 1, args.cluster
    workers = default_workers() if args.workers is None else args.workers
    if not 1 <= workers <= 1024:
        raise UserError("--workers takes a number of processes from 1 to 1024")
    return workers, None
