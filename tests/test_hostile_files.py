"""Hostile files: every reader (validate, replay --text, resume, run with a scenario or map) answers a
malformed, oversized, tampered or non-regular file with one clear message and exit code 2, naming the line
where there is one, never a traceback, never a hang, and never a change to the file."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from hothsim.cli import main
from hothsim.games import open_game
from hothsim.kernel.record import GameRecord, RecordEntry, parse_record
from hothsim.saves import write_record

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = (ROOT / "scenarios" / "salvage.toml").read_text(encoding="utf-8")
MAP_ID = "echo-base-interior"  # salvage's map
MAP = (ROOT / "scenarios" / "maps" / f"{MAP_ID}.toml").read_text(encoding="utf-8")


def a_save(tmp_path: Path, moves: int = 12) -> Path:
    """A real save of salvage after a few decisions."""
    import random

    from tests.conformance import choose

    g = open_game("salvage", seed=4)
    rnd = random.Random(4)
    for _ in range(moves):
        g.apply(choose(rnd, g.legal_actions()))
    path = tmp_path / "game.hothsim"
    write_record(path, g.record)
    return path


def resigned(text: str) -> str:
    """A record's text with its checksum made right again (as a careful forger would)."""
    import hashlib

    body = text[: text.rindex("end sha256:")]
    return body + f"end sha256:{hashlib.sha256(body.encode('utf-8')).hexdigest()}\n"


def refused(capsys, path: Path, *commands: list[str], words: str = "", line: int | None = None) -> None:
    """Each command exits 2 with one short message (naming the file, the line, the words) and leaves the
    file as it was."""
    before = path.read_bytes() if path.is_file() else None
    for argv in commands:
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert err.startswith("hothsim: ") and "Traceback" not in err, err
        assert len(err) < 800, f"the message echoes too much input: {len(err)} characters"
        assert words in err, (words, err)
        if line is not None:
            assert f"line {line}" in err, err
        if before is not None:
            assert path.read_bytes() == before, f"{argv} changed the file"


def readers(path: Path) -> list[list[str]]:
    return [["validate", str(path)], ["replay", str(path), "--text"], ["resume", str(path)]]


# ---------------------------------------------------------------- deep nesting and huge or foreign numbers


def test_deeply_nested_toml_is_refused(tmp_path, capsys):
    deep = tmp_path / "deep.toml"
    deep.write_text(SCENARIO + "\nextra = " + "[" * 3000 + "]" * 3000 + "\n", encoding="utf-8")
    refused(capsys, deep, ["validate", str(deep)], ["run", str(deep), "--actions", str(deep)],
            words="nests arrays or tables too deeply")
    tables = tmp_path / "tables.toml"
    tables.write_text(SCENARIO + "\nextra = " + "{a = " * 40 + "1" + "}" * 40 + "\n", encoding="utf-8")
    refused(capsys, tables, ["validate", str(tables)], words="too deeply")


def test_huge_numbers_are_refused_in_toml_and_in_saves(tmp_path, capsys):
    big = tmp_path / "big.toml"
    big.write_text(MAP.replace("width = 30", "width = " + "9" * 5000), encoding="utf-8")
    refused(capsys, big, ["validate", str(big)], words="number too long")
    large = tmp_path / "large.toml"
    large.write_text(MAP.replace("width = 30", "width = 1" + "0" * 30), encoding="utf-8")
    refused(capsys, large, ["validate", str(large)], words="too large")
    save = a_save(tmp_path)
    text = save.read_text(encoding="utf-8")
    seed_line = next(n for n, s in enumerate(text.splitlines(), 1) if s.startswith("seed: "))
    save.write_text(resigned(text.replace("seed: 4\n", "seed: " + "9" * 5000 + "\n")), encoding="utf-8")
    refused(capsys, save, *readers(save), words="seed", line=seed_line)


