"""The warm start (issue 16): a scenario's validated data kept as plain JSON in the cache folder gives the
very same data and the very same games as reading the files; any change to a file, any damage to an entry
and any trouble with the folder falls back to the files."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hothsim.data import warm
from hothsim.data.catalog import Catalog
from hothsim.data.errors import DataError
from hothsim.data.files import data_root
from hothsim.games import _prepared, open_game

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted(p.stem for p in (data_root() / "scenarios").glob("*.toml"))


def orders(a, b, where: str = "") -> list[str]:
    """Where two equal values iterate in different orders (frozensets and dicts included)."""
    out: list[str] = []
    if type(a) is frozenset:
        if list(a) != list(b):
            out.append(where)
    elif type(a) in (tuple, list):
        for i, (x, y) in enumerate(zip(a, b)):
            out += orders(x, y, f"{where}[{i}]")
    elif type(a) is dict:
        if list(a) != list(b):
            out.append(where + "{}")
        for k in a:
            out += orders(a[k], b[k], f"{where}.{k}")
    elif dataclasses.is_dataclass(a):
        for f in dataclasses.fields(a):
            out += orders(getattr(a, f.name), getattr(b, f.name), f"{where}.{f.name}")
    return out


def entries(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.json"))


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_warm_open_gives_the_data_the_files_give_in_the_same_order(scenario, tmp_path):
    # The same order matters: the rules' choices follow the order of the map's frozensets.
    cold = Catalog(data_root())
    hot = Catalog(data_root(), warm=tmp_path)
    path = cold.scenario_path(scenario)
    kind, data, map_path, data_hash = _prepared(cold, path)
    _prepared(hot, path)  # writes the entry
    assert len(entries(tmp_path)) == 1
    kind2, data2, map_path2, data_hash2 = _prepared(Catalog(data_root(), warm=tmp_path), path)
    assert (kind2, map_path2, data_hash2) == (kind, map_path, data_hash)
    assert data2 == data and type(data2) is type(data)
    assert orders(data, data2) == []  # the same iteration order: nothing downstream can tell them apart


@pytest.mark.parametrize("scenario", ["echo-base", "assault-on-hoth"])
def test_a_warm_game_writes_the_same_record_byte_for_byte(scenario, tmp_path):
    texts = []
    for catalog in (Catalog(data_root()), Catalog(data_root(), warm=tmp_path), Catalog(data_root(), warm=tmp_path)):
        game = open_game(scenario, seed=11, catalog=catalog)
        rnd = random.Random(5)
        for _ in range(60):
            if game.is_over:
                break
            game.apply(rnd.choice(game.legal_actions()))
        texts.append(game.record.to_text())
    assert texts[0] == texts[1] == texts[2]
    assert len(entries(tmp_path)) == 1


def test_a_warm_start_of_the_command_imports_neither_pydantic_nor_the_toml_loaders(tmp_path):
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    probe = ("import sys; from hothsim.cli import main; import hothsim.games as g; game = g.open_game('echo-base', "
             "catalog=g.Catalog.installed()); print(len(game.legal_actions()), "
             "sorted(m for m in sys.modules if m.startswith(('pydantic', 'hothsim.data.schemas', 'tomllib'))))")
    first = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True)
    assert "'pydantic'" in first.stdout  # the first start validated the files
    second = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True)
    assert second.stdout.split(" ", 1)[0] == first.stdout.split(" ", 1)[0]  # the same legal actions
    assert second.stdout.strip().endswith("[]"), second.stdout
    assert len(entries(tmp_path / "hothsim" / "warm")) == 1


def _local_scenario(tmp_path: Path) -> Path:
    """echo-base as a scenario of your own, its map beside it."""
    folder = tmp_path / "mine"
    (folder / "maps").mkdir(parents=True)
    shutil.copy(data_root() / "scenarios" / "echo-base.toml", folder / "echo-base.toml")
    shutil.copy(data_root() / "scenarios" / "maps" / "hoth-outpost.toml", folder / "maps" / "hoth-outpost.toml")
    return folder / "echo-base.toml"


def test_a_changed_map_file_is_read_again(tmp_path):
    path = _local_scenario(tmp_path)
    hot = Catalog(data_root(), warm=tmp_path / "warm")
    assert open_game(path, catalog=hot).setup.grid.name == "Hoth Outpost"
    map_file = path.parent / "maps" / "hoth-outpost.toml"
    map_file.write_text(map_file.read_text().replace('name = "Hoth Outpost"', 'name = "Hoth Outpost, redrawn"'))
    game = open_game(path, catalog=Catalog(data_root(), warm=tmp_path / "warm"))
    assert game.setup.grid.name == "Hoth Outpost, redrawn"
    assert game.setup.data_hash == Catalog(data_root()).data_hash(path, map_file)


def test_a_correction_of_yours_to_the_rules_is_read_again(tmp_path):
    mine = tmp_path / "rules"
    hot = Catalog(data_root(), overrides=mine, warm=tmp_path / "warm")
    assert open_game("echo-base", catalog=hot).setup.cards["han"].hp == 90
    (mine / "skirmish").mkdir(parents=True)
    (mine / "skirmish" / "cards.toml").write_text(
        'format = "hothsim-skirmish-cards/1"\n\n[[card]]\nid = "han"\nhp = 100\n', encoding="utf-8")
    game = open_game("echo-base", catalog=Catalog(data_root(), overrides=mine, warm=tmp_path / "warm"))
    assert game.setup.cards["han"].hp == 100


@pytest.mark.parametrize("damage", ["flip a character", "cut short", "not json", "a folder", "empty"])
def test_a_damaged_entry_is_not_used_and_is_written_again(damage, tmp_path):
    hot = Catalog(data_root(), warm=tmp_path)
    expected = open_game("salvage", seed=2, catalog=hot).legal_actions()
    (entry,) = entries(tmp_path)
    good = entry.read_text()
    if damage == "flip a character":
        assert '"Han Solo on Tauntaun"' in good
        entry.write_text(good.replace('"Han Solo on Tauntaun"', '"Han Solo on Tauntaux"', 1))
    elif damage == "cut short":
        entry.write_text(good[: len(good) // 2])
    elif damage == "not json":
        entry.write_text("hello\nworld\n")
    elif damage == "a folder":
        entry.unlink()
        entry.mkdir()
    else:
        entry.write_text("")
    game = open_game("salvage", seed=2, catalog=Catalog(data_root(), warm=tmp_path))
    assert game.setup.cards["han"].name == "Han Solo on Tauntaun" and game.legal_actions() == expected
    if damage != "a folder":
        assert entry.read_text() == good  # written again from the files


def test_an_entry_whose_documents_were_changed_with_a_checksum_that_holds_is_refused_by_its_data_hash(tmp_path):
    # The documents are never trusted beyond the files: an entry for other data is not used.
    hot = Catalog(data_root(), warm=tmp_path)
    open_game("salvage", catalog=hot)
    (entry,) = entries(tmp_path)
    head, body = entry.read_text().split("\n")[:2]
    facts = json.loads(head)
    forged = body.replace('"Han Solo on Tauntaun"', '"Han Forged"', 1)
    assert forged != body
    facts.update(check=hashlib.sha256(forged.encode()).hexdigest(), data="sha256:" + "0" * 64)
    entry.write_text(json.dumps(facts) + "\n" + forged + "\n")
    game = open_game("salvage", catalog=Catalog(data_root(), warm=tmp_path))
    assert game.setup.cards["han"].name == "Han Solo on Tauntaun"


def test_a_cache_folder_that_cannot_be_written_is_no_error(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder would be")
    game = open_game("salvage", seed=1, catalog=Catalog(data_root(), warm=blocker / "warm"))
    assert game.legal_actions()
    assert blocker.read_text() == "a file where the cache folder would be"


def test_a_bad_scenario_is_refused_the_same_and_leaves_no_entry(tmp_path):
    path = _local_scenario(tmp_path)
    path.write_text(path.read_text().replace('map = "hoth-outpost"', 'map = "no-such-map"'))
    with pytest.raises(DataError, match="no map with id 'no-such-map'"):
        open_game(path, catalog=Catalog(data_root(), warm=tmp_path / "warm"))
    assert not (tmp_path / "warm").exists() or entries(tmp_path / "warm") == []


def test_the_cache_folder_follows_xdg_cache_home(monkeypatch):
    from tests.user_folders import windows_folders

    monkeypatch.setenv("HOME", "/home/u")
    monkeypatch.setenv("XDG_CACHE_HOME", "/srv/c")
    assert warm.user_cache_dir("linux") == Path("/srv/c/hothsim/warm")
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert warm.user_cache_dir("linux") == Path("/home/u/.cache/hothsim/warm")
    monkeypatch.setenv("HOME", "/Users/u")
    assert warm.user_cache_dir("darwin") == Path("/Users/u/Library/Caches/hothsim/warm")
    windows_folders(monkeypatch, local="C:/Local", roaming="C:/AppData")
    assert warm.user_cache_dir("win32") == Path("C:/Local/hothsim/warm")


def test_only_the_most_recent_entries_are_kept(tmp_path, monkeypatch):
    monkeypatch.setattr(warm, "ENTRIES_KEPT", 2)
    (tmp_path / "notes.txt").write_text("not an entry: never deleted")
    for i, name in enumerate(("a" * 40, "b" * 40, "c" * 40)):
        assert warm.write_entry(tmp_path, name + ".json", {"data": "x"}, {"n": i})
        os.utime(tmp_path / (name + ".json"), ns=(10**18 + i, 10**18 + i))  # written in this order
    warm.write_entry(tmp_path, "d" * 40 + ".json", {"data": "x"}, {"n": 3})
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c" * 40 + ".json", "d" * 40 + ".json", "notes.txt"]


@pytest.mark.parametrize("forgery", [
    ('"hothsim-square-map/1"', '"hothsim-hex-map/1"'),  # a map document built as the other grid
    ('"positions":{}', '"positions":[]'),
    ('"cost":{', '"cost":[{'),
    ('"rebel_zone":"rebel"', '"rebel_zone":7'),
])
def test_an_entry_forged_with_a_checksum_and_hash_that_hold_falls_back_to_the_files(forgery, tmp_path):
    # Only someone who can write the user's own cache folder could make one; a forgery the rules' code
    # cannot build from falls back to the files (no traceback, the right game).
    open_game("echo-base", catalog=Catalog(data_root(), warm=tmp_path))
    (entry,) = entries(tmp_path)
    head, body = entry.read_text().split("\n")[:2]
    forged = body.replace(*forgery)
    assert forged != body
    facts = json.loads(head)
    facts["check"] = hashlib.sha256(forged.encode()).hexdigest()
    entry.write_text(json.dumps(facts) + "\n" + forged + "\n")
    expected = open_game("echo-base", seed=4, catalog=Catalog(data_root())).legal_actions()
    assert open_game("echo-base", seed=4, catalog=Catalog(data_root(), warm=tmp_path)).legal_actions() == expected


def test_the_code_stamp_names_every_module_of_hothsim_and_changes_with_one():
    import hothsim

    package = Path(hothsim.__file__).parent
    stamp = warm.code_stamp()
    modules = sorted(p for p in package.rglob("*.py") if "__pycache__" not in p.parts and "_data" not in p.parts)
    assert len(stamp.splitlines()) == len(modules) > 60
    assert any(line.startswith("tui/skirmish/") for line in stamp.splitlines())
