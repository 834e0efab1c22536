"""Who may play a side without a person: the computer at a level, and the two baselines.

    computer (ai, ai:easy, ai:hard)  searches (hothsim.ai.search) over the expert's candidates
    expert                           the expert's best-scored action (hothsim.ai.expert): no search
    greedy                           the one action with the best immediate expected outcome, no look-ahead
    random                           any legal action, uniformly

Every player answers one decision from the deciding side's observation and a seed, so the same seed
always gives the same decision, and a game against the computer replays byte for byte.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from hothsim.ai.opponents import opponent_for
from hothsim.ai.search import LEVELS, Choice, Level, Policy, Thinking, derive_seed, expert_rng
from hothsim.ai.weights import Weights, baseline
from hothsim.kernel.engine import GameView

#: How many samples greedy takes of an action that rolls dice or draws cards.
GREEDY_SAMPLES = 4

#: The names `hothsim match` accepts for a side, and what each means.
PLAYER_NAMES = ("ai", "ai:easy", "ai:normal", "ai:hard", "expert", "greedy", "random")


#: The level the baselines (`expert`, `greedy`, `random`) carry: only its weights count, and they are the
#: fixed baseline's (`hothsim.ai.weights.baseline`), so that the figures measured against `expert` keep
#: measuring against the same player while the search's own expert learns.  It keeps the name `normal`,
#: which a record's `computer` header gives the level of a side the computer plays.
BASELINE = replace(LEVELS["normal"], weights=baseline())


class PlayerNameError(ValueError):
    """A player name that is not one of PLAYER_NAMES."""


def policy_for(game: GameView, weights: Weights) -> Policy[Any, Any, Any]:
    """The search policy of a game's kind, with these weights."""
    return opponent_for(game).policy(weights)


@dataclass(frozen=True)
class Player:
    """A way of deciding: "computer" at a level, "expert", "greedy" or "random"."""

    kind: str
    level: Level = BASELINE

    @property
    def name(self) -> str:
        """The name as `match` prints it."""
        return f"ai:{self.level.name}" if self.kind == "computer" else self.kind

    def thinking(self, game: GameView, seed: int) -> "Thinking | Instant":
        """Start deciding the pending decision of `game` (seen through its side's observation)."""
        side = game.pending.decider
        obs = game.observation(side)
        policy = policy_for(game, self.level.weights)
        if self.kind == "computer":
            return Thinking(obs, policy, self.level, seed)
        root = obs.determinize(derive_seed(seed, "root"))
        legal = root.legal_actions()
        rng = expert_rng(seed) if self.kind == "expert" else random.Random(derive_seed(seed, self.kind))
        if self.kind == "random":
            action = rng.choice(legal)
            return Instant(Choice(action, "chosen at random"))
        if self.kind == "expert":
            action = policy.play(root, rng)
            return Instant(Choice(action, policy.explain(root, action, ())))
        return Instant(greedy_choice(obs, root, legal, side, policy, seed, rng))


def player_named(name: str) -> Player:
    """The player a name means (PlayerNameError for any other name)."""
    if name in ("expert", "greedy", "random"):
        return Player(name)
    if name == "ai":
        return Player("computer", LEVELS["normal"])
    if name.startswith("ai:") and name[3:] in LEVELS:
        return Player("computer", LEVELS[name[3:]])
    raise PlayerNameError(f"{name!r} is not a player; choose from {', '.join(PLAYER_NAMES)}")


@dataclass
class Instant:
    """A decision made at once (the baselines): the same steps as a search, with nothing to step."""

    result: Choice
    progress: tuple[int, int] = (0, 0)
    upcoming: int = 0  # choices the next step weighs (`Pace`): none
    ranking: bool = False  # nothing to rank: the decision is made

    def step(self) -> bool:
        """Nothing to search."""
        return False

    def choice(self) -> Choice:
        """The decision."""
        return self.result


def greedy_choice(obs: Any, root: Any, legal: list[Any], side: str, policy: Any, seed: int,
                  rng: random.Random) -> Choice:
    """The action whose immediate outcome the evaluation likes best (dice sampled), ties broken by seed."""
    instant = policy.immediate(root, side, rng)
    if instant is not None:
        return Choice(instant, policy.explain(root, instant, ()))
    best, best_value, best_outcomes = legal[0], float("-inf"), []
    order = list(range(len(legal)))
    rng.shuffle(order)
    for i in order:
        action = legal[i]
        total, outcomes = 0.0, []
        for k in range(GREEDY_SAMPLES):
            game = obs.determinize(derive_seed(seed, "greedy", k))
            rolls = len(game.dice.log)
            game.apply(action)
            total += policy.evaluate(game, side)
            outcomes.append(game.state)
            if len(game.dice.log) == rolls and k == 0:
                total *= GREEDY_SAMPLES  # nothing random happened: one sample is the expectation
                break
        if total > best_value:
            best, best_value, best_outcomes = action, total, outcomes
    return Choice(best, policy.explain(root, best, best_outcomes), best_value / GREEDY_SAMPLES)


def decide(player: Player, game: GameView, seed: int) -> Choice:
    """The player's decision for the pending decision, searched to the end of its budget."""
    t = player.thinking(game, seed)
    while t.step():
        pass
    return t.choice()
