"""Golden transcripts: whole seeded games played by the conformance policy, printed as
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


def test_numbers_agree_with_their_nouns_in_every_golden_game():
    """What the players read (replays, plain-mode games) never says `1 dice`, `1 units` or `1 MPs`: a count
    of one takes the singular (issue 73), seen in the games kept as golden transcripts."""
    import re
    from pathlib import Path

    golden = Path(__file__).parent / "golden"
    texts = {p.name: p.read_text() for p in golden.glob("*.txt")}
    assert len(texts) >= 4
    wrong = {name: m for name, text in texts.items()
             for m in re.findall(r"(?<![\d.+-])1 (?:dice|units|shots|hits|MPs|squares|figures|rounds|points)\b", text)}
    assert not wrong, wrong
    assert any(re.search(r"\b1 die\b", text) for text in texts.values())  # the singular is met, not avoided
