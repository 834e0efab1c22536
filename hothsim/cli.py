"""The `hothsim` command: the front door to listing and checking data (games arrive with their engines).

A mistake a user can make (a bad file, an unknown id) is answered with one clear message on
stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import textwrap
from datetime import datetime, timezone
from pathlib import Path
from typing import Sequence

from hothsim import __version__
from hothsim.data.catalog import Catalog, file_kind
from hothsim.data.errors import DataError
from hothsim.kernel.options import OptionError
from hothsim.saves import CutShortSave, SaveFileError, SaveInfo, list_saves, read_record, remote_paths, \
    unused_save, user_save_dir, write_record, write_text_file
from hothsim.data.files import DATA_LIMIT, read_text
from hothsim.data.overrides import check_corrections, override_files, user_rules_dir
from hothsim.games import LoadError, kind_named, load_game, open_game, replay_steps, replayable_part, transcript
from hothsim.ai import LEVELS, PLAYER_NAMES
from hothsim.session import PERSON, Session, new_session
from hothsim.kernel.dice import DiceError, ScriptedDice
from hothsim.kernel.engine import SIDES, GameView, IllegalAction, NotationError
from hothsim.kernel.header import computer_parts
from hothsim.kernel.record import GameRecord, complete_part
from hothsim.kernel.words import count
from hothsim.arguments import UserError, add_options, add_runner, check_think, options_given, seed_argument

EXIT_USER_ERROR = 2


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

    pp = sub.add_parser("play", help="play a scenario in the terminal, hot-seat or against the computer",
                        description="Two players at one keyboard, or one against the computer (--ai). The game is "
                        "saved after every decision.")
    pp.add_argument("scenario", help="a scenario id from 'hothsim list' or a path to a scenario file")
    pp.add_argument("--seed", type=seed_argument, help="seed for the dice (default: a fresh one)")
    pp.add_argument("--save", type=Path, help="where to save (default: your hothsim saves folder)")
    pp.add_argument("--ai", choices=("rebel", "imperial", "both"),
                    help="the side the computer plays (both: watch it play itself)")
    pp.add_argument("--level", choices=tuple(LEVELS), default="normal", help="how hard the computer thinks "
                    "(default normal)")
    pp.add_argument("--think", type=float, metavar="SECONDS",
                    help="the seconds the computer thinks per decision (default: the level's, "
                    + ", ".join(f"{n} {lv.think:g}" for n, lv in LEVELS.items()) + ")")
    pp.add_argument("--plain", action="store_true", help="play in plain text, a line at a time (for screen readers "
                    "and terminals without curses; chosen anyway when there is no terminal or TERM=dumb)")
    add_options(pp)
    pp.set_defaults(func=cmd_play)

    pe = sub.add_parser("resume", help="continue a saved game",
                        description="Continue a saved game: the named save, or pick one of the recent ones.")
    pe.add_argument("save", type=Path, nargs="?", help="a save file (default: choose from the saves folder)")
    pe.add_argument("--plain", action="store_true", help="play in plain text, a line at a time (as for play)")
    pe.set_defaults(func=cmd_resume)

    pl2 = sub.add_parser("replay", help="step through a saved game, or print it as text",
                         description="Step forward and back through every decision of a saved game (left/right, "
                         "[ and ] jump a round), or print a transcript with --text.")
    pl2.add_argument("save", type=Path, help="the save file")
    pl2.add_argument("--text", action="store_true", help="print a readable transcript with every roll explained")
    pl2.set_defaults(func=cmd_replay)

    pr = sub.add_parser("run", help="play a scenario headless from a file of actions",
                        description="Apply one action per line (docs/notation.md; blank lines and # comments are "
                        "skipped) and print the state. An illegal action stops the run with exit code 2, naming the "
                        "line and the rule.")
    pr.add_argument("scenario", help="a scenario id from 'hothsim list' or a path to a scenario file")
    pr.add_argument("--actions", type=Path, required=True, help="file of actions, one per line ('-' for stdin)")
    pr.add_argument("--dice", help="scripted results, comma-separated: die faces (14,7,20), fire dice (V,S,B) and "
                    "card orderings (2/0/1); default: seeded dice")
    pr.add_argument("--seed", type=seed_argument, default=0, help="seed for the dice (default 0)")
    pr.add_argument("--json", action="store_true", help="print the state, pending decision and log as JSON")
    add_options(pr)
    pr.set_defaults(func=cmd_run)

    pm = sub.add_parser("match", help="play games between computer players, headless",
                        description="Play games of a scenario between computer players and print one line per "
                        "game, then the wins of each side. Players: " + ", ".join(PLAYER_NAMES) + ".")
    pm.add_argument("scenario", help="a scenario id from 'hothsim list' or a path to a scenario file")
    pm.add_argument("--rebel", default="ai", help="who plays the Rebels (default ai)")
    pm.add_argument("--imperial", default="ai", help="who plays the Empire (default ai)")
    pm.add_argument("--games", type=int, default=1, help="how many games (default 1)")
    pm.add_argument("--seed", type=seed_argument, default=0, help="the first game's seed; each next game adds 1 (default 0)")
    pm.add_argument("--think", type=float, metavar="SECONDS",
                    help="the seconds a computer player thinks per decision (default: its level's)")
    add_runner(pm)
    pm.add_argument("--save-dir", type=Path, metavar="DIR",
                    help="keep each game's record in DIR as SCENARIO-SEED.hothsim (to report or replay it)")
    add_options(pm)
    pm.set_defaults(func=cmd_match)

    pb = sub.add_parser("balance", help="how a scenario's sides fare over many games between computer players",
                        description="Play many games of a scenario between two computer players and print each "
                        "side's share of wins with its 95% interval, the draws, how and when the games end, "
                        "and each side's average losses.")
    pb.add_argument("scenario", help="a scenario id from 'hothsim list' or a path to a scenario file")
    pb.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    pb.add_argument("--players", default="expert,expert", metavar="A,B",
                    help="the Rebels' player and the Empire's (default expert,expert)")
    pb.add_argument("--seed", type=seed_argument, default=0, help="the first game's seed (default 0)")
    pb.add_argument("--think", type=float, metavar="SECONDS", help="a computer level's seconds per decision")
    add_runner(pb)
    pb.add_argument("--html", type=Path, metavar="OUT",
                    help="also write the findings as one self-contained page with charts (shares with their "
                    "intervals, how long the games lasted)")
    pb.add_argument("--rules", type=Path, metavar="DIR",
                    help="a folder of corrections (laid out like rules/): the same games with the shipped rules "
                    "and with these, and whether the difference is more than chance")
    add_options(pb)
    pb.set_defaults(func=cmd_balance)

    ph = sub.add_parser("host", help="host a game for an opponent at another machine",
                        description="Wait for an opponent at another machine and play a scenario with them. Prints "
                        "the invitation's key (give it to your opponent privately) and the line the opponent "
                        "runs, which asks for the key. Dice are rolled by both machines together, so neither "
                        "player can foresee or choose a roll (docs/remote-play.md). Run without --save, it "
                        "offers a broken-off game of the same scenario and side before starting a new one; "
                        "with the same --save it takes that game up.")
    ph.add_argument("scenario", help="a scenario id from 'hothsim list'")
    ph.add_argument("--side", choices=("rebel", "imperial"), required=True, help="the side this machine plays")
    _remote_arguments(ph)
    ph.add_argument("--port", type=int, default=0, help="the port to listen on (default: any free one)")
    ph.add_argument("--address", default="0.0.0.0",
                    help="the address to listen on (default: every address of this machine)")
    ph.add_argument("--by-mail", action="store_true",
                    help="play by mail instead: write the game's first turn (SAVE.turn) to send to the opponent "
                    "with the key")
    add_options(ph)
    ph.set_defaults(func=cmd_host)

    pj = sub.add_parser("join", help="join a game hosted at another machine",
                        description="Join the game an opponent hosts with 'hothsim host', at the address the host "
                        "printed. The invitation's key is asked for (not shown as it is typed), or read from "
                        "--key-file or HOTHSIM_KEY; never give it on the command line. Run without --save, it "
                        "offers a broken-off game with the same host before starting a new one; with the same "
                        "--save it takes that game up (the key is kept with it).")
    pj.add_argument("address", nargs="?", help="ADDRESS:PORT as the host printed it")
    pj.add_argument("--key", help=argparse.SUPPRESS)  # refused with the reason: see remote_commands
    pj.add_argument("--key-file", type=Path, metavar="FILE", help="a file holding the invitation's key")
    pj.add_argument("--by-mail", type=Path, metavar="TURN",
                    help="join a game played by mail from the host's first turn (a file holding it)")
    _remote_arguments(pj)
    pj.set_defaults(func=cmd_join)

    pt = sub.add_parser("turn", help="play your turn of a game by mail",
                        description="Read the opponent's turn of a game played by mail (a file holding the "
                        "text between its BEGIN and END lines; quoting by a mail program is fine), see what "
                        "it did, play until the opponent is needed again, and write your turn to SAVE.turn "
                        "(also printed) to send back.")
    pt.add_argument("save", type=Path, help="your save of the game")
    pt.add_argument("turn", type=Path, help="the file holding the opponent's turn")
    _player_arguments(pt)
    pt.set_defaults(func=cmd_turn, wait=None)

    pk = sub.add_parser("claim", help="claim a game at two machines that the other side has left waiting",
                        description="Claim a game hosted or joined with 'hothsim host' or 'join' whose other "
                        "side stopped answering while it owed the next move, once it has been silent for the "
                        "game's whole --wait (by mail, a day unless the host said otherwise). The claim is added "
                        "to the conversation beside the save; the other side is shown it when the two meet "
                        "again (by mail, in the turn written). Nobody can prove a silence: a claim is shown, not "
                        "proven, and is withdrawn if the other side's line turns up (docs/remote-play.md).")
    pk.add_argument("save", type=Path, help="the save of the game")
    pk.set_defaults(func=cmd_claim)

    pa = sub.add_parser("report", help="write the after-action report of a saved game",
                        description="The game told round by round: the forces, a map at the end of each round (a "
                        "turn in Assault on Hoth) with its moves and fire, the key moments, each side's dice luck "
                        "against the odds, and the record itself. A game still hiding a secret from a player is "
                        "refused until it is over.")
    pa.add_argument("save", type=Path, help="the save file")
    pa.add_argument("--html", type=Path, metavar="OUT", help="write one self-contained HTML page (maps as SVG)")
    pa.add_argument("--text", type=Path, metavar="OUT", help="write forum-ready text (maps in code blocks)")
    pa.set_defaults(func=cmd_report)

    pc = sub.add_parser("cards", help="every card and unit with its values and where each value comes from",
                        description="List every skirmish stat card and Assault on Hoth unit and card with its "
                        "values and each value's source: rulebook, public, reconstructed, or yours (your "
                        "corrections in " + str(user_rules_dir()) + ", same format as rules/).")
    pc.set_defaults(func=cmd_cards)

    pv = sub.add_parser("validate", help="check a map, scenario, rules or save file",
                        description="Check a map, scenario, rules or save file (a rules file as a correction "
                        "of the shipped one). Prints 'ok' or the exact problem "
                        "(file, line or entry, field) and exits with code 2.")
    pv.add_argument("file", type=Path, help="the file to check")
    pv.set_defaults(func=cmd_validate)
    return p


def _remote_arguments(parser: argparse.ArgumentParser) -> None:
    """What `host` and `join` both take."""
    parser.add_argument("--save", type=Path, help="where to save (default: your hothsim saves folder); the "
                        "conversation and this side's secrets are kept beside it (SAVE-remote, SAVE-private)")
    parser.add_argument("--wait", type=float, metavar="SECONDS",
                        help="how long to wait for the opponent's next move before stopping (default 600); the "
                        "game stays saved, and may be claimed once the other side has been silent that long (by "
                        "mail: only the claim's wait, default a day)")
    parser.add_argument("--new", action="store_true",
                        help="begin a new game even if a broken-off one is found in the saves folder")
    _player_arguments(parser)


def _player_arguments(parser: argparse.ArgumentParser) -> None:
    """Who plays this side of a game at two machines (`host`, `join`, `turn`)."""
    parser.add_argument("--player", metavar="NAME",
                        help="a computer player plays this side headless, printing a line per decision ("
                        + ", ".join(PLAYER_NAMES) + "); without it you play, in the terminal screen")
    parser.add_argument("--plain", action="store_true", help="play in plain text, a line at a time (for screen "
                        "readers; chosen anyway when there is no terminal)")
    parser.add_argument("--think", type=float, metavar="SECONDS",
                        help="the seconds the computer player thinks per decision (default: its level's)")


def _remote(args: argparse.Namespace) -> None:
    """What every remote command checks of its arguments before it begins."""
    if args.think is not None:
        check_think(args.think)
    if args.wait is not None and not 0 < args.wait <= 86400:
        raise UserError("--wait must be more than 0 and at most 86400 seconds (a day)")


def _review(record: GameRecord, first: int, plain: bool) -> None:
    """A turn received by mail, stepped through in the replay screen from its first decision (q goes on to
    play); in plain text, or without a terminal, its decisions are printed instead."""
    if plain or not (sys.stdin.isatty() and sys.stdout.isatty()) or os.environ.get("TERM", "") == "dumb":
        return
    from hothsim.tui.replay import replay_screen

    replay_screen(replay_steps(record), first)


def cmd_host(args: argparse.Namespace) -> int:
    """Host a remote game and play it."""
    from hothsim.hosting import RemoteUsage
    from hothsim import remote_commands

    if not 0 <= args.port < 65536:
        raise UserError("--port must be from 0 (any free port) to 65535")
    _remote(args)
    args.options = options_given(args)
    try:
        return remote_commands.cmd_host(args, _play, _review)
    except RemoteUsage as e:
        raise UserError(str(e)) from None


def cmd_join(args: argparse.Namespace) -> int:
    """Join a remote game and play it."""
    from hothsim.hosting import RemoteUsage
    from hothsim import remote_commands

    _remote(args)
    try:
        return remote_commands.cmd_join(args, _play, _review)
    except RemoteUsage as e:
        raise UserError(str(e)) from None


def cmd_turn(args: argparse.Namespace) -> int:
    """Play a turn of a game by mail."""
    from hothsim.hosting import RemoteUsage
    from hothsim import remote_commands

    _remote(args)
    try:
        return remote_commands.cmd_turn(args, _play, _review)
    except RemoteUsage as e:
        raise UserError(str(e)) from None


def cmd_claim(args: argparse.Namespace) -> int:
    """Claim a remote game the other side has left waiting."""
    from hothsim.hosting import RemoteUsage
    from hothsim import remote_commands

    try:
        return remote_commands.cmd_claim(args)
    except RemoteUsage as e:
        raise UserError(str(e)) from None


def cmd_list(args: argparse.Namespace) -> int:
    """Print every scenario id with its one-line description."""
    cat = Catalog.installed()
    scenarios = cat.scenarios()
    if scenarios:
        width = max(len(s.id) for s in scenarios)
        for s in scenarios:
            print(textwrap.fill(f"{s.id:<{width}}  {s.description}  [{s.game}]", terminal_width(),
                                subsequent_indent=" " * (width + 2)))
            for option in kind_named(s.game).options(s):  # the options the players agree on before play
                print(textwrap.fill(f"--{option.name} {'|'.join(option.values)} (default {option.default}): "
                                    f"{option.about}", terminal_width(), initial_indent=" " * (width + 2),
                                    subsequent_indent=" " * (width + 4)))
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
    from hothsim.data.hexmap import load_hex_map  # the validating loaders: only for the command that needs them
    from hothsim.data.scenario import load_scenario_file
    from hothsim.data.squaremap import load_square_map

    remote = _remote_save(path)
    if remote is not None:  # a game at two machines: its conversation replayed through every check
        from hothsim.hosting import RemoteUsage, restore

        try:
            _, peer = restore(remote)
        except RemoteUsage as e:
            raise SaveFileError(str(e)) from None
        return (f"ok: the conversation of a game at two machines ({peer.game.record.header.scenario}), "
                f"{count(len(peer.lines), 'line')}, this side the {peer.side}")
    if str(path).endswith(".turn"):
        from hothsim.saves import read_turn

        return f"ok: a turn of {count(len(read_turn(path)), 'line')} (checked against the game by hothsim turn)"
    kind = file_kind(path)
    if kind == "save":
        rec = read_record(path)
        load_game(rec)  # a save is good only if it replays: every decision legal, every roll as recorded
        return f"ok: save of {rec.header.game} scenario {rec.header.scenario}, {len(rec.entries)} decisions" + \
            (_sealed(path, rec) if rec.seals else "")
    if kind == "square-map":
        m = load_square_map(path)
        return f"ok: square map {m.id} ({m.width}x{m.height})"
    if kind == "hex-map":
        h = load_hex_map(path)
        return f"ok: hex map {h.id} ({h.columns}x{h.rows})"
    if kind == "rules":
        from hothsim.opening import check_rules_file

        return "ok: " + check_rules_file(Catalog.installed(), path)
    s = load_scenario_file(path)
    open_game(path)  # checks forces, squads, zones and fixed positions against the rules data and the map
    return f"ok: {s.game} scenario {s.id} on map {s.map}"


def _sealed(path: Path, record: GameRecord) -> str:
    """What a sealed record's seals say (a game at two machines, signed by both sides); SaveFileError if one
    is not of this record."""
    from hothsim.remote.messages import RemoteError
    from hothsim.remote.peer import sealed_by

    try:
        keys = sealed_by(record)
    except RemoteError as e:
        raise SaveFileError(f"{path}: {e}") from None
    return ", sealed by " + " and ".join(f"the {side} side (key {key[:16]}...)" for side, key in keys.items())


def _remote_save(path: Path) -> Path | None:
    """The save a remote game's conversation or private file sits beside (None for any other file)."""
    for suffix in ("-remote", "-private"):
        if str(path).endswith(suffix):
            return Path(str(path)[: -len(suffix)])
    return None


