"""Opening a game from a scenario file: a skirmish (cards, glossary, map, squads, fixed positions) or
Assault on Hoth (unit chart, decks, damage tables, map zones, forces), everything checked.

This is where files meet the rules cores: `hothsim/skirmish` and `hothsim/assault` read nothing themselves."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pathlib import Path

from hothsim.data.cards import CardModel, load_cards, load_glossary, parse_ability
from hothsim.data.catalog import Catalog
from hothsim.data.errors import DataError
from hothsim.data.scenario import ScenarioFile
from hothsim.kernel.dice import Dice
from hothsim.kernel.engine import SIDES
from hothsim.kernel.hexes import HexMap
from hothsim.kernel.record import GameRecord
from hothsim.kernel.squares import SquareMap, parse_square
from hothsim.skirmish.board import Board
from hothsim.skirmish.cards import SIZES, Card, Commander, Glossary
from hothsim.skirmish.game import Setup, SkirmishGame, initial_state, new_header

if TYPE_CHECKING:
    from hothsim.assault.game import AssaultGame


def card_of(m: CardModel) -> Card:
    """The rules' stat card from its validated file entry."""
    ce = m.commander
    return Card(
        id=m.id,
        name=m.name,
        side=m.side,
        size=SIZES[m.size],
        copies=m.copies,
        cost=m.cost.value,
        hp=m.hp.value,
        defense=m.defense.value,
        attack=m.attack.value,
        damage=m.damage.value,
        force=m.force.value if m.force else 0,
        abilities=tuple(parse_ability(a) for a in m.abilities),
        force_powers=tuple(m.force_powers),
        commander=None if ce is None else Commander(ce.kind, ce.followers, ce.stat, ce.value, ce.ability, ce.range),
    )


def open_skirmish(catalog: Catalog, scenario: ScenarioFile, scenario_path: Path, grid: SquareMap, map_path: Path,
                  dice: Dice,
                  seed: int, created: str, scripted: bool) -> SkirmishGame:
    """A new game of a skirmish scenario, before setup (or after it, when the scenario fixes positions)."""
    settings = scenario.skirmish
    assert settings is not None
    card_models = load_cards(*catalog.rules_file("skirmish/cards.toml"))
    cards = {cid: card_of(m) for cid, m in card_models.items()}
    words = load_glossary(catalog.root / "rules" / "skirmish" / "glossary.toml", card_models)
    glossary = Glossary(words.abilities, words.force_powers, words.force, words.commander)
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


def open_assault(catalog: Catalog, scenario: ScenarioFile, scenario_path: Path, hmap: HexMap, map_path: Path,
                 dice: Dice, seed: int, created: str, scripted: bool) -> "AssaultGame":
    """A new game of Assault on Hoth, before set-up: rules files, map zones and forces all checked."""
    # Imported here so that playing a skirmish never loads the other game.
    from hothsim.assault.game import AssaultGame
    from hothsim.assault.game import Setup as AssaultSetup
    from hothsim.assault.game import initial_state as assault_initial_state
    from hothsim.assault.game import new_header as assault_header
    from hothsim.assault.movement import Terrain
    from hothsim.data.assault import battlefield, check_forces, load_assault_rules

    settings = scenario.assault
    assert settings is not None
    rules = load_assault_rules(*catalog.rules_file("assault"))
    check_forces(scenario_path, settings, rules, {c.sector for c in rules.event_cards if c.sector})
    bf = battlefield(scenario_path, settings, hmap)
    walkers = sum(n for t, n in settings.imperial.items() if rules.units[t].is_walker)
    troopers = sum(n for t, n in settings.imperial.items() if rules.units[t].trooper)
    if troopers > walkers * rules.movement.walker_capacity:
        raise DataError(scenario_path, f"{troopers} Snowtroopers cannot all board {walkers} Walkers",
                        entry="assault", field="imperial")
    transports = sum(1 for c in rules.event_cards if c.effect == "transports")
    if settings.transports_to_win > transports:
        raise DataError(scenario_path, f"the Event deck holds only {transports} Transports Away! cards",
                        entry="assault", field="transports_to_win")
    order = list(rules.units)
    setup = AssaultSetup(
        scenario_id=scenario.id, scenario_name=scenario.name, rules=rules, field=bf,
        imperial=tuple(sorted(settings.imperial.items(), key=lambda kv: order.index(kv[0]))),
        rebel=tuple(sorted(settings.rebel.items(), key=lambda kv: order.index(kv[0]))),
        transports_to_win=settings.transports_to_win, remedy=settings.five_transports_remedy,
        data_hash=catalog.data_hash(scenario_path, map_path), seed=seed, created=created, scripted=scripted,
        source="" if scenario_path.resolve().parent == catalog.scenario_dir.resolve() else str(scenario_path.resolve()),
    )
    key = ("assault-terrain", str(map_path), hmap, repr(bf))
    terrain = catalog.shared.get(key)
    if terrain is None:
        terrain = catalog.shared[key] = Terrain(bf)
    return AssaultGame(setup, assault_initial_state(setup), dice, terrain, GameRecord(assault_header(setup)))
