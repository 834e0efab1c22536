"""Gates: the conditions that open a kind of action, each with the reason a refusal gives when it is shut
(legality and refusals from one source).

A legal-action generator lists an action only past every gate of its kind (`passes`); a refusal of such an
action is the first gate it does not pass (`shut`), so the two cannot drift apart.  A gate's test and its
reason take the same arguments, whatever the kind needs (the rules' helpers, the state, the figure).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

#: (the rule, why) as a refusal names them.
Reason = tuple[str, str]


@dataclass(frozen=True)
class Gate:
    """One condition: `test` says whether it is open, `reason` why not when it is shut."""

    test: Callable[..., bool]
    reason: Callable[..., Reason]


def passes(gates: Sequence[Gate], *args: Any) -> bool:
    """Whether every gate is open (a plain loop: generators ask it of every figure, often)."""
    for g in gates:
        if not g.test(*args):
            return False
    return True


def shut(gates: Sequence[Gate], *args: Any) -> Reason | None:
    """The reason of the first gate that is shut, in the order given (None when all are open)."""
    for g in gates:
        if not g.test(*args):
            return g.reason(*args)
    return None
