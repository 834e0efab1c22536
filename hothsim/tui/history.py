"""Taking back a decision (design.md §6): a player may undo their own last decisions, but never past a
random outcome (a die roll, a shuffle, a card drawn), a secret revealed, or the other player's decision.

The front end keeps a copy of the game before each decision; undoing restores the copy, and the save is
rewritten from its record.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class History:
    """Copies of the game before each decision that may still be taken back, newest last."""

    steps: list[tuple[object, str | None]] = field(default_factory=list)  # (game before, who decided)

    def record(self, before, player: str | None, after) -> None:
        """Note a decision just applied: `before` is a copy of the game before it, `after` the game now.
        A decision that rolled, drew or revealed something can never be taken back, nor anything before it."""
        entry = after.record.entries[-1]
        revealed = getattr(before.state, "luke_revealed", False) != getattr(after.state, "luke_revealed", False)
        if entry.outcomes or revealed:
            self.steps.clear()
            return
        self.steps.append((before, player))

    def take_back(self, game) -> tuple[object | None, str]:
        """(the game before the last decision, "") or (None, why it cannot be taken back)."""
        if not self.steps:
            return None, "nothing to take back (a roll, a card or a secret revealed ends what can be undone)"
        before, player = self.steps[-1]
        if game.is_over:
            return None, "the game is over"
        if player != game.pending.player:
            return None, "only the player who made the last decision may take it back, before the other decides"
        self.steps.pop()
        return before, ""
