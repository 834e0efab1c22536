"""Which squads win the `skirmish` scenario as the experts play it: the figures behind hothsim.ai.squad_book.

    python -m benchmarks squads --side imperial|rebel [--screen N] [--keep K] [--games M] [--seed S]

Every full squad the side may build (no card left that fits) is played by the expert against the expert,
with the other side's squad drawn as the expert draws it (a card at a time, the dearer the likelier), one
draw a seed, so that every squad meets the same enemies and the same dice (common random numbers).  First
every squad plays seeds S..S+N-1 (the screen); the best K by wins then play M more seeds each.  Printed:
each squad's wins and games with a 95% interval, best first, and the side's wins on the same seeds when
its own squad too is drawn (the expert's way), for comparison.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Sequence

from benchmarks.ai import wilson
from hothsim.ai import Player, derive_seed
from hothsim.ai.expert.skirmish import build_step
from hothsim.games import open_game
from hothsim.kernel.engine import Side, other
from hothsim.skirmish.actions import Ready, Recruit
from hothsim.skirmish.game import SkirmishGame

SCENARIO = "skirmish"
DECISIONS = 3000  # a game stopped (a draw) after this many decisions


def full_squads(side: Side) -> list[tuple[str, ...]]:
    """Every squad `side` may build to the end (no card left that fits), cards sorted."""
    game = open_game(SCENARIO, seed=0)
    assert isinstance(game, SkirmishGame)
    while game.pending.player != side:  # the other side builds first: any squad will do
        game.apply(next(a for a in game.legal_actions() if type(a) is Recruit))
        game.apply(Ready())
    found: set[tuple[str, ...]] = set()

    def grow(g: SkirmishGame, have: tuple[str, ...]) -> None:
        fits = [a for a in g.legal_actions() if type(a) is Recruit]
        if not fits:
            found.add(have)
        for a in (a for a in fits if not have or a.card >= have[-1]):  # each squad once, its cards in order
            nxt = g.clone()
            nxt.apply(a)
            grow(nxt, have + (a.card,))

    grow(game, ())
    return sorted(found)


def drawn_squad(side: Side, seed: int) -> tuple[str, ...]:
    """The squad the expert draws for `side` with the seed's own stream (the same for every squad met)."""
    game = open_game(SCENARIO, seed=seed)
    assert isinstance(game, SkirmishGame)
    rng = random.Random(derive_seed(seed, "squad", side))
    cards: list[str] = []
    while not game.is_over and game.pending.kind == "build":
        if game.pending.player != side:
            legal = game.legal_actions()
            game.apply(next((a for a in legal if type(a) is Ready), None) or next(a for a in legal if type(a) is Recruit))
            continue
        a = build_step(game, rng)
        if type(a) is Recruit:
            cards.append(a.card)
        game.apply(a)
        if type(a) is Ready:
            break
    return tuple(cards)


def play(seed: int, squads: dict[Side, Sequence[str]]) -> Side | None:
    """One game between experts with both squads given: the winner, or None for a draw."""
    game = open_game(SCENARIO, seed=seed)
    expert = Player("expert")
    todo = {side: list(cards) for side, cards in squads.items()}
    for n in range(DECISIONS):
        if game.is_over:
            break
        d = game.pending
        if d.kind == "build":
            action = Recruit(todo[d.player].pop(0)) if todo[d.player] else Ready()
        else:
            action = expert.thinking(game, derive_seed(seed, n, d.player)).choice().action
        game.apply(action)
    return game.winner if game.is_over else None


def measure(side: Side, squads: list[tuple[str, ...]], seeds: range,
            tally: dict[tuple[str, ...], list[int]]) -> None:
    """Each squad played on each seed against that seed's drawn enemy squad; wins and games into `tally`."""
    for seed in seeds:
        enemy = drawn_squad(other(side), seed)
        for squad in squads:
            won = play(seed, {side: squad, other(side): enemy}) == side
            record = tally.setdefault(squad, [0, 0])
            record[0] += won
            record[1] += 1


def main(argv: list[str] | None = None) -> None:
    """Print the figures (see the module docstring)."""
    p = argparse.ArgumentParser(prog="python -m benchmarks squads")
    p.add_argument("--side", default="imperial", choices=("rebel", "imperial"))
    p.add_argument("--screen", type=int, default=6, help="seeds every full squad plays")
    p.add_argument("--keep", type=int, default=8, help="squads that go on after the screen")
    p.add_argument("--games", type=int, default=24, help="more seeds each kept squad plays")
    p.add_argument("--seed", type=int, default=1000)
    a = p.parse_args(argv)
    side: Side = a.side
    start = time.perf_counter()
    squads = full_squads(side)
    tally: dict[tuple[str, ...], list[int]] = {}
    measure(side, squads, range(a.seed, a.seed + a.screen), tally)
    kept = sorted(squads, key=lambda s: -tally[s][0])[: a.keep]
    measure(side, kept, range(a.seed + a.screen, a.seed + a.screen + a.games), tally)
    seeds = range(a.seed, a.seed + a.screen + a.games)
    drawn = sum(play(seed, {side: drawn_squad(side, seed), other(side): drawn_squad(other(side), seed)}) == side
                for seed in seeds)
    print(f"{side}: {len(squads)} full squads, {a.screen} seeds each, the best {len(kept)} {a.games} more "
          f"(seeds {seeds.start}-{seeds.stop - 1}), {time.perf_counter() - start:.0f} s")
    for squad in sorted(squads, key=lambda s: (-tally[s][0] / tally[s][1], s)):
        wins, games = tally[squad]
        low, high = wilson(wins, games)
        print(f"  {wins:3d} of {games:3d}  {wins / games:5.1%} ({low:.0%}-{high:.0%})  {' '.join(squad)}")
    low, high = wilson(drawn, len(seeds))
    print(f"  drawn as the expert draws, the same seeds: {drawn} of {len(seeds)} ({low:.0%}-{high:.0%})")
