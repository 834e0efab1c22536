"""Many games at once: a match's games played in worker processes (`hothsim match --workers N`).

A game is a function of its seed (and of its players: the baselines decide alike whatever the machine's
load, while the computer's levels search for a time, so theirs may differ from run to run as they always
have).  The runner hands each result back in seed order, whichever worker finished it first, so one
worker or many print the same lines and keep the same records.

A worker that dies (killed, or out of memory) breaks the pool: the games it left unfinished are played
again, once, in a fresh pool, and never counted twice; a game whose worker dies twice is an error.
Ctrl-C stops every worker at once; the games already handed back stay handed back (their records kept).
"""

from __future__ import annotations

import os
import signal
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from hothsim.runner_errors import WorkerDied

if TYPE_CHECKING:  # the processes' machinery is imported only where games are played in them (start-up time)
    from concurrent.futures import ProcessPoolExecutor


def default_workers() -> int:
    """Every core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # macOS and Windows have no affinity call
        return max(1, os.cpu_count() or 1)


def run_in_order(play: Callable[[Any], Any], jobs: Sequence[Any], workers: int,
                 done: Callable[[Any], None], finished: Callable[[Any], None] | None = None,
                 cluster: str | None = None) -> None:
    """Call `play(job)` for every job, in `workers` processes (1: here, one after another) or on the Ray
    cluster at `cluster` (`hothsim.cluster`), and hand each result to `finished`, if given, as soon as it
    comes (to keep it: a Ctrl-C later loses nothing finished), and to `done` in the jobs' order.  `play`
    must be a module-level function (the workers import it)."""
    if cluster is None and (workers <= 1 or len(jobs) <= 1):
        for job in jobs:
            result = play(job)
            if finished is not None:
                finished(result)
            done(result)
        return
    results: dict[int, Any] = {}
    handed = [0]

    def arrived(i: int, result: Any) -> None:
        """A game over: kept at once, then everything finished before it handed on in order."""
        if finished is not None:
            finished(result)
        results[i] = result
        while handed[0] in results:
            done(results.pop(handed[0]))
            handed[0] += 1
    if cluster is not None:
        from hothsim.cluster import run_on_cluster

        run_on_cluster(play, jobs, cluster, arrived)
        return
    tries = {i: 0 for i in range(len(jobs))}
    left = list(range(len(jobs)))
    while left:
        for i in left:
            tries[i] += 1
            if tries[i] > 2:
                raise WorkerDied(f"the worker playing game {i + 1} of {len(jobs)} died twice")
        left = _one_pool(play, jobs, left, min(workers, len(left)), arrived)


def _one_pool(play: Callable[[Any], Any], jobs: Sequence[Any], which: Iterable[int], workers: int,
              arrived: Callable[[int, Any], None]) -> list[int]:
    """Play the jobs numbered `which` in one pool of `workers` processes, handing each result to `arrived`
    with its job's number as it comes; the jobs left unfinished when a worker died (to be played again),
    or [] when all finished."""
    from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool

    pool = ProcessPoolExecutor(max_workers=workers, initializer=_leave_interrupts_to_the_runner)
    pending: dict[Future[Any], int] = {}
    try:
        pending = {pool.submit(play, jobs[i]): i for i in which}
        while pending:
            ready, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in ready:
                i = pending.pop(future)
                try:
                    result = future.result()
                except BrokenProcessPool:
                    return sorted([i, *pending.values()])
                arrived(i, result)
        return []
    except BaseException:  # Ctrl-C, or a game's own error: no worker goes on playing
        _stop(pool)
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _leave_interrupts_to_the_runner() -> None:
    """In a worker: Ctrl-C is the runner's to answer (it stops every worker), so that a worker's own
    interrupt is never taken for a worker that died and its game played again."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop(pool: ProcessPoolExecutor) -> None:
    """Kill the pool's workers at once (a game in play is not waited for)."""
    kill = getattr(pool, "kill_workers", None)  # Python 3.14 and later
    if kill is not None:
        kill()
        return
    # Before 3.14 the executor keeps its processes in a private mapping, the only way to stop them now.
    for process in list(getattr(pool, "_processes", {}).values()):
        process.kill()
