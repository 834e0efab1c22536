"""How few enemies could have seen a side's figures: the positions' own floor beside what was played.

    python -m benchmarks sight [--scenario S] [--side rebel|imperial] [--player expert] [--against expert]
                               [--games N] [--seed S] [--think SECONDS] [--share 0.85]

The issue asks two things of the computer's skirmish figures at once: attack in at least 85% of the
activations where a shot exists, and end its activations seen by at most 0.7 enemies on average.  A figure
that shoots is seen by its target unless the shot fells it, so the two pull against each other.  This
benchmark plays games (the measured player on `--side`, seeds S..S+N-1) and, at the start of each of the
measured side's activations, works out from that position alone:

- the fewest enemies that could see the figure at any square it could end on (its start, or any square of
  its double move), with no attack;
- the fewest expected when it attacks: from its start or any square within the move that keeps an attack,
  the enemies that see that square, less the chance its best-placed attack fells one of them; or from its
  start, then moving away as far as the rules allow after an attack.

and prints, beside the enemies that did see its figures, the floor a side could reach in the same
positions if it attacked in exactly `--share` of the activations with a shot and hid as well as the map
allows in all the others.  It is a floor of those positions only: it counts a single attack (no Double or
Twin Attack, no combined fire, no Force power, no Force move), and different play meets different
positions.
"""

from __future__ import annotations

import argparse
import statistics
from dataclasses import dataclass, field, replace
from typing import Any

from benchmarks.ai import Behaviour, players_for
from hothsim.ai.expert.skirmish import SkirmishExpert
from hothsim.ai.weights import SkirmishWeights
from hothsim.match import play_game


@dataclass(frozen=True)
class Floor:
    """One activation's floors: the fewest enemies seeing its end square without an attack, and with one
    (None: no attack was to be had this activation)."""

    hidden: float
    attacking: float | None


def _seers(game: Any, s: Any, fig: Any, square: tuple[int, int], enemies: list) -> list[str]:
    """The enemies that could see the figure standing at `square`."""
    sight = game.board.sight(s.open_doors)
    rect = replace(fig, pos=square).rect()
    return [e.id for e in enemies if sight.can_see(e.rect(), rect)]


def _felled(game: Any, expert: SkirmishExpert, s: Any, there: Any, seen_by: list[str]) -> float:
    """The most expected enemies an attack from where `there` stands takes out of `seen_by`."""
    s2 = s.with_figure(there)
    best = 0.0
    for view in game.targeting.targets(s2, there):
        if view.target in seen_by:
            best = max(best, expert.kill_share(game, s2, there, s2.fig(view.target)))
    return best


def floor_of(game: Any, expert: SkirmishExpert) -> Floor:
    """The floors of the activation that starts in `game`'s position (see the module docstring)."""
    s = game.state
    fig = s.fig(s.turn.figure)
    enemies = [e for e in s.living() if e.side != fig.side and game.ab.targetable(e)]
    costs = {fig.pos: 0}
    for dest, plan in game.move_plans().items():
        key = (dest[0], dest[1])
        costs[key] = min(plan.cost, costs.get(key, plan.cost))
    seers = {q: _seers(game, s, fig, q, enemies) for q in costs}
    hidden = float(min(len(v) for v in seers.values()))
    options: list[float] = []
    if game.ab.can_attack(s, fig):
        limit = game.attack_move_limit()
        for q, cost in costs.items():
            if cost <= limit:
                there = replace(fig, pos=q)
                if game.targeting.targets(s.with_figure(there), there):
                    options.append(len(seers[q]) - _felled(game, expert, s, there, seers[q]))
        if game.targeting.targets(s, fig):  # attack from where it stands, then move on as far as the rules allow
            after = replace(s, turn=replace(s.turn, attacked=True, attacks=1))
            away = game.allowance(after, fig)
            for q, cost in costs.items():
                if cost <= away:
                    options.append(len(seers[q]) - _felled(game, expert, s, fig, seers[q]))
    return Floor(hidden, min(options) if options else None)


@dataclass
class SightWatch:
    """Watches one side's activations: each one's floor at its start, and what was played (`Behaviour`)."""

    side: str
    expert: SkirmishExpert
    floors: list[Floor] = field(default_factory=list)
    behaviour: Behaviour = field(init=False)
    _turn: int | None = None

    def __post_init__(self) -> None:
        self.behaviour = Behaviour(self.side)

    def watch(self, game: Any, choice: Any) -> None:
        """Called with each choice before its action is applied (None when the game is over)."""
        if choice is not None:
            d = game.pending
            s = game.state
            if d.kind == "turn" and d.player == self.side and s.turn is not None and s.turn.number != self._turn:
                self._turn = s.turn.number
                self.floors.append(floor_of(game, self.expert))
        self.behaviour.watch(game, choice)


def reachable(floors: list[Floor], share: float) -> float:
    """The fewest enemies seeing, on average over the activations, of a side that attacks in `share` of
    those with a shot: the activations where hiding gains most go without the attack."""
    shot = [f for f in floors if f.attacking is not None]
    free = int(len(shot) * (1 - share) + 1e-9)  # activations with a shot it may leave without attacking
    gains = sorted((f.attacking - min(f.hidden, f.attacking) for f in shot), reverse=True)  # type: ignore[operator]
    total = sum(f.hidden for f in floors if f.attacking is None) + sum(f.attacking for f in shot)  # type: ignore[misc]
    return (total - sum(gains[:free])) / max(1, len(floors))


def main(argv: list[str] | None = None) -> None:
    """Print the figures (see the module docstring)."""
    p = argparse.ArgumentParser(prog="python -m benchmarks sight")
    p.add_argument("--scenario", default="quick-start")
    p.add_argument("--side", action="append", choices=("rebel", "imperial"))
    p.add_argument("--player", default="expert")
    p.add_argument("--against", default="expert")
    p.add_argument("--games", type=int, default=4)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--think", type=float, default=None)
    p.add_argument("--share", type=float, default=0.85)
    args = p.parse_args(argv or [])
    for side in args.side or ("rebel", "imperial"):
        other = "imperial" if side == "rebel" else "rebel"
        me, them = players_for(args.player, args.against, None)
        w = SightWatch(side, SkirmishExpert(SkirmishWeights()))
        for seed in range(args.seed, args.seed + args.games):
            play_game(args.scenario, {side: me, other: them}, seed, args.think, watch=w.watch)
        b, f = w.behaviour, w.floors
        shot = [x for x in f if x.attacking is not None]
        print(f"{args.scenario:12} {side:8} {args.player} vs {args.against}, {args.games} games, {len(f)} activations "
              f"({len(shot)} with a shot): attacked {b.attacked}/{b.shots}; seen by {b.seen / max(1, b.ends):.2f} "
              f"at the end; floor hiding always {statistics.fmean(x.hidden for x in f):.2f}, attacking whenever "
              f"it can {reachable(f, 1.0):.2f}, attacking in {100 * args.share:.0f}% {reachable(f, args.share):.2f}",
              flush=True)
