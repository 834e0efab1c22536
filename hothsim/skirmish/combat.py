"""Resolving attacks and saves: the order of steps, and where each pauses for a player's decision.

Plain functions of the game's `Context` (which holds its dice) and a state, returning the new state and
adding their events.

An attack goes: roll (or Use the Force's automatic critical hit) -> a Force reroll after a miss ->
Lightsaber Deflect after a nonmelee hit -> damage (bonuses, critical, Damage Reduction) -> Splash saves
-> Lightsaber Riposte after a melee hit -> Twin Attack's extra attack.  Attacks and saves still to come
wait in queues in the state; `run` works through them until a decision is needed or nothing is left,
then play resumes (a paused move carries on, a defeated mover's turn ends).
"""

from __future__ import annotations

from hothsim.kernel.engine import Event
from hothsim.kernel.values import replace
from hothsim.skirmish.attacks import explain, judge
from hothsim.skirmish.context import Context
from hothsim.skirmish.force_points import force_ready, spend
from hothsim.skirmish.rounds import end_turn
from hothsim.skirmish.saving_throws import save_succeeds
from hothsim.skirmish.state import AttackSpec, Figure, GameState, PendingAttack, PendingSave
from hothsim.skirmish.victory import check_victory

SPLASH_SAVE = 11
HARPOON_SAVE = 11
DEFLECT_SAVE = 11
#: How the log names the damage a failed (or, for Fire Support Mission, any) save lets through.
SAVE_WORDS = {"splash": "Splash", "grenades": "Grenades", "fire-support": "Fire Support Mission"}


# ---------------------------------------------------------------- the loop

def resume(ctx: Context, s: GameState, ev: list[Event]) -> GameState:
    """Once no attack or save is left in a game not over (`run` asks): a defeated mover's turn ends (what
    was left of its path with it), a paused move carries on."""
    if s.turn is None:
        return s
    if not s.fig(s.turn.figure).alive:
        return end_turn(ctx, s, ev)
    if s.turn.path_left:
        return ctx.moves.carry_on(s, ev)
    return s



def run(ctx: Context, s: GameState, ev: list[Event]) -> GameState:
    """Work through pending saves and attacks until a decision is needed, then resume play."""
    while s.stage != "over":
        if s.attack is not None or s.save is not None:
            return s
        if s.saves:
            save, rest = s.saves[0], s.saves[1:]
            s = roll_save(ctx, replace(s, saves=rest), save, ev)
            continue
        if s.attacks:
            spec, later = s.attacks[0], s.attacks[1:]
            s = start_attack(ctx, replace(s, attacks=later), spec, ev)
            continue
        return resume(ctx, s, ev)
    return s

# ---------------------------------------------------------------- attacks


def start_attack(ctx: Context, s: GameState, spec: AttackSpec, ev: list[Event]) -> GameState:
    """Make one attack roll (or an automatic critical hit)."""
    attacker, target = s.fig(spec.attacker), s.fig(spec.target)
    if not attacker.alive or not target.alive or not ctx.ab.can_attack(s, attacker):
        return s
    adjacent = ctx.board.adjacent(s.open_doors, attacker.rect(), target.rect())
    cover = not adjacent and ctx.targeting.covered(s, attacker, target)
    mods = tuple(ctx.ab.attack_mods(s, attacker, target, len(spec.helpers)))
    defense = tuple(ctx.ab.defense_mods(s, attacker, target, cover))
    if ctx.ab.printed(attacker, "Flanking Attack"):
        s = replace(s, flanked=s.flanked + ((attacker.id, target.id, s.round),))
    s = replace(s, noisy=True)
    if spec.auto:
        pa = PendingAttack(attacker.id, target.id, 20, mods, defense, spec.kind, True, helpers=spec.helpers)
        ev.append(Event("attack", f"{attacker.id} uses the Force: an automatic critical hit on {target.id}"))
        return after_roll(ctx, s, pa, ev)
    roll = ctx.dice.d20(f"{attacker.id} attacks {target.id}")
    pa = PendingAttack(attacker.id, target.id, roll, mods, defense, spec.kind, helpers=spec.helpers)
    result = judge(roll, mods, defense)
    if not result.hit and force_ready(s, attacker):
        ev.append(Event("attack", explain(attacker.id, target.id, result, mods, defense)
                        + ": miss (a Force point may reroll it)"))
        return replace(s, attack=pa)
    return after_roll(ctx, s, pa, ev)


