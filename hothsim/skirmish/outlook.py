"""What a square holds for a moving character: the shots it would have from there, and who could shoot it.

A player choosing where to move asks two questions the rules answer: once there, which enemies could it
attack and at what chance (the targeting rules from that square: sight, the nearest-enemy rule, cover,
every modifier), and how many enemies could attack it there next (each enemy's legal targets, as the rules
count them, with the doors as they would stand once its turn ends there: a door it stops beside opens).
Pure: functions of the targeting rules and a state.
"""

from __future__ import annotations

from dataclasses import dataclass

from hothsim.kernel.squares import Square
from hothsim.kernel.values import replace
from hothsim.skirmish.state import Figure, GameState
from hothsim.skirmish.targeting import Targeting


@dataclass(frozen=True)
class Outlook:
    """From one square: the enemies the mover could then attack, each with its chance to hit in percent
    (none where the move leaves it no attack), and the enemies that could attack it there next."""

    shots: tuple[tuple[str, int], ...]
    threats: tuple[str, ...]


def outlook(targeting: Targeting, s: GameState, fig: Figure, square: Square, attack_left: bool) -> Outlook:
    """What `square` holds for `fig` moving there now (`attack_left`: whether the move leaves it its
    attack)."""
    there = replace(fig, pos=square)
    moved = replace(s, figures=tuple(there if f.id == fig.id else f for f in s.figures))
    shots: tuple[tuple[str, int], ...] = ()
    if attack_left and targeting.ab.can_attack(moved, there):
        shots = tuple((v.target, targeting.chance_in(moved, there, moved.fig(v.target), cover=v.cover))
                      for v in targeting.targets(moved, there))
    ab = targeting.ab
    held = targeting.board.doors_held_open(f.space() for f in moved.living() if not ab.hologram(f))
    after = replace(moved, open_doors=held)
    threats = tuple(e.id for e in after.living() if e.side != fig.side and ab.can_attack(after, e)
                    and any(v.target == fig.id for v in targeting.targets(after, e)))
    return Outlook(shots, threats)
