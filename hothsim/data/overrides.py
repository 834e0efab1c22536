"""Your corrections to the rules data: files in your configuration folder that change values of the shipped
`rules/` files, for a player who owns the physical cards.

The folder is `$XDG_CONFIG_HOME/hothsim/rules/` (by default `~/.config/hothsim/rules/`) on Linux,
`~/Library/Application Support/hothsim/rules/` on macOS and `%APPDATA%\\hothsim\\rules\\` on Windows, laid out
like `rules/` (`skirmish/cards.toml`, `assault/units.toml`, ...).  Such a file has the same format as the
shipped one; each entry names an `id` the shipped file has and gives only the fields it changes.  A value
given without a source is marked `yours`.  The merged file is validated exactly as the shipped one, with the
same errors naming your file, the entry and the field.  Saves record the hash of the data used, your files
included, so a game played with your cards replays only with them.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from hothsim.data.errors import DataError
from hothsim.data.files import read_text, read_toml, user_folder

#: The source tag of a value that came from your files.
YOURS = "yours"


def user_rules_dir(platform: str | None = None) -> Path:
    """Where your corrections to `rules/` live (the folder need not exist)."""
    return user_folder("config", platform) / "rules"


def _mark_yours(entry: dict[str, Any], shipped: dict[str, Any]) -> dict[str, Any]:
    """Values you give without a source are yours (a bare number where the shipped file has a sourced one
    too); a list of abilities given is yours."""
    out = {}
    for key, value in entry.items():
        if type(value) is dict and "value" in value and "source" not in value:
            value = {**value, "source": YOURS}
        elif type(value) is int and type(shipped.get(key)) is dict and "value" in shipped[key]:
            value = {"value": value, "source": YOURS}
        out[key] = value
    if "abilities" in entry and "abilities_source" not in entry:
        out["abilities_source"] = YOURS
        out.pop("abilities_why", None)
    return out


def merged(path: Path, override: Path | None) -> tuple[dict[str, Any], str, Path]:
    """The raw TOML of a shipped rules file with your file's entries merged in by id; with the text and the
    path errors should name (yours when you changed something)."""
    text = read_text(path)
    raw = read_toml(path, text)
    if override is None or not os.path.lexists(override):
        return raw, text, path
    mine_text = read_text(override)
    mine = read_toml(override, mine_text)
    out = dict(raw)
    for key, value in mine.items():
        if key == "format":
            if value != raw.get("format"):
                raise DataError(override, f"the format must be {raw.get('format')!r}, as in the shipped file",
                                field="format")
            continue
        shipped = raw.get(key)
        if type(value) is list and type(shipped) is list:
            by_id = {e.get("id"): i for i, e in enumerate(shipped) if type(e) is dict}
            entries = list(shipped)
            corrected: set[object] = set()
            for n, entry in enumerate(value, 1):
                if type(entry) is not dict or entry.get("id") not in by_id:
                    name = entry.get("id", f"#{n}") if type(entry) is dict else f"#{n}"
                    raise DataError(override, f"names no {key} of the shipped file (a correction changes an "
                                    f"existing {key}; ids: {', '.join(str(i) for i in by_id)})",
                                    entry=f"{key} {name}", field="id")
                if entry["id"] in corrected:  # which of the two would count is no guess to leave to the reader
                    raise DataError(override, f"corrects this {key} twice: put every change to it in one entry",
                                    entry=f"{key} {entry['id']}", field="id")
                corrected.add(entry["id"])
                i = by_id[entry["id"]]
                entries[i] = {**shipped[i], **_mark_yours(entry, shipped[i])}
            out[key] = entries
        elif type(value) is dict and type(shipped) is dict:
            out[key] = {**shipped, **_mark_yours(value, shipped)}
        else:
            out[key] = value
    return out, mine_text, override


def check_corrections(folder: Path | None) -> None:
    """Every file in your corrections folder must correct a rules file hothsim reads corrections of: a
    misspelt name, the wrong folder or the glossary (our own words, not values to correct) is an error naming
    the file, not a file quietly left unread while it changes the saves' data hash."""
    from hothsim.data.files import RULES_FILES

    correctable = [rel for _, rel, _ in RULES_FILES if rel != "skirmish/glossary.toml"]
    if folder is None:
        return
    for p in override_files(folder):
        if p.relative_to(folder).as_posix() not in correctable:
            raise DataError(p, f"corrects no rules file: hothsim reads corrections of {', '.join(correctable)} "
                            f"in {folder}")


def override_files(folder: Path | None) -> list[Path]:
    """Your correction files (for the data hash of a game)."""
    if folder is None or not folder.is_dir():
        return []
    return sorted(p for p in folder.rglob("*.toml") if p.is_file())
