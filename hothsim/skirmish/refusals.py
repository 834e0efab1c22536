"""Why the rules refuse an action (design.md: every refusal names its rule): the rule a player broke and a
sentence in the game's words, worked out only once an action is known to be illegal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hothsim.skirmish.actions import (ABILITY_WORDS, POWER_WORDS, Action, Activate, Attack, Decline, ForceMove,
                                      ForcePower, Harpoon, Heal, Keep, Opportunity, Place, Ready, Recruit, Reroll,
                                      UseAbility)
from hothsim.skirmish.attacks import combined_fire_helpers
from hothsim.skirmish.state import Figure

if TYPE_CHECKING:
    from hothsim.skirmish.game import SkirmishGame


class Refusals:
    """The reasons against illegal actions in one game."""

    def __init__(self, game: "SkirmishGame") -> None:
        self.g = game

    def reason_against(self, action: Action) -> tuple[str, str]:
        """(the rule, why) for an action the rules refuse now."""
        s = self.g._state
        if isinstance(action, (Recruit, Ready)):
            return self.g.squads.why_not(s, self.g.pending.player, action)  # type: ignore[arg-type]
        try:
            fig = s.fig(getattr(action, "figure"))
        except KeyError:
            return ("notation", f"there is no figure {getattr(action, 'figure')!r} in this game")
        if isinstance(action, Place):
            if fig.side != s.setup_side:
                return ("setup", f"{s.setup_side} sets up now")
            if fig.pos is not None:
                return ("setup", f"{fig.id} is already set up")
            return ("setup", "a character is set up inside its side's zone, where its whole space fits, with "
                             "at most one character per square")
        if isinstance(action, Activate):
            if fig.side != s.phase_side:
                return ("rounds and phases", f"{s.phase_side} activates now")
            if fig.activated:
                return ("rounds and phases", f"{fig.id} has already activated this round")
            return ("rounds and phases", f"{fig.id} cannot activate")
        if isinstance(action, Attack):
            return self.why_not_attack(action, fig)
        if isinstance(action, ForceMove):
            if fig.force < 1:
                return ("force points", f"{fig.id} has no Force points")
            if not self.g.combat.force_ready(s, fig):
                return ("force points", f"{fig.id} has already spent Force this turn")
            return ("force points", "extra movement must be bought before the move it extends, not after attacking")
        if isinstance(action, ForcePower):
            name = POWER_WORDS.get(action.power, action.power)
            if not self.g.ab.power(fig, name):
                return ("force powers", f"{fig.id} does not have {name}")
            if not self.g.combat.force_ready(s, fig, 3 if action.power == "use" else 1):
                return ("force points", f"{fig.id} lacks the Force points, or has already spent Force this turn")
            if action.power in ("grip", "sweep") and s.turn is not None and s.turn.attacked:
                return ("replaces attacks", f"{name} is used instead of attacking, and {fig.id} has attacked")
            return ("legal target", f"{name} cannot be used that way now")
        if isinstance(action, UseAbility):
            name = ABILITY_WORDS.get(action.ability, action.ability)
            if not self.g.ab.printed(fig, name):
                return ("special abilities", f"{fig.id} does not have {name}")
            if action.ability == "fire-support":
                return ("replaces the turn", f"{name} is used instead of the whole turn, before moving or "
                        f"attacking, at an enemy in sight")
            return ("replaces attacks" if s.turn and s.turn.attacked else "legal target",
                    f"{name} cannot be used on {action.target} now")
        if isinstance(action, (Heal, Harpoon)):
            what = "Heal" if isinstance(action, Heal) else "Harpoon Gun"
            return ("replaces attacks" if s.turn and s.turn.attacked else "legal target",
                    f"{what} cannot be used on {action.target} now")
        if isinstance(action, (Opportunity, Decline)):
            return ("attacks of opportunity", f"{fig.id} may not make an attack of opportunity now")
        if isinstance(action, (Reroll, Keep)):
            return ("force points", "only the character that just rolled decides on its reroll")
        return ("turn order", f"{action.notation()!r} is not allowed now")

    def why_not_attack(self, a: Attack, fig: Figure) -> tuple[str, str]:
        """(the rule, why) for a refused attack, in the order a player would check them."""
        s = self.g._state
        turn = s.turn
        assert turn is not None
        if a.figure != turn.figure:
            return ("activation", f"it is {turn.figure}'s turn")
        if not self.g.ab.can_attack(s, fig):
            return ("fragile" if self.g.ab.number(fig, "Fragile") else "attacking", f"{fig.id} cannot attack now")
        if turn.attacked and not self.g.targeting.may_attack(s, fig):
            return ("a turn", f"{fig.id} has already attacked this turn")
        if not self.g.targeting.may_attack(s, fig):
            return ("a turn", f"{fig.id} moved too far to attack this turn")
        try:
            target = s.fig(a.target)
        except KeyError:
            return ("notation", f"there is no figure {a.target!r}")
        if target.side == fig.side:
            return ("attacking allied characters", "a character cannot attack an ally")
        if not target.alive or not self.g.ab.targetable(target):
            return ("legal target", f"{target.id} is not a legal target")
        sight = self.g.board.sight(s.open_doors)
        if not sight.can_see(fig.rect(), target.rect()):
            return ("line of sight", f"{fig.id} cannot see {target.id}")
        views = {t.target: t for t in self.g.targeting.targets(s, fig)}
        if a.target not in views:
            if any(self.g.board.adjacent(s.open_doors, fig.rect(), e.rect()) for e in self.g.targeting.enemies_of(s, fig)):
                return ("adjacent enemies", f"an enemy is adjacent to {fig.id}, so only adjacent enemies may be chosen")
            if self.g.ab.melee(fig):
                return ("melee attack", f"{fig.id} may attack only adjacent enemies")
            return ("cover", f"{target.id} has cover and is not the nearest enemy")
        helpers = combined_fire_helpers(s, self.g.board, fig, target, self.g.targeting.may_help)
        bad = [h for h in a.helpers if h not in helpers]
        return ("combined fire", f"{', '.join(bad) or 'these allies'} cannot combine fire: an ally must not have "
                                 "activated this round, must see the target and deal damage; no Melee Attack; "
                                 "Mounted Weapon only with Mounted Weapon")
