"""What can go wrong when many games are played at once, whichever runner plays them (worker processes,
`hothsim.workers`, or a Ray cluster, `hothsim.cluster`)."""

from __future__ import annotations


class WorkerDied(RuntimeError):
    """A game whose worker died twice: it is not played a third time."""


class ClusterError(RuntimeError):
    """Ray is not installed, or the cluster cannot be reached."""
