"""The one error type for bad data files: it names the file, the line or entry, and the field."""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError


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


def from_validation(path: Path | str, err: ValidationError, text: str | None = None) -> DataError:
    """Turn pydantic's first complaint into a DataError; finds the line of a top-level key in `text`."""
    first = first_problem(err)
    loc = [str(p) for p in first["loc"]]
    msg = first["msg"]
    if first["type"] == "extra_forbidden":
        msg = "is not a known field (check its spelling)"
    elif first["type"] == "missing":
        msg = "is required but missing"
    line = None
    if text is not None and loc:
        line = key_line(text, loc[-1] if len(loc) > 1 and not loc[-1].isdigit() else loc[0])
    entry = ".".join(loc[:-1]) if len(loc) > 1 else None
    return DataError(path, msg, line=line, entry=entry, field=loc[-1] if loc else None)


def list_entry_error(path: Path | str, err: ValidationError, raw: dict, text: str) -> DataError:
    """A DataError for a file of `[[list]]` entries: names the entry by its `id` (or its number) and the field."""
    first = first_problem(err)
    loc = first["loc"]
    if len(loc) >= 2 and isinstance(loc[0], str) and isinstance(loc[1], int):
        items = raw.get(loc[0]) or []
        item = items[loc[1]] if loc[1] < len(items) and isinstance(items[loc[1]], dict) else {}
        entry = item.get("id", f"#{loc[1] + 1}")
        field = ".".join(str(p) for p in loc[2:]) or None
        msg = "is not a known field (check its spelling)" if first["type"] == "extra_forbidden" else first["msg"]
        if first["type"] == "missing":
            msg = "is required but missing"
        return DataError(path, msg, entry=f"{loc[0]} {entry}", field=field)
    return from_validation(path, err, text)


def first_problem(err: ValidationError) -> dict:
    """The complaint to show: an unknown field first (it is usually the typo behind a missing one)."""
    errors = err.errors()
    return next((e for e in errors if e["type"] == "extra_forbidden"), errors[0])


def key_line(text: str, key: str) -> int | None:
    """The 1-based line where `key = ...` (or `[key]`) first appears in a TOML text."""
    for n, raw in enumerate(text.splitlines(), 1):
        s = raw.strip()
        if s.startswith(f"{key} ") or s.startswith(f"{key}=") or s.startswith(f'"{key}"') or s in (f"[{key}]", f"[[{key}]]"):
            return n
        if s.startswith("[") and s.endswith("]") and s.strip("[]").split(".")[-1] == key:
            return n
    return None
