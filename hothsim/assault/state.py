"""The state of a game of Assault on Hoth: immutable values, replaced (never changed) by each decision.

A state holds every unit (where it is, its damage markers), the two decks, the action round in progress
(the Action card, which units have acted), the Event effects in force, Luke's secret and Force points, and
any decision waiting inside a round (a Snowspeeder to displace, Luke's armor reaction, reinforcements to
place).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from hothsim.kernel.engine import Side
from hothsim.kernel.hexes import Hex, hex_label
from hothsim.kernel.values import replace

#: Where a unit is: waiting to be placed, on the map, in the Base Box, aboard a Walker, or destroyed.
Where = Literal["reserve", "map", "base", "aboard", "destroyed"]


@dataclass(frozen=True)
class Unit:
    """One counter."""

    id: str
    type: str  # a unit type id of the Fire/Armor chart
    side: Side
    where: Where = "reserve"
    hex: Hex | None = None  # on the map only
    facing: int = 3  # Walkers: the hexside they face (0 N ... 5 NW)
    aboard: str = ""  # the Walker carrying this Snowtrooper
    blaster: int = 0  # Walker blaster hits (1 damaged, 2 destroyed)
    body: int = 0  # body hits
    legs: int = 0  # Walker leg hits (1 slowed, 2 immobilized)
    gunner: bool = True  # Snowspeeder gunner alive
    troops_lost: bool = False  # a Walker that took its second body hit carries no troops again (7.3)

    @property
    def on_map(self) -> bool:
        """Whether it stands on a hex of the map."""
        return self.where == "map"

    @property
    def alive(self) -> bool:
        """Not destroyed."""
        return self.where != "destroyed"

    @property
    def place(self) -> Hex:
        """The hex it stands on (ValueError for a unit off the map)."""
        if self.hex is None:
            raise ValueError(f"{self.id} is not on the map")
        return self.hex

    def at(self) -> str:
        """Where it is, for the log: a hex label, 'the Base' or 'aboard walker-2'."""
        if self.where == "map" and self.hex is not None:
            return hex_label(self.hex)
        return {"base": "the Base", "aboard": f"aboard {self.aboard}", "reserve": "off the map",
                "destroyed": "destroyed"}[self.where]


@dataclass(frozen=True)
class WalkerMove:
    """A Walker's move paused while the Rebel player displaces a Snowspeeder it walked into."""

    walker: str
    steps_left: str  # the rest of the declared steps
    mp_left: int
    speeder: str  # the Snowspeeder to displace


@dataclass(frozen=True)
class PendingFire:
    """A fire at a Snowspeeder waiting for Luke's armor reaction (before the roll) or for his answer to a
    critical hit (after the damage roll)."""

    firer: str
    target: str
    stage: Literal["armor", "critical"]
    dice: int = 0  # armor stage: the fire dice to roll
    damage: int = 0  # critical stage: the damage total rolled


@dataclass(frozen=True)
class Placing:
    """Units of one side to place, in order, each with where it may go: a zone of the battlefield
    ("imperial-setup", "rebel-setup" or a reinforcement sector) and whether the Base Box is allowed."""

    side: Side
    queue: tuple[tuple[str, str, bool], ...]  # (unit id, zone, Base Box allowed)

    @property
    def unit(self) -> str:
        """The unit to place now."""
        return self.queue[0][0]


@dataclass(frozen=True)
class Special:
    """An Event that lets units act at once: Veers Takes Command, Rebel Rally; or a choice it asks for."""

    effect: str  # "veers", "rally", "hotshot", "repair", "force"
    side: Side