def reroll(ctx: Context, s: GameState, ev: list[Event]) -> GameState:
    """Spend 1 Force to reroll the attack just missed; the new roll stands."""
    pa = s.attack
    assert pa is not None
    s = spend(s, s.fig(pa.attacker), 1)
    roll = ctx.dice.d20(f"{pa.attacker} rerolls the attack on {pa.target}")
    ev.append(Event("force", f"{pa.attacker} spends 1 Force point to reroll"))
    return after_roll(ctx, replace(s, attack=None), replace(pa, roll=roll), ev)


def after_roll(ctx: Context, s: GameState, pa: PendingAttack, ev: list[Event]) -> GameState:
    """Hit or miss; a nonmelee hit may be deflected."""
    s = replace(s, attack=None)
    attacker, target = s.fig(pa.attacker), s.fig(pa.target)
    result = judge(pa.roll, pa.modifiers, pa.defense)
    line = explain(attacker.id, target.id, result, pa.modifiers, pa.defense) if not pa.auto else \
        f"{attacker.id} attacks {target.id}: Use the Force"
    if not (result.hit or pa.auto):
        ev.append(Event("attack", line + (": natural 1, miss" if result.roll == 1 else ": miss"), (("roll", "miss"),)))
        splash = ctx.ab.number(attacker, "Splash")
        if splash:
            s = queue_splash(ctx, s, attacker, target, splash, include_target=True)
        return finish_attack(ctx, s, pa, ev)
    if (not ctx.ab.melee(attacker) and ctx.ab.power(target, "Lightsaber Deflect")
            and force_ready(s, target)):
        ev.append(Event("attack", line + ": hit (Lightsaber Deflect may stop it)", (("roll", "hit"),)))
        return replace(s, attack=replace(pa, stage="hit"))
    if ctx.ab.power(target, "Lightsaber Deflect") and not pa.auto:
        ev.append(Event("reaction", f"{target.id} cannot use Lightsaber Deflect: {_no_deflect(ctx, s, attacker, target)}"))
    return apply_hit(ctx, s, pa, ev, line=line)


def _no_deflect(ctx: Context, s: GameState, attacker: Figure, target: Figure) -> str:
    """Why a hit is not offered to Lightsaber Deflect (said in the log)."""
    if ctx.ab.melee(attacker):
        return "it works only against nonmelee attacks"
    if target.force < 1:
        return "no Force points left"
    return "Force points are spent at most once a turn, and it has already spent some this turn"


def deflect(ctx: Context, s: GameState, use: bool, ev: list[Event]) -> GameState:
    """The defender's answer to a nonmelee hit: Lightsaber Deflect (save 11: no damage) or not."""
    pa = s.attack
    assert pa is not None
    s = replace(s, attack=None)
    if not use:
        return apply_hit(ctx, s, pa, ev)
    target = s.fig(pa.target)
    s = spend(s, target, 1)
    roll = ctx.dice.d20(f"{target.id} deflects")
    if save_succeeds(roll, DEFLECT_SAVE):
        ev.append(Event("force", f"{target.id} spends 1 Force point: Lightsaber Deflect, save d20 {roll} "
                                 f"vs {DEFLECT_SAVE}: deflected, no damage"))
        # The attack still hit: Splash still reaches the characters next to the target (glossary, Splash).
        splash = ctx.ab.number(s.fig(pa.attacker), "Splash")
        if splash:
            s = queue_splash(ctx, s, s.fig(pa.attacker), target, splash, include_target=False)
        return finish_attack(ctx, s, pa, ev)
    ev.append(Event("force", f"{target.id} spends 1 Force point: Lightsaber Deflect, save d20 {roll} "
                             f"vs {DEFLECT_SAVE}: failed"))
    return apply_hit(ctx, s, pa, ev)


