"""Firing at the enemy (rulebook section 7): fire strength, range, rough, the field of fire, harpoons,
and what a hit does (the damage tables).

Dice = fire strength - range (macrohexes) - 1 if the target is a Laser Tower, AT-ST or Trooper (or the
Shield Generator) in rough.  A hit needs as many relevant symbols (Sabers for the Rebel, Vaders for the
Imperial player) as the target's armor; a shot with fewer dice than that is refused before rolling.
"""

from __future__ import annotations

from dataclasses import dataclass

from hothsim.assault.movement import Terrain
from hothsim.assault.rules import AssaultRules
from hothsim.assault.state import AssaultState, Unit
from hothsim.kernel.engine import Event
from hothsim.kernel.hexes import Hex, distance, in_field_of_fire
from hothsim.kernel.values import replace
from hothsim.kernel.words import count

SHIELD_GENERATOR = "shield-generator"
POWER_GRID = "power-grid"
INSTALLATIONS = (SHIELD_GENERATOR, POWER_GRID)


@dataclass(frozen=True)
class Shot:
    """A fire (or harpoon) worked out before rolling: how many dice, against what armor, and why."""

    dice: int
    armor: int
    range: int
    parts: tuple[str, ...]  # the modifiers in words, for the log and the prompt

    def explain(self) -> str:
        """`6 fire -2 range -1 rough = 3 dice vs armor 2`."""
        return " ".join(self.parts) + f" = {count(self.dice, 'die', 'dice')} vs armor {self.armor}"


def target_hex(t: Terrain, s: AssaultState, target: str) -> Hex | None:
    """Where a target stands (installations included), or None when it is not on the map."""
    if target == SHIELD_GENERATOR:
        return t.bf.shield_generator if s.shield_generator else None
    if target == POWER_GRID:
        return t.bf.power_grid if s.power_grid else None
    if not s.has_unit(target):
        return None
    u = s.unit(target)
    return u.hex if u.where == "map" else None


def armor_of(rules: AssaultRules, s: AssaultState, target: str) -> int:
    """The target's armor now: Luke's Force armor included, the Shield Generator weaker without the Grid."""
    ins = rules.installations
    if target == SHIELD_GENERATOR:
        return ins.shield_generator if s.power_grid else ins.shield_generator_without_grid
    if target == POWER_GRID:
        return ins.power_grid
    u = s.unit(target)
    return rules.units[u.type].armor + (s.luke_armor if target == s.luke else 0)


def takes_cover(rules: AssaultRules, s: AssaultState, target: str) -> bool:
    """Whether rough terrain costs a firer one die against this target: Laser Towers, AT-STs and Troopers
    (7.1), and the Shield Generator ("it *does* benefit from being there", 10).  The rulebook says nothing
    of the kind for the Power Grid, so rough does not protect it."""
    if target == SHIELD_GENERATOR:
        return True
    if target == POWER_GRID:
        return False
    return rules.units[s.unit(target).type].rough_cover


def fire_strength(rules: AssaultRules, s: AssaultState, firer: Unit) -> tuple[int, list[str]]:
    """The firer's fire strength before range and terrain, with its modifiers in words."""
    ut = rules.units[firer.type]
    f = ut.fire
    parts = [f"{f} fire"]
    if ut.is_walker and firer.blaster == 1:
        pen = rules.damage["walker"].blaster_penalty
        f -= pen
        parts.append(f"-{pen} blaster damage")
    if ut.is_speeder and not firer.gunner:
        pen = rules.damage["speeder"].gunner_penalty
        f -= pen
        parts.append(f"-{pen} gunner killed")
    if s.hotshot == firer.id and firer.gunner:
        f += rules.effects.hotshot_bonus
        parts.append(f"+{rules.effects.hotshot_bonus} Hotshot Gunner")
    if s.force_aided == firer.id:
        f += rules.effects.force_bonus
        parts.append(f"+{rules.effects.force_bonus} The Force")
    return f, parts


def may_fire(rules: AssaultRules, t: Terrain, firer: Unit) -> str | None:
    """Why this unit cannot fire at all now (None when it can)."""
    if firer.where != "map":
        return {"base": "Troopers in the Base Box never fire", "aboard": "Snowtroopers aboard a Walker never fire"
                }.get(firer.where, "the unit is not on the map")
    ut = rules.units[firer.type]
    if ut.is_speeder and t.terrain[firer.place] == "cliff":
        return "a Snowspeeder over a cliff can neither fire nor be fired at"
    if ut.is_walker and firer.blaster >= rules.damage["walker"].blaster_steps:
        return "the Walker's blasters are destroyed"
    return None


