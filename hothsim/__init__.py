"""hothsim: the Battle of Hoth in the terminal, two games for two players at one keyboard.

Public API: `__version__`.  The game entry points (`open_game`, `load_game`) arrive with the game
engines; everything else is internal.
"""

__version__ = "0.1.0"

__all__ = ["__version__"]
