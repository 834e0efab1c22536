"""Movement carried out (rulebook section 6): a unit's move, a Walker's steps (crushing what it walks into,
or stopping for the Rebel player to push a Snowspeeder aside) and that push.  Each step is a function of the
`Context` and the state; what a move may do is worked out in movement.py.
"""

from __future__ import annotations

from hothsim.assault.actions import Displace, Move
from hothsim.assault.fire import destroy
from hothsim.assault.movement import displacement_hexes, move_cost, walker_step
from hothsim.assault.setup import Context
from hothsim.assault.state import AssaultState, WalkerMove
from hothsim.kernel.engine import Event
from hothsim.kernel.hexes import DIRECTION_NAMES, hex_label, neighbour, parse_hex
from hothsim.kernel.values import replace
from hothsim.kernel.words import count


def move(ctx: Context, s: AssaultState, a: Move, ev: list[Event]) -> AssaultState:
    """A unit that is not a Walker moves: to a hex, into the Base, or aboard a Walker."""
    u = s.unit(a.unit)
    cost = move_cost(ctx.rules, ctx.terrain, s, u, a.to)
    assert cost is not None  # the move is legal
    frm = u.at()
    if a.to == "base":
        u = replace(u, where="base", hex=None)
    elif s.has_unit(a.to):
        u = replace(u, where="aboard", hex=None, aboard=a.to)
    else:
        u = replace(u, where="map", hex=parse_hex(a.to), aboard="")
    ev.append(Event("move", f"{u.id} moves from {frm} to {u.at()} ({count(cost, 'MP')})"))
    return replace(s.with_unit(u), acted=s.acted | {u.id})


def walk(ctx: Context, s: AssaultState, wid: str, steps: str, mp: int, ev: list[Event]) -> AssaultState:
    """A Walker takes its steps, crushing what it walks into or stopping for a Snowspeeder to be pushed aside."""
    for i, c in enumerate(steps):
        w = s.unit(wid)
        if c in "lr":
            w = replace(w, facing=(w.facing + (1 if c == "r" else -1)) % 6)
            mp -= ctx.rules.movement.walker_turn
            s = s.with_unit(w)
            ev.append(Event("walk", f"{wid} turns {'right' if c == 'r' else 'left'} to face "
                            f"{DIRECTION_NAMES[w.facing]}"))
            continue
        assert w.hex is not None
        n = neighbour(w.hex, w.facing)
        mp -= walker_step(ctx.rules, ctx.terrain, n)
        victim = s.occupant(n)
        s = s.with_unit(replace(w, hex=n))
        ev.append(Event("walk", f"{wid} walks to {hex_label(n)}"))
        if victim is not None:
            if ctx.rules.units[victim.type].is_speeder:
                if displacement_hexes(ctx.terrain, s, n):
                    return replace(s, walker_move=WalkerMove(wid, steps[i + 1:], mp, victim.id))
                s = destroy(s, victim, "no empty hex to be pushed into", ev)
            else:
                s = destroy(s, victim, f"crushed by {wid}", ev)
    return replace(s, walker_move=None)


def displace(ctx: Context, s: AssaultState, a: Displace, ev: list[Event]) -> AssaultState:
    """A Snowspeeder pushed aside to an empty hex; the Walker walks on."""
    wm = s.walker_move
    assert wm is not None
    sp = s.unit(a.unit)
    s = s.with_unit(replace(sp, hex=a.hex))
    ev.append(Event("displace", f"{sp.id} is pushed aside to {hex_label(a.hex)}"))
    return walk(ctx, replace(s, walker_move=None), wm.walker, wm.steps_left, wm.mp_left, ev)
