"""Assault on Hoth rules files (rules/assault/*.toml): read, validated (`hothsim.data.schemas`), checked
against each other and built into the engine's rules values.

Every value carries its source, and a reconstructed one its reason.  A typo is a DataError naming the
file, the entry and the field.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar
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
from hothsim.data import values
from hothsim.data.errors import DataError
from hothsim.data.overrides import merged
from hothsim.kernel.hexes import Hex, HexMap

T = TypeVar("T")


def assault_documents(folder: Path, overrides: Path | None = None, correction: tuple[str, Path] | None = None,
                      ) -> values.AssaultRulesFiles:
    """Every file of rules/assault/, with your corrections in `overrides` (a folder laid out the same way),
    validated (`hothsim.data.schemas`), as typed values by file.  `correction` (a file name and a file)
    checks one correction alone instead (`hothsim validate`)."""
    from hothsim.data import schemas

    def mine(name: str) -> Path | None:
        if correction is not None:
            return correction[1] if correction[0] == name else None
        return overrides / name if overrides is not None else None

    def load(name: str, model: type[Any], kind: type[T]) -> T:
        raw, text, path = merged(folder / name, mine(name))
        return schemas.validated(path, model, raw, text, kind, entries=True)

    return values.AssaultRulesFiles(
        units=load("units.toml", schemas.UnitsFile, values.UnitsFile),
        actions=load("action-cards.toml", schemas.ActionsFile, values.ActionsFile),
        events=load("event-cards.toml", schemas.EventsFile, values.EventsFile),
        damage=load("damage-tables.toml", schemas.DamageFile, values.DamageFile),
        hero=load("hero.toml", schemas.HeroFile, values.HeroFile))


def _table(m: values.DamageTableModel) -> DamageTable:
    return DamageTable(tuple((r.low, r.high, r.hit) for r in m.rows), m.blaster_steps, m.blaster_penalty,
                       m.body_steps, m.leg_steps, m.gunner_penalty)


def load_assault_rules(folder: Path, overrides: Path | None = None) -> AssaultRules:
    """Read and check every file of rules/assault/ (with your corrections in `overrides`, a folder laid out
    the same way) and build the engine's rules values."""
    return assault_rules(folder, assault_documents(folder, overrides))


def assault_rules(folder: Path, docs: values.AssaultRulesFiles, corrected: dict[str, Path] | None = None) -> AssaultRules:
    """The engine's rules values from the validated rules files (`assault_documents`), the files checked
    against each other (a problem names the file in `folder`, or the correction of it in `corrected` by file
    name, the entry and the field)."""

    def where(name: str) -> Path:
        return (corrected or {}).get(name, folder / name)

    units_path = where("units.toml")
    uf = docs.units
    units: dict[str, UnitType] = {}
    for u in uf.unit:
        if u.id in units:
            raise DataError(units_path, "the same id is used twice", entry=f"unit {u.id}", field="id")
        units[u.id] = UnitType(u.id, u.name, u.side, u.prefix, u.fire.value, u.armor.value, u.damage_table,
                               u.rough_cover, u.trooper, u.flies, u.fixed)
    actions_path = where("action-cards.toml")
    af = docs.actions
    deck: list[ActionCard] = []
    for c in af.card:
        if c.units not in units and c.units not in ("troopers", "none"):
            raise DataError(actions_path, f"no unit type {c.units!r} (types: {', '.join(units)}, troopers)",
                            entry=f"card {c.id}", field="units")
        if (c.actions == ("event",)) != (c.side == "none"):
            raise DataError(actions_path, "a Draw Event Card (and only one) has side \"none\"",
                            entry=f"card {c.id}", field="side")
        deck.extend([ActionCard(c.id, c.side, c.units, tuple(c.actions))] * c.copies)
    events_path = where("event-cards.toml")
    ef = docs.events
    events: list[EventCard] = []
    for e in ef.card:
        for uid in e.units:
            if uid not in units:
                raise DataError(events_path, f"no unit type {uid!r}", entry=f"card {e.id}", field="units")
            if units[uid].side != e.side:
                raise DataError(events_path, f"{uid} fights for the other side", entry=f"card {e.id}", field="units")
        events.extend([EventCard(e.id, e.name, e.effect, e.text, e.side, tuple(e.units), e.sector, e.base,
                                 e.carried)] * e.copies)
    df, hf = docs.damage, docs.hero
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


def battlefield(path: Path, settings: values.AssaultSettings, hmap: HexMap) -> Battlefield:
    """The map's named places for a scenario; a missing or malformed zone names the scenario field."""

    def zone(field: str, name: str) -> frozenset[Hex]:
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


def check_forces(path: Path, settings: values.AssaultSettings, rules: AssaultRules, events_sectors: set[str]) -> None:
    """Every force names a unit type of the right side, and every reinforcement sector is a map zone."""
    for side in ("imperial", "rebel"):
        for uid, n in settings.force(side).items():
            if uid not in rules.units:
                raise DataError(path, f"no unit type {uid!r} (types: {', '.join(rules.units)})", entry="assault",
                                field=side)
            if rules.units[uid].side != side or n < 0:
                raise DataError(path, f"{uid} x{n} cannot start for the {side} side", entry="assault", field=side)
    missing = sorted(s for s in events_sectors if s != "base" and s not in settings.sectors)
    if missing:
        raise DataError(path, f"the Event cards send reinforcements to {', '.join(missing)}, which 'sectors' lacks",
                        entry="assault", field="sectors")


def unit_sheet(folder: Path, overrides: Path | None = None) -> list[str]:
    """Every unit type and card of Assault on Hoth with its values and where each comes from
    (`hothsim cards`)."""
    docs = assault_documents(folder, overrides)
    out = ["Assault on Hoth Fire/Armor chart (rules/assault/units.toml)"]
    for u in docs.units.unit:
        out.append(f"  {u.id}: {u.name}, {u.side}   fire {u.fire.value} ({u.fire.source})   "
                   f"armor {u.armor.value} ({u.armor.source})")
    out.append("Action cards (rules/assault/action-cards.toml)")
    out += [f"  {c.id} x{c.copies} ({c.source})" for c in docs.actions.card]
    out.append("Event cards (rules/assault/event-cards.toml)")
    out += [f"  {c.id} x{c.copies} ({c.source})" for c in docs.events.card]
    return out