def cmd_run(args: argparse.Namespace) -> int:
    """Apply a file of actions to a new game and print the result."""
    dice = ScriptedDice(parse_dice(args.dice)) if args.dice else None
    if str(args.actions) == "-":
        text = sys.stdin.read(DATA_LIMIT + 1)
        if len(text) > DATA_LIMIT:
            raise UserError(f"the actions on standard input are longer than {DATA_LIMIT:,} characters")
    else:
        text = read_text(args.actions)
    session = Session(open_game(args.scenario, seed=args.seed, dice=dice, options=options_given(args)))  # no save file
    for n, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            session.apply(session.kind.parse_action(line))
        except NotationError as e:
            raise UserError(f"{args.actions}, line {n}: {e}") from None
        except IllegalAction as e:
            _print_run(session, args.json)
            raise UserError(f"{args.actions}, line {n}: {line!r} is illegal: {e.message} (rule: {e.rule})") from None
        except DiceError as e:
            _print_run(session, args.json)
            raise UserError(f"{args.actions}, line {n}: {e}") from None
    _print_run(session, args.json)
    return 0


def parse_dice(text: str) -> list[int | str | tuple[int, ...]]:
    """`--dice` results: whole numbers (d20, d6, 2d6 faces), V/S/B (fire dice) and card orderings written
    with slashes (`2/0/1` shuffles a three-card deck)."""
    out: list[int | str | tuple[int, ...]] = []
    for tok in text.replace(" ", "").split(","):
        if not tok:
            continue
        if tok.upper() in ("V", "S", "B"):
            out.append(tok.upper())
        elif "/" in tok:
            try:
                out.append(tuple(int(x) for x in tok.split("/")))
            except ValueError:
                raise UserError(f"--dice: {tok!r} is not an ordering of cards like 2/0/1") from None
        else:
            try:
                out.append(int(tok))
            except ValueError:
                raise UserError(f"--dice takes whole numbers, V/S/B fire faces and orderings like 2/0/1 "
                                f"separated by commas, not {tok!r}") from None
    return out


