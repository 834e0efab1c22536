"""Assault on Hoth actions: small immutable values with a one-line text notation (docs/notation.md).

    place walker-1 0102 s      board snowtrooper-3 walker-2   luke speeder-3
    place trooper-4 base       move trooper-4 1214            move walker-1 fflf
    move snowtrooper-2 walker-1                               move trooper-4 base
    fire walker-2 tower-3      fire speeder-1 walker-2 +2     harpoon speeder-1 walker-2
    done                       displace speeder-4 1213        armor 2
    critical force             critical take                  choose speeder-2
    repair walker-2 legs

Hexes are wargame labels (`0712`); a Walker's move lists its steps: `f` one hex forward, `l` and `r` a
turn of one hexside to the left or right.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Union

from hothsim.kernel.engine import NotationError
from hothsim.kernel.hexes import DIRECTION_NAMES, Hex, hex_label, parse_hex




def _hex(token: str) -> Hex:
    try:
        return parse_hex(token)
    except ValueError as e:
        raise NotationError(str(e)) from None


@dataclass(frozen=True, slots=True)
class Place:
    """Set up (or bring in as a reinforcement) one unit: on a hex, or in the Base Box (hex None)."""

    unit: str
    hex: Hex | None
    facing: int | None = None  # Walkers only

    def notation(self) -> str:
        """Text form."""
        if self.hex is None:
            return f"place {self.unit} base"
        face = f" {DIRECTION_NAMES[self.facing].lower()}" if self.facing is not None else ""
        return f"place {self.unit} {hex_label(self.hex)}{face}"


@dataclass(frozen=True, slots=True)
class Board:
    """At setup, assign a Snowtrooper to the Walker that carries it into battle."""

    unit: str
    walker: str

    def notation(self) -> str:
        """Text form."""
        return f"board {self.unit} {self.walker}"


@dataclass(frozen=True, slots=True)
class AssignLuke:
    """The Rebel player's secret: the Snowspeeder Luke flies."""

    speeder: str

    def notation(self) -> str:
        """Text form."""
        return f"luke {self.speeder}"


@dataclass(frozen=True, slots=True)
class Move:
    """Move a unit that is not a Walker: to a hex, into the Base Box (`base`), or aboard a Walker."""

    unit: str
    to: str  # a hex label, "base", or a Walker's id

    def notation(self) -> str:
        """Text form."""
        return f"move {self.unit} {self.to}"


@dataclass(frozen=True, slots=True)
class Walk:
    """Move a Walker by steps: f (forward one hex), l and r (turn one hexside)."""

    unit: str
    steps: str

    def notation(self) -> str:
        """Text form."""
        return f"move {self.unit} {self.steps}"


@dataclass(frozen=True, slots=True)
class Fire:
    """Fire at an enemy unit, the Shield Generator or the Power Grid; `force` is Luke's extra dice."""

    unit: str
    target: str
    force: int = 0

    def notation(self) -> str:
        """Text form."""
        return f"fire {self.unit} {self.target}" + (f" +{self.force}" if self.force else "")


@dataclass(frozen=True, slots=True)
class Harpoon:
    """A Snowspeeder's harpoon attack on an adjacent Walker; `force` is Luke's extra dice."""

    unit: str
    target: str
    force: int = 0

    def notation(self) -> str:
        """Text form."""
        return f"harpoon {self.unit} {self.target}" + (f" +{self.force}" if self.force else "")


@dataclass(frozen=True, slots=True)
class Done:
    """End the action round (no unit is ever required to act)."""

    def notation(self) -> str:
        """Text form."""
        return "done"


@dataclass(frozen=True, slots=True)
class Displace:
    """Put a Snowspeeder a Walker walked into on an empty adjacent hex (the Rebel player's choice)."""

    unit: str
    hex: Hex

    def notation(self) -> str:
        """Text form."""
        return f"displace {self.unit} {hex_label(self.hex)}"


@dataclass(frozen=True, slots=True)
class Armor:
    """Luke's answer to a declared fire at a Snowspeeder: Force points spent on armor (0 for none)."""

    points: int

    def notation(self) -> str:
        """Text form."""
        return f"armor {self.points}"


@dataclass(frozen=True, slots=True)
class Critical:
    """Luke's answer to a critical hit on a Snowspeeder: spend 1 Force point to make it a body hit, or not."""

    spend: bool

    def notation(self) -> str:
        """Text form."""
        return "critical force" if self.spend else "critical take"


@dataclass(frozen=True, slots=True)
class Choose:
    """Pick the unit an Event card helps (Hotshot Gunner, The Force) or the Walker Veers commands."""

    unit: str

    def notation(self) -> str:
        """Text form."""
        return f"choose {self.unit}"


