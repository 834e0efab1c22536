"""The shape of every data file, validated by pydantic: scenario files, square and hex maps, the skirmish
stat cards and glossary, and the Assault on Hoth rules files.

Each loader (`hothsim.data.scenario`, `squaremap`, `hexmap`, `cards`, `assault`) reads its file,
validates it with one of these models and goes on with the result as typed frozen values
(`hothsim.data.values`, a class of the same name and fields for each model).  Only this module
imports pydantic, and only when a file is validated; a warm start (`hothsim.data.warm`) never does.

Every number carries its source, and a reconstructed one its reason.  A typo (an unknown field, a
negative Defense, an ability we do not know) is a DataError naming the file, the entry and the field.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from hothsim.data.abilities import FORCE_POWERS, parse_ability
from hothsim.data.values import decode
from hothsim.data.errors import DataError, key_line

Source = Literal["rulebook", "public", "reconstructed", "yours"]
T = TypeVar("T")


# ------------------------------------------------------------------ scenarios

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


class VariantModel(BaseModel):
    """A named variant of an Assault on Hoth scenario's decks (`--variant NAME`, never the default): how
    many copies of some Action and Event cards the decks hold instead, what it is for, how it was measured."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    about: str = Field(min_length=1, max_length=200, description="what the variant changes and why, in a line")
    measured: str = Field(min_length=1, max_length=400, description="how the variant was measured, and what came of it")
    actions: dict[str, Annotated[int, Field(ge=1, le=20)]] = Field(default_factory=dict, max_length=20,
                                                                    description="Action card id -> copies")
    events: dict[str, Annotated[int, Field(ge=1, le=21)]] = Field(default_factory=dict, max_length=20,
                                                                   description="Event card id -> copies")

    @model_validator(mode="after")
    def _changes(self) -> "VariantModel":
        if not self.actions and not self.events:
            raise ValueError("a variant changes the copies of at least one card")
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
    variants: dict[Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]{0,19}$")], VariantModel] = Field(
        default_factory=dict, max_length=8, description="named variants of the decks a game may be opened with")


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


# ------------------------------------------------------------------ maps


class MapFile(BaseModel):
    """The fields every map file has, whichever grid it draws."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]{0,63}$")
    name: str = Field(min_length=1, max_length=80)
    description: str = Field(default="", max_length=300)
    zones: dict[str, list[str]] = Field(default_factory=dict, max_length=50)


class SquareMapFile(MapFile):
    """The fields of a square-map file."""

    format: Literal["hothsim-square-map/1"]
    width: int = Field(ge=2, le=200)
    height: int = Field(ge=2, le=200)
    grid: str


class HexMapFile(MapFile):
    """The fields of a hex-map file."""

    format: Literal["hothsim-hex-map/1"]
    columns: int = Field(ge=2, le=99)
    rows: int = Field(ge=2, le=99)
    macrohex_origin: str = Field(pattern=r"^[0-9]{4}$")
    macrohex_chirality: Literal["a", "b"] = "a"
    terrain: str


# ------------------------------------------------------------------ skirmish stat cards and glossary


class Sourced(BaseModel):
    """Where a piece of rules data comes from; a reconstructed one says why in one line."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    source: Source
    why: str = ""

    @model_validator(mode="after")
    def _reason_for_reconstructed(self) -> "Sourced":
        if self.source == "reconstructed" and not self.why.strip():
            raise ValueError("a reconstructed value needs a one-line 'why'")
        return self


class Stat(Sourced):
    """One number on a card and where it comes from."""

    value: int = Field(ge=0, le=1000)