def _print_run(session: Session, as_json: bool) -> None:
    game = session.game
    d = game.pending
    if as_json:
        out = {"state": game.state.to_json(), "pending": {"player": d.player, "kind": d.kind, "figure": d.actor},
               "log": session.log, "legal_actions": len(game.legal_actions())}
        print(json.dumps(out, indent=1, sort_keys=True))
        return
    for line in session.log:
        print(line)
    print(f"-- {game.progress()}, {d.player or 'nobody'} to decide: {d.kind}"
          + (f" ({d.actor})" if d.actor else "") + (f"; {d.note}" if d.note else ""))


def _need_terminal() -> None:
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise UserError("this command draws the game in a terminal; run it in one (or use 'hothsim run')")


def _play(session: Session, plain: bool) -> None:
    """Play a session in the terminal's screen, or in plain text: when asked, when there is no terminal to
    draw in, or when the terminal says it cannot draw (TERM=dumb)."""
    no_screen = not (sys.stdin.isatty() and sys.stdout.isatty()) or os.environ.get("TERM", "") == "dumb"
    if plain or no_screen:
        from hothsim.plain import play_plain

        if not plain:
            print("No terminal screen to draw the game in: playing in plain text, a line at a time (--plain).")

        def read(prompt: str) -> str | None:
            if sys.stdin.isatty():  # a prompt only for a person (or a program) at a terminal
                sys.stdout.write(prompt)
                sys.stdout.flush()
            line = sys.stdin.readline()
            return line if line else None
        play_plain(session, read, lambda text: print(text, flush=True))
        return
    from hothsim.tui.app import play

    play(session)


