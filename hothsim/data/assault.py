"""Assault on Hoth rules files (rules/assault/*.toml): pydantic models, validated at load.

Every value carries its source, and a reconstructed one its reason.  A typo is a DataError naming the
file, the entry and the field.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from hothsim.assault.rules import (
    ActionCard,
    AssaultRules,
    Battlefield,
    DamageTable,
    EventCard,
    EventNumbers,
    Installations,
    Movement,
    UnitType,
)
from hothsim.data.cards import Sourced, Stat
from hothsim.data.errors import DataError, list_entry_error
from hothsim.data.scenario import AssaultSettings
from hothsim.data.overrides import merged
from hothsim.kernel.hexes import HexMap

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


def _load(path: Path, model: type[BaseModel], override: Path | None = None) -> BaseModel:
    raw, text, path = merged(path, override)
    try:
        return model(**raw)
    except ValidationError as err:
        raise list_entry_error(path, err, raw, text) from None
    except TypeError as err:
        raise DataError(path, str(err)) from None


def _table(m: DamageTableModel) -> DamageTable:
    return DamageTable(tuple((r.low, r.high, r.hit) for r in m.rows), m.blaster_steps, m.blaster_penalty,
                       m.body_steps, m.leg_steps, m.gunner_penalty)


def load_assault_rules(folder: Path, overrides: Path | None = None) -> AssaultRules:
    """Read and check every file of rules/assault/ (with your corrections in `overrides`, a folder laid out
    the same way) and build the engine's rules values."""

    def mine(name: str) -> Path | None:
        return overrides / name if overrides is not None else None

    units_path = folder / "units.toml"
    uf = _load(units_path, UnitsFile, mine("units.toml"))
    assert isinstance(uf, UnitsFile)
    units: dict[str, UnitType] = {}
    for u in uf.unit:
        if u.id in units:
            raise DataError(units_path, "the same id is used twice", entry=f"unit {u.id}", field="id")
        units[u.id] = UnitType(u.id, u.name, u.side, u.prefix, u.fire.value, u.armor.value, u.damage_table,
                               u.rough_cover, u.trooper, u.flies, u.fixed)
    actions_path = folder / "action-cards.toml"
    af = _load(actions_path, ActionsFile, mine("action-cards.toml"))
    assert isinstance(af, ActionsFile)
    deck: list[ActionCard] = []
    for c in af.card:
        if c.units not in units and c.units not in ("troopers", "none"):
            raise DataError(actions_path, f"no unit type {c.units!r} (types: {', '.join(units)}, troopers)",
                            entry=f"card {c.id}", field="units")
        if (c.actions == ["event"]) != (c.side == "none"):
            raise DataError(actions_path, "a Draw Event Card (and only one) has side \"none\"",
                            entry=f"card {c.id}", field="side")
        deck.extend([ActionCard(c.id, c.side, c.units, tuple(c.actions))] * c.copies)
    events_path = folder / "event-cards.toml"
    ef = _load(events_path, EventsFile, mine("event-cards.toml"))
    assert isinstance(ef, EventsFile)
    events: list[EventCard] = []
    for e in ef.card:
        for uid in e.units:
            if uid not in units:
                raise DataError(events_path, f"no unit type {uid!r}", entry=f"card {e.id}", field="units")
            if units[uid].side != e.side:
                raise DataError(events_path, f"{uid} fights for the other side", entry=f"card {e.id}", field="units")
        events.extend([EventCard(e.id, e.name, e.effect, e.text, e.side, tuple(e.units), e.sector, e.base,
                                 e.carried)] * e.copies)
    df = _load(folder / "damage-tables.toml", DamageFile, mine("damage-tables.toml"))
    assert isinstance(df, DamageFile)
    hf = _load(folder / "hero.toml", HeroFile, mine("hero.toml"))
    assert isinstance(hf, HeroFile)
    mv, ins = uf.movement, uf.installations
    return AssaultRules(
        units=units, action_cards=tuple(deck), event_cards=tuple(events),
        damage={"walker": _table(df.walker), "speeder": _table(df.speeder)},
        movement=Movement(mv.points.value, mv.walker_rough.value, mv.walker_turn.value, mv.walker_leg_damage.value,
                          mv.mount.value, mv.base.value, mv.walker_capacity.value),
        installations=Installations(ins.shield_generator.value, ins.shield_generator_without_grid.value,
                                    ins.power_grid.value),
        luke_force=hf.force_points.value, luke_summary=hf.summary,
        harpoon_dice=(uf.harpoon.same_macrohex.value, uf.harpoon.other_macrohex.value),
        effects=EventNumbers(uf.events.hotshot_bonus.value, uf.events.force_bonus.value, uf.events.lucky_shot.value,
                             uf.events.snowstorm_range.value),
    )


