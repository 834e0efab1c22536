"""Why the rules refuse an action in Assault on Hoth: the rulebook section a player broke and a sentence in
the game's words, worked out only once an action is known to be illegal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hothsim.assault.actions import (Action, Armor, AssignLuke, Board, Choose, Critical, Displace, Done, Fire,
                                     Harpoon, Move, Place, Repair, Walk)
from hothsim.assault.movement import walk_problem

if TYPE_CHECKING:
    from hothsim.assault.game import AssaultGame


class Refusals:
    """The reasons against illegal actions in one game."""

    def __init__(self, game: "AssaultGame") -> None:
        self.g = game

    def reason_against(self, action: Action) -> tuple[str, str]:
        """(the rule, why) for an action the rules refuse now, naming the rulebook's section."""
        s = self.g.state
        d = self.g.pending
        wants = {"place": Place, "board": Board, "luke": AssignLuke, "displace": Displace, "armor": Armor,
                 "critical": Critical, "choose": Choose, "repair": Repair}
        if d.kind in wants and not isinstance(action, wants[d.kind]):
            return "turn sequence", f"now the {d.player} player must {d.kind}" + (f" ({d.unit})" if d.unit else "")
        if d.kind == "act" and not isinstance(action, (Move, Walk, Fire, Harpoon, Done)):
            return "turn sequence", f"now the {d.player} player acts: {self.g.round_title()}"
        unit = getattr(action, "unit", None)  # the one acting or chosen: never an installation
        if unit is not None and not s.has_unit(unit):
            return "units", f"there is no unit {unit}"
        if isinstance(action, Place):
            assert s.placing is not None
            if action.unit != s.placing.unit:
                return "set-up", f"{s.placing.unit} is placed next"
            return "set-up", "that is not an empty hex where this unit may be placed (cliffs excluded)" + (
                "; a Walker also needs a facing" if s.unit(action.unit).type == "walker" else "")
        if isinstance(action, Board):
            return "3.1 set-up", "each Walker carries three Snowtroopers; name a Walker with room"
        if isinstance(action, Armor):
            return "9 Luke Skywalker", ("only Luke's Snowspeeder spends Force points, and no more than he has"
                                        )
        if isinstance(action, Critical):
            return "9 Luke Skywalker", "only Luke, with a Force point left, can soften a critical hit"
        if isinstance(action, Displace):
            return "6.3 Walkers", "the Snowspeeder goes to an empty hex next to the Walker"
        if isinstance(action, (Choose, Repair)):
            return "8 events", "that unit cannot take this Event's effect"
        u = s.unit(action.unit) if isinstance(action, (Move, Walk, Fire, Harpoon)) else None
        if u is not None:
            _, allowed, _ = self.g.acting(s)
            kind = {Move: "move", Walk: "move", Fire: "fire", Harpoon: "harpoon"}[type(action)]
            if not self.g.eligible(s, u):
                if u.id in s.acted:
                    return "5.2 action cards", f"{u.id} has already acted this action round"
                return "5.2 action cards", f"{u.id} may not act on this card ({self.g.round_title()})"
            if kind not in allowed:
                return "5.2 action cards", f"this card does not allow a {kind}"
            if isinstance(action, Walk):
                if self.g.rules.units[u.type].is_walker is False:
                    return "6 movement", "only Walkers move by steps; name where the unit goes"
                why = walk_problem(self.g.rules, self.g.terrain, s, u, action.steps)
                return "6.3 Walker movement", why or "write the turns between two steps as the net turn (rrr for three)"
            if isinstance(action, Move):
                if self.g.rules.units[u.type].is_walker:
                    return "6.3 Walker movement", "a Walker moves by steps: f forward, l and r to turn (e.g. fflf)"
                if self.g.rules.units[u.type].fixed:
                    return "6 movement", "Laser Towers never move"
                return "6 movement", (f"{u.id} cannot end a move at {action.to} now (5 MPs, 1 a hex; no ending on a "
                                      "unit; cliffs only for Snowspeeders; the Base through a free entry hex)")
            shot = self.g.shot(action)  # type: ignore[arg-type]
            if isinstance(shot, str):
                return ("7.4 harpoons" if isinstance(action, Harpoon) else "7 fire"), shot
        return "rules", "that action is not legal now"
