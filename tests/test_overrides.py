"""Your corrections to the cards: files in your configuration folder change values of the shipped rules
data, validated like the shipped files, listed by `hothsim cards` as yours, and recorded in a save's data
hash so that a game played with them replays only with them."""

from __future__ import annotations

from pathlib import Path

import pytest

from hothsim.cli import main
from hothsim.data.errors import DataError
from hothsim.data.overrides import user_rules_dir
from hothsim.games import LoadError, load_game, open_game


@pytest.fixture()
def config(tmp_path, monkeypatch):
    """An empty configuration folder of your own."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    folder = tmp_path / "config" / "hothsim" / "rules"
    (folder / "skirmish").mkdir(parents=True)
    (folder / "assault").mkdir(parents=True)
    return folder


def test_the_configuration_folder_of_each_platform(tmp_path, monkeypatch):
    from tests.user_folders import windows_folders

    monkeypatch.setenv("HOME", "/h")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert user_rules_dir("linux") == tmp_path / "hothsim" / "rules"
    monkeypatch.delenv("XDG_CONFIG_HOME")
    assert user_rules_dir("linux") == Path("/h/.config/hothsim/rules")
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    assert user_rules_dir("darwin") == Path("/h/Library/Application Support/hothsim/rules")
    windows_folders(monkeypatch, local="C:/Local", roaming="C:/AppData")
    assert user_rules_dir("win32") == Path("C:/AppData/hothsim/rules")


def test_a_corrected_card_is_used_listed_as_yours_and_kept_by_the_save(config, capsys):
    shipped = open_game("quick-start", seed=2)
    assert shipped.setup.cards["vader"].attack == 13
    (config / "skirmish" / "cards.toml").write_text(
        'format = "hothsim-skirmish-cards/1"\n\n[[card]]\nid = "vader"\nattack = 14\n'
        'damage = { value = 25, source = "public" }\n', encoding="utf-8")
    mine = open_game("quick-start", seed=2)
    assert mine.setup.cards["vader"].attack == 14 and mine.setup.cards["vader"].damage == 25
    assert mine.setup.cards["vader"].defense == 23  # what you did not change stays as shipped
    assert mine.setup.data_hash != shipped.setup.data_hash
    assert main(["cards"]) == 0
    out = capsys.readouterr().out
    assert "Attack 14 (yours)" in out and "Damage 25 (public)" in out and "Your corrections:" in out
    record = mine.record.to_text()
    (config / "skirmish" / "cards.toml").unlink()
    with pytest.raises(LoadError, match="other rules or scenario data"):
        load_game(record)


def test_a_typo_in_your_file_names_your_file_the_entry_and_the_field(config):
    mine = config / "skirmish" / "cards.toml"
    mine.write_text('format = "hothsim-skirmish-cards/1"\n\n[[card]]\nid = "vader"\natack = 14\n', encoding="utf-8")
    with pytest.raises(DataError) as e:
        open_game("quick-start")
    assert str(mine) in str(e.value) and "card vader" in str(e.value) and "atack" in str(e.value)
    mine.write_text('format = "hothsim-skirmish-cards/1"\n\n[[card]]\nid = "yoda"\nattack = 14\n', encoding="utf-8")
    with pytest.raises(DataError, match="names no card of the shipped file"):
        open_game("quick-start")
    mine.write_text('format = "hothsim-skirmish-cards/1"\n\n[[card]]\nid = "vader"\nattack = -3\n', encoding="utf-8")
    with pytest.raises(DataError, match="greater than or equal to 0"):
        open_game("quick-start")
    # The same card twice: which entry would count is no guess to leave to the reader of the file.
    mine.write_text('format = "hothsim-skirmish-cards/1"\n\n[[card]]\nid = "vader"\nattack = 14\n\n'
                    '[[card]]\nid = "vader"\nattack = 15\n', encoding="utf-8")
    with pytest.raises(DataError, match="corrects this card twice") as e:
        open_game("quick-start")
    assert str(mine) in str(e.value) and "card vader" in str(e.value)


def test_a_corrected_assault_unit(config, capsys):
    (config / "assault" / "units.toml").write_text(
        'format = "hothsim-assault-units/1"\n\n[[unit]]\nid = "walker"\narmor = 4\n', encoding="utf-8")
    g = open_game("assault-on-hoth", seed=1)
    assert g.rules.units["walker"].armor == 4
    assert main(["cards"]) == 0
    assert "armor 4 (yours)" in capsys.readouterr().out


@pytest.mark.parametrize("misplaced", ["skirmish/card.toml", "skirmish/glossary.toml", "cards.toml",
                                       "assault/unit.toml"])
def test_a_file_that_corrects_nothing_is_named_not_quietly_ignored(config, capsys, misplaced):
    # A misspelt file (or the glossary, which is our own words) used to be left unread while it changed the
    # saves' data hash; now every game, and `hothsim cards`, names it.
    mine = config / misplaced
    mine.parent.mkdir(parents=True, exist_ok=True)
    mine.write_text('format = "hothsim-skirmish-cards/1"\n\n[[card]]\nid = "vader"\nattack = 14\n', encoding="utf-8")
    for scenario in ("quick-start", "assault-on-hoth"):
        with pytest.raises(DataError, match="corrects no rules file") as e:
            open_game(scenario)
        assert str(mine) in str(e.value) and "skirmish/cards.toml" in str(e.value)
    assert main(["cards"]) == 2
    assert str(mine) in capsys.readouterr().err
    mine.rename(config / "skirmish" / "cards.toml")  # where it belongs: read, and used
    assert open_game("quick-start", seed=2).setup.cards["vader"].attack == 14


def test_a_correction_that_breaks_another_rules_file_is_reported_in_your_file(config):
    # An Action card of yours naming a unit type the unit chart lacks: the problem is in your file, which
    # the error used to leave unnamed (it named the shipped action-cards.toml).
    mine = config / "assault" / "action-cards.toml"
    mine.write_text('format = "hothsim-assault-actions/1"\n\n[[card]]\nid = "walkers-move"\nunits = "tanks"\n',
                    encoding="utf-8")
    with pytest.raises(DataError, match="no unit type 'tanks'") as e:
        open_game("assault-on-hoth")
    assert str(e.value).startswith(f"{mine}, entry card walkers-move, field 'units'")
