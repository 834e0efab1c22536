"""The program's first code: Ctrl-C at any moment, even while the command line is still being imported,
ends hothsim quietly with exit code 130 (no traceback), the terminal as it was and any save intact."""

from __future__ import annotations

import sys


def run() -> None:
    """Import and run the command line; a Ctrl-C before it can answer for itself ends the program here."""
    try:
        from hothsim.cli import main

        code = main()
    except KeyboardInterrupt:
        print("hothsim: interrupted", file=sys.stderr)
        code = 130
    sys.exit(code)
