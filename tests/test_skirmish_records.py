"""Skirmish game records: the same seed and decisions give the same bytes; loading replays and checks."""

from __future__ import annotations

import hashlib

import pytest

from hothsim.games import LoadError, load_game, open_game
from hothsim.kernel.dice import ScriptedDice
from tests.random_play import random_play


def random_game(seed: int):
    """150 random decisions of salvage, begun at a fixed time."""
    return random_play("salvage", seed, 150, created="2026-11-22T10:00:00Z")


def test_same_seed_and_decisions_give_the_same_record_byte_for_byte():
    assert random_game(5).record.to_text() == random_game(5).record.to_text()
    assert random_game(5).record.to_text() != random_game(6).record.to_text()


def test_a_record_loads_back_to_the_same_game():
    g = random_game(11)
    text = g.record.to_text()
    again = load_game(text)
    assert again.state == g.state
    assert again.record.to_text() == text
    assert again.legal_actions() == g.legal_actions()


def _reseal(body: str) -> str:
    """Recompute the checksum line, as a careful forger would."""
    lines = body.rstrip("\n").split("\n")[:-1]
    text = "\n".join(lines) + "\n"
    return text + f"end sha256:{hashlib.sha256(text.encode()).hexdigest()}\n"


def test_a_changed_roll_is_caught_on_replay_and_names_the_entry():
    g = random_game(3)
    text = g.record.to_text()
    lines = text.split("\n")
    n = next(i for i, line in enumerate(lines) if "| d20:" in line)
    entry = lines[n].split(".")[0]
    old = lines[n].split("| d20:")[1].split()[0]
    lines[n] = lines[n].replace(f"| d20:{old}", f"| d20:{1 if old != '1' else 2}", 1)
    with pytest.raises(LoadError) as exc:  # the command line's typed error (exit 2), naming the entry
        load_game(_reseal("\n".join(lines)))
    assert f"does not replay as written: entry {entry} (" in str(exc.value)


def test_a_scripted_game_replays_from_its_own_outcomes():
    g = open_game("salvage", dice=ScriptedDice([12, 5]))
    for a in ("place elite-snowtrooper ab3", "place snowtrooper-1 ab5", "place snowtrooper-2 ab7",
              "place elite-hoth-trooper c3", "place hoth-trooper-1 c5", "place hoth-trooper-2 c7"):
        g.apply_notation(a)
    assert g.record.header.dice == "scripted"
    again = load_game(g.record.to_text())
    assert again.state == g.state and again.state.initiative == "rebel"


def test_a_game_of_a_scenario_file_records_where_the_file_is_and_loads_back(tmp_path):
    from hothsim.saves import read_record, write_record
    from tests.arena import arena

    arena(tmp_path, {"hoth-trooper": "c3"}, {"snowtrooper": "d4"}, [1, 2])
    g = open_game(tmp_path / "arena.toml", seed=5)
    g.apply(g.legal_actions()[0])
    write_record(tmp_path / "g.hothsim", g.record)
    record = read_record(tmp_path / "g.hothsim")
    assert record.header.source == str((tmp_path / "arena.toml").resolve())
    assert load_game(record).state == g.state
    assert open_game("salvage").record.header.source == ""  # shipped scenarios are found by id
