"""Skirmish actions: small immutable values with a one-line text notation (docs/notation.md).

    place snow-1 ab12          first rebel               activate han
    move han c7 d8 e8          attack snow-1 han +snow-2  force leia move
    end han                    opportunity vader luke    decline vader
    reroll leia                keep leia

Squares are labels (`c7`); a move lists every square its anchor (lowest corner square) steps into.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Union

from hothsim.kernel.engine import NOTHING, SIDES, About, NotationError, Side
from hothsim.kernel.notation import NotationReader, Words
from hothsim.kernel.squares import Square, parse_square, square_label




@dataclass(frozen=True)
class Place:
    """Set a figure up on a square of its side's zone."""

    figure: str
    square: Square

    VERBS: ClassVar[tuple[str, ...]] = ("place",)

    def about(self) -> About:
        """What the action is about (its actor, target, place)."""
        return About(subject=self.figure, place=self.square)

    def notation(self) -> str:
        """Text form."""
        return f"place {self.figure} {square_label(self.square).lower()}"

    @classmethod
    def read(cls, w: Words) -> Action:
        """From its words in notation."""
        w.need(2, "place FIGURE SQUARE")
        return cls(w.args[0], _square(w.args[1]))


@dataclass(frozen=True)
class First:
    """The initiative winner decides which side goes first this round."""

    side: Side

    VERBS: ClassVar[tuple[str, ...]] = ("first",)

    def about(self) -> About:
        """What the action is about (its actor, target, place)."""
        return NOTHING

    def notation(self) -> str:
        """Text form."""
        return f"first {self.side}"

    @classmethod
    def read(cls, w: Words) -> Action:
        """From its words in notation."""
        w.need(1, "first rebel|imperial")
        for side in SIDES:
            if w.args[0] == side:
                return cls(side)
        raise NotationError("'first' takes rebel or imperial")


@dataclass(frozen=True)
class Activate:
    """Start a character's turn."""

    figure: str

    VERBS: ClassVar[tuple[str, ...]] = ("activate",)

    def about(self) -> About:
        """What the action is about (its actor, target, place)."""
        return About(actor=self.figure)

    def notation(self) -> str:
        """Text form."""
        return f"activate {self.figure}"

    @classmethod
    def read(cls, w: Words) -> Action:
        """From its words in notation."""
        w.need(1, "activate FIGURE")
        return cls(w.args[0])


def position_word(p: tuple[int, ...]) -> str:
    """A position of a move's path as the notation writes it: `c7`, or `c7~10` for a big figure squeezing."""
    return square_label((p[0], p[1])).lower() + (f"~{p[2]}{p[3]}" if len(p) == 4 else "")


@dataclass(frozen=True)
class Move:
    """Move along a path of positions (each a step from the one before).  A position is an anchor
    square, or `(x, y, i, j)` (written `c7~10`) for a big figure squeezing through an opening with only
    the narrower block at offset (i, j) of its space."""

    figure: str
    path: tuple[tuple[int, ...], ...]

    VERBS: ClassVar[tuple[str, ...]] = ("move",)

    def about(self) -> About:
        """What the action is about (its actor, target, place)."""
        d = self.destination
        return About(actor=self.figure, place=(d[0], d[1]))  # the anchor's square, squeezed or not

    def notation(self) -> str:
        """Text form."""
        return f"move {self.figure} " + " ".join(position_word(p) for p in self.path)

    @property
    def destination(self) -> tuple[int, ...]:
        """Where the move ends."""
        return self.path[-1]

    @property
    def square(self) -> Square:
        """The square the figure's anchor ends on (a move that ends squeezed is refused, so a legal move's
        destination is a square)."""
        d = self.path[-1]
        return (d[0], d[1])

    @classmethod
    def read(cls, w: Words) -> Action:
        """From its words in notation."""
        w.at_least(2, "move FIGURE SQUARE [SQUARE ...]")
        return cls(w.args[0], tuple(_position(p) for p in w.args[1:]))


@dataclass(frozen=True)
class Attack:
    """Attack an enemy, with allies combining fire (sorted ids)."""

    figure: str
    target: str
    helpers: tuple[str, ...] = ()

    VERBS: ClassVar[tuple[str, ...]] = ("attack",)

    def about(self) -> About:
        """What the action is about (its actor, target, place)."""
        return About(actor=self.figure, target=self.target)

    def notation(self) -> str:
        """Text form."""
        return " ".join([f"attack {self.figure} {self.target}"] + [f"+{h}" for h in self.helpers])

    @classmethod
    def read(cls, w: Words) -> Action:
        """From its words in notation."""
        w.at_least(2, "attack FIGURE TARGET [+HELPER ...]")
        helpers = w.args[2:]
        if any(not h.startswith("+") or len(h) < 2 for h in helpers):
            raise NotationError("combined-fire helpers are written +FIGURE")
        return cls(w.args[0], w.args[1], tuple(sorted(h[1:] for h in helpers)))