class CommanderEffect(BaseModel):
    """A commander effect: a bonus to a statistic, or an ability granted, to followers."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: Literal["bonus", "grant"]
    stat: Literal["attack", "defense", "damage"] | None = None
    value: int | None = Field(default=None, ge=1, le=50)
    ability: str | None = None
    followers: Literal["all", "trooper", "non-unique"]
    range: int | None = Field(default=None, ge=1, le=100)
    source: Source
    why: str = ""

    @model_validator(mode="after")
    def _shape(self) -> "CommanderEffect":
        if self.kind == "bonus" and (self.stat is None or self.value is None):
            raise ValueError("a bonus needs 'stat' and 'value'")
        if self.kind == "grant":
            if not self.ability:
                raise ValueError("a grant needs 'ability'")
            parse_ability(self.ability)
        if self.source == "reconstructed" and not self.why.strip():
            raise ValueError("a reconstructed effect needs a one-line 'why'")
        return self


class CardModel(BaseModel):
    """One stat card as written in cards.toml."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z][a-z0-9-]{0,31}$")
    name: str = Field(min_length=1, max_length=60)
    side: Literal["rebel", "imperial"]
    size: Literal["medium", "large", "huge"]
    copies: int = Field(1, ge=1, le=10, description="figures of this card in the pack")
    cost: Stat
    hp: Stat
    defense: Stat
    attack: Stat
    damage: Stat
    force: Stat | None = None
    abilities: list[str] = Field(default_factory=list)
    abilities_source: Source = "rulebook"
    abilities_why: str = ""
    force_powers: list[str] = Field(default_factory=list)
    commander: CommanderEffect | None = None

    @field_validator("abilities")
    @classmethod
    def _known_abilities(cls, v: list[str]) -> list[str]:
        for text in v:
            parse_ability(text)
        return v

    @field_validator("force_powers")
    @classmethod
    def _known_powers(cls, v: list[str]) -> list[str]:
        for p in v:
            if p not in FORCE_POWERS:
                raise ValueError(f"unknown Force power {p!r} (known: {', '.join(FORCE_POWERS)})")
        return v

    @model_validator(mode="after")
    def _powers_need_force(self) -> "CardModel":
        if self.force_powers and (self.force is None or self.force.value == 0):
            raise ValueError("a card with Force powers needs a 'force' rating")
        if self.abilities_source == "reconstructed" and not self.abilities_why.strip():
            raise ValueError("reconstructed abilities need a one-line 'abilities_why'")
        return self


class CardsFile(BaseModel):
    """The whole cards file."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["hothsim-skirmish-cards/1"]
    card: list[CardModel]


class GlossaryFile(BaseModel):
    """rules/skirmish/glossary.toml: the game's own words for every ability, power and effect."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["hothsim-skirmish-glossary/1"]
    abilities: dict[str, str]
    force_powers: dict[str, str]
    force: dict[str, str]
    commander: dict[str, str]


# ------------------------------------------------------------------ Assault on Hoth rules


_ID = r"^[a-z0-9][a-z0-9-]{0,39}$"


class UnitModel(BaseModel):
    """One row of the Fire/Armor chart."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=_ID)
    name: str = Field(min_length=1, max_length=60)
    side: Literal["rebel", "imperial"]
    prefix: str = Field(pattern=_ID)
    fire: Stat
    armor: Stat
    damage_table: Literal["", "walker", "speeder"] = ""
    rough_cover: bool = False
    trooper: bool = False
    flies: bool = False
    fixed: bool = False


class InstallationsModel(BaseModel):
    """Armor of the Shield Generator and the Power Grid."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    shield_generator: Stat
    shield_generator_without_grid: Stat
    power_grid: Stat


class MovementModel(BaseModel):
    """The movement numbers."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    points: Stat
    walker_rough: Stat
    walker_turn: Stat
    walker_leg_damage: Stat
    mount: Stat
    base: Stat
    walker_capacity: Stat


class HarpoonModel(BaseModel):
    """Harpoon dice: in the Walker's macrohex, and from the next one."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    same_macrohex: Stat
    other_macrohex: Stat


class EventNumbersModel(BaseModel):
    """The sizes of the Event cards' effects."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    hotshot_bonus: Stat
    force_bonus: Stat
    lucky_shot: Stat
    snowstorm_range: Stat


class UnitsFile(BaseModel):
    """rules/assault/units.toml."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["hothsim-assault-units/1"]
    unit: list[UnitModel] = Field(min_length=1)
    installations: InstallationsModel
    movement: MovementModel
    harpoon: HarpoonModel
    events: EventNumbersModel


