"""Golden transcripts (design.md §6): whole seeded games played by the conformance policy, printed as
`hothsim replay --text` prints them, and kept in tests/golden/.  A rules change shows up as a readable diff
of what happened.  After a deliberate change, regenerate them with HOTHSIM_UPDATE_GOLDEN=1 and read the diff
before committing."""

from __future__ import annotations

import difflib
import os
import random
from pathlib import Path

import pytest

from hothsim.games import open_game, transcript
from tests.conformance import choose

GOLDEN = Path(__file__).parent / "golden"
GAMES = [("salvage", 3), ("assault-on-hoth", 3)]


def played(scenario: str, seed: int) -> str:
    game = open_game(scenario, seed=seed)
    rnd = random.Random(seed)
    while not game.is_over:
        game.apply(choose(rnd, game.legal_actions()))
    return transcript(game.record.to_text())


@pytest.mark.parametrize("scenario,seed", GAMES)
def test_golden_transcript(scenario, seed):
    path = GOLDEN / f"{scenario}-{seed}.txt"
    text = played(scenario, seed)
    if os.environ.get("HOTHSIM_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    want = path.read_text(encoding="utf-8")
    if text != want:
        diff = "".join(difflib.unified_diff(want.splitlines(True), text.splitlines(True), "golden", "now", n=2))
        pytest.fail(f"the game of {scenario} (seed {seed}) now plays differently:\n{diff[:6000]}")
