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
from typing import ClassVar, Union

from hothsim.kernel.engine import NOTHING, About, NotationError
from hothsim.kernel.notation import NotationReader, Words
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

    VERBS: ClassVar[tuple[str, ...]] = ("place",)

    def about(self) -> About:
        """What the action is about (its actor, target, place)."""
        return About(subject=self.unit, place=self.hex)

    def notation(self) -> str:
        """Text form."""
        if self.hex is None:
            return f"place {self.unit} base"
        face = f" {DIRECTION_NAMES[self.facing].lower()}" if self.facing is not None else ""
        return f"place {self.unit} {hex_label(self.hex)}{face}"

    @classmethod
    def read(cls, w: Words) -> Action:
        """From its words in notation."""
        if len(w.args) not in (2, 3):
            raise NotationError("'place' takes a unit and a hex (and a facing for a Walker), or 'base'")
        args = w.args
        if args[1] == "base" and len(args) == 2:
            return cls(_unit(args[0]), None)
        facing = None
        if len(args) == 3:
            names = [d.lower() for d in DIRECTION_NAMES]
            if args[2] not in names:
                raise NotationError(f"facing {args[2]!r} should be one of {', '.join(names)}")
            facing = names.index(args[2])
        return cls(_unit(args[0]), _hex(args[1]), facing)


@dataclass(frozen=True, slots=True)
class Board:
    """At setup, assign a Snowtrooper to the Walker that carries it into battle."""

    unit: str
    walker: str

    VERBS: ClassVar[tuple[str, ...]] = ("board",)

    def about(self) -> About:
        """What the action is about (its actor, target, place)."""
        return About(subject=self.unit, target=self.walker)

    def notation(self) -> str:
        """Text form."""
        return f"board {self.unit} {self.walker}"

    @classmethod
    def read(cls, w: Words) -> Action:
        """From its words in notation."""
        w.need(2, "a Snowtrooper and a Walker")
        return cls(_unit(w.args[0]), _unit(w.args[1]))


@dataclass(frozen=True, slots=True)
class AssignLuke:
    """The Rebel player's secret: the Snowspeeder Luke flies."""

    speeder: str

    VERBS: ClassVar[tuple[str, ...]] = ("luke",)

    def about(self) -> About:
        """What the action is about (its actor, target, place)."""
        return About(subject=self.speeder)

    def notation(self) -> str:
        """Text form."""
        return f"luke {self.speeder}"

    @classmethod
    def read(cls, w: Words) -> Action:
        """From its words in notation."""
        w.need(1, "a Snowspeeder")
        return cls(_unit(w.args[0]))


@dataclass(frozen=True, slots=True)
class Move:
    """Move a unit that is not a Walker: to a hex, into the Base Box (`base`), or aboard a Walker."""

    unit: str
    to: str  # a hex label, "base", or a Walker's id

    VERBS: ClassVar[tuple[str, ...]] = ("move",)

    def about(self) -> About:
        """What the action is about (its actor, target, place)."""
        return About(actor=self.unit, place=parse_hex(self.to) if self.to.isdigit() else None,
                     target=None if self.to.isdigit() or self.to == "base" else self.to)

    def notation(self) -> str:
        """Text form."""
        return f"move {self.unit} {self.to}"

    @classmethod
    def read(cls, w: Words) -> Action:
        """From its words in notation."""
        w.need(2, "a unit and where it goes (a hex, 'base', a Walker, or a Walker's steps like fflf)")
        unit, to = w.args
        if _STEPS.match(to):
            return Walk(_unit(unit), to)
        if to.isdigit():
            _hex(to)
        elif to != "base":
            _unit(to)
        return cls(_unit(unit), to)


@dataclass(frozen=True, slots=True)
class Walk:
    """Move a Walker by steps: f (forward one hex), l and r (turn one hexside)."""

    unit: str
    steps: str

    VERBS: ClassVar[tuple[str, ...]] = ()  # read by Move: the same verb, told apart by its steps

    def about(self) -> About:
        """What the action is about (its actor, target, place)."""
        return About(actor=self.unit)

    def notation(self) -> str:
        """Text form."""
        return f"move {self.unit} {self.steps}"

    @classmethod
    def read(cls, w: Words) -> Action:
        """From its words in notation."""
        return Move.read(w)


@dataclass(frozen=True, slots=True)
class Fire:
    """Fire at an enemy unit, the Shield Generator or the Power Grid; `force` is Luke's extra dice."""

    unit: str
    target: str
    force: int = 0

    VERBS: ClassVar[tuple[str, ...]] = ("fire",)

    def about(self) -> About:
        """What the action is about (its actor, target, place)."""
        return About(actor=self.unit, target=self.target)

    def notation(self) -> str:
        """Text form."""
        return f"fire {self.unit} {self.target}" + (f" +{self.force}" if self.force else "")

    @classmethod
    def read(cls, w: Words) -> Action:
        """From its words in notation."""
        return _attack(cls, w)


@dataclass(frozen=True, slots=True)
class Harpoon:
    """A Snowspeeder's harpoon attack on an adjacent Walker; `force` is Luke's extra dice."""

    unit: str
    target: str
    force: int = 0

    VERBS: ClassVar[tuple[str, ...]] = ("harpoon",)

    def about(self) -> About:
        """What the action is about (its actor, target, place)."""
        return About(actor=self.unit, target=self.target)

    def notation(self) -> str:
        """Text form."""
        return f"harpoon {self.unit} {self.target}" + (f" +{self.force}" if self.force else "")

    @classmethod
    def read(cls, w: Words) -> Action:
        """From its words in notation."""
        return _attack(cls, w)


