"""The warm start: a scenario's validated data kept as plain JSON in your cache folder, so that opening
it again needs neither the TOML files parsed nor pydantic imported.

What is kept is the validated values (`hothsim.data.values`, as JSON) of the scenario, its map and the
game's rules files: JSON's own kinds of values, nothing that names code to run (never pickle).  A game's
data is then built from them by the very code that builds it from freshly validated files
(`hothsim.opening`), so both give the same values in the same order (a frozenset rebuilt from a list
of its members need not iterate in the same order as the original, and the rules' choices follow
iteration order).

An entry is found by the scenario file's text and a stamp of hothsim's own code; it is used only when
the sha256 of every data file it was built from (the scenario, its map, the rules and your corrections:
the same hash a game's record carries) is still the one it was built with, and its own checksum holds.
Anything else (a changed file, a damaged or foreign entry, a folder that cannot be written) falls back
to reading and validating the files, and a new entry is written when it can be.  The cache is only ever
a copy: deleting the folder loses nothing.  An entry is trusted as far as its checksum and data hash go:
whoever can write your cache folder can change your games, as whoever can write your corrections folder
(`hothsim.data.overrides`) can.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from hothsim.data.values import ScenarioData, decode, encode
from hothsim.data.files import read_regular, user_folder

FORMAT = "hothsim-warm/2"
#: An entry larger than this is not read (the largest, Assault on Hoth's, is about 60 KiB).
ENTRY_LIMIT = 4 << 20
#: The most entries kept: writing one more deletes the least recently written (every new version of
#: hothsim or of a data file makes new entries, and nothing else ever removes the old ones).
ENTRIES_KEPT = 32


def user_cache_dir(platform: str | None = None) -> Path:
    """Where warm-start entries are kept: each system's folder for caches (files that may be deleted at
    any time), not the folder of the user's own files: `$XDG_CACHE_HOME/hothsim/warm` (default
    `~/.cache`) on Linux and other Unix, `~/Library/Caches/hothsim/warm` on macOS,
    `%LOCALAPPDATA%\\hothsim\\warm` on Windows."""
    return user_folder("cache", platform) / "warm"


def code_stamp() -> str:
    """Size and modification time of every module of hothsim: an entry built by other code is not used."""
    parts: list[str] = []
    todo = [(Path(__file__).resolve().parent.parent, "")]
    while todo:
        folder, prefix = todo.pop()
        for entry in sorted(os.scandir(folder), key=lambda e: e.name):
            if entry.is_dir() and entry.name not in ("__pycache__", "_data"):
                todo.append((Path(entry.path), f"{prefix}{entry.name}/"))
            elif entry.name.endswith(".py"):
                st = entry.stat()
                parts.append(f"{prefix}{entry.name}:{st.st_size}:{st.st_mtime_ns}")
    return "\n".join(parts)


# ------------------------------------------------------------------ entries on disk


def entry_name(scenario_text: str, stamp: str) -> str:
    """The file name of a scenario's entry: its text and the code that built it decide it."""
    h = hashlib.sha256(f"{FORMAT}\0{stamp}\0".encode() + scenario_text.encode("utf-8"))
    return h.hexdigest()[:40] + ".json"


def write_entry(folder: Path, name: str, facts: dict[str, str], data: ScenarioData) -> bool:
    """Write an entry (facts about it on the first line, the values on the second) atomically; False when
    it cannot be written (no space, no permission): a warm start is only ever a saving."""
    try:
        body = json.dumps(encode(data), separators=(",", ":"), ensure_ascii=True)
    except (TypeError, ValueError):
        return False
    head = json.dumps({**facts, "format": FORMAT, "check": hashlib.sha256(body.encode()).hexdigest()})
    tmp = folder / f".{name}.{os.getpid()}.tmp"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with open(tmp, "w", encoding="ascii") as f:
            f.write(head + "\n" + body + "\n")
        os.replace(tmp, folder / name)
    except OSError:
        try:
            tmp.unlink()
        except OSError:
            pass
        return False
    _prune(folder)
    return True


def _prune(folder: Path) -> None:
    """Delete all but the ENTRIES_KEPT most recently written entries (and nothing that is not an entry)."""
    try:
        kept = sorted((e for e in os.scandir(folder) if len(e.name) == 45 and e.name.endswith(".json")
                       and e.is_file(follow_symlinks=False)), key=lambda e: e.stat().st_mtime_ns, reverse=True)
        for e in kept[ENTRIES_KEPT:]:
            os.unlink(e.path)
    except OSError:
        pass  # another hothsim pruned it first, or the folder went away: nothing is lost either way


def read_entry(folder: Path, name: str) -> tuple[dict[str, Any], ScenarioData] | None:
    """An entry's facts and its values, or None when there is none or it is damaged (a wrong checksum,
    not JSON, not a small regular text file)."""
    path = folder / name
    if not os.path.isfile(path):
        return None
    try:  # a regular file of at most ENTRY_LIMIT bytes, read without following it anywhere that could hang
        text = read_regular(path, ENTRY_LIMIT, lambda message, line: ValueError(message), ENTRY_LIMIT)
    except ValueError:
        return None
    head, sep, body = text.partition("\n")
    body = body.removesuffix("\n")
    try:
        facts = json.loads(head)
        if not sep or type(facts) is not dict or facts.get("format") != FORMAT:
            return None
        if facts.get("check") != hashlib.sha256(body.encode("utf-8")).hexdigest():
            return None
        data = decode(ScenarioData, json.loads(body))
    except (ValueError, RecursionError):  # not JSON, or not the values of a scenario
        return None
    return facts, data
