"""Terminal front end figures (Assault on Hoth's screen too).

- Frame time: the game and UI state to a finished text frame, for echo-base mid-game and for Assault on
  Hoth in play, at 160x50 (target: 16 ms or less).  Painting the frame with curses is not included here;
  the keypress latency below includes it.
- Keypress-to-frame latency: the real program in a pseudo-terminal (pexpect), the screen read with pyte;
  the time from sending a cursor key until the screen has changed.
- Start-up: from starting `hothsim play echo-base` to its first frame on the screen, beside the bare
  interpreter's start-up (`python -c pass`) measured in the same run, pair by pair (target: within 3
  times).  The first start validates the files and fills the warm start (`hothsim.data.warm`); the figure
  is the median of the starts after it, as a user gets every start but the first.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.skirmish import choose
from hothsim.games import open_game
from hothsim.tui.screen import UIState, draw
from hothsim.tui.screens import screen_for

ROOT = Path(__file__).resolve().parent.parent


def frame_times(samples: int = 40) -> dict[str, float]:
    """Median frame time (ms) of echo-base in round 3 and of Assault on Hoth in turn 1, at 160x50."""
    g = open_game("echo-base", seed=3)
    rnd = random.Random(3)
    while not g.is_over and g.state.round < 3:
        g.apply(choose(rnd, g.legal_actions()))
    figures = [f.pos for f in g.state.living()]
    times = []
    screen = screen_for(g)
    for i in range(samples):
        ui = UIState(size=(160, 50), cursor=figures[i % len(figures)])
        t0 = time.perf_counter()
        draw(screen, g, ui, 160, 50)
        times.append(time.perf_counter() - t0)
    a = open_game("assault-on-hoth", seed=3)
    rnd = random.Random(3)
    while a.state.stage == "setup" or a.state.round < 5:
        a.apply(choose(rnd, a.legal_actions()))
    atimes = []
    screen = screen_for(a)
    for i in range(samples):
        ui = UIState(size=(160, 50), cursor=(i % 20, (i * 3) % 32))
        t0 = time.perf_counter()
        draw(screen, a, ui, 160, 50)
        atimes.append(time.perf_counter() - t0)
    return {"echo_ms": statistics.median(times) * 1e3, "assault_ms": statistics.median(atimes) * 1e3}


def _spawn(env: dict[str, str], tmp: str):
    """`hothsim play echo-base` in a pseudo-terminal at 160x50, its screen read with pyte."""
    import pexpect
    import pyte

    screen = pyte.Screen(160, 50)
    stream = pyte.ByteStream(screen)
    child = pexpect.spawn(sys.executable, ["-m", "hothsim", "play", "echo-base", "--seed", "1", "--save",
                                           str(Path(tmp) / f"g{time.perf_counter_ns()}.hothsim")], env=env,
                          dimensions=(50, 160))
    child.delaybeforesend = None  # pexpect otherwise waits 50 ms before every send

    def pump_until(test, limit: float = 30.0) -> float:
        end = time.perf_counter() + limit
        while time.perf_counter() < end:
            try:
                stream.feed(child.read_nonblocking(65536, timeout=0.002))
            except pexpect.TIMEOUT:
                pass
            if test():
                return time.perf_counter()
        raise RuntimeError("the screen never showed what was awaited")

    return child, screen, pump_until


def _first_frame(env: dict[str, str], tmp: str) -> float:
    """Seconds from starting the program to its first frame on the screen."""
    import pexpect

    t0 = time.perf_counter()
    child, screen, pump_until = _spawn(env, tmp)
    first = pump_until(lambda: "Assault on Echo Base" in screen.display[0]) - t0
    child.send("q")
    child.expect(pexpect.EOF, timeout=20)
    return first


def _pty_figures(presses: int = 20, starts: int = 7) -> dict[str, float] | None:
    try:
        import pexpect
    except ImportError:
        return None
    env = {**os.environ, "TERM": "xterm", "PYTHONPATH": str(ROOT)}
    with tempfile.TemporaryDirectory() as tmp:
        env["XDG_DATA_HOME"] = tmp
        env["XDG_CACHE_HOME"] = str(Path(tmp) / "cache")  # the first start is cold: it fills the warm start
        cold = _first_frame(env, tmp)
        warm, bare = [], []
        for _ in range(starts):  # paired, one after the other, so a busy machine slows both
            warm.append(_first_frame(env, tmp))
            t0 = time.perf_counter()
            subprocess.run([sys.executable, "-c", "pass"], check=True)
            bare.append(time.perf_counter() - t0)
        child, screen, pump_until = _spawn(env, tmp)
        pump_until(lambda: "Assault on Echo Base" in screen.display[0])
        latencies = []
        for i in range(presses):
            before = "\n".join(screen.display)
            key = "\x1bOC" if i % 2 == 0 else "\x1bOD"  # right, then left
            t1 = time.perf_counter()
            child.send(key)
            latencies.append(pump_until(lambda: "\n".join(screen.display) != before) - t1)
            time.sleep(0.02)
        child.send("q")
        child.expect(pexpect.EOF, timeout=20)
    return {"cold_s": cold, "first_frame_s": statistics.median(warm), "bare_s": statistics.median(bare),
            "ratio": statistics.median(w / b for w, b in zip(warm, bare)),
            "latency_ms": statistics.median(latencies) * 1e3, "latency_max_ms": max(latencies) * 1e3}


def main() -> None:
    """Print the figures."""
    ft = frame_times()
    print(f"frame time at 160x50: echo-base round 3 {ft['echo_ms']:.2f} ms, Assault on Hoth in play "
          f"{ft['assault_ms']:.2f} ms   target <= 16 ms")
    pty = _pty_figures()
    if pty is None:
        print("keypress latency and start-up: skipped (pexpect and pyte are not installed: pip install .[test])")
        return
    print(f"keypress-to-frame latency in a pseudo-terminal: median {pty['latency_ms']:.1f} ms, "
          f"worst {pty['latency_max_ms']:.1f} ms (20 cursor keys)")
    print(f"start-up to the first frame of 'hothsim play echo-base': cold (files validated) "
          f"{pty['cold_s'] * 1e3:.0f} ms; warm (median of 7) {pty['first_frame_s'] * 1e3:.0f} ms; bare interpreter "
          f"{pty['bare_s'] * 1e3:.0f} ms; warm/bare {pty['ratio']:.1f}   target <= 3")


if __name__ == "__main__":
    main()