@dataclass(frozen=True, slots=True)
class Repair:
    """Combat Repair Droids: take one damage marker off a Walker."""

    unit: str
    marker: str  # "blaster", "legs" or "body"

    def notation(self) -> str:
        """Text form."""
        return f"repair {self.unit} {self.marker}"


Action = Union[Place, Board, AssignLuke, Move, Walk, Fire, Harpoon, Done, Displace, Armor, Critical, Choose, Repair]

_ID = re.compile(r"^[a-z][a-z0-9-]*$")
_STEPS = re.compile(r"^[flr]+$")


def _unit(token: str) -> str:
    if not _ID.match(token):
        raise NotationError(f"{token!r} is not a unit id (like walker-2 or trooper-11)")
    return token


#: The Snowspeeder an Imperial copy at two machines records for Luke before he is revealed (`luke ?`).
UNSEEN_SPEEDER = "?"


def force_spent(action: object) -> int:
    """Luke's Force points an action spends (spending any reveals his Snowspeeder)."""
    t = type(action)
    if t is Fire or t is Harpoon:
        return action.force  # type: ignore[attr-defined]
    if t is Armor:
        return action.points  # type: ignore[attr-defined]
    if t is Critical:
        return 1 if action.spend else 0  # type: ignore[attr-defined]
    return 0


def _force(tokens: list[str]) -> int:
    if not tokens:
        return 0
    if len(tokens) == 1 and re.fullmatch(r"\+[0-9]{1,2}", tokens[0]):
        return int(tokens[0][1:])
    raise NotationError(f"expected Luke's Force points like +2, found {' '.join(tokens)!r}")


def parse_action(text: str) -> Action:
    """Read one action in notation; NotationError says what is wrong."""
    words = text.strip().lower().split()
    if not words:
        raise NotationError("the line is empty")
    verb, args = words[0], words[1:]

    def need(n: int, shape: str) -> None:
        if len(args) != n:
            raise NotationError(f"'{verb}' takes {shape}")

    if verb == "place":
        if len(args) not in (2, 3):
            raise NotationError("'place' takes a unit and a hex (and a facing for a Walker), or 'base'")
        if args[1] == "base" and len(args) == 2:
            return Place(_unit(args[0]), None)
        facing = None
        if len(args) == 3:
            names = [d.lower() for d in DIRECTION_NAMES]
            if args[2] not in names:
                raise NotationError(f"facing {args[2]!r} should be one of {', '.join(names)}")
            facing = names.index(args[2])
        return Place(_unit(args[0]), _hex(args[1]), facing)
    if verb == "board":
        need(2, "a Snowtrooper and a Walker")
        return Board(_unit(args[0]), _unit(args[1]))
    if verb == "luke":
        need(1, "a Snowspeeder")
        return AssignLuke(_unit(args[0]))
    if verb == "move":
        need(2, "a unit and where it goes (a hex, 'base', a Walker, or a Walker's steps like fflf)")
        if _STEPS.match(args[1]):
            return Walk(_unit(args[0]), args[1])
        if args[1] != "base" and not args[1].isdigit():
            _unit(args[1])
        elif args[1].isdigit():
            _hex(args[1])
        return Move(_unit(args[0]), args[1])
    if verb in ("fire", "harpoon"):
        if len(args) < 2:
            raise NotationError(f"'{verb}' takes a unit and a target (and +N Force points for Luke)")
        cls = Fire if verb == "fire" else Harpoon
        return cls(_unit(args[0]), _unit(args[1]), _force(args[2:]))
    if verb == "done":
        need(0, "nothing")
        return Done()
    if verb == "displace":
        need(2, "a Snowspeeder and a hex")
        return Displace(_unit(args[0]), _hex(args[1]))
    if verb == "armor":
        need(1, "a number of Force points (0 for none)")
        if not args[0].isdigit() or len(args[0]) > 2:
            raise NotationError(f"{args[0]!r} is not a number of Force points")
        return Armor(int(args[0]))
    if verb == "critical":
        need(1, "'force' or 'take'")
        if args[0] not in ("force", "take"):
            raise NotationError("'critical' takes 'force' (spend a point) or 'take'")
        return Critical(args[0] == "force")
    if verb == "choose":
        need(1, "a unit")
        return Choose(_unit(args[0]))
    if verb == "repair":
        need(2, "a Walker and a marker (blaster, legs or body)")
        if args[1] not in ("blaster", "legs", "body"):
            raise NotationError("the marker is blaster, legs or body")
        return Repair(_unit(args[0]), args[1])
    raise NotationError(f"unknown action {verb!r} (place, board, luke, move, fire, harpoon, done, displace, armor, "
                        "critical, choose, repair)")
