"""The command line: list, validate, --version and --help; user mistakes never print a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from hothsim import __version__
from hothsim.cli import main
from hothsim.kernel.dice import SeededDice
from hothsim.kernel.record import GameRecord, RecordEntry, RecordHeader
from hothsim.saves import read_record, write_record
from tests.test_data_files import SCENARIO, SQUARE_MAP, write


def test_version(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.strip() == f"hothsim {__version__}"


@pytest.mark.parametrize("command", [[], ["list"], ["validate"]])
def test_help_on_every_subcommand(command, capsys):
    with pytest.raises(SystemExit) as exc:
        main(command + ["--help"])
    assert exc.value.code == 0
    assert "usage: hothsim" in capsys.readouterr().out


def test_list_names_every_shipped_scenario(capsys):
    assert main(["list", "--maps"]) == 0
    out = capsys.readouterr().out
    assert "hoth-outpost" in out


def test_validate_ok_for_a_map_a_scenario_and_a_save(tmp_path, capsys):
    assert main(["validate", str(write(tmp_path, "tiny.toml", SQUARE_MAP))]) == 0
    assert capsys.readouterr().out.startswith("ok: square map tiny (3x2)")
    assert main(["validate", str(write(tmp_path, "practice.toml", SCENARIO))]) == 0
    assert capsys.readouterr().out.startswith("ok: skirmish scenario practice on map hoth-outpost")
    from hothsim.games import open_game

    g = open_game("salvage", seed=3)
    g.apply(g.legal_actions()[0])
    save = tmp_path / "g.hothsim"
    write_record(save, g.record)
    assert main(["validate", str(save)]) == 0
    assert "1 decisions" in capsys.readouterr().out


def test_validate_replays_a_save_and_refuses_one_that_does_not_replay(tmp_path, capsys):
    # A record whose checksum is right but whose decision is not legal in its game: validate must replay.
    header = RecordHeader(game="skirmish", scenario="salvage", data="sha256:" + "0" * 64, seed=3,
                          created="2026-11-22T10:00:00Z")
    dice = SeededDice(3)
    dice.d20("test")
    save = tmp_path / "g.hothsim"
    write_record(save, GameRecord(header, (RecordEntry("attack a b", tuple(dice.log)),)))
    before = save.read_bytes()
    assert main(["validate", str(save)]) == 2
    err = capsys.readouterr().err
    assert "cannot be replayed exactly" in err and "Traceback" not in err
    assert save.read_bytes() == before


def test_validate_names_the_problem_and_exits_2(tmp_path, capsys):
    bad = write(tmp_path, "bad.toml", SQUARE_MAP.replace("|. oD.|", "|. qD.|"))
    assert main(["validate", str(bad)]) == 2
    err = capsys.readouterr().err
    assert str(bad) in err and "line 8" in err and "field 'grid'" in err and "Traceback" not in err


def test_validate_a_scenario_on_the_wrong_grid(tmp_path, capsys):
    p = write(tmp_path, "x.toml", SCENARIO.split("[skirmish]")[0].replace('"skirmish"', '"assault"')
              + "[assault]\nimperial = { walker = 1 }\nrebel = { trooper = 1 }\n")
    assert main(["validate", str(p)]) == 2
    assert "needs a hex map" in capsys.readouterr().err


def assault_setup_lines(seed: int = 3) -> list[str]:
    """A whole Assault on Hoth set-up in notation (the middle legal choice each time)."""
    from hothsim.games import open_game

    g = open_game("assault-on-hoth", seed=seed)
    lines = []
    while g.state.stage == "setup":
        acts = g.legal_actions()
        a = acts[len(acts) // 2]
        lines.append(a.notation())
        g.apply(a)
    return lines


def test_run_assault_on_hoth_headless_prints_the_state_as_json(tmp_path, capsys):
    import json

    actions = tmp_path / "a.txt"
    actions.write_text("\n".join(assault_setup_lines()) + "\n")
    assert main(["run", "assault-on-hoth", "--seed", "2", "--actions", str(actions), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    st = out["state"]
    # Seed 2's first Action card lets no unit act, so that round passes by itself: the game waits in round 2.
    assert st["game"] == "assault" and st["stage"] == "play" and st["turn"] == 1 and st["round"] == 2
    assert st["units"]["walker-1"]["where"] == "map" and st["units"]["snowtrooper-1"]["where"] == "aboard"
    assert st["event_cards_left"] == 19 and st["action_cards_left"] == 18 and st["force"] == 10
    assert out["pending"]["kind"] == "act" and out["legal_actions"] > 1


def test_run_assault_refuses_an_illegal_action_naming_the_rule(tmp_path, capsys):
    actions = tmp_path / "a.txt"
    actions.write_text("place walker-1 0505 s\n")
    assert main(["run", "assault-on-hoth", "--actions", str(actions)]) == 2
    err = capsys.readouterr().err
    assert "line 1" in err and "rule: set-up" in err and "Traceback" not in err


def test_run_dice_take_fire_faces_numbers_and_orderings():
    from hothsim.cli import parse_dice

    assert parse_dice("V,s,B,3,4,2/0/1") == ["V", "S", "B", 3, 4, (2, 0, 1)]


@pytest.mark.parametrize("content", ["", "hothsim-record 9\n", "\x00\x01binary", "just words\n"])
def test_validate_rubbish_is_a_clear_error(tmp_path, capsys, content):
    p = tmp_path / "rubbish.toml"
    p.write_text(content, encoding="utf-8")
    assert main(["validate", str(p)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("hothsim: ") and "Traceback" not in err


def test_validate_missing_file(tmp_path, capsys):
    assert main(["validate", str(tmp_path / "nope.toml")]) == 2
    assert "there is no such file" in capsys.readouterr().err


def test_python_dash_m_runs_from_another_folder(tmp_path):
    repo = Path(__file__).resolve().parent.parent
    out = subprocess.run([sys.executable, "-m", "hothsim", "list"], cwd=tmp_path, capture_output=True,
                         text=True, env={"PYTHONPATH": str(repo), "PATH": ""}, timeout=60)
    assert out.returncode == 0, out.stderr


def test_an_assault_scenario_asking_for_more_transports_than_the_deck_holds_is_refused(tmp_path, capsys):
    from hothsim.data.catalog import Catalog

    text = (Catalog.installed().scenario_dir / "assault-on-hoth.toml").read_text()
    p = tmp_path / "long.toml"
    p.write_text(text.replace("transports_to_win = 5", "transports_to_win = 9").replace('id = "assault-on-hoth"',
                                                                                         'id = "long"'))
    assert main(["validate", str(p)]) == 2
    err = capsys.readouterr().err
    assert "field 'transports_to_win'" in err and "only 6 Transports Away!" in err


def test_the_resume_picker_lists_scenario_position_whose_decision_and_when_newest_first(tmp_path, monkeypatch,
                                                                                           capsys):
    import io
    import os
    import random

    from hothsim.games import open_game
    from tests.conformance import choose

    folder = tmp_path / "data" / "hothsim" / "saves"
    for i, (scenario, moves) in enumerate((("salvage", 30), ("assault-on-hoth", 5))):
        g = open_game(scenario, seed=i)
        rnd = random.Random(i)
        for _ in range(moves):
            g.apply(choose(rnd, g.legal_actions()))
        path = folder / f"{scenario}.hothsim"
        write_record(path, g.record)
        os.utime(path, (1_800_000_000 + i * 60, 1_800_000_000 + i * 60))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
    assert main(["resume"]) == 0  # picked, then played in plain text: this test has no terminal to draw in
    out, err = capsys.readouterr()
    listed = out.split("Saved games, newest first:\n")[1].split("Resume which game")[0].splitlines()
    # Each save wrapped between words within 80 columns, its file on a line of its own (a long line used to
    # be cut by the terminal mid-word).
    assert all(len(line) < 80 for line in listed)
    first, second = " ".join(listed).split(" 2. ")
    assert first.startswith("1. Assault on Hoth: set-up, ") and "last played" in first
    assert "   assault-on-hoth.hothsim" in listed
    assert second.startswith("Echo Base Salvage Mission: round ") and " to " in second
    assert "   salvage.hothsim" in listed
    assert "No terminal screen to draw the game in: playing in plain text" in out and not err


@pytest.mark.parametrize("seed", ["-1", "18446744073709551616", "999999999999999999999999", "seven"])
@pytest.mark.parametrize("command", [["run", "salvage", "--actions", "-"], ["play", "salvage"],
                                     ["match", "salvage", "--rebel", "random", "--imperial", "random"]])
def test_a_seed_a_record_cannot_hold_is_refused_in_words(command, seed, capsys):
    # A record's seed is below 2**64: a larger one used to reach the record header as a traceback.
    with pytest.raises(SystemExit) as exc:
        main(command + ["--seed", seed])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "argument --seed:" in err
    assert "Traceback" not in err


def test_the_largest_seed_opens_a_game_and_a_match_may_not_count_past_it(capsys, monkeypatch):
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["run", "salvage", "--actions", "-", "--seed", str(2**64 - 1)]) == 0
    capsys.readouterr()
    assert main(["match", "salvage", "--rebel", "random", "--imperial", "random", "--games", "2",
                 "--seed", str(2**64 - 1)]) == 2
    assert "must stay below 18446744073709551616" in capsys.readouterr().err


def test_a_scenario_path_with_a_line_break_is_refused_in_words(tmp_path, capsys):
    # The record names a scenario that is not shipped by its path on one header line.
    folder = tmp_path / "two\nlines"
    folder.mkdir()
    path = write(folder, "practice.toml", SCENARIO)
    actions = write(tmp_path, "none.txt", "")
    assert main(["run", str(path), "--actions", str(actions)]) == 2
    err = capsys.readouterr().err
    assert "may not hold a line break" in err and "Traceback" not in err


@pytest.mark.parametrize("relative", ["skirmish/cards.toml", "skirmish/glossary.toml", "assault/units.toml",
                                      "assault/action-cards.toml", "assault/event-cards.toml",
                                      "assault/damage-tables.toml", "assault/hero.toml"])
def test_validate_checks_every_shipped_rules_file(relative, capsys):
    # The cards file's own comment says `hothsim validate` checks it (it used to say "not a hothsim map").
    path = Path(__file__).parents[1] / "rules" / relative
    assert main(["validate", str(path)]) == 0
    assert capsys.readouterr().out.startswith("ok: ")


CARDS = 'format = "hothsim-skirmish-cards/1"\n\n[[card]]\nid = "{id}"\n{line}\n'


def test_validate_checks_a_correction_of_yours_as_the_game_would_read_it(tmp_path, capsys):
    mine = write(tmp_path, "cards.toml", CARDS.format(id="vader", line="attack = 14"))
    assert main(["validate", str(mine)]) == 0
    assert "as a correction of rules/skirmish/cards.toml" in capsys.readouterr().out
    for line, words in (("atack = 14", "field 'atack': is not a known field"),
                        ('abilities = ["Telekinesis 3"]', "field 'abilities': Value error, unknown ability")):
        bad = write(tmp_path, "bad.toml", CARDS.format(id="vader", line=line))
        assert main(["validate", str(bad)]) == 2
        err = capsys.readouterr().err
        assert "bad.toml, entry card vader" in err and words in err and "Traceback" not in err
    stranger = write(tmp_path, "stranger.toml", CARDS.format(id="vadr", line="attack = 14"))
    assert main(["validate", str(stranger)]) == 2
    assert "entry card vadr, field 'id': names no card of the shipped file" in capsys.readouterr().err


def test_validate_names_your_correction_when_it_breaks_another_rules_file(tmp_path, capsys):
    # A card of the Action deck naming a unit type the unit chart lacks: the problem is in your file.
    mine = write(tmp_path, "deck.toml", 'format = "hothsim-assault-actions/1"\n\n[[card]]\nid = "walkers-move"\n'
                 'units = "tanks"\n')
    assert main(["validate", str(mine)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"hothsim: {mine}, entry card walkers-move, field 'units': no unit type 'tanks'")


@pytest.mark.parametrize("command", [["list", "--maps"], ["cards"]])
def test_plain_output_fits_the_terminal_breaking_between_words(command, monkeypatch, capsys):
    # `hothsim list`, the first command README gives, printed lines of up to 123 characters, which an
    # 80-column terminal cut mid-word; stat groups and list items stay whole.
    monkeypatch.setenv("COLUMNS", "80")
    assert main(command) == 0
    out = capsys.readouterr().out
    assert out and all(len(line) < 80 for line in out.splitlines())
    flat = " ".join(out.split())
    if command == ["cards"]:
        assert "Attack 13 (reconstructed)" in out and "Fire Support Mission" in out  # never broken inside
    else:
        assert "salvage Introductory: Elite Hoth Trooper + 2 Hoth Troopers against Elite Snowtrooper" in flat


@pytest.mark.parametrize("command", [["play", "nosuch"], ["match", "nosuch"]])
def test_an_unknown_scenario_is_named_with_the_ones_installed_and_no_package_path(command, capsys):
    assert main(command) == 2
    err = capsys.readouterr().err
    assert err.startswith("hothsim: there is no scenario 'nosuch'; the scenarios are assault-on-hoth, echo-base")
    assert "/" not in err and ".toml" not in err


def test_the_resume_picker_puts_broken_saves_last_with_their_whole_reason_and_asks_again(tmp_path, monkeypatch,
                                                                                        capsys):
    import io
    import os

    from hothsim.games import open_game

    folder = tmp_path / "data" / "hothsim" / "saves"
    g = open_game("salvage", seed=1)
    write_record(folder / "good.hothsim", g.record)
    os.utime(folder / "good.hothsim", (1_800_000_000, 1_800_000_000))
    (folder / "broken.hothsim").write_bytes(b"hothsim-record\x00 interrupted")  # newer, and broken
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr("sys.stdin", io.StringIO("7\nbroken\n1\n"))
    assert main(["resume"]) == 0  # picked at the third answer, then played in plain text (no terminal)
    out, err = capsys.readouterr()
    good, broken = out.split("These cannot be resumed (over, or unreadable):\n")
    assert good.startswith("Saved games, newest first:\n1. Echo Base Salvage Mission")
    reason = " ".join(broken.split())
    assert reason.startswith("- broken.hothsim: cannot be resumed: ") and "NUL" in reason
    assert not reason.endswith(")") or reason.count("(") == reason.count(")")  # never cut mid-word
    assert out.count("Type a number from 1 to 1 and Enter.") == 2
    assert "Echo Base Salvage Mission" in out.split("playing in plain text")[1]  # the good save, resumed


def test_the_resume_picker_gives_up_when_its_input_closes(tmp_path, monkeypatch, capsys):
    import io

    from hothsim.games import open_game

    folder = tmp_path / "data" / "hothsim" / "saves"
    write_record(folder / "good.hothsim", open_game("salvage", seed=1).record)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["resume"]) == 2
    assert "no game chosen" in capsys.readouterr().err


def _cut_save(tmp_path) -> tuple[Path, bytes, int]:
    import random

    from hothsim.games import open_game
    from tests.conformance import choose

    g = open_game("salvage", seed=2)
    rnd = random.Random(2)
    for _ in range(40):
        g.apply(choose(rnd, g.legal_actions()))
    save = tmp_path / "game.hothsim"
    write_record(save, g.record)
    data = save.read_bytes()
    cut = data[: data.index(b"\n31. ") + 5]  # an interrupted copy: entry 31's line is half written
    save.write_bytes(cut)
    return save, cut, 30


def test_a_save_cut_short_is_continued_from_its_last_whole_decision_in_a_new_file(tmp_path, monkeypatch, capsys):
    import io

    save, cut, whole = _cut_save(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO("y\n"))
    assert main(["resume", str(save)]) == 0  # recovered, then played in plain text: no terminal here
    out, err = capsys.readouterr()
    assert "the record is cut short" in out and f"Its first {whole} decisions are whole" in out
    new = tmp_path / "game-recovered.hothsim"
    assert len(read_record(new).entries) == whole and save.read_bytes() == cut  # the original unchanged
    assert "(resumed from the save)" in out.split("playing in plain text")[1] and not err


def test_a_save_cut_short_is_left_alone_when_the_player_declines(tmp_path, monkeypatch, capsys):
    import io

    save, cut, _ = _cut_save(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO("n\n"))
    assert main(["resume", str(save)]) == 2
    assert "the record is cut short" in (err := capsys.readouterr().err) and "not resumed, and the file is unchanged" in err
    assert save.read_bytes() == cut and sorted(p.name for p in tmp_path.iterdir()) == ["game.hothsim"]


def test_a_scripted_record_whose_rolls_miss_the_opening_initiative_is_refused_in_words(tmp_path, capsys):
    # A fixed-position scenario rolls initiative as it opens, before any entry: a scripted record without
    # those rolls used to end `resume` and `validate` in a traceback (DiceError).
    from tests.arena import arena

    g = arena(tmp_path, {"hoth-trooper": "c3"}, {"snowtrooper": "j10"}, [15, 3])
    from hothsim.skirmish.actions import parse_action

    g.apply(parse_action("first rebel"))
    save = tmp_path / "g.hothsim"
    write_record(save, g.record)
    assert main(["validate", str(save)]) == 2
    assert "the scripted dice ran out" in capsys.readouterr().err


def test_a_finished_game_is_not_offered_by_resume_and_its_last_line_says_to_replay_it(tmp_path, monkeypatch, capsys):
    from hothsim.ai import player_named
    from hothsim.games import open_game
    from hothsim.match import decide_within

    folder = tmp_path / "data" / "hothsim" / "saves"
    done = open_game("salvage", seed=2)
    for n in range(2000):
        if done.is_over:
            break
        done.apply(decide_within(player_named("expert"), done, n, None)[0].action)
    write_record(folder / "done.hothsim", done.record)
    write_record(folder / "going.hothsim", open_game("salvage", seed=1).record)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("1\n"))
    assert main(["resume"]) == 0
    out = capsys.readouterr().out
    offered, refused = out.split("These cannot be resumed (over, or unreadable):\n")
    assert "done.hothsim" not in offered and "going.hothsim" in offered and offered.count("\n1. ") == 1
    assert "done.hothsim: Echo Base Salvage Mission, over (" in " ".join(refused.split())
    assert main(["resume", str(folder / "done.hothsim"), "--plain"]) == 0
    last = capsys.readouterr().out.rstrip().splitlines()[-1]
    assert last == f"Saved: {folder / 'done.hothsim'}  (the game is over: hothsim replay {folder / 'done.hothsim'} " \
                   "steps through it)"


def test_two_games_begun_in_the_same_second_never_share_a_save(tmp_path, monkeypatch, capsys):
    from datetime import datetime as real

    class Frozen(real):  # every game begins in the very same second
        @classmethod
        def now(cls, tz=None):
            return real(2026, 12, 6, 12, 0, 0, tzinfo=tz)
    monkeypatch.setattr("hothsim.cli.datetime", Frozen)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO(""))
    for _ in range(3):
        assert main(["play", "salvage", "--seed", "1", "--plain"]) == 0
    saves = sorted((tmp_path / "data" / "hothsim" / "saves").glob("*.hothsim"))
    assert [p.name for p in saves] == ["salvage-20261206-120000-2.hothsim", "salvage-20261206-120000-3.hothsim",
                                       "salvage-20261206-120000.hothsim"]  # each its own file
