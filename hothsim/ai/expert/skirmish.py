"""A competent skirmish player that looks no further than the activation it plays (docs/ai.md).

What it weighs, as a player sees it at a glance:
- an attack by its chance to hit (every modifier and cover, from the engine) times the points its damage
  is worth, critical hits included, more when the target would fall;
- a move by the best attack it leaves open from where it ends, less the attacks of opportunity on the way
  and the enemies' expected fire at the end square (who can see it, with cover); with no attack to be had,
  by how near it brings the figure to the fight;
- combined fire only when it beats what the helpers would do on their own;
- the activation that has the best shot first; who goes first by whether anyone can shoot;
- Force powers, abilities and reactions by playing them out a few times and counting what they change.
Every score is in squad points, so they compare; `ranked` returns them all, best first, ties broken by the
action's notation (never by the order of the legal actions).
"""

from __future__ import annotations

import random
from itertools import islice
from typing import Any, Callable, Container, Generic, Hashable, Sequence, TypeVar

from hothsim.ai.steps import Steps, at_once
from hothsim.ai.weights import SkirmishWeights
from hothsim.ai.expert.skirmish_set_up import place_scores
from hothsim.kernel.dice import SeededDice
from hothsim.kernel.engine import Side, other
from hothsim.kernel.paths import cheapest_paths
from hothsim.kernel.sight import Sight
from hothsim.kernel.sightlines import Rect
from hothsim.kernel.squares import Edge, Square
from hothsim.kernel.values import replace
from hothsim.skirmish.actions import (
    Action,
    Activate,
    Attack,
    EndTurn,
    First,
    ForceMove,
    ForcePower,
    Move,
    Opportunity,
    Ready,
    Recruit,
    Reroll,
    position_word,
)
from hothsim.skirmish.board import Position
from hothsim.skirmish.cards import Card
from hothsim.skirmish.combat import DEFLECT_SAVE
from hothsim.skirmish.movement import PlannedMove
from hothsim.skirmish.game import SkirmishGame
from hothsim.skirmish.saving_throws import save_succeeds
from hothsim.skirmish.state import Figure, GameState
from hothsim.skirmish.victory import tie_break

EIGHT = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))  # the directions of a step
CRITICAL = 0.05  # a natural 20: always a hit, double damage
#: The most positions whose rankings an expert keeps (`ranked`; then it starts afresh): a quick-start
#: decision of 3 s met about 800, each ranking some 26 kB.
REMEMBERED = 4096
#: Lightsaber Deflect's save made: its share of the d20's faces.
DEFLECT_CHANCE = sum(save_succeeds(face, DEFLECT_SAVE) for face in range(1, 21)) / 20
T = TypeVar("T")
Scored = tuple[float, Action]
#: The moves a turn's ranking weighs between pauses: some 30-60 ms of work here.
STEP = 32
#: The squares whose shots the quick rules work out, the nearest first (`quick_turn`): what a quick turn
#: weighs, as a search's pace counts choices.
QUICK_LOOK = 6
ScoredT = TypeVar("ScoredT", bound=tuple[Any, ...])  # a score, its action, and anything else carried along


class Remembered(Generic[T]):
    """Answers worked out from a position, kept for the positions met again in one game's setup."""

    def __init__(self) -> None:
        self._kept: dict[GameState, T] = {}
        self._setup: object | None = None

    def recall(self, game: SkirmishGame) -> T | None:
        """The answer kept for this position, if it was met before in this setup."""
        if game.setup is not self._setup:
            return None
        return self._kept.get(game.state)

    def keep(self, game: SkirmishGame, answer: T) -> None:
        """Keep this position's answer (forgetting the others when the setup changes or too many are kept)."""
        if game.setup is not self._setup or len(self._kept) >= REMEMBERED:
            self._kept.clear()
            self._setup = game.setup
        self._kept[game.state] = answer


