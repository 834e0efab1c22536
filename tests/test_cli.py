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
from hothsim.saves import write_record
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
    header = RecordHeader(game="skirmish", scenario="salvage", data="sha256:" + "0" * 64, seed=3,
                          created="2026-11-22T10:00:00Z")
    dice = SeededDice(3)
    dice.d20("test")
    save = tmp_path / "g.hothsim"
    write_record(save, GameRecord(header, (RecordEntry("attack a b", tuple(dice.log)),)))
    assert main(["validate", str(save)]) == 0
    assert "1 decisions" in capsys.readouterr().out


def test_validate_names_the_problem_and_exits_2(tmp_path, capsys):
    bad = write(tmp_path, "bad.toml", SQUARE_MAP.replace("|. oD.|", "|. qD.|"))
    assert main(["validate", str(bad)]) == 2
    err = capsys.readouterr().err
    assert str(bad) in err and "line 8" in err and "field 'grid'" in err and "Traceback" not in err


def test_validate_a_scenario_on_the_wrong_grid(tmp_path, capsys):
    p = write(tmp_path, "x.toml", SCENARIO.split("[skirmish]")[0].replace('"skirmish"', '"assault"'))
    assert main(["validate", str(p)]) == 2
    assert "on the other grid" in capsys.readouterr().err


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
