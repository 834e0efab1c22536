"""Star Wars Miniatures skirmish rules (Battle of Hoth Scenario Pack): state, turns, movement, attacks."""

from hothsim.kernel.engine import IllegalAction
from hothsim.skirmish.game import SkirmishGame

__all__ = ["IllegalAction", "SkirmishGame"]
