"""Random playouts beside python-chess (issue 16): decisions per second of CPU.

Each of salvage, echo-base and assault-on-hoth plays uniformly random games (every legal action equally
likely, as a search's default playout would) for a few seconds of CPU, and python-chess (the best known
pure-Python rules engine: `pip install .[bench]`) plays uniformly random chess games in the same run.  The
figure is hothsim's decisions per CPU second against python-chess's plies per CPU second (target: 0.2x).
"""

from __future__ import annotations

import random
import time

from hothsim.data.catalog import Catalog
from hothsim.games import open_game

SECONDS = 4.0  # CPU seconds per engine
SCENARIOS = ("salvage", "echo-base", "assault-on-hoth")
TARGET = 0.2


def hothsim_rate(scenario: str, seconds: float = SECONDS) -> tuple[float, int]:
    """Uniformly random decisions per CPU second (after one warm-up game fills the per-map caches)."""
    catalog = Catalog.installed()
    rnd = random.Random(1)

    def play(seed: int, until: float) -> int:
        game = open_game(scenario, seed=seed, catalog=catalog)
        n = 0
        while not game.is_over and time.process_time() < until:
            game.apply(rnd.choice(game.legal_actions()))
            n += 1
        return n

    play(1000, time.process_time() + seconds)  # warm-up
    start = time.process_time()
    decisions, seed = 0, 0
    while time.process_time() - start < seconds:
        decisions += play(seed, start + seconds)
        seed += 1
    return decisions / (time.process_time() - start), decisions


def chess_rate(seconds: float = SECONDS) -> float | None:
    """python-chess's uniformly random plies per CPU second (None when it is not installed)."""
    try:
        import chess
    except ImportError:
        return None
    rnd = random.Random(1)
    start = time.process_time()
    plies = 0
    while time.process_time() - start < seconds:
        board = chess.Board()
        while not board.is_game_over(claim_draw=False) and time.process_time() - start < seconds:
            board.push(rnd.choice(list(board.legal_moves)))
            plies += 1
    return plies / (time.process_time() - start)


def main() -> None:
    """Print the figures."""
    chess_per_s = chess_rate()
    if chess_per_s is None:
        print("python-chess is not installed (pip install .[bench]): hothsim's figures alone")
    else:
        print(f"python-chess random games: {chess_per_s:,.0f} plies per CPU second")
    for scenario in SCENARIOS:
        rate, n = hothsim_rate(scenario)
        ratio = f", {rate / chess_per_s:.3f}x python-chess (target {TARGET}x)" if chess_per_s else ""
        print(f"{scenario} uniformly random playouts: {rate:,.0f} decisions per CPU second ({n} decisions){ratio}")


if __name__ == "__main__":
    main()
