"""Golden files: what a test produced, kept in tests/golden/ and compared byte for byte.
After a deliberate change, regenerate them with HOTHSIM_UPDATE_GOLDEN=1 and read the diff before
committing."""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

GOLDEN = Path(__file__).parent / "golden"


def check_golden(name: str, got: str, what: str) -> None:
    """Fail with a readable diff when `got` differs from tests/golden/NAME (`what` says what changed)."""
    path = GOLDEN / name
    if os.environ.get("HOTHSIM_UPDATE_GOLDEN"):
        path.write_text(got, encoding="utf-8")
    want = path.read_text(encoding="utf-8")
    if got != want:
        diff = "".join(difflib.unified_diff(want.splitlines(True), got.splitlines(True), "golden", "now", n=2))
        pytest.fail(f"{what}:\n{diff[:6000]}")
