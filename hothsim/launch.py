"""The program's first code: Ctrl-C at any moment, even while the command line is still being imported,
ends hothsim quietly with exit code 130 (no traceback), the terminal as it was and any save intact."""

from __future__ import annotations

import signal
import sys


def take_interrupts() -> None:
    """Let Ctrl-C from a person at the terminal end hothsim, even where it was started with SIGINT ignored
    (a shell without job control starts its background commands so): the screen mode honours Ctrl-C
    anyway, and a Ctrl-C while the command line was still loading was lost then.  A command whose input
    is not a terminal (a script's background match) keeps what it was given."""
    if sys.stdin is not None and sys.stdin.isatty():
        signal.signal(signal.SIGINT, signal.default_int_handler)


def run() -> None:
    """Import and run the command line; a Ctrl-C before it can answer for itself ends the program here."""
    try:
        take_interrupts()
        from hothsim.cli import main

        code = main()
    except KeyboardInterrupt:
        print("hothsim: interrupted", file=sys.stderr)
        code = 130
    sys.exit(code)