def plan_fire(rules: AssaultRules, t: Terrain, s: AssaultState, firer: Unit, target: str, force: int = 0,
              ) -> Shot | str:
    """The shot a unit would make at a target, or why it may not fire at it."""
    why = may_fire(rules, t, firer)
    if why:
        return why
    if force and (firer.id != s.luke or force > s.force):
        return "only Luke's Snowspeeder spends Force points, and no more than he has"
    th = target_hex(t, s, target)
    if target in INSTALLATIONS:
        if firer.side != "imperial":
            return "only the Imperial player fires at the Shield Generator and the Power Grid"
        if th is None:
            return "it is already destroyed"
    else:
        if not s.has_unit(target):
            return f"there is no unit {target}"
        tu = s.unit(target)
        if tu.side == firer.side:
            return "a unit fires only at the enemy"
        if tu.where != "map" or th is None:
            return {"base": "Troopers in the Base Box cannot be fired at",
                    "aboard": "Snowtroopers aboard a Walker cannot be fired at"}.get(tu.where, "it is not on the map")
        if rules.units[tu.type].is_speeder and t.terrain[th] == "cliff":
            return "a Snowspeeder over a cliff can neither fire nor be fired at"
    assert firer.hex is not None and th is not None
    if rules.units[firer.type].is_walker and not in_field_of_fire(firer.hex, firer.facing, th):
        return "the target is outside the Walker's field of fire"
    rng = t.range(firer.hex, th)
    if s.snowstorm and rng >= rules.effects.snowstorm_range:
        return f"the Snowstorm hides targets {rules.effects.snowstorm_range} or more macrohexes away"
    f, parts = fire_strength(rules, s, firer)
    if force:
        f += force
        parts.append(f"+{force} Luke's Force")
    if rng:
        parts.append(f"-{rng} range")
    dice = f - rng
    if t.terrain[th] == "rough" and takes_cover(rules, s, target):
        dice -= 1
        parts.append("-1 rough")
    armor = armor_of(rules, s, target)
    if dice < armor:
        return f"impossible shot: {count(max(dice, 0), 'die', 'dice')} can never roll the {armor} symbols the armor needs"
    return Shot(dice, armor, rng, tuple(parts))


def standing_at(s: AssaultState, unit: str, at: Hex, facing: int | None = None) -> AssaultState:
    """The state with a unit standing on a hex (a Walker facing `facing`, if given): for asking what would
    follow if it moved or walked there."""
    u = s.unit(unit)
    return s.with_unit(replace(u, hex=at, where="map", facing=u.facing if facing is None else facing))


def threats(rules: AssaultRules, t: Terrain, s: AssaultState, unit: str, at: Hex) -> list[tuple[str, Shot]]:
    """The enemy units that could fire on `unit` were it to stand on `at`, each with its shot (a Walker only
    into its field of fire as it faces now): the fire threat on that hex for the next action round that
    lets them fire."""
    there = standing_at(s, unit, at)
    side = there.unit(unit).side
    out = []
    for e in there.units:
        if e.side != side and e.alive and e.where == "map" and e.hex is not None:
            shot = plan_fire(rules, t, there, e, unit)
            if isinstance(shot, Shot):
                out.append((e.id, shot))
    return out


def shots_from(rules: AssaultRules, t: Terrain, s: AssaultState, unit: str, at: Hex, facing: int | None = None
               ) -> list[tuple[str, Shot]]:
    """The targets `unit` could fire on were it to stand on `at` (a Walker facing `facing`): its field of
    fire from there, as shots."""
    there = standing_at(s, unit, at, facing)
    u = there.unit(unit)
    targets = [e.id for e in there.units if e.side != u.side and e.alive and e.where == "map" and e.hex is not None]
    if u.side == "imperial":
        targets += [name for name in INSTALLATIONS if target_hex(t, there, name) is not None]
    out = []
    for target in targets:
        shot = plan_fire(rules, t, there, u, target)
        if isinstance(shot, Shot):
            out.append((target, shot))
    return out


def target_marks(rules: AssaultRules, t: Terrain, s: AssaultState, targets: list[str],
                 ) -> list[tuple[str, tuple[int, int] | None, int]]:
    """For `within_reach`: each target with its macrohex (None when it is not on the map) and its armor now,
    worked out once for every firer of a listing."""
    out: list[tuple[str, tuple[int, int] | None, int]] = []
    for target in targets:
        th = target_hex(t, s, target)
        out.append((target, None if th is None else t.macro[th], armor_of(rules, s, target)))
    return out


def within_reach(t: Terrain, firer: Unit, marks: list[tuple[str, tuple[int, int] | None, int]], most_dice: int,
                 ) -> list[str]:
    """The targets a fire could reach: all but those whose armor is more than `most_dice` (the firer's fire
    strength and any Force points it may add, before range and rough) less the range.  `plan_fire`'s dice
    are never more than that, so listing the legal fires may pass over the others (most targets, and cheaply
    told); a target not on the map is kept, for `plan_fire` to give its own answer."""
    if firer.hex is None:
        return [target for target, _, _ in marks]
    fq, fr = t.macro[firer.hex]
    out = []
    for target, macro, armor in marks:
        if macro is not None:
            dq, dr = fq - macro[0], fr - macro[1]
            if most_dice - (abs(dq) + abs(dr) + abs(dq + dr)) // 2 < armor:
                continue
        out.append(target)
    return out


