"""The decisions Assault on Hoth waits on, one value per phase of play (a tagged union on `kind`): a unit
to place, a Walker's troops to board, Luke's Snowspeeder chosen in secret, a Snowspeeder pushed aside, Luke's
armor and his Force against a critical hit, an Event's choice or repair, an action round, and the end.
Each names the side that decides and, where the phase is about a unit, that unit."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Union

from hothsim.kernel.engine import Decision, Side


@dataclass(frozen=True)
class GameOver(Decision):
    """Nobody decides: the game is over (`note`: why)."""

    player: None = None
    kind: Literal["over"] = "over"
    note: str = ""


@dataclass(frozen=True)
class Placement(Decision):
    """A side places a unit (set-up or reinforcements; `actor`: the unit)."""

    player: Side
    kind: Literal["place"] = "place"
    actor: str = ""


@dataclass(frozen=True)
class Boarding(Decision):
    """The Imperial player boards a Walker's Snowtroopers at set-up (`actor`: the trooper)."""

    player: Side = "imperial"
    kind: Literal["board"] = "board"
    actor: str = ""


@dataclass(frozen=True)
class LukeAssigned(Decision):
    """The Rebel player assigns Luke to a Snowspeeder in secret."""

    player: Side = "rebel"
    kind: Literal["luke"] = "luke"
    note: str = ""


@dataclass(frozen=True)
class Displacement(Decision):
    """The Rebel player moves a Snowspeeder a Walker walked into (`actor`: the Snowspeeder)."""

    player: Side = "rebel"
    kind: Literal["displace"] = "displace"
    actor: str = ""
    note: str = ""


@dataclass(frozen=True)
class ArmorChoice(Decision):
    """Luke may spend Force points on a fired-on Snowspeeder's armor (`actor`: the target)."""

    player: Side = "rebel"
    kind: Literal["armor"] = "armor"
    actor: str = ""
    note: str = ""


@dataclass(frozen=True)
class CriticalChoice(Decision):
    """Luke may spend a Force point to make a critical hit a body hit (`actor`: the target)."""

    player: Side = "rebel"
    kind: Literal["critical"] = "critical"
    actor: str = ""
    note: str = ""


@dataclass(frozen=True)
class EventChoice(Decision):
    """An Event card's side chooses what it helps (`note`: the Event's effect)."""

    player: Side
    kind: Literal["choose"] = "choose"
    note: str = ""


@dataclass(frozen=True)
class RepairChoice(Decision):
    """An Event card's side chooses what its droids repair."""

    player: Side
    kind: Literal["repair"] = "repair"
    note: str = ""


@dataclass(frozen=True)
class ActionRound(Decision):
    """The side of the round's Action card acts with its units (`note`: the round's title)."""

    player: Side
    kind: Literal["act"] = "act"
    note: str = ""


#: The decision Assault on Hoth waits on: one of its phases.
AssaultDecision = Union[GameOver, Placement, Boarding, LukeAssigned, Displacement, ArmorChoice, CriticalChoice,
                        EventChoice, RepairChoice, ActionRound]
