"""The data files' fields as typed frozen values: what a file's pydantic model (`hothsim.data.schemas`) held,
with no pydantic in it.

Each class here has the name and the fields of a model in `schemas`, a list becoming a tuple; a test keeps
the two in step.  A loader validates a file with its model and hands on these values; the warm start
(`hothsim.data.warm`) keeps them as JSON (`encode`) and reads them back (`decode`) without importing
pydantic.  Both roads go through `decode` of the same JSON, so a game's data is built from equal values in
equal order whichever road it came by.
"""

from __future__ import annotations

import collections.abc
import dataclasses
import types
import typing
from dataclasses import dataclass
from typing import Any, Literal, Mapping, Union

Side = Literal["rebel", "imperial"]
Source = Literal["rulebook", "public", "reconstructed", "yours"]


# ------------------------------------------------------------------ scenarios


@dataclass(frozen=True)
class SkirmishSettings:
    """The `[skirmish]` table of a skirmish scenario."""

    abilities: bool
    setup_first: Side
    rebel: tuple[str, ...]
    imperial: tuple[str, ...]
    build_points: int | None
    rebel_zone: str
    imperial_zone: str
    positions: Mapping[str, str]
    tie_break_rounds: int

    def squad(self, side: Side) -> tuple[str, ...]:
        """The card ids a side's squad names (none when the players build their squads)."""
        return self.rebel if side == "rebel" else self.imperial

    def zone(self, side: Side) -> str:
        """The map zone a side sets up in."""
        return self.rebel_zone if side == "rebel" else self.imperial_zone


@dataclass(frozen=True)
class VariantModel:
    """A named variant of an Assault on Hoth scenario's decks."""

    about: str
    measured: str
    actions: Mapping[str, int]
    events: Mapping[str, int]


@dataclass(frozen=True)
class AssaultSettings:
    """The `[assault]` table of an Assault on Hoth scenario."""

    imperial: Mapping[str, int]
    rebel: Mapping[str, int]
    transports_to_win: int
    five_transports_remedy: bool
    speeder_sector: str
    imperial_sector: str
    rebel_setup: str
    base_entries: str
    shield_generator: str
    power_grid: str
    forward_line: str
    sectors: tuple[str, ...]
    variants: Mapping[str, VariantModel]

    def force(self, side: Side) -> Mapping[str, int]:
        """The units a side starts with: unit type id -> how many."""
        return self.rebel if side == "rebel" else self.imperial


@dataclass(frozen=True)
class ScenarioFile:
    """A scenario file."""

    format: Literal["hothsim-scenario/1"]
    id: str
    name: str
    game: Literal["skirmish", "assault"]
    description: str
    map: str
    skirmish: SkirmishSettings | None
    assault: AssaultSettings | None

    def needs_skirmish(self) -> SkirmishSettings:
        """The `[skirmish]` table (validation made sure a skirmish scenario has one)."""
        if self.skirmish is None:
            raise ValueError(f"scenario {self.id} has no [skirmish] table")
        return self.skirmish

    def needs_assault(self) -> AssaultSettings:
        """The `[assault]` table (validation made sure an Assault on Hoth scenario has one)."""
        if self.assault is None:
            raise ValueError(f"scenario {self.id} has no [assault] table")
        return self.assault


# ------------------------------------------------------------------ maps


@dataclass(frozen=True)
class SquareMapFile:
    """A square-map file."""

    id: str
    name: str
    description: str
    zones: Mapping[str, tuple[str, ...]]
    format: Literal["hothsim-square-map/1"]
    width: int
    height: int
    grid: str


@dataclass(frozen=True)
class HexMapFile:
    """A hex-map file."""

    id: str
    name: str
    description: str
    zones: Mapping[str, tuple[str, ...]]
    format: Literal["hothsim-hex-map/1"]
    columns: int
    rows: int
    macrohex_origin: str
    macrohex_chirality: Literal["a", "b"]
    terrain: str


# ------------------------------------------------------------------ skirmish stat cards and glossary


@dataclass(frozen=True)
class Stat:
    """One number and where it comes from."""

    source: Source
    why: str
    value: int


@dataclass(frozen=True)
class CommanderEffect:
    """A commander effect: a bonus to a statistic, or an ability granted, to followers."""

    kind: Literal["bonus", "grant"]
    stat: Literal["attack", "defense", "damage"] | None
    value: int | None
    ability: str | None
    followers: Literal["all", "trooper", "non-unique"]
    range: int | None
    source: Source
    why: str


