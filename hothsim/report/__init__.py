"""The after-action report: a finished (or open, secret-free) game told round by round, from its record.

Pure (no I/O): `story(record)` (`hothsim.report.telling`) replays the record (every roll checked) and gathers, for each chapter of the
game (a skirmish's round, an Assault on Hoth turn), the map at its end, the moves and shots made in it,
the units that fell, its transcript lines, the key moments (kills, critical hits, rolls far from their
odds, Transports Away!, Luke's reveal) and each side's dice luck (hits expected from the odds the engine
computes, against hits rolled).  `hothsim.report.page` writes it as HTML or forum text.

This module holds the report's values and the `Chronicler` each game kind has (registered by
`hothsim.report.telling`): how a state's chapter is named, what an action moved or shot at, who fell, the
forces and the secrets, and the SVG of a chapter's map.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, Sequence, TypeVar

from hothsim.kernel.engine import Event

#: A shot whose chance was at most this, and hit, or at least 1 less it, and missed, is a key moment.
LONG_ODDS = 0.25


@dataclass(frozen=True)
class Trail:
    """A unit's move in a chapter, drawn as an arrow: the cells it went through, first to last."""

    unit: str
    side: str
    cells: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Shot:
    """An attack or fire: who at whom (their cells at the time), its chance to hit, whether it hit."""

    side: str
    attacker: str
    target: str
    start: tuple[int, int]
    end: tuple[int, int]
    chance: float
    hit: bool
    entry: int


@dataclass(frozen=True)
class Moment:
    """A key moment: the record entry and what happened, in words."""

    entry: int
    kind: str  # "kill", "critical", "odds", "transports", "secret"
    text: str


@dataclass
class Chapter:
    """One round (skirmish) or turn (Assault on Hoth) of the game."""

    key: int
    title: str
    first: int  # the first record entry in it
    last: int = 0
    game: Any = None  # the game at the chapter's end
    trails: list[Trail] = field(default_factory=list)
    shots: list[Shot] = field(default_factory=list)
    fallen: list[tuple[str, tuple[int, int]]] = field(default_factory=list)  # (unit, its last cell)
    losses: list[tuple[int, str, str]] = field(default_factory=list)  # (entry, side, unit) of each that fell
    lines: list[str] = field(default_factory=list)
    moments: list[Moment] = field(default_factory=list)
    caption: str = ""


@dataclass(frozen=True)
class Luck:
    """A side's dice: shots rolled, hits expected from their odds, hits rolled."""

    side: str
    shots: int
    expected: float
    hits: int


@dataclass(frozen=True)
class Story:
    """Everything the report shows."""

    scenario: str
    scenario_id: str
    game_title: str
    players: str
    result: str
    finished: bool
    forces: tuple[str, ...]
    secrets: tuple[str, ...]
    chapters: tuple[Chapter, ...]
    luck: tuple[Luck, ...]
    moments: tuple[Moment, ...]
    record: str
    svg: tuple[str, ...]  # each chapter's map
    legend: tuple[tuple[str, str], ...] = ()  # (a sample of a mark, in SVG; what it means)


GameT_contra = TypeVar("GameT_contra", contravariant=True)  # the game a chronicler tells
ActionT_contra = TypeVar("ActionT_contra", contravariant=True)  # its action values


class Chronicler(Protocol[GameT_contra, ActionT_contra]):
    """What each game kind tells the report (hothsim.report.skirmish, hothsim.report.assault), generic in the
    game it tells and its actions: each game's chronicler is checked against its own."""

    def chapter(self, game: GameT_contra) -> tuple[int, str]:
        """The chapter a decision made in this state belongs to: its number and title."""
        ...

    def trails(self, before: GameT_contra, action: ActionT_contra, after: GameT_contra) -> list[Trail]:
        """What an action moved, cell by cell."""
        ...

    def shot(self, before: GameT_contra, action: ActionT_contra) -> tuple[str, str, float] | None:
        """An action that rolls to hit: (attacker, target, chance); None for any other."""
        ...

    def cell(self, game: GameT_contra, unit: str) -> tuple[int, int] | None:
        """Where a unit (or an installation) stands, as the map's column and row."""
        ...

    def side_of(self, game: GameT_contra, unit: str) -> str:
        """The side a unit fights for."""
        ...

    def fallen(self, before: GameT_contra, after: GameT_contra) -> list[str]:
        """Units standing before and not after."""
        ...

    def moments(self, before: GameT_contra, events: Sequence[Event], after: GameT_contra) -> list[tuple[str, str]]:
        """Moments of the game's own: (kind, text)."""
        ...

    def forces(self, game: GameT_contra) -> list[str]:
        """Each side's force, in lines."""
        ...

    def secrets(self, steps: Sequence[tuple[str, list[Event], GameT_contra]]) -> list[str]:
        """The hidden information, revealed, with when it became known."""
        ...

    def secret_kept(self, game: GameT_contra) -> bool:
        """Whether a secret is still hidden from a player (the report would reveal it)."""
        ...

    def standing(self, game: GameT_contra) -> str:
        """How the sides stand, in a sentence."""
        ...

    def svg(self, game: GameT_contra, chapter: Chapter) -> str:
        """The chapter's map at its end, with its trails, shots and fallen."""
        ...

    def legend(self, game: GameT_contra) -> list[tuple[str, str]]:
        """What the maps' marks mean: (a sample drawn as the map draws it, its meaning in words)."""
        ...

    def losses(self, game: GameT_contra) -> list[tuple[str, str]]:
        """Each unit lost by the game's end, as (its side, what it is: a card's or a unit type's name)."""
        ...


class SecretKept(ValueError):
    """A game whose record still hides a secret from a player: its report is refused."""
