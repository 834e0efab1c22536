"""hothsim: the Battle of Hoth in the terminal, two games for two players at one keyboard.

Public API: `open_game` (a new game of a scenario), `load_game` (a game rebuilt from its record) and
`__version__`.  Everything else is internal.
"""

__version__ = "0.1.0"

from hothsim.games import load_game, open_game  # noqa: E402

__all__ = ["__version__", "load_game", "open_game"]