class SkirmishExpert:
    """Scores every legal action of a skirmish decision (see the module docstring)."""

    def __init__(self, weights: SkirmishWeights, fast: bool = False) -> None:
        self.w = weights
        self.fast = fast  # rollouts: fewer squares looked at, no trial plays of powers
        self._stand: tuple[GameState, Side | None, tuple[int, float]] | None = None  # `stand_off`'s last answer
        self._reach: dict[tuple[Hashable, ...], tuple[tuple[int, int], ...]] = {}  # `_stepping_squares`, by enemy square
        self._labels: dict[tuple[int, ...], str] = {}  # squares' names in a move's notation (`best_first`)
        # `ranked`'s answers by position, for one game's setup (a search meets the same position in many
        # samples: every rollout's first decisions, until a die is rolled, and a Force move's trial turn).
        self._ranked: Remembered[list[Scored]] = Remembered()

    # ------------------------------------------------------------------ the player

    def choose(self, game: SkirmishGame, rng: random.Random) -> Action:
        """The best action now (squad building: a card drawn weighted by cost)."""
        return at_once(self.choose_in_steps(game, rng))

    def choose_in_steps(self, game: SkirmishGame, rng: random.Random) -> Steps[Action]:
        """`choose`, pausing where `ranked_in_steps` does (the quick rules' choice in one part)."""
        kind = game.pending.kind
        if kind == "build":
            return build_step(game, rng)
        if self.fast and kind in FAST:
            legal = game.legal_actions()
            # What the quick rules weigh as the expert weighs a choice: a few squares' shots, not every
            # square (a Snowspeeder's 500 foreseen at the expert's millisecond each stopped searches early).
            yield min(len(legal), QUICK_LOOK)
            return FAST[kind](self, game, legal)
        return (yield from self.ranked_in_steps(game))[0][1]

    # ------------------------------------------------------------------ rollouts: the same rules, cut short

    def quick_turn(self, game: SkirmishGame, legal: list[Action]) -> Action:
        """An attack if there is one (the best by its worth); else a move toward a shot from the squares
        nearest the enemy, else toward the enemy; else the end of the turn."""
        s = game.state
        assert s.turn is not None
        fig = s.fig(s.turn.figure)
        attacks = [a for a in legal if type(a) is Attack and not a.helpers]
        if attacks:
            return max(attacks, key=lambda a: (self.attack_value(game, s, fig, s.fig(a.target)), a.target))
        end = next(a for a in legal if type(a) is EndTurn)
        moves = [a for a in legal if type(a) is Move]
        if not moves or s.turn.attacked or s.turn.moved_before:
            return end
        plans = game.move_plans()
        enemies = [e for e in s.living(other(fig.side)) if game.ab.targetable(e)]
        if not enemies:
            return end

        rects = [e.rect() for e in enemies]
        size = fig.size

        def near(a: Move) -> int:
            x, y = a.destination[0], a.destination[1]
            return min(max(0, ex0 - x - size + 1, x - ex1 + 1) + max(0, ey0 - y - size + 1, y - ey1 + 1)
                       for ex0, ey0, ex1, ey1 in rects)

        def provoked(a: Move) -> int:
            plan = plans.get((a.destination[0], a.destination[1]))
            return len(plan.provoked) if plan is not None else 0

        moves.sort(key=lambda a: (provoked(a), near(a), a.path))  # the path: a fixed order, cheaply
        if game.ab.can_attack(s, fig):
            to_shot = self._quick_shot_move(game, fig, moves, plans)
            if to_shot is not None:
                return to_shot
        reach = 1 if game.ab.melee(fig) else self.w.ranged_reach
        here = min(_apart(e, fig.rect()) for e in enemies)
        return moves[0] if here > reach and near(moves[0]) < here else end

    def _quick_shot_move(self, game: SkirmishGame, fig: Figure, moves: list[Move], plans: dict[Square, PlannedMove]) -> Move | None:
        """Of the first `QUICK_LOOK` moves (in their order) after which the figure may still attack, one to a
        square with a shot: the first, or with `fast_exposure` the one whose shot is worth most for the threat
        it stands in."""
        s = game.state
        best: tuple[float, Move] | None = None
        keeping = (m for m in moves if (p := plans.get((m.destination[0], m.destination[1]))) is not None
                   and game.attack_kept_after(p.cost))
        for a in islice(keeping, QUICK_LOOK):  # lazily: asking after all of them cost a sixth of a rollout
            there = replace(fig, pos=(a.destination[0], a.destination[1]))
            moved = s.with_figure(there)
            shot, target = self.best_shot(game, moved, there)
            if target is None:
                continue
            if not self.w.fast_exposure:
                return a  # the nearest square with a shot
            worth = shot - self.w.fast_exposure * self.threat(game, moved, there)
            if best is None or worth > best[0]:
                best = (worth, a)
        return best[1] if best is not None else None

    def quick_activate(self, game: SkirmishGame, legal: list[Action]) -> Action:
        """The figure with the best shot from where it stands, else the one nearest the enemy."""
        s = game.state
        enemies = [e for e in s.living() if e.side != game.pending.player and game.ab.targetable(e)]

        def key(a: Action) -> tuple[float, int, str]:
            fig = s.fig(a.about().actor or "")
            near = min((_apart(e, fig.rect()) for e in enemies), default=0)
            return (-self.best_shot(game, s, fig)[0], near, a.notation())
        return min(legal, key=key)

    def quick_react(self, game: SkirmishGame, legal: list[Action]) -> Action:
        """Take the attack of opportunity, reroll, use the Force reaction (the first listed is the one that
        acts: `Opportunity`, `Reroll`, `ForcePower`, by their kinds' order)."""
        acting = [a for a in legal if type(a) in (Opportunity, Reroll, ForcePower)]
        return min(acting, key=lambda a: a.notation()) if acting else min(legal, key=lambda a: a.notation())

    def ranked(self, game: SkirmishGame) -> list[Scored]:
        """Every legal action with its score in points, best first.  A score is a function of the position
        and the game's setup alone (a power's trial plays roll fixed dice), so the full expert remembers
        the rankings of the positions it has met; the quick rules', cheaper than the asking, are not kept."""
        return at_once(self.ranked_in_steps(game))

    def ranked_in_steps(self, game: SkirmishGame) -> Steps[list[Scored]]:
        """`ranked` in parts, each begun by yielding how many choices it weighs: a figure's turn `STEP` of
        its choices at a time, then the closer look at its best moves; any other decision in one part; a
        position met before at once, without a pause.  A search watching the clock is then not kept
        waiting for all of a Snowspeeder's 500 squares in one step.  The same ranking, however the pauses
        fall."""
        if not self.fast:
            known = self._ranked.recall(game)
            if known is not None:
                return list(known)
        scored = yield from self._rank(game)
        if not self.fast:
            self._ranked.keep(game, scored)
        return list(scored)

    def _rank(self, game: SkirmishGame) -> Steps[list[Scored]]:
        """`ranked`, worked out."""
        kind = game.pending.kind
        legal = game.legal_actions()
        if kind == "turn":
            scored = yield from self._turn(game, legal)
            return best_first(scored, self._labels)
        yield len(legal)  # the rest in one part
        if kind == "activate":
            scored = [(self.activation(game, game.state.fig(a.figure)), a) for a in legal if isinstance(a, Activate)]
        elif kind == "first":
            scored = self._first(game, legal)
        elif kind == "place":
            scored = place_scores(game, legal, self.w.zone_sight)
        elif kind == "opportunity":
            scored = [(self.attack_value(game, game.state, game.state.fig(a.figure), game.state.fig(a.target))
                       if type(a) is Opportunity else 0.0, a) for a in legal]
        elif kind == "build":
            scored = [(float(game.setup.cards[a.card].cost) if type(a) is Recruit else 0.0, a) for a in legal]
        else:  # rerolls and Force reactions: played out and counted
            scored = [(self.tried(game, a), a) for a in legal]
        return best_first(scored, self._labels)

    # ------------------------------------------------------------------ worth

    def worth_lost(self, card: Card, hp: int, damage: int) -> float:
        """Points a side loses when a character with `hp` left takes `damage`."""
        if damage <= 0:
            return 0.0
        w = self.w
        lost = card.cost * (1 - w.standing_share) * min(damage, hp) / card.hp
        if damage >= hp:
            lost += card.cost * (w.standing_share + w.kill_bonus)
        return lost

    def attack_value(self, game: SkirmishGame, s: GameState, attacker: Figure, target: Figure,
                     helpers: Sequence[str] = (), cover: bool | None = None) -> float:
        """The points an attack is expected to take from the target: chance to hit times what its damage is
        worth, a natural 20's double damage counted apart (`cover` where the target's view gave it)."""
        chance = game.targeting.chance_in(s, attacker, target, len(helpers), cover) / 100
        adjacent = game.board.adjacent(s.open_doors, attacker.rect(), target.rect())
        card = game.card(target)
        value = 0.0
        for critical, p in ((False, chance - CRITICAL), (True, CRITICAL)):
            raw = sum(v for _, v in game.ab.damage_of(s, attacker, target, critical, adjacent, tuple(helpers)))
            dealt, _ = game.ab.reduce_damage(target, raw, attacker, adjacent)
            value += p * self.worth_lost(card, target.hp, dealt)
        return value * self.undeflected(game, attacker, target)

    def undeflected(self, game: SkirmishGame, attacker: Figure, target: Figure) -> float:
        """The share of a hit's worth left after the target's Lightsaber Deflect (a ranged attack on a
        target with the power and a Force point: saved half the time), at the weights' `deflected` share."""
        if (not self.w.deflected or target.force < 1 or game.ab.melee(attacker)
                or not game.ab.power(target, "Lightsaber Deflect")):
            return 1.0
        return 1.0 - self.w.deflected * DEFLECT_CHANCE

    def reach(self, game: SkirmishGame, e: Figure) -> int:
        """Squares a melee enemy may walk and still strike at its next activation: its speed, and the Force
        move's extra squares (`force_reach`) while it has a Force point to pay for them."""
        return game.targeting.speed(e) + (self.w.force_reach if e.force >= 1 else 0)

    def best_shot(self, game: SkirmishGame, s: GameState, fig: Figure) -> tuple[float, str | None]:
        """The best attack a figure could make from where it stands in `s`, alone: (points, target)."""
        if not game.ab.can_attack(s, fig):
            return 0.0, None
        best: tuple[float, str | None] = (0.0, None)
        for view in game.targeting.targets(s, fig):
            v = self.attack_value(game, s, fig, s.fig(view.target), cover=view.cover)
            if v > best[0]:
                best = (v, view.target)
        return best

    def threat(self, game: SkirmishGame, s: GameState, fig: Figure, spare: str | None = None,
               spare_share: float = 0.0) -> float:
        """The enemies' expected fire at a figure where it stands in `s`: for each enemy that could attack it
        at its next activation (a ranged one that sees it, a melee one within its move), the chance to hit
        (with cover) times the points its damage is worth, a melee one's blow `melee_fire` times; and
        `sighted` points for each enemy that sees it now, whether or not it could attack.  `spare` is an
        enemy that has that share of a chance to be gone by then (the one this figure attacks)."""
        w = self.w
        total = 0.0
        sight = game.board.sight(s.open_doors)
        rect = fig.rect()
        card = game.card(fig)
        eyes = 0.0
        for e in s.living(other(fig.side)):
            melee = game.ab.melee(e)
            sees = (w.sighted or not melee) and sight.can_see(e.rect(), rect)  # asked once: the hot path
            if sees and w.sighted and game.ab.targetable(e):
                eyes += (1 - spare_share) if e.id == spare else 1.0
            if not game.ab.can_attack(s, e):
                continue
            share, shooter, seen = 1.0, e, s
            if melee:
                if _steps_to_strike(e, rect) > self.reach(game, e):
                    continue
                stays = game.board.adjacent(s.open_doors, e.rect(), rect)
            elif sees:
                stays = True
            else:
                step = self._steps_into_sight(game, s, e, rect, sight) if w.stepping_fire and not self.fast else None
                if step is None:
                    continue
                # It shoots from the square it steps to, with the cover seen from there.
                share, shooter, stays = w.stepping_fire, replace(e, pos=step), False
                seen = s.with_figure(shooter)
            chance = game.targeting.chance_in(seen, shooter, fig) / 100
            fire = share * self._attacks_worth(game, e, fig, card, chance, stays)
            if e.activated:
                fire *= w.acted_enemy
            if e.id == spare:
                fire *= 1 - spare_share
            if melee:
                fire *= w.melee_fire
            total += fire
        return w.exposure * total + w.sighted * eyes

    def _attacks_worth(self, game: SkirmishGame, e: Figure, fig: Figure, card: Card, chance: float,
                       stays: bool) -> float:
        """What an enemy's attacks at its next activation are expected to take from `fig`: one attack, or
        two where its card gives a second (Twin Attack always; Double Attack when it need not move first,
        `stays`), that second counted at the weights' `repeat_fire` share."""
        damage = game.card(e).damage
        chance *= self.undeflected(game, e, fig)
        one = chance * self.worth_lost(card, fig.hp, damage)
        w = self.w.repeat_fire
        if not w or not (game.ab.printed(e, "Twin Attack") or (stays and game.ab.printed(e, "Double Attack"))):
            return one
        two = (2 * chance * (1 - chance) * self.worth_lost(card, fig.hp, damage)
               + chance * chance * self.worth_lost(card, fig.hp, 2 * damage))
        return one + w * (two - one)

    def _steps_into_sight(self, game: SkirmishGame, s: GameState, e: Figure, rect: Rect,
                          sight: Sight) -> tuple[int, int] | None:
        """A square an enemy could step to and still shoot from, seeing `rect`, or None (a few squares of
        its move looked at: `_stepping_squares`)."""
        size = e.size
        for ax, ay in self._stepping_squares(game, e, s.open_doors):
            if sight.can_see((ax, ay, ax + size, ay + size), rect):
                return ax, ay
        return None

    def _stepping_squares(self, game: SkirmishGame, e: Figure, open_doors: frozenset[Edge]) -> tuple[tuple[int, int], ...]:
        """Where an enemy might stand to shoot after a move: out along each of the eight directions, the
        farthest square it could walk (or fly) to within its speed, and the one half as far; other figures
        left aside.  Worked out once per enemy square in a decision's many questions (and per map: the
        tests ask one expert about many)."""
        speed, kind = game.targeting.speed(e), game.ab.move_kind(e)
        key = (game.board, e.pos, e.size, speed, kind, open_doors)
        hit = self._reach.get(key)
        if hit is not None:
            return hit
        assert e.pos is not None
        x, y = e.pos
        reach: Container[Position]  # where it can get to (only asked whether it can)
        if kind == "ghost":
            start: list[Position] = [(x, y)]
            reach = cheapest_paths(start, game.board.ghost_steps(e.size), speed).cost
        else:
            steps = game.board.steps(e.size, flight=kind == "flight").neighbours(open_doors)
            reach = cheapest_paths([(x, y)], steps, speed).cost
        out: list[tuple[int, int]] = []
        for dx, dy in EIGHT:
            ray = [(x + dx * d, y + dy * d) for d in range(1, speed + 1)]
            far = max((d for d, sq in enumerate(ray, 1) if sq in reach), default=0)
            for d in sorted({(far + 1) // 2, far} - {0}):
                out.append(ray[d - 1])
        if len(self._reach) > 512:
            self._reach.clear()
        hit = self._reach[key] = tuple(out)
        return hit

    def fire(self, game: SkirmishGame, s: GameState, attacker: Figure) -> float:
        """The most points an attacker's next attack is expected to take from where it stands: its best
        target among the enemies it could attack then (a ranged attacker's in sight, a melee one's within
        its move), by chance to hit and what its damage is worth.  Unlike `threat`, which adds up every
        enemy aimed at one figure, this counts each attacker once, as it can shoot only once."""
        if not game.ab.can_attack(s, attacker):
            return 0.0
        melee = game.ab.melee(attacker)
        sight = None if melee else game.board.sight(s.open_doors)
        speed = game.targeting.speed(attacker)
        rect = attacker.rect()
        damage = game.card(attacker).damage
        best = 0.0
        for target in s.living(other(attacker.side)):
            if melee:
                if _steps_to_strike(target, rect) > speed:
                    continue
            elif sight is not None and not sight.can_see(rect, target.rect()):
                continue
            value = game.targeting.chance_in(s, attacker, target) / 100 * self.worth_lost(game.card(target), target.hp, damage)
            best = max(best, value)
        return best

    def approach(self, game: SkirmishGame, s: GameState, fig: Figure, press: float = 0.0) -> float:
        """Squares a figure stands beyond its reach of the nearest enemy, times the pull toward the fight.
        `press` (0-1, `stand_off`) pulls harder and closer: a side losing a long stand-off must find a shot,
        and walls hide an enemy well within a ranged figure's reach."""
        enemies = [e for e in s.living(other(fig.side)) if game.ab.targetable(e)]
        if not enemies:
            return 0.0
        reach = 1 if game.ab.melee(fig) else max(1, round(self.w.ranged_reach * (1 - press)))
        rect = fig.rect()
        return self.w.approach * (1 + 3 * press) * max(0, min(_apart(e, rect) for e in enemies) - reach)

    def stand_off(self, game: SkirmishGame, s: GameState) -> tuple[int, float]:
        """The tie-breaker as it would fall now, for the side deciding (1 its win, -1 its loss, 0 a draw),
        and how near it is: the share of its quiet rounds gone, this one counted while it is quiet (0 once
        anything has made the round noisy). Worked out once a state."""
        side = game.pending.player
        kept = self._stand
        if kept is not None and kept[0] is s and kept[1] == side:
            return kept[2]
        rounds = game.setup.tie_break_rounds
        if s.noisy or side is None or not self.w.quiet_pressure:  # 0: the expert ignores the tie-breaker
            made = (0, 0.0)
        else:
            winner, _ = tie_break(s, game.setup.cards, game.setup.grid, game.board, game.squads.cost_of)
            made = (0 if winner is None else 1 if winner == side else -1, min(1.0, (s.quiet_rounds + 1) / rounds))
        self._stand = (s, side, made)
        return made

    def tried(self, game: SkirmishGame, action: Action, exposed: float = 0.0, figure: str | None = None) -> float:
        """An action scored by playing it: the mean change in the points standing (and Force kept) over a few
        dice, compared with now; less `exposed` times the enemies' expected fire at `figure` where it then
        stands (a power used in reach of an enemy is weighed as an attack made there is)."""
        side = game.pending.player
        assert side is not None
        before = self.standing(game, side)
        samples = 1 if self.fast else self.w.samples
        total = 0.0
        for k in range(samples):
            trial = game.clone()
            trial.dice = SeededDice(k)  # the same few rolls for every action scored so: they compare fairly
            trial.apply(action)
            total += self.standing(trial, side)
            after = trial.state
            if exposed and figure is not None and after.stage == "round" and after.fig(figure).alive:
                total -= exposed * self.threat(trial, after, after.fig(figure))
        return total / samples - before

    def force_move_worth(self, game: SkirmishGame, action: ForceMove) -> Steps[float]:
        """A Force move scored by what its two more squares buy: the turn's best choice once it is spent,
        less the Force point (in points standing, as every score here).  Scored as a power is, by the
        points it changes alone, it came out ahead of every move wherever the enemy stood far off, and
        the points went on walking rather than on a reroll or a Deflect."""
        side = game.pending.player
        assert side is not None
        trial = game.clone()
        trial.apply(action)  # no dice: a Force move rolls none
        after = 0.0
        if trial.pending.kind == "turn" and trial.pending.player == side:
            after = (yield from self.ranked_in_steps(trial))[0][0]
        return after + self.standing(trial, side) - self.standing(game, side)

    def standing(self, game: SkirmishGame, side: Side) -> float:
        """Points of `side`'s characters standing (weighed by hit points left) and Force kept, less the
        enemy's: the scale every score here is in."""
        s = game.state
        if s.stage == "over":
            return 0.0 if s.winner is None else (1000.0 if s.winner == side else -1000.0)
        w = self.w
        total = 0.0
        for f in s.figures:
            if f.defeated:
                continue
            card = game.card(f)
            worth = card.cost * (w.standing_share + (1 - w.standing_share) * f.hp / card.hp) + w.force_point * f.force
            total += worth if f.side == side else -worth
        return total

    # ------------------------------------------------------------------ a turn

    def _turn(self, game: SkirmishGame, legal: list[Action]) -> Steps[list[Scored]]:
        """The acting figure's choices: attack now, move (to attack from a better square, or closer, or to
        safety), a power or ability, or end the turn; pausing after each `STEP` of them and before the
        closer look at the best moves."""
        s = game.state
        assert s.turn is not None
        fig = s.fig(s.turn.figure)
        plans = game.move_plans()
        attack_left = not s.turn.attacked and game.ab.can_attack(s, fig)
        scored: list[Scored] = []
        shots: dict[tuple[int, int], tuple[float, str | None]] = {}
        own: dict[str, float] = {}  # each ally's own best shot, which the combined attacks it joins give up

        def helpers_cost(helpers: Sequence[str]) -> float:
            for h in helpers:
                if h not in own:
                    own[h] = self.best_shot(game, s, s.fig(h))[0]
            return sum(own[h] + self.w.helper_activation for h in helpers)
        limit = game.attack_move_limit()  # an attack is left after a move of at most this many squares
        moves: list[tuple[float, Move, Figure, GameState, tuple[float, str | None]]] = []
        backs: list[tuple[Figure, GameState, float, float]] | None = None  # where it may step back after attacking
        here = 0.0  # how near it stands now (`approach`), asked once `backs` has squares to compare it with
        # A long stand-off: the side it goes against gains by any attack roll (it starts the count again)
        # and must close in and show itself to get one; the side it favours loses by one and keeps hidden.
        # A draw by it is pressed against as a loss at `draw_pressure`'s share: a side content with a draw
        # would leave two careful squads hiding from each other to the end.
        verdict, quiet = self.stand_off(game, s)
        lean = verdict if verdict else -self.w.draw_pressure
        noise = -lean * self.w.quiet_pressure * quiet * quiet
        hide = 1.0 + lean * quiet
        press = max(0.0, -lean) * quiet
        for i, a in enumerate(legal):
            if i % STEP == 0:
                yield min(STEP, len(legal) - i)
            if isinstance(a, Attack):
                target = s.fig(a.target)
                value = self.attack_value(game, s, fig, target, a.helpers) - helpers_cost(a.helpers)
                kill = self.kill_share(game, s, fig, target, a.helpers)
                if backs is None:
                    backs = self._retreats(game, s, fig, plans, press) if self.w.retreat and not self.fast else []
                    here = self.approach(game, s, fig, press) if backs else 0.0
                scored.append((value + noise - self._exposed_after(game, s, fig, target, kill, backs, here, hide), a))
            elif isinstance(a, Move):
                limit_left = limit if attack_left else -1  # -1: no move keeps an attack
                moves.append(self._rough_move(game, s, fig, a, plans.get((a.destination[0], a.destination[1])),
                                              limit_left, shots, noise, press, len(moves)))
            elif isinstance(a, EndTurn):
                scored.append((-self.approach(game, s, fig, press) - hide * self.threat(game, s, fig), a))
            elif isinstance(a, ForceMove) and self.w.force_move_ahead and not self.fast:
                scored.append(((yield from self.force_move_worth(game, a)), a))
            else:  # Force powers, abilities, Heal, a Harpoon, the Force move
                exposed = 0.0 if isinstance(a, ForceMove) else hide * self.w.power_exposure  # a Force move: the move weighs it
                scored.append((self.tried(game, a, exposed, fig.id) if not self.fast else -0.5, a))
        moves = best_first(moves, self._labels)
        looked = self._shortlist(game, s, moves, attack_left)
        if len(moves) > STEP:
            yield len(looked)
        for i, (rough, a, there, s2, shot) in enumerate(moves):
            if i in looked:
                kill = self.kill_share(game, s2, there, s2.fig(shot[1])) if shot[1] else 0.0
                rough -= hide * self.threat(game, s2, there, shot[1], kill)
            else:
                rough -= 1000.0  # not looked at closely: never preferred to one that was
            scored.append((rough, a))
        return self._no_odd_moves(game, s, fig, plans, scored, shots)

    def _no_odd_moves(self, game: SkirmishGame, s: GameState, fig: Figure, plans: dict[Square, PlannedMove], scored: list[Scored],
                      shots: dict[tuple[int, int], tuple[float, str | None]]) -> list[Scored]:
        """Two habits a player calls odd, ruled out whatever the scores: stepping back onto the square the
        figure has just left this turn; and walking away from an enemy beside it that it could attack where
        it stands, taking attacks of opportunity, unless the shot the move leads to is worth more than the
        best attack from here by more than those attacks are expected to cost."""
        assert s.turn is not None
        beside: list[float] | None = None  # the attacks on enemies beside it: weighed only if a move provokes
        attack_score = max((v for v, a in scored if type(a) is Attack), default=0.0)
        out: list[Scored] = []
        for value, a in scored:
            if type(a) is Move:
                plan = plans.get((a.destination[0], a.destination[1]))
                if s.turn.came_from is not None and a.path and tuple(a.path[0][:2]) == s.turn.came_from:
                    value = -2000.0  # back onto the square just left: only if nothing else is left
                elif plan is not None and plan.provoked:
                    if beside is None:
                        beside = [self.attack_value(game, s, fig, s.fig(b.target)) for _, b in scored
                                  if type(b) is Attack and not b.helpers
                                  and game.board.adjacent(s.open_doors, fig.rect(), s.fig(b.target).rect())]
                    gain = shots.get((a.destination[0], a.destination[1]), (0.0, None))[0] - max(beside, default=0.0)
                    if beside and gain <= self._opportunity_cost(game, s, fig, plan.provoked):
                        value = min(value, attack_score - 1.0)
            out.append((value, a))
        return out

    def _rough_move(self, game: SkirmishGame, s: GameState, fig: Figure, a: Move, plan: PlannedMove | None, limit: int,
                    shots: dict[tuple[int, int], tuple[float, str | None]], noise: float, press: float, made: int
                    ) -> tuple[float, Move, Figure, GameState, tuple[float, str | None]]:
        """A move's first, rough worth (its best shot if an attack is left after it, else how near it
        comes, less the attacks of opportunity it provokes), with where it ends and that shot: `limit` is
        the longest move that keeps an attack (-1: none), `made` how many moves were weighed before it."""
        dest = (a.destination[0], a.destination[1])
        there = replace(fig, pos=dest)
        s2 = s.with_figure(there)
        aoo = self._opportunity_cost(game, s, fig, plan.provoked if plan is not None else ())
        keeps = plan is not None and plan.cost <= limit
        if keeps and (not self.fast or made < 40):
            shot = shots.get(dest)
            if shot is None:
                shot = shots[dest] = self.best_shot(game, s2, there)
        else:
            shot = (0.0, None)
        # Of equal ends, the nearer: a step for nothing only shows the enemy where the figure goes.
        rough = shot[0] + (noise if shot[1] else -self.approach(game, s2, there, press)) - aoo - 0.01 * (
            plan.cost if plan is not None else 0)
        return rough, a, there, s2, shot

    def _shortlist(self, game: SkirmishGame, s: GameState,
                   moves: Sequence[tuple[float, Move, Figure, GameState, tuple[float, str | None]]],
                   attack_left: bool) -> set[int]:
        """The moves looked at closely: the best by their rough worth, and (with no attack left) those the
        enemy sees least."""
        keep = self.w.fast_shortlist if self.fast else self.w.shortlist
        looked = set(range(min(keep, len(moves))))
        if not self.fast and not attack_left and self.w.hidden_shortlist and len(moves) > keep:
            looked |= set(self._least_seen(game, s, moves, keep, self.w.hidden_shortlist))
        return looked

    def _retreats(self, game: SkirmishGame, s: GameState, fig: Figure, plans: dict[Square, PlannedMove],
                  press: float) -> list[tuple[Figure, GameState, float, float]]:
        """Where the acting figure could step back to after attacking from where it stands: the `retreat`
        squares within the move then left that the fewest enemies see (the nearest first), each with what
        its path costs (attacks of opportunity, and a hundredth a square as the rough score of a move) and
        how near it would stand there (`approach`, with the stand-off's `press`)."""
        assert s.turn is not None
        if s.turn.moved_before or s.turn.attacked:
            return []
        away = game.allowance(replace(s, turn=replace(s.turn, attacked=True, attacks=1)), fig)
        seen = eyes_counter(game, s, fig.side)
        near = sorted((seen(replace(fig, pos=(dest[0], dest[1]))), plan.cost, dest) for dest, plan in plans.items()
                      if 0 < plan.cost <= away)
        out = []
        for _, cost, dest in near[:self.w.retreat]:
            there = replace(fig, pos=(dest[0], dest[1]))
            s2 = s.with_figure(there)
            out.append((there, s2, self._opportunity_cost(game, s, fig, plans[dest].provoked) + 0.01 * cost,
                        self.approach(game, s2, there, press)))
        return out

    def _exposed_after(self, game: SkirmishGame, s: GameState, fig: Figure, target: Figure, kill: float,
                       backs: list[tuple[Figure, GameState, float, float]], here: float, hide: float) -> float:
        """An attack's exposure: the enemies' fire where the figure stands, or where it steps back to
        afterwards (`backs`, with the step's cost and its approach there, against `here` where it stands);
        `hide` as the stand-off weighs it."""
        exposed = hide * self.threat(game, s, fig, target.id, kill)
        for there, s2, cost, near in backs:  # none: `retreat` 0, or no move left after the attack
            exposed = min(exposed, hide * self.threat(game, s2, there, target.id, kill) + cost + near - here)
        return exposed

    def _least_seen(self, game: SkirmishGame, s: GameState,
                    moves: Sequence[tuple[float, Move, Figure, GameState, tuple[float, str | None]]],
                    first: int, count: int) -> list[int]:
        """Of the moves from index `first` on (best first), the `count` whose ends the fewest enemies see."""
        assert s.turn is not None
        seen = eyes_counter(game, s, s.fig(s.turn.figure).side)
        return [i for _, i in sorted((seen(m[2]), i) for i, m in enumerate(moves) if i >= first)[:count]]

    def kill_share(self, game: SkirmishGame, s: GameState, attacker: Figure, target: Figure,
                    helpers: Sequence[str] = ()) -> float:
        """The chance an attack defeats its target outright."""
        chance = game.targeting.chance_in(s, attacker, target, len(helpers)) / 100
        adjacent = game.board.adjacent(s.open_doors, attacker.rect(), target.rect())
        share = 0.0
        for critical, p in ((False, chance - CRITICAL), (True, CRITICAL)):
            raw = sum(v for _, v in game.ab.damage_of(s, attacker, target, critical, adjacent, tuple(helpers)))
            if game.ab.reduce_damage(target, raw, attacker, adjacent)[0] >= target.hp:
                share += p
        return share

    def _opportunity_cost(self, game: SkirmishGame, s: GameState, fig: Figure, provoked: Sequence[str] | frozenset[str]) -> float:
        """The points the attacks of opportunity a path gives are expected to cost."""
        return sum(self.attack_value(game, s, s.fig(e), fig) for e in provoked)

    # ------------------------------------------------------------------ activations and initiative

    def activation(self, game: SkirmishGame, fig: Figure) -> float:
        """How much a figure's activation now is worth: the best shot it has from where it stands (moving
        may give a better one, worked out when it acts), or how far it has to close in, with a figure in
        danger acting sooner."""
        s = game.state
        shot, _ = self.best_shot(game, s, fig)
        if shot:
            return shot + 0.5 * self.threat(game, s, fig)
        return 0.1 * self.threat(game, s, fig) - self.approach(game, s, fig) - 0.01 * game.card(fig).cost

    def _first(self, game: SkirmishGame, legal: list[Action]) -> list[Scored]:
        """Go first when either side has a shot (strike before being struck); otherwise let the enemy come
        into reach."""
        s = game.state
        side = game.pending.player
        shots = any(self.best_shot(game, s, f)[0] > 0 for f in s.living())
        return [(1.0 if (type(a) is First and (a.side == side) == shots) else 0.0, a) for a in legal]


#: The decisions rollouts answer by the quick rules above.
FAST = {"turn": SkirmishExpert.quick_turn, "activate": SkirmishExpert.quick_activate,
        "opportunity": SkirmishExpert.quick_react, "reroll": SkirmishExpert.quick_react,
        "reaction": SkirmishExpert.quick_react}


def eyes_counter(game: SkirmishGame, s: GameState, side: Side) -> Callable[[Figure], int]:
    """Counts the enemies of `side` that could see a figure where it stands (as the issue's figure of
    enemies in sight counts them: sight alone, no cover, no stepping); worked out once for many squares."""
    sight = game.board.sight(s.open_doors)
    eyes = [e.rect() for e in s.living(other(side)) if game.ab.targetable(e)]
    return lambda f: sum(1 for r in eyes if sight.can_see(r, f.rect()))


def best_first(scored: Sequence[ScoredT], labels: dict[tuple[int, ...], str] | None = None) -> list[ScoredT]:
    """Scored items best first, equal scores in the order of their actions' notation (a fixed order).
    The order is worked out only where scores tie, and from the notation's words (`notation_words`,
    with `labels` to remember squares' names): writing the notation of every move cost a fifth of a
    search."""
    out = sorted(scored, key=lambda item: -item[0])
    known = {} if labels is None else labels
    i = 0
    while i < len(out):
        j = i + 1
        while j < len(out) and out[j][0] == out[i][0]:
            j += 1
        if j - i > 1:
            out[i:j] = sorted(out[i:j], key=lambda item: notation_words(item[1], known))
        i = j
    return out


def notation_words(action: Action, labels: dict[tuple[int, ...], str]) -> tuple[str, ...]:
    """An action's notation cut at its spaces, which sort exactly as the notation does (a space sorts
    before every character a word holds); a move's squares are named once each into `labels`."""
    if type(action) is not Move:
        return tuple(action.notation().split(" "))
    words = ["move", action.figure]
    for p in action.path:
        word = labels.get(p)
        if word is None:
            word = labels[p] = position_word(p)
        words.append(word)
    return tuple(words)


def build_step(game: SkirmishGame, rng: random.Random) -> Action:
    """One step of building a squad: a card the squad may still take (the dearer, the likelier), or ready
    when none fits.  Uses only the legal actions, which look at this side's own squad alone."""
    legal = game.legal_actions()
    recruits = sorted((a for a in legal if type(a) is Recruit), key=lambda a: a.card)
    if not recruits:
        return next(a for a in legal if type(a) is Ready)
    weights = [game.setup.cards[a.card].cost for a in recruits]
    return rng.choices(recruits, weights=weights)[0]


def _apart(enemy: Figure, rect: tuple[int, int, int, int]) -> int:
    """Columns plus rows between a figure and a rectangle (a diagonal step counts 2 in this rulebook, so
    this is the range where no wall is in the way)."""
    ex0, ey0, ex1, ey1 = enemy.rect()  # the far edges are exclusive: a square (x, y) is (x, y, x + 1, y + 1)
    x0, y0, x1, y1 = rect
    return max(0, ex0 - x1 + 1, x0 - ex1 + 1) + max(0, ey0 - y1 + 1, y0 - ey1 + 1)


def _steps_to_strike(enemy: Figure, rect: tuple[int, int, int, int]) -> int:
    """Squares a melee figure must walk, walls aside, to stand beside a rectangle: sharing an edge or only
    a corner, so a figure off both its rows and its columns need not come level with it (a step costs 1,
    a diagonal 2, so the rows and the columns between are crossed one by one)."""
    ex0, ey0, ex1, ey1 = enemy.rect()
    x0, y0, x1, y1 = rect
    columns = max(0, ex0 - x1, x0 - ex1)  # columns strictly between them
    rows = max(0, ey0 - y1, y0 - ey1)
    return columns + rows