def cmd_play(args: argparse.Namespace) -> int:
    """Start a new game (hot-seat, or against the computer) and play it."""
    now = datetime.now(timezone.utc)
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    think = LEVELS[args.level].think if args.think is None else args.think
    check_think(think)
    players = {side: f"ai:{args.level}" if args.ai in (side, "both") else PERSON for side in SIDES}
    game = open_game(args.scenario, seed=seed, created=now.strftime("%Y-%m-%dT%H:%M:%SZ"), options=options_given(args))
    save = args.save or unused_save(user_save_dir(), f"{game.setup.scenario_id}-{now.strftime('%Y%m%d-%H%M%S')}")
    session = new_session(game, save, players, think)
    _play(session, args.plain)
    print(_saved_words(session.game, save))
    return 0


def _saved_words(game: GameView, save: Path) -> str:
    """The last line a played game prints: where it is saved, and what can be done with it next (a game
    that is over is replayed, not continued)."""
    if game.is_over:
        return f"Saved: {save}  (the game is over: hothsim replay {save} steps through it)"
    return f"Saved: {save}  (continue with: hothsim resume {save})"


#: Wrong answers the resume picker takes before it gives up (a closed input ends it at once).
PICK_TRIES = 5


def cmd_resume(args: argparse.Namespace) -> int:
    """Continue a saved game."""
    path = args.save if args.save is not None else pick_save()
    if remote_paths(path)[1].exists():
        raise UserError(f"{path} is a game at two machines: take it up with the same hothsim host or join command "
                        f"(or, by mail, hothsim turn {path} THEIR-TURN)")
    try:
        record = read_record(path)
    except CutShortSave as e:
        path, record = recovered_save(path, e)
    session = Session.resume(record, path)
    _play(session, args.plain)
    print(_saved_words(session.game, path))
    return 0


