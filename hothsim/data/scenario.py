"""Scenario files (TOML): which game, which map, and the scenario's own settings.

The fields every scenario shares are validated here; each game adds the settings it reads (squads,
setup zones, special rules) as it is built.  See docs/map-format.md.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from hothsim.data.errors import DataError, from_validation
from hothsim.data.files import read_text, read_toml


class ScenarioFile(BaseModel):
    """The fields of a scenario file."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["hothsim-scenario/1"]
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]{0,63}$")
    name: str = Field(min_length=1, max_length=80)
    game: Literal["skirmish", "assault"]
    description: str = Field(min_length=1, max_length=100, pattern=r"^[^\n]*$")
    map: str = Field(pattern=r"^[a-z0-9][a-z0-9-]{0,63}$")


def load_scenario_file(path: Path, text: str | None = None) -> ScenarioFile:
    """Read and validate a scenario file's shared fields."""
    text = read_text(path) if text is None else text
    raw = read_toml(path, text)
    try:
        return ScenarioFile(**raw)
    except ValidationError as err:
        raise from_validation(path, err, text) from None
    except TypeError as err:
        raise DataError(path, str(err)) from None
