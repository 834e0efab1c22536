"""A match's progress on standard error, at a terminal: games done, wins so far, time left, drawn again
below each game's line (the lines themselves go to standard output, whole, as when piped)."""

from __future__ import annotations

import sys
import time


class Progress:
    """The progress of a match on standard error, at a terminal only: games done, wins so far, time left."""

    def __init__(self, games: int) -> None:
        self.games, self.done, self.start = games, 0, time.monotonic()
        self.wins = {"rebel": 0, "imperial": 0, "draws": 0}

    def count(self, winner: str | None) -> None:
        """One more game finished."""
        self.done += 1
        self.wins[winner or "draws"] += 1

    def show(self) -> None:
        """The line drawn again (below the games' lines)."""
        left = (time.monotonic() - self.start) / self.done * (self.games - self.done)
        sys.stderr.write(f"\r{self.done}/{self.games} games: rebel {self.wins['rebel']}, imperial "
                         f"{self.wins['imperial']}, draws {self.wins['draws']}; about {int(left) // 60}:"
                         f"{int(left) % 60:02d} left ")
        sys.stderr.flush()

    def clear(self) -> None:
        """The line wiped, so that what follows starts clean."""
        sys.stderr.write("\r\x1b[K")
        sys.stderr.flush()


def printed(line: str, progress: Progress | None) -> None:
    """A game's line on standard output, below the progress line when there is one."""
    if progress is not None:
        progress.clear()
    print(line, flush=True)
    if progress is not None:
        progress.show()
