"""The sight benchmark (benchmarks/sight.py): an activation's floors of enemies in sight, with and without
an attack, and the floor a side reaches attacking in a given share of the activations with a shot."""

from __future__ import annotations

import pytest

from benchmarks.sight import Floor, floor_of, reachable
from hothsim.ai.expert.skirmish import SkirmishExpert
from hothsim.ai.weights import SkirmishWeights
from hothsim.kernel.squares import Edge
from hothsim.skirmish.actions import parse_action
from tests.arena import arena


def test_a_figure_that_may_shoot_then_step_behind_the_wall_has_both_floors_at_nought(tmp_path):
    # The trooper at C6 sees both snowtroopers through the one opening in the wall (row 6); a step
    # back north or south of it hides it, and it may step after attacking from where it stands.
    wall = tuple(Edge("v", 3, y) for y in range(12) if y != 5)
    g = arena(tmp_path, {"hoth-trooper": "c6"}, {"snowtrooper-1": "l6", "snowtrooper-2": "l7"}, [15, 3],
              walls=wall)
    for line in ("first rebel", "activate hoth-trooper"):
        g.apply(parse_action(line))
    assert floor_of(g, SkirmishExpert(SkirmishWeights())) == Floor(hidden=0.0, attacking=0.0)


def test_a_figure_in_the_open_is_seen_by_its_target_unless_the_shot_fells_it(tmp_path):
    # No wall: every square of the 12 by 12 arena is seen by the snowtrooper.  The trooper (10 damage)
    # hits the snowtrooper (10 hit points) on 10 or more less its defence: the expected eyes are the
    # chance it misses.
    g = arena(tmp_path, {"hoth-trooper": "c6"}, {"snowtrooper": "l6"}, [15, 3])
    for line in ("first rebel", "activate hoth-trooper"):
        g.apply(parse_action(line))
    expert = SkirmishExpert(SkirmishWeights())
    f = floor_of(g, expert)
    s = g.state
    kill = expert.kill_share(g, s, s.fig("hoth-trooper"), s.fig("snowtrooper"))
    assert 0 < kill < 1
    assert f.hidden == 1.0 and f.attacking == 1 - kill


def test_the_floor_at_a_share_leaves_unattacked_the_activations_where_hiding_gains_most():
    floors = [Floor(0.0, 1.0), Floor(0.0, 0.5), Floor(0.0, 0.2), Floor(1.0, None)]
    assert reachable(floors, 1.0) == pytest.approx((1.0 + 0.5 + 0.2 + 1.0) / 4)
    # a third of the three with a shot may go without it: the one that gains a whole enemy
    assert reachable(floors, 2 / 3) == pytest.approx((0.0 + 0.5 + 0.2 + 1.0) / 4)