@dataclass(frozen=True)
class ForceMove:
    """Spend 1 Force point to move 2 extra squares this turn."""

    figure: str

    VERBS: ClassVar[tuple[str, ...]] = ("force",)

    def about(self) -> About:
        """What the action is about (its actor, target, place)."""
        return About(actor=self.figure)

    def notation(self) -> str:
        """Text form."""
        return f"force {self.figure} move"

    @classmethod
    def read(cls, w: Words) -> Action:
        """From its words in notation."""
        w.at_least(2, "force FIGURE move|grip|sweep|use|deflect|riposte [TARGET]")
        use = w.args[1]
        if use == "move":
            w.need(2, "force FIGURE move")
            return cls(w.args[0])
        if use not in POWER_WORDS:
            raise NotationError(f"unknown Force use {use!r} (move, {', '.join(POWER_WORDS)})")
        if use in ("grip", "use"):
            w.need(3, f"force FIGURE {use} TARGET")
            return ForcePower(w.args[0], use, w.args[2])
        w.need(2, f"force FIGURE {use}")
        return ForcePower(w.args[0], use)


@dataclass(frozen=True)
class ForcePower:
    """Use a named Force power: `grip TARGET`, `sweep`, `use TARGET` (Use the Force on an attack), and
    the reactions `deflect` and `riposte`."""

    figure: str
    power: str
    target: str | None = None

    VERBS: ClassVar[tuple[str, ...]] = ()  # read by ForceMove: the same verb, told apart by the power's word

    def about(self) -> About:
        """What the action is about (its actor, target, place)."""
        return About(actor=self.figure, target=self.target or None)

    @property
    def aimed_at(self) -> str:
        """The figure the power is used on (ValueError for a power used on nobody: the reactions, Sweep)."""
        if self.target is None:
            raise ValueError(f"{self.power} is used on nobody")
        return self.target

    def notation(self) -> str:
        """Text form."""
        return f"force {self.figure} {self.power}" + (f" {self.target}" if self.target else "")

    @classmethod
    def read(cls, w: Words) -> Action:
        """From its words in notation."""
        return ForceMove.read(w)


@dataclass(frozen=True)
class Heal:
    """Heal: remove damage from itself or an adjacent living ally (replaces attacks)."""

    figure: str
    target: str

    VERBS: ClassVar[tuple[str, ...]] = ("heal",)

    def about(self) -> About:
        """What the action is about (its actor, target, place)."""
        return About(actor=self.figure, target=self.target)

    def notation(self) -> str:
        """Text form."""
        return f"heal {self.figure} {self.target}"

    @classmethod
    def read(cls, w: Words) -> Action:
        """From its words in notation."""
        w.need(2, "heal FIGURE TARGET")
        return cls(w.args[0], w.args[1])


@dataclass(frozen=True)
class Harpoon:
    """Harpoon Gun: pin an enemy with Mounted Weapon within 6 squares (replaces attacks)."""

    figure: str
    target: str

    VERBS: ClassVar[tuple[str, ...]] = ("harpoon",)

    def about(self) -> About:
        """What the action is about (its actor, target, place)."""
        return About(actor=self.figure, target=self.target)

    def notation(self) -> str:
        """Text form."""
        return f"harpoon {self.figure} {self.target}"

    @classmethod
    def read(cls, w: Words) -> Action:
        """From its words in notation."""
        w.need(2, "harpoon FIGURE TARGET")
        return cls(w.args[0], w.args[1])


#: The abilities `UseAbility` names, by their word in the notation.
ABILITY_WORDS = {"grenades": "Grenades", "repair": "Industrial Repair", "fire-support": "Fire Support Mission"}


@dataclass(frozen=True)
class UseAbility:
    """A special ability used on a target instead of attacking (`grenades`, `repair`: Industrial Repair) or
    instead of the whole turn (`fire-support`: Fire Support Mission)."""

    figure: str
    ability: str
    target: str

    VERBS: ClassVar[tuple[str, ...]] = tuple(ABILITY_WORDS)

    def about(self) -> About:
        """What the action is about (its actor, target, place)."""
        return About(actor=self.figure, target=self.target)

    def notation(self) -> str:
        """Text form."""
        return f"{self.ability} {self.figure} {self.target}"

    @classmethod
    def read(cls, w: Words) -> Action:
        """From its words in notation."""
        w.need(2, f"{w.verb} FIGURE TARGET")
        return cls(w.args[0], w.verb, w.args[1])


@dataclass(frozen=True)
class Recruit:
    """Add a card to the squad being built in secret."""

    card: str

    VERBS: ClassVar[tuple[str, ...]] = ("recruit",)

    def about(self) -> About:
        """What the action is about (its actor, target, place)."""
        return NOTHING

    def notation(self) -> str:
        """Text form."""
        return f"recruit {self.card}"

    @classmethod
    def read(cls, w: Words) -> Action:
        """From its words in notation."""
        w.need(1, "recruit CARD")
        return cls(w.args[0])


