"""How far better Snowspeeders could take Assault on Hoth's Rebels: a ceiling, measured by cheating.

    python -m benchmarks ceiling [--games N] [--seed S]

Plays N games (seeds S..S+N-1) of the expert against the expert four ways and prints the Rebels' wins
with their 95% intervals:

- as the expert plays;
- with every Snowspeeder that has its gunner lifted, at the start of every Harpoon card but the first,
  to an empty hex next to a Walker (in the Walker's macrohex, out of every Walker's field of fire, where
  such a hex exists; spread over the Walkers, those nearest the Shield Generator first): Snowspeeders
  placed as no player can place them, since they move on two cards a turn, the Walkers on three, and
  the cards' order is hidden;
- the same from the first Harpoon card too (which no Snowspeeder can reach: they set up on the south
  edge, some 28 hexes from the Walkers, and get at most one Snowspeeders Move card before it);
- from the second card, but each Snowspeeder only as far as one move takes it (5 hexes) from where it
  stands: as if it had known where the Walkers would stand when the card came (which no player knows:
  the cards' order is hidden and the Walkers walk after it moves), and had moved just before it.

It also prints, for the expert as it plays, the share of Snowspeeders with a gunner that stand next to a
Walker when a Harpoon card comes (from the second on).  The rules are not changed: the cheat only moves
counters between decisions; everything else is the game as played.
"""

from __future__ import annotations

import argparse
from dataclasses import replace

from hothsim.ai import Player, derive_seed
from hothsim.assault.game import AssaultGame
from hothsim.games import open_game
from hothsim.kernel.hexes import Hex, distance, in_field_of_fire
from hothsim.match import decide_within

from benchmarks.ai import wilson

LIMIT = 5000  # decisions after which an unfinished game counts as no one's
MOVE = 5  # the hexes a Snowspeeder flies on one card (its 5 MPs, 1 a hex, cliffs too)


def lifted(game: AssaultGame, reach: int | None = None) -> AssaultGame:
    """The game with every Snowspeeder that has its gunner next to a Walker (see the module docstring);
    with `reach`, only to a hex at most that many hexes from where it stands (it stays put when none is):
    as if it had known exactly where the Walkers would stand and had moved once just before the card."""
    s, t = game.state, game.terrain
    gen = game.setup.field.shield_generator
    walkers = sorted((u for u in s.units if u.type == "walker" and u.where == "map" and u.hex is not None),
                     key=lambda w: (distance(w.hex, gen), w.id))
    speeders = [u for u in s.units if game.rules.units[u.type].is_speeder and u.where == "map" and u.gunner]
    if not walkers or not speeders:
        return game
    moving = {sp.id for sp in speeders}
    taken = {u.hex for u in s.units if u.where == "map" and u.hex is not None and u.id not in moving}
    to: dict[str, Hex] = {}
    for i, sp in enumerate(speeders):
        assert sp.hex is not None
        # Each Snowspeeder its own Walker in turn; within a reach, any Walker it can reach (out of fire
        # first, then in the Walker's macrohex, then the Walker nearest the Generator).
        aims = [walkers[i % len(walkers)]] if reach is None else walkers
        free = [(h, w) for w in aims for h in t.near[w.hex]  # type: ignore[index]
                if h not in taken and t.terrain[h] != "cliff" and (reach is None or distance(h, sp.hex) <= reach)]
        if not free:
            taken.add(sp.hex)
            continue
        best, _ = min(free, key=lambda hw: (any(in_field_of_fire(o.hex, o.facing, hw[0]) for o in walkers),
                                            t.range(hw[0], hw[1].hex), walkers.index(hw[1]), hw[0]))
        taken.add(best)
        to[sp.id] = best
    units = tuple(replace(u, hex=to[u.id]) if u.id in to else u for u in s.units)
    return AssaultGame(game.setup, replace(s, units=units), game.dice, game.terrain, game.record)


def beside_share(game: AssaultGame) -> tuple[int, int]:
    """(Snowspeeders with a gunner next to a Walker, Snowspeeders with a gunner) on the map now."""
    s = game.state
    walkers = [u.hex for u in s.units if u.type == "walker" and u.where == "map" and u.hex is not None]
    speeders = [u.hex for u in s.units
                if game.rules.units[u.type].is_speeder and u.where == "map" and u.gunner and u.hex is not None]
    if not walkers:
        return 0, 0
    return sum(1 for h in speeders if min(distance(h, w) for w in walkers) == 1), len(speeders)


def play(seed: int, lift_from: int | None, reach: int | None = None) -> tuple[str | None, int, int]:
    """One expert game; Snowspeeders lifted (within `reach`, see `lifted`) from Harpoon card number
    `lift_from` on (None: never). The winner, and the Snowspeeders next to a Walker and in all at the
    Harpoon cards from the second on."""
    game: AssaultGame = open_game("assault-on-hoth", seed=seed)  # type: ignore[assignment]
    expert = Player("expert")
    harpoon = {i for i, c in enumerate(game.rules.action_cards) if "harpoon" in c.actions}
    cards, seen_round, beside, counted = 0, -1, 0, 0
    for n in range(LIMIT):
        if game.is_over:
            break
        s = game.state
        if s.stage == "play" and s.card in harpoon and s.round != seen_round:
            seen_round, cards = s.round, cards + 1
            if cards >= 2:
                b, c = beside_share(game)
                beside, counted = beside + b, counted + c
            if lift_from is not None and cards >= lift_from:
                game = lifted(game, reach)
        side = game.pending.player
        game.apply(decide_within(expert, game, derive_seed(seed, n, side), None)[0].action)
    return game.winner, beside, counted


def main(argv: list[str] | None = None) -> None:
    """Print the three rows (see the module docstring)."""
    ap = argparse.ArgumentParser(prog="python -m benchmarks ceiling")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    rows = (("the expert's Snowspeeders, as it plays", None, None),
            ("lifted next to the Walkers from the 2nd Harpoon card", 2, None),
            ("lifted from the 1st Harpoon card", 1, None),
            ("lifted from the 2nd, within one move (5 hexes)", 2, MOVE))
    for name, lift_from, reach in rows:
        wins = beside = counted = 0
        for seed in range(args.seed, args.seed + args.games):
            winner, b, c = play(seed, lift_from, reach)
            wins += winner == "rebel"
            beside, counted = beside + b, counted + c
        low, high = wilson(wins, args.games)
        share = (f"; next to a Walker at the Harpoon card (2nd on) {beside / counted:.0%}"
                 if counted and lift_from is None else "")
        print(f"{name:55s} Rebel wins {wins}/{args.games} ({wins / args.games:.0%}, 95% {low:.0%}-{high:.0%})"
              f"{share}", flush=True)
