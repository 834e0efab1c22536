"""Skirmish stat cards and glossary (rules/skirmish/*.toml): the abilities and Force powers the game knows,
and the files read and checked (validated by `hothsim.data.schemas`, handed on as typed values).

Every number carries its source.  A typo (an unknown field, a negative Defense, an ability we do not
know) is a DataError naming the file, the card and the field.
"""

from __future__ import annotations

from pathlib import Path

from hothsim.data.values import CardModel, CardsFile, GlossaryFile, Stat
from hothsim.data.errors import DataError
from hothsim.data.abilities import ABILITY_PARAMS, FORCE_POWERS
from hothsim.data.files import read_text, read_toml

def load_cards(path: Path, override: Path | None = None) -> dict[str, CardModel]:
    """Read and validate the stat cards (`hothsim.data.schemas.CardModel`), with your corrections
    (`override`) merged in; a problem names the file, the card and the field."""
    from hothsim.data import schemas
    from hothsim.data.overrides import merged

    raw, text, path = merged(path, override)
    model = schemas.validated(path, schemas.CardsFile, raw, text, CardsFile, entries=True)
    out: dict[str, CardModel] = {}
    for c in model.card:
        if c.id in out:
            raise DataError(path, "the same id is used twice", entry=f"card {c.id}", field="id")
        out[c.id] = c
    return out


def load_glossary(path: Path, cards: dict[str, CardModel]) -> GlossaryFile:
    """Read the glossary (`hothsim.data.schemas.GlossaryFile`) and check it explains every ability, power and
    commander effect on the cards."""
    from hothsim.data import schemas

    text = read_text(path)
    g = schemas.validated(path, schemas.GlossaryFile, read_toml(path, text), text, GlossaryFile)
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
