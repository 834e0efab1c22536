"""The registry of game kinds, and opening and loading games of any kind: the front door of the rules core.

Each game is one `GameKind` (python-chess's variants, OpenSpiel's `register_game`): how a game of it is
opened from a scenario and how its actions are written (the layers above register their own parts for it
by its name: screen, computer opponent, words, report).  Nothing else in hothsim asks which game it holds: it looks the kind up here by the name the scenario or record gives.
`open_game` starts a game from a scenario id or file; `load_game` rebuilds one from its record text,
replaying every decision and checking every recorded roll.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, Sequence, Union

from hothsim.data import warm
from hothsim.data.catalog import Catalog, build_map
from hothsim.data.errors import DataError
from hothsim.data.files import read_text
from hothsim.data.values import ScenarioData
from hothsim.kernel.chance import ChanceGame
from hothsim.kernel.dice import Dice, DiceError, Roll, ScriptedDice, SeededDice
from hothsim.kernel.engine import Event, GameView
from hothsim.kernel.hexes import HexMap
from hothsim.kernel.options import GameOption, OptionError, parse_options
from hothsim.kernel.header import RecordHeader
from hothsim.kernel.record import GameRecord, RecordEntry, RecordError, ReplayMismatch, parse_record, \
    replay
from hothsim.kernel.squares import SquareMap
from hothsim.opening import assault_scenario_options, open_assault, open_skirmish, prepare_assault, prepare_skirmish, \
    read_assault_rules, read_skirmish_rules, skirmish_scenario_options
from hothsim.skirmish.actions import parse_action as parse_skirmish_action
from hothsim.skirmish.game import SkirmishGame

if TYPE_CHECKING:
    from hothsim.assault.game import AssaultGame


def _parse_assault_action(text: str) -> Any:
    # Imported on use so that a skirmish never loads the Assault on Hoth modules (start-up time).
    from hothsim.assault.actions import parse_action

    return parse_action(text)


@dataclass(frozen=True)
class GameKind:
    """One game hothsim plays: everything the rest of the program needs to know about it.

    `read_rules` reads and validates the game's rules files into typed values, `prepare` builds a scenario's
    data from the scenario's, the map's and the rules' values (the warm start keeps the values,
    `hothsim.data.warm`), and `open` starts a game from that data.  The layers above register what they
    bring to each kind by its `name`, as objects of their own: its screen (`hothsim.tui.screens`), the
    computer opponent (`hothsim.ai.opponents`), its words (`hothsim.describe.describers`) and its
    after-action report (`hothsim.report.telling`); the core knows none of them."""

    name: str
    title: str
    map_kind: type
    map_word: str
    read_rules: Callable[[Catalog], Any]
    prepare: Callable[..., Any]
    open: Callable[..., Any]
    parse_action: Callable[[str], Any]
    options: Callable[[Any], tuple[GameOption, ...]] = lambda scenario: ()  # what a scenario's document offers
    #: Decisions asked of a player even where they have one answer, so that being asked gives no secret
    #: away (Luke's armor and his Force against a critical hit, asked for every Snowspeeder): against the
    #: computer, which never sees the screen, a session answers those itself.
    masking: tuple[str, ...] = ()
    #: The options a game opened with chance nodes is played with (`open_game(..., chance=True)`): each card
    #: drawn by a roll over the cards left, since a deck's shuffle has too many results to list.
    chance_options: Mapping[str, str] = field(default_factory=dict)


#: Every game kind, by the name scenario files and records use.
KINDS: Mapping[str, GameKind] = {
    kind.name: kind for kind in (
        GameKind("skirmish", "Star Wars Miniatures skirmish", SquareMap, "a square map", read_skirmish_rules,
                 prepare_skirmish, open_skirmish, parse_skirmish_action, skirmish_scenario_options),
        GameKind("assault", "Assault on Hoth", HexMap, "a hex map", read_assault_rules,
                 prepare_assault, open_assault, _parse_assault_action, assault_scenario_options, masking=("armor", "critical"), chance_options={"draws": "rolled"}),
    )
}


def kind_named(name: str) -> GameKind:
    """The game kind a scenario or record names (LoadError for a game this hothsim does not know)."""
    try:
        return KINDS[name]
    except KeyError:
        raise LoadError(f"this hothsim does not know the game {name!r} (it knows {', '.join(KINDS)})") from None


def kind_of(game: "GameView") -> GameKind:
    """The kind of a game in progress (its record names it)."""
    return KINDS[game.record.header.game]


#: A game that has not recorded when it began carries this time (the rules core never reads a clock).
EPOCH = "1970-01-01T00:00:00Z"


Game = Union[SkirmishGame, "AssaultGame"]


def open_game(scenario: str | Path, seed: int = 0, dice: Dice | None = None, created: str = EPOCH,
              catalog: Catalog | None = None, options: Mapping[str, str] | None = None, chance: bool = False) -> Any:
    """A new game of a scenario (an id from `hothsim list`, or a path to a scenario file).

    `dice` overrides the seeded dice (tests and `hothsim run --dice` pass ScriptedDice); `options` are the
    game options the players agreed ({"reshuffle": "off"}; OptionError for one the scenario does not
    offer), written in the record's header.  With `chance`, every roll and card draw is a decision of the
    chance player (`hothsim.kernel.chance.ChanceGame`: `is_chance()`, `chance_outcomes()`, `apply(outcome)`);
    its record is an ordinary record whose rolls are the outcomes chosen.
    """
    catalog = catalog or Catalog.installed()
    path = catalog.scenario_path(str(scenario))
    kind, data, map_path, data_hash = _prepared(catalog, path)
    if chance:
        if dice is not None:
            raise ValueError("a game with chance nodes has no dice of its own: the chance player rolls")
        chosen = dict(options or {})
        for name, value in kind.chance_options.items():
            if chosen.setdefault(name, value) != value:
                raise OptionError(f"with chance nodes the option {name} must be {value}, not {chosen[name]!r}")
        return ChanceGame(lambda given: kind.open(catalog, data, path, map_path, data_hash, given, seed, created,
                                                  True, chosen))
    scripted = dice is not None and type(dice) is not SeededDice
    return kind.open(catalog, data, path, map_path, data_hash, dice or SeededDice(seed), seed, created, scripted,
                     options or {})


def _prepared(catalog: Catalog, path: Path) -> tuple[GameKind, Any, Path, str]:
    """A scenario's game kind, data, map file and data hash.  The data is built from the validated values
    of the scenario, its map and the rules: those the warm start kept when they still hold for every file,
    else the files read and validated now (and kept for next time)."""
    text = read_text(path)
    name = ""
    known: tuple[Path, str] | None = None  # a map file and the data hash already worked out with it
    if catalog.warm is not None:
        name = warm.entry_name(text, warm.code_stamp())
        hit = warm.read_entry(catalog.warm, name)
        if hit is not None:
            try:
                facts, docs = hit
                scenario = docs.scenario
                kind = kind_named(scenario.game)
                map_path = catalog.map_file_for(path, scenario.map)
                data_hash = catalog.data_hash(path, map_path)
                known = (map_path, data_hash)
                if data_hash == facts["data"]:
                    grid = build_map(map_path, docs.map)
                    return kind, kind.prepare(catalog, scenario, path, grid, docs.rules), map_path, data_hash
            except (AttributeError, LookupError, TypeError, ValueError, LoadError, DataError):
                pass  # a changed or damaged entry: the files decide, as if there were none
    from hothsim.data.scenario import load_scenario_file

    scenario = load_scenario_file(path, text)
    kind = kind_named(scenario.game)
    map_doc, map_text, map_path = catalog.map_document_for(path, scenario.map)
    grid = build_map(map_path, map_doc, map_text)
    if type(grid) is not kind.map_kind:
        raise DataError(path, f"a scenario of {kind.title} needs {kind.map_word}; map {scenario.map!r} is not one",
                        field="map")
    rules = kind.read_rules(catalog)
    data = kind.prepare(catalog, scenario, path, grid, rules)
    data_hash = known[1] if known is not None and known[0] == map_path else catalog.data_hash(path, map_path)
    if name and catalog.warm is not None:
        warm.write_entry(catalog.warm, name, {"data": data_hash}, ScenarioData(scenario, map_doc, rules))
    return kind, data, map_path, data_hash


class LoadError(Exception):
    """A record that cannot be loaded: unreadable, for other data, or not replaying as recorded."""


def _parsed(record: GameRecord | str) -> GameRecord:
    if isinstance(record, str):
        try:
            return parse_record(record)
        except RecordError as e:
            raise LoadError(str(e)) from None
    return record


def script_of(rolls: Sequence[Roll]) -> list[int | str | tuple[int, ...]]:
    """Scripted-dice results that reproduce recorded rolls (a shuffle is one result: its whole ordering)."""
    out: list[int | str | tuple[int, ...]] = []
    for r in rolls:
        if r.kind == "shuffle":
            out.append(tuple(int(face) for face in r.faces))
        else:
            out.extend(r.faces)
    return out


def parse_action_for(game: str, text: str) -> Any:
    """Read an action in the notation of a game kind (by its registered name)."""
    return kind_named(game).parse_action(text)


def _fresh(header: RecordHeader, script: Sequence[Roll], catalog: Catalog) -> Game:
    """The game a record starts from: its scenario, seed (or its own rolls as scripted dice), the same data."""
    kind_named(header.game)
    dice: Dice = ScriptedDice(script_of(script)) if header.dice == "scripted" else SeededDice(header.seed)
    try:
        game: Game = open_game(header.source or header.scenario, seed=header.seed, dice=dice, created=header.created,
                         catalog=catalog, options=parse_options(header.options))
    except OptionError as e:
        raise LoadError(f"the record's options cannot be played: {e}") from None
    except DiceError as e:  # scripted dice whose rolls do not cover the game's opening (initiative, say)
        raise LoadError(f"the record does not replay as written: {e}") from None
    if game.setup.data_hash != header.data:
        raise LoadError(f"this game was played with other rules or scenario data than this hothsim has "
                        f"(scenario {header.scenario}); it cannot be replayed exactly")
    game.set_computer(header.computer)
    return game


def load_game(record: GameRecord | str, catalog: Catalog | None = None) -> Game:
    """Rebuild a game from its record (or record text), checking every recorded outcome."""
    catalog = catalog or Catalog.installed()
    try:
        game = replay(_parsed(record), lambda header, script: _fresh(header, script, catalog))
    except ReplayMismatch as e:
        raise LoadError(f"the record does not replay as written: {e}") from None
    return game


def _entries_replayed(record: GameRecord, catalog: Catalog) -> Iterator[tuple[RecordEntry, list[Event], Game]]:
    """The game a record starts from, then after each entry (the entry, its events, the game), every
    recorded roll checked; LoadError at the first entry the rules refuse or whose rolls differ."""
    script = [r for e in record.entries for r in e.outcomes] if record.header.dice == "scripted" else []
    game = _fresh(record.header, script, catalog)
    yield RecordEntry(""), [], game
    for i, entry in enumerate(record.entries, 1):
        before = len(game.dice.log)
        try:
            events = game.apply(parse_action_for(record.header.game, entry.action))
        except Exception as exc:  # the typed errors say which rule refused it
            raise LoadError(f"entry {i} ({entry.action}): refused on replay: {exc}") from None
        got = [(r.kind, tuple(r.faces)) for r in game.dice.log[before:]]
        if got != [(r.kind, tuple(r.faces)) for r in entry.outcomes]:
            raise LoadError(f"entry {i} ({entry.action}): the recorded rolls do not match the replay")
        yield entry, events, game


def replayable_part(record: GameRecord, catalog: Catalog | None = None) -> GameRecord:
    """The longest start of a record that replays: its entries up to the first one the rules refuse or whose
    rolls differ (LoadError when not even the game it starts from can be opened).  One replay, however
    long the record: recovering a damaged save never replays it again and again."""
    replayed = _entries_replayed(record, catalog or Catalog.installed())
    next(replayed)  # the opening: a LoadError there is the caller's
    kept: list[RecordEntry] = []
    try:
        for entry, _, _ in replayed:
            kept.append(entry)
    except LoadError:  # the entries before it stand
        pass
    return GameRecord(record.header, tuple(kept))


def replay_steps(record: GameRecord | str, catalog: Catalog | None = None) -> list[tuple[str, list[Event], Game]]:
    """Re-run a record step by step: (action, the events it produced, a copy of the game after it), starting
    with ("", [], the game before any decision).  Checks every recorded roll like `load_game`."""
    return [(entry.action, events, game.clone())
            for entry, events, game in _entries_replayed(_parsed(record), catalog or Catalog.installed())]


def transcript(record: GameRecord | str, catalog: Catalog | None = None) -> str:
    """The game as readable text: the header, then each decision with what happened, every roll explained."""
    steps = replay_steps(record, catalog)
    game = steps[-1][2]
    h = game.record.header
    out = [f"{game.setup.scenario_name} ({h.scenario}), seed {h.seed}, {h.dice} dice, begun {h.created}", ""]
    for i, (action, events, _) in enumerate(steps[1:], 1):
        out.append(f"{i}. {action}")
        out.extend(f"     {e.text}" for e in events)
    out.append("")
    out.append(f"Result: {game.state.end_reason}" if game.is_over else "The game is not finished.")
    return "\n".join(out) + "\n"
