"""Assault on Hoth engine figures.

- The median time of a fresh legal_actions() at every decision of random games in play (target: 5 ms
  or less), and the slowest decision kind.
- Random full games per second (target: 2 or more).  "Random" picks a kind of action (move, fire, done,
  ...) uniformly and then an action of that kind, as the conformance tests do.
- The average game length in turns and action rounds, and who wins under random play: a first balance
  reading of the reconstructed cards and map.
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter

from benchmarks.skirmish import choose
from hothsim.data.catalog import Catalog
from hothsim.games import open_game

SCENARIO = "assault-on-hoth"


def legal_actions_times(games: int = 3) -> dict[str, float]:
    """Median and 90th percentile of a fresh legal_actions() call at the 'act' decisions of random games."""
    catalog = Catalog.installed()
    times: list[float] = []
    sizes: list[int] = []
    for seed in range(games):
        game = open_game(SCENARIO, seed=seed, catalog=catalog)
        rnd = random.Random(seed)
        while not game.is_over:
            if game.pending.kind == "act":
                probe = game.clone()  # nothing cached for this decision
                t0 = time.perf_counter()
                acts = probe.legal_actions()
                times.append(time.perf_counter() - t0)
                sizes.append(len(acts))
            game.apply(choose(rnd, game.legal_actions()))
    times.sort()
    return {"samples": len(times), "median_ms": statistics.median(times) * 1e3,
            "p90_ms": times[int(len(times) * 0.9)] * 1e3, "median_actions": statistics.median(sizes)}


def random_games(games: int) -> dict[str, float]:
    """Games per second, plus the length and the winners of those games."""
    catalog = Catalog.installed()
    open_game(SCENARIO, seed=0, catalog=catalog)  # warm the catalog's caches
    winners: Counter = Counter()
    reasons: Counter = Counter()
    turns = rounds = decisions = 0
    t0 = time.perf_counter()
    for seed in range(games):
        g = open_game(SCENARIO, seed=seed, catalog=catalog)
        rnd = random.Random(seed)
        while not g.is_over:
            g.apply(choose(rnd, g.legal_actions()))
            decisions += 1
        winners[g.winner] += 1
        reasons[g.state.end_reason.split(" ")[1] if g.winner == "rebel" else g.state.end_reason] += 1
        turns += g.state.turn
        rounds += g.state.round
    elapsed = time.perf_counter() - t0
    return {"games": games, "games_per_s": games / elapsed, "turns": turns / games, "rounds": rounds / games,
            "decisions": decisions / games, "rebel": winners["rebel"] / games,
            "imperial": winners["imperial"] / games, "reasons": dict(reasons)}


def main() -> None:
    """Print the figures."""
    la = legal_actions_times()
    print(f"legal_actions() at 'act' decisions of random games: median {la['median_ms']:.2f} ms, 90th percentile "
          f"{la['p90_ms']:.2f} ms ({la['samples']} samples, median {la['median_actions']:.0f} actions)   "
          "target <= 5 ms")
    rg = random_games(20)
    print(f"random full games (kind first): {rg['games_per_s']:.2f} games/s, {rg['decisions']:.0f} decisions a game"
          "   target >= 2 games/s")
    print(f"game length: {rg['turns']:.1f} turns, {rg['rounds']:.0f} action rounds on average ({rg['games']} games)")
    print(f"winners under random play: Rebel {rg['rebel']:.0%}, Imperial {rg['imperial']:.0%}; endings: "
          + ", ".join(f"{k} x{v}" for k, v in sorted(rg["reasons"].items())))
    bal = balance()
    print(f"winners when both sides play with purpose (benchmarks/assault.py 'purposeful'): Rebel {bal['rebel']:.0%}, "
          f"Imperial {bal['imperial']:.0%}, {bal['turns']:.1f} turns on average ({bal['games']} games)")


if __name__ == "__main__":
    main()


def purposeful(game, rnd: random.Random, actions: list):
    """A simple plan for both sides, for a balance reading closer to real play than random choices.

    Imperial: fire at the Shield Generator, the Power Grid or the likeliest hit; move toward the Shield
    Generator.  Rebel: harpoon, then fire at the likeliest hit (Walkers first); move toward the nearest
    Walker.  Luke spends 2 points of armor when fired at and softens critical hits.  Every other decision
    (set-up, Event choices) is random.
    """
    from hothsim.assault.actions import Armor, Done, Fire, Harpoon, Move, Walk
    from hothsim.assault.game import hit_probability
    from hothsim.assault.movement import walk_end
    from hothsim.kernel.hexes import distance, parse_hex

    d = game.pending
    s = game.state
    if d.kind == "armor":
        return max((a for a in actions if isinstance(a, Armor) and a.points <= 2), key=lambda a: a.points)
    if d.kind == "critical":
        return actions[0]
    if d.kind != "act":
        return rnd.choice(actions)
    goal = game.setup.field.shield_generator

    def odds(a) -> float:
        shot = game.shot(a)
        value = float(hit_probability(shot.dice, shot.armor)) if not isinstance(shot, str) else 0.0
        if a.target in ("shield-generator", "power-grid") or s.has_unit(a.target) and s.unit(a.target).type == "walker":
            value += 1
        return value

    harpoons = [a for a in actions if isinstance(a, Harpoon)]
    if harpoons:
        return harpoons[0]
    fires = [a for a in actions if isinstance(a, Fire) and a.force == 0]
    if fires:
        return max(fires, key=odds)
    walks = [a for a in actions if isinstance(a, Walk)]
    if walks:
        def left(a) -> int:
            end, _ = walk_end(s.unit(a.unit), a.steps)
            return distance(end, goal)
        return min(walks, key=lambda a: (left(a), len(a.steps)))
    moves = [a for a in actions if isinstance(a, Move) and a.to[0].isdigit()]
    if moves:
        side = s.unit(moves[0].unit).side
        walkers = [u.hex for u in s.units if u.type == "walker" and u.where == "map"]
        aims = [goal] if side == "imperial" or not walkers else walkers
        return min(moves, key=lambda a: min(distance(parse_hex(a.to), h) for h in aims))
    return Done()


def balance(games: int = 10) -> dict:
    """Winners and lengths when both sides follow `purposeful`."""
    catalog = Catalog.installed()
    winners: Counter = Counter()
    turns = 0
    for seed in range(games):
        g = open_game(SCENARIO, seed=seed, catalog=catalog)
        rnd = random.Random(seed)
        while not g.is_over:
            g.apply(purposeful(g, rnd, g.legal_actions()))
        winners[g.winner] += 1
        turns += g.state.turn
    return {"rebel": winners["rebel"] / games, "imperial": winners["imperial"] / games, "turns": turns / games,
            "games": games}
