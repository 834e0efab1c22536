"""A record's header: who played what, every field checked when it is made (`RecordHeader`).

Its own module so that `hothsim.kernel.header_file` (the pydantic model of a header read from a file) and
`hothsim.kernel.record` (the text form) both take it from here, neither from the other.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import datetime

#: What each header field may hold, one table for headers a game writes (`RecordHeader` checks itself)
#: and headers read from a file (`hothsim.kernel.header_file` validates them with pydantic first).
HEADER_PATTERNS = {
    "game": r"[a-z][a-z-]{0,31}",  # a registered game kind (hothsim.games checks which)
    "scenario": r"[a-z0-9][a-z0-9-]{0,63}",
    "data": r"sha256:[0-9a-f]{64}",
    "dice": r"seeded|scripted",
    "source": r"[^\n\r]{0,4096}",  # a scenario file that is not shipped
    # Who the computer plays and how: "imperial normal 1" (side or "both", level, seconds per decision), or
    # each side's player by name, "rebel=expert imperial=ai:hard 0.1" (games between computer players).  The
    # names are the computer's layer's to know and check (`hothsim.session.players_of`), not the record's:
    # a level added later reads in a record written before.
    "computer": r"(((rebel|imperial|both) [a-z]{1,16}|rebel=[a-z][a-z:-]{0,31} imperial=[a-z][a-z:-]{0,31}) "
                r"[0-9]{1,3}(\.[0-9]{1,3})?)?",
    # The game options the players agreed before play: "reshuffle=on" (name=value, space-separated).
    "options": r"([a-z][a-z-]{0,31}=[a-z0-9-]{1,16}( [a-z][a-z-]{0,31}=[a-z0-9-]{1,16}){0,15})?",
}
#: Seeds are whole numbers from 0 up to (not including) this.
SEED_LIMIT = 2**64


class HeaderError(ValueError):
    """A header field that a record cannot hold: names the field."""

    def __init__(self, field_name: str, message: str) -> None:
        self.field = field_name
        self.message = message
        super().__init__(f"header field '{field_name}': {message}")


def computer_parts(computer: str) -> tuple[dict[str, str], float] | None:
    """A header's `computer` line read: each side's player by name ("person", "ai:normal", "expert", ...)
    and the computer's seconds a decision, or None when people play both sides."""
    if not computer:
        return None
    *who, think = computer.split()
    if "=" in who[0]:
        return dict(part.split("=", 1) for part in who), float(think)
    sides, level = who
    players = {side: (f"ai:{level}" if sides in (side, "both") else "person") for side in ("rebel", "imperial")}
    return players, float(think)


def created_problem(value: str) -> str:
    """Why a header's time of creation is not one ("" when it is)."""
    try:
        datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return "must be a date and time like 2026-11-22T10:00:00Z"
    return ""


@dataclass(frozen=True)
class RecordHeader:
    """Who played what: a record's header, every field checked when it is made (HeaderError).

    A plain value rather than a pydantic model, so that starting a game need not import pydantic
    (a fast start); a header read from a file is validated by pydantic first."""

    game: str
    scenario: str
    data: str
    seed: int
    dice: str = "seeded"
    created: str = "1970-01-01T00:00:00Z"
    source: str = ""
    computer: str = ""
    options: str = ""

    def __post_init__(self) -> None:
        for name, pattern in HEADER_PATTERNS.items():
            value = getattr(self, name)
            if type(value) is not str or not re.fullmatch(pattern, value):
                raise HeaderError(name, f"{str(value)[:80]!r} is not a valid value")
        if type(self.seed) is not int or not 0 <= self.seed < SEED_LIMIT:
            raise HeaderError("seed", f"must be a whole number from 0 to {SEED_LIMIT - 1}")
        problem = created_problem(self.created) if type(self.created) is str else "must be text"
        if problem:
            raise HeaderError("created", problem)

    def with_computer(self, computer: str) -> "RecordHeader":
        """The same header saying which sides the computer plays and how."""
        return replace(self, computer=computer)


__all__ = ["HEADER_PATTERNS", "SEED_LIMIT", "HeaderError", "RecordHeader", "computer_parts", "created_problem"]