@dataclass(frozen=True)
class AssaultState:
    """Everything about a game of Assault on Hoth at one moment."""

    units: tuple[Unit, ...]
    stage: Literal["setup", "play", "over"] = "setup"
    turn: int = 0
    round: int = 0  # action rounds begun so far in the game
    action_deck: tuple[int, ...] = ()  # card indexes still to draw this turn, top first
    card: int | None = None  # the Action card of this round
    event_deck: tuple[int, ...] = ()  # Event cards still to draw, top first
    events_drawn: tuple[int, ...] = ()
    transports: int = 0
    acted: frozenset[str] = frozenset()  # units that have acted this round
    luke: str = ""  # the Snowspeeder Luke flies ("" until assigned)
    luke_revealed: bool = False
    force: int = 10
    luke_armor: int = 0  # extra armor bought this action round
    hotshot: str = ""  # the Snowspeeder with the Hotshot Gunner
    force_aided: str = ""  # the Rebel unit The Force aids at its next fire this turn
    rebel_lucky_shot: bool = False
    imperial_lucky_shot: bool = False
    snowstorm: bool = False
    power_grid: bool = True  # standing
    shield_generator: bool = True
    placing: Placing | None = None
    special: Special | None = None
    walker_move: WalkerMove | None = None
    fire: PendingFire | None = None
    next_id: tuple[tuple[str, int], ...] = ()  # unit type -> last number used (reinforcements continue it)
    winner: Side | None = None
    end_reason: str = ""

    # An index by id, rebuilt with every new state (states are never changed in place).
    _index: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {u.id: i for i, u in enumerate(self.units)})

    def unit(self, uid: str) -> Unit:
        """The unit with this id; KeyError if there is none."""
        return self.units[self._index[uid]]

    def has_unit(self, uid: str) -> bool:
        """Whether a unit with this id exists."""
        return uid in self._index

    def with_unit(self, unit: Unit) -> "AssaultState":
        """A new state with one unit replaced (or added)."""
        i = self._index.get(unit.id)
        if i is None:
            return replace(self, units=self.units + (unit,))
        # The same ids stay in the same places, so the copy shares the index instead of building it again
        # (`replace` would: a few percent of a random playout).
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.__dict__["units"] = self.units[:i] + (unit,) + self.units[i + 1:]
        return new

    def occupant(self, h: Hex) -> Unit | None:
        """The unit standing on a hex, if any."""
        for u in self.units:
            if u.where == "map" and u.hex == h:
                return u
        return None

    def occupied(self) -> dict[Hex, Unit]:
        """Every occupied hex and its unit."""
        return {u.hex: u for u in self.units if u.where == "map" and u.hex is not None}

    def carried(self, walker: str) -> tuple[Unit, ...]:
        """The Snowtroopers aboard a Walker."""
        return tuple(u for u in self.units if u.where == "aboard" and u.aboard == walker)

    def to_json(self) -> dict[str, object]:
        """A plain-data picture of the state for `hothsim run --json` and tests (Luke's secret included)."""
        units = {}
        for u in self.units:
            d: dict[str, object] = {"type": u.type, "side": u.side, "where": u.where}
            if u.hex is not None and u.where == "map":
                d["hex"] = hex_label(u.hex)
            if u.type == "walker":
                d.update(facing=u.facing, blaster=u.blaster, body=u.body, legs=u.legs)
            if u.type == "speeder":
                d.update(gunner=u.gunner, body=u.body)
            if u.aboard:
                d["aboard"] = u.aboard
            units[u.id] = d
        return {
            "game": "assault", "stage": self.stage, "turn": self.turn, "round": self.round,
            "transports": self.transports, "units": units, "luke": self.luke, "luke_revealed": self.luke_revealed,
            "force": self.force, "luke_armor": self.luke_armor, "power_grid": self.power_grid,
            "shield_generator": self.shield_generator, "action_cards_left": len(self.action_deck),
            "event_cards_left": len(self.event_deck), "acted": sorted(self.acted),
            "effects": {"hotshot": self.hotshot, "force_aided": self.force_aided,
                        "rebel_lucky_shot": self.rebel_lucky_shot, "imperial_lucky_shot": self.imperial_lucky_shot,
                        "snowstorm": self.snowstorm},
            "winner": self.winner, "end_reason": self.end_reason,
        }

