"""Why the rules refuse an action in Assault on Hoth: the rulebook section a player broke and a sentence in
the game's words, worked out only once an action is known to be illegal.

`reason_against` is a function of the rules, the terrain, the state and the decision pending; the reason
for each kind of action is found in `REASONS`, keyed by its class, beside the others of its chapter.
"""

from __future__ import annotations

from typing import Callable

from hothsim.assault.actions import (Action, Armor, AssignLuke, Board, Choose, Critical, Displace, Done, Fire,
                                     Harpoon, Move, Place, Repair, Walk)
from hothsim.assault.movement import Terrain, move_end, walk_problem
from hothsim.assault.round_actions import acting, plan_shot, round_title, round_units
from hothsim.assault.rules import AssaultRules
from hothsim.assault.state import AssaultState, Unit
from hothsim.kernel.engine import Decision

Reason = tuple[str, str]

#: The action classes a decision of each kind takes (any other is out of turn).
WANTS: dict[str, tuple[type, ...]] = {
    "place": (Place,), "board": (Board,), "luke": (AssignLuke,), "displace": (Displace,), "armor": (Armor,),
    "critical": (Critical,), "choose": (Choose,), "repair": (Repair,), "act": (Move, Walk, Fire, Harpoon, Done)}


def reason_against(rules: AssaultRules, terrain: Terrain, s: AssaultState, d: Decision, action: Action) -> Reason:
    """(the rule, why) for an action the rules refuse now, naming the rulebook's section."""
    if d.kind in WANTS and not isinstance(action, WANTS[d.kind]):
        if d.kind == "act":
            return "turn sequence", f"now the {d.player} player acts: {round_title(rules, s)}"
        return "turn sequence", f"now the {d.player} player must {d.kind}" + (f" ({d.unit})" if d.unit else "")
    unit = getattr(action, "unit", None)  # the one acting or chosen: never an installation
    if unit is not None and not s.has_unit(unit):
        return "units", f"there is no unit {unit}"
    fixed = FIXED.get(type(action))
    if fixed is not None:
        return fixed
    if isinstance(action, Place):
        return _place(rules, s, action)
    if isinstance(action, (Move, Walk, Fire, Harpoon)):
        return _unit_action(rules, terrain, s, action)
    return "rules", "that action is not legal now"


#: Refusals that need nothing but the action's class: the only way such an action is illegal.
FIXED: dict[type, Reason] = {
    Board: ("3.1 set-up", "each Walker carries three Snowtroopers; name a Walker with room"),
    Armor: ("9 Luke Skywalker", "only Luke's Snowspeeder spends Force points, and no more than he has"),
    Critical: ("9 Luke Skywalker", "only Luke, with a Force point left, can soften a critical hit"),
    Displace: ("6.3 Walkers", "the Snowspeeder goes to an empty hex next to the Walker"),
    Choose: ("8 events", "that unit cannot take this Event's effect"),
    Repair: ("8 events", "that unit cannot take this Event's effect"),
}


def _place(rules: AssaultRules, s: AssaultState, action: Place) -> Reason:
    assert s.placing is not None
    if action.unit != s.placing.unit:
        return "set-up", f"{s.placing.unit} is placed next"
    return "set-up", "that is not an empty hex where this unit may be placed (cliffs excluded)" + (
        "; a Walker also needs a facing" if s.unit(action.unit).type == "walker" else "")


def _unit_action(rules: AssaultRules, terrain: Terrain, s: AssaultState, action: Move | Walk | Fire | Harpoon
                 ) -> Reason:
    """A unit's move, walk, fire or harpoon: first whether the card lets it act so, then its own rule."""
    u = s.unit(action.unit)
    _, allowed, _ = acting(rules, s)
    kind = {Move: "move", Walk: "move", Fire: "fire", Harpoon: "harpoon"}[type(action)]
    if not round_units(rules, s)(u):
        if u.id in s.acted:
            return "5.2 action cards", f"{u.id} has already acted this action round"
        return "5.2 action cards", f"{u.id} may not act on this card ({round_title(rules, s)})"
    if kind not in allowed:
        return "5.2 action cards", f"this card does not allow a {kind}"
    return UNIT_REASONS[type(action)](rules, terrain, s, u, action)


def _walk(rules: AssaultRules, terrain: Terrain, s: AssaultState, u: Unit, action: Action) -> Reason:
    assert isinstance(action, Walk)
    if rules.units[u.type].is_walker is False:
        return "6 movement", "only Walkers move by steps; name where the unit goes"
    why = walk_problem(rules, terrain, s, u, action.steps)
    return "6.3 Walker movement", why or "write the turns between two steps as the net turn (rrr for three)"


def _move(rules: AssaultRules, terrain: Terrain, s: AssaultState, u: Unit, action: Action) -> Reason:
    assert isinstance(action, Move)
    end = move_end(rules, terrain, s, u, action.to)
    if isinstance(end, int):  # never met: a refusal is asked only of an action the rules refuse
        return "rules", "that action is not legal now"
    return ("6.3 Walker movement" if rules.units[u.type].is_walker else "6 movement"), end


def _fire(rules: AssaultRules, terrain: Terrain, s: AssaultState, u: Unit, action: Action) -> Reason:
    assert isinstance(action, (Fire, Harpoon))
    shot = plan_shot(rules, terrain, s, action)
    if isinstance(shot, str):
        return ("7.4 harpoons" if isinstance(action, Harpoon) else "7 fire"), shot
    return "rules", "that action is not legal now"


#: The reason against each kind of unit action the card allows, by the action's class.
UNIT_REASONS: dict[type, Callable[[AssaultRules, Terrain, AssaultState, Unit, Action], Reason]] = {
    Walk: _walk, Move: _move, Fire: _fire, Harpoon: _fire}