def recovered_save(path: Path, cut: CutShortSave) -> tuple[Path, GameRecord]:
    """A save cut short: offer to continue from its last decision written whole, in a new file beside it
    (the original is never changed); UserError when there is nothing to recover or the player declines."""
    record = complete_part(cut.text)
    if record is not None:
        try:
            record = replayable_part(record)  # the entries that replay, up to the first that does not
        except LoadError:
            record = None
    if record is None:
        raise UserError(f"{cut} (nothing in it can be recovered)")
    new = path.with_name(f"{path.stem}-recovered{path.suffix}")
    n = 2
    while os.path.lexists(new):
        new = path.with_name(f"{path.stem}-recovered-{n}{path.suffix}")
        n += 1
    print(f"{cut}.")
    print(textwrap.fill(f"Its first {len(record.entries)} decisions are whole. Continue from there in a new "
                        f"file, {new.name}? The original stays as it is.", terminal_width(), break_on_hyphens=False))
    try:
        answer = input("Continue (y/n)? ").strip().lower()
    except (EOFError, OSError):  # no input to ask (closed, or not readable): the file stays as it is
        answer = ""
    if answer not in ("y", "yes"):
        raise UserError(f"{cut}; not resumed, and the file is unchanged")
    write_record(new, record)
    print(f"Saved what could be recovered as {new}")
    return new, record