def apply_hit(ctx: Context, s: GameState, pa: PendingAttack, ev: list[Event], line: str = "") -> GameState:
    """Deal the damage of a hit, then Splash, then a possible Riposte."""
    attacker, target = s.fig(pa.attacker), s.fig(pa.target)
    result = judge(pa.roll, pa.modifiers, pa.defense)
    critical = pa.auto or result.critical
    adjacent = ctx.board.adjacent(s.open_doors, attacker.rect(), target.rect())
    parts = ctx.ab.damage_of(s, attacker, target, critical, adjacent, pa.helpers)
    amount = sum(v for _, v in parts)
    detail = " + ".join(f"{v} {why}" for why, v in parts) if len(parts) > 1 else ""
    head = (line + ": " if line else f"{attacker.id} hits {target.id}: ") + ("critical hit" if critical else "hit")
    where = target.rect()
    # The roll is marked where it is judged (not after a failed Deflect, nor for Use the Force's).
    roll = "" if pa.auto or not line else ("critical" if critical else "hit")
    s = damage(ctx, s, target, amount, attacker, adjacent, head + (f" ({detail})" if detail else ""), ev,
                    roll=roll)
    if s.stage == "over":
        return s
    splash = ctx.ab.number(attacker, "Splash")
    if splash:
        s = queue_splash(ctx, s, attacker, target, splash, include_target=False, where=where)
    target = s.fig(target.id)
    if (ctx.ab.melee(attacker) and target.alive and s.fig(attacker.id).alive
            and ctx.ab.power(target, "Lightsaber Riposte") and force_ready(s, target)):
        return replace(s, attack=replace(pa, stage="riposte"))
    return finish_attack(ctx, s, pa, ev)


def riposte(ctx: Context, s: GameState, use: bool, ev: list[Event]) -> GameState:
    """The defender's answer to a melee hit: Lightsaber Riposte (one attack back) or not."""
    pa = s.attack
    assert pa is not None
    s = replace(s, attack=None)
    if use:
        s = spend(s, s.fig(pa.target), 1)
        ev.append(Event("force", f"{pa.target} spends 1 Force point: Lightsaber Riposte against {pa.attacker}"))
        s = replace(s, attacks=(AttackSpec(pa.target, pa.attacker, kind="riposte"),) + s.attacks)
    return finish_attack(ctx, s, pa, ev)


def finish_attack(ctx: Context, s: GameState, pa: PendingAttack, ev: list[Event]) -> GameState:
    """Twin Attack's extra attack follows a turn's (or a sweep's) attack on a standing target."""
    attacker, target = s.fig(pa.attacker), s.fig(pa.target)
    if (pa.kind in ("turn", "sweep") and ctx.ab.printed(attacker, "Twin Attack") and attacker.alive
            and target.alive):
        s = replace(s, attacks=(AttackSpec(attacker.id, target.id, kind="extra"),) + s.attacks)
    return s

# ---------------------------------------------------------------- damage and saves


