"""Scenario files (TOML): which game, which map, and the scenario's own settings.

The fields are validated by `hothsim.data.schemas.ScenarioFile`; each game checks the settings it reads
(squads, setup zones, forces) against its rules and map as its games are opened (`hothsim.opening`).
See docs/map-format.md.
"""

from __future__ import annotations

from pathlib import Path

from hothsim.data.values import ScenarioFile
from hothsim.data.files import read_text, read_toml


def load_scenario_file(path: Path, text: str | None = None) -> ScenarioFile:
    """Read and validate a scenario file (`hothsim.data.schemas.ScenarioFile`): its fields as typed values."""
    from hothsim.data import schemas

    text = read_text(path) if text is None else text
    return schemas.validated(path, schemas.ScenarioFile, read_toml(path, text), text, ScenarioFile)