def pick_save() -> Path:
    """Ask which saved game to resume: the ones that can be resumed first, newest first, then the broken
    ones with their whole reason; a wrong answer is asked again."""
    found = list_saves(user_save_dir())
    if not found:
        raise UserError(f"there are no saved games in {user_save_dir()}")
    good: list[tuple[SaveInfo, str]] = []
    broken: list[tuple[SaveInfo, str]] = []
    for info in found[:30]:  # newest first; each is replayed to describe it: only until nine can be offered
        words, ok = save_words(info.path, info.modified)
        (good if ok else broken).append((info, words))
        if len(good) >= 9:
            break
    broken = broken[:9]
    width = terminal_width()
    if good:
        print("Saved games, newest first:")
    for i, (info, words) in enumerate(good, 1):
        # Wrapped between words at the terminal's width (a terminal cuts a long line anywhere), and the
        # file on a line of its own.
        print(textwrap.fill(f"{i}. {words}", width, subsequent_indent="   "))
        print(f"   {info.path.name}")
    if broken:
        print("These cannot be resumed (over, or unreadable):")
        for info, words in broken:
            print(textwrap.fill(f"-  {words}", width, subsequent_indent="   "))
    if not good:
        raise UserError(f"no saved game in {user_save_dir()} can be resumed")
    for _ in range(PICK_TRIES):
        try:
            choice = input(f"Resume which game (1-{len(good)})? ").strip()
        except (EOFError, OSError):
            break
        if choice.isascii() and choice.isdigit() and 1 <= int(choice) <= len(good):
            return good[int(choice) - 1][0].path
        print(f"Type a number from 1 to {len(good)} and Enter.")
    raise UserError("no game chosen")


