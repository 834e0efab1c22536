"""How the computer plays Assault on Hoth: candidates, quick rollout rules, the evaluation and its words.

The evaluation is the race the game is: the Walkers' march on the Shield Generator (macrohexes still to
go, and what they can still do with their damage) against the Transports clock (each Transports Away!
drawn brings the Rebels nearer to winning), plus what each side still has on the map and Luke's Force.
Luke's Snowspeeder is only ever known through the observation: the Imperial side's games put him in one
of the Snowspeeders he may be flying.
"""

from __future__ import annotations

import random
from typing import Any, Hashable, Sequence

from hothsim.assault.actions import (
    Armor,
    AssignLuke,
    Critical,
    Done,
    Fire,
    Harpoon,
    Move,
    Place,
    Reshuffle,
    Walk,
)
from hothsim.assault.fire import SHIELD_GENERATOR
from hothsim.kernel.engine import Side
from hothsim.kernel.hexes import hex_label, in_field_of_fire

WIN = 1_000.0  # a won game: more than any position is worth, yet not so much that luck drowns all else
WALKER_WORTH = 12.0  # a whole Walker, before damage
MARCH = 2.5  # per macrohex a Walker still has to go to the Shield Generator
TRANSPORT = 6.0  # per Transport away
FORCE_POINT = 0.4
TARGET_WORTH = {"shield-generator": 40.0, "power-grid": 12.0}
#: What a Walker's aim at the Shield Generator is worth, times the chance a fire from where it stands hits
#: (facing it, near it, and with the Power Grid down all raise the chance).
SIEGE = 25.0
GRID_DOWN = 4.0


