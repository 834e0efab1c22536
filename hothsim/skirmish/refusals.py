"""Why the rules refuse an action (every refusal names its rule): the rule a player broke and a
sentence in the game's words, worked out only once an action is known to be illegal.

`reason_against` is a function of the shared rules of attacking and moving (`Targeting`), the squad rules,
the state and the player deciding; the reason for each kind of action is found in `REASONS`, keyed by its
class.
"""

from __future__ import annotations

from typing import Callable

from hothsim.kernel.engine import Side
from hothsim.skirmish.actions import (POWER_WORDS, Action, Activate, Attack, Decline, ForceMove,
                                      ForcePower, Harpoon, Heal, Keep, Opportunity, Place, Ready, Recruit, Reroll,
                                      UseAbility)
from hothsim.skirmish.attacks import combined_fire_helpers
from hothsim.kernel.gates import shut
from hothsim.skirmish.gates import (ABILITIES, ACTION_ABILITIES, ACTIVATING, ATTACKING, BUYING_MOVEMENT,
                                    FORCE_POWERS, PLACING, TARGETS)
from hothsim.skirmish.squads import SquadRules
from hothsim.skirmish.state import Figure, GameState
from hothsim.skirmish.targeting import Targeting

Reason = tuple[str, str]


def reason_against(t: Targeting, squads: SquadRules, s: GameState, player: Side | None, action: Action) -> Reason:
    """(the rule, why) for an action the rules refuse now."""
    if isinstance(action, (Recruit, Ready)):
        if player is None:  # nobody decides: the game is over
            return ("turn order", f"{action.notation()!r} is not allowed now")
        return squads.why_not(s, player, action)
    try:
        fig = s.fig(getattr(action, "figure"))
    except KeyError:
        return ("notation", f"there is no figure {getattr(action, 'figure')!r} in this game")
    reason = REASONS.get(type(action))
    if reason is None:
        return ("turn order", f"{action.notation()!r} is not allowed now")
    return reason(t, s, fig, action)


def _place(t: Targeting, s: GameState, fig: Figure, action: Action) -> Reason:
    return shut(PLACING, s, fig) or ("setup", "a character is set up inside its side's zone, where its whole "
                                              "space fits, with at most one character per square")


def _activate(t: Targeting, s: GameState, fig: Figure, action: Action) -> Reason:
    return shut(ACTIVATING, s, fig) or ("rounds and phases", f"{fig.id} cannot activate")


def _force_move(t: Targeting, s: GameState, fig: Figure, action: Action) -> Reason:
    if s.turn is not None and fig.id != s.turn.figure:
        return ("activation", f"it is {s.turn.figure}'s turn")
    return shut(BUYING_MOVEMENT, s, fig) or ("force points", f"{fig.id} may not buy extra movement now")


def _force_power(t: Targeting, s: GameState, fig: Figure, action: Action) -> Reason:
    assert isinstance(action, ForcePower)
    return shut(FORCE_POWERS, t, s, fig, action.power) or (
        "legal target", f"{POWER_WORDS.get(action.power, action.power)} cannot be used that way now")


def _ability(t: Targeting, s: GameState, fig: Figure, action: Action) -> Reason:
    """An ability used as an action: the first of its gates shut, else the character it names is not one
    it may be used on."""
    assert isinstance(action, (UseAbility, Heal, Harpoon))
    word = action.ability if isinstance(action, UseAbility) else "heal" if isinstance(action, Heal) else "harpoon"
    if word not in ACTION_ABILITIES:
        return ("notation", f"there is no ability {word!r} used as an action")
    return shut(ABILITIES, t, s, fig, word) or (
        "legal target", f"{ACTION_ABILITIES[word]} cannot be used on {action.target} now")


def _attack(t: Targeting, s: GameState, fig: Figure, a: Action) -> Reason:
    """A refused attack, in the order a player would check it: whose turn, whether it may attack at all
    (`ATTACKING`), then its target (`TARGETS`: who, sight, the nearest-enemy rule) and its helpers."""
    assert isinstance(a, Attack)
    turn = s.turn
    assert turn is not None
    if a.figure != turn.figure:
        return ("activation", f"it is {turn.figure}'s turn")
    closed = shut(ATTACKING, t, s, fig)
    if closed is not None:
        return closed
    try:
        target = s.fig(a.target)
    except KeyError:
        return ("notation", f"there is no figure {a.target!r}")
    wrong = shut(TARGETS, t, s, fig, target)
    if wrong is not None:
        return wrong
    helpers = combined_fire_helpers(s, t.board, fig, target, t.may_help)
    bad = [h for h in a.helpers if h not in helpers]
    return ("combined fire", f"{', '.join(bad) or 'these allies'} cannot combine fire: an ally must not have "
                             "activated this round, must see the target and deal damage; no Melee Attack; "
                             "Mounted Weapon only with Mounted Weapon")


def _fixed(rule: str, why: str) -> Callable[[Targeting, GameState, Figure, Action], Reason]:
    return lambda t, s, fig, action: (rule, why.format(fig=fig.id))


#: The reason against each kind of action, by its class (build actions are the squad rules' own).
REASONS: dict[type, Callable[[Targeting, GameState, Figure, Action], Reason]] = {
    Place: _place, Activate: _activate, Attack: _attack, ForceMove: _force_move, ForcePower: _force_power,
    UseAbility: _ability, Heal: _ability, Harpoon: _ability,
    Opportunity: _fixed("attacks of opportunity", "{fig} may not make an attack of opportunity now"),
    Decline: _fixed("attacks of opportunity", "{fig} may not make an attack of opportunity now"),
    Reroll: _fixed("force points", "only the character that just rolled decides on its reroll"),
    Keep: _fixed("force points", "only the character that just rolled decides on its reroll"),
}
