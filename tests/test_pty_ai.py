"""Against the computer in a pseudo-terminal: `hothsim play salvage --ai imperial`, the person decides, the
computer answers on its own (its reason on screen, its decision in the save), `q`, and `resume` plays on
against it.  Every wait is for what the screen or the save shows."""

from __future__ import annotations

import os
import time

from hothsim.games import load_game
from hothsim.saves import read_record
from hothsim.skirmish.actions import EndTurn
from hothsim.tui.screen import UIState, after_decision
from hothsim.tui.screens import screen_for
from tests.test_pty import ROOT, Terminal
from tests.ui import drive


def _entries(save) -> list[str]:
    try:
        return [e.action for e in read_record(save).entries]
    except Exception:  # written atomically, but it may not exist yet
        return []


def wait_for_entries(save, done, seconds: float = 90.0) -> list[str]:
    """Wait until the save's decisions satisfy `done`."""
    end = time.time() + seconds
    while time.time() < end:
        entries = _entries(save)
        if done(entries):
            return entries
        time.sleep(0.1)
    raise AssertionError(f"the save never showed that; it holds {_entries(save)}")


def test_play_against_the_computer_quit_and_resume_against_it(tmp_path):
    env = {**os.environ, "TERM": "xterm", "XDG_DATA_HOME": str(tmp_path / "data"), "PYTHONPATH": str(ROOT),
           "HOTHSIM_PACE": "0"}
    save = tmp_path / "solo.hothsim"
    t = Terminal(["play", "salvage", "--ai", "imperial", "--seed", "1", "--think", "1", "--save", str(save)], env)
    t.wait_for("REBEL: place")  # the computer has set up the Empire (it sets up first) without a hand-over
    assert "imperial (computer):" in t.text()
    placed = _entries(save)
    assert len(placed) == 3 and all(e.startswith("place snow") or e.startswith("place elite-snow") for e in placed)

    t.keys(["a", "\n"])  # the person sets up the rest, then the last figure where the cursor is
    t.wait_for("round 1 | REBEL: activate")  # the computer won the initiative and chose
    entries = _entries(save)
    assert [e for e in entries[3:] if e.startswith("place")]
    # With no figure of either side in reach of a shot, it lets the Rebels come to it.
    assert [e for e in entries if e.startswith("first ")] == ["first rebel"]
    # The prompt tells the person what to do now (the computer's last reason used to stand in its place).
    t.wait_for("REBEL: activate a character (Enter on it)")
    t.finish()
    header = read_record(save).header
    assert header.computer == "imperial normal 1"

    r = Terminal(["resume", str(save)], env)
    r.wait_for("resumed from the save")
    r.wait_for("REBEL: activate")
    mirror = load_game(read_record(save))
    screen = screen_for(mirror)
    ui = screen.start(mirror, UIState(size=(100, 30), viewer="rebel", handovers=False))
    while mirror.pending.player == "rebel":  # activate each figure the person may, and end its turn at once
        figure = mirror.legal_actions()[0]
        for action in (figure, EndTurn(figure.figure)):
            r.wait_for(f"REBEL: {'activate' if action is figure else 'act with ' + figure.figure}")
            ui, keys = drive(mirror, ui, action)
            r.keys(keys)
            before = mirror.pending
            mirror.apply(action)
            ui = after_decision(screen, mirror, ui, before)
    mine = mirror.record.entries[-1].action
    entries = wait_for_entries(save, lambda es: mine in es and len(es) > es.index(mine) + 1)
    assert entries[:len(mirror.record.entries)] == [e.action for e in mirror.record.entries]
    answer = entries[entries.index(mine) + 1]  # the computer's answer: one of its figures acts
    assert answer.split()[0] == "activate" and "snowtrooper" in answer
    r.wait_for("(computer):")
    r.finish()
    assert read_record(save).header.computer == "imperial normal 1"


def _watching(tmp_path, name: str):
    env = {**os.environ, "TERM": "xterm", "XDG_DATA_HOME": str(tmp_path / "data"), "PYTHONPATH": str(ROOT),
           "HOTHSIM_PACE": "0"}
    save = tmp_path / f"{name}.hothsim"
    t = Terminal(["play", "echo-base", "--ai", "both", "--level", "hard", "--think", "600", "--seed", "2",
                  "--save", str(save)], env)
    t.wait_for("(computer) thinking")  # on the status line, with its progress
    return t, save


