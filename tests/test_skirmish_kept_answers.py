"""Answers a skirmish keeps per state for the computer's many questions (cover squares, commander effects)
are the answers worked out afresh: in play, with a figure imagined on another's square, and after the
position changes."""

from __future__ import annotations

import random
from dataclasses import replace

from hothsim.games import open_game
from hothsim.skirmish.state import Figure, GameState


def _plain_cover(game, s: GameState, attacker: Figure, target: Figure) -> bool:
    """Cover as it was worked out before it was kept: every other living character's squares, one by one."""
    others = 0
    for f in s.figures:
        if f.alive and f.id not in (attacker.id, target.id) and not game.ab.hologram(f):
            others |= game.board.space_mask(f.pos, f.size)
    return game.board.sight(s.open_doors).has_cover(attacker.rect(), target.rect(), others)


def _positions(scenario: str, seed: int, count: int) -> list:
    """Games of random play, copied at `count` points in their rounds."""
    game = open_game(scenario, seed=seed)
    rnd = random.Random(seed)
    out = []
    while not game.is_over and len(out) < count:
        game.apply(rnd.choice(game.legal_actions()))
        if game.state.stage == "round" and rnd.random() < 0.05:
            out.append(game.clone())
    return out


def test_cover_kept_per_state_is_cover_worked_out_afresh():
    asked = 0
    for game in _positions("echo-base", 3, 6):
        s = game.state
        living = s.living()
        for a in living:
            for t in living:
                if a.side != t.side:
                    assert game.covered(s, a, t) == _plain_cover(game, s, a, t), (a.id, t.id)
                    asked += 1
    assert asked > 100


def test_cover_with_a_figure_imagined_on_another_square_is_worked_out_figure_by_figure():
    game = _positions("echo-base", 5, 1)[0]
    s = game.state
    living = s.living()
    rebels = [f for f in living if f.side == "rebel"]
    imperials = [f for f in living if f.side == "imperial"]
    # An imperial stepping onto a rebel's square (the stepping fire imagines squares, others left aside).
    shooter = replace(imperials[0], pos=rebels[0].pos)
    seen = s.with_figure(shooter)
    for t in rebels[1:]:
        assert game.covered(seen, shooter, t) == _plain_cover(game, seen, shooter, t)
    for t in rebels:
        for a in imperials[1:]:
            assert game.covered(seen, a, t) == _plain_cover(game, seen, a, t)


def test_commander_effects_kept_per_state_follow_the_state():
    game = open_game("echo-base", seed=2)
    rnd = random.Random(2)
    compared = reaching = 0
    while not game.is_over and compared < 400:
        game.apply(rnd.choice(game.legal_actions()))
        s = game.state
        for f in s.living():
            fresh = type(game.ab)(game.setup.cards, game.board, game.setup.abilities).effects(s, f)  # keeps nothing yet
            assert game.ab.effects(s, f) == fresh
            assert game.ab.effects(s, f) == fresh  # and again, from what it kept
            compared += 1
            reaching += bool(fresh)
    assert reaching > 0  # some follower was within a commander's reach


def test_a_followers_commander_effect_is_kept_for_its_state_only():
    """The same follower, standing still, in reach of its commander in one state and out of it in the
    next: what was kept for the first state is not the answer for the second."""
    game = _positions("echo-base", 2, 1)[0]
    s = game.state
    ab = game.ab
    pairs = [(c, f) for c in s.living() for f in s.living()
             if c.side == f.side and c.id != f.id and (ce := ab.card(c).commander) is not None
             and ce.range is not None and ab.card(f).commander is None]
    reached = None
    for c, f in pairs:
        near = s.with_figure(replace(c, pos=f.pos))  # the commander on the follower's own square: in reach
        if any(e.commander == c.id for e in ab.effects(near, near.fig(f.id))):
            reached = (c, f, near)
            break
    assert reached is not None, "no commander reaches a follower of its squad in echo-base"
    c, f, near = reached
    corner = (0, 0) if f.pos[0] > game.board.grid.width // 2 else (game.board.grid.width - 1, 0)
    far = near.with_figure(replace(c, pos=corner))
    assert near.fig(f.id) == far.fig(f.id)  # the follower itself is the same value in both states
    assert all(e.commander != c.id for e in ab.effects(far, far.fig(f.id)))
    assert any(e.commander == c.id for e in ab.effects(near, near.fig(f.id)))
