"""The skirmish's movement caches give the same steps as working them out afresh (issue 16's speed-ups must
not change a single legal move): a door state's steps, squeezing steps shared between door states, and
the movement plans a game's copies share."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from hothsim.ai import LEVELS, Player, derive_seed
from hothsim.ai.players import policy_for
from hothsim.ai.search import Thinking
from hothsim.data.catalog import Catalog
from hothsim.kernel.paths import SquareMover
from hothsim.skirmish.board import Board
from hothsim.skirmish.game import SkirmishGame
from hothsim.skirmish.movement import _SqueezeGeometry, squeezed_size
from tests.random_play import random_play


@pytest.fixture(scope="module")
def outpost():
    grid = Catalog.installed().load_map("hoth-outpost")
    return grid, Board(grid)


def door_states(grid, count: int, seed: int = 5) -> list[frozenset]:
    rnd = random.Random(seed)
    doors = sorted(grid.doors)
    return [frozenset(), frozenset(doors)] + [frozenset(d for d in doors if rnd.random() < 0.5) for _ in range(count)]


@pytest.mark.parametrize("size,flight", [(1, False), (2, False), (3, True)])
def test_a_door_states_steps_are_the_movers_own_steps_with_those_doors(outpost, size, flight):
    grid, board = outpost
    table = board.steps(size, flight)
    mover = SquareMover(size=size, flight=flight, ignores_terrain=flight)
    for doors in door_states(grid, 2):
        steps = table.neighbours(doors)
        barriers = grid.barriers(doors)
        for anchor in table.fits:
            expected = list(mover.neighbours(grid, barriers)(anchor))
            assert list(steps(anchor)) == expected, (anchor, sorted(doors))


@pytest.mark.parametrize("size,flight", [(2, False), (3, True)])
def test_squeezing_steps_shared_between_door_states_equal_fresh_ones(outpost, size, flight):
    grid, board = outpost
    full, small = board.steps(size, flight), board.steps(squeezed_size(size), flight)
    free: dict = {}
    for doors in door_states(grid, 3):
        shared = _SqueezeGeometry(full, small, doors, grid, free)
        fresh = _SqueezeGeometry(full, small, doors, grid, None)
        todo = list(full.fits)
        seen = set(todo)
        while todo:
            node = todo.pop()
            expected = fresh._work_out(node)
            assert shared.edges(node) == expected, (node, sorted(doors))
            for to, *_ in expected:
                if to not in seen:
                    seen.add(to)
                    todo.append(to)


@pytest.mark.parametrize("limit", [2, 6])
def test_range_within_a_limit_is_the_range_when_it_is_no_farther(outpost, limit):
    grid, board = outpost
    rnd = random.Random(limit)
    squares = [sq for sq in grid.squares() if sq not in board.solid]
    for doors in door_states(grid, 2):
        for _ in range(150):
            a, d = rnd.choice(squares), rnd.choice(squares)
            size = rnd.choice((1, 2))
            space = tuple((a[0] + i, a[1] + j) for j in range(size) for i in range(size))
            full = board.range_between(doors, space, (d,))
            expected = full if full is not None and full <= limit else None
            assert board.range_within(doors, space, (d,), limit) == expected, (space, d, sorted(doors))


def _fresh_copy(game):
    """The same position in a game that keeps no memo of movement plans (every plan worked out afresh)."""
    return SkirmishGame(replace(game.setup, plans=None), game.state, game.dice.clone(), game.board, game.record)


@pytest.mark.parametrize("scenario,seed", [("echo-base", 4), ("skirmish", 7)])
def test_a_remembered_movement_plan_is_the_plan_worked_out_afresh(scenario, seed):
    """The games a search deals from one observation share a memo of movement plans: every legal move,
    path and attack of opportunity a dealt game gives must be what a game without the memo works out,
    including where the memo was filled by other dealt games along other lines of play."""
    game = random_play(scenario, seed, 0)
    level = replace(LEVELS["normal"], simulations=12)
    expert = Player("expert")
    compared = hits = 0
    for n in range(260):
        if game.is_over:
            break
        side = game.pending.player
        if game.pending.kind == "turn" and n % 3 == 0:
            observation = game.observation(side)
            thinking = Thinking(observation, policy_for(game, level.weights), level, n)
            while thinking.step():  # the search's dealt games and their rollouts fill the memo
                pass
            memo = observation.setup.plans
            dealt = observation.determinize(n)
            policy = policy_for(dealt, level.weights)
            for step in range(6):  # the root, then positions the rollouts may have met
                if dealt.is_over:
                    break
                held = len(memo)
                legal = dealt.legal_actions()
                hits += len(memo) == held and dealt.pending.kind == "turn"
                assert legal == _fresh_copy(dealt).legal_actions(), (n, step)
                assert dealt.move_plans() == _fresh_copy(dealt).move_plans(), (n, step)
                compared += 1
                dealt.apply(policy.rollout(dealt, random.Random(step), side))
        game.apply(expert.thinking(game, derive_seed(seed, n)).choice().action)
    assert compared >= 80 and hits >= 30
    assert game.setup.plans is None  # the game itself keeps none: a game played on pays nothing for it
