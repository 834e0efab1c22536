"""Game records: text round trip, strict parsing with line numbers, replay, atomic saves."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hothsim import saves
from hothsim.kernel.dice import SeededDice
from hothsim.kernel.record import (
    GameRecord,
    RecordEntry,
    RecordError,
    RecordHeader,
    ReplayMismatch,
    parse_record,
    replay,
)
from tests.toy_game import ToyGame, make_toy

HEADER = RecordHeader(game="skirmish", scenario="salvage", data="sha256:" + "ab" * 32, seed=7,
                      created="2026-11-22T10:00:00Z")


def play(actions: list[str], seed: int = 7) -> GameRecord:
    game = ToyGame(SeededDice(seed))
    rec = GameRecord(replace(HEADER, seed=seed))
    for a in actions:
        rec = rec.with_entry(RecordEntry(a, tuple(game.apply_notation(a))))
    return rec


def test_record_round_trips_through_text():
    rec = play(["roll 1", "pass", "roll 3"])
    text = rec.to_text()
    assert parse_record(text) == rec
    assert text.splitlines()[0] == "hothsim-record 1"
    assert "2. pass" in text and "3. roll 3 | d20:" in text


def test_same_seed_and_decisions_give_the_same_record_byte_for_byte():
    assert play(["roll 2", "roll 1"]).to_text() == play(["roll 2", "roll 1"]).to_text()
    assert play(["roll 2"], seed=7).to_text() != play(["roll 2"], seed=8).to_text()


def test_replay_reruns_and_checks_every_outcome():
    rec = play(["roll 2", "pass", "roll 4"])
    game = replay(rec, make_toy)
    assert game.score == sum(r.total for e in rec.entries for r in e.outcomes)


def test_replay_mismatch_names_the_entry():
    rec = play(["roll 2", "roll 1"])
    bad = GameRecord(replace(rec.header, seed=8), rec.entries)
    with pytest.raises(ReplayMismatch, match="entry 1 \\(roll 2\\)"):
        replay(bad, make_toy)
    refused = rec.with_entry(RecordEntry("dance"))
    with pytest.raises(ReplayMismatch, match="entry 3 \\(dance\\): refused"):
        replay(refused, make_toy)


def test_scripted_record_replays_from_its_own_outcomes():
    rec = play(["roll 3"])
    scripted = GameRecord(replace(rec.header, dice="scripted"), rec.entries)
    assert replay(scripted, make_toy).score == sum(r.total for r in rec.entries[0].outcomes)


def _problem(text: str) -> RecordError:
    with pytest.raises(RecordError) as info:
        parse_record(text)
    return info.value


def _resign(body: str) -> str:
    import hashlib

    return body + f"end sha256:{hashlib.sha256(body.encode()).hexdigest()}\n"


def test_truncated_record_is_named():
    text = play(["roll 1", "roll 2"]).to_text()
    err = _problem(text[: len(text) // 2])
    assert "cut short" in str(err)


def test_tampered_record_is_caught_by_the_checksum():
    text = play(["roll 1"]).to_text().replace("1. roll 1", "1. roll 2")
    assert "changed after it was written" in str(_problem(text))


def test_future_version_is_refused_with_a_clear_message():
    err = _problem(play(["pass"]).to_text().replace("hothsim-record 1", "hothsim-record 9"))
    assert err.line == 1 and "newer hothsim" in str(err)


def test_bad_header_field_names_its_line():
    body = play(["pass"]).to_text().rsplit("end ", 1)[0].replace("seed: 7", "seed: seven")
    err = _problem(_resign(body))
    assert err.line == 5 and "seed" in str(err)


def test_bad_entry_names_its_line():
    body = play(["pass"]).to_text().rsplit("end ", 1)[0] + "3. pass\n"
    err = _problem(_resign(body))
    assert err.line == 10 and "out of order" in str(err)
    body = play(["pass"]).to_text().rsplit("end ", 1)[0] + "2. roll 1 | d20:44\n"
    assert "from 1 to 20" in str(_problem(_resign(body)))


def test_not_a_record_at_all():
    assert "not a hothsim game record" in str(_problem("[game]\nid = 1\n"))
    assert "NUL" in str(_problem("hothsim-record 1\x00"))


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.data())
def test_corrupted_records_never_escape_as_a_traceback(data):
    text = play(["roll 1", "pass", "roll 2"]).to_text()
    kind = data.draw(st.sampled_from(["cut", "flip", "insert", "resign"]))
    if kind == "cut":
        text = text[: data.draw(st.integers(0, len(text)))]
    elif kind == "flip":
        i = data.draw(st.integers(0, len(text) - 1))
        text = text[:i] + data.draw(st.characters()) + text[i + 1 :]
    elif kind == "insert":
        i = data.draw(st.integers(0, len(text)))
        text = text[:i] + data.draw(st.text(max_size=20)) + text[i:]
    else:  # change the body and fix the checksum, as a careful tamperer would
        body = text.rsplit("end ", 1)[0]
        i = data.draw(st.integers(0, len(body)))
        body = body[:i] + data.draw(st.text(max_size=12)) + body[i:]
        text = _resign(body)
    try:
        rec = parse_record(text)
    except RecordError as e:
        assert str(e)
        return
    # Whatever still parses must replay or fail with a named mismatch.
    try:
        replay(rec, make_toy)
    except ReplayMismatch as e:
        assert "entry" in str(e)


# ---------------------------------------------------------------- saves on disk


def test_save_and_read_back(tmp_path: Path):
    rec = play(["roll 1"])
    path = tmp_path / "game.hothsim"
    saves.write_record(path, rec)
    assert saves.read_record(path) == rec
    assert [s.path for s in saves.list_saves(tmp_path)] == [path]


def test_interrupted_write_before_the_rename_leaves_the_previous_save(tmp_path: Path, monkeypatch):
    path = tmp_path / "game.hothsim"
    old = play(["roll 1"])
    saves.write_record(path, old)

    def crash(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(saves.SaveFileError, match="could not save"):
        saves.write_record(path, play(["roll 1", "roll 2"]))
    monkeypatch.undo()
    assert saves.read_record(path) == old
    assert [p.name for p in tmp_path.iterdir()] == ["game.hothsim"]  # no temporary file left behind


def test_a_killed_writer_leaves_old_or_new_never_broken(tmp_path: Path):
    # Kill a child process while it saves over and over (it says when it has saved 25 times, and goes on);
    # the file always parses, and it is one of the child's saves.
    import signal
    import subprocess
    import sys

    path = tmp_path / "game.hothsim"
    first = play(["pass"])
    saves.write_record(path, first)
    code = (
        "import sys; sys.path.insert(0, %r)\n"
        "from hothsim import saves\nfrom tests.test_record import play\n"
        "n = 0\n"
        "while True:\n    n += 1\n    saves.write_record(%r, play(['roll 1'] * (n %% 40 + 1)))\n"
        "    if n == 25:\n        print('saved 25', flush=True)\n"
    ) % (str(Path(__file__).resolve().parents[1]), str(path))
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "saved 25"  # waits for the child, however slow the machine
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    after = saves.read_record(path)  # raises if the save is broken
    assert after != first and after.entries[0].action == "roll 1"  # the child's saves replaced the first


def test_corrupt_or_foreign_save_is_a_clear_error(tmp_path: Path):
    p = tmp_path / "x.hothsim"
    p.write_bytes(b"\xff\xfe garbage")
    with pytest.raises(saves.SaveFileError, match="not a hothsim save"):
        saves.read_record(p)
    with pytest.raises(saves.SaveFileError, match="no such save"):
        saves.read_record(tmp_path / "missing.hothsim")


def test_user_save_dir_respects_xdg_and_platforms(tmp_path: Path, monkeypatch):
    from tests.user_folders import windows_folders

    monkeypatch.setenv("HOME", "/h")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert saves.user_save_dir("linux") == tmp_path / "hothsim" / "saves"
    monkeypatch.setenv("XDG_DATA_HOME", "relative")  # the XDG rules: a relative path is ignored
    assert saves.user_save_dir("linux") == Path("/h/.local/share/hothsim/saves")
    monkeypatch.delenv("XDG_DATA_HOME")
    assert saves.user_save_dir("linux") == Path("/h/.local/share/hothsim/saves")
    assert saves.user_save_dir("darwin") == Path("/h/Library/Application Support/hothsim/saves")
    windows_folders(monkeypatch, local="C:/Local", roaming="C:/AppData")
    assert saves.user_save_dir("win32") == Path("C:/AppData/hothsim/saves")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))  # chosen on any system: how the tests keep off yours
    assert saves.user_save_dir("win32") == saves.user_save_dir("darwin") == tmp_path / "hothsim" / "saves"


def test_a_record_with_a_lone_surrogate_is_a_clear_error():
    import pytest as _pytest

    from hothsim.kernel.record import RecordError, parse_record

    with _pytest.raises(RecordError, match="not a UTF-8 text file"):
        parse_record("hothsim-record 1\n\ud800\n")


def test_a_save_cut_short_keeps_every_decision_written_whole(tmp_path):
    import random

    from hothsim.games import load_game, open_game
    from hothsim.kernel.record import complete_part
    from tests.conformance import choose

    g = open_game("salvage", seed=2)
    rnd = random.Random(2)
    for _ in range(40):
        g.apply(choose(rnd, g.legal_actions()))
    text = g.record.to_text()
    cut = text[: text.index(f"\n{31}. ") + 5]  # cut in the middle of entry 31's line
    part = complete_part(cut)
    assert part is not None and part.entries == g.record.entries[:30] and part.header == g.record.header
    assert load_game(part).state is not None  # it replays, every roll checked
    changed = text.replace(f"\n{12}. ", f"\n{12}. ", 1)[:-3] + "00\n"  # a wrong checksum: the body is kept
    assert complete_part(changed).entries == g.record.entries
    assert complete_part(text[:40]) is None  # not even the header is whole


def test_a_save_cut_short_with_a_broken_entry_keeps_the_entries_before_it_at_once():
    # One try per broken line, not one per line after it: a hostile file of many entries stays quick.
    from hothsim.games import open_game, replayable_part
    from hothsim.kernel.record import complete_part

    g = open_game("salvage", seed=2)
    head = g.record.to_text().split("\n\n")[0] + "\n\n"
    first = g.legal_actions()[0].notation()  # a set-up placement
    body = f"1. {first}\n2. this is not an entry\n" + "".join(f"{n}. end x\n" for n in range(3, 60_000))
    part = complete_part(head + body)  # no end line: cut short; every line reads as an entry
    assert part is not None and len(part.entries) == 59_999
    kept = replayable_part(part)  # one replay, stopped at the first entry the rules refuse
    assert [e.action for e in kept.entries] == [first]