def save_words(path: Path, modified: float) -> tuple[str, bool]:
    """The resume picker's words for a save, and whether it can be resumed."""
    when = datetime.fromtimestamp(modified).strftime("%Y-%m-%d %H:%M")
    try:
        game = load_game(read_record(path))
    except (SaveFileError, LoadError, DataError) as e:
        return f"{path.name}: cannot be resumed: {e}", False
    if game.is_over:  # not offered: there is nothing to continue (replay shows it)
        return f"{path.name}: {game.setup.scenario_name}, over ({game.state.end_reason}): replay it with hothsim " \
               "replay", False
    d = game.pending
    who = f"{d.player} to {d.kind}" + (f" ({d.actor})" if d.actor else "")
    against = _against(game.record.header.computer)
    return f"{game.setup.scenario_name}{against}: {game.progress()}, {who}; last played {when}", True


def _against(computer: str) -> str:
    """The resume picker's words for who the computer plays ("" when people play both sides)."""
    parts = computer_parts(computer)
    if parts is None:
        return ""
    named, _ = parts
    return " (the computer plays " + "; ".join(f"{side}, {name.removeprefix('ai:')}" for side, name in named.items()
                                                if name != PERSON) + ")"


def describe_save(path: Path, modified: float) -> str:
    """The resume picker's words for a save: scenario, where the game stands, whose decision, when last
    played (or why it cannot be resumed)."""
    return save_words(path, modified)[0]


def cmd_replay(args: argparse.Namespace) -> int:
    """Print a transcript, or step through a saved game."""
    record = read_record(args.save)
    if args.text:
        sys.stdout.write(transcript(record))
        return 0
    from hothsim.tui.replay import replay_screen

    steps = replay_steps(record)
    _need_terminal()
    replay_screen(steps)
    return 0