def damage(ctx: Context, s: GameState, target: Figure, amount: int, attacker: Figure | None, adjacent: bool, what: str,
           ev: list[Event], roll: str = "") -> GameState:
    """Deal damage (after Damage Reduction); defeat at 0; a Hologram takes none.  `roll` ("hit" or
    "critical") marks the event of an attack roll that hit, for those who count rolls (the report)."""
    marks = (("roll", roll),) if roll else ()
    if ctx.ab.hologram(target):
        ev.append(Event("damage", f"{what}: {target.id} is a hologram and takes no damage", marks))
        return s
    left, note = ctx.ab.reduce_damage(target, amount, attacker, adjacent)
    hp = target.hp - left
    after = "defeated" if hp <= 0 else str(hp)
    ev.append(Event("attack", f"{what}, {left} damage{note}, {target.id} {target.hp} -> {after}",
                    (("damage", left), ("target", target.id)) + marks))
    if left and attacker is not None and attacker.side != target.side:
        s = replace(s, noisy=True)
    t2 = replace(target, hp=0, defeated=True, pos=None) if hp <= 0 else replace(target, hp=hp)
    s = s.with_figure(t2)
    return check_victory(s, ev)


def queue_splash(ctx: Context, s: GameState, attacker: Figure, target: Figure, amount: int,
                 include_target: bool, where: tuple[int, int, int, int] | None = None) -> GameState:
    """Splash: a save of 11 for each character adjacent to the target's space (and the target on a
    miss); the acting player's characters save first, each side's in figure order."""
    where = where or target.rect()
    hit = [target] if include_target and target.alive else []
    for f in s.living():
        if f.id != target.id and ctx.board.adjacent(s.open_doors, f.rect(), where):
            hit.append(f)
    order = sorted(hit, key=lambda f: (f.side != attacker.side, f.id))
    saves = tuple(PendingSave(f.id, SPLASH_SAVE, "splash", amount, attacker.id) for f in order
                  if not ctx.ab.hologram(f))
    return replace(s, saves=saves + s.saves, noisy=True) if saves else s


def roll_save(ctx: Context, s: GameState, save: PendingSave, ev: list[Event]) -> GameState:
    """Roll a save; a failure may be rerolled with Force (the saving player decides)."""
    f = s.fig(save.figure)
    if not f.alive:
        return s
    roll = ctx.dice.d20(f"{f.id} saves against {save.effect}")
    s = replace(s, noisy=True)
    if not save_succeeds(roll, save.needed) and force_ready(s, f):
        ev.append(Event("save", f"{f.id} saves against {save.effect}: d20 {roll} vs {save.needed}: failed "
                                "(a Force point may reroll it)"))
        return replace(s, save=replace(save, roll=roll))
    return settle_save(ctx, s, replace(save, roll=roll), ev)


def reroll_save(ctx: Context, s: GameState, use: bool, ev: list[Event]) -> GameState:
    """The saving player's answer to a failed save: reroll with 1 Force (the new roll stands) or not."""
    save = s.save
    assert save is not None
    s = replace(s, save=None)
    if use:
        s = spend(s, s.fig(save.figure), 1)
        ev.append(Event("force", f"{save.figure} spends 1 Force point to reroll the save"))
        save = replace(save, roll=ctx.dice.d20(f"{save.figure} rerolls the save against {save.effect}"))
    return settle_save(ctx, s, save, ev)


def settle_save(ctx: Context, s: GameState, save: PendingSave, ev: list[Event]) -> GameState:
    """Apply the outcome of a save."""
    f = s.fig(save.figure)
    ok = save_succeeds(save.roll, save.needed)
    head = f"{f.id} saves against {save.effect}: d20 {save.roll} vs {save.needed}"
    source = s.fig(save.source) if save.source else None
    what = SAVE_WORDS.get(save.effect, save.effect)
    if ok and save.reduced:
        return damage(ctx, s, f, save.reduced, source, False, head + f": saved, {what} reduced", ev)
    if ok:
        ev.append(Event("save", head + ": saved"))
        return s
    if save.effect == "harpoon":
        ev.append(Event("save", head + f": failed, harpooned: {f.id} cannot move this round"))
        return replace(s, harpooned=s.harpooned | {f.id})
    return damage(ctx, s, f, save.amount, source, False, head + f": failed, {what}", ev)
