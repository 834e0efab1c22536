"""The real program in a pseudo-terminal (pexpect), its screen read with the pyte terminal emulator:
keys in, visible text out.  Play by keys (activate, move, an attack of opportunity answered by the other
player), resize small and back, quit, resume, replay, and Ctrl-C leaving an intact save."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")
pyte = pytest.importorskip("pyte")

from hothsim.games import open_game  # noqa: E402
from hothsim.saves import read_record  # noqa: E402
from hothsim.skirmish.actions import Opportunity, parse_action  # noqa: E402
from hothsim.tui.controller import UIState  # noqa: E402
from tests.arena import arena  # noqa: E402
from tests.test_tui import keys_for, press  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BYTES = {"KEY_RIGHT": "\x1bOC", "KEY_LEFT": "\x1bOD", "KEY_UP": "\x1bOA", "KEY_DOWN": "\x1bOB", "\n": "\r"}  # xterm keypad mode


class Terminal:
    """A child process on a pty with a pyte screen kept up to date."""

    def __init__(self, args: list[str], env: dict, cols: int = 100, rows: int = 30) -> None:
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.child = pexpect.spawn(sys.executable, ["-m", "hothsim", *args], env=env, dimensions=(rows, cols),
                                   cwd=str(ROOT))

    def pump(self, seconds: float = 0.2) -> None:
        end = time.time() + seconds
        while time.time() < end:
            try:
                self.stream.feed(self.child.read_nonblocking(65536, timeout=0.05))
            except pexpect.TIMEOUT:
                continue
            except pexpect.EOF:
                return

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def wait_for(self, words: str, seconds: float = 20.0) -> str:
        """Wait until the words show, on one line or wrapped inside a panel."""
        end = time.time() + seconds
        while time.time() < end:
            self.pump(0.2)
            panel = " ".join(line.rsplit("|", 1)[-1].strip() for line in self.screen.display)
            if words in self.text() or words in " ".join(panel.split()):
                return self.text()
        raise AssertionError(f"{words!r} never appeared; the screen shows:\n{self.text()}")

    def keys(self, keys: list[str]) -> None:
        for k in keys:
            self.child.send(BYTES.get(k, k))
        self.pump(0.3)

    def resize(self, cols: int, rows: int) -> None:
        self.screen.resize(rows, cols)
        self.child.setwinsize(rows, cols)
        self.pump(0.5)


@pytest.fixture()
def setting(tmp_path):
    arena(tmp_path, {"hoth-trooper": "c3", "elite-hoth-trooper": "c8"}, {"snowtrooper": "d4"}, [1, 2])
    env = {**os.environ, "TERM": "xterm", "XDG_DATA_HOME": str(tmp_path / "data"), "PYTHONPATH": str(ROOT)}
    env.pop("NO_COLOR", None)
    return tmp_path / "arena.toml", tmp_path / "game.hothsim", env


def chooser(t: Terminal, mirror):
    """A function that types the keys for an action into the terminal, checking them first against a
    copy of the game in this process (which then applies the action too)."""
    ui = UIState(cursor=next(f.pos for f in mirror.state.living()))

    def choose(action) -> None:
        nonlocal ui
        keys = keys_for(mirror, ui, action)
        ui, chosen = press(mirror, ui, keys)
        assert chosen == action
        t.keys(keys)
        mirror.apply(action)

    return choose


def test_play_by_keys_resize_quit_resume_and_replay(setting):
    scenario, save, env = setting
    seed = 5
    t = Terminal(["play", str(scenario), "--seed", str(seed), "--save", str(save)], env)
    t.wait_for("Arena | round 1")
    mirror = open_game(scenario, seed=seed)  # the same game in this process, to work out the keys

    choose = chooser(t, mirror)
    choose(parse_action(f"first {mirror.pending.player}"))
    if mirror.pending.player != "rebel":  # let the Imperial Snowtrooper pass its turn first
        choose(parse_action("activate snowtrooper"))
        choose(parse_action("end snowtrooper"))
    choose(parse_action("activate hoth-trooper"))
    t.wait_for("REBEL: act with hoth-trooper")
    choose(parse_action("move hoth-trooper b3"))
    t.wait_for("IMPERIAL: attack of opportunity against hoth-trooper")
    assert Opportunity("snowtrooper", "hoth-trooper") in mirror.legal_actions()
    choose(Opportunity("snowtrooper", "hoth-trooper"))
    t.wait_for("attack of opportunity against hoth-trooper")

    t.resize(60, 20)
    t.wait_for("Make the terminal larger")
    t.resize(100, 30)
    t.wait_for("Arena | round")
    position = [line for line in t.text().splitlines() if "round" in line][0]
    t.keys(["q"])
    t.child.expect(pexpect.EOF, timeout=20)
    record = read_record(save)
    assert len(record.entries) == len(mirror.record.entries)

    r = Terminal(["resume", str(save)], env)
    assert position.split("|")[1] in r.wait_for("Arena | round")
    r.keys(["q"])
    r.child.expect(pexpect.EOF, timeout=20)

    p = Terminal(["replay", str(save)], env)
    p.wait_for(f"Replay: decision 0 of {len(record.entries)}")
    p.keys(["KEY_RIGHT", "KEY_RIGHT"])
    p.wait_for(f"Replay: decision 2 of {len(record.entries)}")
    p.keys(["KEY_LEFT"])
    p.wait_for(f"Replay: decision 1 of {len(record.entries)}")
    p.keys(["q"])
    p.child.expect(pexpect.EOF, timeout=20)


def test_ctrl_c_leaves_an_intact_save(setting):
    scenario, save, env = setting
    t = Terminal(["play", str(scenario), "--seed", "2", "--save", str(save)], env)
    t.wait_for("Arena | round 1")
    t.child.sendintr()
    t.child.expect(pexpect.EOF, timeout=20)
    t.child.close()
    assert t.child.exitstatus == 130
    assert read_record(save).header.scenario == "arena"


def test_assault_on_hoth_by_keys_set_up_walk_fire_event_resize_quit_resume_replay(tmp_path):
    from hothsim.assault.actions import Done as AssaultDone
    from hothsim.assault.actions import Fire as AssaultFire
    from hothsim.assault.actions import Walk
    from hothsim.tui.app import handover_for
    from tests.test_tui_assault import hex_keys_for
    from tests.test_tui_assault import press as press_hex

    env = {**os.environ, "TERM": "xterm", "XDG_DATA_HOME": str(tmp_path / "data"), "PYTHONPATH": str(ROOT),
           "LANG": "C.UTF-8"}
    env.pop("NO_COLOR", None)
    save = tmp_path / "hoth.hothsim"
    seed = 3
    t = Terminal(["play", "assault-on-hoth", "--seed", str(seed), "--save", str(save)], env)
    t.wait_for("Assault on Hoth | set-up")
    mirror = open_game("assault-on-hoth", seed=seed)
    ui = UIState(cursor=(10, 0))
    pending_keys: list[str] = []

    def choose(action) -> None:
        nonlocal ui
        keys = hex_keys_for(mirror, ui, action)
        ui, chosen = press_hex(mirror, ui, keys)
        assert chosen == action, (action, keys)
        pending_keys.extend(keys)
        before = mirror.pending
        mirror.apply(action)
        if handover_for(mirror, before):
            pending_keys.append(" ")  # the next player dismisses the hand-over screen
        if len(pending_keys) > 200:
            flush()

    def flush() -> None:
        t.keys(pending_keys)
        pending_keys.clear()

    while mirror.state.stage == "setup":  # the middle legal choice each time
        acts = mirror.legal_actions()
        choose(acts[len(acts) // 2])
    flush()
    t.wait_for("turn 1, round 1")
    walked = fired = False
    while not (walked and fired and mirror.state.events_drawn) and not mirror.is_over:
        acts = mirror.legal_actions()
        if mirror.pending.kind != "act":
            choose(acts[0])
            continue
        turning = [a for a in acts if isinstance(a, Walk) and ("l" in a.steps or "r" in a.steps) and "f" in a.steps]
        shots = [a for a in acts if isinstance(a, AssaultFire) and not a.force]
        if turning and not walked:
            choose(turning[0])
            walked = True
            flush()
            t.wait_for(f"{turning[0].unit} turns")
        elif shots and not fired:
            choose(shots[0])
            fired = True
            flush()
            t.wait_for(f"{shots[0].unit} fires at")
        else:
            choose(AssaultDone())
    flush()
    assert walked and fired and mirror.state.events_drawn
    t.wait_for("Last Event")
    t.resize(60, 20)
    t.wait_for("Make the terminal larger")
    t.resize(100, 30)
    status = f"turn {mirror.state.turn}, round {mirror.state.round}"
    t.wait_for(status)
    t.keys(["q"])
    t.child.expect(pexpect.EOF, timeout=20)
    record = read_record(save)
    assert record.entries == mirror.record.entries  # every decision, with the same rolls

    r = Terminal(["resume", str(save)], env)
    r.wait_for(status)
    r.keys(["q"])
    r.child.expect(pexpect.EOF, timeout=20)

    p = Terminal(["replay", str(save)], env)
    p.wait_for(f"Replay: decision 0 of {len(record.entries)}")
    from hothsim.games import replay_steps
    from hothsim.tui.replay import step_key

    p.keys(["]"])  # on to the first action round
    p.wait_for(f"Replay: decision {step_key(replay_steps(record), 0, ']')} of {len(record.entries)}")
    p.keys(["q"])
    p.child.expect(pexpect.EOF, timeout=20)


def test_taking_back_a_move_by_key_rewrites_the_save(setting):
    scenario, save, env = setting
    t = Terminal(["play", str(scenario), "--seed", "5", "--save", str(save)], env)
    t.wait_for("Arena | round 1")
    mirror = open_game(scenario, seed=5)

    choose = chooser(t, mirror)
    choose(parse_action("first rebel"))
    choose(parse_action("activate elite-hoth-trooper"))
    choose(parse_action("move elite-hoth-trooper b8"))  # far from the Snowtrooper: no attack of opportunity
    t.wait_for("elite-hoth-trooper moves")
    assert len(read_record(save).entries) == 3
    t.keys(["U"])
    t.wait_for("the last decision is taken back")
    assert [e.action for e in read_record(save).entries] == ["first rebel", "activate elite-hoth-trooper"]
    t.keys(["q"])
    t.child.expect(pexpect.EOF, timeout=20)
