"""Carrying out an action of Assault on Hoth: one step function for each action class (`RESOLVE`), each a
function of the `Context`, the state and the action, returning the new state and adding its events.

Adding an action adds its class (actions.py), the rule that applies it (in the module of its chapter) and a
line here; the game looks an action's step up by its class.
"""

from __future__ import annotations

from typing import Any, Callable

from hothsim.assault.actions import (Action, Armor, AssignLuke, Board, Choose, Critical, Displace, Done, Fire,
                                     Harpoon, Move, Place, Repair, Walk)
from hothsim.assault.deployment import assign_luke, board, place
from hothsim.assault.events import choose, repair
from hothsim.assault.firing import armor, critical, declare
from hothsim.assault.movement import walker_points
from hothsim.assault.moving import displace, move, walk
from hothsim.assault.round_actions import acting
from hothsim.assault.setup import Context
from hothsim.assault.state import AssaultState
from hothsim.assault.turns import end_round
from hothsim.kernel.engine import Event
from hothsim.kernel.values import replace

#: A step of resolution, given an action of the class that keys it in `RESOLVE` (so any of the union: a
#: dispatch table types no tighter).
Step = Callable[[Context, AssaultState, Any, list[Event]], AssaultState]


def _walk(ctx: Context, s: AssaultState, a: Walk, ev: list[Event]) -> AssaultState:
    w = s.unit(a.unit)
    return walk(ctx, replace(s, acted=s.acted | {w.id}), w.id, a.steps, walker_points(ctx.rules, w), ev)


def _fire(ctx: Context, s: AssaultState, a: Fire, ev: list[Event]) -> AssaultState:
    return declare(ctx, s, a.unit, a.target, a.force, False, ev)


def _harpoon(ctx: Context, s: AssaultState, a: Harpoon, ev: list[Event]) -> AssaultState:
    return declare(ctx, s, a.unit, a.target, a.force, True, ev)


def _luke(ctx: Context, s: AssaultState, a: AssignLuke, ev: list[Event]) -> AssaultState:
    return assign_luke(ctx, s, a.speeder, ev)


def _armor(ctx: Context, s: AssaultState, a: Armor, ev: list[Event]) -> AssaultState:
    return armor(ctx, s, a.points, ev)


def _critical(ctx: Context, s: AssaultState, a: Critical, ev: list[Event]) -> AssaultState:
    return critical(ctx, s, a.spend, ev)


def _choose(ctx: Context, s: AssaultState, a: Choose, ev: list[Event]) -> AssaultState:
    return choose(ctx.rules, s, a.unit, ev)


def _repair(ctx: Context, s: AssaultState, a: Repair, ev: list[Event]) -> AssaultState:
    return repair(s, a, ev)


def _done(ctx: Context, s: AssaultState, a: Done, ev: list[Event]) -> AssaultState:
    ev.append(Event("round", f"the {acting(ctx.rules, s)[0]} player ends the action round"))
    return end_round(s)


#: The step that carries out each class of action.
RESOLVE: dict[type, Step] = {
    Place: place, Board: board, AssignLuke: _luke, Move: move, Walk: _walk, Displace: displace, Fire: _fire,
    Harpoon: _harpoon, Armor: _armor, Critical: _critical, Choose: _choose, Repair: _repair, Done: _done,
}


def resolve(ctx: Context, s: AssaultState, a: Action, ev: list[Event]) -> AssaultState:
    """Carry out one legal action (the play that follows is settled by the game)."""
    return RESOLVE[type(a)](ctx, s, a, ev)
