"""What both games' engines share: the typed refusal of an illegal action and the events a decision
produces.  Each game (`hothsim.skirmish.game`, `hothsim.assault.game`) builds its own state machine on
these, with the same interface: pending, legal_actions(), apply(), clone(), record."""

from __future__ import annotations

from dataclasses import dataclass, field


class IllegalAction(Exception):
    """An action the rules forbid now; `rule` names the rule.  The game state is unchanged."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.message = message
        super().__init__(f"{message} (rule: {rule})")


@dataclass(frozen=True)
class Event:
    """Something that happened while resolving a decision, with a line for the log."""

    kind: str
    text: str
    data: tuple[tuple[str, object], ...] = field(default=())
