"""Fuzzing every reader with hypothesis: saves, scenarios, maps and the rules files.  Random bytes and
mutations of the real files (truncation, bit flips, line edits, deep nesting, huge and non-ASCII numbers)
are each either loaded or refused with the reader's typed error (DataError, SaveFileError, LoadError:
exit code 2 in the command line), never another exception, and the file is never changed."""

from __future__ import annotations

import os
import random
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hothsim.data.assault import load_assault_rules
from hothsim.data.cards import load_cards, load_glossary
from hothsim.data.errors import DataError
from hothsim.games import LoadError, load_game, open_game
from hothsim.saves import SaveFileError, read_record

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = int(os.environ.get("HOTHSIM_FUZZ_EXAMPLES", "40"))
TYPED = (DataError, SaveFileError, LoadError)
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _save_text() -> str:
    from tests.conformance import choose

    g = open_game("quick-start", seed=9)
    rnd = random.Random(9)
    for _ in range(25):
        g.apply(choose(rnd, g.legal_actions()))
    return g.record.to_text()


SAVE = _save_text()
SCENARIO = (ROOT / "scenarios" / "quick-start.toml").read_text(encoding="utf-8")
SQUARE_MAP = (ROOT / "scenarios" / "maps" / "hoth-outpost.toml").read_text(encoding="utf-8")
HEX_MAP = (ROOT / "scenarios" / "maps" / "hoth-perimeter.toml").read_text(encoding="utf-8")
NUMBERS = ["9" * 5000, "1" + "0" * 40, "٣", "４", "²", "1_0", "-7", "1e9", "nan"]


@st.composite
def mutated(draw, text: str) -> bytes:
    """A real file after one to three edits of the kinds hostile files were made of."""
    data = text.encode("utf-8")
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["truncate", "flip", "drop-line", "repeat-line", "nest", "number", "insert"]))
        if not data:
            break
        at = draw(st.integers(0, len(data) - 1))
        lines = data.split(b"\n")
        row = draw(st.integers(0, len(lines) - 1))
        if kind == "truncate":
            data = data[:at]
        elif kind == "flip":
            data = data[:at] + bytes([data[at] ^ (1 << draw(st.integers(0, 7)))]) + data[at + 1:]
        elif kind == "drop-line":
            data = b"\n".join(lines[:row] + lines[row + 1:])
        elif kind == "repeat-line":
            data = b"\n".join(lines[:row + 1] + lines[row:])
        elif kind == "nest":
            depth = draw(st.sampled_from([20, 200, 3000]))
            brackets = draw(st.sampled_from([("[", "]"), ("{a=", "}")]))
            data = b"\n".join(lines[:row] + [f"deep = {brackets[0] * depth}1{brackets[1] * depth}".encode()]
                              + lines[row:])
        elif kind == "number":
            digits = [i for i in range(len(data)) if 48 <= data[i] <= 57]
            if digits:
                i = draw(st.sampled_from(digits))
                data = data[:i] + draw(st.sampled_from(NUMBERS)).encode("utf-8") + data[i + 1:]
        else:
            data = data[:at] + draw(st.binary(min_size=1, max_size=40)) + data[at:]
    return data


def loads_or_refuses(path: Path, read) -> None:
    """`read(path)` loads or raises a typed error; the file's bytes are the same afterwards."""
    before = path.read_bytes()
    try:
        read(path)
    except TYPED:
        pass
    assert path.read_bytes() == before


def _in_tmp(name: str, data: bytes, read) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / name
        path.write_bytes(data)
        loads_or_refuses(path, read)


def _save(path: Path) -> None:
    load_game(read_record(path))


def _scenario_or_map(path: Path) -> None:
    from hothsim.cli import validate_file

    validate_file(path)


@FUZZ
@given(st.binary(max_size=3000))
def test_random_bytes_are_refused_or_loaded_by_every_reader(data):
    _in_tmp("x.hothsim", data, _save)
    _in_tmp("x.toml", data, _scenario_or_map)
    _in_tmp("cards.toml", data, load_cards)


def resigned(data: bytes) -> bytes:
    """A mutated save with its checksum made right again, as a forger would, so that the header, the
    entries and the replay are reached (bytes that are not UTF-8 text stay as they are)."""
    import hashlib

    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return data
    if "end sha256:" not in text:
        return data
    body = text[: text.rindex("end sha256:")]
    return (body + f"end sha256:{hashlib.sha256(body.encode('utf-8', 'surrogatepass')).hexdigest()}\n").encode(
        "utf-8", "surrogatepass")


@FUZZ
@given(mutated(SAVE), st.booleans())
def test_mutated_saves(data, forged):
    _in_tmp("game.hothsim", resigned(data) if forged else data, _save)


@FUZZ
@given(mutated(SCENARIO))
def test_mutated_scenarios(data):
    _in_tmp("s.toml", data, _scenario_or_map)


@FUZZ
@given(st.sampled_from([SQUARE_MAP, HEX_MAP]).flatmap(mutated))
def test_mutated_maps(data):
    _in_tmp("m.toml", data, _scenario_or_map)


CARDS = (ROOT / "rules" / "skirmish" / "cards.toml").read_text(encoding="utf-8")
GLOSSARY = (ROOT / "rules" / "skirmish" / "glossary.toml").read_text(encoding="utf-8")


@FUZZ
@given(mutated(CARDS), mutated(GLOSSARY))
def test_mutated_skirmish_rules_files(cards, glossary):
    _in_tmp("cards.toml", cards, load_cards)
    good = load_cards(ROOT / "rules" / "skirmish" / "cards.toml")
    _in_tmp("glossary.toml", glossary, lambda p: load_glossary(p, good))


ASSAULT_FILES = sorted(p.name for p in (ROOT / "rules" / "assault").glob("*.toml"))


@FUZZ
@given(st.sampled_from(ASSAULT_FILES).flatmap(
    lambda name: st.tuples(st.just(name), mutated((ROOT / "rules" / "assault" / name).read_text(encoding="utf-8")))))
def test_mutated_assault_rules_files(case):
    name, data = case
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "assault"
        shutil.copytree(ROOT / "rules" / "assault", folder)
        (folder / name).write_bytes(data)
        before = data
        try:
            load_assault_rules(folder)
        except DataError:
            pass
        assert (folder / name).read_bytes() == before
