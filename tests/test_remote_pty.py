"""`hothsim host` and `hothsim join` in two pseudo-terminals on 127.0.0.1 (issue 29): the guest runs the
exact line the host prints, both play a whole game headless, print the same decisions and the same last
line, and keep saves that are the same record and pass `hothsim validate`.  Every wait is for a line the
program prints."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect

from hothsim.cli import main
from hothsim.games import load_game

ROOT = Path(__file__).resolve().parent.parent


def spawn(args: list[str], tmp_path: Path, more: dict[str, str] | None = None) -> pexpect.spawn:
    env = {**os.environ, "TERM": "xterm", "XDG_DATA_HOME": str(tmp_path / "data"), "PYTHONPATH": str(ROOT), **(more or {})}
    return pexpect.spawn(sys.executable, ["-m", "hothsim", *args], env=env, cwd=str(ROOT), echo=False,
                         timeout=60, encoding="utf-8", codec_errors="replace")


def cmdlines() -> list[bytes]:
    """The command line of every process of this machine that can be read (as `ps` shows them to any user)."""
    out = []
    for proc in Path("/proc").iterdir():
        try:
            out.append((proc / "cmdline").read_bytes())
        except OSError:
            continue
    return out


def test_host_and_join_play_a_whole_game_in_two_terminals(tmp_path, capsys):
    """The guest runs the exact line the host prints, with the key in HOTHSIM_KEY: while both play, the key
    stands in no process's command line."""
    host = spawn(["host", "salvage", "--side", "rebel", "--player", "expert", "--address", "127.0.0.1",
                  "--save", str(tmp_path / "host.hothsim"), "--wait", "60"], tmp_path)
    host.expect(r"invitation key: ([0-9a-f]{32}) ")
    key = host.match.group(1)
    host.expect(r"join with: (hothsim join 127\.0\.0\.1:\d+) ")
    command = host.match.group(1).split()
    guest = spawn([*command[1:], "--player", "expert", "--save", str(tmp_path / "guest.hothsim"), "--wait", "60"],
                  tmp_path, {"HOTHSIM_KEY": key})
    guest.expect(r"take this game up again with: hothsim join 127\.0\.0\.1:\d+ --save \S+\r\n")  # both play now
    assert host.isalive() and guest.isalive()
    assert not [line for line in cmdlines() if key.encode() in line]
    said = {}
    for name, child in (("guest", guest), ("host", host)):
        child.expect(r"game over: [^\r\n]+\r\n")
        said[name] = (child.before.splitlines() + [child.after.strip()])
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 0
    host_lines = [line for line in said["host"] if line[:1].isdigit() or line.startswith("game over")]
    guest_lines = [line for line in said["guest"] if line[:1].isdigit() or line.startswith("game over")]
    assert host_lines == guest_lines and len(host_lines) > 50
    assert host_lines[-1].startswith("game over: ")
    record = (tmp_path / "host.hothsim").read_text()
    assert record == (tmp_path / "guest.hothsim").read_text() and "dice: scripted" in record
    assert main(["validate", str(tmp_path / "guest.hothsim")]) == 0
    assert capsys.readouterr().out.startswith("ok: save of skirmish scenario salvage")


def test_a_person_joins_in_the_terminal_screen_sees_the_other_machine_play_and_quits_saved(tmp_path):
    """The guest pastes the key at a prompt that does not show it, then plays in the usual screen: it waits
    for the host's set-up, shows the host's placements marked as the other machine's, sets up its own
    figures with `a`, and quits with q, its game saved."""
    from tests.test_pty import Terminal

    host = spawn(["host", "salvage", "--side", "imperial", "--player", "expert", "--address", "127.0.0.1",
                  "--save", str(tmp_path / "host.hothsim"), "--wait", "60"], tmp_path)
    host.expect(r"invitation key: ([0-9a-f]{32}) ")
    key = host.match.group(1)
    host.expect(r"join with: hothsim join (127\.0\.0\.1:\d+) ")
    where = host.match.group(1)
    env = {**os.environ, "TERM": "xterm", "XDG_DATA_HOME": str(tmp_path / "data"), "PYTHONPATH": str(ROOT)}
    t = Terminal(["join", where, "--save", str(tmp_path / "guest.hothsim"), "--wait", "60"], env)
    t.wait_for("The invitation key (not shown as you type it):")
    t.keys([key, "\n"])
    t.wait_for("imperial (other machine): place ")
    t.wait_for("set up")
    t.keys(["a"])
    t.wait_for("snowtrooper")  # the Empire's figures on the map, then its first moves once ours are placed
    t.finish()
    # The host keeps waiting for the guest to come back, saying so, until its player presses q.
    host.expect("The connection to the other machine broke: waiting for it to come back")
    host.send("q")
    host.expect(r"remote game stopped: stopped waiting for the opponent; the game is saved in \S+: take it up with: "
                r"hothsim host salvage --side imperial --save ")
    host.expect(pexpect.EOF)
    host.close()
    saved = (tmp_path / "guest.hothsim").read_text()
    assert "place elite-hoth-trooper " in saved and "place elite-snowtrooper " in saved
    assert key.encode() not in t.raw  # typed, never shown
    assert main(["validate", str(tmp_path / "guest.hothsim")]) == 0