@pytest.mark.parametrize("digits", ["٤", "４", "⁴", "4_0", " 4"])
def test_numbers_not_written_in_ascii_digits_are_refused(tmp_path, capsys, digits):
    save = a_save(tmp_path)
    text = save.read_text(encoding="utf-8")
    save.write_text(resigned(text.replace("seed: 4\n", f"seed: {digits}\n")), encoding="utf-8")
    refused(capsys, save, *readers(save), words="seed", line=5)
    version = tmp_path / "version.hothsim"
    version.write_text(text.replace("hothsim-record 1", f"hothsim-record {digits.strip() or '1'}²"), encoding="utf-8")
    refused(capsys, version, ["validate", str(version)], line=1)
    entry = tmp_path / "entry.hothsim"
    entry.write_text(resigned(text.replace("\n1. ", f"\n{digits.strip()}. ", 1)), encoding="utf-8")
    refused(capsys, entry, ["validate", str(entry)], line=9)  # not an entry number, or not the first
    roll = tmp_path / "roll.hothsim"
    first_roll = next(s for s in text.splitlines() if " | d20:" in s)
    face = first_roll.split(" | d20:")[1].split()[0]
    roll.write_text(resigned(text.replace(first_roll, first_roll.replace(f"d20:{face}", f"d20:{digits.strip()}"))),
                    encoding="utf-8")
    plain = digits.strip().isascii() and digits.strip().isdigit()  # ' 4' loses its space on the way in
    refused(capsys, roll, ["validate", str(roll)], words="does not replay" if plain else "digits 0-9")


# ---------------------------------------------------------------- records that do not replay


@pytest.mark.parametrize("change", ["roll", "seed", "square", "action"])
def test_a_tampered_record_is_refused_by_every_reader(tmp_path, capsys, change):
    save = a_save(tmp_path, moves=30)
    rec = parse_record(save.read_text(encoding="utf-8"))
    entries = list(rec.entries)
    if change == "roll":
        i, e = next((i, e) for i, e in enumerate(entries) if e.outcomes and e.outcomes[0].kind == "d20")
        r = e.outcomes[0]
        entries[i] = RecordEntry(e.action, (type(r)(r.kind, (r.faces[0] % 20 + 1,), r.purpose),) + e.outcomes[1:])
        header = rec.header
    elif change == "seed":
        header = replace(rec.header, seed=rec.header.seed + 1)
    elif change == "square":
        i, e = next((i, e) for i, e in enumerate(entries) if e.action.startswith("place "))
        entries[i] = RecordEntry(e.action[:-2] + ("a1" if not e.action.endswith("a1") else "b1"), e.outcomes)
        header = rec.header
    else:
        entries.append(RecordEntry("attack nobody somebody"))
        header = rec.header
    write_record(save, GameRecord(header, tuple(entries)))
    refused(capsys, save, *readers(save), words="entry")


def test_resume_never_rewrites_a_save_that_does_not_load(tmp_path, capsys):
    save = a_save(tmp_path)
    save.write_bytes(save.read_bytes()[:-30])  # cut short
    refused(capsys, save, ["resume", str(save)], words="cut short")


# ---------------------------------------------------------------- size


def test_oversized_files_are_refused_at_once_with_the_limit_named(tmp_path, capsys):
    huge = tmp_path / "huge.hothsim"
    with open(huge, "wb") as fh:  # 100 MB of one line, written sparsely
        fh.truncate(100 * 1024 * 1024)
    refused(capsys, huge, *readers(huge), words="at most 16,777,216 bytes")
    line = tmp_path / "line.toml"
    line.write_text("format = \"hothsim-scenario/1\"\nname = \"" + "x" * 200_000 + "\"\n", encoding="utf-8")
    refused(capsys, line, ["validate", str(line)], words="characters long", line=2)
    many = tmp_path / "many.hothsim"
    text = a_save(tmp_path).read_text(encoding="utf-8")
    body = text[: text.rindex("end sha256:")] + "".join(f"{n}. end x\n" for n in range(13, 100_100))
    many.write_text(resigned(body + "end sha256:0\n"), encoding="utf-8")
    refused(capsys, many, ["validate", str(many)], words="at most 100,000 decisions")


