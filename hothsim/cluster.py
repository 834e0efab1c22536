"""Many games on a Ray cluster (`--cluster ADDRESS`): the same jobs as the worker processes play
(`hothsim.workers`), handed to Ray instead.

Ray is an optional extra (`pip install '.[cluster]'`), imported only here and only when a cluster is asked
for.  `local` starts a Ray instance on this machine for the run (and stops it after); `auto` joins the
cluster that `ray start` made on this machine; `ray://HOST:PORT` connects to a remote one.  Every node must
have this hothsim installed: a job names the function that plays it, which the node imports.

A job is a game; a worker that dies (killed, out of memory, its node lost) has its game played again by
Ray, once (`max_retries=1`), and its result is handed back once.  A game that fails by its own error is not
played again: the error is the runner's.  Ctrl-C cancels every game not yet finished.
"""

from __future__ import annotations

import os
import secrets
import sys
from typing import Any, Callable, Sequence

from hothsim.runner_errors import ClusterError, WorkerDied

#: The addresses `--cluster` takes besides `ray://HOST:PORT`.
NAMED = ("local", "auto")


def check_address(address: str) -> None:
    """A clear refusal for an address `--cluster` does not take (ValueError)."""
    if address in NAMED or address.startswith("ray://"):
        return
    raise ValueError(f"--cluster takes local, auto or ray://HOST:PORT, not {address!r}")


def run_on_cluster(play: Callable[[Any], Any], jobs: Sequence[Any], address: str,
                   arrived: Callable[[int, Any], None]) -> None:
    """Play every job on the Ray cluster at `address`, handing each result to `arrived` with its job's
    number as it finishes.  `play` must be a module-level function (the nodes import it)."""
    check_address(address)
    # Ray reads its authentication settings when it is first imported: the run's token is set before.
    secret = _run_secret() if address == "local" and "ray" not in sys.modules else {}
    saved = {name: os.environ.get(name) for name in secret}
    os.environ.update(secret)
    try:
        import ray
        from ray.exceptions import RayTaskError
    except ImportError:
        _restore(saved)
        raise ClusterError("--cluster needs Ray: pip install 'hothsim[cluster]' (or '.[cluster]' in a "
                           "checkout)") from None
    started = not ray.is_initialized()
    try:
        if started:
            _connect(ray, address)
        remote = ray.remote(max_retries=1, retry_exceptions=False)(play)
        pending = {remote.remote(job): i for i, job in enumerate(jobs)}
        try:
            while pending:
                ready, _ = ray.wait(list(pending), num_returns=1)
                for ref in ready:
                    i = pending.pop(ref)
                    try:
                        result = ray.get(ref)
                    except RayTaskError as e:  # the game's own error, raised where it was played
                        cause: BaseException = e.cause if isinstance(e.cause, BaseException) else e
                        raise cause from None
                    except ray.exceptions.RayError as e:  # its worker died again, or its node was lost
                        raise WorkerDied(f"the worker playing game {i + 1} of {len(jobs)} died twice "
                                         f"({type(e).__name__})") from None
                    arrived(i, result)
        except BaseException:  # Ctrl-C, or a game's error: nothing goes on playing
            for ref in pending:
                ray.cancel(ref, force=True)
            raise
    finally:
        if started:
            ray.shutdown()
        _restore(saved)


def _restore(saved: dict[str, str | None]) -> None:
    """The environment as it was before the run."""
    for name, value in saved.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


def _run_secret() -> dict[str, str]:
    """The environment that makes a local instance ask every caller for a token of this run's: Ray's
    servers listen on the machine's network address, not only on this machine (Ray resolves 127.0.0.1 to
    it), so without a token anyone who reached them could run code here.  None where the user has chosen
    Ray's authentication already."""
    if "RAY_AUTH_MODE" in os.environ:
        return {}
    return {"RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": secrets.token_hex(32)}


def _connect(ray: Any, address: str) -> None:
    """Start a Ray instance here (`local`) or join a running cluster; ClusterError if none answers."""
    quiet = {"include_dashboard": False, "log_to_driver": False, "logging_level": "ERROR"}
    try:
        if address == "local":  # a machine's own instance listens on this machine only
            ray.init(_node_ip_address="127.0.0.1", **quiet)
        else:
            ray.init(address=address, **quiet)
    except (ConnectionError, RuntimeError, ValueError) as e:
        raise ClusterError(f"no Ray cluster at {address}: {e}") from None
