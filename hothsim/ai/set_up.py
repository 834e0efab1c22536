"""Setting up as the computer does, for a person too: the rest of the deciding player's set-up, chosen
one placement at a time by the computer's own set-up rules (its policy's `immediate`, the expert's
scores), so that the front end's `a` and the computer set up alike.

It sees only what the deciding player may see (its observation) and works on a copy: nothing is applied
to the game itself.
"""

from __future__ import annotations

from typing import Any

from hothsim.ai.players import policy_for
from hothsim.ai.search import LEVELS, derive_seed, expert_rng
from hothsim.kernel.engine import GameView

#: The kinds of decision that put a piece on the board at set-up (both games name them so).
PLACEMENTS = ("place", "board")


def set_up_plan(game: GameView, seed: int = 0) -> tuple[Any, ...]:
    """The deciding player's set-up choices from now until the other player decides or set-up ends, as
    the computer at the normal level would make them (the same choices for the same seed)."""
    player = game.pending.player
    if player is None or game.pending.kind not in PLACEMENTS:
        return ()
    copy = game.observation(player).determinize(derive_seed(seed, "set-up"))
    policy = policy_for(game, LEVELS["normal"].weights)
    rng = expert_rng(seed)
    chosen: list[Any] = []
    while copy.pending.kind in PLACEMENTS and copy.pending.player == player:
        action = policy.immediate(copy, player, rng)
        if action is None:  # a policy that would search its set-up: none does, but never loop on it
            break
        copy.apply(action)
        chosen.append(action)
    return tuple(chosen)
