"""The computer opponent: pure (no I/O, no clock), deciding from a side's observation only.

`player_named("ai:hard")` gives a Player; `player.thinking(game, seed)` starts a decision that the
caller steps (showing progress, stopping at its own deadline, which `Pace` keeps) and then asks for its `choice()`.
See docs/ai.md for the method and its figures.
"""

from hothsim.ai.players import PLAYER_NAMES, Player, PlayerNameError, decide, player_named
from hothsim.ai.search import LEVELS, Choice, Level, Pace, derive_seed

__all__ = ["LEVELS", "PLAYER_NAMES", "Choice", "Level", "Pace", "Player", "PlayerNameError", "decide", "derive_seed",
           "player_named"]
