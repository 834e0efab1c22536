"""Whole games in the plain-text mode on a pseudo-terminal (pexpect), two players at one keyboard played
by a script that reads what is said and answers as a player would: by a choice's number, by an action's
notation, or by a move's destination.  The save holds exactly the choices made, every byte written is
printable text or a line end, and the whole transcript is kept in tests/golden/ (after a deliberate change
of wording, regenerate with HOTHSIM_UPDATE_GOLDEN=1 and read the diff before committing).  Every wait is
for the prompt the program writes when it reads a line."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

from hothsim.saves import read_record
from tests.golden_files import check_golden

ROOT = Path(__file__).resolve().parent.parent
NUMBERED = re.compile(r"^(\d+)\. (.*)$")
#: The most lines a scripted game may type before the test gives up on it.
LIMIT = 4000


class Player:
    """Answers what the game says, as a plain-spoken player would: the likeliest shot, else a move toward
    the enemy (a skirmish figure once an activation, by its destination; a Walker once an action round,
    from its listed walks), else the end of the turn or round."""

    def __init__(self) -> None:
        self.moved: set[str] = set()  # units moved in this activation or action round
        self.round = ""
        self.listing = ""  # a Walker whose walks were asked for, to choose among next
        self.target = ""  # the hex its walk should reach

    def answer(self, said: list[str]) -> str:
        """The line to type after these lines were said."""
        asked = [i for i, line in enumerate(said) if " to decide, " in line]
        decision = said[asked[-1]] if asked else ""
        after = said[asked[-1] + 1:] if asked else said
        numbered = {int(m[1]): m[2] for line in said if (m := NUMBERED.match(line))}
        if self.listing:
            unit, self.listing = self.listing, ""
            self.moved.add(unit)
            pick = next((n for n, text in numbered.items() if f": to {self.target}," in text), None)
            if pick is not None:
                return str(pick)  # by number
        if any(line.startswith("Careful: ") for line in said):
            return "done"  # again: end the round all the same
        return self.choose(decision, after, numbered)

    def choose(self, decision: str, after: list[str], numbered: dict[int, str]) -> str:
        if "set up your figures" in decision or re.search(r"set-up: (set up|put) ", decision):
            return "auto"
        if "the Snowspeeder Luke flies" in decision:
            return "luke speeder-3"  # by notation
        now = re.search(r"action round \d+", decision)
        if "choose a figure to activate" in decision or (now and now[0] != self.round):
            self.moved, self.round = set(), now[0] if now else self.round
        shots = {n: t for n, t in numbered.items() if t.startswith(("attack ", "fire ")) and t.endswith("% to hit")}
        odds = {n: int(t.rsplit(" ", 3)[-3].rstrip("%")) for n, t in shots.items()}
        aimed = [n for n, t in shots.items() if " shield-generator" in t or " power-grid" in t]
        if aimed or any(odds[n] >= 30 for n in odds):  # the Walkers' goal first, else a shot worth its time
            return str(aimed[0] if aimed else max(odds, key=lambda n: (odds[n], -n)))  # by number
        if "you won the initiative" in decision:
            return numbered[1].split(":")[0]  # "first rebel", by notation
        for line in after:
            m = re.match(r"^move ([a-z0-9-]+): .*nearest an enemy: ([A-Z]+[0-9]+),", line)
            if m and m[1] not in self.moved and f"act with {m[1]}" in decision:
                self.moved.add(m[1])
                return f"move {m[1]} {m[2].lower()}"  # by destination
            m = re.match(r"^walk (walker-\d): .*nearest the Shield Generator: (\d{4}),", line)
            if m and m[1] not in self.moved:
                self.listing, self.target = m[1], m[2]
                return f"moves {m[1]}"
        ends = [t.split(":")[0] for t in numbered.values() if t.startswith(("end ", "done"))]
        return ends[0] if ends else "1"  # the end by notation, else the first choice


def play_out(tmp_path: Path, scenario: str, seed: int) -> tuple[str, list[str], Path]:
    """A whole hot-seat game typed by `Player`: the transcript (line ends as "\\n"), the lines typed, the save."""
    save = tmp_path / "game.hothsim"
    env = {**os.environ, "TERM": "xterm", "XDG_DATA_HOME": str(tmp_path / "data"), "PYTHONPATH": str(ROOT)}
    child = pexpect.spawn(sys.executable, ["-m", "hothsim", "play", scenario, "--plain", "--seed", str(seed),
                                           "--save", str(save)], env=env, cwd=str(ROOT), echo=False, timeout=60)
    raw = bytearray()
    typed: list[str] = []
    player = Player()
    for _ in range(LIMIT):
        at = child.expect_exact([b"> ", pexpect.EOF])
        raw += child.before + (b"> " if at == 0 else b"")
        if at == 1:
            break
        said = child.before.decode("ascii").replace("\r\n", "\n").splitlines()
        line = player.answer(said)
        typed.append(line)
        child.sendline(line)
    else:
        child.terminate(force=True)
        pytest.fail(f"the scripted game of {scenario} did not end within {LIMIT} lines")
    child.close()
    assert child.exitstatus == 0
    text = raw.decode("ascii")
    # Printable text, the prompt and line ends only: no cursor movement, colour or bell.
    assert re.fullmatch(r"[\x20-\x7e\r\n]*", text), "a byte that is not printable text"
    assert "\r" not in text.replace("\r\n", "")
    return text.replace("\r\n", "\n"), typed, save


def echoed(text: str) -> list[str]:
    """The decisions the game said back as applied ("Rebel: attack ..."), in order."""
    return [m[2] for m in re.finditer(r"(?m)^(?:> )?(Rebel|Imperial): ((?:place|first|activate|move|attack|end|opportunity|"
                                      r"decline|reroll|keep|force|luke|board|fire|harpoon|done|displace|armor|"
                                      r"critical|repair|choose|a secret choice, made)\b[^\n]*)$", text)]


@pytest.mark.parametrize("scenario,seed", [("salvage", 5), ("assault-on-hoth", 5)])
def test_a_whole_plain_game_typed_by_numbers_notation_and_destination(tmp_path, scenario, seed):
    text, typed, save = play_out(tmp_path, scenario, seed)
    record = read_record(save)
    entries = [e.action for e in record.entries]
    # The save holds exactly the choices made, each said back as it was applied (a secret one, Luke's
    # Snowspeeder, only as made: the other player may read what was said).
    assert echoed(text) == ["a secret choice, made" if e.startswith("luke ") else e for e in entries]
    assert "Game over: " in text and text.rstrip().endswith(f"(the game is over: hothsim replay {save} steps through it)")
    # Choices were made every way a player may make them.
    assert any(t.isdigit() for t in typed) and any(t.startswith(("end ", "done", "first ", "luke ")) for t in typed)
    if scenario == "salvage":
        assert any(re.fullmatch(r"move [a-z0-9-]+ [a-z]+[0-9]+", t) for t in typed)
    name = f"plain-{scenario}-{seed}.txt"
    check_golden(name, text.replace(str(save), "SAVE"), f"the plain-mode game {name} now reads differently")
