"""The legal actions of an action round (rulebook sections 5-7): every move, fire and harpoon the round's
units may make, unit by unit, in a fixed order.

An action round lists some 350 actions, and a game lists them after nearly every decision, so what can be
made once is: each unit's Move to each end is kept on the setup (shared by a game's copies and the games
the computer imagines from it), each Walker's walks per place, facing, MPs and the Walkers near it, and the
actions found when the game asks whether any unit can act are kept for listing that same state's actions,
which always comes next.  `tests/test_assault_rules.py` compares what is listed with the movement and fire
rules written plainly (the reach less the occupied hexes, `walker_walks`, `plan_fire`).
"""

from __future__ import annotations

from itertools import filterfalse

from typing import TYPE_CHECKING, Callable, Literal

from hothsim.assault.actions import Action, Fire, Harpoon, Move, Walk
from hothsim.assault.fire import (
    POWER_GRID,
    SHIELD_GENERATOR,
    Shot,
    fire_strength,
    plan_fire,
    plan_harpoon,
    target_marks,
    within_reach,
)
from hothsim.assault.movement import Terrain, imperial_held, move_extras, move_reach, walker_points, walker_walks
from hothsim.assault.rules import AssaultRules
from hothsim.assault.state import AssaultState, Unit
from hothsim.kernel.engine import Side, other
from hothsim.kernel.hexes import Hex, distance

if TYPE_CHECKING:
    from hothsim.assault.setup import Setup


# ---------------------------------------------------------------------- who acts (5.2 action cards)

def acting(rules: AssaultRules, s: AssaultState) -> tuple[Side | Literal["none"], tuple[str, ...], bool]:
    """(side, actions allowed, single unit only) of the round in progress."""
    if s.special is not None and s.special.effect == "veers":
        return "imperial", ("move", "fire"), True
    if s.special is not None and s.special.effect == "rally":
        return "rebel", ("move",), False
    assert s.card is not None
    card = rules.action_card(s.card)
    return card.side, card.actions, False


def round_units(rules: AssaultRules, s: AssaultState) -> Callable[[Unit], bool]:
    """The test of whether a unit belongs to the round's units and has not acted yet, made once for a
    state (listing the actions asks it of every unit)."""
    acted, units = s.acted, rules.units
    if s.special is not None and s.special.effect == "veers":
        return lambda u: u.id not in acted and u.alive and u.where == "map" and units[u.type].is_walker
    if s.special is not None and s.special.effect == "rally":
        return lambda u: (u.side == "rebel" and u.id not in acted and u.alive and u.where == "base"
                          and units[u.type].trooper)
    assert s.card is not None  # the round's units are asked of a round in progress, whose card is drawn
    card = rules.action_card(s.card)
    side, kind = card.side, card.units
    if kind == "troopers":
        return lambda u: (u.side == side and u.id not in acted and u.alive and u.where != "reserve"
                          and units[u.type].trooper)
    return lambda u: u.side == side and u.type == kind and u.id not in acted and u.alive and u.where != "reserve"


def round_title(rules: AssaultRules, s: AssaultState) -> str:
    """What the action round of `s` is about, e.g. 'Imperial: Walkers Move'."""
    if s.special is not None:
        return {"veers": "Veers Takes Command: one Walker may move or fire",
                "rally": "Rebel Rally: Troopers in the Base may move"}.get(s.special.effect, s.special.effect)
    if s.card is None:
        return "setting up"
    return rules.action_card(s.card).title()


def plan_shot(rules: AssaultRules, terrain: Terrain, s: AssaultState, action: Fire | Harpoon) -> Shot | str:
    """The dice and armor of a fire or harpoon in `s`, or why it is not possible."""
    if not s.has_unit(action.unit):
        return f"there is no unit {action.unit}"
    u = s.unit(action.unit)
    if isinstance(action, Harpoon):
        return plan_harpoon(rules, terrain, s, u, action.target, action.force)
    return plan_fire(rules, terrain, s, u, action.target, action.force)


# ---------------------------------------------------------------------- what they may do

