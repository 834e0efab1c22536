"""The `hothsim` command: the front door to listing and checking data (games arrive with their engines).

A mistake a user can make (a bad file, an unknown id) is answered with one clear message on
stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
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
from hothsim.data.files import read_text
from hothsim.games import LoadError, open_game
from hothsim.kernel.dice import DiceError, ScriptedDice
from hothsim.skirmish.actions import NotationError, parse_action
from hothsim.skirmish.game import IllegalAction

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

    pr = sub.add_parser("run", help="play a scenario headless from a file of actions",
                        description="Apply one action per line (docs/notation.md; blank lines and # comments are "
                        "skipped) and print the state. An illegal action stops the run with exit code 2, naming the "
                        "line and the rule.")
    pr.add_argument("scenario", help="a scenario id from 'hothsim list' or a path to a scenario file")
    pr.add_argument("--actions", type=Path, required=True, help="file of actions, one per line ('-' for stdin)")
    pr.add_argument("--dice", help="scripted d20 results, comma-separated (e.g. 14,7,20); default: seeded dice")
    pr.add_argument("--seed", type=int, default=0, help="seed for the dice (default 0)")
    pr.add_argument("--json", action="store_true", help="print the state, pending decision and log as JSON")
    pr.set_defaults(func=cmd_run)

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
    if s.game == "skirmish":
        open_game(path)  # checks squads, zones and fixed positions against the cards and the map
    else:
        m2, _ = Catalog.installed().map_for(path, s.map)
        if hasattr(m2, "width"):
            raise DataError(path, f"a {s.game} scenario cannot use map {s.map!r}, which is on the other grid",
                            field="map")
    return f"ok: {s.game} scenario {s.id} on map {s.map}"


def cmd_run(args: argparse.Namespace) -> int:
    """Apply a file of actions to a new game and print the result."""
    if args.seed < 0:
        raise UserError("--seed must be 0 or more")
    dice = None
    if args.dice:
        try:
            dice = ScriptedDice([int(x) for x in args.dice.replace(" ", "").split(",") if x])
        except ValueError:
            raise UserError(f"--dice takes whole numbers separated by commas, not {args.dice!r}") from None
    text = sys.stdin.read() if str(args.actions) == "-" else read_text(args.actions)
    game = open_game(args.scenario, seed=args.seed, dice=dice)
    log: list[str] = []
    for n, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            action = parse_action(line)
            events = game.apply(action)
        except NotationError as e:
            raise UserError(f"{args.actions}, line {n}: {e}") from None
        except IllegalAction as e:
            _print_run(game, log, args.json)
            raise UserError(f"{args.actions}, line {n}: {line!r} is illegal: {e.message} (rule: {e.rule})") from None
        except DiceError as e:
            _print_run(game, log, args.json)
            raise UserError(f"{args.actions}, line {n}: {e}") from None
        log.extend(e.text for e in events)
    _print_run(game, log, args.json)
    return 0


def _print_run(game, log: list[str], as_json: bool) -> None:
    d = game.pending
    if as_json:
        out = {"state": game.state.to_json(), "pending": {"player": d.player, "kind": d.kind, "figure": d.figure},
               "log": log, "legal_actions": len(game.legal_actions())}
        print(json.dumps(out, indent=1, sort_keys=True))
        return
    for line in log:
        print(line)
    print(f"-- round {game.state.round}, {d.player or 'nobody'} to decide: {d.kind}"
          + (f" ({d.figure})" if d.figure else "") + (f"; {d.note}" if d.note else ""))


def cmd_validate(args: argparse.Namespace) -> int:
    """Check a file and say 'ok' or exactly what is wrong."""
    print(validate_file(args.file))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    args = _parser().parse_args(argv)
    try:
        return int(args.func(args))
    except (DataError, SaveFileError, UserError, LoadError) as e:
        print(f"hothsim: {e}", file=sys.stderr)
        return EXIT_USER_ERROR
    except KeyboardInterrupt:
        print("hothsim: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
