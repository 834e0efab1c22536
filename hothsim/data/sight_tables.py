"""The line-of-sight tables shipped beside the maps (`scenarios/maps/NAME.sight.json`): reading them for a
game, and working them out again (`python -m hothsim.data.sight_tables`, after a map or the geometry
changes; `--check` compares every shipped table with the geometry, pair by pair).

A table is a copy of what the exact geometry answers (`hothsim.kernel.sight_table`), never rules data, and
it is only ever a saving: a table that is missing, damaged, or worked out for other barriers (a changed map
or geometry) is left unused and the game asks the geometry itself, as it would without one.  So a table
is read as the warm start's entries are (`hothsim.data.warm`): a small regular file, its format, sizes,
barrier digest and checksum checked by hand, without pydantic, and no error is ever shown for it
(docs/geometry.md, "Tables worked out ahead").
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from hothsim.data.files import data_root, read_regular
from hothsim.kernel.sight_table import SightTable, barrier_digest
from hothsim.kernel.squares import Edge, SquareMap

FORMAT = "hothsim-sight/1"
#: A table file larger than this is not read (hoth-outpost's is about 40 KiB).
TABLE_LIMIT = 1 << 20
#: Characters of base64 a line of the file holds.
CHUNK = 96
#: The most squares a map with a table may have (64 x 64): a table grows as the square of a map's squares,
#: and the shipped maps have 720.
TABLE_SQUARES = 4096


def table_path(map_path: Path) -> Path:
    """Where the tables of a map file are kept: beside it, `NAME.sight.json`."""
    return map_path.with_name(f"{map_path.stem}.sight.json")


def door_states(grid: SquareMap) -> dict[str, frozenset[Edge]]:
    """The states of a map's doors that tables are worked out for, by name: every door closed, and every
    door open (the same state on a map without doors)."""
    states: dict[str, frozenset[Edge]] = {"closed": frozenset()}
    if grid.doors:
        states["open"] = frozenset(grid.doors)
    return states


def read_tables(map_path: Path, grid: SquareMap) -> dict[frozenset[Edge], SightTable]:
    """The tables kept beside a map file that fit the map as it is now, by open doors (none when there is
    no such file, or it is damaged, or it was worked out for other barriers)."""
    if grid.width * grid.height > TABLE_SQUARES:
        return {}
    path = table_path(map_path)
    try:
        text = read_regular(path, TABLE_LIMIT, lambda message, line: ValueError(message))
        document = json.loads(text)
    except (ValueError, RecursionError):
        return {}
    out: dict[frozenset[Edge], SightTable] = {}
    try:
        if document.get("format") != FORMAT or document.get("width") != grid.width or document.get("height") != grid.height:
            return {}
        states = door_states(grid)
        for entry in document["tables"]:
            doors = states.get(entry["doors"])
            if doors is None:
                continue
            digest = barrier_digest(grid.barriers(doors), grid.width, grid.height)
            if entry["digest"] != digest:
                continue
            try:  # checked on the bytes unpacked, not packed again
                out[doors] = SightTable.decode(grid.width, grid.height, digest, "".join(entry["rows"]), entry["checksum"])
            except ValueError:
                continue  # this state's table is damaged; another may still hold
    except (AttributeError, LookupError, TypeError, ValueError):
        return {}
    return out


def tables_document(grid: SquareMap) -> dict[str, Any]:
    """The tables of a map, worked out now, as the file keeps them."""
    from hothsim.kernel.sight import work_out_table  # the geometry, only when tables are made or checked

    entries = []
    for name, doors in door_states(grid).items():
        table = work_out_table(grid.barriers(doors), grid.width, grid.height)
        text = table.encode()
        entries.append({"doors": name, "digest": table.digest, "checksum": table.checksum(),
                        "rows": [text[i:i + CHUNK] for i in range(0, len(text), CHUNK)]})
    return {"format": FORMAT, "map": grid.id, "width": grid.width, "height": grid.height, "tables": entries}


def stale(map_path: Path, grid: SquareMap) -> list[str]:
    """What is wrong with a map's tables, compared pair by pair with the geometry ([] when they hold)."""
    from hothsim.kernel.sight import work_out_table  # the geometry, only when tables are made or checked

    kept = read_tables(map_path, grid)
    problems = []
    for name, doors in door_states(grid).items():
        table = kept.get(doors)
        if table is None:
            problems.append(f"{table_path(map_path).name}: no table for every door {name} that fits the map")
        elif table != work_out_table(grid.barriers(doors), grid.width, grid.height):
            problems.append(f"{table_path(map_path).name}: the table for every door {name} differs from the geometry")
    return problems


def main(argv: list[str]) -> int:
    """Work out the tables of every shipped square map again (or, with --check, compare them)."""
    from hothsim.data.catalog import Catalog
    from hothsim.data.errors import DataError

    check = argv == ["--check"]
    if argv and not check:
        print("usage: python -m hothsim.data.sight_tables [--check]", file=sys.stderr)
        return 2
    catalog = Catalog(data_root())  # the shipped files alone, never your corrections
    failed = 0
    for path in catalog.map_paths():
        try:
            grid = catalog.load_map(path.stem)
        except DataError as e:
            print(e, file=sys.stderr)
            return 1
        if not isinstance(grid, SquareMap) or grid.width * grid.height > TABLE_SQUARES:
            continue  # a hex map (Assault on Hoth's fire needs no such table), or one too big for a table
        if check:
            problems = stale(path, grid)
            failed += bool(problems)
            print("\n".join(problems) if problems else f"{table_path(path).name}: holds")
            continue
        body = json.dumps(tables_document(grid), indent=1)
        table_path(path).write_text(body + "\n", encoding="ascii")
        print(f"{table_path(path).name}: written ({len(body):,} bytes)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
