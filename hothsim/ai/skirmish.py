"""How the computer plays a skirmish: candidates, quick rollout rules, the evaluation and its words.

The evaluation counts what wins a skirmish: the points of every character still standing, weighed by the
hit points it has left (a defeated enemy's points are what the 10-round tie-breaker counts), plus a small
pull toward the fight, since a figure out of reach neither scores nor protects.  Line of sight, cover and
the nearest-enemy rule come in through the engine's legal targets and hit chances: an attack is scored by
what it is likely to do, and a move by the attacks it leaves open.
"""

from __future__ import annotations

import random
from typing import Any, Hashable, Sequence

from hothsim.kernel.engine import Side, other
from hothsim.kernel.squares import square_label
from hothsim.skirmish.actions import (
    Activate,
    Attack,
    Decline,
    EndTurn,
    First,
    ForceMove,
    ForcePower,
    Harpoon,
    Heal,
    Keep,
    Move,
    Opportunity,
    Place,
    Ready,
    Recruit,
    Reroll,
    UseAbility,
)

WIN = 1_000.0  # a won game: more than any position is worth, yet not so much that luck drowns all else
#: A standing character keeps this share of its points however hurt it is (it still acts).
STANDING_SHARE = 0.4
#: Points lost per square a fighter stands beyond its reach of the nearest enemy.
PULL = 0.25
RANGED_REACH = 6  # squares within which a ranged figure fights well (no penalty for being nearer)