def battlefield(path: Path, settings: AssaultSettings, hmap: HexMap) -> Battlefield:
    """The map's named places for a scenario; a missing or malformed zone names the scenario field."""

    def zone(field: str, name: str) -> frozenset:
        try:
            return hmap.zone(name)
        except KeyError as e:
            raise DataError(path, str(e.args[0]), entry="assault", field=field) from None

    def one(field: str) -> tuple[int, int]:
        hexes = zone(field, getattr(settings, field))
        if len(hexes) != 1:
            raise DataError(path, f"zone {getattr(settings, field)!r} must be exactly one hex", entry="assault",
                            field=field)
        return next(iter(hexes))

    sg, pg = one("shield_generator"), one("power_grid")
    if hmap.terrain_at(sg) == "cliff" or hmap.terrain_at(pg) == "cliff":
        raise DataError(path, "the Shield Generator and the Power Grid cannot stand on cliffs", entry="assault")
    return Battlefield(
        map=hmap, imperial_sector=zone("imperial_sector", settings.imperial_sector),
        rebel_setup=zone("rebel_setup", settings.rebel_setup),
        sectors={name: zone("sectors", name) for name in settings.sectors},
        base_entries=zone("base_entries", settings.base_entries), shield_generator=sg, power_grid=pg,
        speeder_sector=zone("speeder_sector", settings.speeder_sector),
        forward_line=zone("forward_line", settings.forward_line),
    )


def check_forces(path: Path, settings: AssaultSettings, rules: AssaultRules, events_sectors: set[str]) -> None:
    """Every force names a unit type of the right side, and every reinforcement sector is a map zone."""
    for side in ("imperial", "rebel"):
        for uid, n in getattr(settings, side).items():
            if uid not in rules.units:
                raise DataError(path, f"no unit type {uid!r} (types: {', '.join(rules.units)})", entry="assault",
                                field=side)
            if rules.units[uid].side != side or n < 0:
                raise DataError(path, f"{uid} x{n} cannot start for the {side} side", entry="assault", field=side)
    missing = sorted(s for s in events_sectors if s != "base" and s not in settings.sectors)
    if missing:
        raise DataError(path, f"the Event cards send reinforcements to {', '.join(missing)}, which 'sectors' lacks",
                        entry="assault", field="sectors")


__all__ = ["load_assault_rules", "battlefield", "check_forces"]


def unit_sheet(folder: Path, overrides: Path | None = None) -> list[str]:
    """Every unit type and card of Assault on Hoth with its values and where each comes from
    (`hothsim cards`)."""

    def mine(name: str) -> Path | None:
        return overrides / name if overrides is not None else None

    out = ["Assault on Hoth Fire/Armor chart (rules/assault/units.toml)"]
    uf = _load(folder / "units.toml", UnitsFile, mine("units.toml"))
    for u in uf.unit:  # type: ignore[attr-defined]
        out.append(f"  {u.id}: {u.name}, {u.side}   fire {u.fire.value} ({u.fire.source})   "
                   f"armor {u.armor.value} ({u.armor.source})")
    out.append("Action cards (rules/assault/action-cards.toml)")
    af = _load(folder / "action-cards.toml", ActionsFile, mine("action-cards.toml"))
    out += [f"  {c.id} x{c.copies} ({c.source})" for c in af.card]  # type: ignore[attr-defined]
    out.append("Event cards (rules/assault/event-cards.toml)")
    ef = _load(folder / "event-cards.toml", EventsFile, mine("event-cards.toml"))
    out += [f"  {c.id} x{c.copies} ({c.source})" for c in ef.card]  # type: ignore[attr-defined]
    return out