@dataclass(frozen=True, slots=True)
class Done:
    """End the action round (no unit is ever required to act)."""

    VERBS: ClassVar[tuple[str, ...]] = ("done",)

    def about(self) -> About:
        """What the action is about (its actor, target, place)."""
        return NOTHING

    def notation(self) -> str:
        """Text form."""
        return "done"

    @classmethod
    def read(cls, w: Words) -> Action:
        """From its words in notation."""
        w.need(0, "nothing")
        return cls()


@dataclass(frozen=True, slots=True)
class Displace:
    """Put a Snowspeeder a Walker walked into on an empty adjacent hex (the Rebel player's choice)."""

    unit: str
    hex: Hex

    VERBS: ClassVar[tuple[str, ...]] = ("displace",)

    def about(self) -> About:
        """What the action is about (its actor, target, place)."""
        return About(subject=self.unit, place=self.hex)

    def notation(self) -> str:
        """Text form."""
        return f"displace {self.unit} {hex_label(self.hex)}"

    @classmethod
    def read(cls, w: Words) -> Action:
        """From its words in notation."""
        w.need(2, "a Snowspeeder and a hex")
        return cls(_unit(w.args[0]), _hex(w.args[1]))


@dataclass(frozen=True, slots=True)
class Armor:
    """Luke's answer to a declared fire at a Snowspeeder: Force points spent on armor (0 for none)."""

    points: int

    VERBS: ClassVar[tuple[str, ...]] = ("armor",)

    def about(self) -> About:
        """What the action is about (its actor, target, place)."""
        return NOTHING

    def notation(self) -> str:
        """Text form."""
        return f"armor {self.points}"

    @classmethod
    def read(cls, w: Words) -> Action:
        """From its words in notation."""
        w.need(1, "a number of Force points (0 for none)")
        if not w.args[0].isdigit() or len(w.args[0]) > 2:
            raise NotationError(f"{w.args[0]!r} is not a number of Force points")
        return cls(int(w.args[0]))


@dataclass(frozen=True, slots=True)
class Critical:
    """Luke's answer to a critical hit on a Snowspeeder: spend 1 Force point to make it a body hit, or not."""

    spend: bool

    VERBS: ClassVar[tuple[str, ...]] = ("critical",)

    def about(self) -> About:
        """What the action is about (its actor, target, place)."""
        return NOTHING

    def notation(self) -> str:
        """Text form."""
        return "critical force" if self.spend else "critical take"

    @classmethod
    def read(cls, w: Words) -> Action:
        """From its words in notation."""
        w.need(1, "'force' or 'take'")
        if w.args[0] not in ("force", "take"):
            raise NotationError("'critical' takes 'force' (spend a point) or 'take'")
        return cls(w.args[0] == "force")


@dataclass(frozen=True, slots=True)
class Choose:
    """Pick the unit an Event card helps (Hotshot Gunner, The Force) or the Walker Veers commands."""

    unit: str

    VERBS: ClassVar[tuple[str, ...]] = ("choose",)

    def about(self) -> About:
        """What the action is about (its actor, target, place)."""
        return About(target=self.unit)

    def notation(self) -> str:
        """Text form."""
        return f"choose {self.unit}"

    @classmethod
    def read(cls, w: Words) -> Action:
        """From its words in notation."""
        w.need(1, "a unit")
        return cls(_unit(w.args[0]))


@dataclass(frozen=True, slots=True)
class Repair:
    """Combat Repair Droids: take one damage marker off a Walker."""

    unit: str
    marker: str  # "blaster", "legs" or "body"

    VERBS: ClassVar[tuple[str, ...]] = ("repair",)

    def about(self) -> About:
        """What the action is about (its actor, target, place)."""
        return About(subject=self.unit)

    def notation(self) -> str:
        """Text form."""
        return f"repair {self.unit} {self.marker}"

    @classmethod
    def read(cls, w: Words) -> Action:
        """From its words in notation."""
        w.need(2, "a Walker and a marker (blaster, legs or body)")
        if w.args[1] not in ("blaster", "legs", "body"):
            raise NotationError("the marker is blaster, legs or body")
        return cls(_unit(w.args[0]), w.args[1])


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
    if isinstance(action, Fire) or isinstance(action, Harpoon):
        return action.force
    if isinstance(action, Armor):
        return action.points
    if isinstance(action, Critical):
        return 1 if action.spend else 0
    return 0


def _force(tokens: list[str]) -> int:
    if not tokens:
        return 0
    if len(tokens) == 1 and re.fullmatch(r"\+[0-9]{1,2}", tokens[0]):
        return int(tokens[0][1:])
    raise NotationError(f"expected Luke's Force points like +2, found {' '.join(tokens)!r}")


def _attack(cls: type[Fire] | type[Harpoon], w: Words) -> Action:
    if len(w.args) < 2:
        raise NotationError(f"'{w.verb}' takes a unit and a target (and +N Force points for Luke)")
    return cls(_unit(w.args[0]), _unit(w.args[1]), _force(list(w.args[2:])))


#: Every action class, in the order the notation's help names their verbs.
ACTION_CLASSES = (Place, Board, AssignLuke, Move, Walk, Fire, Harpoon, Done, Displace, Armor, Critical, Choose, Repair)

parse_action: NotationReader[Action] = NotationReader.of(
    ACTION_CLASSES, template="'{verb}' takes {form}", empty="the line is empty", fold_case=True,
    unknown=lambda verb: f"unknown action {verb!r} ({', '.join(v for c in ACTION_CLASSES for v in c.VERBS)})")