@dataclass(frozen=True)
class Ready:
    """The squad being built is complete."""

    VERBS: ClassVar[tuple[str, ...]] = ("ready",)

    def about(self) -> About:
        """What the action is about (its actor, target, place)."""
        return NOTHING

    def notation(self) -> str:
        """Text form."""
        return "ready"

    @classmethod
    def read(cls, w: Words) -> Action:
        """From its words in notation."""
        w.need(0, "ready")
        return cls()


@dataclass(frozen=True)
class EndTurn:
    """End the acting character's turn."""

    figure: str

    VERBS: ClassVar[tuple[str, ...]] = ("end",)

    def about(self) -> About:
        """What the action is about (its actor, target, place)."""
        return About(actor=self.figure)

    def notation(self) -> str:
        """Text form."""
        return f"end {self.figure}"

    @classmethod
    def read(cls, w: Words) -> Action:
        """From its words in notation."""
        w.need(1, "end FIGURE")
        return cls(w.args[0])


@dataclass(frozen=True)
class Opportunity:
    """An enemy attacks the mover as it is about to leave an adjacent square."""

    figure: str
    target: str

    VERBS: ClassVar[tuple[str, ...]] = ("opportunity",)

    def about(self) -> About:
        """What the action is about (its actor, target, place)."""
        return About(actor=self.figure, target=self.target)

    def notation(self) -> str:
        """Text form."""
        return f"opportunity {self.figure} {self.target}"

    @classmethod
    def read(cls, w: Words) -> Action:
        """From its words in notation."""
        w.need(2, "opportunity FIGURE TARGET")
        return cls(w.args[0], w.args[1])


@dataclass(frozen=True)
class Decline:
    """An enemy passes up the attack of opportunity at this step."""

    figure: str

    VERBS: ClassVar[tuple[str, ...]] = ("decline",)

    def about(self) -> About:
        """What the action is about (its actor, target, place)."""
        return About(actor=self.figure)

    def notation(self) -> str:
        """Text form."""
        return f"decline {self.figure}"

    @classmethod
    def read(cls, w: Words) -> Action:
        """From its words in notation."""
        w.need(1, "decline FIGURE")
        return cls(w.args[0])


@dataclass(frozen=True)
class Reroll:
    """Spend 1 Force point to reroll the attack just made."""

    figure: str

    VERBS: ClassVar[tuple[str, ...]] = ("reroll",)

    def about(self) -> About:
        """What the action is about (its actor, target, place)."""
        return About(actor=self.figure)

    def notation(self) -> str:
        """Text form."""
        return f"reroll {self.figure}"

    @classmethod
    def read(cls, w: Words) -> Action:
        """From its words in notation."""
        w.need(1, "reroll FIGURE")
        return cls(w.args[0])


@dataclass(frozen=True)
class Keep:
    """Keep the attack roll just made."""

    figure: str

    VERBS: ClassVar[tuple[str, ...]] = ("keep",)

    def about(self) -> About:
        """What the action is about (its actor, target, place)."""
        return About(actor=self.figure)

    def notation(self) -> str:
        """Text form."""
        return f"keep {self.figure}"

    @classmethod
    def read(cls, w: Words) -> Action:
        """From its words in notation."""
        w.need(1, "keep FIGURE")
        return cls(w.args[0])


Action = Union[Place, First, Activate, Move, Attack, ForceMove, ForcePower, Heal, Harpoon, UseAbility, Recruit, Ready,
               EndTurn, Opportunity, Decline, Reroll, Keep]

#: Force powers by their word in the notation.
POWER_WORDS = {"grip": "Force Grip", "sweep": "Lightsaber Sweep", "use": "Use the Force",
               "deflect": "Lightsaber Deflect", "riposte": "Lightsaber Riposte"}


def _square(word: str) -> Square:
    try:
        return parse_square(word)
    except ValueError as e:
        raise NotationError(str(e)) from None


def _position(word: str) -> tuple[int, ...]:
    """`c7`, or `c7~10` for a squeezed position (anchor, then the block's offset in x and y)."""
    square, sep, offset = word.partition("~")
    if not sep:
        return _square(square)
    if len(offset) != 2 or not offset.isdigit():
        raise NotationError(f"{word!r}: a squeezed position is written like c7~10 (anchor, then two digits)")
    return (*_square(square), int(offset[0]), int(offset[1]))


#: Every action class: the notation's parser is built from them.
ACTION_CLASSES = (Place, First, Activate, Move, Attack, ForceMove, ForcePower, Heal, Harpoon, UseAbility, Recruit,
                  Ready, EndTurn, Opportunity, Decline, Reroll, Keep)

parse_action: NotationReader[Action] = NotationReader.of(
    ACTION_CLASSES, template="'{verb}' is written '{form}'", empty="an empty line is not an action",
    unknown=lambda verb: f"unknown action {verb!r}")
