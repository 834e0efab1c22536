"""A set of positions whose candidates' worth is known, to score the search's choices without playing matches.

    python -m benchmarks truth build [--scenario S] [--games N] [--seed S] [--every K] [--width W]
                                     [--playouts M] --out FILE
    python -m benchmarks truth score FILE [FILE ...] [--simulations N] [--level k=v,...]
                                     [--weights group.name=v,...]

`build` plays N games between experts (seeds S..S+N-1) and takes every K-th turn decision in play where
the search would race (two candidates or more).  At each it lists the search's first W candidates and the
expert's own choice, and plays each of them out to the end of the game M times with the expert on both
sides, the same dice for every candidate (common random numbers): a candidate's *worth* is the share of
those games the deciding side wins (a draw counts a half).  The file holds the position (scenario, seed,
decision number: the expert's game replays it exactly), the candidates in notation and their worths.

`score` replays each position, runs the search on it for a fixed N simulations (no clock, so the figure
does not depend on the machine; the race kept to the W candidates whose worth is known) and prints how
far its choices' worth is above the expert's own choices': over all positions and over the positions
where it departs, with standard errors, and how often its choice is the best known.  Then, for every
candidate the race sampled beside the expert's choice, how its lead there goes with its lead in worth
(their correlation), and the mean worth of the candidates the race puts ahead of the expert's choice by
more than 1, 2 and 4 standard errors: what overruling the expert at that `trust` would gain.  A search
stronger than its expert should show a positive gain; the expert's own gain is 0 by definition.
`benchmarks/truth-salvage.json` is such a set (72 positions of salvage seeds 100-101 and 200-202, every
third decision, four candidates, 32 playouts each).  The worths are the expert's long-run results, so a
gain says whether the search's departures would be right if play went on as the expert plays; it is a
quick, paired proxy for games won, not a substitute for them.
"""

from __future__ import annotations

import argparse
import math
import statistics
from dataclasses import replace
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from benchmarks.oracle import finish
from hothsim.ai import LEVELS, Player, derive_seed
from hothsim.ai.players import policy_for
from hothsim.ai.weights import Weights, with_changes
from hothsim.games import open_game
from hothsim.kernel.dice import SeededDice


class Position(BaseModel):
    """One position of an expert's game and the worth of its candidates to the side deciding."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    scenario: str
    seed: int
    decision: int
    side: str
    expert: str  # the expert's own choice, in notation
    candidates: list[str]  # the search's first candidates, then the expert's choice if not among them
    worth: list[float]  # of each candidate: the deciding side's share of M expert games from it
    playouts: int


class TruthSet(BaseModel):
    """A file of positions (`build` writes it, `score` reads it)."""

    model_config = ConfigDict(extra="forbid")
    positions: list[Position]


def replay(scenario: str, seed: int, decision: int) -> Any:
    """The expert's game on `seed` just before its decision number `decision`."""
    expert = Player("expert")
    game = open_game(scenario, seed=seed)
    for n in range(decision):
        side = game.pending.player
        game.apply(expert.thinking(game, derive_seed(seed, n, side)).choice().action)
    return game


def worth(game: Any, action: Any, side: str, key: int, playouts: int) -> float:
    """The share of `playouts` expert games from `game` after `action` that `side` wins (a draw a half),
    each sample's dice the same whatever the action (common random numbers)."""
    expert = Player("expert")
    total = 0.0
    for k in range(playouts):
        dice = derive_seed(key, "truth", k)
        g = game.clone()
        g.dice = SeededDice(dice)
        g.apply(action)
        total += finish(g, side, dice, expert)
    return total / playouts


def build(scenario: str, seeds: range, every: int, width: int, playouts: int, out: Path) -> None:
    """Write a truth set (see the module docstring), printing each position as it is done."""
    expert = Player("expert")
    lister = Player("computer", replace(LEVELS["normal"], candidates=width, widen=width))
    found: list[Position] = []
    for seed in seeds:
        game = open_game(scenario, seed=seed)
        policy = policy_for(game, Weights())
        turns = 0
        for n in range(3000):
            if game.is_over:
                break
            side = game.pending.player
            key = derive_seed(seed, n, side)
            choice = expert.thinking(game, key).choice().action
            if game.pending.kind == "turn" and policy.in_play(game):
                listed = list(lister.thinking(game, key).candidates)
                if len(listed) > 1:
                    turns += 1
                    if turns % every == 0:
                        actions = listed + ([choice] if choice not in listed else [])
                        worths = [worth(game, a, side, key, playouts) for a in actions]
                        found.append(Position(scenario=scenario, seed=seed, decision=n, side=side,
                                              expert=choice.notation(), candidates=[a.notation() for a in actions],
                                              worth=worths, playouts=playouts))
                        print(f"seed {seed} decision {n} ({side}): " + ", ".join(
                            f"{a.notation()} {w:.2f}" for a, w in zip(actions, worths)), flush=True)
                        out.write_text(TruthSet(positions=found).model_dump_json(indent=1))
            game.apply(choice)
    out.write_text(TruthSet(positions=found).model_dump_json(indent=1))
    print(f"{len(found)} positions written to {out}")