class ActionCardModel(Sourced):
    """One kind of Action card and how many of it the deck holds."""

    id: str = Field(pattern=_ID)
    side: Literal["rebel", "imperial", "none"]
    units: str = Field(pattern=_ID)
    actions: list[Literal["move", "fire", "harpoon", "event"]] = Field(min_length=1)
    copies: int = Field(ge=1, le=20)


class ActionsFile(BaseModel):
    """rules/assault/action-cards.toml."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["hothsim-assault-actions/1"]
    card: list[ActionCardModel] = Field(min_length=1)


class EventCardModel(Sourced):
    """One kind of Event card."""

    id: str = Field(pattern=_ID)
    name: str = Field(min_length=1, max_length=60)
    effect: Literal["transports", "reinforce", "hotshot", "repair", "force", "rebel-lucky-shot",
                    "imperial-lucky-shot", "veers", "rally", "snowstorm"]
    text: str = Field(min_length=1, max_length=300)
    copies: int = Field(ge=1, le=21)
    side: Literal["", "rebel", "imperial"] = ""
    units: list[str] = Field(default_factory=list)
    sector: str = ""
    base: bool = False
    carried: bool = False

    @model_validator(mode="after")
    def _reinforcements(self) -> "EventCardModel":
        if (self.effect == "reinforce") != bool(self.units and self.sector and self.side):
            raise ValueError("a reinforcement card (and only one) names its side, units and sector")
        return self


class EventsFile(BaseModel):
    """rules/assault/event-cards.toml."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["hothsim-assault-events/1"]
    card: list[EventCardModel] = Field(min_length=1)


class DamageRow(BaseModel):
    """One row of a damage table."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    low: int = Field(ge=2, le=12)
    high: int = Field(ge=2, le=12)
    hit: Literal["blaster", "body", "legs", "critical", "gunner"]


class DamageTableModel(Sourced):
    """A damage table and the sizes of its effects."""

    rows: list[DamageRow] = Field(min_length=1)
    blaster_steps: int = Field(0, ge=0, le=5)
    blaster_penalty: int = Field(0, ge=0, le=10)
    body_steps: int = Field(ge=1, le=5)
    leg_steps: int = Field(0, ge=0, le=5)
    gunner_penalty: int = Field(0, ge=0, le=10)

    @model_validator(mode="after")
    def _covers_2_to_12(self) -> "DamageTableModel":
        seen = sorted(t for r in self.rows for t in range(r.low, r.high + 1))
        if seen != list(range(2, 13)):
            raise ValueError("the rows must cover every total from 2 to 12 exactly once")
        return self


class DamageFile(BaseModel):
    """rules/assault/damage-tables.toml."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["hothsim-assault-damage/1"]
    walker: DamageTableModel
    speeder: DamageTableModel


class HeroFile(BaseModel):
    """rules/assault/hero.toml: the Luke Skywalker Hero card."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["hothsim-assault-hero/1"]
    name: str
    force_points: Stat
    summary: str = Field(min_length=1, max_length=600)


# ------------------------------------------------------------------ validating


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


def list_entry_error(path: Path | str, err: ValidationError, raw: dict[str, Any], text: str) -> DataError:
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


def first_problem(err: ValidationError) -> Any:
    """The complaint to show: an unknown field first (it is usually the typo behind a missing one)."""
    errors = err.errors()
    return next((e for e in errors if e["type"] == "extra_forbidden"), errors[0])


def validated(path: Path | str, model: type[BaseModel], raw: dict[str, Any], text: str, kind: type[T],
              entries: bool = False) -> T:
    """The fields of a file's TOML (`raw`, read from `text`) as `model` validates them, as the typed value
    `kind` (`hothsim.data.values`, the class of the model's name); a DataError naming the line, or with
    `entries` the `[[list]]` entry, and the field otherwise."""
    try:
        return decode(kind, model(**raw).model_dump(mode="json"))
    except ValidationError as err:
        raise (list_entry_error(path, err, raw, text) if entries else from_validation(path, err, text)) from None
    except TypeError as err:  # a key that is not text, for example
        raise DataError(path, str(err)) from None
