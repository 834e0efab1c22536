"""The acting character's legal actions in its turn (rulebook: a turn): its moves, then its attacks (with
every group of allies that may combine fire), Use the Force, the abilities and powers used instead of
attacking or instead of the turn, extra movement bought with the Force, and ending the turn.
"""

from __future__ import annotations

from itertools import combinations

from hothsim.skirmish.actions import Action, Attack, EndTurn, ForceMove, ForcePower
from hothsim.skirmish.attacks import combined_fire_helpers
from hothsim.kernel.gates import passes
from hothsim.skirmish.gates import ATTACKING, BUYING_MOVEMENT, FORCE_POWERS
from hothsim.skirmish.movement import PlanMemo
from hothsim.skirmish.moving import Moves
from hothsim.skirmish.powers import replacing_actions
from hothsim.skirmish.state import Figure, GameState
from hothsim.skirmish.targeting import Targeting


def turn_actions(moves: Moves, targeting: Targeting, s: GameState) -> list[Action]:
    """Every legal action of the acting character in `s`: its moves first, then its other choices."""
    assert s.turn is not None
    fig = s.fig(s.turn.figure)
    return PlanMemo.moves(moves.plans(s), fig.id) + turn_choices(targeting, s, fig)


def turn_choices(t: Targeting, s: GameState, fig: Figure) -> list[Action]:
    """The acting character's choices other than moving: attacks, abilities, Force, ending the turn."""
    assert s.turn is not None
    out: list[Action] = []
    if passes(ATTACKING, t, s, fig):
        use = passes(FORCE_POWERS, t, s, fig, "use")
        for tv in t.targets(s, fig):
            target = s.fig(tv.target)
            helpers = combined_fire_helpers(s, t.board, fig, target, t.may_help)
            for k in range(len(helpers) + 1):
                for group in combinations(helpers, k):
                    out.append(Attack(fig.id, tv.target, group))
            if use:
                out.append(ForcePower(fig.id, "use", tv.target))
    out += replacing_actions(t, s, fig)
    if passes(BUYING_MOVEMENT, s, fig):
        out.append(ForceMove(fig.id))
    out.append(EndTurn(fig.id))
    return out