@dataclass(frozen=True)
class CardModel:
    """One stat card."""

    id: str
    name: str
    side: Side
    size: Literal["medium", "large", "huge"]
    copies: int
    cost: Stat
    hp: Stat
    defense: Stat
    attack: Stat
    damage: Stat
    force: Stat | None
    abilities: tuple[str, ...]
    abilities_source: Source
    abilities_why: str
    force_powers: tuple[str, ...]
    commander: CommanderEffect | None


@dataclass(frozen=True)
class CardsFile:
    """The stat cards file."""

    format: Literal["hothsim-skirmish-cards/1"]
    card: tuple[CardModel, ...]


@dataclass(frozen=True)
class GlossaryFile:
    """The glossary: the game's own words for every ability, power and effect."""

    format: Literal["hothsim-skirmish-glossary/1"]
    abilities: Mapping[str, str]
    force_powers: Mapping[str, str]
    force: Mapping[str, str]
    commander: Mapping[str, str]


@dataclass(frozen=True)
class SkirmishRules:
    """The skirmish rules files, checked against each other: the stat cards by id, and the glossary."""

    cards: Mapping[str, CardModel]
    glossary: GlossaryFile


# ------------------------------------------------------------------ Assault on Hoth rules


@dataclass(frozen=True)
class UnitModel:
    """One row of the Fire/Armor chart."""

    id: str
    name: str
    side: Side
    prefix: str
    fire: Stat
    armor: Stat
    damage_table: Literal["", "walker", "speeder"]
    rough_cover: bool
    trooper: bool
    flies: bool
    fixed: bool


@dataclass(frozen=True)
class InstallationsModel:
    """Armor of the Shield Generator and the Power Grid."""

    shield_generator: Stat
    shield_generator_without_grid: Stat
    power_grid: Stat


@dataclass(frozen=True)
class MovementModel:
    """The movement numbers."""

    points: Stat
    walker_rough: Stat
    walker_turn: Stat
    walker_leg_damage: Stat
    mount: Stat
    base: Stat
    walker_capacity: Stat


@dataclass(frozen=True)
class HarpoonModel:
    """Harpoon dice: in the Walker's macrohex, and from the next one."""

    same_macrohex: Stat
    other_macrohex: Stat


@dataclass(frozen=True)
class EventNumbersModel:
    """The sizes of the Event cards' effects."""

    hotshot_bonus: Stat
    force_bonus: Stat
    lucky_shot: Stat
    snowstorm_range: Stat


@dataclass(frozen=True)
class UnitsFile:
    """rules/assault/units.toml."""

    format: Literal["hothsim-assault-units/1"]
    unit: tuple[UnitModel, ...]
    installations: InstallationsModel
    movement: MovementModel
    harpoon: HarpoonModel
    events: EventNumbersModel


@dataclass(frozen=True)
class ActionCardModel:
    """One kind of Action card and how many of it the deck holds."""

    source: Source
    why: str
    id: str
    side: Literal["rebel", "imperial", "none"]
    units: str
    actions: tuple[Literal["move", "fire", "harpoon", "event"], ...]
    copies: int


@dataclass(frozen=True)
class ActionsFile:
    """rules/assault/action-cards.toml."""

    format: Literal["hothsim-assault-actions/1"]
    card: tuple[ActionCardModel, ...]


@dataclass(frozen=True)
class EventCardModel:
    """One kind of Event card."""

    source: Source
    why: str
    id: str
    name: str
    effect: str
    text: str
    copies: int
    side: Literal["", "rebel", "imperial"]
    units: tuple[str, ...]
    sector: str
    base: bool
    carried: bool


@dataclass(frozen=True)
class EventsFile:
    """rules/assault/event-cards.toml."""

    format: Literal["hothsim-assault-events/1"]
    card: tuple[EventCardModel, ...]


@dataclass(frozen=True)
class DamageRow:
    """One row of a damage table."""

    low: int
    high: int
    hit: Literal["blaster", "body", "legs", "critical", "gunner"]


@dataclass(frozen=True)
class DamageTableModel:
    """A damage table and the sizes of its effects."""

    source: Source
    why: str
    rows: tuple[DamageRow, ...]
    blaster_steps: int
    blaster_penalty: int
    body_steps: int
    leg_steps: int
    gunner_penalty: int