def plan_harpoon(rules: AssaultRules, t: Terrain, s: AssaultState, speeder: Unit, target: str, force: int = 0,
                 ) -> Shot | str:
    """The harpoon attack a Snowspeeder would make on a Walker, or why it may not."""
    if not rules.units[speeder.type].is_speeder:
        return "only Snowspeeders carry harpoons"
    why = may_fire(rules, t, speeder)
    if why:
        return why
    if not speeder.gunner:
        return "a Snowspeeder whose gunner is killed cannot use its harpoons"
    if force and (speeder.id != s.luke or force > s.force):
        return "only Luke's Snowspeeder spends Force points, and no more than he has"
    if not s.has_unit(target) or s.unit(target).type != "walker" or s.unit(target).where != "map":
        return "only Walkers on the map can be harpooned"
    w = s.unit(target)
    assert speeder.hex is not None and w.hex is not None
    if distance(speeder.hex, w.hex) != 1:
        return "the Snowspeeder must be next to the Walker"
    same = t.range(speeder.hex, w.hex) == 0
    dice = rules.harpoon_dice[0 if same else 1]
    parts = [f"{dice} harpoon dice ({'same' if same else 'another'} macrohex)"]
    if force:
        dice += force
        parts.append(f"+{force} Luke's Force")
    return Shot(dice, rules.units["walker"].armor, 0 if same else 1, tuple(parts))


def destroy(s: AssaultState, unit: Unit, why: str, ev: list[Event]) -> AssaultState:
    """Remove a unit from play (and the troops it carries)."""
    s = s.with_unit(replace(unit, where="destroyed", hex=None, aboard=""))
    ev.append(Event("destroyed", f"{unit.id} is destroyed ({why})", (("unit", unit.id),)))
    for c in s.carried(unit.id):
        s = s.with_unit(replace(c, where="destroyed", aboard=""))
        ev.append(Event("destroyed", f"{c.id}, carried by {unit.id}, is destroyed", (("unit", c.id),)))
    return s


def walker_damage(rules: AssaultRules, s: AssaultState, w: Unit, total: int, ev: list[Event]) -> AssaultState:
    """Apply the Walker Damage Table row for a 2d6 total."""
    table = rules.damage["walker"]
    hit = table.hit_for(total)
    if hit == "blaster" and w.blaster >= table.blaster_steps:
        hit = "body"
    if hit == "legs" and w.legs >= table.leg_steps:
        hit = "body"
    if hit == "critical":
        return destroy(s, w, f"critical hit, damage {total}", ev)
    if hit == "blaster":
        w = replace(w, blaster=w.blaster + 1)
        what = (f"fire strength -{table.blaster_penalty}" if w.blaster < table.blaster_steps
                else "its blasters are destroyed")
        ev.append(Event("damage", f"damage {total}: {w.id} blaster hit, {what}"))
        return s.with_unit(w)
    if hit == "legs":
        w = replace(w, legs=w.legs + 1)
        what = "movement -2 MPs" if w.legs < table.leg_steps else "immobilized"
        ev.append(Event("damage", f"damage {total}: {w.id} leg hit, {what}"))
        return s.with_unit(w)
    w = replace(w, body=w.body + 1)
    if w.body >= table.body_steps:
        return destroy(s, w, f"third body hit, damage {total}", ev)
    ev.append(Event("damage", f"damage {total}: {w.id} body hit, {w.body} of {table.body_steps} (the last destroys it)"))
    if w.body == table.body_steps - 1:
        w = replace(w, troops_lost=True)
    s = s.with_unit(w)
    if w.body == table.body_steps - 1:
        for c in s.carried(w.id):
            s = s.with_unit(replace(c, where="destroyed", aboard=""))
            ev.append(Event("destroyed", f"{c.id}, carried by {w.id}, is destroyed by the second body hit",
                            (("unit", c.id),)))
    return s


def speeder_hit_kind(rules: AssaultRules, sp: Unit, total: int) -> str:
    """The Snowspeeder Damage Table row for a total, after 'later gunner hits are body hits'."""
    hit = rules.damage["speeder"].hit_for(total)
    return "body" if hit == "gunner" and not sp.gunner else hit


def speeder_damage(rules: AssaultRules, s: AssaultState, sp: Unit, hit: str, total: int, ev: list[Event]
                   ) -> AssaultState:
    """Apply a Snowspeeder damage result ('gunner', 'body' or 'critical')."""
    table = rules.damage["speeder"]
    if hit == "critical":
        return destroy(s, sp, f"critical hit, damage {total}", ev)
    if hit == "gunner":
        sp = replace(sp, gunner=False)
        ev.append(Event("damage", f"damage {total}: {sp.id} gunner killed (fire -{table.gunner_penalty}, "
                        "no harpoons)"))
        s = s.with_unit(sp)
        if s.hotshot == sp.id:
            s = replace(s, hotshot="")
            ev.append(Event("effect", "the Hotshot Gunner is lost"))
        return s
    sp = replace(sp, body=sp.body + 1)
    if sp.body >= table.body_steps:
        return destroy(s, sp, f"second body hit, damage {total}", ev)
    ev.append(Event("damage", f"damage {total}: {sp.id} body hit, {sp.body} of {table.body_steps} (the last destroys it)"))
    return s.with_unit(sp)
