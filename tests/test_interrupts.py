"""Ctrl-C at random moments of start-up, play and saving, in a pseudo-terminal, while other processes keep
both cores busy: hothsim ends promptly, says so without a traceback, leaves the terminal restored (the
alternate screen it entered is left) and the save intact."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pexpect
import pytest

from hothsim.saves import read_record
from tests.arena import arena

ROOT = Path(__file__).resolve().parent.parent
ENTER_ALT, LEAVE_ALT = b"\x1b[?1049h", b"\x1b[?1049l"
#: How long a Ctrl-C may take to end hothsim on a loaded machine (the figure is printed for the note).
PATIENCE = 15.0


@pytest.fixture()
def busy():
    """Two processes spinning on the CPU for the length of a test."""
    spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]
    yield
    for p in spinners:
        p.kill()
        p.wait()


def interrupt_at(args: list[str], env: dict, moment: float, keys: str = "") -> tuple[float, int | None, bytes]:
    """Start hothsim, type `keys` once its first frame shows (if any), wait `moment` seconds, press Ctrl-C;
    (seconds from Ctrl-C to the end, exit status, everything it wrote)."""
    import io

    child = pexpect.spawn(sys.executable, ["-m", "hothsim", *args], env=env, dimensions=(30, 100), cwd=str(ROOT))
    child.delaybeforesend = None
    child.logfile_read = written = io.BytesIO()
    if keys:
        child.expect("round 1", timeout=120)
        child.send(keys)
    time.sleep(moment)  # the random moment itself: what Ctrl-C interrupts is what this test varies
    start = time.monotonic()
    child.sendintr()
    child.expect(pexpect.EOF, timeout=120)
    took = time.monotonic() - start
    out = written.getvalue()
    child.close()
    status = child.exitstatus if child.exitstatus is not None else -(child.signalstatus or 0)
    return took, status, out


def test_ctrl_c_at_random_moments_ends_promptly_with_the_save_intact(tmp_path, busy):
    arena(tmp_path, {"hoth-trooper": "c3", "elite-hoth-trooper": "c8"}, {"snowtrooper": "d4"}, [1, 2])
    env = {**os.environ, "TERM": "xterm", "XDG_DATA_HOME": str(tmp_path / "data"), "PYTHONPATH": str(ROOT)}
    rnd = random.Random(18)
    took_all = []
    for trial in range(8):
        save = tmp_path / f"game{trial}.hothsim"
        # Even trials: during start-up; odd trials: in play, while keys make decisions and saves.
        keys = "" if trial % 2 == 0 else "m\r" + "\t\r" * 3 + "m\r"
        took, status, out = interrupt_at(["play", str(tmp_path / "arena.toml"), "--seed", "3", "--save", str(save)],
                                         env, rnd.uniform(0.0, 1.2), keys)
        took_all.append(took)
        assert took < PATIENCE, f"Ctrl-C took {took:.1f} s to end hothsim"
        assert status in (130, -signal.SIGINT), status
        assert b"Traceback" not in out
        if ENTER_ALT in out:
            assert out.rindex(LEAVE_ALT) > out.rindex(ENTER_ALT), "the terminal was not restored"
        if keys:
            assert ENTER_ALT in out  # this trial was interrupted in play
        if save.exists():
            assert read_record(save).header.scenario == "arena"
        assert not [p for p in save.parent.iterdir() if p.name.startswith(f".{save.name}.")], "a temporary save"
    print(f"Ctrl-C to exit under load: median {sorted(took_all)[len(took_all) // 2]:.2f} s, worst {max(took_all):.2f} s")


def test_ctrl_c_is_taken_from_the_first_line_even_where_it_was_started_ignored():
    """A shell without job control starts background commands with SIGINT ignored (CI launched so lost
    a Ctrl-C that came while the command line was loading): at a terminal hothsim takes Ctrl-C from its
    first line; with its input not a terminal it keeps SIGINT as it was given."""
    probe = ("import signal, sys; signal.signal(signal.SIGINT, signal.SIG_IGN); "
             "from hothsim.launch import take_interrupts; take_interrupts(); "
             "print('taken' if signal.getsignal(signal.SIGINT) is signal.default_int_handler else 'ignored')")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    at_terminal = pexpect.spawn(sys.executable, ["-c", probe], env=env, cwd=str(ROOT))
    at_terminal.expect(pexpect.EOF, timeout=60)
    assert b"taken" in at_terminal.before
    piped = subprocess.run([sys.executable, "-c", probe], env=env, cwd=str(ROOT), stdin=subprocess.DEVNULL,
                           capture_output=True, text=True, timeout=60)
    assert piped.stdout.strip() == "ignored"
