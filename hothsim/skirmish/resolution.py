"""Carrying out an action of a skirmish: one step function for each action class (`RESOLVE`), each a
function of the `Context`, the state and the action, returning the new state and adding its events.

Adding an action adds its class (actions.py), the rule that applies it (in the module of its chapter) and a
line here; the game looks an action's step up by its class.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from hothsim.kernel.engine import Event, Side
from hothsim.kernel.squares import square_label
from hothsim.kernel.values import replace
from hothsim.skirmish.abilities import Abilities
from hothsim.skirmish.actions import (Action, Activate, Attack, Decline, EndTurn, First, ForceMove, ForcePower,
                                      Harpoon, Heal, Keep, Move, Opportunity, Place, Ready, Recruit, Reroll,
                                      UseAbility)
from hothsim.skirmish.combat import HARPOON_SAVE, Combat
from hothsim.skirmish.force_points import spend
from hothsim.skirmish.moving import Moves
from hothsim.skirmish.powers import force_power, heal, use_ability
from hothsim.skirmish.rounds import Rounds
from hothsim.skirmish.squads import SquadRules
from hothsim.skirmish.state import AttackSpec, GameState, PendingSave
from hothsim.skirmish.targeting import count_attack


@dataclass(frozen=True)
class Context:
    """What the steps are handed besides the state: the game's rule helpers (built once from what it is
    played with) and the player deciding."""

    ab: Abilities
    combat: Combat
    rounds: Rounds
    moves: Moves
    squads: SquadRules
    player: Side | None


Step = Callable[[Context, GameState, Action, list[Event]], GameState]


def resume(rounds: Rounds, moves: Moves, s: GameState, ev: list[Event]) -> GameState:
    """After attacks and saves: a defeated mover's turn ends; a paused move carries on."""
    if s.turn is None or s.stage == "over":
        return s
    mover = s.fig(s.turn.figure)
    if not mover.alive:
        return rounds.end_turn(replace(s, turn=replace(s.turn, path_left=(), path_cost_left=())), ev)
    if s.turn.path_left:
        return moves.carry_on(s, ev)
    return s


def _build(ctx: Context, s: GameState, a: Recruit | Ready, ev: list[Event]) -> GameState:
    s = ctx.squads.apply(s, ctx.player, a, ev)  # type: ignore[arg-type]
    if s.stage == "setup" and not s.figures:
        s = ctx.rounds.field_squads(s)
    return s


def _place(ctx: Context, s: GameState, a: Place, ev: list[Event]) -> GameState:
    s = s.with_figure(replace(s.fig(a.figure), pos=a.square))
    ev.append(Event("place", f"{a.figure} sets up on {square_label(a.square)}"))
    return ctx.rounds.after_placement(s, ev)


def _first(ctx: Context, s: GameState, a: First, ev: list[Event]) -> GameState:
    s = replace(s, first=a.side, stage="round")  # type: ignore[arg-type]
    ev.append(Event("first", f"{s.initiative} lets {a.side} go first in round {s.round}"
                    if a.side != s.initiative else f"{s.initiative} goes first in round {s.round}"))
    return ctx.rounds.begin_part(s, a.side, ev)  # type: ignore[arg-type]


def _attack(ctx: Context, s: GameState, a: Attack, ev: list[Event]) -> GameState:
    for h in a.helpers:
        s = s.with_figure(replace(s.fig(h), activated=True))
    if a.helpers:
        ev.append(Event("combined fire", f"{', '.join(a.helpers)} combine fire with {a.figure} (+4 each)"))
    s = count_attack(s)
    s = replace(s, attacks=s.attacks + (AttackSpec(a.figure, a.target, a.helpers),))
    return ctx.combat.run(s, ev)


def _force_move(ctx: Context, s: GameState, a: ForceMove, ev: list[Event]) -> GameState:
    fig = s.fig(a.figure)
    s = spend(s, fig, 1)
    ev.append(Event("force", f"{fig.id} spends 1 Force point to move 2 extra squares ({fig.force - 1} left)"))
    return replace(s, turn=replace(s.turn, force_move=True))  # type: ignore[arg-type]


