"""The real program in a pseudo-terminal (pexpect), its screen read with the pyte terminal emulator:
keys in, visible text out.  Play by keys (activate, move, an attack of opportunity answered by the other
player), resize small and back, quit, resume with the log, replay, a mouse click on a menu row, no colour
codes under NO_COLOR, and Ctrl-C leaving an intact save.  Every wait is for what the screen shows."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

import pexpect  # the test extra installs both; a broken install must fail, not skip
import pyte
from dataclasses import replace

from hothsim.games import open_game
from hothsim.saves import read_record
from hothsim.skirmish.actions import Opportunity, parse_action
from hothsim.tui.screen import UIState, after_decision
from hothsim.tui.screens import screen_for
from tests.arena import arena
from tests.ui import drive

ROOT = Path(__file__).resolve().parent.parent
BYTES = {"KEY_RIGHT": "\x1bOC", "KEY_LEFT": "\x1bOD", "KEY_UP": "\x1bOA", "KEY_DOWN": "\x1bOB", "\n": "\r"}  # xterm keypad mode


class Terminal:
    """A child process on a pty with a pyte screen kept up to date."""

    def __init__(self, args: list[str], env: dict, cols: int = 100, rows: int = 30,
                 sigint_ignored: bool = False) -> None:
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()  # every byte the program wrote
        start = ["-m", "hothsim"]
        if sigint_ignored:  # started as a script's background command is: SIGINT ignored from the outset
            start = ["-c", "import runpy, signal, sys; signal.signal(signal.SIGINT, signal.SIG_IGN); "
                           "sys.argv[0] = 'hothsim'; runpy.run_module('hothsim', run_name='__main__')"]
        self.child = pexpect.spawn(sys.executable, [*start, *args], env=env, dimensions=(rows, cols),
                                   cwd=str(ROOT))
        self.child.delaybeforesend = None

    def pump(self, seconds: float = 0.2) -> None:
        """Read what the program writes for up to `seconds` (callers wait for a screen, not for time)."""
        end = time.time() + seconds
        while time.time() < end:
            try:
                data = self.child.read_nonblocking(65536, timeout=0.05)
            except pexpect.TIMEOUT:
                continue
            except pexpect.EOF:
                return
            self.raw += data
            self.stream.feed(data)

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def wait_for(self, words: str, seconds: float = 60.0) -> str:
        """Wait until the words show, on one line or wrapped inside a panel."""
        end = time.time() + seconds
        while time.time() < end:
            self.pump(0.2)
            panel = " ".join(line.rsplit("|", 1)[-1].strip() for line in self.screen.display)
            if words in self.text() or words in " ".join(panel.split()):
                return self.text()
        raise AssertionError(f"{words!r} never appeared; the screen shows:\n{self.text()}")

    def keys(self, keys: list[str]) -> None:
        """Type keys (the program reads them in order; the caller then waits for what they show)."""
        self.child.send("".join(BYTES.get(k, k) for k in keys))

    def click(self, x: int, y: int) -> None:
        """A left-button press and release at column x, row y (from 0), as an xterm reports them (SGR mouse
        mode, which the xterm terminal description asks for)."""
        self.child.send(f"\x1b[<0;{x + 1};{y + 1}M\x1b[<0;{x + 1};{y + 1}m")

    def resize(self, cols: int, rows: int) -> None:
        self.screen.resize(rows, cols)
        self.child.setwinsize(rows, cols)

    def finish(self) -> None:
        """Quit with q and wait for the program to end."""
        self.keys(["q"])
        self.child.expect(pexpect.EOF, timeout=60)
        self.raw += self.child.before or b""  # what it wrote last (restoring the terminal)


@pytest.fixture()
def setting(tmp_path):
    arena(tmp_path, {"hoth-trooper": "c3", "elite-hoth-trooper": "c8"}, {"snowtrooper": "d4"}, [1, 2])
    env = {**os.environ, "TERM": "xterm", "XDG_DATA_HOME": str(tmp_path / "data"), "PYTHONPATH": str(ROOT)}
    env.pop("NO_COLOR", None)
    return tmp_path / "arena.toml", tmp_path / "game.hothsim", env


def chooser(t: Terminal, mirror, size: tuple[int, int] = (100, 30)):
    """A function that types the keys for an action into the terminal, working them out (and checking
    them) on a copy of the game in this process, which then applies the action too."""
    screen = screen_for(mirror)
    ui = replace(screen.start(mirror, UIState(size=size)), handover=screen.handover(mirror, None))

    def choose(action) -> None:
        nonlocal ui
        ui, keys = drive(mirror, ui, action)
        t.keys(keys)
        before = mirror.pending
        mirror.apply(action)
        ui = after_decision(screen, mirror, ui, before)

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
    t.finish()
    record = read_record(save)
    assert [e.action for e in record.entries] == [e.action for e in mirror.record.entries]

    r = Terminal(["resume", str(save)], env)
    assert position.split("|")[1] in r.wait_for("Arena | round")
    r.wait_for("resumed from the save")
    r.wait_for("hoth-trooper moves")  # the log of the game so far is back
    r.finish()

    p = Terminal(["replay", str(save)], env)
    p.wait_for(f"Replay: decision 0 of {len(record.entries)}")
    p.wait_for("Right/Left step")  # the replay's own keys
    p.keys(["KEY_RIGHT", "KEY_RIGHT"])
    p.wait_for(f"Replay: decision 2 of {len(record.entries)}")
    p.keys(["KEY_LEFT"])
    p.wait_for(f"Replay: decision 1 of {len(record.entries)}")
    p.keys(["?"])
    p.wait_for("Replay keys")
    p.keys([" "])
    p.wait_for(f"Replay: decision 1 of {len(record.entries)}")
    p.finish()


@pytest.mark.parametrize("sigint_ignored", [False, True])
def test_ctrl_c_leaves_an_intact_save(setting, sigint_ignored):
    scenario, save, env = setting
    t = Terminal(["play", str(scenario), "--seed", "2", "--save", str(save)], env, sigint_ignored=sigint_ignored)
    t.wait_for("Arena | round 1")
    t.child.sendintr()
    t.child.expect(pexpect.EOF, timeout=60)
    t.child.close()
    assert t.child.exitstatus == 130
    assert read_record(save).header.scenario == "arena"


def test_assault_on_hoth_by_keys_set_up_walk_fire_event_resize_quit_resume_replay(tmp_path):
    from hothsim.assault.actions import Done as AssaultDone
    from hothsim.assault.actions import Fire as AssaultFire
    from hothsim.assault.actions import Walk

    env = {**os.environ, "TERM": "xterm", "XDG_DATA_HOME": str(tmp_path / "data"), "PYTHONPATH": str(ROOT),
           "LANG": "C.UTF-8"}
    env.pop("NO_COLOR", None)
    save = tmp_path / "hoth.hothsim"
    seed = 3
    t = Terminal(["play", "assault-on-hoth", "--seed", str(seed), "--save", str(save)], env)
    t.wait_for("Assault on Hoth | set-up")
    mirror = open_game("assault-on-hoth", seed=seed)
    choose = chooser(t, mirror)

    while mirror.state.stage == "setup":  # the middle legal choice each time
        acts = mirror.legal_actions()
        choose(acts[len(acts) // 2])
    t.wait_for(f"turn 1, round {mirror.state.round}")  # set-up over: the first round with anything to do
    walked = fired = False
    while not (walked and fired and mirror.state.events_drawn) and not mirror.is_over:
        acts = mirror.legal_actions()
        if mirror.pending.kind != "act":
            choose(acts[0])
            continue
        turning = [a for a in acts if type(a) is Walk and ("l" in a.steps or "r" in a.steps) and "f" in a.steps]
        shots = [a for a in acts if type(a) is AssaultFire and not a.force]
        if turning and not walked:
            choose(turning[0])
            walked = True
            t.wait_for(f"{turning[0].unit} turns")
        elif shots and not fired:
            choose(shots[0])
            fired = True
            t.wait_for(f"{shots[0].unit} fires at")
        else:
            choose(AssaultDone())
    assert walked and fired and mirror.state.events_drawn
    t.wait_for("Last Event")
    status = f"turn {mirror.state.turn}, round {mirror.state.round}"
    t.wait_for(status)
    t.resize(60, 20)
    t.wait_for("Make the terminal larger")
    t.resize(100, 30)
    t.wait_for(status)
    t.finish()
    record = read_record(save)
    assert record.entries == mirror.record.entries  # every decision, with the same rolls

    r = Terminal(["resume", str(save)], env)
    r.wait_for(status)
    r.finish()

    p = Terminal(["replay", str(save)], env)
    p.wait_for(f"Replay: decision 0 of {len(record.entries)}")
    from hothsim.games import replay_steps
    from hothsim.tui.replay import step_key

    p.keys(["]"])  # on to the first action round
    p.wait_for(f"Replay: decision {step_key(replay_steps(record), 0, ']')} of {len(record.entries)}")
    p.finish()


def arena_game(setting, seed: int = 5, extra_env: dict | None = None):
    """The arena played in a terminal (its first screen shown) and the same game in this process."""
    scenario, save, env = setting
    t = Terminal(["play", str(scenario), "--seed", str(seed), "--save", str(save)], {**env, **(extra_env or {})})
    t.wait_for("Arena | round 1")
    return t, open_game(scenario, seed=seed), save


def test_taking_back_a_move_by_key_rewrites_the_save(setting):
    t, mirror, save = arena_game(setting)

    choose = chooser(t, mirror)
    choose(parse_action("first rebel"))
    choose(parse_action("activate elite-hoth-trooper"))
    choose(parse_action("move elite-hoth-trooper b8"))  # far from the Snowtrooper: no attack of opportunity
    t.wait_for("elite-hoth-trooper moves")
    assert len(read_record(save).entries) == 3
    t.keys(["U"])
    t.wait_for("the last decision is taken back")
    assert [e.action for e in read_record(save).entries] == ["first rebel", "activate elite-hoth-trooper"]
    t.finish()


def test_a_mouse_click_on_a_menu_row_applies_that_row(setting):
    from hothsim.tui.menu import MENU_X, MENU_Y

    t, mirror, save = arena_game(setting)
    items = [a.notation() for a in mirror.legal_actions()]  # who goes first: the menu lists these
    t.keys(["m"])
    t.wait_for(items[-1])
    row = next(y for y, line in enumerate(t.screen.display) if items[-1] in line)
    assert row == MENU_Y + 2 + len(items) - 1
    t.click(MENU_X + 4, row)
    t.wait_for("first in round 1")  # "rebel goes first", or "rebel lets imperial go first"
    t.finish()
    assert [e.action for e in read_record(save).entries] == [items[-1]]


def test_no_color_means_no_colour_codes_at_all(setting):
    import re

    def colour_codes(extra: dict) -> tuple[list[bytes], bytes]:
        t, _, _ = arena_game(setting, extra_env=extra)
        t.keys(["r"])
        t.wait_for("Roster")
        t.keys([" ", "m"])
        t.wait_for("Choose (Enter)")
        t.finish()
        found = [params for params in re.findall(rb"\x1b\[([0-9;]*)m", bytes(t.raw))
                 if any(p and (30 <= int(p) <= 49 or 90 <= int(p) <= 107) for p in params.split(b";"))]
        return found, bytes(t.raw)

    coloured, _ = colour_codes({})
    assert coloured  # the check finds colour where there is some
    plain, raw = colour_codes({"NO_COLOR": "1"})
    assert not plain, f"colour escape codes under NO_COLOR: {plain[:5]}"
    assert b"Rebel" in raw and re.search(rb"\x1b\[[0-9;]*7m", raw)  # drawn, reverse video (no colour) for emphasis


def test_h_hints_what_the_computer_would_do_and_enter_takes_it(setting):
    # The Empire won the initiative and decides who goes first: H asks the computer, which answers this
    # without search; the menu opens on its row, nothing is applied until Enter.
    import random

    from hothsim.ai.skirmish import policy
    from hothsim.ai.weights import Weights

    scenario, save, env = setting
    t = Terminal(["play", str(scenario), "--seed", "1", "--save", str(save)], env)
    t.wait_for("IMPERIAL: choose who goes first")
    from hothsim.data.catalog import Catalog
    from hothsim.kernel.dice import ScriptedDice

    mirror = open_game(scenario, dice=ScriptedDice([1, 2]), catalog=Catalog.installed())
    expected = policy(Weights()).play(mirror, random.Random(0))
    t.keys(["H"])
    t.wait_for(f"hint: {expected.side} goes first (Enter takes it, Esc leaves it)")
    assert not save.exists() or not read_record(save).entries  # a hint is never applied by itself
    t.keys(["\n"])
    t.wait_for("activate")
    assert read_record(save).entries[-1].action == expected.notation()
    t.keys(["L"])  # the log keeps the hint
    t.wait_for(f"hint for imperial: {expected.side} goes first")
    t.keys(["x"])  # closes the log
    t.wait_for("activate")
    t.finish()


def test_arrows_home_and_end_work_in_both_forms_the_terminal_may_send(setting):
    # CSI forms (normal cursor mode, as multiplexers pass them on) then the keypad form, in one menu.
    t, mirror, save = arena_game(setting)
    items = [a.notation() for a in mirror.legal_actions()]  # who goes first
    assert len(items) == 2
    t.keys(["m"])
    t.wait_for(items[-1])
    t.child.send("\x1b[F\x1b[1~\x1b[B")  # End, Home, Down: the second row, the menu still open
    t.keys(["KEY_UP", "KEY_DOWN", "\n"])  # keypad Up and Down: the second row again
    t.wait_for("first in round 1")
    t.finish()
    assert [e.action for e in read_record(save).entries] == [items[1]]


def test_escape_closes_a_menu_at_once(setting):
    # curses' own wait after Escape is a second; hothsim's is 25 ms.  The quickest of three tries is far
    # below that second even on a busy machine.
    t, _, _ = arena_game(setting)
    took = []
    for _ in range(3):
        t.keys(["m"])
        t.wait_for("Choose (Enter)")
        start = time.time()
        t.child.send("\x1b")
        while "Choose (Enter)" in t.text() and time.time() - start < 10:
            t.pump(0.01)
        took.append(time.time() - start)
    t.finish()
    assert min(took) < 0.5, took


def test_a_save_cut_short_is_offered_and_continued_in_a_new_file(tmp_path):
    # Seen: a save cut short (a copy interrupted) could not be opened at all.
    from tests.test_cli import _cut_save

    save, cut, whole = _cut_save(tmp_path)
    env = {**os.environ, "TERM": "xterm", "XDG_DATA_HOME": str(tmp_path / "data"), "PYTHONPATH": str(ROOT)}
    t = Terminal(["resume", str(save)], env)
    t.wait_for(f"Its first {whole} decisions are whole")
    t.keys(["y", "\n"])
    t.wait_for("resumed from the save")
    t.finish()
    assert save.read_bytes() == cut  # never changed
    assert len(read_record(tmp_path / "game-recovered.hothsim").entries) == whole


def test_v_shows_the_whole_map_at_80x24_and_any_key_closes_it(tmp_path):
    env = {**os.environ, "TERM": "xterm", "XDG_DATA_HOME": str(tmp_path / "data"), "PYTHONPATH": str(ROOT)}
    t = Terminal(["play", "echo-base", "--seed", "3", "--save", str(tmp_path / "g.hothsim")], env, cols=80, rows=24)
    t.wait_for("IMPERIAL: set up")
    t.keys(["v"])
    screen = t.wait_for("Assault on Echo Base: the whole map (2 rows a line)")
    assert "23 " in screen and "AD" not in screen.splitlines()[2]  # the last line of rows; letters stacked
    t.keys([" "])
    t.wait_for("IMPERIAL: set up")
    assert "the whole map" not in t.text()
    t.finish()
