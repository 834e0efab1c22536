"""Test-session settings shared by every test module."""

from __future__ import annotations

import os
import shutil
import tempfile


def pytest_configure(config) -> None:
    # pytest-xdist's workers are started with LINES=24 and COLUMNS=80 in their environment; curses in a
    # program a test starts on a pseudo-terminal would take those over the terminal's own size (and never
    # see it resized), so no test passes them on.
    for name in ("LINES", "COLUMNS"):
        os.environ.pop(name, None)
    # The warm start's entries (hothsim.data.warm) go to a folder of this run, never to the user's own cache;
    # programs the tests start inherit it.  Every test after the first to open a scenario so opens it warm.
    os.environ["XDG_CACHE_HOME"] = config._hothsim_cache = tempfile.mkdtemp(prefix="hothsim-test-cache-")
    # Saves made without --save (and the broken-off games `host` and `join` look for there) go to a folder
    # of this run, never to the user's own saves.
    os.environ["XDG_DATA_HOME"] = config._hothsim_data = tempfile.mkdtemp(prefix="hothsim-test-data-")
    # Your corrections to the rules are never read by a test that does not ask for them (it sets its own).
    # hothsim honours these variables on every system, so no test touches the user's folders anywhere.
    os.environ["XDG_CONFIG_HOME"] = config._hothsim_config = tempfile.mkdtemp(prefix="hothsim-test-config-")


def pytest_unconfigure(config) -> None:
    shutil.rmtree(getattr(config, "_hothsim_cache", ""), ignore_errors=True)
    shutil.rmtree(getattr(config, "_hothsim_data", ""), ignore_errors=True)
    shutil.rmtree(getattr(config, "_hothsim_config", ""), ignore_errors=True)
