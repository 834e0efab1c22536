"""Golden transcripts (design.md §6): whole seeded games played by the conformance policy, printed as
`hothsim replay --text` prints them, and kept in tests/golden/.  A rules change shows up as a readable diff
of what happened.  After a deliberate change, regenerate them with HOTHSIM_UPDATE_GOLDEN=1 and read the diff
before committing."""

from __future__ import annotations

import random

import pytest

from hothsim.games import open_game, transcript
from tests.conformance import choose
from tests.golden_files import check_golden

GAMES = [("salvage", 3), ("assault-on-hoth", 3)]


def played(scenario: str, seed: int) -> str:
    game = open_game(scenario, seed=seed)
    rnd = random.Random(seed)
    while not game.is_over:
        game.apply(choose(rnd, game.legal_actions()))
    return transcript(game.record.to_text())


@pytest.mark.parametrize("scenario,seed", GAMES)
def test_golden_transcript(scenario, seed):
    check_golden(f"{scenario}-{seed}.txt", played(scenario, seed),
                 f"the game of {scenario} (seed {seed}) now plays differently")
