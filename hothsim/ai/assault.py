"""How the computer plays Assault on Hoth: the expert's candidates and rollouts, the evaluation and its words.

The evaluation is the race the game is: the Walkers' march on the Shield Generator (activations of walking
still needed, by the map's walking distances, and the chance a fire from where each stands would hit it)
against the Transports clock (each Transports Away! drawn brings the Rebels nearer to winning), plus what
each side still has on the map and Luke's Force, bounded to (0, 1) by a logistic (a won game is 1).
Luke's Snowspeeder is only ever known through the observation: the Imperial side's games put him in one
of the Snowspeeders he may be flying.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from hothsim.ai.expert.assault import AssaultExpert, unit_of
from hothsim.ai.search import Choice
from hothsim.ai.steps import Steps
from hothsim.ai.value import coefficients, position_value
from hothsim.ai.weights import Weights
from hothsim.assault.actions import (
    Action,
    Armor,
    AssignLuke,
    Critical,
    Done,
    Fire,
    Harpoon,
    Move,
    Place,
    Walk,
)
from hothsim.assault.fire import SHIELD_GENERATOR
from hothsim.assault.game import AssaultGame, hit_probability
from hothsim.kernel.engine import Side
from hothsim.kernel.hexes import distance, hex_label

#: The evaluation's features, in the order `AssaultPolicy.features` gives them; each is weighed by the
#: weight `value_<name>`.
FEATURES = ("lean", "walkers", "march", "nearest_march", "siege", "imperial_units", "rebel_units",
            "transports", "force", "grid_down", "harpoons")
#: The march counted for a Walker that cannot walk (both legs hit) or the nearest when none stands.
NO_MARCH = 8.0

#: Decisions answered by the expert without search.
WITHOUT_SEARCH = ("place", "board", "luke")


class AssaultPolicy:
    """Assault on Hoth's answers to the search (see hothsim.ai.search.Policy)."""

    def __init__(self, weights: Weights) -> None:
        self.weights = weights
        self.expert = AssaultExpert(weights.assault)
        self.quick = AssaultExpert(weights.assault, fast=True)

    def immediate(self, game: AssaultGame, side: Side, rng: random.Random) -> Action | None:
        """Set-up, boarding and Luke's secret are the expert's; the rest is searched."""
        if game.pending.kind in WITHOUT_SEARCH:
            return self.expert.choose(game, rng)
        return None

    def play(self, game: AssaultGame, rng: random.Random) -> Action:
        """The expert's own choice (the `expert` player)."""
        return self.expert.choose(game, rng)

    def ranked(self, game: AssaultGame) -> list[tuple[float, Action]]:
        """The expert's scores of every legal action, best first."""
        return self.expert.ranked(game)

    def ranked_steps(self, game: AssaultGame) -> Steps[list[tuple[float, Action]]]:
        """`ranked`, in one part."""
        yield len(game.legal_actions())
        return self.ranked(game)

    def hasty(self, game: AssaultGame, rng: random.Random) -> Action:
        """The expert's quick rules' choice (its rollouts')."""
        return self.quick.choose(game, rng)

    def candidates(self, game: AssaultGame, ranked: list[tuple[float, Action]], limit: int) -> list[Action]:
        """The expert's best choices of each unit (its best two), best first, and ending the round."""
        out: list[Action] = []
        per_unit: dict[str | None, int] = {}
        for _, a in ranked:
            unit = unit_of(a)
            if per_unit.get(unit, 0) >= (2 if unit is not None else 1):
                continue
            per_unit[unit] = per_unit.get(unit, 0) + 1
            out.append(a)
            if len(out) >= limit:
                break
        done = [a for _, a in ranked if type(a) is Done]
        if done and done[0] not in out:
            out[-1:] = done[:1]
        return out

    def rollout(self, game: AssaultGame, rng: random.Random, side: Side) -> Action:
        """The expert's fast play: one unit at a time, its best choice if it is worth anything."""
        return self.quick.choose(game, rng)

    def rollout_steps(self, game: AssaultGame, rng: random.Random, side: Side,
                      acting: bool = False) -> Steps[Action]:
        """`rollout` in parts: the quick rules a unit a part (`AssaultExpert.choose_in_steps`); `acting`
        is not read (Assault's units have no activation the search watches)."""
        return (yield from self.quick.choose_in_steps(game, rng))

    def tempo(self, game: AssaultGame) -> int:
        """Action rounds begun."""
        return game.state.round

    def reached(self, start: int, now: int, side: Side, horizon: int, reply: bool) -> bool:
        """`horizon` action rounds begun since the decision (the sides' cards come mixed, so the other side
        usually acts within two)."""
        return now - start >= horizon

    def is_pass(self, action: Action) -> bool:
        """Ending the round."""
        return type(action) is Done

    def actor(self, game: AssaultGame, side: Side) -> str | None:
        """None: units act a card at a time, and no figure's activation is watched for the enemies' eyes."""
        return None

    def exposure(self, game: AssaultGame, figure: str) -> float | None:
        """None: the enemies' eyes are a skirmish's measure (and `actor` names no figure)."""
        return None

    feature_names = FEATURES
    weights_group = "assault"  # where the evaluation's weights live in Weights

    @property
    def coefficients(self) -> tuple[float, ...]:
        """The evaluation's weight of each feature."""
        return coefficients(self.weights.assault, FEATURES)

    def in_play(self, game: AssaultGame) -> bool:
        """Whether set-up is done and the game goes on (positions the evaluation is asked about)."""
        return game.state.stage not in ("setup", "over")

    def features(self, game: AssaultGame, side: Side) -> tuple[float, ...]:
        """What the evaluation weighs (FEATURES), each counted for the Empire and turned round for the
        Rebels: the Empire's own lean (1), the Walkers' strength in whole Walkers, the activations of
        walking they need (all of them, and the nearest's), the chance each would hit the Shield
        Generator from where it stands, the other units' points on each side, the Transports away,
        Luke's Force, the Power Grid down and the Walkers the Snowspeeders may expect to harpoon when
        the next Harpoon card comes (`harpoon_threat`)."""
        s = game.state
        w = self.weights.assault
        rules = game.rules
        strength = march = siege = others = rebels = 0.0
        nearest = NO_MARCH
        for u in s.units:
            if not u.alive:
                continue
            ut = rules.units[u.type]
            if ut.is_walker:
                strength += 1 - w.walker_hit / w.walker * (u.body + 0.5 * u.legs + 0.5 * u.blaster)
                if u.where == "map" and u.hex is not None:
                    left = self.expert.march(game, u.hex, u.facing)
                    need = left * (2.0 if u.legs == 1 else 1.0) if u.legs < 2 else NO_MARCH
                    march += need
                    nearest = min(nearest, need)
                    shot = game.shot(Fire(u.id, SHIELD_GENERATOR))
                    if not isinstance(shot, str):
                        siege += game.hit_chance(shot)
            elif u.side == "imperial":
                others += ut.fire + ut.armor
            else:
                rebels += ut.fire + ut.armor - (2 * u.body if ut.is_speeder else 0)
        sign = 1.0 if side == "imperial" else -1.0
        row = (1.0, strength, march, nearest, siege, others, rebels, float(s.transports), float(s.force),
               0.0 if s.power_grid else 1.0, self.harpoon_threat(game))
        return tuple(sign * x for x in row)

    def harpoon_threat(self, game: AssaultGame) -> float:
        """The Walkers the Snowspeeders with a gunner may expect to harpoon at the next Harpoon card: each
        Snowspeeder's best chance against a Walker it stands next to where that Walker will be then (the
        expert's `march_ahead`, weighed as the expert weighs it), without Luke's Force."""
        field = self.expert.battlefield(game)
        if not field.walkers:
            return 0.0
        rules, t = game.rules, game.terrain
        armor = rules.units["walker"].armor
        same, other = (float(hit_probability(d, armor)) for d in rules.harpoon_dice)
        total = 0.0
        for u in game.state.units:
            if u.where != "map" or u.hex is None or not u.gunner or not rules.units[u.type].is_speeder:
                continue
            total += max(sum(share * (same if t.range(u.hex, h) == 0 else other)
                             for h, share in self.expert.stops(game, field, w) if distance(u.hex, h) == 1)
                         for w in field.walkers)
        return total

    def evaluate(self, game: AssaultGame, side: Side) -> float:
        """How likely `side` is to win from here: 1 won, 0 lost, else a logistic of the features weighed
        by the weights' `value_*` (fitted to how games between experts end: benchmarks/fit.py)."""
        s = game.state
        over = s.stage == "over"
        return position_value(over, s.winner, side, self.coefficients, () if over else self.features(game, side))

    def explain(self, game: AssaultGame, action: Action, outcomes: Sequence[Any]) -> str:
        """Why, in the game's terms, never naming Luke's Snowspeeder while it is a secret."""
        s = game.state
        if isinstance(action, (Fire, Harpoon)):
            shot = game.shot(action)
            verb = "fires at" if isinstance(action, Fire) else "harpoons"
            odds = f": {round(100 * game.hit_chance(shot))}% to hit" if not isinstance(shot, str) else ""
            return f"{action.unit} {verb} {action.target}{odds}"
        if isinstance(action, Walk):
            walker = s.unit(action.unit)
            end, _ = game.walk_end(walker, action.steps)
            left = game.terrain.range(end, game.setup.field.shield_generator)
            return f"{action.unit} walks toward the Shield Generator: {left} macrohexes left"
        if isinstance(action, Move):
            return f"{action.unit} moves to {action.to}"
        if isinstance(action, Done):
            return "no more units act this round"
        if isinstance(action, AssignLuke):
            return "Luke is assigned to a Snowspeeder in secret"
        if isinstance(action, Armor):
            return f"Luke spends {action.points} Force on armor" if action.points else "no Force spent on armor"
        if isinstance(action, Critical):
            return "Luke spends a Force point against the critical hit" if action.spend else "the critical hit stands"
        if isinstance(action, Place):
            return f"{action.unit} is set up" + (f" at {hex_label(action.hex)}" if action.hex is not None else "")
        return action.notation()


def hint_guard(game: AssaultGame, choice: Choice) -> Choice:
    """A hint as the search gave it: Assault on Hoth has no stand-off rule that waiting could lose to."""
    return choice


def policy(weights: Weights) -> AssaultPolicy:
    """Assault on Hoth's policy with these weights."""
    return AssaultPolicy(weights)
