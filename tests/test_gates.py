"""Legality and refusals from one source (issue 30): setting a figure up, activating it and attacking with
it are opened by gates (`hothsim.skirmish.gates`); the game lists such an action only past every gate,
and refuses one with the reason of the first gate shut."""

from __future__ import annotations

import random

import pytest

from hothsim.kernel.gates import Gate, passes, shut
from hothsim.skirmish.actions import POWER_WORDS, Activate, Attack, ForceMove, ForcePower, Place
from hothsim.skirmish.gates import (ABILITIES, ACTION_ABILITIES, ACTIVATING, ATTACKING, BUYING_MOVEMENT,
                                    FORCE_POWERS, PLACING, TARGETS)
from hothsim.skirmish.powers import ABILITY_ACTIONS
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


def agree(game, action, listed: bool, gates, *args) -> None:
    """The action is listed exactly when its gates are open, and refused with the first gate shut."""
    assert listed == passes(gates, *args), action
    if not listed:
        why = game.refusal(action)
        assert (why.rule, why.message) == shut(gates, *args)


def _checked(scenario: str, seed: int) -> dict[str, int]:
    """Check every gate at every decision of a seeded game's first 160; how many of each were checked."""
    checked = {"place": 0, "activate": 0, "turn": 0, "attacks shut": 0, "powers shut": 0, "abilities shut": 0,
               "abilities open": 0, "targets": 0, "target refusals": set()}
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
                agree(game, Activate(f.id), Activate(f.id) in legal, ACTIVATING, s, f)
                checked[kind] += 1
        if kind == "turn":
            fig = s.fig(s.turn.figure)
            attacks = [a for a in legal if type(a) is Attack]
            if passes(ATTACKING, game.targeting, s, fig):
                offered = {tv.target for tv in game.targeting.targets(s, fig)}
                assert {a.target for a in attacks} == offered
                for f in s.figures:
                    if f.id != fig.id:
                        agree(game, Attack(fig.id, f.id), f.id in offered, TARGETS, game.targeting, s, fig, f)
                        checked["targets"] += 1
                        checked["target refusals"].add((shut(TARGETS, game.targeting, s, fig, f) or ("",))[0])
            if not passes(ATTACKING, game.targeting, s, fig):
                assert attacks == []
                checked["attacks shut"] += 1
                for enemy in (e for e in s.living() if e.side != fig.side):
                    why = game.refusal(Attack(fig.id, enemy.id))
                    assert (why.rule, why.message) == shut(ATTACKING, game.targeting, s, fig)
            for power in ("grip", "sweep", "use"):
                used = [a for a in legal if type(a) is ForcePower and a.power == power]
                if not passes(FORCE_POWERS, game.targeting, s, fig, power):
                    assert used == []
                    enemy = next(e.id for e in s.living() if e.side != fig.side)
                    why = game.refusal(ForcePower(fig.id, power, enemy if power != "sweep" else None))
                    assert (why.rule, why.message) == shut(FORCE_POWERS, game.targeting, s, fig, power)
                    checked["powers shut"] += game.targeting.ab.power(fig, POWER_WORDS[power])
            for word, name in ACTION_ABILITIES.items():
                make = ABILITY_ACTIONS[word]
                used = [a for a in legal if a in {make(fig.id, f.id) for f in s.figures}]
                if not passes(ABILITIES, game.targeting, s, fig, word):
                    assert used == []
                    why = game.refusal(make(fig.id, next(f.id for f in s.living() if f.side != fig.side)))
                    assert (why.rule, why.message) == shut(ABILITIES, game.targeting, s, fig, word)
                    checked["abilities shut"] += game.targeting.ab.printed(fig, name)
                else:
                    checked["abilities open"] += 1
            agree(game, ForceMove(fig.id), ForceMove(fig.id) in legal, BUYING_MOVEMENT, s, fig)
            checked[kind] += 1
    assert all(n for k, n in checked.items() if "shut" not in k and "open" not in k), checked
    return checked


@pytest.mark.parametrize("scenario, seed", [("salvage", 1), ("echo-base", 2), ("quick-start", 3)])
def test_a_figure_is_set_up_activated_attacks_or_uses_the_force_exactly_where_its_gates_are_open(scenario, seed):
    checked = _checked(scenario, seed)
    # Allies, the defeated, enemies out of sight and enemies passed over for cover are met in every game.
    assert {"attacking allied characters", "legal target", "line of sight", "cover", ""} <= \
        checked["target refusals"], checked["target refusals"]
    # Salvage's figures have no Force powers; the other two games meet a power shut to one that has it.
    assert (checked["powers shut"] > 0) == (scenario != "salvage")
    # Echo Base's squads carry every ability used as an action: some are used, some refused where they stand.
    if scenario == "echo-base":
        assert checked["abilities shut"] > 0 and checked["abilities open"] > 0, checked


def test_a_refusal_names_the_first_gate_shut_in_the_order_given():
    gates = (Gate(lambda n: n > 0, lambda n: ("sign", f"{n} is not positive")),
             Gate(lambda n: n % 2 == 0, lambda n: ("parity", f"{n} is odd")))
    assert [passes(gates, n) for n in (-3, 3, 4)] == [False, False, True]
    assert [shut(gates, n) for n in (-3, 3, 4)] == [("sign", "-3 is not positive"), ("parity", "3 is odd"), None]


def test_a_walkers_walks_and_a_refused_walk_ask_one_test_of_each_step():
    # Assault on Hoth 6.3: step_bar says what bars a step; the listing of walks steps only into the hexes
    # it opens (walker_open, other Walkers aside) and a refused walk gives its words.
    from hothsim.assault.actions import Walk
    from hothsim.assault.movement import STEP_BARS, step_bar
    from tests.assault_arena import arena, clear

    rows = clear()
    rows[3] = ". . . . . ^ . . . ."  # a cliff at 0604
    g = arena(rows, {"walker-1": ("walker", "0101", 0), "walker-2": ("walker", "0505", 0),
                     "walker-3": ("walker", "0504", 0)}, card="walkers-move")
    t = g.terrain
    assert t.walker_open == frozenset(h for h in t.terrain if step_bar(t, set(), h) is None)
    assert {step_bar(t, set(), h) for h in t.terrain} == {None, "cliff", "installation"}
    assert g.refusal(Walk("walker-1", "f")).message == "step 1: " + STEP_BARS["edge"]
    assert g.refusal(Walk("walker-2", "f")).message == "step 1: a Walker never moves through another Walker (0504)"
    assert g.refusal(Walk("walker-2", "rf")).message == "step 2: Walkers cannot enter cliffs (0604)"
    walks = {a.steps for a in g.legal_actions() if type(a) is Walk and a.unit == "walker-2"}
    assert walks and "f" not in walks and "rf" not in walks and "rrf" in walks
