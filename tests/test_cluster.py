"""Games on a Ray cluster (`--cluster`): the same games as the worker processes play, a dead worker's game
played again once and counted once, a game's own error raised, a bad address or a missing Ray refused
clearly.  Ray comes with the `cluster` extra; these tests start a local Ray instance (127.0.0.1 only)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from hothsim.cluster import ClusterError, run_on_cluster
from hothsim.workers import run_in_order

ROOT = Path(__file__).resolve().parent.parent


def hothsim(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "hothsim", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300)


def test_a_match_on_a_local_ray_instance_plays_the_same_games_as_one_process(tmp_path):
    match = ["match", "salvage", "--rebel", "expert", "--imperial", "greedy", "--games", "3", "--seed", "3"]
    here = hothsim(*match, "--workers", "1", "--save-dir", str(tmp_path / "here"), cwd=tmp_path)
    ray = hothsim(*match, "--cluster", "local", "--save-dir", str(tmp_path / "ray"), cwd=tmp_path)
    assert here.returncode == ray.returncode == 0, ray.stderr
    assert ray.stdout == here.stdout
    assert ray.stdout.splitlines()[-1] == "rebel 2, imperial 1, draws 0"
    def entries(path: Path) -> list[str]:
        """A record's decisions and rolls (its header says when the game began; its seal covers that)."""
        return [line for line in path.read_text().split("\n\n", 1)[1].splitlines() if not line.startswith("end ")]
    records = sorted((tmp_path / "here").iterdir())
    assert len(records) == 3
    for record in records:
        assert entries(tmp_path / "ray" / record.name) == entries(record)


def dies_once(job: tuple[str, int]) -> int:
    """A game whose worker dies the first time it is played (job 1), or that fails by its own error (job
    2); each attempt is counted in a file of the folder given."""
    folder, n = job
    tries = Path(folder) / f"game-{n}"
    with tries.open("a") as f:
        f.write("x")
    if n == 1 and len(tries.read_text()) == 1:
        os._exit(1)  # the worker process dies mid-game
    if n == 2:
        raise ArithmeticError("the game's own error")
    return 10 * n


@pytest.fixture(scope="module")
def by_value():
    """The test's own play function is sent to Ray's workers whole (they cannot import the tests)."""
    import ray.cloudpickle

    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])
    yield
    ray.cloudpickle.unregister_pickle_by_value(sys.modules[__name__])


def test_a_game_whose_worker_dies_is_played_again_once_and_counted_once(tmp_path, by_value):
    got: list[int] = []
    kept: list[int] = []
    run_in_order(dies_once, [(str(tmp_path), n) for n in (0, 1, 3, 4)], 1, got.append, kept.append,
                 cluster="local")
    assert got == [0, 10, 30, 40] and sorted(kept) == got
    assert (tmp_path / "game-1").read_text() == "xx"  # played twice: the worker died the first time
    assert (tmp_path / "game-0").read_text() == "x"


def test_a_games_own_error_is_raised_and_never_played_again(tmp_path, by_value):
    with pytest.raises(ArithmeticError, match="the game's own error"):
        run_in_order(dies_once, [(str(tmp_path), 2)], 1, lambda r: None, cluster="local")
    assert (tmp_path / "game-2").read_text() == "x"


def test_a_cluster_address_it_does_not_take_is_refused_before_any_game(tmp_path):
    out = hothsim("match", "salvage", "--cluster", "http://example.org", cwd=tmp_path)
    assert out.returncode == 2
    assert "--cluster takes local, auto or ray://HOST:PORT" in out.stderr and "Traceback" not in out.stderr
    both = hothsim("balance", "salvage", "--cluster", "local", "--workers", "2", cwd=tmp_path)
    assert both.returncode == 2 and "not allowed with argument" in both.stderr


def test_without_ray_the_cluster_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    with pytest.raises(ClusterError, match=r"pip install 'hothsim\[cluster\]'"):
        run_on_cluster(dies_once, [("", 0)], "local", lambda i, r: None)
