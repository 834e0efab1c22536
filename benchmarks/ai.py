"""The computer opponent's figures: how often it wins, how it plays, and how long it thinks.

    python -m benchmarks ai [--games N] [--think SECONDS] [--scenario S ...] [--side rebel|imperial]
                            [--against expert,random,hard] [--player ai] [--seed S] [--weights CHANGES]
                            [--level CHANGES] [--time-scale X] [--against-weights CHANGES]

For each scenario and side, `--player` (default `ai`, at its level's think time or `--think`) plays N games
(seeds S..S+N-1) against each opponent on the other side, and one line per pairing gives its wins with the
95% Wilson interval against the issue's target, its seconds per decision (median, slowest, and the median
of the decisions it searched: one with a single action, squad building and set-up take no time, and how
many it answered in haste, its time gone before the expert had weighed the choices), and how it played:
in skirmish activations where a shot existed, the share in which it attacked; the enemies that could see
its figures at the end of their activations, on average; in Assault on Hoth, the action rounds the
Imperial side took to bring the Shield Generator down (median of the games it did).  `hard` as an
opponent means `ai:hard` playing the measured side against `ai:normal` (`--weights` and `--level` then
change `hard`); `--weights skirmish.exposure=0.8`
plays the level with those weights (as `--player`) against the shipped one (`--against shipped`), and
`--level trust=2` the level with those fields changed; `--against-weights` changes the opponent's weights
(an expert's or a level's) the same way.  `--time-scale 0.2` (without `--think`) gives each
level a fifth of its own think time, so `hard` meets `normal` at their levels' ratio of time in a fifth of
the hours.
A draw counts as not a win.  Long runs belong in the background: an echo-base or Assault on Hoth game
takes minutes.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass, field, replace
from typing import Any

from hothsim.ai import LEVELS, Choice, Player, player_named
from hothsim.ai.skirmish import enemies_seeing
from hothsim.ai.weights import Weights, with_changes
from hothsim.balance import wilson
from hothsim.match import play_game
from hothsim.workers import run_in_order

TARGETS = {"random": 0.95, "expert": 0.65, "greedy": 0.75, "hard": 0.5, "shipped": 0.5, "ai": 0.5}
SCENARIOS = ("salvage", "echo-base", "assault-on-hoth", "quick-start", "skirmish")


@dataclass
class Behaviour:
    """How one side played, counted decision by decision (skirmish activations; Assault's siege)."""

    side: str
    shots: int = 0  # activations in which an attack was legal at some point
    attacked: int = 0  # of those, the ones in which it attacked
    ends: int = 0  # activations ended with the figure standing
    seen: int = 0  # enemies that could see the figure at those ends, added up
    idle_ends: int = 0  # of those ends, the ones after an activation without an attack
    idle_seen: int = 0  # enemies that could see the figure at those, added up
    siege_rounds: list[int] = field(default_factory=list)
    _turn: dict[str, Any] = field(default_factory=dict)

    def watch(self, game: Any, choice: Choice | None) -> None:
        """Called with each choice before its action is applied, and with None when the game is over."""
        if choice is None:
            self.finish(game)
            return
        action = choice.action
        self._close(game)
        d = game.pending
        if d.kind != "turn" or d.player != self.side:
            return
        legal = game.legal_actions()
        name = type(action).__name__
        t = self._turn
        if t.get("figure") != d.actor:
            t.clear()
            t.update(figure=d.actor, shot=False, attacked=False)
        t["shot"] = t["shot"] or any(type(a).__name__ == "Attack" for a in legal)
        t["attacked"] = t["attacked"] or name == "Attack"
        if name == "EndTurn":
            t["ending"] = True

    def _close(self, game: Any) -> None:
        """An activation of ours that ended at the last decision: count it on the state after it."""
        t = self._turn
        if not t.get("ending"):
            return
        s = game.state
        self.shots += t["shot"]
        self.attacked += t["shot"] and t["attacked"]
        fig = s.fig(t["figure"])
        if fig.alive:
            eyes = enemies_seeing(game, s, fig)
            self.ends += 1
            self.seen += eyes
            if not t["attacked"]:
                self.idle_ends += 1
                self.idle_seen += eyes
        t.clear()

    def finish(self, game: Any) -> None:
        """The game is over: close the last activation, note when the Shield Generator fell."""
        self._close(game)
        s = game.state
        if getattr(s, "shield_generator", True) is False and game.winner == "imperial":
            self.siege_rounds.append(s.round)


def players_for(player: str, opponent: str, weights: str | None, level: str | None = None,
                against: str | None = None) -> tuple[Player, Player]:
    """The measured player and its opponent for one pairing (`weights`: changes to the measured player's own
    weights, e.g. "skirmish.exposure=0.8"; `level`: the measured level's fields changed, e.g. "trust=2";
    `against`: changes to the opponent's own weights).  Each player's changes start from its own weights:
    the search's, or the baselines' (`hothsim.ai.weights.baseline`)."""
    if opponent == "hard":  # `hard` measured against `normal`: the changes are `hard`'s
        me, them = player_named("ai:hard"), player_named("ai:normal")
    else:
        me, them = player_named(player), player_named("ai" if opponent == "shipped" else opponent)
    if weights or level:
        base = me.level
        me = Player(me.kind, replace(base.changed(level or ""), weights=with_changes(base.weights, weights or "")))
    if against:
        them = Player(them.kind, replace(them.level, weights=with_changes(them.level.weights, against)))
    return me, them


def scaled(player: Player, scale: float) -> Player:
    """A computer player whose level thinks `scale` times its own think time (others as they are)."""
    if player.kind != "computer" or scale == 1.0:
        return player
    return Player(player.kind, replace(player.level, think=player.level.think * scale))


def pairing_game(job: tuple[str, str, Player, Player, int, float | None]) -> tuple[Any, Behaviour]:
    """One game of a pairing, as a worker plays it: (scenario, side measured, its player, the opponent,
    seed, think); the result and how the measured side played."""
    scenario, side, me, them, seed, think = job
    other = "imperial" if side == "rebel" else "rebel"
    watcher = Behaviour(side)
    result = play_game(scenario, {side: me, other: them}, seed, think, watch=watcher.watch)
    return result, watcher


def pairing(scenario: str, side: str, player: str, opponent: str, games: int, think: float | None, first: int = 0,
            weights: str | None = None, level: str | None = None, time_scale: float = 1.0,
            against: str | None = None, workers: int = 1, cluster: str | None = None) -> dict:
    """The player on `side` against `opponent` on the other side: wins, times and behaviour (`time_scale`:
    each level's own think time scaled, where `think` is None), the games played in `workers` processes
    or on the Ray cluster at `cluster` (`hothsim.workers`; one process by default, since games played
    side by side slow each other's thinking)."""
    me, them = (scaled(p, time_scale) for p in players_for(player, opponent, weights, level, against))
    wins, draws, hasty, times, searched, decisions = 0, 0, 0, [], [], []
    deadline = (think if think is not None else me.level.think) + 0.2  # the bound: think + 0.2 s
    seen = Behaviour(side)
    start = time.perf_counter()
    played: list[tuple[Any, Behaviour]] = []
    jobs = [(scenario, side, me, them, seed, think) for seed in range(first, first + games)]
    run_in_order(pairing_game, jobs, workers, played.append, cluster=cluster)
    for result, watcher in played:
        for name in ("shots", "attacked", "ends", "seen", "idle_ends", "idle_seen"):
            setattr(seen, name, getattr(seen, name) + getattr(watcher, name))
        seen.siege_rounds += watcher.siege_rounds
        wins += result.winner == side
        draws += result.winner is None
        hasty += result.hasty[side]
        times += result.think_times[side]
        searched += [t for t, n in zip(result.think_times[side], result.simulations[side]) if n]
        decisions.append(result.decisions)
    low, high = wilson(wins, games)
    return {"wins": wins, "draws": draws, "games": games, "low": low, "high": high,
            "median": statistics.median(times) if times else 0.0, "slowest": max(times, default=0.0),
            "late": sum(t > deadline for t in times), "count": len(times), "deadline": deadline,
            "searched": statistics.median(searched) if searched else None, "hasty": hasty,
            "decisions": statistics.mean(decisions), "seconds": time.perf_counter() - start, "behaviour": seen}


def line(scenario: str, side: str, who: str, opponent: str, r: dict) -> str:
    """One pairing's figures."""
    target = TARGETS.get(opponent, 0.5)
    mark = "ok" if r["low"] >= target else ("short" if r["high"] < target else "unclear")
    b: Behaviour = r["behaviour"]
    play = ""
    if r.get("searched") is not None:
        play += f"; where it searched, decision median {r['searched']:.3f} s, {r['hasty']} in haste"
    if b.shots or b.ends:
        play += (f"; attacks when a shot exists {b.attacked}/{b.shots} ({100 * b.attacked / max(1, b.shots):.0f}%), "
                f"enemies seeing it at the end {b.seen / max(1, b.ends):.2f} "
                f"({b.idle_seen / max(1, b.idle_ends):.2f} after the {b.idle_ends} of {b.ends} without an attack)")
    if b.siege_rounds:
        play += f"; Shield Generator down in a median {statistics.median(b.siege_rounds):.0f} rounds"
    return (f"{scenario:16} {side:8} {who} vs {opponent:7} wins {r['wins']:3}/{r['games']:<3} "
            f"({100 * r['wins'] / r['games']:5.1f}%, 95% {100 * r['low']:5.1f}-{100 * r['high']:5.1f}%: "
            f"{mark} for {100 * target:.0f}%), {r['draws']} drawn;  decision median {r['median']:.3f} s, slowest {r['slowest']:.2f} s "
            f"({r['late']} of {r['count']} past {r['deadline']:.1f} s), "
            f"{r['decisions']:.0f} decisions/game, {r['seconds']:.0f} s{play}")


def main(argv: list[str] | None = None) -> None:
    """Print the figures (see the module docstring)."""
    p = argparse.ArgumentParser(prog="python -m benchmarks ai")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--think", type=float, help="seconds a decision (default: each level's own)")
    p.add_argument("--time-scale", type=float, default=1.0,
                   help="without --think: each level's think time times this (hard against normal at a fifth of "
                        "their times: 0.2)")
    p.add_argument("--scenario", action="append", choices=SCENARIOS)
    p.add_argument("--player", default="ai", help="who is measured (default ai)")
    p.add_argument("--against", default="expert,random,hard")
    p.add_argument("--side", action="append", choices=("rebel", "imperial"))
    p.add_argument("--seed", type=int, default=0, help="the first game's seed (to add games to an earlier run)")
    p.add_argument("--weights", help="weights changed for the measured player, e.g. skirmish.exposure=0.8")
    p.add_argument("--level", help="the measured level's fields changed, e.g. trust=2,candidates=4")
    p.add_argument("--workers", type=int, default=1, metavar="N",
                   help="play the games in N processes (default 1: games side by side slow each other's thinking)")
    p.add_argument("--cluster", metavar="ADDRESS", help="play the games on Ray (as hothsim match --cluster)")
    p.add_argument("--against-weights", help="weights changed for the opponent, e.g. skirmish.stepping_fire=0,skirmish.draw_pressure=0 (the stop-38 expert)")
    args = p.parse_args(argv or [])
    weights, against = args.weights, args.against_weights
    for text in (weights, against):
        with_changes(Weights(), text or "")  # a bad weight is refused before any game is played
    if args.level:
        LEVELS["normal"].changed(args.level)  # a bad field is refused before any game is played
    for scenario in args.scenario or SCENARIOS:
        for side in args.side or ("rebel", "imperial"):
            for opponent in args.against.split(","):
                r = pairing(scenario, side, args.player, opponent, args.games, args.think, args.seed, weights,
                            args.level, args.time_scale, against, args.workers, args.cluster)
                who = ("hard" if opponent == "hard" else args.player) + ("*" if weights or args.level else "")
                text = line(scenario, side, f"{who:9}", "normal" if opponent == "hard" else opponent, r)
                print(text + ("; the opponent's weights changed" if against else ""), flush=True)
