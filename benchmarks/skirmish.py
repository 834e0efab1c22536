"""Skirmish engine figures.

- The median and 90th percentile of a fresh legal_actions() right after a character activates, in echo-base
  (all 17 figures on hoth-outpost, abilities on), from round 2 of random games (target: 90th percentile 5 ms
  or less), in a new process's first games (the map's geometry caches filling) and in later games.
- Random full games per second of salvage (target 10) and echo-base (target 3).  "Random" picks a kind of
  action (move, attack, Force, end, ...) uniformly and then an action of that kind, as the conformance
  tests do; uniform over every action is printed too for salvage (almost every pick is then one of the
  hundreds of moves, and games run about three times as many decisions).
"""

from __future__ import annotations

import random
import statistics
import time

from hothsim.data.catalog import Catalog
from hothsim.games import open_game


def choose(rnd: random.Random, actions: list):
    """A kind of action first, then one of that kind."""
    kinds: dict[str, list] = {}
    for a in actions:
        kinds.setdefault(type(a).__name__, []).append(a)
    return rnd.choice(kinds[rnd.choice(sorted(kinds))])


def legal_actions_at_activations(scenario: str = "echo-base", samples: int = 60, seed: int = 1,
                                 catalog: Catalog | None = None) -> dict[str, float]:
    """Median and 90th percentile of a fresh legal_actions() call right after a character activates.  With
    a new catalog the map's geometry caches start empty, as in a player's first game of a process; passing
    one that has played already measures the steady state the computer opponent's search works in."""
    catalog = catalog or Catalog.installed()
    times: list[float] = []
    while len(times) < samples:
        game = open_game(scenario, seed=seed, catalog=catalog)
        rnd = random.Random(seed)
        while len(times) < samples and not game.is_over:
            t = game.state.turn
            if game.pending.kind == "turn" and t is not None and t.moved_before == 0 and not t.attacked \
                    and game.state.round >= 2:
                probe = game.clone()  # a fresh copy: nothing cached for this decision
                t0 = time.perf_counter()
                probe.legal_actions()
                times.append(time.perf_counter() - t0)
            game.apply(choose(rnd, game.legal_actions()))
        seed += 1
    times.sort()
    return {"samples": len(times), "median_ms": statistics.median(times) * 1e3,
            "p90_ms": times[int(len(times) * 0.9)] * 1e3}


def random_games(scenario: str, games: int, uniform: bool = False) -> dict[str, float]:
    """Random full games per second, sharing one catalog's caches (after one warm-up game)."""
    catalog = Catalog.installed()

    def play(seed: int) -> int:
        g = open_game(scenario, seed=seed, catalog=catalog)
        rnd = random.Random(seed)
        n = 0
        while not g.is_over:
            actions = g.legal_actions()
            g.apply(rnd.choice(actions) if uniform else choose(rnd, actions))
            n += 1
        return n

    play(1000)
    t0 = time.perf_counter()
    decisions = sum(play(seed) for seed in range(games))
    elapsed = time.perf_counter() - t0
    return {"games": games, "games_per_s": games / elapsed, "decisions_per_game": decisions / games,
            "us_per_decision": elapsed / decisions * 1e6}


def main() -> None:
    """Print the figures."""
    catalog = Catalog.installed()
    for when, seed in (("first game, caches empty", 1), ("later games, caches filled", 101)):
        la = legal_actions_at_activations(seed=seed, catalog=catalog)
        print(f"legal_actions() at an activation, echo-base (17 figures, hoth-outpost), rounds 2+, {when}: "
              f"median {la['median_ms']:.2f} ms, 90th percentile {la['p90_ms']:.2f} ms ({la['samples']} samples)   "
              f"target p90 <= 5 ms")
    for scenario, games, target, uniform in (("salvage", 10, 10, False), ("salvage", 3, 10, True),
                                             ("echo-base", 5, 3, False)):
        rg = random_games(scenario, games, uniform)
        how = "uniform over all actions" if uniform else "kind first"
        print(f"random full games of {scenario} ({how}): {rg['games_per_s']:.2f} games/s "
              f"({rg['decisions_per_game']:.0f} decisions a game, {rg['us_per_decision']:.0f} us a decision)   "
              f"target >= {target} games/s")


if __name__ == "__main__":
    main()