def test_a_turn_by_mail_is_stepped_through_then_played_in_the_screen(tmp_path, monkeypatch):
    """The person's turn: the other side's decisions open in the replay screen at the first new one; q goes
    on to the game, `a` and Enter set up the Rebels, and once the Empire is needed (its die for the
    initiative) the turn is written to send."""
    from tests.test_pty import Terminal

    h, g = tmp_path / "h.hothsim", tmp_path / "g.hothsim"
    out = main_output(["host", "salvage", "--side", "imperial", "--by-mail", "--player", "expert", "--save", str(h)])
    monkeypatch.setenv("HOTHSIM_KEY", out.split("the invitation key privately: ")[1].split()[0])
    main_output(["join", "--by-mail", f"{h}.turn", "--plain", "--save", str(g)])  # nothing to do yet
    main_output(["turn", str(h), f"{g}.turn", "--player", "expert"])  # the Empire sets up
    env = {**os.environ, "TERM": "xterm", "XDG_DATA_HOME": str(tmp_path / "data"), "PYTHONPATH": str(ROOT)}
    t = Terminal(["turn", str(g), f"{h}.turn"], env, cols=80, rows=24)
    t.wait_for("Replay: decision 1 of 3")
    t.keys(["q"])
    t.wait_for("set up")
    t.keys(["a"])
    t.wait_for("Enter puts hoth-trooper-2 here")  # the last placement, which ends the set-up, is Enter's
    t.keys(["\n"])
    t.child.expect(pexpect.EOF, timeout=60)
    t.raw += t.child.before or b""
    turn = Path(f"{g}.turn").read_text()
    assert "place elite-hoth-trooper " in turn and turn.startswith("-----BEGIN HOTHSIM TURN-----")
    assert b"Send " in t.raw and b"hothsim turn THEIR-SAVE" in t.raw


def main_output(args: list[str]) -> str:
    """A command run in this process (its output captured), which must succeed."""
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(args) == 0
    return out.getvalue()


def test_q_stops_a_host_waiting_for_its_opponent_with_the_game_saved(tmp_path):
    """While the host waits at its door, q stops it at once, saying where the game is kept and the command
    that takes it up."""
    save = tmp_path / "host.hothsim"
    host = spawn(["host", "salvage", "--side", "rebel", "--address", "127.0.0.1", "--save", str(save), "--wait", "600"],
                 tmp_path)
    host.expect(r"join with: hothsim join 127\.0\.0\.1:\d+ ")
    host.expect(r"take this game up again with: hothsim host salvage --side rebel --save \S+\r\n")
    host.send("q")
    host.expect(r"remote game stopped: stopped waiting for the opponent; the game is saved in \S+: take it up with: "
                r"hothsim host salvage --side rebel --save ")
    host.expect(pexpect.EOF)
    host.close()
    assert host.exitstatus == 2 and Path(f"{save}-remote").exists()


def test_either_side_killed_mid_game_is_taken_up_by_its_own_command_and_both_copies_end_the_same(tmp_path):
    """kill -9 of the guest, then of the host, in the middle of a game between two computer players: the
    side still running waits (the host at its door, the guest dialling), the killed side's own command
    (the one it printed) takes the game up, and both saves end as the same record."""
    import re
    import signal

    hs, gs = tmp_path / "host.hothsim", tmp_path / "guest.hothsim"
    host_cmd = ["host", "salvage", "--side", "rebel", "--player", "expert", "--address", "127.0.0.1", "--save", str(hs),
                "--wait", "60"]
    host = spawn(host_cmd, tmp_path)
    host.expect(r"invitation key: ([0-9a-f]{32}) ")
    key = host.match.group(1)
    host.expect(r"join with: hothsim join (127\.0\.0\.1:\d+) ")
    guest_cmd = ["join", host.match.group(1), "--player", "expert", "--save", str(gs), "--wait", "60"]
    guest = spawn(guest_cmd, tmp_path, {"HOTHSIM_KEY": key})
    guest.expect(r"\n12\. ")
    os.kill(guest.pid, signal.SIGKILL)
    guest.close()
    host.expect("The connection to the other machine broke: waiting for it to come back")
    guest = spawn(guest_cmd, tmp_path)  # no key now: it is read from the private file
    guest.expect(r"\n(\d+)\. ")
    host.expect("The other machine is back: the game goes on.")
    guest.expect(r"\n(\d+)\. ")
    at = int(guest.match.group(1))
    guest.expect(rf"\n{at + 5}\. ")
    os.kill(host.pid, signal.SIGKILL)
    host.close()
    guest.expect("The connection to the other machine broke: waiting for it to come back")
    host = spawn(host_cmd, tmp_path)
    for child in (host, guest):
        child.expect(r"game over: [^\r\n]+\r\n", timeout=120)
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 0
    record = hs.read_text()
    assert record == gs.read_text() and load_game(record).is_over
    assert len(re.findall(r"^sealed ", record, re.M)) == 2
