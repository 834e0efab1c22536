"""What every command shares of its arguments: the user's error (printed, exit 2), a seed, the game
options a scenario may offer, a computer's think time."""

from __future__ import annotations

import argparse

from hothsim.kernel.record import SEED_LIMIT


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


def options_given(args: argparse.Namespace) -> dict[str, str]:
    """The game options given on the command line."""
    return {name: getattr(args, name) for name in ("reshuffle", "draws") if getattr(args, name, None)}


def check_think(seconds: float) -> None:
    """Refuse a think time outside 0.01 to 600 seconds (a UserError)."""
    if not 0.01 <= seconds <= 600:  # also refuses nan and inf
        raise UserError("--think takes the seconds per decision, from 0.01 to 600")
