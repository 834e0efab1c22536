"""The game in words: a state, a unit, a square or hex, a choice, as short English sentences.

Pure (no I/O, no clock): the plain-text mode reads it aloud line by line, and anything else that needs the
game in words may use it.  Each line puts its key word first (the unit, the square, the choice) so a
screen reader's listener hears what the line is about at once; words, not symbols ("to", never an arrow);
compass directions spelled out, north being the top of the map.

Every game kind has its describer, registered in `hothsim.describe.describers`; `words_for(game)` there
finds it.
What a describer says of units comes from the viewer's observation (`game.observation(viewer)`), so a
secret (Luke's Snowspeeder, a squad built in secret) is never spoken to the side that may not know it.
"""

from __future__ import annotations

import math
from typing import Hashable, Protocol, Sequence, TypeVar

from hothsim.kernel.engine import IllegalAction, Side

#: The eight compass points, clockwise from north (the top of the map).
COMPASS = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")


def compass(dx: float, dy: float) -> str:
    """The compass point nearest a direction on the map (`dy` grows southward, down the map); "here" for
    none."""
    if abs(dx) < 1e-9 and abs(dy) < 1e-9:
        return "here"
    angle = math.degrees(math.atan2(dx, -dy)) % 360
    return COMPASS[int((angle + 22.5) // 45) % 8]


def spoken(text: str) -> str:
    """A line of the game's log in words: an arrow is read "to"; anything not printable is dropped (a plain
    line never moves the cursor or changes colour)."""
    text = text.replace(" -> ", " to ").replace("->", " to ")
    return "".join(ch for ch in text if ch.isprintable())


GameT_contra = TypeVar("GameT_contra", contravariant=True)  # the game a describer speaks of
ActionT = TypeVar("ActionT")  # its action values


class Describer(Protocol[GameT_contra, ActionT]):
    """What each game kind says about its games (hothsim.describe.skirmish, hothsim.describe.assault).
    `viewer` is the side whose eyes the words are for (None: everything is public to the reader).  It is
    generic in the game it speaks of and its actions: each game's describer is checked against its own."""

    unit_word: str  # "figure" or "unit"
    place_word: str  # "square" or "hex"

    def decision(self, game: GameT_contra) -> str:
        """Whose decision is pending and what it is, in one line."""
        ...

    def status(self, game: GameT_contra, viewer: Side | None) -> list[str]:
        """Round, phase, who acts, how the sides stand."""
        ...

    def units(self, game: GameT_contra, viewer: Side | None, which: str) -> list[str]:
        """A line per unit: `which` is "all", "mine" or "enemy" (as seen by `viewer`)."""
        ...

    def look(self, game: GameT_contra, viewer: Side | None, what: str) -> list[str]:
        """A square, hex or unit described (an empty list: nothing of that name)."""
        ...

    def near(self, game: GameT_contra, viewer: Side | None, unit: str) -> list[str]:
        """The other units by distance from `unit`, with direction, sight and cover."""
        ...

    def around(self, game: GameT_contra, viewer: Side | None, unit: str) -> list[str]:
        """The squares or hexes next to `unit`, clockwise from north."""
        ...

    def landmarks(self, game: GameT_contra, viewer: Side | None) -> list[str]:
        """Objectives and named places, with distances from the unit acting (if any)."""
        ...

    def map_lines(self, game: GameT_contra, viewer: Side | None) -> list[str]:
        """The map as text with its coordinates, then a key."""
        ...

    def map_words(self, game: GameT_contra, viewer: Side | None) -> list[str]:
        """The map read aloud: a row a line, its runs of ground other than clear and its units, by name."""
        ...

    def choice(self, game: GameT_contra, action: ActionT) -> str:
        """A choice as one line: its notation first, then what it would do (odds, distance)."""
        ...

    def actor(self, action: ActionT) -> str | None:
        """The unit an action is made by, if any."""
        ...

    def is_shot(self, action: ActionT) -> bool:
        """Whether an action attacks or fires (the `targets` command lists these)."""
        ...

    def is_secret(self, action: ActionT) -> bool:
        """Whether a choice is a secret from the other player (Luke's Snowspeeder, a card recruited in
        secret): it is never said back, since the other player may read what was said before."""
        ...

    def is_variant(self, action: ActionT) -> bool:
        """Whether a shot is a costlier form of another (Luke's Force added, allies combining fire): listed
        by `targets`, not among the first choices."""
        ...

    def is_spread(self, action: ActionT) -> bool:
        """Whether an action is one of many of its unit's that differ in where it goes (moves, set-up),
        summarised by area rather than listed (the `moves` command lists them)."""
        ...

    def same_end(self, game: GameT_contra, action: ActionT) -> Hashable:
        """What a spread action comes to (a Walker's walk: its end hex and facing), so that `moves` lists
        one way to each end: the other orders of the same steps are left out."""
        ...

    def in_order(self, game: GameT_contra, actions: Sequence[ActionT]) -> tuple[str, list[ActionT]]:
        """A unit's spread actions in the order a player looks at them (nearest the enemy, or the goal,
        first), with a line saying what the order is."""
        ...

    def spread_summary(self, game: GameT_contra, unit: str, actions: Sequence[ActionT]) -> str:
        """One line summing up a unit's spread actions (how many, the area, the nearest to the enemy)."""
        ...

    def shorthand(self, game: GameT_contra, text: str) -> ActionT | None:
        """An action written shorter than its notation (a move by its destination alone), else None."""
        ...

    def meant_refusal(self, game: GameT_contra, action: ActionT) -> IllegalAction | None:
        """Why a refused action cannot be what the player meant, in those terms (a move to a square out of
        reach: too far, not a step it may not take), else None (the game's own refusal says it)."""
        ...

    def unit_ids(self, game: GameT_contra, viewer: Side | None) -> list[str]:
        """Every unit's id, in the game's order."""
        ...


def units_meant(ids: Sequence[str], text: str) -> list[str]:
    """The ids a player may have meant: the exact id alone, else every id beginning with the text."""
    text = text.strip().lower()
    if text in ids:
        return [text]
    return [i for i in ids if i.startswith(text)] if text else []


def unit_named(ids: Sequence[str], text: str) -> str | None:
    """The id a player meant, when only one fits (see `units_meant`)."""
    meant = units_meant(ids, text)
    return meant[0] if len(meant) == 1 else None


def side_words(side: str | None) -> str:
    """A side's name as a player says it."""
    return {"rebel": "Rebel", "imperial": "Imperial"}.get(side or "", "nobody")


#: A cell of a row read aloud: its label, its ground in words ("" for clear ground), the unit named there.
Cell = tuple[str, str, str]


def rows_in_words(rows: Sequence[tuple[int, Sequence[Cell]]]) -> list[str]:
    """Rows of the map read aloud (`map` in plain mode): in each, the runs of ground other than clear ("low
    objects G12 to H12, K12") and the units standing there ("hoth-trooper-1 at H12"); rows of clear ground
    alone and empty are said together ("Rows 16 to 20: clear")."""
    lines: list[str] = []
    quiet: list[int] = []

    def flush() -> None:
        if quiet:
            span = f"Row {quiet[0]}" if len(quiet) == 1 else f"Rows {quiet[0]} to {quiet[-1]}"
            lines.append(f"{span}: clear.")
            quiet.clear()

    for number, cells in rows:
        runs: dict[str, list[list[str]]] = {}
        last = ""
        for label, ground, _ in cells:
            if ground and ground == last:
                runs[ground][-1].append(label)
            elif ground:
                runs.setdefault(ground, []).append([label])
            last = ground
        said = [f"{ground} " + ", ".join(run[0] if len(run) == 1 else f"{run[0]} to {run[-1]}" for run in spans)
                for ground, spans in runs.items()]
        said += [f"{unit} at {label}" for label, _, unit in cells if unit]
        if not said:
            quiet.append(number)
            continue
        flush()
        lines.append(f"Row {number}: " + "; ".join(said) + ".")
    flush()
    return lines
