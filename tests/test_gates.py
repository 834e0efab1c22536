"""Legality and refusals from one source (issue 30): setting a figure up, activating it and attacking with
it are opened by gates (`hothsim.skirmish.gates`); the game lists such an action only past every gate,
and refuses one with the reason of the first gate shut."""

from __future__ import annotations

import random

import pytest

from hothsim.kernel.gates import Gate, passes, shut
from hothsim.skirmish.actions import Activate, Attack, ForceMove, Place
from hothsim.skirmish.gates import ACTIVATING, ATTACKING, BUYING_MOVEMENT, PLACING
from tests.conformance import choose
from hothsim.games import open_game


def positions(scenario: str, seed: int, decisions: int):
    """The game after each of a seeded random game's first decisions."""
    game = open_game(scenario, seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        if game.is_over:
            return
        yield game
        game.apply(choose(rng, game.legal_actions()))


@pytest.mark.parametrize("scenario, seed", [("salvage", 1), ("echo-base", 2), ("quick-start", 3)])
def test_a_figure_is_set_up_activated_or_attacks_exactly_where_its_gates_are_open(scenario, seed):
    checked = {"place": 0, "activate": 0, "turn": 0, "attacks shut": 0}
    for game in positions(scenario, seed, 160):
        s, kind, legal = game.state, game.pending.kind, game.legal_actions()
        if kind == "place":
            for f in s.figures:
                listed = any(type(a) is Place and a.figure == f.id for a in legal)
                assert listed == passes(PLACING, s, f), f.id
                if not listed:
                    somewhere = next(a.square for a in legal if type(a) is Place)
                    assert game.refusal(Place(f.id, somewhere)).rule == shut(PLACING, s, f)[0]
                checked[kind] += 1
        if kind == "activate":
            for f in s.figures:
                listed = Activate(f.id) in legal
                assert listed == passes(ACTIVATING, s, f)
                if not listed:
                    why = game.refusal(Activate(f.id))
                    assert (why.rule, why.message) == shut(ACTIVATING, s, f)
                checked[kind] += 1
        if kind == "turn":
            fig = s.fig(s.turn.figure)
            attacks = [a for a in legal if type(a) is Attack]
            if not passes(ATTACKING, game.targeting, s, fig):
                assert attacks == []
                checked["attacks shut"] += 1
                for enemy in (e for e in s.living() if e.side != fig.side):
                    why = game.refusal(Attack(fig.id, enemy.id))
                    assert (why.rule, why.message) == shut(ATTACKING, game.targeting, s, fig)
            buys = ForceMove(fig.id) in legal
            assert buys == passes(BUYING_MOVEMENT, s, fig)
            if not buys:
                why = game.refusal(ForceMove(fig.id))
                assert (why.rule, why.message) == shut(BUYING_MOVEMENT, s, fig)
            checked[kind] += 1
    assert all(checked.values()), checked


def test_a_refusal_names_the_first_gate_shut_in_the_order_given():
    gates = (Gate(lambda n: n > 0, lambda n: ("sign", f"{n} is not positive")),
             Gate(lambda n: n % 2 == 0, lambda n: ("parity", f"{n} is odd")))
    assert [passes(gates, n) for n in (-3, 3, 4)] == [False, False, True]
    assert [shut(gates, n) for n in (-3, 3, 4)] == [("sign", "-3 is not positive"), ("parity", "3 is odd"), None]
