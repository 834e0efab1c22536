"""The computer opponent's search: flat Monte Carlo over pruned candidates, with determinization.

For one decision of side S:

1. The game is seen through S's observation (`game.observation(S)`): nothing S may not know.
2. The game's policy (`hothsim.ai.skirmish`, `hothsim.ai.assault`) proposes a few candidate actions,
   ordered by a quick score, or answers at once where search adds nothing (building a squad).
3. Each simulation deals a game consistent with the observation (`determinize`: hidden cards and Luke's
   Snowspeeder sampled, fresh dice), applies a candidate, then plays on with the policy's quick rollout
   rules for both sides until the horizon (the end of S's activation or action round, and for `hard` the
   next one too), and scores the position with the policy's evaluation.  Dice, shuffles and hidden
   information are thus chance, sampled; every candidate of a batch meets the same samples.
4. Successive halving: after each batch the worse half of the candidates is dropped, so the budget is
   spent on the ones that matter.  The best mean wins.

The search runs a simulation per `step()` so a caller can show progress and answer keys between steps;
it never reads a clock (the caller stops stepping at its deadline and takes `choice()`).  Everything
random comes from the seed, so a decision is a function of (observation, level, seed).
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from typing import Any, Hashable, Protocol, Sequence

from hothsim.kernel.engine import Side


@dataclass(frozen=True)
class Level:
    """How hard the computer thinks: simulations per decision, candidates kept, and how far each looks."""

    name: str
    simulations: int
    candidates: int
    horizon: int  # 0: to the end of its own activation or action round; 1: through the next one too
    rollout_limit: int  # the most decisions a rollout plays before it is scored
    first_samples: int = 4  # samples each candidate gets before any is dropped (a 1-in-5 shot needs a few)


LEVELS: dict[str, Level] = {level.name: level for level in (
    Level("easy", simulations=16, candidates=4, horizon=0, rollout_limit=12),
    Level("normal", simulations=64, candidates=8, horizon=0, rollout_limit=30),
    Level("hard", simulations=160, candidates=10, horizon=1, rollout_limit=60),
)}


class Observation(Protocol):
    """What a side may know (`game.observation(side)`), able to deal consistent games."""

    side: Side

    def determinize(self, seed: int) -> Any:
        """A playable game consistent with the observation, with fresh dice from `seed`."""
        ...


class Policy(Protocol):
    """What the search needs of a game: its candidates, quick rollout rules, evaluation and words."""

    def immediate(self, game: Any, side: Side, rng: random.Random) -> Any | None:
        """An action chosen without search (squad building, set-up), or None to search."""
        ...

    def candidates(self, game: Any, side: Side, limit: int) -> list[Any]:
        """At most `limit` of the legal actions worth searching, best first by a quick score."""
        ...

    def rollout(self, game: Any, rng: random.Random) -> Any:
        """A quick, sensible action for whoever decides now (both sides, inside simulations)."""
        ...

    def tempo(self, game: Any) -> Hashable:
        """Which activation or action round the game is in (the horizon counts its changes)."""
        ...

    def evaluate(self, game: Any, side: Side) -> float:
        """How good the position is for `side` (a won game is worth far more than any other)."""
        ...

    def explain(self, game: Any, action: Any, outcomes: Sequence[Any]) -> str:
        """A one-line reason in the game's own terms; `outcomes` are states just after the action."""
        ...


@dataclass(frozen=True)
class Choice:
    """A decision of the computer's: the action, a reason for the log, and what the search saw."""

    action: Any
    reason: str
    value: float = 0.0
    simulations: int = 0


def derive_seed(*parts: object) -> int:
    """A 64-bit seed from any parts (stable across runs and machines, unlike hash())."""
    digest = hashlib.sha256(repr(parts).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass
class _Stats:
    total: float = 0.0
    count: int = 0
    outcomes: list = field(default_factory=list)

    @property
    def mean(self) -> float:
        return self.total / self.count if self.count else float("-inf")


class Thinking:
    """One decision being searched; `step()` runs one simulation, `choice()` is the best so far."""

    def __init__(self, observation: Observation, policy: Policy, level: Level, seed: int) -> None:
        self.side: Side = observation.side
        self.observation = observation
        self.policy = policy
        self.level = level
        self.seed = seed
        self.done = 0
        root = observation.determinize(derive_seed(seed, "root"))
        self._root = root
        legal = root.legal_actions()
        instant = policy.immediate(root, self.side, random.Random(derive_seed(seed, "immediate")))
        if instant is not None or len(legal) == 1:
            self._alive: list[Any] = [instant if instant is not None else legal[0]]
            self.planned = 0
        else:
            self._alive = policy.candidates(root, self.side, level.candidates) or legal[:1]
            self.planned = level.simulations if len(self._alive) > 1 else 0
        self._stats: dict[Any, _Stats] = {a: _Stats() for a in self._alive}
        self._queue: list[tuple[Any, int]] = []
        self._sample = 0  # samples dealt so far to every candidate still in the running
        # After this many samples the worse half is dropped: never before every candidate has had a few.
        self._round_end = max(level.first_samples, self._batch_size())

    def _batch_size(self) -> int:
        """Samples per candidate in one halving round: the budget shared over the rounds still to come."""
        n, rounds = len(self._alive), 0
        while n > 1:
            n = (n + 1) // 2
            rounds += 1
        return max(1, (self.planned - self.done) // max(1, rounds * len(self._alive)))

    @property
    def progress(self) -> tuple[int, int]:
        """(simulations done, simulations planned)."""
        return self.done, self.planned

    def step(self) -> bool:
        """Run one simulation; False once the search has nothing left to do."""
        if self.done >= self.planned or len(self._alive) < 2:
            return False
        if not self._queue:
            if self._sample >= self._round_end:
                self._halve()
                if len(self._alive) < 2:
                    return False
            self._queue = [(a, self._sample) for a in reversed(self._alive)]
            self._sample += 1
        action, sample = self._queue.pop()
        value, outcome = self._simulate(action, sample)
        st = self._stats[action]
        st.total += value
        st.count += 1
        st.outcomes.append(outcome)
        self.done += 1
        return self.done < self.planned and len(self._alive) > 1

    def _halve(self) -> None:
        ranked = sorted(self._alive, key=lambda a: (-self._stats[a].mean, self._alive.index(a)))
        self._alive = ranked[:max(1, (len(ranked) + 1) // 2)]
        self._round_end = self._sample + self._batch_size()

    def _simulate(self, action: Any, sample: int) -> tuple[float, Any]:
        """Deal a game for this sample, apply the action, play on to the horizon, score it."""
        game = self.observation.determinize(derive_seed(self.seed, "sample", sample))
        rng = random.Random(derive_seed(self.seed, "rollout", sample))
        game.apply(action)
        outcome = game.state
        start = self.policy.tempo(game)
        changes, last = 0, start
        for _ in range(self.level.rollout_limit):
            if game.is_over:
                break
            now = self.policy.tempo(game)
            if now != last:
                changes, last = changes + 1, now
                if changes > self.level.horizon:
                    break
            game.apply(self.policy.rollout(game, rng))
        return self.policy.evaluate(game, self.side), outcome

    def choice(self) -> Choice:
        """The best action found so far, with its reason."""
        best = max(self._alive, key=lambda a: (self._stats[a].mean, -self._alive.index(a)))
        st = self._stats[best]
        reason = self.policy.explain(self._root, best, st.outcomes)
        return Choice(best, reason, st.mean if st.count else 0.0, self.done)

