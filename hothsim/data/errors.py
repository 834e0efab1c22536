"""The one error type for bad data files: it names the file, the line or entry, and the field."""

from __future__ import annotations

from pathlib import Path


class DataError(Exception):
    """A data file (map, scenario, rules) that cannot be used, with where and why."""

    def __init__(self, path: Path | str, message: str, *, line: int | None = None, entry: str | None = None,
                 field: str | None = None) -> None:
        self.path = str(path)
        self.line = line
        self.entry = entry
        self.field = field
        self.message = message
        where = [self.path]
        if line is not None:
            where.append(f"line {line}")
        if entry:
            where.append(f"entry {entry}")
        if field:
            where.append(f"field '{field}'")
        super().__init__(", ".join(where) + ": " + message)


class UnknownScenario(DataError):
    """A scenario id that names no installed scenario: said without the folder searched, which is the
    package's and means nothing to a player."""

    def __init__(self, path: Path | str, scenario: str, known: str) -> None:
        super().__init__(path, f"no scenario with id {scenario!r}")
        self.args = (f"there is no scenario {scenario!r}; the scenarios are {known} (see 'hothsim list')",)

    def __str__(self) -> str:
        return str(self.args[0])


def key_line(text: str, key: str) -> int | None:
    """The 1-based line where `key = ...` (or `[key]`) first appears in a TOML text."""
    for n, raw in enumerate(text.splitlines(), 1):
        s = raw.strip()
        if s.startswith(f"{key} ") or s.startswith(f"{key}=") or s.startswith(f'"{key}"') or s in (f"[{key}]", f"[[{key}]]"):
            return n
        if s.startswith("[") and s.endswith("]") and s.strip("[]").split(".")[-1] == key:
            return n
    return None
