"""The rules data of Assault on Hoth as the engine uses it: unit types, the two decks, the damage tables.

These are plain frozen values built by `hothsim.data.assault` from the files in `rules/assault/`; the
rules core never reads a file itself.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal, Mapping, TypeVar

from hothsim.kernel.hexes import Hex, HexMap

from hothsim.kernel.engine import Side


@dataclass(frozen=True)
class UnitType:
    """One row of the Fire/Armor chart and how that unit moves."""

    id: str
    name: str
    side: Side
    prefix: str  # unit ids are prefix-N
    fire: int
    armor: int
    damage_table: str = ""  # "walker" or "speeder": hits roll on a damage table instead of destroying
    rough_cover: bool = False  # fire at it in rough loses one die
    trooper: bool = False
    flies: bool = False  # enters cliffs
    fixed: bool = False  # never moves (Laser Towers)

    @property
    def is_walker(self) -> bool:
        """Whether this is the Imperial Walker (AT-AT)."""
        return self.damage_table == "walker"

    @property
    def is_speeder(self) -> bool:
        """Whether this is the Snowspeeder."""
        return self.damage_table == "speeder"


@dataclass(frozen=True)
class ActionCard:
    """An Action card: who acts, with which units, doing which actions (or Draw Event Card)."""

    id: str
    side: Side | Literal["none"]  # "none": Draw Event Card
    units: str  # a unit type id, "troopers" for both trooper types of the side, or "none"
    actions: tuple[str, ...]  # "move", "fire", "harpoon", or ("event",)

    @property
    def is_event(self) -> bool:
        """Whether this is a Draw Event Card."""
        return self.actions == ("event",)

    def title(self) -> str:
        """The card as a player names it, e.g. 'Imperial: Walkers Move or Fire'."""
        if self.is_event:
            return "Draw Event Card"
        names = {"walker": "Walkers", "atst": "AT-STs", "speeder": "Snowspeeders", "tower": "Laser Towers",
                 "troopers": "Snowtroopers" if self.side == "imperial" else "Rebel Troopers"}
        acts = [a.capitalize() for a in self.actions]
        what = acts[0] if len(acts) == 1 else ", ".join(acts[:-1]) + (", or " if len(acts) > 2 else " or ") + acts[-1]
        return f"{self.side.capitalize()}: {names.get(self.units, self.units)} {what}"


@dataclass(frozen=True)
class EventCard:
    """An Event card: what it does and, for reinforcements, who arrives where."""

    id: str
    name: str
    effect: str
    text: str
    side: Side | Literal[""] = ""  # "": no side's (an Event that brings nobody)
    units: tuple[str, ...] = ()
    sector: str = ""  # a map zone, or "base" for the Base Box only
    base: bool = False  # Rebel Troopers may arrive in the Base Box instead
    carried: bool = False  # the Snowtroopers listed arrive aboard the Walker listed


@dataclass(frozen=True)
class DamageTable:
    """A 2d6 damage table: (low, high, hit) rows, plus the effects' sizes."""

    rows: tuple[tuple[int, int, str], ...]
    blaster_steps: int = 0
    blaster_penalty: int = 0
    body_steps: int = 0
    leg_steps: int = 0
    gunner_penalty: int = 0

    def hit_for(self, total: int) -> str:
        """The row a damage total falls in; totals past the table's top (a Lucky Shot) use the top row."""
        top = max(high for _, high, _ in self.rows)
        total = min(max(total, 2), top)
        return next(hit for low, high, hit in self.rows if low <= total <= high)


@dataclass(frozen=True)
class Movement:
    """The movement numbers of section 6."""

    points: int = 5
    walker_rough: int = 3
    walker_turn: int = 1
    walker_leg_damage: int = 2
    mount: int = 1
    base: int = 1
    walker_capacity: int = 3


@dataclass(frozen=True)
class Installations:
    """Armor of the Shield Generator (with and without the Power Grid) and of the Power Grid."""

    shield_generator: int = 3
    shield_generator_without_grid: int = 2
    power_grid: int = 3


@dataclass(frozen=True)
class EventNumbers:
    """The sizes of the Event cards' effects."""

    hotshot_bonus: int = 2
    force_bonus: int = 2
    lucky_shot: int = 2
    snowstorm_range: int = 3


@dataclass(frozen=True)
class AssaultRules:
    """Everything a game of Assault on Hoth is played with."""

    units: dict[str, UnitType]
    action_cards: tuple[ActionCard, ...]  # one entry per physical card (copies repeated)
    event_cards: tuple[EventCard, ...]
    damage: dict[str, DamageTable]
    movement: Movement
    installations: Installations
    luke_force: int
    luke_summary: str
    harpoon_dice: tuple[int, int] = (5, 4)  # in the Walker's macrohex, from another
    effects: EventNumbers = EventNumbers()

    def action_card(self, index: int) -> ActionCard:
        """The Action card at a deck position (decks hold card indexes)."""
        return self.action_cards[index]

    def event_card(self, index: int) -> EventCard:
        """The Event card at a deck position."""
        return self.event_cards[index]

    def with_copies(self, actions: Mapping[str, int], events: Mapping[str, int]) -> "AssaultRules":
        """The same rules with some cards' copies changed (by card id; a variant of the decks): each kind of
        card stays where its first copy was, so the decks' order of kinds is the shipped one."""
        return replace(self, action_cards=_recopied(self.action_cards, actions),
                       event_cards=_recopied(self.event_cards, events))


CardT = TypeVar("CardT", ActionCard, EventCard)


def _recopied(cards: tuple[CardT, ...], copies: Mapping[str, int]) -> tuple[CardT, ...]:
    """A deck with each kind of card repeated as `copies` says (the others as they were)."""
    kinds = list(dict.fromkeys(cards))
    return tuple(card for kind in kinds for card in [kind] * copies.get(kind.id, cards.count(kind)))


@dataclass(frozen=True)
class Battlefield:
    """The map and the named places the rules refer to."""

    map: HexMap
    imperial_sector: frozenset[Hex]
    rebel_setup: frozenset[Hex]
    sectors: dict[str, frozenset[Hex]]  # reinforcement sectors by zone name
    base_entries: frozenset[Hex]
    shield_generator: Hex
    power_grid: Hex
    forward_line: frozenset[Hex]
    speeder_sector: frozenset[Hex] = frozenset()  # where the Snowspeeders start
