"""The cyclic garbage collector held still while the computer thinks against a clock.

A search allocates quickly and keeps much alive (its tree, the expert's remembered rankings), so Python's
full collections, each walking all of it, land inside the think time (docs/lab/ai-notebook.md: 42 full passes
in one skirmish game took 5.2 s of its decisions' time). Reference counting still frees what a search
drops; only cycles wait, and they are collected once the decision is made, outside its time.  The rules
core and the computer opponent never touch the collector: the callers that read the clock do.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic collector for the block (if it was running), and start it again after, however the
    block ends.  Nested use is harmless: only the outermost block that found it running starts it again."""
    running = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if running:
            gc.enable()
