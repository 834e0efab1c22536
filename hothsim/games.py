"""Opening and loading games of either kind: the front door of the rules core.

`open_game` starts a game from a scenario id or file; `load_game` rebuilds one from its record text,
replaying every decision and checking every recorded roll.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from hothsim.data.catalog import Catalog
from hothsim.data.errors import DataError
from hothsim.data.scenario import load_scenario_file
from hothsim.kernel.dice import Dice, Roll, ScriptedDice, SeededDice
from hothsim.kernel.record import GameRecord, RecordError, RecordHeader, parse_record, replay
from hothsim.kernel.squares import SquareMap
from hothsim.skirmish.game import SkirmishGame
from hothsim.skirmish.opening import open_skirmish

#: A game that has not recorded when it began carries this time (the rules core never reads a clock).
EPOCH = "1970-01-01T00:00:00Z"


def open_game(scenario: str | Path, seed: int = 0, dice: Dice | None = None, created: str = EPOCH,
              catalog: Catalog | None = None) -> SkirmishGame:
    """A new game of a scenario (an id from `hothsim list`, or a path to a scenario file).

    `dice` overrides the seeded dice (tests and `hothsim run --dice` pass ScriptedDice).
    """
    catalog = catalog or Catalog.installed()
    path = catalog.scenario_path(str(scenario))
    s = load_scenario_file(path)
    grid, map_path = catalog.map_for(path, s.map)
    if s.game != "skirmish":
        raise DataError(path, "the Assault on Hoth game is not available yet", field="game")
    if not isinstance(grid, SquareMap):
        raise DataError(path, f"a skirmish scenario cannot use map {s.map!r}, which is a hex map", field="map")
    scripted = dice is not None and not isinstance(dice, SeededDice)
    return open_skirmish(catalog, s, path, grid, map_path, dice or SeededDice(seed), seed, created, scripted)


class LoadError(Exception):
    """A record that cannot be loaded: unreadable, for other data, or not replaying as recorded."""


def load_game(record: GameRecord | str, catalog: Catalog | None = None) -> SkirmishGame:
    """Rebuild a game from its record (or record text), checking every recorded outcome."""
    catalog = catalog or Catalog.installed()
    if isinstance(record, str):
        try:
            record = parse_record(record)
        except RecordError as e:
            raise LoadError(str(e)) from None

    def make(header: RecordHeader, script: Sequence[Roll]) -> SkirmishGame:
        dice: Dice = (ScriptedDice([f for r in script for f in r.faces]) if header.dice == "scripted"
                      else SeededDice(header.seed))
        game = open_game(header.scenario, seed=header.seed, dice=dice, created=header.created, catalog=catalog)
        if game.setup.data_hash != header.data:
            raise LoadError(f"this game was played with other rules or scenario data than this hothsim has "
                            f"(scenario {header.scenario}); it cannot be replayed exactly")
        return game

    game = replay(record, make)
    assert isinstance(game, SkirmishGame)
    return game
