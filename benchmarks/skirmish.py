"""Skirmish engine figures: the median time of legal_actions() at an activation on hoth-outpost with all
17 figures placed (target 5 ms or less), and random full games of salvage per second (target 10 or more).
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

from hothsim.data.catalog import Catalog
from hothsim.games import open_game

ALL_17 = """format = "hothsim-scenario/1"
id = "bench-17"
name = "All seventeen"
game = "skirmish"
description = "Every figure of the pack on the outpost map."
map = "hoth-outpost"

[skirmish]
rebel = ["luke", "han", "leia", "rebel-leader", "snowspeeder", "atgar-trooper", "elite-hoth-trooper",
         "elite-hoth-trooper", "hoth-trooper", "hoth-trooper"]
imperial = ["vader", "veers", "blizzard-scout", "elite-snowtrooper", "eweb-snowtrooper", "snowtrooper", "snowtrooper"]
"""


def legal_actions_at_activations(samples: int = 60, seed: int = 1) -> dict[str, float]:
    """Median and 90th percentile of a fresh legal_actions() call right after a character activates."""
    folder = Path(tempfile.mkdtemp())
    (folder / "bench-17.toml").write_text(ALL_17, encoding="utf-8")
    catalog = Catalog.installed()
    game = open_game(folder / "bench-17.toml", seed=seed, catalog=catalog)
    rnd = random.Random(seed)
    times: list[float] = []
    while len(times) < samples and not game.is_over:
        if game.pending.kind == "turn" and game.state.turn and game.state.turn.moved_before == 0 \
                and not game.state.turn.attacked:
            probe = game.clone()  # a fresh copy: nothing cached for this decision
            t0 = time.perf_counter()
            probe.legal_actions()
            times.append(time.perf_counter() - t0)
        game.apply(rnd.choice(game.legal_actions()))
    times.sort()
    return {"samples": len(times), "median_ms": statistics.median(times) * 1e3,
            "p90_ms": times[int(len(times) * 0.9)] * 1e3}


def random_games(scenario: str = "salvage", games: int = 6) -> dict[str, float]:
    """Random full games (uniform over legal actions) per second, sharing one catalog's caches."""
    catalog = Catalog.installed()
    open_game(scenario, catalog=catalog)  # load the data once
    decisions = 0
    t0 = time.perf_counter()
    for seed in range(games):
        g = open_game(scenario, seed=seed, catalog=catalog)
        rnd = random.Random(seed)
        while not g.is_over:
            g.apply(rnd.choice(g.legal_actions()))
            decisions += 1
    elapsed = time.perf_counter() - t0
    return {"games": games, "games_per_s": games / elapsed, "decisions_per_game": decisions / games,
            "us_per_decision": elapsed / decisions * 1e6}


def main() -> None:
    """Print the figures."""
    la = legal_actions_at_activations()
    print(f"legal_actions() at an activation, hoth-outpost, 17 figures: median {la['median_ms']:.2f} ms, "
          f"90th percentile {la['p90_ms']:.2f} ms ({la['samples']} samples)   target <= 5 ms")
    rg = random_games()
    print(f"random full games of salvage: {rg['games_per_s']:.2f} games/s ({rg['decisions_per_game']:.0f} decisions "
          f"a game, {rg['us_per_decision']:.0f} us a decision)   target >= 10 games/s")


if __name__ == "__main__":
    main()
