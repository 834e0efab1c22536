"""The balance lab (`hothsim balance`): many games of a scenario between two computer players, and what
they say of the scenario: each side's share of the wins with its 95% interval, the draws, how and when
the games end, and what each side loses in an average game.

A game is played in a worker process (`hothsim.workers`); what the lab keeps of it is small (`Outcome`),
worked out where the game was played.  The interval is Wilson's score interval, which stays inside 0-100%
and is honest for small counts and shares near either end.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from statistics import median
from typing import Mapping, Sequence

from hothsim.ai import Player
from hothsim.data.catalog import Catalog
from hothsim.games import Game
from hothsim.kernel.engine import Side
from hothsim.match import play_game
from hothsim.report.telling import chronicler_for
from hothsim.workers import run_in_order

#: The z of a two-sided 95% interval.
Z95 = 1.959964


@dataclass(frozen=True)
class Outcome:
    """What the lab keeps of one game: who won, by which condition, in which round or turn, what was lost."""

    seed: int
    winner: str | None
    condition: str  # the rule that ended it, without the winner's name ("every imperial character is defeated")
    chapter: int  # the round (skirmish) or turn (Assault on Hoth) it ended in
    chapter_word: str  # "round" or "turn"
    losses: tuple[tuple[str, str], ...]  # (side, what) for each unit lost


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a share of `wins` in `games` (0-1 each end; (0, 1) for no games)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def condition_of(reason: str) -> str:
    """The rule that ended a game, from its end reason, without who won: "rebel wins: every imperial
    character is defeated" and "rebel wins (...)" both give "every imperial character is defeated"."""
    for opening in ("rebel wins", "imperial wins"):
        if reason.startswith(opening):
            reason = reason[len(opening):].strip(" :")
            reason = reason[1:-1] if reason.startswith("(") and reason.endswith(")") else reason
    # A stand-off's tie-breaker names its own winner and score: one condition, however it fell.
    head, _, tail = reason.partition(": ")
    return f"{head}, by the tie-breaker" if tail and (" wins " in tail or "draw" in tail) else reason


#: Where a lab's data comes from, as a worker is told: (the data folder, the corrections folder, the warm
#: start's folder); the worker opens a catalog of its own from it (a catalog's caches stay in its process).
DataPlace = tuple[Path, "Path | None", "Path | None"]


def play_one(job: tuple[str, dict[Side, Player], int, float | None, dict[str, str], DataPlace | None]) -> Outcome:
    """One game of the lab, as a worker plays it: (scenario, players, seed, think, options, the data)."""
    scenario, players, seed, think, options, place = job
    catalog = None if place is None else Catalog(place[0], overrides=place[1], warm=place[2])
    final: list[Game] = []
    result = play_game(scenario, players, seed, think, options=options or None, catalog=catalog,
                       watch=lambda game, choice: final.append(game) if choice is None else None)
    teller = chronicler_for(final[0])
    chapter, title = teller.chapter(final[0])
    return Outcome(seed, result.winner, condition_of(result.reason), chapter, title.split()[0].lower(),
                   tuple(teller.losses(final[0])))


def play_lab(scenario: str, players: Mapping[Side, Player], games: int, seed: int, think: float | None,
             options: Mapping[str, str] | None, workers: int, catalog: Catalog | None = None,
             cluster: str | None = None) -> list[Outcome]:
    """The lab's games (seeds seed, seed+1, ...), in seed order, opened from `catalog` (None: the rules as
    installed, your corrections included)."""
    place = None if catalog is None else (catalog.root, catalog.overrides, catalog.warm)
    jobs = [(scenario, dict(players), seed + i, think, dict(options or {}), place) for i in range(games)]
    out: list[Outcome] = []
    run_in_order(play_one, jobs, workers, out.append, cluster=cluster)
    return out


def summary(outcomes: Sequence[Outcome]) -> list[str]:
    """The lab's findings in lines: shares with their intervals, draws, how and when the games ended, the
    average losses of each side."""
    n = len(outcomes)
    lines = []
    for side in ("rebel", "imperial"):
        wins = sum(o.winner == side for o in outcomes)
        low, high = wilson(wins, n)
        lines.append(f"{side} {_pct(wins / n)} ({_pct(low, sign=False)}-{_pct(high)}), {wins} of {n}")
    draws = sum(o.winner is None for o in outcomes)
    lines.append(f"draws {draws} of {n}")
    lines.append("How the games end:")
    by_condition: dict[str, list[int]] = {}
    for o in outcomes:
        by_condition.setdefault(o.condition, []).append(o.chapter)
    for condition, chapters in sorted(by_condition.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        lines.append(f"  {condition}: {len(chapters)} ({outcomes[0].chapter_word} {median(chapters):g} at the median, "
                     f"{min(chapters)} to {max(chapters)})")
    lines.append("Lost in an average game:")
    for side in ("rebel", "imperial"):
        lost = Counter(what for o in outcomes for s, what in o.losses if s == side)
        said = ", ".join(f"{what} {count / n:.2f}" for what, count in sorted(lost.items(), key=lambda kv: (-kv[1], kv[0])))
        lines.append(f"  {side}: {said or 'nothing'}")
    return lines


def compared(shipped: Sequence[Outcome], corrected: Sequence[Outcome]) -> str:
    """Whether the Rebels' share of wins differs between the shipped rules and the corrected ones by more
    than chance would make it, by a two-sided test of two proportions (the games are not paired: with
    other rules the same seed plays another game)."""
    n1, n2 = len(shipped), len(corrected)
    w1, w2 = sum(o.winner == "rebel" for o in shipped), sum(o.winner == "rebel" for o in corrected)
    p1, p2 = w1 / n1, w2 / n2
    pooled = (w1 + w2) / (n1 + n2)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    p_value = 1.0 if spread == 0 else math.erfc(abs(p2 - p1) / spread / math.sqrt(2))
    verdict = ("more than chance would make it" if p_value < 0.05 else "within what chance alone makes")
    return (f"the Rebels' share: {_pct(p1)} with the shipped rules, {_pct(p2)} with the corrections, a "
            f"difference of {round(abs(p2 - p1) * 100)} points, {verdict} (two-sided p = {p_value:.2f})")


def _pct(share: float, sign: bool = True) -> str:
    return f"{round(share * 100)}" + ("%" if sign else "")