@dataclass(frozen=True)
class DamageFile:
    """rules/assault/damage-tables.toml."""

    format: Literal["hothsim-assault-damage/1"]
    walker: DamageTableModel
    speeder: DamageTableModel


@dataclass(frozen=True)
class HeroFile:
    """rules/assault/hero.toml: the Luke Skywalker Hero card."""

    format: Literal["hothsim-assault-hero/1"]
    name: str
    force_points: Stat
    summary: str


@dataclass(frozen=True)
class AssaultRulesFiles:
    """Every file of rules/assault/, validated."""

    units: UnitsFile
    actions: ActionsFile
    events: EventsFile
    damage: DamageFile
    hero: HeroFile


# ------------------------------------------------------------------ a scenario's data, kept warm


@dataclass(frozen=True)
class ScenarioData:
    """Everything a scenario's game is built from: the scenario file, its map's and the rules'."""

    scenario: ScenarioFile
    map: SquareMapFile | HexMapFile
    rules: SkirmishRules | AssaultRulesFiles


# ------------------------------------------------------------------ to and from JSON


def encode(value: Any) -> Any:
    """A value as JSON's kinds of values: a dataclass an object of its fields (in their order), a tuple a
    list, a mapping an object."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list)):
        return [encode(v) for v in value]
    if isinstance(value, Mapping):
        return {k: encode(v) for k, v in value.items()}
    return value


T = typing.TypeVar("T")


def decode(kind: type[T], data: Any) -> T:
    """The value of `kind` that JSON data holds (ValueError when it does not hold one: a missing or unknown
    field, a value of another type)."""
    out: T = _Decoder({}).value(kind, data, kind.__name__)
    return out


@dataclass(frozen=True)
class _Decoder:
    """One decoding: each class's field types worked out once (`hints`), as a value is read."""

    hints: dict[Any, dict[str, Any]]

    def value(self, kind: Any, data: Any, where: str) -> Any:
        """The value of `kind` in `data` (`where`: its place, for the message)."""
        if dataclasses.is_dataclass(kind):
            return self.fields(kind, data, where)
        origin = typing.get_origin(kind)
        if origin in (Union, types.UnionType):
            return self.union(typing.get_args(kind), data, where)
        if origin is tuple:
            if not isinstance(data, list):
                raise ValueError(f"{where}: a list was expected")
            item = typing.get_args(kind)[0]
            return tuple(self.value(item, v, f"{where}[{i}]") for i, v in enumerate(data))
        if origin in (dict, collections.abc.Mapping):
            if not isinstance(data, dict):
                raise ValueError(f"{where}: an object was expected")
            item = typing.get_args(kind)[1]
            return {k: self.value(item, v, f"{where}.{k}") for k, v in data.items()}
        return _plain(kind, data, where)

    def fields(self, kind: Any, data: Any, where: str) -> Any:
        """A dataclass from an object holding exactly its fields."""
        if not isinstance(data, dict):
            raise ValueError(f"{where}: an object was expected")
        hints = self.hints.get(kind)
        if hints is None:
            hints = self.hints[kind] = typing.get_type_hints(kind)
        names = [f.name for f in dataclasses.fields(kind)]
        if len(data) != len(names) or any(n not in data for n in names):
            raise ValueError(f"{where}: the fields are {sorted(data)}, not {sorted(names)}")
        return kind(**{n: self.value(hints[n], data[n], f"{where}.{n}") for n in names})

    def union(self, options: tuple[Any, ...], data: Any, where: str) -> Any:
        """A value of the one option that holds the data (None for None; a dataclass whose fields are the
        object's keys)."""
        if data is None:
            if type(None) in options:
                return None
            raise ValueError(f"{where}: a value is required")
        problems = []
        for option in options:
            if option is type(None):
                continue
            try:
                return self.value(option, data, where)
            except ValueError as e:
                problems.append(str(e))
        raise ValueError("; ".join(problems))


def _plain(kind: Any, data: Any, where: str) -> Any:
    """A Literal's value, a string, a whole number or a truth value, checked."""
    if typing.get_origin(kind) is Literal:
        if data not in typing.get_args(kind):
            raise ValueError(f"{where}: {data!r} is not one of {typing.get_args(kind)}")
        return data
    if kind in (str, int, bool) and type(data) is kind:
        return data
    raise ValueError(f"{where}: {data!r} is not a {getattr(kind, '__name__', kind)}")
