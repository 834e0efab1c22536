"""Line of sight between every two squares of a map, worked out ahead for one state of its doors.

The exact geometry (`hothsim.kernel.sightlines`) settles most pairs of squares in a few microseconds, but
a pair that needs its full search takes a quarter of a millisecond, and a game's first decisions ask
thousands of pairs no cache has met yet: the computer opponent's first searches in a skirmish spent more
than half their time there (docs/speed.md).  A table holds the answer for every pair of single squares, worked out
by that same geometry, as one bit mask of the squares each square sees; a bigger space sees what any of
its squares sees (`Sight._find_by_squares`), so the table answers for big figures too.

A table is only a copy of what the geometry would answer: it names the barriers it was worked out for (a
digest of the map's size and blocking edges, and the version of the geometry), and a table for other
barriers is never used.  Pure: encoding a table as text and back is here; reading and writing the files is
`hothsim.data.sight_tables`.
"""

from __future__ import annotations

import base64
import hashlib
import zlib
from dataclasses import dataclass

from hothsim.kernel.sightlines import Rect
from hothsim.kernel.squares import Barriers

#: The geometry's version: raise it whenever a change to `hothsim.kernel.sightlines` could change an
#: answer, so that the tables worked out before are no longer used (and the test of the shipped tables
#: fails until they are worked out again).
GEOMETRY = 1


def barrier_digest(barriers: Barriers, width: int, height: int) -> str:
    """A digest of everything a table's answers depend on: the map's size, its blocking edges and the
    geometry's version."""
    text = "|".join((f"geometry {GEOMETRY}", f"{width}x{height}",
                     " ".join(f"{x},{y}" for x, y in sorted(barriers.vertical)),
                     " ".join(f"{x},{y}" for x, y in sorted(barriers.horizontal))))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


@dataclass(frozen=True)
class SightTable:
    """Which single squares see each other on one map with one state of its doors: `rows[y * width + x]`
    has bit `v * width + u` set when square (x, y) sees square (u, v)."""

    width: int
    height: int
    digest: str  # `barrier_digest` of the barriers it was worked out for
    rows: tuple[int, ...]

    def sees(self, a: Rect, d: Rect) -> bool | None:
        """Whether two single-square spaces see each other (None when a space is not a single square on
        the map: the table does not know)."""
        w = self.width
        ax, ay, dx, dy = a[0], a[1], d[0], d[1]
        if (a[2] - ax != 1 or a[3] - ay != 1 or d[2] - dx != 1 or d[3] - dy != 1 or not (0 <= ax < w and 0 <= dx < w)
                or not (0 <= ay < self.height and 0 <= dy < self.height)):
            return None
        return bool(self.rows[ay * w + ax] >> (dy * w + dx) & 1)

    def fits(self, barriers: Barriers, width: int, height: int) -> bool:
        """Whether the table was worked out for these barriers on a map of this size."""
        return (self.width, self.height) == (width, height) and self.digest == barrier_digest(barriers, width, height)

    def _bytes(self) -> bytes:
        """Each row's bytes (little-endian, `(width * height + 7) // 8` of them), one after the other."""
        size = (self.width * self.height + 7) // 8
        return b"".join(row.to_bytes(size, "little") for row in self.rows)

    def encode(self) -> str:
        """The rows' bytes as text: compressed and in base64."""
        return base64.b64encode(zlib.compress(self._bytes(), 9)).decode("ascii")

    def checksum(self) -> str:
        """The sha256 of the rows' bytes (what `encode` compresses), to tell a damaged table."""
        return hashlib.sha256(self._bytes()).hexdigest()

    @staticmethod
    def decode(width: int, height: int, digest: str, text: str, checksum: str | None = None) -> "SightTable":
        """The table `encode` wrote (ValueError when the text is not one of this size, or its bytes do not
        have the `checksum` given)."""
        size = (width * height + 7) // 8
        try:
            # Never more than a table of this size: a small file must not unpack into gigabytes.
            raw = zlib.decompressobj().decompress(base64.b64decode(text.encode("ascii"), validate=True),
                                                  size * width * height + 1)
        except (zlib.error, UnicodeEncodeError) as e:
            raise ValueError(f"not a table: {e}") from None
        if len(raw) != size * width * height:
            raise ValueError(f"a table of {len(raw)} bytes where a {width}x{height} map needs {size * width * height}")
        if checksum is not None and hashlib.sha256(raw).hexdigest() != checksum:
            raise ValueError("a damaged table: its checksum does not hold")
        rows = tuple(int.from_bytes(raw[i * size:(i + 1) * size], "little") for i in range(width * height))
        return SightTable(width, height, digest, rows)

