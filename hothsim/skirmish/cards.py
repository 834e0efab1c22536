"""Stat cards as the rules use them: numbers, size, speed and abilities by name."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from hothsim.data.cards import CardModel, CommanderEffect, parse_ability

SIZES = {"medium": 1, "large": 2, "huge": 3}
BASE_SPEED = 6


@dataclass(frozen=True)
class Card:
    """One stat card."""

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
    commander: CommanderEffect | None

    @staticmethod
    def from_model(m: CardModel) -> "Card":
        """Build from the validated file model."""
        return Card(
            id=m.id,
            name=m.name,
            side=m.side,
            size=SIZES[m.size],
            copies=m.copies,
            cost=m.cost.value,
            hp=m.hp.value,
            defense=m.defense.value,
            attack=m.attack.value,
            damage=m.damage.value,
            force=m.force.value if m.force else 0,
            abilities=tuple(parse_ability(a) for a in m.abilities),
            force_powers=tuple(m.force_powers),
            commander=m.commander,
        )

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