class AssaultPolicy:
    """Assault on Hoth's answers to the search (see hothsim.ai.search.Policy)."""

    def immediate(self, game: Any, side: Side, rng: random.Random) -> Any | None:
        """Set-up and Luke's secret are decided by rule of thumb; the rest is searched."""
        kind = game.pending.kind
        if kind in ("place", "board", "luke"):
            return self.rollout(game, rng)
        return None

    def candidates(self, game: Any, side: Side, limit: int) -> list[Any]:
        """The legal actions worth searching, best first by the quick score (ending the round always kept)."""
        legal = game.legal_actions()
        goals: dict[str, Any] = {}
        scored = sorted(((self._quick(game, a, goals), i, a) for i, a in enumerate(legal)), key=lambda t: (-t[0], t[1]))
        out = [a for _, _, a in scored[:limit]]
        done = [a for a in legal if type(a) is Done]
        if done and done[0] not in out:
            out[-1:] = done
        return out

    def _quick(self, game: Any, action: Any, goals: dict[str, Any]) -> float:
        """A score without applying the action; `goals` remembers each unit's goal and its range from it for
        one decision (every Move of a unit heads for the same place, and finding it scans the Walkers)."""
        s = game.state
        t = type(action)
        if t is Move:  # most of the actions scored
            head = goals.get(action.unit)
            if head is None:
                unit = s.unit(action.unit)
                goal = _goal(game, unit)
                away = None if goal is None or unit.hex is None else game.terrain.range(unit.hex, goal)
                head = goals[action.unit] = (goal, away)
            goal, away = head
            if away is None or not action.to[:1].isdigit():
                return 0.1  # into the Base Box or aboard a Walker: shelter
            return 0.5 * (away - game.terrain.range(game.terrain.hex_at[action.to], goal))
        if t in (Fire, Harpoon):
            shot = game.shot(action)
            if isinstance(shot, str):
                return -1.0
            return game.hit_chance(shot) * target_worth(game, action.target) - FORCE_POINT * action.force
        if t is Walk:
            walker = s.unit(action.unit)
            end, facing = game.walk_end(walker, action.steps)
            gen = game.setup.field.shield_generator
            before = game.terrain.range(walker.hex, gen)
            after = game.terrain.range(end, gen)
            aim = 1.0 if in_field_of_fire(end, facing, gen) else 0.0
            return MARCH * (before - after) + aim
        if t is Done:
            return -0.5
        if t is Armor:
            return -FORCE_POINT * action.points
        if t is Critical:
            return 1.0 if action.spend else 0.0
        if t is Reshuffle:
            return 1.0 if action.yes else 0.0
        if t is Place:
            return -_place_distance(game, action)
        return 0.0

    def rollout(self, game: Any, rng: random.Random) -> Any:
        """Quick rules: the likeliest worthwhile shot, else the Walker's best stride, else done."""
        legal = game.legal_actions()
        kind = game.pending.kind
        goals: dict[str, Any] = {}
        if kind == "luke":
            return rng.choice(legal)
        if kind == "board":
            return legal[0]
        if kind == "place":
            unit = legal[0].unit
            return max((a for a in legal if a.unit == unit), key=lambda a: (self._quick(game, a, goals), rng.random()))
        if kind == "act":
            # One unit at a time, in the listed order, scoring only its own choices (rollouts must be quick).
            first = next((a.unit for a in legal if type(a) is not Done), None)
            mine = [a for a in legal if type(a) is not Done and a.unit == first]
            best = max(enumerate(mine), key=lambda ia: (self._quick(game, ia[1], goals), -ia[0]), default=(0, None))[1]
            return best if best is not None else next(a for a in legal if type(a) is Done)
        return max(enumerate(legal), key=lambda ia: (self._quick(game, ia[1], goals), -ia[0]))[1]

    def tempo(self, game: Any) -> Hashable:
        """The action round in progress."""
        s = game.state
        return (s.stage, s.round)

    def evaluate(self, game: Any, side: Side) -> float:
        """The Walkers' march and strength against the Transports clock and the Rebel forces (Imperial's
        view, turned round for the Rebels)."""
        s = game.state
        if s.stage == "over":
            return 0.0 if s.winner is None else (WIN if s.winner == side else -WIN)
        rules = game.rules
        gen = game.setup.field.shield_generator
        imperial = 0.0
        for u in s.units:
            if not u.alive:
                continue
            ut = rules.units[u.type]
            if ut.is_walker:
                worth = WALKER_WORTH - 4 * u.body - 2 * u.legs - 2 * u.blaster
                if u.where == "map" and u.hex is not None:
                    worth -= MARCH * game.terrain.range(u.hex, gen) * (0.5 if u.legs >= 2 else 1.0)
                    shot = game.shot(Fire(u.id, SHIELD_GENERATOR))
                    if not isinstance(shot, str):
                        worth += SIEGE * game.hit_chance(shot)
                imperial += worth
            else:
                worth = ut.fire + ut.armor - (2 * u.body if ut.is_speeder else 0)
                imperial += worth if u.side == "imperial" else -worth
        imperial -= TRANSPORT * s.transports + FORCE_POINT * s.force
        if not s.power_grid:
            imperial += GRID_DOWN
        return imperial if side == "imperial" else -imperial

    def explain(self, game: Any, action: Any, outcomes: Sequence[Any]) -> str:
        """Why, in the game's terms, never naming Luke's Snowspeeder while it is a secret."""
        s = game.state
        t = type(action)
        if t in (Fire, Harpoon):
            shot = game.shot(action)
            verb = "fires at" if t is Fire else "harpoons"
            odds = f": {round(100 * game.hit_chance(shot))}% to hit" if not isinstance(shot, str) else ""
            return f"{action.unit} {verb} {action.target}{odds}"
        if t is Walk:
            walker = s.unit(action.unit)
            end, _ = game.walk_end(walker, action.steps)
            left = game.terrain.range(end, game.setup.field.shield_generator)
            return f"{action.unit} walks toward the Shield Generator: {left} macrohexes left"
        if t is Move:
            return f"{action.unit} moves to {action.to}"
        if t is Done:
            return "no more units act this round"
        if t is AssignLuke:
            return "Luke is assigned to a Snowspeeder in secret"
        if t is Armor:
            return f"Luke spends {action.points} Force on armor" if action.points else "no Force spent on armor"
        if t is Critical:
            return "Luke spends a Force point against the critical hit" if action.spend else "the critical hit stands"
        if t is Place:
            return f"{action.unit} is set up" + (f" at {hex_label(action.hex)}" if action.hex is not None else "")
        return action.notation()


def target_worth(game: Any, target: str) -> float:
    """What hitting a target is worth: the installations by the game's stakes, a unit by its strength."""
    if target in TARGET_WORTH:
        return TARGET_WORTH[target]
    s = game.state
    if not s.has_unit(target):
        return 0.0
    ut = game.rules.units[s.unit(target).type]
    return WALKER_WORTH / 3 if ut.is_walker else float(ut.fire + ut.armor)


def _goal(game: Any, unit: Any) -> Any:
    """Where a unit that is not a Walker heads: Imperials for the Shield Generator, Rebels for the nearest
    Walker (the Snowspeeders hunt them; Troopers stand in their way)."""
    gen = game.setup.field.shield_generator
    if unit.side == "imperial":
        return gen
    walkers = [u.hex for u in game.state.units if u.type == "walker" and u.where == "map" and u.hex is not None]
    if not walkers or unit.hex is None:
        return gen
    return min(walkers, key=lambda h: (game.terrain.range(unit.hex, h), h))


def _place_distance(game: Any, action: Place) -> float:
    """Set-up: every unit as near the Shield Generator as its zone allows (the Walkers facing it)."""
    if action.hex is None:
        return 1.0  # the Base Box
    gen = game.setup.field.shield_generator
    far = float(game.terrain.range(action.hex, gen))
    if action.facing is not None and not in_field_of_fire(action.hex, action.facing, gen):
        far += 2
    return far


#: What the search uses for Assault on Hoth.
POLICY = AssaultPolicy()
