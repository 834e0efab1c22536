"""Where the search departs from its expert, and which of the two choices was better in the long run.

    python -m benchmarks oracle [--scenario S] [--side rebel|imperial] [--games N] [--seed S]
                                [--samples K] [--simulations M]

Plays N games (seeds S..S+N-1) with `ai` (a fixed M simulations a decision, so the run does not depend on
the machine's speed) on `--side` against `expert`.  At each turn decision of the searching side where its
choice differs from the expert's, both choices are played on from the same position with the expert on
both sides to the end of the game, K times each with the same dice for the pair (common random
numbers), and the difference of their results (a win 1, a draw 1/2) is printed with its standard error.
The summary gives, per kind of departure (the search's choice against the expert's), how many and the
mean difference: positive means the search's departure was better than the expert's choice when play
goes on as the expert plays.  Slow: each departure costs 2K whole games.
"""

from __future__ import annotations

import argparse
import statistics
from dataclasses import replace
from typing import Any

from hothsim.ai import LEVELS, Player, derive_seed, player_named
from hothsim.games import open_game
from hothsim.kernel.dice import SeededDice
from hothsim.match import decide_within

LIMIT = 3000  # decisions after which an unfinished game counts as a draw


def finish(game: Any, side: str, seed: int, expert: Player) -> float:
    """Play a copy of the game to its end with the expert on both sides: 1 if `side` wins, 1/2 a draw."""
    g = game.clone()
    g.dice = SeededDice(seed)
    for n in range(LIMIT):
        if g.is_over:
            break
        g.apply(decide_within(expert, g, derive_seed(seed, n), None)[0].action)
    return 1.0 if g.winner == side else (0.5 if g.winner is None else 0.0)


def departures(scenario: str, side: str, seed: int, samples: int, ai: Player, expert: Player) -> list[tuple[str, float]]:
    """One game's departures of the search from the expert: (kind, long-run difference), each printed."""
    game = open_game(scenario, seed=seed)
    found = []
    for n in range(LIMIT):
        if game.is_over:
            break
        d = game.pending
        mine = d.player == side
        choice = decide_within(ai if mine else expert, game, derive_seed(seed, n, d.player), None)[0].action
        if mine and d.kind == "turn":
            theirs = decide_within(expert, game, derive_seed(seed, n, d.player), None)[0].action
            if theirs != choice:
                diffs = []
                for k in range(samples):
                    s = derive_seed(seed, n, "oracle", k)
                    a, b = game.clone(), game.clone()
                    a.dice, b.dice = SeededDice(s), SeededDice(s)
                    a.apply(choice)
                    b.apply(theirs)
                    diffs.append(finish(a, side, s, expert) - finish(b, side, s, expert))
                mean = statistics.mean(diffs)
                se = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
                kind = f"{type(choice).__name__} vs {type(theirs).__name__}"
                found.append((kind, mean))
                print(f"seed {seed} decision {n}: search {choice.notation()} | expert {theirs.notation()} | "
                      f"difference {mean:+.3f} +- {se:.3f}", flush=True)
        game.apply(choice)
    print(f"seed {seed}: {game.winner or 'nobody'} won", flush=True)
    return found


def main(argv: list[str] | None = None) -> None:
    """Print the departures and their summary (see the module docstring)."""
    p = argparse.ArgumentParser(prog="python -m benchmarks oracle")
    p.add_argument("--scenario", default="salvage")
    p.add_argument("--side", default="rebel", choices=("rebel", "imperial"))
    p.add_argument("--games", type=int, default=3)
    p.add_argument("--seed", type=int, default=400)
    p.add_argument("--samples", type=int, default=16)
    p.add_argument("--simulations", type=int, default=100)
    args = p.parse_args(argv or [])
    ai = Player("computer", replace(LEVELS["normal"], simulations=args.simulations, think=1e9))
    expert = player_named("expert")
    by_kind: dict[str, list[float]] = {}
    for seed in range(args.seed, args.seed + args.games):
        for kind, diff in departures(args.scenario, args.side, seed, args.samples, ai, expert):
            by_kind.setdefault(kind, []).append(diff)
    every = [d for ds in by_kind.values() for d in ds]
    print(f"{len(every)} departures, mean difference {statistics.mean(every) if every else 0:+.3f} (positive: the "
          "search's choice was the better)")
    for kind, ds in sorted(by_kind.items(), key=lambda kv: -len(kv[1])):
        print(f"  {kind}: {len(ds)}, mean {statistics.mean(ds):+.3f}")
