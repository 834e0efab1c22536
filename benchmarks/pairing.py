"""How tightly the search's race tells its candidates apart, with keyed dice and with one plain stream.

    python -m benchmarks pairing [--scenario S] [--side rebel|imperial] [--games N] [--simulations M]

Plays N games (seeds 0..N-1) between experts and takes every fifth decision of `--side` in play with more
than three legal actions (at most 40).  At each, the search's first two candidates (the expert's best and
its next, or ending the turn) are sampled M times each (`normal`'s search with nothing dropped, so the
figure depends neither on the machine nor on the race), once with keyed dice
(hothsim.kernel.dice.KeyedDice, `keyed=1`) and once with a plain stream a sample (as the levels ship).  Printed for each: the spread
(standard deviation) of the paired difference between the two, median and mean over the positions (the
samples a race needs to tell two candidates apart grow with its square); then, for the search as it
plays (the race on, at M simulations), how many of its choices were the expert's own.
"""

from __future__ import annotations

import argparse
import math
import statistics
from dataclasses import replace
from typing import Any

from hothsim.ai import LEVELS, Player, derive_seed
from hothsim.ai.players import policy_for
from hothsim.ai.weights import Weights
from hothsim.games import open_game

POSITIONS = 40  # positions looked at, at most


def positions(scenario: str, side: str, games: int) -> list[tuple[int, Any]]:
    """(seed, game) at every fifth decision of `side` in play with a real choice, in games between experts."""
    expert = Player("expert")
    out: list[tuple[int, Any]] = []
    for seed in range(games):
        game = open_game(scenario, seed=seed)
        policy = policy_for(game, Weights())
        for n in range(400):
            if game.is_over or len(out) >= POSITIONS:
                break
            d = game.pending
            if d.player == side and policy.in_play(game) and n % 5 == 0 and len(game.legal_actions()) > 3:
                out.append((derive_seed(seed, n, "pairing"), game.clone()))
            game.apply(expert.thinking(game, derive_seed(seed, n, d.player)).choice().action)
    return out


def measure(found: list[tuple[int, Any]], keyed: bool, simulations: int) -> str:
    """One line of figures for the search with or without keyed dice."""
    pair = Player("computer", replace(LEVELS["normal"], simulations=2 * simulations, candidates=2, widen=2,
                                      z=math.inf, trust=math.inf, keyed=keyed))
    race = Player("computer", replace(LEVELS["normal"], simulations=simulations, keyed=keyed))
    expert = Player("expert")
    spreads, agree = [], 0
    for seed, game in found:
        t = pair.thinking(game, seed)
        while t.step():
            pass
        d = t.difference(*t.candidates) if len(t.candidates) == 2 else None
        if d is not None:
            _, error, n = d
            spreads.append(error * math.sqrt(n))
        r = race.thinking(game, seed)
        while r.step():
            pass
        agree += r.choice().action == expert.thinking(game, seed).choice().action
    if not spreads:
        return f"{'keyed' if keyed else 'plain'} dice: no position with two candidates"
    return (f"{'keyed' if keyed else 'plain'} dice: {len(found)} positions, the spread of the two best's paired "
            f"difference median {statistics.median(spreads):.4f}, mean {statistics.mean(spreads):.4f}; "
            f"the race's choice the expert's own in {agree}")


def main(argv: list[str] | None = None) -> None:
    """Print the figures (see the module docstring)."""
    p = argparse.ArgumentParser(prog="python -m benchmarks pairing")
    p.add_argument("--scenario", default="skirmish")
    p.add_argument("--side", default="rebel", choices=("rebel", "imperial"))
    p.add_argument("--games", type=int, default=4)
    p.add_argument("--simulations", type=int, default=150)
    args = p.parse_args(argv or [])
    found = positions(args.scenario, args.side, args.games)
    for keyed in (False, True):
        print(measure(found, keyed, args.simulations), flush=True)
