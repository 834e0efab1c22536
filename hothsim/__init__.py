"""hothsim: the Battle of Hoth in the terminal, two games for two players at one keyboard.

Public API: `open_game` (a new game of a scenario), `load_game` (a game rebuilt from its record) and
`__version__`.  Everything else is internal.
"""

from typing import Any

__version__ = "0.1.0"

__all__ = ["__version__", "load_game", "open_game"]


def __getattr__(name: str) -> Any:
    # The games are imported when first asked for, so that the command line starts with nothing loaded
    # (and a Ctrl-C during start-up is caught by hothsim.launch).
    if name in ("load_game", "open_game"):
        from hothsim import games

        return getattr(games, name)
    raise AttributeError(f"module 'hothsim' has no attribute {name!r}")
