"""A competent Assault on Hoth player that looks no further than the unit it moves (docs/ai.md).

What it weighs:
- the Walkers march on the Shield Generator by their walking distance (hexes and turns of facing, in MPs,
  from `march_costs`: worked out once per map), and fire at the Shield Generator or the Power Grid whenever
  they can;
- every fire and harpoon by its exact chance to hit times what a hit is worth (a Walker's worth grows as it
  nears the Generator); Luke's Force only where the odds it buys are worth the points it costs (and his
  secret);
- Snowspeeders wait for the Harpoon card next to the Walkers, where each Walker's march will have taken
  it by then (the Walker move cards left in the turn say how far), the nearer the Generator the better;
  a Snowspeeder pushed aside goes next to where the Walker's walk ends;
  Rebel Troopers stand between the Walkers and the Generator; Snowtroopers follow the Walkers in;
- ending the round when no unit has anything worth doing (the Rebels play for time).
Scores are in the same points as the search's evaluation; `ranked` gives them all, best first, ties broken
by the action's notation (never by the order of the legal actions).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

from hothsim.ai.steps import Steps, at_once
from hothsim.ai.weights import AssaultWeights
from hothsim.assault.actions import (
    Action,
    Armor,
    Board,
    Choose,
    Critical,
    Displace,
    Fire,
    Harpoon,
    Move,
    Place,
    Repair,
    Walk,
)
from hothsim.assault.fire import POWER_GRID, SHIELD_GENERATOR, Shot
from hothsim.assault.game import AssaultGame, hit_probability
from hothsim.assault.movement import Terrain, march_costs, walk_hexes, walker_points, walker_step
from hothsim.assault.state import Unit
from hothsim.kernel.hexes import Hex, distance, in_field_of_fire, neighbour

Scored = tuple[float, Action]


@dataclass(frozen=True)
class Field:
    """One state's battlefield as the expert scores it: the Shield Generator, the Walkers' march costs, the
    Walkers on the map, how near each is to firing at the Generator and where each may stand when the next
    Harpoon card comes (the Snowspeeders wait for it there)."""

    gen: Hex
    costs: dict[tuple[Hex, int], int]
    walkers: tuple[Unit, ...]
    dangers: dict[str, float]  # each Walker's `danger`, by id
    ahead: float  # the walks the Walkers may expect before the next Harpoon card
    #: where each Walker may stand when the next Harpoon card comes, with the chances, by id (`stops`
    #: fills it as the Rebels ask: the Empire's choices never need it)
    places: dict[str, tuple[tuple[Hex, float], ...]] = field(default_factory=dict)
    here: dict[str, float] = field(default_factory=dict)  # each unit's place where it stands, as scored


class AssaultExpert:
    """Scores every legal action of an Assault on Hoth decision (see the module docstring)."""

    def __init__(self, weights: AssaultWeights, fast: bool = False) -> None:
        self.w = weights
        self.fast = fast
        self._field: tuple[Any, Field] | None = None  # `field` of the last state asked about

    def choose(self, game: AssaultGame, rng: random.Random) -> Action:
        """The best action now (Luke's Snowspeeder: at random, as any rule would be a tell)."""
        kind = game.pending.kind
        if kind == "luke":
            return rng.choice(sorted(game.legal_actions(), key=lambda a: a.notation()))
        if self.fast and kind == "act":
            return at_once(self._first_worth_doing(game))
        return self.ranked(game)[0][1]

    def choose_in_steps(self, game: AssaultGame, rng: random.Random) -> Steps[Action]:
        """`choose` in parts: the quick rules a unit a part (each part says how many of its actions it
        weighs, so a search's pace foresees it by what the expert's actions cost, not by all 800 of an
        action round); the expert's own choice in one part."""
        if self.fast and game.pending.kind == "act":
            return (yield from self._first_worth_doing(game))
        yield len(game.legal_actions())
        return self.choose(game, rng)

    def _first_worth_doing(self, game: AssaultGame) -> Steps[Action]:
        """Rollouts: the units in turn (by id), each taking its best choice if it is worth anything; the
        round ends when none has one."""
        mine: dict[str, list[Action]] = {}
        done: Action | None = None
        for a in game.legal_actions():
            unit = unit_of(a)
            if unit is None:
                done = a
            else:
                mine.setdefault(unit, []).append(a)
        for unit in sorted(mine):
            yield len(mine[unit])
            value, _, best = min((-self._act(game, a), a.notation(), a) for a in mine[unit])
            if value < 0:
                return best
        assert done is not None
        return done

    def ranked(self, game: AssaultGame) -> list[Scored]:
        """Every legal action with its score, best first."""
        legal = game.legal_actions()
        kind = game.pending.kind
        scorers: dict[str, Callable[[AssaultGame, Any], float]] = {  # each takes the actions of its decision
            "act": self._act, "place": self._place, "board": self._board, "displace": self._displace,
            "armor": self._armor, "critical": self._critical, "choose": self._choose, "repair": self._repair,
        }
        score = scorers.get(kind)
        scored = [(score(game, a) if score else 0.0, a) for a in legal]
        return sorted(scored, key=lambda sa: (-sa[0], sa[1].notation()))

    # ------------------------------------------------------------------ the march

    def siege_range(self, game: AssaultGame) -> int:
        """The farthest (in macrohexes) a whole Walker can hit the Shield Generator from, now."""
        s, rules = game.state, game.rules
        ins = rules.installations
        armor = ins.shield_generator if s.power_grid else ins.shield_generator_without_grid
        rough = 1 if game.terrain.terrain[game.setup.field.shield_generator] == "rough" else 0
        return max(0, rules.units["walker"].fire - rough - armor)

    def march(self, game: AssaultGame, where: Hex, facing: int) -> float:
        """Walker activations (fractional) still needed from a place to fire at the Shield Generator."""
        mp = self.battlefield(game).costs.get((where, facing))
        return (mp if mp is not None else 60) / game.rules.movement.points

    def danger(self, game: AssaultGame, walker: Unit) -> float:
        """How near a Walker is to bringing the Shield Generator down (1 when it can fire now, less with
        every activation still to walk)."""
        if walker.hex is None:
            return 0.0
        return 1.0 / (1.0 + self.march(game, walker.hex, walker.facing))

    def battlefield(self, game: AssaultGame) -> "Field":
        """What every option of one state is scored against, worked out once for that state (a rollout
        scores hundreds of moves in each)."""
        s = game.state
        kept = self._field
        if kept is not None and kept[0] is s:
            return kept[1]
        gen = game.setup.field.shield_generator
        costs = march_costs(game.rules, game.terrain, gen, self.siege_range(game))
        per = game.rules.movement.points
        walkers = tuple(w for w in s.units if w.type == "walker" and w.where == "map" and w.hex is not None)
        dangers = {w.id: 1.0 / (1.0 + costs.get((w.hex, w.facing), 60) / per) for w in walkers if w.hex is not None}
        made = Field(gen, costs, walkers, dangers, self.walks_before_harpoon(game))
        self._field = (s, made)
        return made

    def walks_before_harpoon(self, game: AssaultGame) -> float:
        """How many times the Walkers may expect to walk before the next Harpoon card, from the cards left
        in this turn's deck (their number of each kind is known to both players, never their order)."""
        cards = game.rules.action_cards
        left = [cards[i] for i in game.state.action_deck]
        walks = sum(1 for c in left if c.units == "walker" and "move" in c.actions)
        per_turn = sum(1 for c in cards if c.units == "walker" and "move" in c.actions)
        if any("harpoon" in c.actions for c in left):
            return walks / 2  # each Walker move card left comes before it or after it, evenly
        return walks + per_turn / 2

    def stops(self, game: AssaultGame, f: "Field", walker: Unit) -> tuple[tuple[Hex, float], ...]:
        """Where a Walker may stand when the next Harpoon card comes: its places after the whole walks
        below and above `f.ahead`, weighed by how near each is (worked out once a state)."""
        kept = f.places.get(walker.id)
        if kept is not None:
            return kept
        low = int(f.ahead)
        share = f.ahead - low
        path = self.march_path(game, walker, f.costs, low + (1 if share else 0))
        first, second = path[low], path[-1]
        made = ((first, 1.0),) if first == second else ((first, 1.0 - share), (second, share))
        f.places[walker.id] = made
        return made

    def march_ahead(self, game: AssaultGame, walker: Unit, costs: dict[tuple[Hex, int], int], walks: int) -> Hex:
        """Where a Walker stands after `walks` more walks if it marches the shortest way on the Shield
        Generator (where it stands, once it can fire at it or cannot walk): where a Snowspeeder waiting
        for the Harpoon card must expect it."""
        return self.march_path(game, walker, costs, walks)[-1]

    def march_path(self, game: AssaultGame, walker: Unit, costs: dict[tuple[Hex, int], int],
                   walks: int) -> list[Hex]:
        """Where a Walker stands now and after each of its next `walks` walks (`march_ahead`)."""
        assert walker.hex is not None
        mv = game.rules.movement
        h, f = walker.hex, walker.facing
        now = costs.get((h, f))
        path = [h]
        for _ in range(walks):
            left = walker_points(game.rules, walker)
            while now and left:
                steps = [(mv.walker_turn, h, (f + 1) % 6), (mv.walker_turn, h, (f - 1) % 6)]
                ahead = neighbour(h, f)
                if (ahead, f) in costs:
                    steps.insert(0, (walker_step(game.rules, game.terrain, ahead), ahead, f))
                best = next(((c, nh, nf) for c, nh, nf in steps
                             if c <= left and c + costs.get((nh, nf), 10**6) == now), None)
                if best is None:
                    break
                c, h, f = best
                left -= c
                now = costs[(h, f)]
            path.append(h)
        return path

    # ------------------------------------------------------------------ an action round

    def _act(self, game: AssaultGame, a: Action) -> float:
        if isinstance(a, Fire) or isinstance(a, Harpoon):
            return self._shot(game, a)
        if isinstance(a, Walk):
            return self._walk(game, a)
        if isinstance(a, Move):
            return self._move(game, a)
        return 0.0  # Done: nothing gained, nothing risked

    def target_value(self, game: AssaultGame, target: str, harpoon: bool = False) -> float:
        """What a hit on a target is worth."""
        w, s = self.w, game.state
        if target == SHIELD_GENERATOR:
            return w.shield_generator
        if target == POWER_GRID:
            return w.power_grid
        if not s.has_unit(target):
            return 0.0
        u = s.unit(target)
        ut = game.rules.units[u.type]
        if ut.is_walker:
            threat = w.walker * (1.0 + 3.0 * self.danger(game, u))  # what the Walker is worth to the Empire
            if harpoon:
                return threat + w.harpoon_bonus
            return threat * self.hit_share(game, u)
        return float(ut.fire + ut.armor)

    def hit_share(self, game: AssaultGame, walker: Unit) -> float:
        """The share of a Walker's threat a fire hit takes away, by the damage table: a blaster hit (it can
        no longer reach the Shield Generator's armor), a body hit (a third of the way to its end, or its
        end after two), a leg hit (slower), a critical hit (its end)."""
        table = game.rules.damage["walker"]
        share = 0.0
        for low, high, hit in table.rows:
            p = sum(1 for a in range(1, 7) for b in range(1, 7) if low <= a + b <= high) / 36
            if hit == "blaster" and walker.blaster >= table.blaster_steps:
                hit = "body"
            if hit == "legs" and walker.legs >= table.leg_steps:
                hit = "body"
            share += p * {"blaster": 0.9, "legs": 0.3, "critical": 1.0,
                          "body": 1.0 if walker.body + 1 >= table.body_steps else 1.0 / table.body_steps}[hit]
        return share

    def _shot(self, game: AssaultGame, a: Fire | Harpoon) -> float:
        shot = game.shot(a)
        if not isinstance(shot, Shot):
            return -1.0
        value = game.hit_chance(shot) * self.target_value(game, a.target, type(a) is Harpoon)
        if a.force:
            s = game.state
            value -= self.w.force_point * a.force * 3 + (0.0 if s.luke_revealed else 2.0)
        return value

    def _walk(self, game: AssaultGame, a: Walk) -> float:
        s = game.state
        walker = s.unit(a.unit)
        assert walker.hex is not None
        end, facing = game.walk_end(walker, a.steps)
        gained = self.march(game, walker.hex, walker.facing) - self.march(game, end, facing)
        value = self.w.march * gained
        gen = game.setup.field.shield_generator
        if in_field_of_fire(end, facing, gen):
            value += 0.5 + 0.1 * max(0, self.siege_range(game) + 2 - game.terrain.range(end, gen))
        return value - 0.01 * len(a.steps)  # of equal walks, the shorter

    def _move(self, game: AssaultGame, a: Move) -> float:
        s = game.state
        u = s.unit(a.unit)
        ut = game.rules.units[u.type]
        t = game.terrain
        f = self.battlefield(game)
        if not a.to[:1].isdigit():  # into the Base Box, or aboard a Walker
            return 0.5 if u.side == "imperial" else 0.1
        to = t.hex_at[a.to]
        here = u.hex
        if u.side == "imperial":
            if here is None:
                return 0.5
            return 0.5 * (t.range(here, f.gen) - t.range(to, f.gen))
        if not f.walkers:
            return 0.0 if here is None else 0.2 * (t.range(here, f.gen) - t.range(to, f.gen))
        place = self._speeder_place if ut.is_speeder else self._trooper_place
        now = f.here.get(u.id)
        if now is None:
            now = f.here[u.id] = place(game, here, f) if here else 0.0
        return place(game, to, f) - now

    def _speeder_place(self, game: AssaultGame, at: Hex, f: "Field") -> float:
        """A Snowspeeder's place: next to the Walker best for it where that Walker will stand at the next
        Harpoon card (`_beside`), not over a cliff, out of the Walkers' fields of fire."""
        t = game.terrain
        value = max(self._beside(t, at, f.dangers[w.id], self.stops(game, f, w)) for w in f.walkers)
        if t.terrain.get(at) == "cliff":
            value -= 1.0  # it can neither fire nor harpoon from over a cliff
        for w in f.walkers:
            if w.hex is not None and in_field_of_fire(w.hex, w.facing, at):
                value -= 0.4 if t.range(w.hex, at) <= 2 else 0.1
        return value

    def _beside(self, t: Terrain, at: Hex, danger: float, places: tuple[tuple[Hex, float], ...]) -> float:
        """A Snowspeeder's place against one Walker: next to it (in its macrohex, five harpoon dice, not
        four) when the Harpoon card comes, wherever its march will have taken it by then, the nearer the
        more that Walker threatens the Generator."""
        w = self.w
        value = w.speeder_danger * danger
        value -= min(w.speeder_hunt * t.range(at, h) + 0.05 * distance(at, h) for h, _ in places)
        for h, share in places:
            if distance(at, h) == 1:
                value += share * (w.speeder_adjacent * (0.5 + danger)
                                  + (w.speeder_same_macrohex if t.range(at, h) == 0 else 0.0))
        return value

    def _trooper_place(self, game: AssaultGame, at: Hex, f: "Field") -> float:
        """A Rebel Trooper's place: near the Shield Generator, in the Walkers' way but not in their fire."""
        t = game.terrain
        value = -self.w.trooper_block * t.range(at, f.gen)
        for w in f.walkers:
            if w.hex is not None and in_field_of_fire(w.hex, w.facing, at) and t.range(w.hex, at) <= 2:
                value -= 0.5
        return value

    # ------------------------------------------------------------------ the other decisions

    def _place(self, game: AssaultGame, a: Place) -> float:
        """Set-up: as near the Shield Generator as the zone allows; a Walker facing it on the shortest march."""
        if a.hex is None:
            return -1.0  # the Base Box
        gen = game.setup.field.shield_generator
        if a.facing is not None:
            return -self.march(game, a.hex, a.facing)
        f = self.battlefield(game)
        if f.walkers and game.rules.units[game.state.unit(a.unit).type].is_speeder:
            return self._speeder_place(game, a.hex, f)
        return -float(game.terrain.range(a.hex, gen))

    def _board(self, game: AssaultGame, a: Board) -> float:
        """A Snowtrooper boards the Walker with the shortest march and the most room."""
        s = game.state
        w = s.unit(a.walker)
        return self.danger(game, w) - 0.1 * len(s.carried(w.id))

    def _displace(self, game: AssaultGame, a: Displace) -> float:
        """A pushed Snowspeeder goes next to where the Walker's walk ends, out of its field of fire there,
        or further along the walk's way, to be pushed aside again and choose again there."""
        wm = game.state.walker_move
        if wm is None:
            return 0.0
        walker = game.state.unit(wm.walker)
        end, facing = game.walk_end(walker, wm.steps_left)  # where the walk it interrupts ends
        if a.hex in walk_hexes(walker, wm.steps_left):
            return 1.9  # as good as next to the end in the end, a little less sure
        beside = 2.0 if distance(a.hex, end) == 1 else 0.0
        return beside - (1.0 if in_field_of_fire(end, facing, a.hex) else 0.0)

    def _armor(self, game: AssaultGame, a: Armor) -> float:
        """Luke's Force on armor: enough to make the coming fire unlikely to hit, no more."""
        s = game.state
        fire = s.fire
        if fire is None:
            return -a.points
        armor = game.rules.units[s.unit(fire.target).type].armor + s.luke_armor + a.points
        survive = 1.0 - float(hit_probability(fire.dice, armor))
        return 12.0 * survive - self.w.force_point * 2 * a.points

    def _critical(self, game: AssaultGame, a: Critical) -> float:
        """A Force point turns a critical hit on Luke into a body hit: always worth it."""
        return 1.0 if a.spend else 0.0

    def _choose(self, game: AssaultGame, a: Choose) -> float:
        """The Snowspeeder an Event helps: the one nearest the Walker it hunts, its gunner alive."""
        s = game.state
        u = s.unit(a.unit)
        walkers = [w for w in s.units if w.type == "walker" and w.where == "map" and w.hex is not None]
        if u.hex is None or not walkers:
            return 0.0
        near = min(game.terrain.range(u.hex, w.place) for w in walkers)
        return (1.0 if u.gunner else 0.0) - 0.1 * near

    def _repair(self, game: AssaultGame, a: Repair) -> float:
        """Repair the Walker nearest the Generator, legs first (a slowed Walker loses the race)."""
        s = game.state
        w = s.unit(a.unit)
        return self.danger(game, w) + {"legs": 0.3, "blaster": 0.2, "body": 0.1}.get(a.marker, 0.0)


def unit_of(action: Action) -> str | None:
    """The unit an action moves or fires with (None for Done and the other decisions)."""
    return action.about().actor

