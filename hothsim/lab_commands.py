"""The commands that play many games between computer players: `hothsim match` (the games' lines and
tally, their records kept) and `hothsim balance` (what the games say of a scenario's balance)."""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING

from hothsim.ai import PlayerNameError, player_named
from hothsim.arguments import UserError, check_think, options_given, runner_of
from hothsim.data.catalog import Catalog
from hothsim.data.overrides import check_corrections, override_files
from hothsim.games import open_game
from hothsim.kernel.header import SEED_LIMIT
from hothsim.kernel.record import GameRecord
from hothsim.kernel.words import count
from hothsim.match import GameResult, play_match
from hothsim.progress import Progress, printed
from hothsim.saves import SAVE_SUFFIX, write_record

if TYPE_CHECKING:
    from hothsim.balance import Outcome
from hothsim.session import computer_header
from hothsim.runner_errors import ClusterError, WorkerDied


def cmd_match(args: argparse.Namespace) -> int:
    """Play games between computer players and print the results."""
    try:
        rebel, imperial = player_named(args.rebel), player_named(args.imperial)
    except PlayerNameError as e:
        raise UserError(str(e)) from None
    if not 1 <= args.games <= 100_000:
        raise UserError("--games takes a number of games from 1 to 100000")
    if args.seed + args.games - 1 >= SEED_LIMIT:
        raise UserError(f"the games' seeds (--seed and one more for each next game) must stay below {SEED_LIMIT}")
    if args.think is not None:
        check_think(args.think)
    open_game(args.scenario, seed=args.seed, options=options_given(args))  # a bad scenario or option: refused first
    computer = computer_header({"rebel": args.rebel, "imperial": args.imperial}, args.think or rebel.level.think)

    workers, cluster = runner_of(args)
    progress = Progress(args.games) if sys.stderr.isatty() else None

    def keep(result: GameResult) -> None:
        """Write a game's record into --save-dir, its header naming each side's player and the time the game
        began."""
        began = datetime.fromtimestamp(result.began, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        header = replace(result.record.header.with_computer(computer), created=began)
        write_record(args.save_dir / f"{header.scenario}-{result.seed}{SAVE_SUFFIX}",
                     GameRecord(header, result.record.entries))

    def done(result: GameResult) -> None:
        if args.save_dir:
            keep(result)
        if progress is not None:
            progress.count(result.winner)
    try:
        wins = play_match(args.scenario, {"rebel": rebel, "imperial": imperial}, args.games, args.seed, args.think,
                          lambda line: printed(line, progress), options_given(args), done, workers, cluster)
    except WorkerDied as e:
        raise UserError(f"{e}; the games before it are printed (and kept with --save-dir)") from None
    except ClusterError as e:
        raise UserError(str(e)) from None
    finally:
        if progress is not None:
            progress.clear()
    print(f"rebel {wins['rebel']}, imperial {wins['imperial']}, draws {wins['draws']}")
    return 0


def cmd_balance(args: argparse.Namespace) -> int:
    """Play the lab's games and print what they say of the scenario's balance."""
    from hothsim.balance import compared, play_lab, summary

    names = args.players.split(",")
    if len(names) != 2:
        raise UserError("--players takes two players, the Rebels' and the Empire's: --players expert,greedy")
    try:
        rebel, imperial = player_named(names[0]), player_named(names[1])
    except PlayerNameError as e:
        raise UserError(str(e)) from None
    if not 1 <= args.games <= 100_000 or args.seed + args.games - 1 >= SEED_LIMIT:
        raise UserError("--games takes a number of games from 1 to 100000 (their seeds below the limit)")
    if args.think is not None:
        check_think(args.think)
    workers, cluster = runner_of(args)
    labs = {"": None} if args.rules is None else _rules_compared(args.rules)
    for catalog in labs.values():  # a bad scenario, option or correction: refused before any game
        open_game(args.scenario, seed=args.seed, options=options_given(args), catalog=catalog)
    played = (f"{args.scenario}: {count(args.games, 'game')} (seeds {args.seed} to {args.seed + args.games - 1}), "
               f"{names[0]} as the Rebels against {names[1]}")
    if args.html is not None and not args.html.parent.is_dir():
        raise UserError(f"--html writes a page into an existing folder; {args.html.parent} is none")
    print(played)
    found: dict[str, list[Outcome]] = {}
    for heading, catalog in labs.items():
        try:
            found[heading] = play_lab(args.scenario, {"rebel": rebel, "imperial": imperial}, args.games,
                                      args.seed, args.think, options_given(args), workers, catalog, cluster)
        except (WorkerDied, ClusterError) as e:
            raise UserError(str(e)) from None
        print("\n".join(([heading] if heading else []) + summary(found[heading])))
    verdict = compared(*found.values()) if args.rules is not None else ""
    if verdict:
        print("Compared: " + verdict)
    if args.html is not None:
        with_rules = f"; the corrected rules are the corrections in {args.rules}" if args.rules else ""
        _write_page(args.html, args.scenario, played + with_rules, found, verdict)
    return 0


def _write_page(path: Path, scenario: str, played: str, found: dict[str, list[Outcome]], verdict: str) -> None:
    """The lab's page, written whole (a page cut short by a full disk is removed, and said so)."""
    from hothsim import __version__
    from hothsim.balance_page import page

    names = ["shipped rules", "corrected rules"] if len(found) == 2 else [""]
    labs = dict(zip(names, found.values()))
    try:
        path.write_text(page(scenario, played, labs, verdict, __version__), encoding="utf-8")
    except OSError as e:
        path.unlink(missing_ok=True)
        raise UserError(f"could not write the page {path}: {e.strerror or e}") from None
    print(f"The page: {path}")


def _rules_compared(folder: Path) -> dict[str, Catalog]:
    """The balance lab's two sets of rules: the shipped ones alone, and the shipped ones with the
    corrections in `folder` (each checked: a file that corrects nothing is refused)."""
    from hothsim.data.warm import user_cache_dir

    if not folder.is_dir():
        raise UserError(f"--rules takes a folder of corrections laid out like rules/; {folder} is no folder")
    check_corrections(folder)
    if not override_files(folder):
        raise UserError(f"{folder} holds no correction (a file such as skirmish/cards.toml)")
    shipped = Catalog(Catalog.installed().root, warm=user_cache_dir())
    return {"With the shipped rules:": shipped,
            f"With the corrections in {folder}:": Catalog(shipped.root, overrides=folder, warm=user_cache_dir())}