def test_a_scenario_with_a_billion_units_is_refused(tmp_path, capsys):
    s = tmp_path / "horde.toml"
    s.write_text((ROOT / "scenarios" / "assault-on-hoth.toml").read_text(encoding="utf-8")
                 .replace("walker = 4", "walker = 1000000000"), encoding="utf-8")
    refused(capsys, s, ["validate", str(s)], words="less than or equal to 100")


# ---------------------------------------------------------------- not regular files


def test_pipes_devices_and_folders_are_refused_before_reading(tmp_path):
    fifo = tmp_path / "pipe.hothsim"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    maps = tmp_path / "maps"
    maps.mkdir()
    os.mkfifo(maps / f"{MAP_ID}.toml")  # a scenario whose map is a pipe
    scenario = tmp_path / "piped.toml"
    scenario.write_text(SCENARIO, encoding="utf-8")
    cases = [(fifo, "is a pipe"), (Path("/dev/zero"), "is a device"), (folder, "is a folder"),
             (scenario, "is a pipe")]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for path, words in cases:
        for argv in (["validate", str(path)], ["replay", str(path), "--text"], ["resume", str(path)],
                     ["run", str(path), "--actions", str(path)]):
            if path != scenario and argv[0] == "run" and words != "is a folder":
                argv = ["run", "salvage", "--actions", str(path)]
            done = subprocess.run([sys.executable, "-m", "hothsim", *argv], capture_output=True, text=True,
                                  env=env, timeout=60, stdin=subprocess.DEVNULL)
            assert done.returncode == 2, (argv, done.stderr)
            assert "Traceback" not in done.stderr and len(done.stderr) < 800
            if argv[0] in ("validate", "run") or path != scenario:
                assert words in done.stderr or "no such" in done.stderr or "not a" in done.stderr, (argv, done.stderr)


def test_a_map_linked_from_outside_the_scenario_folder_is_refused(tmp_path, capsys):
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / f"{MAP_ID}.toml").write_text(MAP, encoding="utf-8")
    home = tmp_path / "home"
    (home / "maps").mkdir(parents=True)
    (home / "maps" / f"{MAP_ID}.toml").symlink_to(outside / f"{MAP_ID}.toml")
    scenario = home / "s.toml"
    scenario.write_text(SCENARIO, encoding="utf-8")
    refused(capsys, scenario, ["validate", str(scenario)], words="outside the scenario's maps/ folder")


# ---------------------------------------------------------------- messages


def test_bad_utf8_and_nul_bytes_name_the_line(tmp_path, capsys):
    save = a_save(tmp_path)
    lines = save.read_bytes().split(b"\n")
    bad = tmp_path / "bad.hothsim"
    bad.write_bytes(b"\n".join(lines[:9] + [lines[9] + b"\xff\xfe"] + lines[10:]))
    refused(capsys, bad, *readers(bad), words="not UTF-8", line=10)
    nul = tmp_path / "nul.toml"
    nul.write_bytes(SCENARIO.encode() + b"\nname2 = \"a\x00b\"\n")
    refused(capsys, nul, ["validate", str(nul)], words="NUL byte", line=SCENARIO.count("\n") + 2)


def test_a_toml_syntax_error_names_the_line_and_does_not_echo_the_file(tmp_path, capsys):
    s = tmp_path / "syntax.toml"
    s.write_text(SCENARIO + "\nbroken = [1, 2\n" + "# " + "y" * 9000 + "\n", encoding="utf-8")
    refused(capsys, s, ["validate", str(s)], words="is not valid TOML")


def test_limits_hold_under_a_memory_cap(tmp_path):
    """The big inputs are refused by a process that may not grow past 400 MB."""
    huge = tmp_path / "huge.toml"
    with open(huge, "wb") as fh:
        fh.truncate(100 * 1024 * 1024)
    code = ("import resource, sys; resource.setrlimit(resource.RLIMIT_AS, (400 << 20, 400 << 20)); "
            "from hothsim.cli import main; sys.exit(main(sys.argv[1:]))")
    done = subprocess.run([sys.executable, "-c", code, "validate", str(huge)], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=60)
    assert done.returncode == 2 and "bytes long; hothsim reads files of at most" in done.stderr, done.stderr
