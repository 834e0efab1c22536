"""The computer opponent's figures: how often it wins, and how long it thinks.

    python -m benchmarks ai [--games N] [--think SECONDS] [--scenario S ...] [--against random,greedy,hard]

For each scenario and each side the computer (default level) plays N games against each opponent (the
opponent taking the other side), seeds S..S+N-1 (--seed S, default 0), and the figures are printed with 95% Wilson intervals:
its share of wins against `random` (target at least 95%) and `greedy` (at least 75%), `hard`'s share
against `normal` (more than half), and the computer's seconds per decision (median at most 1 s, slowest
at most 3 s).  A draw counts as not a win.  Long runs belong in the background: an echo-base or Assault on
Hoth game takes minutes.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from hothsim.ai import player_named
from hothsim.match import play_game

TARGETS = {"random": 0.95, "greedy": 0.75, "hard": 0.5}
SCENARIOS = ("salvage", "echo-base", "assault-on-hoth", "quick-start", "skirmish")


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a share of wins."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def pairing(scenario: str, side: str, opponent: str, games: int, think: float, first: int = 0) -> dict:
    """The computer (or `hard` against `normal`) on `side` against `opponent` on the other side."""
    other = "imperial" if side == "rebel" else "rebel"
    me = player_named("ai:hard" if opponent == "hard" else "ai")
    them = player_named("ai:normal" if opponent == "hard" else opponent)
    wins, times, decisions = 0, [], []
    start = time.perf_counter()
    for seed in range(first, first + games):
        result = play_game(scenario, {side: me, other: them}, seed, think)
        wins += result.winner == side
        times += result.think_times[side]
        decisions.append(result.decisions)
    low, high = wilson(wins, games)
    return {"wins": wins, "games": games, "low": low, "high": high, "median": statistics.median(times),
            "slowest": max(times), "decisions": statistics.mean(decisions), "seconds": time.perf_counter() - start}


def main(argv: list[str] | None = None) -> None:
    """Print the figures (see the module docstring)."""
    p = argparse.ArgumentParser(prog="python -m benchmarks ai")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--think", type=float, default=1.0)
    p.add_argument("--scenario", action="append", choices=SCENARIOS)
    p.add_argument("--against", default="random,greedy,hard")
    p.add_argument("--side", action="append", choices=("rebel", "imperial"))
    p.add_argument("--seed", type=int, default=0, help="the first game's seed (to add games to an earlier run)")
    args = p.parse_args(argv or [])
    for scenario in args.scenario or SCENARIOS:
        for side in args.side or ("rebel", "imperial"):
            for opponent in args.against.split(","):
                r = pairing(scenario, side, opponent, args.games, args.think, args.seed)
                who = "hard vs normal" if opponent == "hard" else f"ai vs {opponent}"
                mark = "ok" if r["low"] >= TARGETS[opponent] or (opponent == "hard" and r["low"] > 0.5) else (
                    "short" if r["high"] < TARGETS[opponent] else "unclear")
                print(f"{scenario:16} {side:8} {who:15} wins {r['wins']:3}/{r['games']:<3} "
                      f"({100 * r['wins'] / r['games']:5.1f}%, 95% {100 * r['low']:5.1f}-{100 * r['high']:5.1f}%: "
                      f"{mark} for {100 * TARGETS[opponent]:.0f}%)  decision median {r['median']:.3f} s, slowest "
                      f"{r['slowest']:.2f} s, {r['decisions']:.0f} decisions/game, {r['seconds']:.0f} s", flush=True)
