"""Work done in parts, so that a search watching the clock is never kept waiting for all of it at once.

A piece of work in parts is a generator: before each part it yields how many choices that part weighs
(each about as costly as the expert weighing one square or one action, so that `hothsim.ai.search.Pace`
can foresee the part by what earlier ones cost), and it returns its answer.  `at_once` takes every part
without pausing.
"""

from __future__ import annotations

from typing import Generator, TypeVar

T = TypeVar("T")
Steps = Generator[int, None, T]


def at_once(steps: Steps[T]) -> T:
    """What work done in parts returns, every part taken without pausing."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: T = done.value  # what the generator returned, of its declared type
            return result
