"""Stat cards as the rules use them: numbers, size, speed and abilities by name."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from typing import Mapping

SIZES = {"medium": 1, "large": 2, "huge": 3}
BASE_SPEED = 6


@dataclass(frozen=True)
class Commander:
    """A commander effect: a bonus to a statistic (`stat`, `value`) or an ability granted (`ability`) to
    followers ("all", "trooper" or "non-unique"), within `range` squares when it has one."""

    kind: str
    followers: str
    stat: str | None = None
    value: int | None = None
    ability: str | None = None
    range: int | None = None


@dataclass(frozen=True)
class Glossary:
    """The game's own words for every ability, Force power, generic Force use and commander effect."""

    abilities: Mapping[str, str]
    force_powers: Mapping[str, str]
    force: Mapping[str, str]
    commander: Mapping[str, str]

    def card_words(self, c: "Card") -> list[str]:
        """A card's abilities, then its Force powers and commander effect, each with these words (the
        card's number put in where the words say N, and twice it where they say 2N)."""
        lines = []
        for name, arg, num in c.abilities:
            label = " ".join(str(x) for x in (name, arg, num) if x not in ("", None))
            text = self.abilities.get(name, "")
            if num is not None:
                text = re.sub(r"\bN\b", str(num), re.sub(r"\b2N\b", str(2 * num), text))
            lines.append(f"{label}: {text}")
        lines += [f"{p}: {self.force_powers.get(p, '')}" for p in c.force_powers]
        if c.commander is not None:
            lines.append(f"Commander effect: {self.commander.get(c.id, '')}")
        return lines


@dataclass(frozen=True)
class Card:
    """One stat card (built from the validated rules file at the edge: `hothsim.opening`)."""

    id: str
    name: str
    side: str
    size: int
    copies: int
    cost: int
    hp: int
    defense: int
    attack: int
    damage: int
    force: int
    abilities: tuple[tuple[str, str, int | None], ...]  # (name, argument, number)
    force_powers: tuple[str, ...]
    commander: Commander | None

    @cached_property
    def _names(self) -> frozenset[str]:
        return frozenset(a[0] for a in self.abilities)

    def has(self, ability: str) -> bool:
        """Whether the card lists the ability (by name, whatever its number)."""
        return ability in self._names

    def numbers(self, ability: str) -> list[int]:
        """The numbers of every listing of an ability (`Speed 8` gives [8])."""
        return [a[2] for a in self.abilities if a[0] == ability and a[2] is not None]

    @property
    def speed(self) -> int:
        """Squares it moves and still attacks: 6, or its Speed entry (the slowest if several)."""
        speeds = self.numbers("Speed")
        return min(speeds) if speeds else BASE_SPEED

    @property
    def given_name(self) -> str:
        """The name a Unique character counts as: "Luke Skywalker on Tauntaun" is "Luke Skywalker"."""
        return self.name.split(",")[0].split(" on ")[0].strip()

    @property
    def unique(self) -> bool:
        """Whether the card is Unique."""
        return self.has("Unique")
