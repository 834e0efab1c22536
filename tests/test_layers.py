"""The architecture of design.md §2, checked on the source: the rules core (kernel, skirmish, assault)
never imports the front end, the command line, file access or the file models."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "hothsim"
CORE = sorted(p for part in ("kernel", "skirmish", "assault") for p in (PACKAGE / part).glob("*.py"))
FORBIDDEN = ("hothsim.tui", "hothsim.cli", "hothsim.saves", "hothsim.data", "hothsim.opening", "hothsim.games",
             "curses", "pydantic", "os", "pathlib", "io", "time", "datetime")
# The game record's text is validated by pydantic models as it is parsed (design.md §4), and its header's
# creation time is checked to be a date (the clock itself is read by the caller); reading and writing the
# file are in hothsim/saves.py.
ALLOWED = {("kernel/record.py", "pydantic"), ("kernel/record.py", "datetime")}


def imports_of(path: Path) -> set[str]:
    """Every module a source file imports, at any depth of the file."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
    return out


@pytest.mark.parametrize("path", CORE, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_rules_core_imports_no_front_end_files_or_clock(path):
    where = f"{path.parent.name}/{path.name}"
    bad = [m for m in imports_of(path) for f in FORBIDDEN
           if (m == f or m.startswith(f + ".")) and (where, f) not in ALLOWED]
    assert not bad, f"{where} imports {bad}"


def test_the_core_is_found():
    assert len(CORE) >= 15
