"""Opening a game from a scenario file: a skirmish (cards, glossary, map, squads, fixed positions) or
Assault on Hoth (unit chart, decks, damage tables, map zones, forces), everything checked.

Each game reads its rules files as validated typed values (`read_..._rules`, `hothsim.data.values`), builds
a scenario's data from those values (`prepare_...`: pure, no file and no pydantic, so a warm start runs the
very same code on the values it kept) and opens games from that data (`open_...`).

This is where files meet the rules cores: `hothsim/skirmish` and `hothsim/assault` read nothing themselves."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Mapping

from hothsim.data.abilities import parse_ability
from hothsim.data.catalog import Catalog
from hothsim.data import values
from hothsim.data.errors import DataError
from hothsim.kernel.dice import Dice
from hothsim.kernel.engine import SIDES, Side
from hothsim.kernel.options import GameOption, options_text, resolve
from hothsim.kernel.record import GameRecord
from hothsim.kernel.sight_table import SightTable
from hothsim.kernel.squares import Edge, Square, SquareMap, parse_square
from hothsim.skirmish.board import Board
from hothsim.skirmish.cards import SIZES, Card, Commander, Glossary
from hothsim.skirmish.game import SkirmishGame, initial_state
from hothsim.skirmish.setup import Setup, new_header

if TYPE_CHECKING:
    from hothsim.assault.game import AssaultGame
    from hothsim.assault.rules import AssaultRules, Battlefield
    from hothsim.kernel.hexes import HexMap


def card_of(m: values.CardModel) -> Card:
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


@dataclass(frozen=True)
class SkirmishData:
    """A skirmish scenario's data, validated and checked against the rules and its map: everything its
    games are opened from."""

    scenario_id: str
    scenario_name: str
    grid: SquareMap
    cards: dict[str, Card]
    glossary: Glossary
    squads: dict[str, tuple[str, ...]]  # side -> card ids (empty when the players build their squads)
    zones: dict[str, frozenset[Square]]  # side -> its set-up zone
    abilities: bool
    setup_first: Side
    tie_break_rounds: int
    build_points: int | None
    positions: dict[str, Square]  # a fixed set-up: figure id -> square


def read_skirmish_rules(catalog: Catalog) -> values.SkirmishRules:
    """The skirmish rules files, validated and checked against each other: the stat cards (with your
    corrections) and the glossary (what the warm start keeps)."""
    from hothsim.data.cards import load_cards, load_glossary
    from hothsim.data.overrides import check_corrections

    check_corrections(catalog.overrides)
    cards = load_cards(*catalog.rules_file("skirmish/cards.toml"))
    glossary = load_glossary(catalog.root / "rules" / "skirmish" / "glossary.toml", cards)
    return values.SkirmishRules(cards, glossary)


def check_rules_file(catalog: Catalog, path: Path) -> str:
    """A rules file checked as a game would read it, for `hothsim validate`: as your correction of the
    shipped file of its format (only its entries' changed fields; the shipped file itself passes), with the
    rest of the shipped rules; the glossary, which is not corrected, whole against the shipped cards.
    Returns what was checked, in words; a problem is a DataError naming the file, the entry and the field."""
    from hothsim.data.assault import assault_documents, assault_rules
    from hothsim.data.cards import load_cards, load_glossary
    from hothsim.data.files import RULES_FILES
    from hothsim.data.files import read_text, read_toml

    fmt = read_toml(path, read_text(path)).get("format")
    relative, title = next((rel, what) for f, rel, what in RULES_FILES if f == fmt)
    shipped = catalog.root / "rules" / relative
    if relative == "skirmish/glossary.toml":
        load_glossary(path, load_cards(shipped.with_name("cards.toml")))
    elif relative == "skirmish/cards.toml":
        cards = load_cards(shipped, path)
        load_glossary(shipped.with_name("glossary.toml"), cards)
        for m in cards.values():
            card_of(m)
    else:
        assault_rules(shipped.parent, assault_documents(shipped.parent, correction=(shipped.name, path)),
                      corrected={shipped.name: path})
    if path.resolve() == shipped.resolve():
        return f"{title} (rules/{relative}), checked with the rest of the rules"
    how = "whole" if relative == "skirmish/glossary.toml" else f"as a correction of rules/{relative}"
    return f"{title}, checked {how} with the rest of the shipped rules"


def prepare_skirmish(catalog: Catalog, scenario: values.ScenarioFile, scenario_path: Path, grid: SquareMap,
                     rules: values.SkirmishRules) -> SkirmishData:
    """A skirmish scenario's data from its validated files: the squads, zones and fixed positions checked
    against the cards and the map."""
    settings = scenario.needs_skirmish()
    cards = {cid: card_of(m) for cid, m in rules.cards.items()}
    words = rules.glossary
    glossary = Glossary(words.abilities, words.force_powers, words.force, words.commander)
    for side in SIDES:
        for cid in settings.squad(side):
            if cid not in cards:
                raise DataError(scenario_path, f"no card with id {cid!r} (cards: {', '.join(sorted(cards))})",
                                entry="skirmish", field=side)
            if cards[cid].side != side:
                raise DataError(scenario_path, f"{cid} fights for the {cards[cid].side} side", entry="skirmish",
                                field=side)
    zones: dict[str, frozenset[Square]] = {}
    for side in SIDES:
        name = settings.zone(side)
        try:
            zones[side] = grid.zone(name)
        except KeyError as e:
            raise DataError(scenario_path, str(e.args[0]), entry="skirmish", field=f"{side}_zone") from None
    where = {}
    for fid, label in settings.positions.items():
        try:
            where[fid] = parse_square(label)
        except ValueError as e:
            raise DataError(scenario_path, str(e), entry="skirmish.positions", field=fid) from None
    return SkirmishData(
        scenario_id=scenario.id, scenario_name=scenario.name, grid=grid, cards=cards, glossary=glossary,
        squads={side: settings.squad(side) for side in SIDES}, zones=zones,
        abilities=settings.abilities, setup_first=settings.setup_first, tie_break_rounds=settings.tie_break_rounds,
        build_points=settings.build_points, positions=where,
    )


def _source(catalog: Catalog, scenario_path: Path) -> str:
    """What a record says of where its scenario came from: nothing for a shipped one, else its file."""
    return "" if scenario_path.resolve().parent == catalog.scenario_dir.resolve() else str(scenario_path.resolve())


def open_skirmish(catalog: Catalog, data: SkirmishData, scenario_path: Path, map_path: Path, data_hash: str,
                  dice: Dice, seed: int, created: str, scripted: bool,
                  options: Mapping[str, str] | None = None) -> SkirmishGame:
    """A new game of a skirmish scenario, before setup (or after it, when the scenario fixes positions).
    A skirmish offers no options (OptionError for any)."""
    resolve((), options or {}, data.scenario_id)
    setup = Setup(
        scenario_id=data.scenario_id, scenario_name=data.scenario_name, grid=data.grid, cards=data.cards,
        zones=data.zones, abilities=data.abilities, setup_first=data.setup_first,
        tie_break_rounds=data.tie_break_rounds, data_hash=data_hash, seed=seed, created=created,
        scripted=scripted, build_points=data.build_points, glossary=data.glossary,
        source=_source(catalog, scenario_path),
    )
    state = initial_state(setup, {side: list(data.squads[side]) for side in SIDES}, {})
    key = ("skirmish-board", str(map_path), data.grid)
    board = catalog.shared.get(key)
    if board is None:
        board = catalog.shared[key] = Board(data.grid, lambda: _sight_tables(map_path, data.grid))
    game = SkirmishGame(setup, state, dice, board, GameRecord(new_header(setup)))
    if data.positions:
        problem = game.set_up_at(data.positions)
        if problem:
            fid, why = problem
            raise DataError(scenario_path, why, entry="skirmish.positions", field=fid)
    return game


@dataclass(frozen=True)
class DeckVariant:
    """A named variant of the decks: what it changes, in a line, and each changed card's copies by id."""

    about: str
    actions: Mapping[str, int]
    events: Mapping[str, int]


@dataclass(frozen=True)
class AssaultData:
    """An Assault on Hoth scenario's data, validated and checked against the rules and its map: everything
    its games are opened from."""

    scenario_id: str
    scenario_name: str
    rules: AssaultRules
    field: Battlefield
    imperial: tuple[tuple[str, int], ...]  # unit type id -> how many, in the unit chart's order
    rebel: tuple[tuple[str, int], ...]
    transports_to_win: int
    remedy: bool
    #: The named variants of the decks (`--variant NAME`).
    variants: Mapping[str, DeckVariant] = dataclasses.field(default_factory=dict)


def read_assault_rules(catalog: Catalog) -> values.AssaultRulesFiles:
    """The Assault on Hoth rules files (with your corrections), validated."""
    from hothsim.data.assault import assault_documents, assault_rules
    from hothsim.data.overrides import check_corrections, override_files

    check_corrections(catalog.overrides)
    folder, yours = catalog.rules_file("assault")
    docs = assault_documents(folder, yours)
    # Checked against each other here, where it is known which files you corrected, so that a correction
    # breaking another file is reported in your file (`prepare_assault` checks them again, from the values).
    assault_rules(folder, docs, {p.name: p for p in override_files(yours)})
    return docs


def prepare_assault(catalog: Catalog, scenario: values.ScenarioFile, scenario_path: Path, hmap: HexMap,
                    rules_files: values.AssaultRulesFiles) -> AssaultData:
    """An Assault on Hoth scenario's data from its validated files: the rules files checked against each
    other, the forces and zones against them and the map."""
    from hothsim.data.assault import assault_rules, battlefield, check_forces

    settings = scenario.needs_assault()
    rules = assault_rules(catalog.rules_file("assault")[0], rules_files)
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
    variants = _variants(scenario_path, settings, rules)
    order = list(rules.units)
    return AssaultData(
        scenario_id=scenario.id, scenario_name=scenario.name, rules=rules, field=bf,
        imperial=tuple(sorted(settings.imperial.items(), key=lambda kv: order.index(kv[0]))),
        rebel=tuple(sorted(settings.rebel.items(), key=lambda kv: order.index(kv[0]))),
        transports_to_win=settings.transports_to_win, remedy=settings.five_transports_remedy, variants=variants,
    )


def _variants(scenario_path: Path, settings: values.AssaultSettings, rules: AssaultRules) -> dict[str, DeckVariant]:
    """The scenario's variants of the decks, each checked against the rules: every card it names exists,
    and the Event deck keeps the Transports Away! cards the scenario's victory needs."""
    out: dict[str, DeckVariant] = {}
    for name, v in settings.variants.items():
        entry = f"assault.variants.{name}"
        if name == VARIANT.default:
            raise DataError(scenario_path, f"{name!r} names the game without a variant", entry=entry)
        for field_name, copies, deck in (("actions", v.actions, rules.action_cards),
                                         ("events", v.events, rules.event_cards)):
            known = {c.id for c in deck}
            for cid in copies:
                if cid not in known:
                    raise DataError(scenario_path, f"no card {cid!r} in the deck ({', '.join(sorted(known))})",
                                    entry=entry, field=field_name)
        varied = rules.with_copies(v.actions, v.events)
        if sum(1 for c in varied.event_cards if c.effect == "transports") < settings.transports_to_win:
            raise DataError(scenario_path, f"leaves fewer Transports Away! cards than the {settings.transports_to_win} "
                            "the Rebels need", entry=entry, field="events")
        out[name] = DeckVariant(v.about, dict(v.actions), dict(v.events))
    return out


#: Rule 8's re-shuffle, as an option both players agree on before play (docs/rules-decisions.md).
RESHUFFLE = GameOption("reshuffle", ("on", "off"), "on",
                       "if the first five Events are all Transports Away!, the fifth goes back into the Event "
                       "deck, shuffled, and play goes on (rule 8)")


#: How cards are drawn.  At two machines no deck order may exist for either copy to read, so each card is
#: drawn by a roll over the cards left: the same chances as a shuffled deck (docs/remote-play.md).
DRAWS = GameOption("draws", ("deck", "rolled"), "deck",
                   "how cards are drawn: from the top of a shuffled deck, or each by a roll over the cards left "
                   "(the same chances, with no deck order to be read: remote play draws so)", quiet_default=True)


#: A variant of the decks, where a scenario names some: the shipped decks unless the players agree on one.
#: Not written in a record at the default, so records written before variants existed stay as they were.
VARIANT = GameOption("variant", ("standard",), "standard", "the decks as shipped (standard)", quiet_default=True)


def variant_option(about: Mapping[str, str]) -> tuple[GameOption, ...]:
    """The variant option of a scenario whose variants are these (name -> what it changes); none without."""
    if not about:
        return ()
    said = "; ".join(f"{name}: {text}" for name, text in about.items())
    return (GameOption(VARIANT.name, VARIANT.values + tuple(about), VARIANT.default,
                       f"the decks as shipped (standard), or a variant of them: {said}", quiet_default=True),)


def assault_options(data: AssaultData) -> tuple[GameOption, ...]:
    """The options an Assault on Hoth scenario offers: the re-shuffle, unless the scenario leaves it out,
    how cards are drawn, and its variants of the decks, if it has any."""
    return ((RESHUFFLE,) if data.remedy else ()) + (DRAWS,) + variant_option(
        {name: v.about for name, v in data.variants.items()})


def assault_scenario_options(scenario: values.ScenarioFile) -> tuple[GameOption, ...]:
    """The same, from the scenario's validated file (for `hothsim list`)."""
    settings = scenario.needs_assault()
    return ((RESHUFFLE,) if settings.five_transports_remedy else ()) + (DRAWS,) + variant_option(
        {name: v.about for name, v in settings.variants.items()})


def skirmish_scenario_options(scenario: values.ScenarioFile) -> tuple[GameOption, ...]:
    """A skirmish scenario offers no game options."""
    return ()


def open_assault(catalog: Catalog, data: AssaultData, scenario_path: Path, map_path: Path, data_hash: str,
                 dice: Dice, seed: int, created: str, scripted: bool,
                 options: Mapping[str, str] | None = None) -> AssaultGame:
    """A new game of Assault on Hoth, before set-up, with the options given (OptionError for one the
    scenario does not offer)."""
    chosen = resolve(assault_options(data), options or {}, data.scenario_id)
    variant = data.variants.get(chosen.get("variant", VARIANT.default))
    rules = data.rules if variant is None else data.rules.with_copies(variant.actions, variant.events)
    # Imported here so that playing a skirmish never loads the other game.
    from hothsim.assault.game import AssaultGame
    from hothsim.assault.game import initial_state as assault_initial_state
    from hothsim.assault.setup import Setup as AssaultSetup
    from hothsim.assault.setup import new_header as assault_header
    from hothsim.assault.movement import Terrain as HexTerrain

    setup = AssaultSetup(
        scenario_id=data.scenario_id, scenario_name=data.scenario_name, rules=rules, field=data.field,
        imperial=data.imperial, rebel=data.rebel, transports_to_win=data.transports_to_win, remedy=data.remedy,
        reshuffle=chosen.get("reshuffle") == "on", draws_rolled=chosen["draws"] == "rolled",
        variant=chosen.get("variant", VARIANT.default),
        options=options_text(chosen, assault_options(data)), data_hash=data_hash, seed=seed,
        created=created, scripted=scripted, source=_source(catalog, scenario_path),
    )
    key = ("assault-terrain", str(map_path), data.field.map, repr(data.field))
    terrain = catalog.shared.get(key)
    if terrain is None:
        terrain = catalog.shared[key] = HexTerrain(data.field)
    return AssaultGame(setup, assault_initial_state(setup), dice, terrain, GameRecord(assault_header(setup)))


def _sight_tables(map_path: Path, grid: SquareMap) -> dict[frozenset[Edge], SightTable]:
    """The line-of-sight tables kept beside a map file that fit it, read when the board first asks."""
    from hothsim.data.sight_tables import read_tables

    return read_tables(map_path, grid)
