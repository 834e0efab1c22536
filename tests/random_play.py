"""Games played by uniformly random decisions, for tests that need positions deep in a game."""

from __future__ import annotations

import random

from hothsim.games import EPOCH, Game, open_game


def random_play(scenario: str, seed: int, steps: int, created: str = EPOCH) -> Game:
    """A game of the scenario (dice seeded with `seed`) after `steps` uniformly random decisions, chosen
    with the same seed (fewer if the game ends first)."""
    game = open_game(scenario, seed=seed, created=created)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game
