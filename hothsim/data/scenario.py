"""Scenario files (TOML): which game, which map, and the scenario's own settings.

The fields every scenario shares are validated here; each game adds the settings it reads (squads,
setup zones, special rules) as it is built.  See docs/map-format.md.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from hothsim.data.errors import DataError, from_validation
from hothsim.data.files import read_text, read_toml


#: How many units of one type a scenario may start with, and how many figures a squad may name: far above
#: what the boxes hold, far below what would stall a game (docs/limits.md).
UnitCount = Annotated[int, Field(ge=0, le=100)]
MAX_SQUAD = 60


class SkirmishSettings(BaseModel):
    """The `[skirmish]` table of a skirmish scenario: squads, setup and special rules."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    abilities: bool = Field(True, description="false: no special abilities, Force powers or commander effects")
    setup_first: Literal["rebel", "imperial"] = "imperial"
    rebel: list[str] = Field(default_factory=list, max_length=MAX_SQUAD, description="card ids of the Rebel squad")
    imperial: list[str] = Field(default_factory=list, max_length=MAX_SQUAD, description="card ids of the Imperial squad")
    build_points: int | None = Field(None, ge=1, le=1000, description="players build secret squads of this many points")
    rebel_zone: str = "rebel"
    imperial_zone: str = "imperial"
    positions: dict[str, str] = Field(default_factory=dict, max_length=2 * MAX_SQUAD,
                                      description="fixed setup: figure id -> square")
    tie_break_rounds: int = Field(10, ge=1, le=100)

    @model_validator(mode="after")
    def _squads(self) -> "SkirmishSettings":
        if self.build_points is None and (not self.rebel or not self.imperial):
            raise ValueError("name both squads ('rebel' and 'imperial') or set 'build_points'")
        if self.build_points is not None and (self.rebel or self.imperial):
            raise ValueError("squads are either given or built ('build_points'), not both")
        return self


class AssaultSettings(BaseModel):
    """The `[assault]` table of an Assault on Hoth scenario: starting forces and the map's named zones."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    imperial: dict[str, UnitCount] = Field(max_length=20,
                                           description="unit type id -> how many start (Walkers carry the Snowtroopers)")
    rebel: dict[str, UnitCount] = Field(max_length=20)
    transports_to_win: int = Field(5, ge=1, le=21)
    five_transports_remedy: bool = Field(True, description="offer to shuffle back a fifth Transports Away! drawn as the fifth Event")
    speeder_sector: str = Field("rebel-sector-4", description="where the Snowspeeders start")
    imperial_sector: str = "imperial-reinforcement"
    rebel_setup: str = "rebel-setup"
    base_entries: str = "base-entry"
    shield_generator: str = "shield-generator"
    power_grid: str = "power-grid"
    forward_line: str = "forward-line"
    sectors: list[str] = Field(default_factory=lambda: ["imperial-reinforcement", "rebel-sector-3", "rebel-sector-4"],
                               max_length=20)


#: The settings table of each game: (a scenario of it, what the table holds).
SETTINGS_TABLES = {"skirmish": ("a skirmish", "squads and setup"),
                   "assault": ("an Assault on Hoth", "starting forces")}


class ScenarioFile(BaseModel):
    """The fields of a scenario file."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["hothsim-scenario/1"]
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]{0,63}$")
    name: str = Field(min_length=1, max_length=80)
    game: Literal["skirmish", "assault"]
    description: str = Field(min_length=1, max_length=100, pattern=r"^[^\n]*$")
    map: str = Field(pattern=r"^[a-z0-9][a-z0-9-]{0,63}$")
    skirmish: SkirmishSettings | None = None
    assault: AssaultSettings | None = None

    @model_validator(mode="after")
    def _settings_match_game(self) -> "ScenarioFile":
        # Each game reads the settings table named after it, and no other game's.
        for table, (title, holds) in SETTINGS_TABLES.items():
            present = getattr(self, table) is not None
            if table == self.game and not present:
                raise ValueError(f"{title} scenario needs a [{table}] table ({holds})")
            if table != self.game and present:
                raise ValueError(f"only {title} scenario has a [{table}] table")
        return self


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
