"""Engine conformance: seeded random games to the end, invariants after every decision, records that
replay byte for byte.  HOTHSIM_CONFORMANCE_GAMES sets the number of games (200 by default)."""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor

from tests.conformance import play_many

GAMES = int(os.environ.get("HOTHSIM_CONFORMANCE_GAMES", "200"))


def _run(scenario: str, games: int) -> list[dict]:
    workers = min(2, os.cpu_count() or 1)
    chunks = [list(range(i, games, workers)) for i in range(workers)]
    if workers == 1:
        return play_many(scenario, chunks[0])
    with ProcessPoolExecutor(max_workers=workers) as pool:
        results = list(pool.map(play_many, [scenario] * workers, chunks))
    return [r for chunk in results for r in chunk]


def test_salvage_random_games_keep_the_rules_and_replay():
    results = _run("salvage", GAMES)
    assert len(results) == GAMES
    assert {r["winner"] for r in results} <= {"rebel", "imperial", None}
    # Random play still ends games both ways.
    assert sum(1 for r in results if r["winner"] == "rebel") > 0
    assert sum(1 for r in results if r["winner"] == "imperial") > 0