def load(paths: list[Path]) -> list[Position]:
    """The positions of these truth files (SystemExit with the file and the field on a bad one)."""
    out: list[Position] = []
    for path in paths:
        try:
            out += TruthSet.model_validate_json(path.read_text()).positions
        except (OSError, ValidationError) as e:
            raise SystemExit(f"{path}: not a truth set: {e}") from None
    return out


def score(positions: list[Position], player: Player) -> dict[str, float]:
    """The search's choices on the positions against the expert's, by the positions' worths (printed)."""
    gains, departures, best, outside = [], [], 0, 0
    leads: list[tuple[float, float, float]] = []  # a candidate's lead over the expert's choice in the race,
    # its standard error there, and its lead in worth
    for p in positions:
        game = replay(p.scenario, p.seed, p.decision)
        t = player.thinking(game, derive_seed(p.seed, p.decision, p.side))
        while t.step():
            pass
        pick = t.choice().action.notation()
        by = dict(zip(p.candidates, p.worth))
        leads += race_leads(t, game, p, by)
        if pick not in p.candidates:
            outside += 1
            continue
        gain = by[pick] - by[p.expert]
        gains.append(gain)
        best += by[pick] == max(p.worth)
        if pick != p.expert:
            departures.append(gain)
    n, d = len(gains), len(departures)

    def mean_se(v: list[float]) -> str:
        if len(v) < 2:
            return f"{sum(v):+.4f}" if v else "-"
        return f"{statistics.mean(v):+.4f} +- {statistics.stdev(v) / math.sqrt(len(v)):.4f}"

    print(f"{n} positions ({outside} chosen outside the known candidates): gain over the expert {mean_se(gains)} "
          f"a position; {d} departures, gain {mean_se(departures)} a departure; the best known chosen in "
          f"{best} ({100 * best / max(n, 1):.0f}%)")
    if len(leads) > 2:
        agree = sum((a > 0) == (b > 0) for a, _, b in leads if abs(b) >= 0.1)
        told = sum(abs(b) >= 0.1 for *_, b in leads)
        race, worths = [a for a, _, _ in leads], [b for *_, b in leads]
        r = statistics.correlation(race, worths) if len(set(race)) > 1 and len(set(worths)) > 1 else 0.0
        print(f"the race's leads over the expert's choice against the worths' ({len(leads)} candidates): "
              f"correlation {r:+.2f}; the same sign in {agree} of the {told} whose worths differ by 0.1 or more")
        for z in (1, 2, 4):
            ahead = [b for a, e, b in leads if a > 0.002 and a > z * e]
            print(f"  ahead of the expert's choice by more than {z} standard errors in the race: {len(ahead)}, "
                  f"their lead in worth {mean_se(ahead)}")
    return {"positions": n, "departures": d, "gain": statistics.mean(gains) if gains else 0.0}


def race_leads(thinking: Any, game: Any, position: Position,
               worths: dict[str, float]) -> list[tuple[float, float, float]]:
    """For each candidate with a known worth that the race sampled beside the expert's choice: (its mean
    paired lead over that choice in the race, that lead's standard error, its worth less that choice's)."""
    if not hasattr(thinking, "difference"):
        return []  # a player that does not search
    by_notation = {a.notation(): a for a in game.legal_actions()}
    expert = by_notation.get(position.expert)
    out = []
    for name, w in worths.items():
        action = by_notation.get(name)
        if name == position.expert or action is None or expert is None:
            continue
        try:
            d = thinking.difference(action, expert)
        except KeyError:
            continue  # not among the race's candidates
        if d is not None:
            out.append((d[0], d[1], w - worths[position.expert]))
    return out


def main(argv: list[str] | None = None) -> None:
    """Build or score a truth set (see the module docstring)."""
    p = argparse.ArgumentParser(prog="python -m benchmarks truth")
    sub = p.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build")
    b.add_argument("--scenario", default="salvage")
    b.add_argument("--games", type=int, default=4)
    b.add_argument("--seed", type=int, default=0)
    b.add_argument("--every", type=int, default=3)
    b.add_argument("--width", type=int, default=4)
    b.add_argument("--playouts", type=int, default=32)
    b.add_argument("--out", type=Path, required=True)
    s = sub.add_parser("score")
    s.add_argument("files", type=Path, nargs="+")
    s.add_argument("--simulations", type=int, default=150)
    s.add_argument("--width", type=int, default=4, help="the candidates raced (as the set was built)")
    s.add_argument("--level", default="")
    s.add_argument("--weights", default="")
    args = p.parse_args(argv or [])
    if args.command == "build":
        build(args.scenario, range(args.seed, args.seed + args.games), args.every, args.width, args.playouts,
              args.out)
        return
    positions = load(args.files)
    level = replace(LEVELS["normal"], simulations=args.simulations, think=1e9, candidates=args.width,
                    widen=args.width, weights=with_changes(Weights(), args.weights)).changed(args.level)
    score(positions, Player("computer", level))
