"""Force powers and special abilities used as actions (rulebook: "Force Powers", "Special Abilities"): the
ones a character may use instead of attacking or instead of its whole turn, and what each does.

Plain functions: which of them a character may use now is a function of the targeting rules (`Targeting`,
which knows the cards, the board and the abilities) and the state; what one does is a function of the
game's `Context`, the state and the action, returning the new state and adding its events (the attacks
and saves it starts are `combat`'s).  Which abilities a figure has, and the numbers they add to attacks, are
`abilities.Abilities`.
"""

from __future__ import annotations

from typing import Callable, Literal

from hothsim.kernel.engine import Event
from hothsim.skirmish.actions import Action, ForcePower, Harpoon, Heal, UseAbility
from hothsim.skirmish.combat import damage, deflect, riposte, run
from hothsim.skirmish.context import Context
from hothsim.kernel.gates import passes
from hothsim.skirmish.force_points import spend
from hothsim.skirmish.gates import ABILITIES, FORCE_POWERS
from hothsim.skirmish.state import AttackSpec, Figure, GameState, PendingSave
from hothsim.kernel.values import replace

from hothsim.skirmish.targeting import Targeting, count_attack

HARPOON_RANGE = 6
GRENADES_RANGE, GRENADES_SAVE = 6, 11  # "an enemy up to 6 squares away"; "avoid the damage with a save of 11"
FIRE_SUPPORT_AREA, FIRE_SUPPORT_DAMAGE, FIRE_SUPPORT_SAVE, FIRE_SUPPORT_REDUCED = 2, 60, 6, 10


#: Force Grip's damage before Damage Reduction (no attack roll, no save).
GRIP_DAMAGE = 10


def replacing_actions(t: Targeting, s: GameState, fig: Figure) -> list[Action]:
    """Force Grip, Lightsaber Sweep, Heal, Harpoon Gun, Grenades and Industrial Repair (each used instead of
    attacking), and Fire Support Mission (instead of the whole turn), past their gates."""
    return _force_instead(t, s, fig) + _abilities(t, s, fig)


def _force_instead(t: Targeting, s: GameState, fig: Figure) -> list[Action]:
    """Force Grip on each target, and Lightsaber Sweep with an enemy adjacent (Force to spend)."""
    out: list[Action] = []
    if passes(FORCE_POWERS, t, s, fig, "grip"):
        out += [ForcePower(fig.id, "grip", tv.target) for tv in t.targets(s, fig, melee=False)]
    if passes(FORCE_POWERS, t, s, fig, "sweep"):
        if any(t.board.adjacent(s.open_doors, fig.rect(), e.rect()) for e in t.enemies_of(s, fig)):
            out.append(ForcePower(fig.id, "sweep"))
    return out


def _abilities(t: Targeting, s: GameState, fig: Figure) -> list[Action]:
    """Each ability used as an action whose gates are open, on each character it may be used on."""
    out: list[Action] = []
    for word, on in ABILITY_TARGETS.items():
        if passes(ABILITIES, t, s, fig, word):
            out += [ABILITY_ACTIONS[word](fig.id, target) for target in on(t, s, fig)]
    return out


def _healed(t: Targeting, s: GameState, fig: Figure) -> list[str]:
    """Heal: itself or an adjacent ally, living, not a Hologram, below its card's hit points."""
    return [f.id for f in s.living(fig.side)
            if f.hp < t.cards[f.card].hp and t.ab.living(f) and not t.ab.hologram(f)
            and (f.id == fig.id or t.board.adjacent(s.open_doors, fig.rect(), f.rect()))]


def _harpooned(t: Targeting, s: GameState, fig: Figure) -> list[str]:
    """Harpoon Gun: a target with Mounted Weapon, up to 6 squares away."""
    return [tv.target for tv in t.targets(s, fig)
            if t.ab.printed(s.fig(tv.target), "Mounted Weapon") and t.board.range_within(
                s.open_doors, fig.space(), s.fig(tv.target).space(), HARPOON_RANGE) is not None]


def _grenaded(t: Targeting, s: GameState, fig: Figure) -> list[str]:
    """Grenades: the usual rules for choosing a target (not melee), up to 6 squares away."""
    return [tv.target for tv in t.targets(s, fig, melee=False)
            if t.board.range_within(s.open_doors, fig.space(), s.fig(tv.target).space(), GRENADES_RANGE)
            is not None]


def _repaired(t: Targeting, s: GameState, fig: Figure) -> list[str]:
    """Industrial Repair: an adjacent damaged character with Mounted Weapon."""
    return [f.id for f in s.living() if f.id != fig.id and t.ab.printed(f, "Mounted Weapon")
            and f.hp < t.cards[f.card].hp and t.board.adjacent(s.open_doors, fig.rect(), f.rect())]


def _supported(t: Targeting, s: GameState, fig: Figure) -> list[str]:
    """Fire Support Mission: any enemy in sight, cover and the nearest-enemy rule ignored (it is not an
    attack)."""
    sight = t.board.sight(s.open_doors)
    return [e.id for e in t.enemies_of(s, fig) if sight.can_see(fig.rect(), e.rect())]


#: Whom each ability used as an action may be used on, once its gates (`gates.ABILITIES`) are open.
ABILITY_TARGETS: dict[str, Callable[[Targeting, GameState, Figure], list[str]]] = {
    "heal": _healed, "harpoon": _harpooned, "grenades": _grenaded, "repair": _repaired,
    "fire-support": _supported,
}

