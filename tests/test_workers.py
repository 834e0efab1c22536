"""Many games at once (hothsim.workers, `hothsim match --workers N`): the same games and lines whatever the
number of workers, a dead worker's games played again once and never counted twice, Ctrl-C stopping every
worker with the finished games' records kept."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hothsim.cli import main
from hothsim.saves import read_record
from hothsim.workers import WorkerDied, run_in_order

ROOT = Path(__file__).resolve().parent.parent


def _square(job: tuple[int, str]) -> int:
    """A job for the runner: its number squared; the first time it is played, a job marked so kills its
    worker (its marker file tells a second try from the first)."""
    n, marker = job
    if marker and not os.path.exists(marker):
        Path(marker).write_text("tried", encoding="ascii")
        os._exit(9)  # the worker dies as a killed one would, in the middle of a game
    return n * n


def _dies_always(job: tuple[int, str]) -> int:
    n, _ = job
    if n == 2:
        os._exit(9)
    return n


def test_results_come_back_in_the_jobs_order_whatever_the_workers():
    for workers in (1, 2, 3):
        got: list[int] = []
        run_in_order(_square, [(n, "") for n in range(7)], workers, got.append)
        assert got == [n * n for n in range(7)]


def test_a_dead_workers_games_are_played_again_once_and_never_counted_twice(tmp_path):
    jobs = [(n, str(tmp_path / "killed") if n == 3 else "") for n in range(6)]
    got: list[int] = []
    run_in_order(_square, jobs, 2, got.append)
    assert got == [n * n for n in range(6)] and (tmp_path / "killed").exists()
    with pytest.raises(WorkerDied, match="game 3 of 5 died twice"):
        run_in_order(_dies_always, [(n, "") for n in range(5)], 2, lambda r: None)


def test_a_match_with_two_workers_plays_the_same_games_and_prints_the_same_lines(tmp_path, capsys):
    args = ["match", "salvage", "--rebel", "expert", "--imperial", "greedy", "--games", "4", "--seed", "3"]
    assert main([*args, "--workers", "1", "--save-dir", str(tmp_path / "one")]) == 0
    serial = capsys.readouterr().out
    assert main([*args, "--workers", "2", "--save-dir", str(tmp_path / "two")]) == 0
    assert capsys.readouterr().out == serial
    assert serial.splitlines()[0].startswith("seed 3: ") and serial.splitlines()[-1] == "rebel 3, imperial 1, draws 0"
    for seed in range(3, 7):
        one, two = (read_record(tmp_path / d / f"salvage-{seed}.hothsim") for d in ("one", "two"))
        assert one.entries == two.entries and one.header.computer == two.header.computer


def test_ctrl_c_stops_every_worker_and_keeps_the_finished_games(tmp_path):
    """Interrupted once two games are kept, the match stops within seconds, leaves no worker behind, and
    every record it wrote replays whole."""
    saves = tmp_path / "games"
    child = subprocess.Popen([sys.executable, "-m", "hothsim", "match", "salvage", "--rebel", "expert",
                              "--imperial", "expert", "--games", "40", "--workers", "2", "--save-dir", str(saves)],
                             cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env={**os.environ, "PYTHONPATH": str(ROOT)}, start_new_session=True,
                             # Started as a person starts it (a script's background command has Ctrl-C
                             # ignored from the outset, and hothsim then keeps it so: hothsim.launch).
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    end = time.time() + 240
    while time.time() < end and len(list(saves.glob("*.hothsim"))) < 2:
        time.sleep(0.1)  # waiting for the save folder to show the first games, not for a time
    assert len(list(saves.glob("*.hothsim"))) >= 2, "no game finished"
    os.killpg(child.pid, signal.SIGINT)  # as Ctrl-C at a terminal: the whole process group
    try:
        child.wait(timeout=60)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
    assert child.returncode == 130, child.stderr.read().decode()[-2000:]
    kept = sorted(saves.glob("*.hothsim"))
    assert 2 <= len(kept) < 40
    for path in kept:
        assert read_record(path).entries  # each record whole, as it was written (atomically)
    left = subprocess.run(["pgrep", "-s", str(child.pid)], capture_output=True, text=True).stdout.split()
    assert not left, f"workers still running: {left}"


def test_the_progress_line_counts_games_and_wins_and_clears_itself(capsys):
    from hothsim.progress import Progress, printed

    progress = Progress(4)
    progress.count("rebel")
    printed("seed 0: rebel wins", progress)
    out, err = capsys.readouterr()
    assert out == "seed 0: rebel wins\n"
    assert "\r1/4 games: rebel 1, imperial 0, draws 0; about 0:0" in err and err.endswith(" left ")
    progress.clear()
    assert capsys.readouterr().err == "\r\x1b[K"


def test_the_benchmarks_play_their_games_on_the_same_runner_and_find_the_same():
    """`python -m benchmarks ai --workers N` and `fit --workers N` play the very games one process plays:
    the same wins, decisions and behaviour counted; the same positions and outcomes noted, in seed order."""
    from benchmarks.ai import pairing
    from benchmarks.fit import Samples, collect

    one = pairing("salvage", "rebel", "expert", "greedy", 3, None, 5)
    two = pairing("salvage", "rebel", "expert", "greedy", 3, None, 5, workers=2)
    for key in ("wins", "draws", "decisions", "count"):
        assert one[key] == two[key], key
    b1, b2 = one["behaviour"], two["behaviour"]
    assert (b1.shots, b1.attacked, b1.ends, b1.seen) == (b2.shots, b2.attacked, b2.ends, b2.seen)
    alone, together = Samples(), Samples()
    assert collect("salvage", range(7, 9), alone) == collect("salvage", range(7, 9), together, workers=2)
    assert (alone.rows, alone.outcomes, alone.games) == (together.rows, together.outcomes, together.games)
