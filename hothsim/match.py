"""Games between computer players, headless (`hothsim match`, and the benchmarks).

This is the one place outside the front end that reads a clock: each computer decision is searched until
its choice is settled or its think time has passed, whichever comes first.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Mapping

from hothsim.kernel.record import GameRecord

from hothsim.ai import Choice, Pace, Player, derive_seed
from hothsim.ai.search import Steppable
from hothsim.collector import collector_paused
from hothsim.data.catalog import Catalog
from hothsim.games import Game, open_game
from hothsim.kernel.engine import Side
from hothsim.workers import run_in_order

#: A game that has not ended after this many decisions is stopped and counted a draw.
DECISION_LIMIT = 20_000


@dataclass(frozen=True)
class GameResult:
    """How one game of a match went."""

    seed: int
    winner: str | None
    reason: str
    decisions: int
    think_times: Mapping[Side, tuple[float, ...]]  # seconds per decision of each side
    record: GameRecord
    #: Simulations each decision of each side ran (0 where nothing was searched: a decision with one
    #: action, squad building and set-up, or a player that does not search).
    simulations: Mapping[Side, tuple[int, ...]]
    #: Decisions of each side answered in haste: the time ran out before the expert had weighed the
    #: choices, and its quick rules answered (`Choice.hasty`).
    hasty: Mapping[Side, int]
    began: float = 0.0  # when the game began, in seconds since the epoch (the real time, for its record)

    def line(self) -> str:
        """One line for `hothsim match`."""
        outcome = f"{self.winner} wins" if self.winner else "draw"
        why = self.reason.removeprefix(f"{outcome}: ")  # a skirmish's reason begins by naming the winner
        hurried = ", ".join(f"{side} {n}" for side, n in self.hasty.items() if n)
        haste = f"; decisions in haste: {hurried}" if hurried else ""
        return f"seed {self.seed}: {outcome} ({why}), {self.decisions} decisions{haste}"


def decide_within(player: Player, game: Game, seed: int, think: float | None = None,
                  clock: Callable[[], float] = time.perf_counter) -> tuple[Choice, float]:
    """The player's decision, searched until it is settled or `think` seconds have passed (by `clock`;
    None: its level's think time; `Pace` says when); with the seconds it took."""
    think = player.level.think if think is None else think
    with collector_paused():  # its time read with the collector paused too (think_within's pause nests)
        start = clock()
        choice = think_within(lambda: player.thinking(game, seed), think, clock, start)
        return choice, clock() - start


def think_within(begin: Callable[[], Steppable], think: float, clock: Callable[[], float],
                 start: float | None = None, steps: int | None = None) -> Choice:
    """The choice of a search begun by `begin`, stepped until it is settled or `think` seconds have passed
    since `start` (by `clock`; None: read now, before the search is begun, so that dealing its root is
    part of its time), or, given `steps`, until it has taken that many steps (`think` then a ceiling
    only), with the garbage collector paused meanwhile (`hothsim.collector`)."""
    with collector_paused():
        pace = Pace(think, clock() if start is None else start, steps=steps)
        thinking = begin()
        while pace.step(thinking, clock()):
            pass
        choice: Choice = thinking.choice()
        return choice


def play_game(scenario: str, players: Mapping[Side, Player], seed: int, think: float | None = None,
              watch: Callable[[Game, Choice | None], None] | None = None,
              options: Mapping[str, str] | None = None, limit: int = DECISION_LIMIT,
              catalog: Catalog | None = None) -> GameResult:
    """One whole game from `seed` (stopped, a draw, after `limit` decisions); each decision seeded from the
    game's seed and its number.  `watch`, if given, sees the game and each choice before its action is
    applied, and the finished game with None (the benchmarks count behaviour and trace games so).
    `catalog`, if given, is the data the scenario is opened from (the balance lab's corrected rules)."""
    began = time.time()
    game = open_game(scenario, seed=seed, options=options, catalog=catalog)
    times: dict[Side, list[float]] = {"rebel": [], "imperial": []}
    simulations: dict[Side, list[int]] = {"rebel": [], "imperial": []}
    hasty: dict[Side, int] = {"rebel": 0, "imperial": 0}
    n = 0
    while not game.is_over and n < limit:
        side = game.pending.player
        choice, took = decide_within(players[side], game, derive_seed(seed, n, side), think)
        if watch is not None:
            watch(game, choice)
        game.apply(choice.action)
        times[side].append(took)
        simulations[side].append(choice.simulations)
        hasty[side] += choice.hasty
        n += 1
    if watch is not None:
        watch(game, None)
    reason = game.state.end_reason if game.is_over else f"stopped after {limit} decisions"
    return GameResult(seed, game.winner, reason, n, {side: tuple(v) for side, v in times.items()}, game.record,
                      {side: tuple(v) for side, v in simulations.items()}, hasty, began)


def play_match(scenario: str, players: Mapping[Side, Player], games: int, seed: int, think: float | None,
               report: Callable[[str], None], options: Mapping[str, str] | None = None,
               keep: Callable[[GameResult], None] | None = None, workers: int = 1,
               cluster: str | None = None) -> dict[str, int]:
    """Play `games` games (seeds seed, seed+1, ...) with the game options given, in `workers` processes
    (or on the Ray cluster at `cluster`),
    reporting a line for each in seed order (and handing each result to `keep`, if given, as soon as the
    game is over, whatever its order); the wins of each side."""
    wins = {"rebel": 0, "imperial": 0, "draws": 0}

    def done(result: GameResult) -> None:
        wins[result.winner or "draws"] += 1
        report(result.line())
    jobs = [(scenario, dict(players), seed + i, think, dict(options or {})) for i in range(games)]
    run_in_order(one_game, jobs, workers, done, keep, cluster)
    return wins


def one_game(job: tuple[str, dict[Side, Player], int, float | None, dict[str, str]]) -> GameResult:
    """One game of a match, as a worker process plays it: (scenario, players, seed, think, options)."""
    scenario, players, seed, think, options = job
    return play_game(scenario, players, seed, think, options=options or None)