def _harpoon(ctx: Context, s: GameState, a: Harpoon, ev: list[Event]) -> GameState:
    s = replace(s, turn=replace(s.turn, attacked=True, replaced=True))  # type: ignore[arg-type]
    ev.append(Event("harpoon", f"{a.figure} fires its harpoon at {a.target}"))
    s = replace(s, saves=s.saves + (PendingSave(a.target, HARPOON_SAVE, "harpoon", 0, a.figure),))
    return ctx.combat.run(s, ev)


def _opportunity(ctx: Context, s: GameState, a: Opportunity, ev: list[Event]) -> GameState:
    e = s.fig(a.figure)
    s = s.with_figure(replace(e, opportunity_turn=s.turn.number))  # type: ignore[union-attr]
    ev.append(Event("opportunity", f"{e.id} makes an attack of opportunity against {a.target}"))
    s = replace(s, attacks=(AttackSpec(e.id, a.target, kind="opportunity"),) + s.attacks)
    return ctx.combat.run(s, ev)


def _decline(ctx: Context, s: GameState, a: Decline, ev: list[Event]) -> GameState:
    if s.attack is not None:  # declining a Force reaction
        s = (ctx.combat.deflect if s.attack.stage == "hit" else ctx.combat.riposte)(s, False, ev)
    else:
        s = replace(s, turn=replace(s.turn, declined=s.turn.declined | {a.figure}))  # type: ignore[union-attr]
        ev.append(Event("decline", f"{a.figure} lets the attack of opportunity pass"))
    return ctx.combat.run(s, ev)


def _reroll_or_keep(ctx: Context, s: GameState, a: Reroll | Keep, ev: list[Event]) -> GameState:
    use = isinstance(a, Reroll)
    if s.attack is not None:
        s = ctx.combat.reroll(s, ev) if use else _keep_attack(ctx, s, ev)
    else:
        s = ctx.combat.reroll_save(s, use, ev)
    return ctx.combat.run(s, ev)


def _keep_attack(ctx: Context, s: GameState, ev: list[Event]) -> GameState:
    """Keep a missed roll: the miss stands (Splash still lands, Twin Attack still follows)."""
    pa = s.attack
    assert pa is not None
    attacker = s.fig(pa.attacker)
    s = replace(s, attack=None)
    splash = ctx.ab.number(attacker, "Splash")
    if splash:
        s = ctx.combat.queue_splash(s, attacker, s.fig(pa.target), splash, include_target=True)
    return ctx.combat.finish_attack(s, pa, ev)


#: The step that carries out each class of action.
RESOLVE: dict[type, Step] = {  # type: ignore[dict-item]
    Recruit: _build, Ready: _build, Place: _place, First: _first,
    Activate: lambda ctx, s, a, ev: ctx.rounds.activate(s, a.figure, ev),
    Move: lambda ctx, s, a, ev: ctx.moves.start(s, a, ev),
    Attack: _attack, ForceMove: _force_move,
    ForcePower: lambda ctx, s, a, ev: force_power(ctx.combat, s, a, ev),
    Heal: lambda ctx, s, a, ev: heal(ctx.combat, s, a, ev),
    UseAbility: lambda ctx, s, a, ev: use_ability(ctx.combat, s, a, ev),
    Harpoon: _harpoon,
    EndTurn: lambda ctx, s, a, ev: ctx.rounds.end_turn(s, ev),
    Opportunity: _opportunity, Decline: _decline, Reroll: _reroll_or_keep, Keep: _reroll_or_keep,
}


def resolve(ctx: Context, s: GameState, a: Action) -> tuple[GameState, list[Event]]:
    """Carry out one legal action: the new state and what happened."""
    ev: list[Event] = []
    return RESOLVE[type(a)](ctx, s, a, ev), ev
