"""The legal actions of each kind of decision but the action round's own (round_actions.py lists those):
placing a unit, boarding a Walker, assigning Luke, pushing a Snowspeeder aside, Luke's answers to fire, and
an Event's choice.  `CHOICES` maps a decision's kind to the function that lists its actions.
"""

from __future__ import annotations

from typing import Callable

from hothsim.assault.actions import Action, Armor, AssignLuke, Board, Choose, Critical, Displace, Repair
from hothsim.assault.deployment import placements
from hothsim.assault.events import choosable
from hothsim.assault.movement import displacement_hexes, may_mount
from hothsim.assault.setup import Context
from hothsim.assault.state import AssaultState
from hothsim.kernel.engine import Decision


def _board(ctx: Context, s: AssaultState, d: Decision) -> list[Action]:
    return [Board(d.acting, w.id) for w in s.units
            if w.type == "walker" and w.where == "map" and may_mount(ctx.rules, s, w)]


def _luke(ctx: Context, s: AssaultState, d: Decision) -> list[Action]:
    return [AssignLuke(u.id) for u in s.units if ctx.rules.units[u.type].is_speeder and u.alive]


def _displace(ctx: Context, s: AssaultState, d: Decision) -> list[Action]:
    wm = s.walker_move
    assert wm is not None
    at = s.unit(wm.walker).hex
    assert at is not None
    return [Displace(wm.speeder, h) for h in displacement_hexes(ctx.terrain, s, at)]


def _armor(ctx: Context, s: AssaultState, d: Decision) -> list[Action]:
    assert s.fire is not None
    if s.fire.target != s.luke:
        return [Armor(0)]
    return [Armor(n) for n in range(s.force + 1)]


def _critical(ctx: Context, s: AssaultState, d: Decision) -> list[Action]:
    assert s.fire is not None
    if s.fire.target == s.luke and s.force >= 1:
        return [Critical(True), Critical(False)]
    return [Critical(False)]


def _choose(ctx: Context, s: AssaultState, d: Decision) -> list[Action]:
    return [Choose(u.id) for u in choosable(ctx.rules, s)]


def _repair(ctx: Context, s: AssaultState, d: Decision) -> list[Action]:
    out: list[Action] = []
    for w in s.units:
        if w.type == "walker" and w.where == "map":
            out.extend(Repair(w.id, m) for m in ("blaster", "legs", "body") if getattr(w, m) > 0)
    return out


#: The legal actions of each kind of decision (an action round's are the game's `RoundActions`).
CHOICES: dict[str, Callable[[Context, AssaultState, Decision], list[Action]]] = {
    "over": lambda ctx, s, d: [], "place": lambda ctx, s, d: placements(ctx, s), "board": _board, "luke": _luke,
    "displace": _displace, "armor": _armor, "critical": _critical, "choose": _choose, "repair": _repair,
}