#: The action each ability is, given its user and the character it is used on.
ABILITY_ACTIONS: dict[str, Callable[[str, str], Action]] = {
    "heal": Heal, "harpoon": Harpoon, "grenades": lambda fig, target: UseAbility(fig, "grenades", target),
    "repair": lambda fig, target: UseAbility(fig, "repair", target),
    "fire-support": lambda fig, target: UseAbility(fig, "fire-support", target),
}


def force_power(ctx: Context, s: GameState, a: ForcePower, ev: list[Event]) -> GameState:
    """Resolve a Force power: a reaction (Deflect, Riposte), Use the Force, Force Grip or Lightsaber Sweep."""
    fig = s.fig(a.figure)
    if a.power in ("deflect", "riposte"):
        s = (deflect if a.power == "deflect" else riposte)(ctx, s, True, ev)
        return run(ctx, s, ev)
    if a.power == "use":
        s = spend(s, fig, 3)
        ev.append(Event("force", f"{fig.id} spends 3 Force points: Use the Force"))
        s = count_attack(s)
        s = replace(s, attacks=s.attacks + (AttackSpec(fig.id, a.aimed_at, kind="turn", auto=True),))
        return run(ctx, s, ev)
    s = spend(s, fig, 1)
    s = replace(s, turn=replace(s.turn_now, attacked=True, replaced=True))
    if a.power == "grip":
        # No attack roll and no save: the round is noisy for the tie-breaker only if the Grip deals damage
        # after Damage Reduction (combat.damage says so).
        target = s.fig(a.aimed_at)
        s = damage(ctx, s, target, GRIP_DAMAGE, fig, False,
                          f"{fig.id} spends 1 Force point: Force Grip on {target.id}", ev)
        return run(ctx, s, ev) if s.stage != "over" else s
    # Lightsaber Sweep: one attack against each adjacent enemy.
    ev.append(Event("force", f"{fig.id} spends 1 Force point: Lightsaber Sweep"))
    victims = [e.id for e in ctx.targeting.enemies_of(s, fig)
               if ctx.board.adjacent(s.open_doors, fig.rect(), e.rect())]
    s = replace(s, attacks=s.attacks + tuple(AttackSpec(fig.id, v, kind="sweep") for v in victims))
    return run(ctx, s, ev)


def heal(ctx: Context, s: GameState, a: Heal, ev: list[Event]) -> GameState:
    """Heal, instead of attacking: never above the card's hit points."""
    fig, target = s.fig(a.figure), s.fig(a.target)
    amount = ctx.ab.number(fig, "Heal")
    new = min(ctx.ab.cards[target.card].hp, target.hp + amount)
    s = s.with_figure(replace(target, hp=new))
    s = replace(s, turn=replace(s.turn_now, attacked=True, replaced=True))
    ev.append(Event("heal", f"{fig.id} heals {target.id}: {target.hp} -> {new}"))
    return s


def use_ability(ctx: Context, s: GameState, a: UseAbility, ev: list[Event]) -> GameState:
    """Grenades, Industrial Repair (instead of attacking) and Fire Support Mission (instead of the turn)."""
    fig, target = s.fig(a.figure), s.fig(a.target)
    t = s.turn
    assert t is not None
    if a.ability == "repair":
        amount = ctx.ab.number(fig, "Industrial Repair")
        new = min(ctx.ab.cards[target.card].hp, target.hp + amount)
        s = s.with_figure(replace(target, hp=new))
        ev.append(Event("repair", f"{fig.id} repairs {target.id} (Industrial Repair): {target.hp} -> {new}"))
        return replace(s, turn=replace(t, attacked=True, replaced=True))
    if a.ability == "grenades":
        amount = ctx.ab.number(fig, "Grenades")
        hit = [target] + [f for f in s.living() if f.id != target.id
                          and ctx.board.adjacent(s.open_doors, f.rect(), target.rect())]
        needed, reduced, what = GRENADES_SAVE, 0, f"Grenades {amount}"
        s = replace(s, turn=replace(t, attacked=True, replaced=True))
    else:
        amount = FIRE_SUPPORT_DAMAGE
        hit = [f for f in s.living() if f.id == target.id
               or ctx.board.range_within(s.open_doors, target.space(), f.space(), FIRE_SUPPORT_AREA)
               is not None]
        needed, reduced, what = FIRE_SUPPORT_SAVE, FIRE_SUPPORT_REDUCED, "Fire Support Mission"
        # Instead of its whole turn: no move and no attack are left to it.
        s = replace(s, turn=replace(t, attacked=True, replaced=True, spent=True))
    ev.append(Event("ability", f"{fig.id} uses {what} on {target.id}: "
                               + ", ".join(f.id for f in hit) + f" must save ({needed})"))
    order = sorted(hit, key=lambda f: (f.side != fig.side, f.id))
    effect: Literal["grenades", "fire-support"] = "grenades" if a.ability == "grenades" else "fire-support"
    saves = tuple(PendingSave(f.id, needed, effect, amount, fig.id, reduced=reduced)
                  for f in order if not ctx.ab.hologram(f))
    s = replace(s, saves=s.saves + saves, noisy=True)
    return run(ctx, s, ev)

