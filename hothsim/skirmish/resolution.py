"""Carrying out an action of a skirmish: one step function for each action class (`RESOLVE`), each a
function of the `Context`, the state and the action, returning the new state and adding its events.

Adding an action adds its class (actions.py), the rule that applies it (in the module of its chapter) and a
line here; the game looks an action's step up by its class.
"""

from __future__ import annotations

from typing import Any, Callable

from hothsim.kernel.engine import Event
from hothsim.kernel.squares import square_label
from hothsim.kernel.values import replace
from hothsim.skirmish.actions import (Action, Activate, Attack, Decline, EndTurn, First, ForceMove, ForcePower,
                                      Harpoon, Heal, Keep, Move, Opportunity, Place, Ready, Recruit, Reroll,
                                      UseAbility)
from hothsim.skirmish import combat
from hothsim.skirmish.combat import HARPOON_SAVE
from hothsim.skirmish.context import Context
from hothsim.skirmish.force_points import spend
from hothsim.skirmish.powers import force_power, heal, use_ability
from hothsim.skirmish.rounds import activate, after_placement, begin_part, end_turn, field_squads
from hothsim.skirmish.state import AttackSpec, GameState, PendingSave
from hothsim.skirmish.targeting import count_attack


#: A step of resolution, given an action of the class that keys it in `RESOLVE` (so any of the union: a
#: dispatch table types no tighter).
Step = Callable[[Context, GameState, Any, list[Event]], GameState]


def _build(ctx: Context, s: GameState, a: Recruit | Ready, ev: list[Event]) -> GameState:
    s = ctx.squads.apply(s, ctx.decider, a, ev)
    if s.stage == "setup" and not s.figures:
        s = field_squads(ctx, s)
    return s


def _place(ctx: Context, s: GameState, a: Place, ev: list[Event]) -> GameState:
    s = s.with_figure(replace(s.fig(a.figure), pos=a.square))
    ev.append(Event("place", f"{a.figure} sets up on {square_label(a.square)}"))
    return after_placement(ctx, s, ev)


def _first(ctx: Context, s: GameState, a: First, ev: list[Event]) -> GameState:
    s = replace(s, first=a.side, stage="round")
    ev.append(Event("first", f"{s.initiative} lets {a.side} go first in round {s.round}"
                    if a.side != s.initiative else f"{s.initiative} goes first in round {s.round}"))
    return begin_part(ctx, s, a.side, ev)


def _attack(ctx: Context, s: GameState, a: Attack, ev: list[Event]) -> GameState:
    for h in a.helpers:
        s = s.with_figure(replace(s.fig(h), activated=True))
    if a.helpers:
        ev.append(Event("combined fire", f"{', '.join(a.helpers)} combine fire with {a.figure} (+4 each)"))
    s = count_attack(s)
    s = replace(s, attacks=s.attacks + (AttackSpec(a.figure, a.target, a.helpers),))
    return combat.run(ctx, s, ev)


def _force_move(ctx: Context, s: GameState, a: ForceMove, ev: list[Event]) -> GameState:
    fig = s.fig(a.figure)
    s = spend(s, fig, 1)
    ev.append(Event("force", f"{fig.id} spends 1 Force point to move 2 extra squares ({fig.force - 1} left)"))
    return replace(s, turn=replace(s.turn_now, force_move=True))


def _harpoon(ctx: Context, s: GameState, a: Harpoon, ev: list[Event]) -> GameState:
    s = replace(s, turn=replace(s.turn_now, attacked=True, replaced=True))
    ev.append(Event("harpoon", f"{a.figure} fires its harpoon at {a.target}"))
    s = replace(s, saves=s.saves + (PendingSave(a.target, HARPOON_SAVE, "harpoon", 0, a.figure),))
    return combat.run(ctx, s, ev)


def _opportunity(ctx: Context, s: GameState, a: Opportunity, ev: list[Event]) -> GameState:
    e = s.fig(a.figure)
    assert s.turn is not None  # an attack of opportunity is made during a turn
    s = s.with_figure(replace(e, opportunity_turn=s.turn.number))
    ev.append(Event("opportunity", f"{e.id} makes an attack of opportunity against {a.target}"))
    s = replace(s, attacks=(AttackSpec(e.id, a.target, kind="opportunity"),) + s.attacks)
    return combat.run(ctx, s, ev)


def _decline(ctx: Context, s: GameState, a: Decline, ev: list[Event]) -> GameState:
    if s.attack is not None:  # declining a Force reaction
        s = (combat.deflect if s.attack.stage == "hit" else combat.riposte)(ctx, s, False, ev)
    else:
        s = replace(s, turn=replace(s.turn_now, declined=s.turn_now.declined | {a.figure}))
        ev.append(Event("decline", f"{a.figure} lets the attack of opportunity pass"))
    return combat.run(ctx, s, ev)


def _reroll_or_keep(ctx: Context, s: GameState, a: Reroll | Keep, ev: list[Event]) -> GameState:
    use = isinstance(a, Reroll)
    if s.attack is not None:
        s = combat.reroll(ctx, s, ev) if use else _keep_attack(ctx, s, ev)
    else:
        s = combat.reroll_save(ctx, s, use, ev)
    return combat.run(ctx, s, ev)


def _keep_attack(ctx: Context, s: GameState, ev: list[Event]) -> GameState:
    """Keep a missed roll: the miss stands (Splash still lands, Twin Attack still follows)."""
    pa = s.attack
    assert pa is not None
    attacker = s.fig(pa.attacker)
    s = replace(s, attack=None)
    splash = ctx.ab.number(attacker, "Splash")
    if splash:
        s = combat.queue_splash(ctx, s, attacker, s.fig(pa.target), splash, include_target=True)
    return combat.finish_attack(ctx, s, pa, ev)


#: The step that carries out each class of action.
RESOLVE: dict[type, Step] = {
    Recruit: _build, Ready: _build, Place: _place, First: _first,
    Activate: lambda ctx, s, a, ev: activate(ctx, s, a.figure, ev),
    Move: lambda ctx, s, a, ev: ctx.moves.start(s, a, ev),
    Attack: _attack, ForceMove: _force_move,
    ForcePower: force_power, Heal: heal, UseAbility: use_ability,
    Harpoon: _harpoon,
    EndTurn: lambda ctx, s, a, ev: end_turn(ctx, s, ev),
    Opportunity: _opportunity, Decline: _decline, Reroll: _reroll_or_keep, Keep: _reroll_or_keep,
}


def resolve(ctx: Context, s: GameState, a: Action) -> tuple[GameState, list[Event]]:
    """Carry out one legal action: the new state and what happened."""
    ev: list[Event] = []
    return RESOLVE[type(a)](ctx, s, a, ev), ev
