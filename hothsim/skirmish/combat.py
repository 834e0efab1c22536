"""Resolving attacks and saves: the order of steps, and where each pauses for a player's decision.

An attack goes: roll (or Use the Force's automatic critical hit) -> a Force reroll after a miss ->
Lightsaber Deflect after a nonmelee hit -> damage (bonuses, critical, Damage Reduction) -> Splash saves
-> Lightsaber Riposte after a melee hit -> Twin Attack's extra attack.  Attacks and saves still to come
wait in queues in the state; `run` works through them until a decision is needed or nothing is left,
then play resumes (a paused move carries on, a defeated mover's turn ends).
"""

from __future__ import annotations

from typing import Callable

from hothsim.skirmish.attacks import judge, explain
from hothsim.skirmish.force_points import force_ready, spend
from hothsim.skirmish.saving_throws import save_succeeds
from hothsim.kernel.engine import Event
from hothsim.skirmish.state import AttackSpec, Figure, GameState, PendingAttack, PendingSave
from hothsim.kernel.values import replace

from hothsim.kernel.dice import Dice
from hothsim.skirmish.abilities import Abilities
from hothsim.skirmish.board import Board
from hothsim.skirmish.targeting import Targeting
from hothsim.skirmish.victory import check_victory

#: What play does once no attack or save is left (a paused move carries on, a defeated mover's turn ends).
Resume = Callable[[GameState, list[Event]], GameState]

SPLASH_SAVE = 11
HARPOON_SAVE = 11
DEFLECT_SAVE = 11
#: How the log names the damage a failed (or, for Fire Support Mission, any) save lets through.
SAVE_WORDS = {"splash": "Splash", "grenades": "Grenades", "fire-support": "Fire Support Mission"}