def test_q_quits_at_once_while_the_computer_thinks(tmp_path):
    t, save = _watching(tmp_path, "q")
    t.finish()  # q, then the program ends: it does not wait for the search (which may take 600 s)
    t.child.close()
    assert t.child.exitstatus == 0
    record = read_record(save)
    assert load_game(record).record.to_text() == record.to_text()  # intact, and it replays


def test_ctrl_c_while_the_computer_thinks_leaves_an_intact_save(tmp_path):
    import pexpect

    t, save = _watching(tmp_path, "c")
    t.child.sendintr()
    t.child.expect(pexpect.EOF, timeout=60)
    t.child.close()
    assert t.child.exitstatus == 130
    assert read_record(save).header.computer == "both hard 600"


def test_the_computers_set_up_is_shown_in_one_step(tmp_path):
    # Seen: each unit the computer set up stayed 0.8 s on screen (24 units, 20 s in Assault on Hoth).
    # With a pause of ten minutes between the computer's decisions, its whole set-up is still made without
    # a key, and the person's set-up follows at once (its marks stay on the map).
    env = {**os.environ, "TERM": "xterm", "XDG_DATA_HOME": str(tmp_path / "data"), "PYTHONPATH": str(ROOT),
           "HOTHSIM_PACE": "600"}
    save = tmp_path / "solo.hothsim"
    t = Terminal(["play", "salvage", "--ai", "imperial", "--seed", "1", "--think", "1", "--save", str(save)], env)
    t.wait_for("REBEL: set up")
    placed = _entries(save)
    assert len(placed) == 3 and all("snowtrooper" in e for e in placed)
    t.finish()


def test_at_80x24_an_assault_hex_says_who_could_fire_there_and_enter_saves_that_move(tmp_path):
    """Assault on Hoth against the computer at 80x24: Luke assigned (m, Enter), the Rebels set up (a,
    Enter); in the first action round Tab and Enter select a Rebel unit, a cursor step puts it on a hex it
    may move to, and the prompt names the MPs, its shots from there and who could fire on it there; Enter
    saves exactly the move the prompt named."""
    import re

    env = {**os.environ, "TERM": "xterm", "XDG_DATA_HOME": str(tmp_path / "data"), "PYTHONPATH": str(ROOT),
           "HOTHSIM_PACE": "0"}
    save = tmp_path / "hoth.hothsim"
    t = Terminal(["play", "assault-on-hoth", "--ai", "imperial", "--seed", "4", "--think", "0.05", "--save",
                  str(save)], env, cols=80, rows=24)
    t.wait_for("REBEL: assign Luke to a Snowspeeder in secret (m)")
    t.keys(["m"])
    t.wait_for("Choose (Enter), or Esc")
    t.keys(["\n"])
    t.wait_for("REBEL: place")
    t.keys(["a"])
    t.wait_for("Enter (or m) sets up")
    t.keys(["\n"])
    t.wait_for("Enter on your unit selects it", seconds=90)
    t.keys(["\t", "\n"])
    t.wait_for(" selected")
    said = ""
    for key in ("KEY_UP", "KEY_LEFT", "KEY_LEFT", "KEY_DOWN", "KEY_DOWN"):  # off the units onto a * hex
        shown = re.search(r"\|Hex (\d{4})", t.text())[1]
        t.keys([key])
        end = time.time() + 60
        while re.search(r"\|Hex (\d{4})", t.text())[1] == shown and time.time() < end:  # the cursor's move shown
            t.pump(0.2)
        said = ""
        while said != " ".join(t.text().split()) and time.time() < end:  # and the whole screen drawn
            said = " ".join(t.text().split())
            t.pump(0.2)
        if "of 5 MPs" in said:
            break
    found = re.search(r"(\S+): Enter: move to (\d{4}), \d+ of 5 MPs; (no shot|shots: [^;]+); "
                      r"(fired on by none|fired on by \d+: [^E]+?)(?: Enter |$)", said)
    assert found, said or t.text()
    unit, hex_ = found[1], found[2]
    before = len(_entries(save))
    t.keys(["\n"])
    entries = wait_for_entries(save, lambda es: len(es) > before)
    assert entries[before] == f"move {unit} {hex_}"
    t.finish()
