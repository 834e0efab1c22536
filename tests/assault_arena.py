"""Small Assault on Hoth positions for rule tests: a hand-drawn hex map and units placed directly.

The rulebook's diagrams are pictures; tests rebuild each one as a little map with the units where the
picture puts them, then play the diagram's decisions through the real engine with scripted dice.
"""

from __future__ import annotations

from dataclasses import replace

from hothsim.assault.game import AssaultGame, Setup
from hothsim.assault.movement import Terrain
from hothsim.assault.rules import Battlefield
from hothsim.assault.state import AssaultState, Unit
from hothsim.data.assault import load_assault_rules
from hothsim.data.catalog import Catalog
from hothsim.data.hexmap import HEX_TERRAIN_CHARS
from hothsim.kernel.dice import ScriptedDice
from hothsim.kernel.hexes import HexMap, MacrohexLattice, hex_from_offset, parse_hex
from hothsim.kernel.record import GameRecord

RULES = load_assault_rules(Catalog.installed().root / "rules" / "assault")
EPOCH = "1970-01-01T00:00:00Z"


def card_index(card_id: str) -> int:
    """The deck index of the first Action card with this id."""
    return next(i for i, c in enumerate(RULES.action_cards) if c.id == card_id)


def event_index(card_id: str) -> int:
    """The deck index of the first Event card with this id."""
    return next(i for i, c in enumerate(RULES.event_cards) if c.id == card_id)


def make_unit(uid: str, spec: tuple) -> Unit:
    """A unit from (type, hex label or 'base' or 'aboard:walker-1'[, facing])."""
    kind, where = spec[0], spec[1]
    u = Unit(uid, kind, RULES.units[kind].side, facing=spec[2] if len(spec) > 2 else 3)
    if where == "base":
        return replace(u, where="base")
    if where.startswith("aboard:"):
        return replace(u, where="aboard", aboard=where.split(":", 1)[1])
    return replace(u, where="map", hex=parse_hex(where))


def hex_map(rows: list[str], origin: str = "0202") -> HexMap:
    """A map from rows of terrain symbols (. clear, % rough, ^ cliff), one row per line, column 01 first."""
    cells = [r.split() for r in rows]
    terrain = tuple((hex_from_offset(c, r), HEX_TERRAIN_CHARS[ch]) for r, row in enumerate(cells)
                    for c, ch in enumerate(row))
    return HexMap("test", "Test", len(cells[0]), len(cells), terrain, (), MacrohexLattice(parse_hex(origin), "a"))


def arena(rows: list[str], units: dict[str, tuple], card: str | None = "walkers-move-or-fire",
          dice: list | None = None, deck: list[str] | None = None, events: list[str] | None = None,
          entries: tuple[str, ...] = (), generator: str = "0909", grid: str = "0809", **state) -> AssaultGame:
    """A game in play with only the given units.

    `units` maps a unit id to (type, hex label or 'base' or 'aboard:walker-1', facing).  `card` is the
    Action card of the round (None: an Event round set up by the test); `deck` the Action cards still to
    draw; `events` the Event deck, top first.
    """
    hmap = hex_map(rows)
    everything = frozenset(hmap.hexes())
    bf = Battlefield(map=hmap, imperial_sector=frozenset(h for h in everything if h[0] < 99 and h[1] + h[0] // 2 < 1),
                     rebel_setup=everything, sectors={"imperial-reinforcement": frozenset(
                         hex_from_offset(c, 0) for c in range(hmap.columns)), "rebel-sector-3": frozenset(
                         hex_from_offset(0, r) for r in range(hmap.rows))},
                     base_entries=frozenset(parse_hex(e) for e in entries), shield_generator=parse_hex(generator),
                     power_grid=parse_hex(grid), forward_line=frozenset())
    setup = Setup("test", "Test", RULES, bf, (), (), 5, True, "sha256:" + "0" * 64, 0, EPOCH, True)
    made = [make_unit(uid, spec) for uid, spec in units.items()]
    s = AssaultState(units=tuple(made), stage="play", turn=1, round=1,
                     card=card_index(card) if card else None,
                     action_deck=tuple(card_index(c) for c in (deck or [])),
                     event_deck=tuple(event_index(e) for e in (events or [])), force=RULES.luke_force)
    counters: dict[str, int] = {}
    for u in made:
        counters[u.type] = max(counters.get(u.type, 0), int(u.id.rsplit("-", 1)[1]))
    s = replace(s, next_id=tuple(sorted(counters.items())), **state)
    from hothsim.assault.game import new_header

    # A few plain shuffles after the test's own rolls, so a round that ends by itself can start a new turn.
    script = list(dice or []) + [tuple(range(len(RULES.action_cards)))] * 3
    return AssaultGame(setup, s, ScriptedDice(script), Terrain(bf), GameRecord(new_header(setup)))


def clear(columns: int = 10, rows: int = 10) -> list[str]:
    """An all-clear map."""
    return [" ".join("." * columns) for _ in range(rows)]


def on_perimeter(units: dict[str, tuple], card: str, **state) -> AssaultGame:
    """A game on the shipped map (hoth-perimeter) with only the given units, as `arena` places them."""
    from hothsim.games import open_game

    real = open_game("assault-on-hoth", seed=0)
    small = arena(clear(2, 2), {}, card=card)
    made = [make_unit(uid, spec) for uid, spec in units.items()]
    s = replace(small.state, units=tuple(made), **state)
    return AssaultGame(real.setup, s, ScriptedDice([]), real.terrain, real.record)