class Combat:
    """The attack and save steps of one game (it rolls the game's dice)."""

    def __init__(self, dice: Dice, board: Board, ab: Abilities, targeting: Targeting, resume: Resume) -> None:
        self.dice = dice  # the game's: it sets them anew when its own are replaced
        self.board = board
        self.ab = ab
        self.targeting = targeting
        self.resume = resume

    # ---------------------------------------------------------------- the loop

    def run(self, s: GameState, ev: list[Event]) -> GameState:
        """Work through pending saves and attacks until a decision is needed, then resume play."""
        while s.stage != "over":
            if s.attack is not None or s.save is not None:
                return s
            if s.saves:
                save, rest = s.saves[0], s.saves[1:]
                s = self.roll_save(replace(s, saves=rest), save, ev)
                continue
            if s.attacks:
                spec, rest = s.attacks[0], s.attacks[1:]
                s = self.start_attack(replace(s, attacks=rest), spec, ev)
                continue
            return self.resume(s, ev)
        return s

    # ---------------------------------------------------------------- attacks

    def start_attack(self, s: GameState, spec: AttackSpec, ev: list[Event]) -> GameState:
        """Make one attack roll (or an automatic critical hit)."""
        attacker, target = s.fig(spec.attacker), s.fig(spec.target)
        if not attacker.alive or not target.alive or not self.ab.can_attack(s, attacker):
            return s
        adjacent = self.board.adjacent(s.open_doors, attacker.rect(), target.rect())
        cover = not adjacent and self.targeting.covered(s, attacker, target)
        mods = tuple(self.ab.attack_mods(s, attacker, target, len(spec.helpers)))
        defense = tuple(self.ab.defense_mods(s, attacker, target, cover))
        if self.ab.printed(attacker, "Flanking Attack"):
            s = replace(s, flanked=s.flanked + ((attacker.id, target.id, s.round),))
        s = replace(s, noisy=True)
        if spec.auto:
            pa = PendingAttack(attacker.id, target.id, 20, mods, defense, spec.kind, True, helpers=spec.helpers)
            ev.append(Event("attack", f"{attacker.id} uses the Force: an automatic critical hit on {target.id}"))
            return self.after_roll(s, pa, ev)
        roll = self.dice.d20(f"{attacker.id} attacks {target.id}")
        pa = PendingAttack(attacker.id, target.id, roll, mods, defense, spec.kind, helpers=spec.helpers)
        result = judge(roll, mods, defense)
        if not result.hit and force_ready(s, attacker):
            ev.append(Event("attack", explain(attacker.id, target.id, result, mods, defense)
                            + ": miss (a Force point may reroll it)"))
            return replace(s, attack=pa)
        return self.after_roll(s, pa, ev)

    def reroll(self, s: GameState, ev: list[Event]) -> GameState:
        """Spend 1 Force to reroll the attack just missed; the new roll stands."""
        pa = s.attack
        assert pa is not None
        s = spend(s, s.fig(pa.attacker), 1)
        roll = self.dice.d20(f"{pa.attacker} rerolls the attack on {pa.target}")
        ev.append(Event("force", f"{pa.attacker} spends 1 Force point to reroll"))
        return self.after_roll(replace(s, attack=None), replace(pa, roll=roll), ev)

    def after_roll(self, s: GameState, pa: PendingAttack, ev: list[Event]) -> GameState:
        """Hit or miss; a nonmelee hit may be deflected."""
        s = replace(s, attack=None)
        attacker, target = s.fig(pa.attacker), s.fig(pa.target)
        result = judge(pa.roll, pa.modifiers, pa.defense)
        line = explain(attacker.id, target.id, result, pa.modifiers, pa.defense) if not pa.auto else \
            f"{attacker.id} attacks {target.id}: Use the Force"
        if not (result.hit or pa.auto):
            ev.append(Event("attack", line + (": natural 1, miss" if result.roll == 1 else ": miss"), (("roll", "miss"),)))
            splash = self.ab.number(attacker, "Splash")
            if splash:
                s = self.queue_splash(s, attacker, target, splash, include_target=True)
            return self.finish_attack(s, pa, ev)
        if (not self.ab.melee(attacker) and self.ab.power(target, "Lightsaber Deflect")
                and force_ready(s, target)):
            ev.append(Event("attack", line + ": hit (Lightsaber Deflect may stop it)", (("roll", "hit"),)))
            return replace(s, attack=replace(pa, stage="hit"))
        if self.ab.power(target, "Lightsaber Deflect") and not pa.auto:
            ev.append(Event("reaction", f"{target.id} cannot use Lightsaber Deflect: {self._no_deflect(s, attacker, target)}"))
        return self.apply_hit(s, pa, ev, line=line)

    def _no_deflect(self, s: GameState, attacker: Figure, target: Figure) -> str:
        """Why a hit is not offered to Lightsaber Deflect (said in the log)."""
        if self.ab.melee(attacker):
            return "it works only against nonmelee attacks"
        if target.force < 1:
            return "no Force points left"
        return "Force points are spent at most once a turn, and it has already spent some this turn"

    def deflect(self, s: GameState, use: bool, ev: list[Event]) -> GameState:
        """The defender's answer to a nonmelee hit: Lightsaber Deflect (save 11: no damage) or not."""
        pa = s.attack
        assert pa is not None
        s = replace(s, attack=None)
        if not use:
            return self.apply_hit(s, pa, ev)
        target = s.fig(pa.target)
        s = spend(s, target, 1)
        roll = self.dice.d20(f"{target.id} deflects")
        if save_succeeds(roll, DEFLECT_SAVE):
            ev.append(Event("force", f"{target.id} spends 1 Force point: Lightsaber Deflect, save d20 {roll} "
                                     f"vs {DEFLECT_SAVE}: deflected, no damage"))
            # The attack still hit: Splash still reaches the characters next to the target (glossary, Splash).
            splash = self.ab.number(s.fig(pa.attacker), "Splash")
            if splash:
                s = self.queue_splash(s, s.fig(pa.attacker), target, splash, include_target=False)
            return self.finish_attack(s, pa, ev)
        ev.append(Event("force", f"{target.id} spends 1 Force point: Lightsaber Deflect, save d20 {roll} "
                                 f"vs {DEFLECT_SAVE}: failed"))
        return self.apply_hit(s, pa, ev)

    def apply_hit(self, s: GameState, pa: PendingAttack, ev: list[Event], line: str = "") -> GameState:
        """Deal the damage of a hit, then Splash, then a possible Riposte."""
        attacker, target = s.fig(pa.attacker), s.fig(pa.target)
        result = judge(pa.roll, pa.modifiers, pa.defense)
        critical = pa.auto or result.critical
        adjacent = self.board.adjacent(s.open_doors, attacker.rect(), target.rect())
        parts = self.ab.damage_of(s, attacker, target, critical, adjacent, pa.helpers)
        amount = sum(v for _, v in parts)
        detail = " + ".join(f"{v} {why}" for why, v in parts) if len(parts) > 1 else ""
        head = (line + ": " if line else f"{attacker.id} hits {target.id}: ") + ("critical hit" if critical else "hit")
        where = target.rect()
        # The roll is marked where it is judged (not after a failed Deflect, nor for Use the Force's).
        roll = "" if pa.auto or not line else ("critical" if critical else "hit")
        s = self.damage(s, target, amount, attacker, adjacent, head + (f" ({detail})" if detail else ""), ev,
                        roll=roll)
        if s.stage == "over":
            return s
        splash = self.ab.number(attacker, "Splash")
        if splash:
            s = self.queue_splash(s, attacker, target, splash, include_target=False, where=where)
        target = s.fig(target.id)
        if (self.ab.melee(attacker) and target.alive and s.fig(attacker.id).alive
                and self.ab.power(target, "Lightsaber Riposte") and force_ready(s, target)):
            return replace(s, attack=replace(pa, stage="riposte"))
        return self.finish_attack(s, pa, ev)

    def riposte(self, s: GameState, use: bool, ev: list[Event]) -> GameState:
        """The defender's answer to a melee hit: Lightsaber Riposte (one attack back) or not."""
        pa = s.attack
        assert pa is not None
        s = replace(s, attack=None)
        if use:
            s = spend(s, s.fig(pa.target), 1)
            ev.append(Event("force", f"{pa.target} spends 1 Force point: Lightsaber Riposte against {pa.attacker}"))
            s = replace(s, attacks=(AttackSpec(pa.target, pa.attacker, kind="riposte"),) + s.attacks)
        return self.finish_attack(s, pa, ev)

    def finish_attack(self, s: GameState, pa: PendingAttack, ev: list[Event]) -> GameState:
        """Twin Attack's extra attack follows a turn's (or a sweep's) attack on a standing target."""
        attacker, target = s.fig(pa.attacker), s.fig(pa.target)
        if (pa.kind in ("turn", "sweep") and self.ab.printed(attacker, "Twin Attack") and attacker.alive
                and target.alive):
            s = replace(s, attacks=(AttackSpec(attacker.id, target.id, kind="extra"),) + s.attacks)
        return s

    # ---------------------------------------------------------------- damage and saves

    def damage(self, s: GameState, target: Figure, amount: int, attacker: Figure | None, adjacent: bool, what: str,
               ev: list[Event], roll: str = "") -> GameState:
        """Deal damage (after Damage Reduction); defeat at 0; a Hologram takes none.  `roll` ("hit" or
        "critical") marks the event of an attack roll that hit, for those who count rolls (the report)."""
        marks = (("roll", roll),) if roll else ()
        if self.ab.hologram(target):
            ev.append(Event("damage", f"{what}: {target.id} is a hologram and takes no damage", marks))
            return s
        left, note = self.ab.reduce_damage(target, amount, attacker, adjacent)
        hp = target.hp - left
        after = "defeated" if hp <= 0 else str(hp)
        ev.append(Event("attack", f"{what}, {left} damage{note}, {target.id} {target.hp} -> {after}",
                        (("damage", left), ("target", target.id)) + marks))
        if left and attacker is not None and attacker.side != target.side:
            s = replace(s, noisy=True)
        t2 = replace(target, hp=0, defeated=True, pos=None) if hp <= 0 else replace(target, hp=hp)
        s = s.with_figure(t2)
        return check_victory(s, ev)

    def queue_splash(self, s: GameState, attacker: Figure, target: Figure, amount: int,
                     include_target: bool, where: tuple[int, int, int, int] | None = None) -> GameState:
        """Splash: a save of 11 for each character adjacent to the target's space (and the target on a
        miss); the acting player's characters save first, each side's in figure order."""
        where = where or target.rect()
        hit = [target] if include_target and target.alive else []
        for f in s.living():
            if f.id != target.id and self.board.adjacent(s.open_doors, f.rect(), where):
                hit.append(f)
        order = sorted(hit, key=lambda f: (f.side != attacker.side, f.id))
        saves = tuple(PendingSave(f.id, SPLASH_SAVE, "splash", amount, attacker.id) for f in order
                      if not self.ab.hologram(f))
        return replace(s, saves=saves + s.saves, noisy=True) if saves else s

    def roll_save(self, s: GameState, save: PendingSave, ev: list[Event]) -> GameState:
        """Roll a save; a failure may be rerolled with Force (the saving player decides)."""
        f = s.fig(save.figure)
        if not f.alive:
            return s
        roll = self.dice.d20(f"{f.id} saves against {save.effect}")
        s = replace(s, noisy=True)
        if not save_succeeds(roll, save.needed) and force_ready(s, f):
            ev.append(Event("save", f"{f.id} saves against {save.effect}: d20 {roll} vs {save.needed}: failed "
                                    "(a Force point may reroll it)"))
            return replace(s, save=replace(save, roll=roll))
        return self.settle_save(s, replace(save, roll=roll), ev)

    def reroll_save(self, s: GameState, use: bool, ev: list[Event]) -> GameState:
        """The saving player's answer to a failed save: reroll with 1 Force (the new roll stands) or not."""
        save = s.save
        assert save is not None
        s = replace(s, save=None)
        if use:
            s = spend(s, s.fig(save.figure), 1)
            ev.append(Event("force", f"{save.figure} spends 1 Force point to reroll the save"))
            save = replace(save, roll=self.dice.d20(f"{save.figure} rerolls the save against {save.effect}"))
        return self.settle_save(s, save, ev)

    def settle_save(self, s: GameState, save: PendingSave, ev: list[Event]) -> GameState:
        """Apply the outcome of a save."""
        f = s.fig(save.figure)
        ok = save_succeeds(save.roll, save.needed)
        head = f"{f.id} saves against {save.effect}: d20 {save.roll} vs {save.needed}"
        source = s.fig(save.source) if save.source else None
        what = SAVE_WORDS.get(save.effect, save.effect)
        if ok and save.reduced:
            return self.damage(s, f, save.reduced, source, False, head + f": saved, {what} reduced", ev)
        if ok:
            ev.append(Event("save", head + ": saved"))
            return s
        if save.effect == "harpoon":
            ev.append(Event("save", head + f": failed, harpooned: {f.id} cannot move this round"))
            return replace(s, harpooned=s.harpooned | {f.id})
        return self.damage(s, f, save.amount, source, False, head + f": failed, {what}", ev)