class SkirmishPolicy:
    """The skirmish's answers to the search (see hothsim.ai.search.Policy)."""

    # ------------------------------------------------------------------ without search

    def immediate(self, game: Any, side: Side, rng: random.Random) -> Any | None:
        """Squad building and who goes first are decided by rule of thumb: no dice are involved."""
        kind = game.pending.kind
        if kind == "build":
            return build_step(game, rng)
        if kind == "first":
            return First(side)  # acting first strikes before the enemy can
        if kind == "place":
            return self.rollout(game, rng)
        return None

    # ------------------------------------------------------------------ candidates

    def candidates(self, game: Any, side: Side, limit: int) -> list[Any]:
        """The legal actions worth searching, best first by the quick score."""
        legal = game.legal_actions()
        scored = sorted(((self._quick(game, a), i, a) for i, a in enumerate(legal)), key=lambda t: (-t[0], t[1]))
        if game.pending.kind != "turn":
            return [a for _, _, a in scored[:limit]]
        # Keep the best moves and the best of everything else, so a strong attack is never crowded out.
        moves = [a for _, _, a in scored if type(a) is Move]
        others = [a for _, _, a in scored if type(a) is not Move]
        half = max(1, limit // 2)
        return others[:limit - min(half, len(moves))] + moves[:half]

    def _quick(self, game: Any, action: Any) -> float:
        """A score without applying the action (for ordering and for rollouts)."""
        s = game.state
        t = type(action)
        if t is Attack:
            return attack_worth(game, action)
        if t is Move:
            fig = s.fig(action.figure)
            dest = action.destination
            plan = game.move_plans().get((dest[0], dest[1]))
            provoked = len(plan.provoked) if plan is not None else 0
            keeps = 0 if s.turn is None or s.turn.attacked else (2 if plan is not None and game.attack_kept_after(
                plan.cost) else 0)
            return keeps - distance_cost(game, fig, (dest[0], dest[1])) - 3 * provoked
        if t in (ForcePower, UseAbility, Harpoon):
            return 3.0
        if t is Heal:
            return 2.0
        if t is Activate:
            fig = s.fig(action.figure)
            return -distance_cost(game, fig, fig.pos) + game.card(fig).cost / 20
        if t is Place:
            return -_place_distance(game, action)
        if t in (Opportunity, Reroll):
            return 1.0
        if t is ForceMove:
            return -1.0
        if t in (EndTurn, Decline, Keep):
            return 0.0
        return 0.0

    # ------------------------------------------------------------------ rollouts

    def rollout(self, game: Any, rng: random.Random) -> Any:
        """Quick rules: attack the best target, else close in keeping the attack, else end the turn."""
        legal = game.legal_actions()
        kind = game.pending.kind
        if kind == "build":
            return build_step(game, rng)
        if kind == "first":
            return First(game.pending.player)
        if kind in ("reroll", "reaction", "opportunity"):
            return legal[0]  # reroll, use the Force reaction, take the attack of opportunity
        if kind == "place":
            figure = legal[0].figure  # one figure at a time, in the squad's order
            return min((a for a in legal if a.figure == figure), key=lambda a: (_place_distance(game, a), rng.random()))
        if kind == "activate":
            return max(legal, key=lambda a: (self._quick(game, a), rng.random()))
        attacks = [a for a in legal if type(a) is Attack]
        if attacks:
            return max(attacks, key=lambda a: attack_worth(game, a))
        moves = [a for a in legal if type(a) is Move]
        s = game.state
        if moves and s.turn is not None and not s.turn.attacked and s.turn.moved_before == 0:
            return max(enumerate(moves), key=lambda ia: (self._quick(game, ia[1]), -ia[0]))[1]
        return next(a for a in legal if type(a) is EndTurn)

    def tempo(self, game: Any) -> Hashable:
        """The activation in progress: it changes as each turn ends."""
        s = game.state
        return (s.stage, s.round, s.turns_taken)

    # ------------------------------------------------------------------ evaluation

    def evaluate(self, game: Any, side: Side) -> float:
        """Points standing (weighed by hit points left) minus the enemy's, and a pull toward the fight."""
        s = game.state
        if s.stage == "over":
            return 0.0 if s.winner is None else (WIN if s.winner == side else -WIN)
        total = 0.0
        for f in s.figures:
            if f.defeated:
                continue
            card = game.card(f)
            worth = card.cost * (STANDING_SHARE + (1 - STANDING_SHARE) * f.hp / card.hp)
            total += worth if f.side == side else -worth
            if f.side == side and f.pos is not None:
                total -= PULL * distance_cost(game, f, f.pos)
        return total

    # ------------------------------------------------------------------ words

    def explain(self, game: Any, action: Any, outcomes: Sequence[Any]) -> str:
        """Why, in the game's terms: the odds of an attack, where a move leads."""
        s = game.state
        t = type(action)
        if t is Attack:
            target = s.fig(action.target)
            chance = game.hit_chance(action)
            fell = sum(1 for o in outcomes if o.fig(target.id).defeated)
            line = f"{action.figure} attacks {target.id}: {chance}% to hit"
            if outcomes and fell * 2 > len(outcomes):
                line += f", {game.card(target).name} would fall"
            elif outcomes and fell:
                line += f", {game.card(target).name} falls in {100 * fell // len(outcomes)}% of tries"
            return line
        if t is Move:
            fig = s.fig(action.figure)
            dest = action.destination
            near = nearest_enemy(game, fig, (dest[0], dest[1]))
            where = square_label((dest[0], dest[1]))  # as the map and the log write squares
            if near is None:
                return f"{fig.id} moves to {where}"
            return f"{fig.id} moves to {where}: {_manhattan(fig, (dest[0], dest[1]), near)} squares from {near.id}"
        if t is Activate:
            return f"{action.figure} acts next"
        if t is EndTurn:
            return f"{action.figure} ends its turn"
        if t is Recruit:
            return "a character joins the secret squad"
        if t is Ready:
            return "the secret squad is ready"
        if t is First:
            return f"{action.side} goes first"
        if t is Place:
            return f"{action.figure} is set up at {square_label(action.square)}"
        return action.notation()


# ---------------------------------------------------------------------- shared rules of thumb

def build_step(game: Any, rng: random.Random) -> Any:
    """One step of building a squad: a card the squad may still take (the dearer, the likelier), or ready
    when none fits.  Uses only the legal actions, which look at this side's own squad alone."""
    legal = game.legal_actions()
    recruits = [a for a in legal if type(a) is Recruit]
    if not recruits:
        return next(a for a in legal if type(a) is Ready)
    weights = [game.card_cost(a.card) for a in recruits]
    return rng.choices(recruits, weights=weights)[0]


def _manhattan(fig: Any, pos: tuple[int, int], enemy: Any) -> int:
    """Squares between a figure standing at `pos` and an enemy, counted as for range without walls
    (a diagonal counts 2 in this rulebook, so this is the sum of the two gaps)."""
    x, y = pos
    ex0, ey0, ex1, ey1 = enemy.rect()
    dx = max(ex0 - (x + fig.size - 1), x - (ex1 - 1), 0)
    dy = max(ey0 - (y + fig.size - 1), y - (ey1 - 1), 0)
    return dx + dy


def nearest_enemy(game: Any, fig: Any, pos: Any) -> Any | None:
    """The living enemy nearest a figure standing at `pos` (None when none stands)."""
    if pos is None:
        return None
    enemies = [e for e in game.state.living(other(fig.side))]
    if not enemies:
        return None
    return min(enemies, key=lambda e: (_manhattan(fig, pos, e), e.id))


def distance_cost(game: Any, fig: Any, pos: Any) -> float:
    """How far beyond its reach a figure at `pos` stands from the nearest enemy (0 when within it)."""
    near = nearest_enemy(game, fig, pos)
    if near is None:
        return 0.0
    reach = 1 if game.ab.melee(fig) else RANGED_REACH
    return float(max(0, _manhattan(fig, pos, near) - reach))


def attack_worth(game: Any, action: Attack) -> float:
    """An attack's expected worth: the chance to hit times the points its damage is worth, more if it
    could defeat the target."""
    s = game.state
    attacker, target = s.fig(action.figure), s.fig(action.target)
    card, tcard = game.card(attacker), game.card(target)
    chance = game.hit_chance(action) / 100
    damage = min(card.damage, target.hp)
    worth = tcard.cost * (1 - STANDING_SHARE) * damage / tcard.hp
    if damage >= target.hp:
        worth += tcard.cost * STANDING_SHARE
    return chance * worth - 0.1 * len(action.helpers)


def _place_distance(game: Any, action: Place) -> float:
    """For set-up: how far the square is from the enemy's side (their figures, or their zone)."""
    s = game.state
    me = s.fig(action.figure)
    enemies = [f.pos for f in s.figures if f.side != me.side and f.pos is not None]
    if not enemies:
        zone = game.setup.zones.get(other(me.side))
        enemies = sorted(zone)[:: max(1, len(zone) // 8)] if zone else []
    if not enemies:
        return 0.0
    x, y = action.square
    return float(min(abs(x - ex) + abs(y - ey) for ex, ey in enemies))


#: What the search uses for a skirmish.
POLICY = SkirmishPolicy()
