"""The search's simulations per CPU second at fixed positions of the big skirmishes.

    python -m benchmarks simulations [--simulations N]

Each position is reached by the expert playing both sides of a seeded game, opened as `hothsim match` and
`python -m benchmarks ai` open theirs (a fresh catalog, so the map's caches start empty but for the
decisions played to reach it); the search at `normal` then ranks the choices (timed apart: the expert's
ranking of the root) and plays N simulations, one step at a time, with no clock.  The figures are CPU time
per simulation and for the rankings; the fingerprint (each position's choice, its value and its simulations) is the same for
two trees whose searches make the same choices, so a change meant only to be faster shows it is.
"""

from __future__ import annotations

import argparse
import hashlib
import time

from hothsim.ai import derive_seed, player_named
from hothsim.games import Game, open_game
from hothsim.kernel.engine import Side

#: (scenario, seed, side, k): the k-th decision of that side that activates a figure or plays its turn
#: with a choice, in the expert's game of that seed.  Echo-base's first rounds (17 figures) and the
#: drawn skirmish's (8), where a decision at 0.5 s runs the fewest simulations.
POSITIONS: tuple[tuple[str, int, Side, int], ...] = (
    ("echo-base", 3, "rebel", 1), ("echo-base", 3, "rebel", 3), ("echo-base", 3, "rebel", 5),
    ("echo-base", 3, "rebel", 8), ("echo-base", 5, "imperial", 2), ("echo-base", 5, "imperial", 4),
    ("echo-base", 5, "imperial", 7), ("skirmish", 15, "imperial", 1), ("skirmish", 15, "imperial", 3),
    ("skirmish", 15, "imperial", 5), ("skirmish", 15, "imperial", 8),
)


def position(scenario: str, seed: int, side: Side, k: int) -> tuple[Game, int]:
    """The position and the decision's seed, as `benchmarks ai` would seed it."""
    expert = player_named("expert")
    game = open_game(scenario, seed=seed)
    n = found = 0
    while not game.is_over:
        decider = game.pending.player
        key = derive_seed(seed, n, decider)
        if decider == side and game.pending.kind in ("turn", "activate") and len(game.legal_actions()) > 1:
            found += 1
            if found == k:
                return game, key
        game.apply(expert.thinking(game, key).choice().action)
        n += 1
    raise ValueError(f"{scenario} seed {seed} ends before {side}'s decision {k}")


def measure(scenario: str, seed: int, side: Side, k: int, simulations: int) -> tuple[float, float, int, str]:
    """(CPU seconds ranking the root, CPU seconds for the simulations, simulations run, fingerprint)."""
    game, key = position(scenario, seed, side, k)
    thinking = player_named("ai").thinking(game, key)
    start = time.process_time()
    while thinking.ranking:
        thinking.step()
    ranked = time.process_time()
    while thinking.progress[0] < simulations and thinking.step():
        pass
    done = time.process_time()
    choice = thinking.choice()
    return ranked - start, done - ranked, thinking.progress[0], f"{choice.action.notation()} {choice.simulations} {choice.value:.9f}"


def main(argv: list[str] | None = None) -> None:
    """Print each position's figures, the total and the fingerprint."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks simulations")
    parser.add_argument("--simulations", type=int, default=24, help="simulations a position (default 24)")
    args = parser.parse_args(argv or [])
    total_time = ranking = 0.0
    total = 0
    digest = hashlib.sha256()
    for scenario, seed, side, k in POSITIONS:
        rank, spent, ran, fingerprint = measure(scenario, seed, side, k, args.simulations)
        digest.update(fingerprint.encode())
        total_time += spent
        ranking += rank
        total += ran
        print(f"{scenario:10} seed {seed:2} {side:8} decision {k}: ranking {1000 * rank:6.1f} ms, "
              f"{ran:3} simulations, {1000 * spent / max(ran, 1):6.1f} ms each", flush=True)
    print(f"{total} simulations in {total_time:.2f} CPU s: {1000 * total_time / max(total, 1):.1f} ms each; "
          f"the roots ranked in {ranking:.2f} CPU s; fingerprint {digest.hexdigest()[:12]}")