def cmd_match(args: argparse.Namespace) -> int:
    """Play games between computer players and print the results (`hothsim.lab_commands`)."""
    from hothsim.lab_commands import cmd_match as match

    return match(args)


def cmd_balance(args: argparse.Namespace) -> int:
    """Play the balance lab's games and print what they say (`hothsim.lab_commands`)."""
    from hothsim.lab_commands import cmd_balance as balance

    return balance(args)


def cmd_report(args: argparse.Namespace) -> int:
    """Write a saved game's after-action report as HTML, text, or both."""
    from hothsim.describe.describers import words_for
    from hothsim.report import SecretKept
    from hothsim.report.telling import story
    from hothsim.report.page import html, text

    if args.html is None and args.text is None:
        raise UserError("say where to write the report: --html OUT, --text OUT, or both")
    record = read_record(args.save)
    try:
        told = story(record)
    except SecretKept as e:
        raise UserError(str(e)) from None
    if args.html is not None:
        write_text_file(args.html, html(told, __version__))
        print(f"Wrote {args.html}")
    if args.text is not None:
        maps = [words_for(ch.game).map_lines(ch.game, None) for ch in told.chapters]
        write_text_file(args.text, text(told, maps))
        print(f"Wrote {args.text}")
    return 0


def cmd_cards(args: argparse.Namespace) -> int:
    """Print every card and unit with its values and sources."""
    from hothsim.data.assault import unit_sheet
    from hothsim.data.cards import card_sheet

    cat = Catalog.installed()
    check_corrections(cat.overrides)
    mine = override_files(cat.overrides)
    lines = card_sheet(*cat.rules_file("skirmish/cards.toml")) + [""] + unit_sheet(*cat.rules_file("assault"))
    lines += ["", f"Your corrections: {', '.join(str(p) for p in mine)}" if mine
              else f"No corrections of yours (put them in {cat.overrides}, laid out like rules/)."]
    print("\n".join(folded(lines, terminal_width())))
    return 0


def terminal_width() -> int:
    """The columns plain output may fill: the terminal's less one (80 when it is no terminal), at least 40."""
    return max(40, shutil.get_terminal_size().columns - 1)


def folded(lines: Sequence[str], width: int) -> list[str]:
    """Lines no wider than `width` (a terminal cuts a longer one anywhere): a line of groups set three
    spaces apart ("cost 53 (rulebook)   hit points 140 (rulebook)") breaks between groups, a list
    ("abilities: Unique, Fire Support Mission") between its items, any other line between words; what
    follows is indented under the line's own indent."""
    out: list[str] = []
    for line in lines:
        if len(line) <= width:
            out.append(line)
            continue
        lead = line[: len(line) - len(line.lstrip())]
        for sep in ("   ", ", ", " "):
            parts = line.strip().split(sep)
            if len(parts) > 1:
                break
        rows = [lead + parts[0]]
        for part in parts[1:]:
            if len(rows[-1]) + len(sep) + len(part) + len(sep.rstrip()) <= width:  # room for a trailing comma
                rows[-1] += sep + part
            else:
                rows[-1] += sep.rstrip()
                rows.append(lead + "    " + part)
        for row in rows:  # a part longer than the width itself: between words (a path stays whole)
            out += textwrap.wrap(row, width, subsequent_indent=lead + "    ", break_long_words=False,
                                 break_on_hyphens=False) if len(row) > width else [row]
    return out


def cmd_validate(args: argparse.Namespace) -> int:
    """Check a file and say 'ok' or exactly what is wrong."""
    print(validate_file(args.file))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    args = _parser().parse_args(argv)
    try:
        return int(args.func(args))
    except (DataError, SaveFileError, UserError, LoadError, OptionError) as e:
        print(f"hothsim: {e}", file=sys.stderr)
        return EXIT_USER_ERROR
    except KeyboardInterrupt:
        print("hothsim: interrupted (the game is saved)", file=sys.stderr)
        return 130
    except EOFError:
        print("hothsim: no answer given", file=sys.stderr)
        return EXIT_USER_ERROR
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
