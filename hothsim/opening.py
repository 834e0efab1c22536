"""Opening a skirmish from a scenario file: cards, glossary, map, squads and fixed positions, all checked.

This is where files meet the rules core: the core (`hothsim/skirmish`) reads nothing itself."""

from __future__ import annotations

from pathlib import Path

from hothsim.data.cards import load_cards, load_glossary
from hothsim.data.catalog import Catalog
from hothsim.data.errors import DataError
from hothsim.data.scenario import ScenarioFile
from hothsim.kernel.dice import Dice
from hothsim.kernel.record import GameRecord
from hothsim.kernel.squares import SquareMap, parse_square
from hothsim.skirmish.board import Board
from hothsim.skirmish.cards import Card
from hothsim.skirmish.game import Setup, SkirmishGame, initial_state, new_header
from hothsim.skirmish.state import SIDES


def open_skirmish(catalog: Catalog, scenario: ScenarioFile, scenario_path: Path, grid: SquareMap, map_path: Path,
                  dice: Dice,
                  seed: int, created: str, scripted: bool) -> SkirmishGame:
    """A new game of a skirmish scenario, before setup (or after it, when the scenario fixes positions)."""
    settings = scenario.skirmish
    assert settings is not None
    cards_path = catalog.root / "rules" / "skirmish" / "cards.toml"
    card_models = load_cards(cards_path)
    cards = {cid: Card.from_model(m) for cid, m in card_models.items()}
    glossary = load_glossary(catalog.root / "rules" / "skirmish" / "glossary.toml", card_models)
    for side in SIDES:
        for cid in getattr(settings, side):
            if cid not in cards:
                raise DataError(scenario_path, f"no card with id {cid!r} (cards: {', '.join(sorted(cards))})",
                                entry="skirmish", field=side)
            if cards[cid].side != side:
                raise DataError(scenario_path, f"{cid} fights for the {cards[cid].side} side", entry="skirmish",
                                field=side)
    zones = {}
    for side in SIDES:
        name = getattr(settings, f"{side}_zone")
        try:
            zones[side] = grid.zone(name)
        except KeyError as e:
            raise DataError(scenario_path, str(e.args[0]), entry="skirmish", field=f"{side}_zone") from None
    setup = Setup(
        scenario_id=scenario.id, scenario_name=scenario.name, grid=grid, cards=cards, zones=zones,
        abilities=settings.abilities, setup_first=settings.setup_first, tie_break_rounds=settings.tie_break_rounds,
        data_hash=catalog.data_hash(scenario_path, map_path),
        seed=seed, created=created, scripted=scripted, build_points=settings.build_points, glossary=glossary,
        source="" if scenario_path.resolve().parent == catalog.scenario_dir.resolve() else str(scenario_path.resolve()),
    )
    squads = {side: list(getattr(settings, side)) for side in SIDES}
    state = initial_state(setup, squads, {})
    key = ("skirmish-board", str(map_path), grid)
    board = catalog.shared.get(key)
    if board is None:
        board = catalog.shared[key] = Board(grid)
    game = SkirmishGame(setup, state, dice, board, GameRecord(new_header(setup)))
    if settings.positions:
        where = {}
        for fid, label in settings.positions.items():
            try:
                where[fid] = parse_square(label)
            except ValueError as e:
                raise DataError(scenario_path, str(e), entry="skirmish.positions", field=fid) from None
        problem = game.set_up_at(where)
        if problem:
            fid, why = problem
            raise DataError(scenario_path, why, entry="skirmish.positions", field=fid)
    return game
