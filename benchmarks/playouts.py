"""Random playouts beside python-chess: decisions per second of CPU.

Each of salvage, echo-base and assault-on-hoth plays uniformly random games (every legal action equally
likely, as a search's default playout would) for a few seconds of CPU, and python-chess (the best known
pure-Python rules engine: `pip install .[bench]`) plays uniformly random chess games in the same run.  The
figure is hothsim's decisions per CPU second against python-chess's plies per CPU second (target: 0.2x).
Beside it: legal actions listed per CPU second against python-chess's legal moves, because a uniform playout
lists every legal action of every decision, and the games differ in how many there are.
"""

from __future__ import annotations

import random
import time

from hothsim.data.catalog import Catalog
from hothsim.games import open_game

SECONDS = 4.0  # CPU seconds per engine
SCENARIOS = ("salvage", "echo-base", "assault-on-hoth")
TARGET = 0.2


def hothsim_rate(scenario: str, seconds: float = SECONDS) -> tuple[float, int, float]:
    """Uniformly random decisions per CPU second (after one warm-up game fills the per-map caches), how
    many, and the mean number of legal actions a decision chose from."""
    catalog = Catalog.installed()
    rnd = random.Random(1)
    listed = [0]

    def play(seed: int, until: float) -> int:
        game = open_game(scenario, seed=seed, catalog=catalog)
        n = 0
        while not game.is_over and time.process_time() < until:
            actions = game.legal_actions()
            listed[0] += len(actions)
            game.apply(rnd.choice(actions))
            n += 1
        return n

    play(1000, time.process_time() + seconds)  # warm-up
    listed[0] = 0
    start = time.process_time()
    decisions, seed = 0, 0
    while time.process_time() - start < seconds:
        decisions += play(seed, start + seconds)
        seed += 1
    return decisions / (time.process_time() - start), decisions, listed[0] / max(decisions, 1)


def chess_rate(seconds: float = SECONDS) -> tuple[float, float] | None:
    """python-chess's uniformly random plies per CPU second and its mean legal moves per ply (None when it
    is not installed)."""
    try:
        import chess
    except ImportError:
        return None
    rnd = random.Random(1)
    start = time.process_time()
    plies = listed = 0
    while time.process_time() - start < seconds:
        board = chess.Board()
        while not board.is_game_over(claim_draw=False) and time.process_time() - start < seconds:
            moves = list(board.legal_moves)
            listed += len(moves)
            board.push(rnd.choice(moves))
            plies += 1
    return plies / (time.process_time() - start), listed / max(plies, 1)


def main() -> None:
    """Print the figures: decisions per CPU second against python-chess's plies (the target), and the legal
    actions listed per CPU second against python-chess's legal moves (how much of the ratio is the games'
    branching rather than the engine's speed)."""
    chess = chess_rate()
    if chess is None:
        print("python-chess is not installed (pip install .[bench]): hothsim's figures alone")
    else:
        print(f"python-chess random games: {chess[0]:,.0f} plies per CPU second, {chess[1]:.1f} legal moves per ply "
              f"({chess[0] * chess[1]:,.0f} legal moves listed per CPU second)")
    for scenario in SCENARIOS:
        rate, n, branching = hothsim_rate(scenario)
        ratio = f", {rate / chess[0]:.3f}x python-chess (target {TARGET}x)" if chess else ""
        print(f"{scenario} uniformly random playouts: {rate:,.0f} decisions per CPU second ({n} decisions){ratio}")
        listed = rate * branching
        per_move = f", {listed / (chess[0] * chess[1]):.2f}x python-chess's" if chess else ""
        print(f"  {branching:.1f} legal actions per decision: {listed:,.0f} listed per CPU second{per_move}")


if __name__ == "__main__":
    main()
