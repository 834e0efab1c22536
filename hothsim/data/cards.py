"""Skirmish stat cards (rules/skirmish/cards.toml): pydantic models, validated at load.

Every number carries its source.  A typo (an unknown field, a negative Defense, an ability we do not
know) is a DataError naming the file, the card and the field.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from hothsim.data.errors import DataError, from_validation, list_entry_error
from hothsim.data.files import read_text, read_toml

Source = Literal["rulebook", "public", "reconstructed", "yours"]

#: Abilities and Force powers the game knows, with the parameter each takes ("" for none).
ABILITY_PARAMS: dict[str, str] = {
    "Accurate Shot": "",
    "Advantageous Attack": "",
    "Charging Fire": "",
    "Cunning Attack": "",
    "Damage Reduction": "number",
    "Double Attack": "",
    "Fire Support Mission": "",
    "Flanking Attack": "",
    "Flight": "",
    "Fragile": "number",
    "Grenades": "number",
    "Harpoon Gun": "",
    "Heal": "number",
    "Heavy Weapon": "",
    "Hologram": "",
    "Industrial Repair": "number",
    "Lightsaber": "",
    "Machinery": "",
    "Melee Attack": "",
    "Mobile Attack": "",
    "Mounted Weapon": "",
    "Rapport": "name number",
    "Rigid": "",
    "Speed": "number",
    "Splash": "number",
    "Spotter": "number",
    "Twin Attack": "",
    "Unique": "",
}
FORCE_POWERS: tuple[str, ...] = (
    "Force Grip",
    "Lightsaber Deflect",
    "Lightsaber Riposte",
    "Lightsaber Sweep",
    "Use the Force",
)

def parse_ability(text: str) -> tuple[str, str, int | None]:
    """Split an ability such as `Speed 8`, `Damage Reduction 10` or `Rapport AT-ST 10` into
    (name, argument, number); ValueError for an ability the game does not know."""
    names = [n for n in ABILITY_PARAMS if text == n or text.startswith(n + " ")]
    if not names:
        known = ", ".join(sorted(ABILITY_PARAMS))
        raise ValueError(f"unknown ability {text!r} (known: {known})")
    name = max(names, key=len)
    rest = text[len(name):].split()
    num = int(rest[-1]) if rest and rest[-1].isdigit() else None
    arg = " ".join(rest[:-1] if num is not None else rest)
    want = ABILITY_PARAMS[name]
    if want == "number" and (num is None or arg):
        raise ValueError(f"{name} takes a number, like '{name} 10'")
    if want == "name number" and (num is None or not arg):
        raise ValueError(f"{name} takes a name and a number, like '{name} AT-ST 10'")
    if want == "" and rest:
        raise ValueError(f"{name} takes no number or name")
    return name, arg, num


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


def load_cards(path: Path, override: Path | None = None) -> dict[str, CardModel]:
    """Read and validate the stat cards, with your corrections (`override`) merged in; a problem names the
    file, the card and the field."""
    from hothsim.data.overrides import merged

    raw, text, path = merged(path, override)
    try:
        model = CardsFile(**raw)
    except ValidationError as err:
        raise list_entry_error(path, err, raw, text) from None
    except TypeError as err:
        raise DataError(path, str(err)) from None
    out: dict[str, CardModel] = {}
    for c in model.card:
        if c.id in out:
            raise DataError(path, "the same id is used twice", entry=f"card {c.id}", field="id")
        out[c.id] = c
    return out


class GlossaryFile(BaseModel):
    """rules/skirmish/glossary.toml: the game's own words for every ability, power and effect."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["hothsim-skirmish-glossary/1"]
    abilities: dict[str, str]
    force_powers: dict[str, str]
    force: dict[str, str]
    commander: dict[str, str]


def load_glossary(path: Path, cards: dict[str, CardModel]) -> GlossaryFile:
    """Read the glossary and check it explains every ability, power and commander effect on the cards."""
    text = read_text(path)
    raw = read_toml(path, text)
    try:
        g = GlossaryFile(**raw)
    except ValidationError as err:
        raise from_validation(path, err, text) from None
    for name in ABILITY_PARAMS:
        if name not in g.abilities:
            raise DataError(path, "has no text for this ability", entry="abilities", field=name)
    for name in FORCE_POWERS:
        if name not in g.force_powers:
            raise DataError(path, "has no text for this Force power", entry="force_powers", field=name)
    for c in cards.values():
        if c.commander is not None and c.id not in g.commander:
            raise DataError(path, f"has no text for the commander effect of {c.name}", entry="commander", field=c.id)
    return g


def card_sheet(path: Path, override: Path | None = None) -> list[str]:
    """Every stat card with its values and where each comes from (`hothsim cards`)."""

    def stat(name: str, s: Stat | None) -> str:
        return f"{name} {s.value} ({s.source})" if s is not None else ""

    out = ["Skirmish stat cards (rules/skirmish/cards.toml)"]
    for c in load_cards(path, override).values():
        out.append(f"  {c.id}: {c.name}, {c.side}, {c.size}" + (f", {c.copies} in the pack" if c.copies > 1 else ""))
        out.append("    " + "   ".join(x for x in (stat("cost", c.cost), stat("hit points", c.hp),
                                                    stat("Defense", c.defense), stat("Attack", c.attack),
                                                    stat("Damage", c.damage), stat("Force", c.force)) if x))
        if c.abilities:
            out.append(f"    abilities ({c.abilities_source}): {', '.join(c.abilities)}")
        if c.force_powers:
            out.append(f"    Force powers: {', '.join(c.force_powers)}")
        if c.commander is not None:
            out.append(f"    commander effect ({c.commander.source})")
    return out
