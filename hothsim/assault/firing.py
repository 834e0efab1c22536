"""Fire carried out (rulebook section 7, and 9 for Luke): a fire or harpoon declared, Luke's Force points on
dice or armor, the fire dice rolled against the armor, the damage dice and a critical hit.  Each step is a
function of the `Context` and the state, returning the new state (a step that waits for Luke's answer
leaves it in the state's `fire`); what a shot may do is planned in fire.py.
"""

from __future__ import annotations

from hothsim.assault.fire import (INSTALLATIONS, POWER_GRID, SHIELD_GENERATOR, Shot, armor_of, destroy, plan_fire,
                                  plan_harpoon, speeder_damage, speeder_hit_kind, walker_damage)
from hothsim.assault.setup import Context
from hothsim.assault.state import AssaultState, PendingFire
from hothsim.assault.turns import game_over
from hothsim.kernel.dice import FireFace, count_symbols
from hothsim.kernel.engine import Event
from hothsim.kernel.values import replace
from hothsim.kernel.words import count


def declare(ctx: Context, s: AssaultState, uid: str, target: str, force: int, harpoon: bool, ev: list[Event]
            ) -> AssaultState:
    """A fire or harpoon declared: Luke's Force dice spent, then Luke asked for armor, or the dice rolled."""
    u = s.unit(uid)
    shot = (plan_harpoon if harpoon else plan_fire)(ctx.rules, ctx.terrain, s, u, target, force)
    assert isinstance(shot, Shot)
    verb = "harpoons" if harpoon else "fires at"
    s = replace(s, acted=s.acted | {uid})
    if not harpoon and s.force_aided == uid:
        s = replace(s, force_aided="")
    if force:
        s = spend_force(ctx, s, force, f"+{count(force, 'die', 'dice')}", ev)
    ev.append(Event("declare", f"{uid} {verb} {target}: {shot.explain()}"))
    if (not harpoon and u.side == "imperial" and target not in INSTALLATIONS
            and ctx.rules.units[s.unit(target).type].is_speeder and s.force > 0
            and (not s.luke_revealed or target == s.luke)):
        return replace(s, fire=PendingFire(uid, target, "armor", dice=shot.dice))
    return roll(ctx, s, uid, target, shot.dice, harpoon, ev)


def spend_force(ctx: Context, s: AssaultState, points: int, what: str, ev: list[Event]) -> AssaultState:
    """Luke spends Force points (the first spending reveals his Snowspeeder)."""
    reveal = not s.luke_revealed
    s = replace(s, force=s.force - points, luke_revealed=True)
    if reveal:
        ev.append(Event("luke", f"Luke Skywalker flies {s.luke}!", (("speeder", s.luke),)))
    ev.append(Event("force", f"Luke spends {points} Force point{'s' if points != 1 else ''} ({what}); "
                    f"{s.force} left"))
    return s


def armor(ctx: Context, s: AssaultState, points: int, ev: list[Event]) -> AssaultState:
    """Luke's answer to a fire at a Snowspeeder: Force points on armor, then the dice, if they can still hit."""
    f = s.fire
    assert f is not None
    if points:
        s = spend_force(ctx, s, points, f"+{points} armor this action round", ev)
        s = replace(s, luke_armor=s.luke_armor + points)
    armor = armor_of(ctx.rules, s, f.target)
    s = replace(s, fire=None)
    if f.dice < armor:
        ev.append(Event("miss", f"{f.firer}'s {count(f.dice, 'die', 'dice')} can no longer reach armor {armor}: the fire misses"))
        return s
    return roll(ctx, s, f.firer, f.target, f.dice, False, ev)


def roll(ctx: Context, s: AssaultState, uid: str, target: str, dice: int, harpoon: bool, ev: list[Event]
            ) -> AssaultState:
    """The fire dice against the armor; a hit destroys, damages or (a Snowspeeder) may wait for Luke."""
    u = s.unit(uid)
    symbol: FireFace = "S" if u.side == "rebel" else "V"
    faces = ctx.dice.fire(dice, f"{'harpoon' if harpoon else 'fire'} {uid} at {target}")
    got = count_symbols(faces, symbol)
    armor = ctx.rules.units["walker"].armor if harpoon else armor_of(ctx.rules, s, target)
    name = ("Saber" if symbol == "S" else "Vader") + ("" if got == 1 else "s")
    shown = "".join(faces) or "-"
    if got < armor:
        ev.append(Event("miss", f"rolled {shown}: {got} {name} against armor {armor}: miss"))
        return s
    ev.append(Event("hit", f"rolled {shown}: {got} {name} against armor {armor}: hit"))
    if target == SHIELD_GENERATOR:
        s = replace(s, shield_generator=False)
        return game_over(s, "imperial", "the Shield Generator is destroyed", ev)
    if target == POWER_GRID:
        ev.append(Event("destroyed", "the Power Grid is destroyed: the Shield Generator's armor drops to "
                        f"{ctx.rules.installations.shield_generator_without_grid}"))
        return replace(s, power_grid=False)
    t = s.unit(target)
    tt = ctx.rules.units[t.type]
    if harpoon:
        return destroy(s, t, f"harpooned by {uid}", ev)
    if tt.is_walker:
        s, total = damage_roll(ctx, s, u.side, t.id, "rebel", ev)
        return walker_damage(ctx.rules, s, t, total, ev)
    if tt.is_speeder:
        s, total = damage_roll(ctx, s, u.side, t.id, "imperial", ev)
        hit = speeder_hit_kind(ctx.rules, t, total)
        if hit == "critical" and s.force >= 1 and (not s.luke_revealed or t.id == s.luke):
            ev.append(Event("critical", f"damage {total}: critical hit on {t.id}"))
            return replace(s, fire=PendingFire(uid, t.id, "critical", damage=total))
        return speeder_damage(ctx.rules, s, t, hit, total, ev)
    return destroy(s, t, f"hit by {uid}", ev)


def damage_roll(ctx: Context, s: AssaultState, firer_side: str, target: str, lucky_side: str,
                 ev: list[Event]) -> tuple[AssaultState, int]:
    """2d6 for the damage table, plus a Lucky Shot of `lucky_side` if that side fired and holds one
    (it is then spent)."""
    flag = f"{lucky_side}_lucky_shot"
    bonus = 0
    if firer_side == lucky_side and getattr(s, flag):
        bonus, s = ctx.rules.effects.lucky_shot, replace(s, **{flag: False})
    total = sum(ctx.dice.two_d6(f"damage to {target}")) + bonus
    if bonus:
        ev.append(Event("effect", f"{lucky_side.capitalize()} Lucky Shot: +{bonus} to the damage dice"))
    return s, total


def critical(ctx: Context, s: AssaultState, spend: bool, ev: list[Event]) -> AssaultState:
    """Luke's answer to a critical hit: a Force point makes it a body hit, or the critical stands."""
    f = s.fire
    assert f is not None
    s = replace(s, fire=None)
    sp = s.unit(f.target)
    if spend:
        s = spend_force(ctx, s, 1, "the critical hit becomes a body hit", ev)
        return speeder_damage(ctx.rules, s, s.unit(sp.id), "body", f.damage, ev)
    return speeder_damage(ctx.rules, s, sp, "critical", f.damage, ev)
