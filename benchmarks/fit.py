"""Fit the search's evaluation to how games between experts end.

    python -m benchmarks fit [--scenario S[:N] ...] [--games N] [--seed S] [--weights NAME=VALUE,...]

Plays N games of each scenario (salvage:600 for 600 of that one) with the expert on both sides (seeds
S..S+N-1) and, at every point where
the search may cut a rollout off (each time the policy's tempo moves: an activation or action round done,
or in a skirmish a figure defeated before it acted),
notes the position's features (the policy's `features`, from each side's point of view) and whether that
side went on to win (a draw counts half).  A logistic regression of the outcome on the features (Newton's
method, a small ridge) gives the evaluation's weights.  Games with an odd seed are held out: the log-loss
of the fitted weights and of the shipped ones is printed on them, with the `--weights` text that plays
the fitted set in `python -m benchmarks ai`.  The games take about 0.3 s each in salvage and 3 s in
echo-base.
"""

from __future__ import annotations

import argparse
import math
from dataclasses import dataclass, field
from typing import Any

from hothsim.ai.players import policy_for
from hothsim.ai.weights import Weights, with_changes
from hothsim.games import open_game
from hothsim.workers import run_in_order

RIDGE = 1e-3  # keeps the solve well posed when a feature never varies (no quiet rounds, say)


@dataclass
class Samples:
    """Positions' features with the outcome for the side they are seen from."""

    rows: list[tuple[float, ...]] = field(default_factory=list)
    outcomes: list[float] = field(default_factory=list)
    games: list[int] = field(default_factory=list)  # the seed of each row's game


def collect(scenario: str, seeds: range, samples: Samples, weights: Weights | None = None, workers: int = 1,
            cluster: str | None = None) -> list[str]:
    """Play expert against expert from each seed (both with `weights`, the shipped ones by default), adding
    the positions at every rollout cut-off, in seed order, the games played in `workers` processes or on
    the Ray cluster at `cluster` (`hothsim.workers`); returns the policy's feature names."""
    names: list[str] = []

    def add(found: tuple[int, list[str], list[tuple[tuple[float, ...], str]], str | None]) -> None:
        seed, feature_names, seen, winner = found
        names[:] = feature_names
        for row, side in seen:
            samples.rows.append(row)
            samples.outcomes.append(0.5 if winner is None else float(winner == side))
            samples.games.append(seed)
    run_in_order(positions_of, [(scenario, seed, weights) for seed in seeds], workers, add, cluster=cluster)
    return names


def positions_of(job: tuple[str, int, Weights | None]) -> tuple[int, list[str], list[tuple[tuple[float, ...], str]],
                                                                 str | None]:
    """One game of expert against expert, as a worker plays it: (scenario, seed, weights); the seed, the
    feature names, each cut-off's features from each side's point of view, and the winner."""
    scenario, seed, weights = job
    game = open_game(scenario, seed=seed)
    policy: Any = policy_for(game, weights or Weights())
    rng = __import__("random").Random(seed)
    seen: list[tuple[tuple[float, ...], str]] = []
    tempo = None
    for _ in range(20_000):
        if game.is_over:
            break
        now = policy.tempo(game)
        if now != tempo and policy.in_play(game):
            for side in ("rebel", "imperial"):
                seen.append((policy.features(game, side), side))
        tempo = now
        game.apply(policy.play(game, rng))
    return seed, list(policy.feature_names), seen, game.state.winner if game.is_over else None


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, x))))


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gaussian elimination with partial pivoting; a is small and symmetric positive)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[c][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def fit(rows: list[tuple[float, ...]], outcomes: list[float], iterations: int = 25) -> list[float]:
    """Logistic regression without intercept (the features are antisymmetric between the sides)."""
    k = len(rows[0])
    w = [0.0] * k
    for _ in range(iterations):
        grad = [0.0] * k
        hess = [[RIDGE * len(rows) if i == j else 0.0 for j in range(k)] for i in range(k)]
        for x, y in zip(rows, outcomes):
            p = _sigmoid(sum(a * b for a, b in zip(w, x)))
            g = p * (1 - p)
            for i in range(k):
                grad[i] += (p - y) * x[i]
                for j in range(k):
                    hess[i][j] += g * x[i] * x[j]
        for i in range(k):
            grad[i] += RIDGE * len(rows) * w[i]
        step = _solve(hess, grad)
        w = [a - b for a, b in zip(w, step)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return w


def log_loss(w: list[float], rows: list[tuple[float, ...]], outcomes: list[float]) -> float:
    """Mean log-loss of the weights' predictions (lower is better; 0.693 knows nothing)."""
    total = 0.0
    for x, y in zip(rows, outcomes):
        p = min(1 - 1e-9, max(1e-9, _sigmoid(sum(a * b for a, b in zip(w, x)))))
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / max(1, len(rows))


def main(argv: list[str]) -> None:
    """Collect, fit, print the fitted weights and how well they predict held-out games."""
    ap = argparse.ArgumentParser(prog="python -m benchmarks fit")
    ap.add_argument("--scenario", action="append", default=None)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--weights", help="weights changed for the experts and the features, e.g. skirmish.stepping_fire=0")
    ap.add_argument("--workers", type=int, default=1, metavar="N", help="play the games in N processes")
    ap.add_argument("--cluster", metavar="ADDRESS", help="play the games on Ray (as hothsim match --cluster)")
    args = ap.parse_args(argv)
    weights = with_changes(Weights(), args.weights) if args.weights else Weights()
    scenarios = args.scenario or ["salvage", "echo-base"]
    data = Samples()
    names: list[str] = []
    for named in scenarios:
        scenario, _, count = named.partition(":")  # salvage:600 plays 600 games of salvage
        games = int(count) if count else args.games
        alone = Samples()
        names = collect(scenario, range(args.seed, args.seed + games), alone, weights, args.workers, args.cluster)
        own = fit(alone.rows, alone.outcomes)
        print(f"{scenario}: {games} games, {len(alone.rows)} positions; fitted alone:",
              ", ".join(f"{n} {c:.2f}" for n, c in zip(names, own)), flush=True)
        data.rows += alone.rows
        data.outcomes += alone.outcomes
        data.games += alone.games
    train = [i for i, g in enumerate(data.games) if g % 2 == 0]
    test = [i for i, g in enumerate(data.games) if g % 2 == 1]
    w = fit([data.rows[i] for i in train], [data.outcomes[i] for i in train])
    game = open_game(scenarios[0].partition(":")[0], seed=0)
    shipped = list(policy_for(game, weights).coefficients)
    held = ([data.rows[i] for i in test], [data.outcomes[i] for i in test])
    print(f"held-out log-loss: fitted {log_loss(w, *held):.4f}, shipped {log_loss(shipped, *held):.4f}"
          f" ({len(test)} positions)")
    group = policy_for(game, Weights()).weights_group
    print("fitted:", ",".join(f"{group}.value_{n}={c:.3f}" for n, c in zip(names, w)))


__all__ = ["Samples", "collect", "fit", "log_loss", "main"]