class RoundActions:
    """The unit actions of one game's action rounds."""

    def __init__(self, setup: "Setup", terrain: Terrain) -> None:
        self.setup = setup
        self.rules = setup.rules
        self.terrain = terrain
        # Each Walker's walks by where it stands and what could bar it (`walks_of`), shared with the game's
        # copies.
        self.walks: dict[tuple[str, Hex, int, int, frozenset[Hex]], tuple[Action, ...]] = {}
        # The actions `can_act` last found, and the state they are of.
        self._kept: tuple[AssaultState, list[Action]] | None = None

    def can_act(self, s: AssaultState) -> bool:
        """Whether any unit of the round has anything to do.  The actions found are kept for listing the
        legal actions of this same state, which comes next whenever the answer is yes."""
        actions = self.of(s)
        self._kept = (s, actions)
        return bool(actions)

    def listed(self, s: AssaultState) -> list[Action]:
        """The round's unit actions in this state (those `can_act` found, when it was asked of it)."""
        kept = self._kept
        return kept[1] if kept is not None and kept[0] is s else self.of(s)

    def of(self, s: AssaultState) -> list[Action]:
        """Every move, fire and harpoon the round's units may make, unit by unit, in a fixed order."""
        side, allowed, _ = acting(self.rules, s)
        rules, t = self.rules, self.terrain
        occupied = s.occupied()
        held = imperial_held(occupied)
        marks = None
        belongs = round_units(rules, s)
        out: list[Action] = []
        for u in s.units:
            if not belongs(u):
                continue
            ut = rules.units[u.type]
            if "move" in allowed:
                if ut.is_walker:
                    if u.where == "map":
                        out.extend(self.walks_of(s, u))
                else:
                    out.extend(self.moves_of(s, u, occupied, held))
            if "fire" in allowed and u.where == "map":
                if marks is None:
                    marks = target_marks(rules, t, s, self.targets(s)[side])
                most = s.force if u.id == s.luke else 0
                most_dice = fire_strength(rules, s, u)[0] + most
                for target in within_reach(t, u, marks, most_dice):
                    out.extend(Fire(u.id, target, n) for n in self.force_options(s, u, target, most))
            if "harpoon" in allowed and ut.is_speeder and u.where == "map" and u.gunner:
                assert u.hex is not None
                for n in t.near[u.hex]:
                    w = occupied.get(n)
                    if w is not None and w.type == "walker":
                        for f in range(0, (s.force if u.id == s.luke else 0) + 1):
                            if isinstance(plan_harpoon(rules, t, s, u, w.id, f), Shot):
                                out.append(Harpoon(u.id, w.id, f))
        return out

    def walks_of(self, s: AssaultState, walker: Unit) -> tuple[Action, ...]:
        """A Walker's legal walks as `walker_walks` lists them, made once a game for each hex, facing, MPs
        and other Walkers it could walk into (the only units that bar a walk; one farther away than its MPs
        cannot matter, as every forward step costs at least one)."""
        mp = walker_points(self.rules, walker)
        if mp == 0 or walker.hex is None:
            return ()
        at = walker.hex
        near = frozenset(w.hex for w in s.units if w.type == "walker" and w.where == "map" and w.id != walker.id
                         and w.hex is not None and distance(w.hex, at) <= mp)
        key = (walker.id, at, walker.facing, mp, near)
        walks = self.walks.get(key)
        if walks is None:
            walks = self.walks[key] = tuple(Walk(walker.id, st) for st in walker_walks(self.rules, self.terrain, s, walker))
        return walks

    def moves_of(self, s: AssaultState, u: Unit, occupied: dict[Hex, Unit], held: set[Hex]) -> list[Action]:
        """A unit's legal Moves (not a Walker's): the hexes of its reach no unit stands on, then the Base Box
        or a Walker to board (`move_extras`), each Move value made once per setup (`Setup.moves`)."""
        rules, t = self.rules, self.terrain
        cost = move_reach(rules, t, s, u, held)
        if cost is None:
            return []
        made = self.setup.moves.get(u.id)
        if made is None:
            made = self.setup.moves[u.id] = {}
        # The unit's own hex is occupied by it, so `h not in occupied` also keeps it from "moving" in place.
        try:  # the hot line of a playout: looked up in C, not hex by hex in Python
            out: list[Action] = list(map(made.__getitem__, filterfalse(occupied.__contains__, cost)))
        except KeyError:
            label = t.label
            for h in cost:
                if h not in made:
                    made[h] = Move(u.id, label[h])
            out = list(map(made.__getitem__, filterfalse(occupied.__contains__, cost)))
        for token in move_extras(rules, t, s, u, cost, held):
            move = made.get(token)
            if move is None:
                move = made[token] = Move(u.id, token)
            out.append(move)
        return out

    def force_options(self, s: AssaultState, u: Unit, target: str, most: int) -> range:
        """The Force points (0 to `most`) with which a fire at a target is possible: more dice never hurt, so
        it is every number from the fewest that reach the armor."""
        rules, t = self.rules, self.terrain
        shot = plan_fire(rules, t, s, u, target)
        if isinstance(shot, Shot):
            return range(most + 1)
        if not most or not shot.startswith("impossible"):
            return range(0)
        best = plan_fire(rules, t, s, u, target, most)
        if not isinstance(best, Shot):
            return range(0)
        return range(best.armor - (best.dice - most), most + 1)

    def targets(self, s: AssaultState) -> dict[str, list[str]]:
        """Enemy units on the map (and the installations for the Imperial player), by firing side."""
        out: dict[str, list[str]] = {"rebel": [], "imperial": []}
        for u in s.units:
            if u.where == "map":
                out[other(u.side)].append(u.id)
        if s.power_grid:
            out["imperial"].append(POWER_GRID)
        if s.shield_generator:
            out["imperial"].append(SHIELD_GENERATOR)
        return out
