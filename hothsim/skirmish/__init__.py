"""Star Wars Miniatures skirmish rules (Battle of Hoth Scenario Pack): state, turns, movement, attacks."""

from hothsim.skirmish.game import IllegalAction, SkirmishGame

__all__ = ["IllegalAction", "SkirmishGame"]
