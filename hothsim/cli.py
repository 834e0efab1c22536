"""The `hothsim` command: the front door to listing and checking data (games arrive with their engines).

A mistake a user can make (a bad file, an unknown id) is answered with one clear message on
stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Sequence

from hothsim import __version__
from hothsim.data.catalog import Catalog, file_kind
from hothsim.data.errors import DataError
from hothsim.data.hexmap import load_hex_map
from hothsim.data.scenario import load_scenario_file
from hothsim.data.squaremap import load_square_map
from hothsim.saves import SaveFileError, read_record

EXIT_USER_ERROR = 2


class UserError(Exception):
    """Something the user can fix; printed as one paragraph, exit code 2."""


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="hothsim",
        description="The Battle of Hoth in the terminal: Star Wars Miniatures skirmish and Assault on Hoth.",
    )
    p.add_argument("--version", action="version", version=f"hothsim {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    pl = sub.add_parser("list", help="list the scenarios (and, with --maps, the maps)",
                        description="List every scenario id with a one-line description.")
    pl.add_argument("--maps", action="store_true", help="also list the map files")
    pl.set_defaults(func=cmd_list)

    pv = sub.add_parser("validate", help="check a map, scenario or save file",
                        description="Check a map, scenario or save file. Prints 'ok' or the exact problem "
                        "(file, line or entry, field) and exits with code 2.")
    pv.add_argument("file", type=Path, help="the file to check")
    pv.set_defaults(func=cmd_validate)
    return p


def cmd_list(args: argparse.Namespace) -> int:
    """Print every scenario id with its one-line description."""
    cat = Catalog.installed()
    scenarios = cat.scenarios()
    if scenarios:
        width = max(len(s.id) for s in scenarios)
        for s in scenarios:
            print(f"{s.id:<{width}}  {s.description}  [{s.game}]")
    else:
        print("No scenarios are installed yet.")
    if args.maps:
        print()
        print("Maps:")
        for path in cat.map_paths():
            m = cat.load_map(path.stem)
            print(f"  {m.id}  {m.name}")
    return 0


def validate_file(path: Path) -> str:
    """Check one file; returns a one-line summary or raises DataError / SaveFileError."""
    kind = file_kind(path)
    if kind == "save":
        rec = read_record(path)
        return f"ok: save of {rec.header.game} scenario {rec.header.scenario}, {len(rec.entries)} decisions"
    if kind == "square-map":
        m = load_square_map(path)
        return f"ok: square map {m.id} ({m.width}x{m.height})"
    if kind == "hex-map":
        h = load_hex_map(path)
        return f"ok: hex map {h.id} ({h.columns}x{h.rows})"
    s = load_scenario_file(path)
    # The map is looked for beside the scenario first (scenarios/maps/), then among the shipped maps.
    local = path.parent / "maps" / f"{s.map}.toml"
    if local.is_file():
        m2 = load_square_map(local) if file_kind(local) == "square-map" else load_hex_map(local)
    else:
        m2 = Catalog.installed().load_map(s.map)
    if (s.game == "skirmish") != hasattr(m2, "width"):
        raise DataError(path, f"a {s.game} scenario cannot use map {s.map!r}, which is on the other grid", field="map")
    return f"ok: {s.game} scenario {s.id} on map {s.map}"


def cmd_validate(args: argparse.Namespace) -> int:
    """Check a file and say 'ok' or exactly what is wrong."""
    print(validate_file(args.file))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    args = _parser().parse_args(argv)
    try:
        return int(args.func(args))
    except (DataError, SaveFileError, UserError) as e:
        print(f"hothsim: {e}", file=sys.stderr)
        return EXIT_USER_ERROR
    except KeyboardInterrupt:
        print("hothsim: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
