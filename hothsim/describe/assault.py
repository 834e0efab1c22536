"""Assault on Hoth in words (see hothsim.describe): units, hexes, choices, from the viewer's observation.

Fire is counted in macrohexes as the rules count range; distances in hexes are given beside them for
walking.  A Walker's field of fire is the rules' own 120-degree wedge.  Luke's Snowspeeder is named only
to a viewer whose observation holds it (the Rebel player, or anyone once he has used the Force).
"""

from __future__ import annotations

import math
from typing import Callable, Iterable, Sequence

from hothsim.assault.actions import Action, Armor, AssignLuke, Critical, Displace, Fire, Harpoon, Move, Place, Walk
from hothsim.assault.fire import shots_from, threats
from hothsim.assault.game import AssaultGame
from hothsim.assault.interface import AssaultView
from hothsim.assault.state import AssaultState, Unit
from hothsim.describe import Describer, compass, rows_in_words, side_words, unit_named
from hothsim.kernel.engine import IllegalAction, Side
from hothsim.kernel.hexes import Hex, distance, hex_from_offset, hex_label, in_field_of_fire, neighbours, parse_hex
from hothsim.kernel.words import count

#: Facings in words, clockwise from north (the hexsides of a flat-topped hex).
FACING = ("north", "north-east", "south-east", "south", "south-west", "north-west")

#: What each kind of decision asks, in our words ("act" is the Action card's round).
ASKS = {"place": "set up {unit}", "board": "put {unit} aboard a Walker",
        "luke": "choose in secret the Snowspeeder Luke flies", "displace": "push {unit} aside: {note}",
        "armor": "Luke's Force as armor against this fire, or none", "critical": "Luke's Force against a "
        "critical hit, or none", "repair": "choose the repair", "choose": "choose the Snowspeeder the Event helps",
        "over": "the game is over"}

#: One character per hex by terrain, on the screen's whole-map view and in the text map alike.
GROUND = {"clear": ".", "rough": "%", "cliff": "^"}

#: The letter of each unit type, on the screen, in the text map and on the report's maps.
LETTER = {"walker": "W", "atst": "A", "snowtrooper": "t", "heavy-snowtrooper": "T", "speeder": "S", "trooper": "r",
          "heavy-trooper": "R", "tower": "L"}

#: The one character after a unit's letter that tells it from the others of its type (its number).
NUMBER_MARKS = "1234567890abcdefghijklmnopqrstuvwxyz"


def number_mark(uid: str) -> str:
    """The one character that tells a unit from the others of its type: its id's number."""
    tail = uid.rsplit("-", 1)[-1]
    n = int(tail) if tail.isascii() and tail.isdigit() else 0
    return NUMBER_MARKS[n - 1] if 1 <= n <= len(NUMBER_MARKS) else "?"


class AssaultWords:
    """Assault on Hoth's describer (hothsim.describe.Describer)."""

    unit_word = "unit"
    place_word = "hex"

    @staticmethod
    def seen(game: AssaultGame, viewer: Side | None) -> AssaultState:
        """The state as the viewer may see it (Luke's Snowspeeder blanked for the Imperial player)."""
        return game.observation(viewer).state if viewer else game.state

    def decision(self, game: AssaultGame) -> str:
        """Whose decision and what it is."""
        d = game.pending
        if d.kind == "over":
            return f"Game over: {game.state.end_reason}"
        if d.kind == "act":
            ask = f"{game.round_title()}: act with the card's units, one at a time, or end the action round"
        else:
            ask = ASKS.get(d.kind, d.kind).format(unit=d.unit or "", note=d.note)
        return f"{side_words(d.player)} to decide, {game.progress()}: {ask}."

    def status(self, game: AssaultGame, viewer: Side | None) -> list[str]:
        """The turn and round, the Transports clock, the installations, Luke, the decks' sizes."""
        s = self.seen(game, viewer)
        lines = [f"Status: {game.progress()}. {self.decision(game)}",
                 f"Transports away: {s.transports} of {game.setup.transports_to_win}.",
                 f"Shield Generator: {'standing' if s.shield_generator else 'destroyed'}. Power Grid: "
                 f"{'standing' if s.power_grid else 'destroyed'}.",
                 f"Cards left: {count(len(s.action_deck), 'Action card')} this turn, "
                 f"{count(len(s.event_deck), 'Event card')}."]
        if s.luke:
            lines.append(f"Luke flies {s.luke}, {count(s.force, 'Force point')} left.")
        elif game.state.luke:
            lines.append("Luke: his Snowspeeder is a secret until he uses the Force.")
        for side in ("imperial", "rebel"):
            on_map = [u for u in s.units if u.side == side and u.where in ("map", "aboard", "base")]
            lines.append(f"{side_words(side)}: {count(len(on_map), 'unit')} in play.")
        lines.append(f"Goal: {game.objective()}")
        return lines

    def unit_line(self, game: AssaultGame, s: AssaultState, u: Unit) -> str:
        """One unit: id first, then type, side, where, facing, damage, whether it has acted."""
        ut = game.rules.units[u.type]
        parts = [f"{u.id}: {ut.name}, {u.side}, {_where(u)}"]
        if u.alive and u.type in ("walker", "atst") and u.on_map:
            parts.append(f"facing {FACING[u.facing]}")
        hurt = _damage(u)
        if hurt:
            parts.append(hurt)
        if u.id == s.luke:
            parts.append(f"Luke flies it, {count(s.force, 'Force point')}")
        if u.alive and u.where != "reserve":
            parts.append("has acted this round" if u.id in s.acted else "has not acted this round")
        return ", ".join(parts) + "."

    def units(self, game: AssaultGame, viewer: Side | None, which: str) -> list[str]:
        """Every unit in play or lost (or the viewer's, or the enemy's); units still in reserve are left out."""
        s = self.seen(game, viewer)
        me = viewer or game.pending.player
        tests: dict[str, Callable[[Unit], bool]] = {
            "all": lambda u: True, "mine": lambda u: u.side == me, "enemy": lambda u: u.side != me}
        keep = tests[which]
        return [self.unit_line(game, s, u) for u in s.units if keep(u) and u.where != "reserve"] or ["Units: none."]

    def unit_ids(self, game: AssaultGame, viewer: Side | None) -> list[str]:
        """Every unit's id."""
        return [u.id for u in self.seen(game, viewer).units]

    def look(self, game: AssaultGame, viewer: Side | None, what: str) -> list[str]:
        """A unit, or a hex (terrain, macrohex, installation, who stands there)."""
        s = self.seen(game, viewer)
        uid = unit_named(self.unit_ids(game, viewer), what)
        if uid is not None:
            u = s.unit(uid)
            ut = game.rules.units[u.type]
            return [self.unit_line(game, s, u), f"{u.id}: fire strength {ut.fire}, armor {ut.armor}."]
        try:
            h = parse_hex(what)
        except ValueError:
            return []
        return [self.hex_line(game, s, h)]

    def hex_line(self, game: AssaultGame, s: AssaultState, h: Hex) -> str:
        """A hex: label, terrain, a named place, who stands there."""
        terrain = game.terrain.terrain.get(h)
        if terrain is None:
            return f"{hex_label(h) if 0 <= h[0] < 99 else h}: off the map."
        parts = [f"{hex_label(h)}: {terrain}"]
        place = self.place_name(game, s, h)
        if place:
            parts.append(place)
        who = s.occupant(h)
        if who is not None:
            parts.append(f"{who.id} ({who.side}) stands here")
        return ", ".join(parts) + "."

    @staticmethod
    def place_name(game: AssaultGame, s: AssaultState, h: Hex) -> str:
        """The named place a hex is, if any."""
        bf = game.setup.field
        if h == bf.shield_generator:
            return "the Shield Generator, " + ("standing" if s.shield_generator else "destroyed")
        if h == bf.power_grid:
            return "the Power Grid, " + ("standing" if s.power_grid else "destroyed")
        if h in bf.base_entries:
            return "an entrance of the Rebel Base"
        return ""

    # ------------------------------------------------------------------ relations

    def relation(self, game: AssaultGame, u: Unit, o_id: str, o_hex: Hex, o_side: str) -> str:
        """Another unit or place as seen from `u`: hexes, macrohexes, direction, a Walker's field of fire."""
        assert u.hex is not None
        hexes = distance(u.hex, o_hex)
        macro = game.terrain.range(u.hex, o_hex)
        way = compass(*_delta(u.hex, o_hex))
        words = [f"{o_id} ({o_side}): {count(hexes, 'hex', 'hexes')} {way}, range {count(macro, 'macrohex', 'macrohexes')}"]
        if u.type in ("walker", "atst"):
            words.append("in its field of fire" if in_field_of_fire(u.hex, u.facing, o_hex) else
                         "outside its field of fire")
        return ", ".join(words) + "."

    def near(self, game: AssaultGame, viewer: Side | None, unit: str) -> list[str]:
        """Enemies, then friends, nearest first; the installations among the places."""
        s = self.seen(game, viewer)
        u = s.unit(unit)
        if u.hex is None or u.where != "map":
            return [f"{u.id}: not on a hex of the map ({_where(u)})."]
        others = [o for o in s.units if o.id != u.id and o.where == "map" and o.hex is not None]
        here = u.hex
        lines = [f"Near {u.id} at {hex_label(here)}:"]
        for label, group in (("Enemies", [o for o in others if o.side != u.side]),
                             ("Friends", [o for o in others if o.side == u.side])):
            lines.append(f"{label}: {count(len(group), 'unit')}.")
            group.sort(key=lambda o: (distance(here, o.place), o.id))
            lines += [self.relation(game, u, o.id, o.place, o.side) for o in group]
        bf = game.setup.field
        lines.append(self.relation(game, u, "Shield Generator", bf.shield_generator, "installation"))
        lines.append(self.relation(game, u, "Power Grid", bf.power_grid, "installation"))
        return lines

    def around(self, game: AssaultGame, viewer: Side | None, unit: str) -> list[str]:
        """The six hexes next to the unit, clockwise from north."""
        s = self.seen(game, viewer)
        u = s.unit(unit)
        if u.hex is None or u.where != "map":
            return [f"{u.id}: not on a hex of the map ({_where(u)})."]
        lines = [f"Around {u.id} at {hex_label(u.hex)}, clockwise from north:"]
        for facing, h in zip(FACING, neighbours(u.hex)):
            lines.append(f"{facing}: {self.hex_line(game, s, h)}")
        return lines

    def landmarks(self, game: AssaultGame, viewer: Side | None) -> list[str]:
        """The installations, the Base's entrances, the set-up and reinforcement areas, each with its distance
        from the unit acting (or the nearest of the viewer's units on the map), and the nearest Walker to each
        installation."""
        bf = game.setup.field
        s = self.seen(game, viewer)
        walkers = [u for u in s.units if u.type in ("walker", "atst") and u.where == "map" and u.hex is not None]
        side = viewer or game.pending.player
        actor = game.pending.actor
        ours = [u for u in s.units if u.alive and u.where == "map" and u.hex is not None
                and (u.id == actor if actor else u.side == side)]

        def nearest(h: Hex) -> str:
            if not walkers:
                return ""
            w = min(walkers, key=lambda u: (distance(u.place, h), u.id))
            return f" Nearest Walker: {w.id}, {count(distance(w.place, h), 'hex', 'hexes')} away."

        def away(hexes: Iterable[Hex]) -> str:
            """", N hexes from UNIT" for the nearest of ours ("" with none on the map)."""
            found = [(distance(u.place, h), u.id) for u in ours for h in hexes]
            if not found:
                return ""
            d, uid = min(found)
            return f", {uid} is in it" if d == 0 else f", {count(d, 'hex', 'hexes')} from {uid}"
        lines = [self.hex_line(game, s, bf.shield_generator).rstrip(".") + away([bf.shield_generator]) + "."
                 + nearest(bf.shield_generator),
                 self.hex_line(game, s, bf.power_grid).rstrip(".") + away([bf.power_grid]) + "." + nearest(bf.power_grid),
                 "Rebel Base entrances: " + ", ".join(sorted(hex_label(h) for h in bf.base_entries))
                 + away(bf.base_entries) + "."]
        if bf.forward_line:
            lines.append(f"Forward Line: {_extent(bf.forward_line)}{away(bf.forward_line)}.")
        lines.append(f"Imperial set-up sector: {_extent(bf.imperial_sector)}{away(bf.imperial_sector)}.")
        lines.append(f"Rebel set-up area: {_extent(bf.rebel_setup)}{away(bf.rebel_setup)}.")
        for name, hexes in sorted(bf.sectors.items()):
            lines.append(f"Reinforcement sector {name}: {_extent(hexes)}{away(hexes)}.")
        return lines

    def map_lines(self, game: AssaultGame, viewer: Side | None) -> list[str]:
        """The map a row a line: two characters a hex (a unit's letter and number, or its terrain)."""
        s = self.seen(game, viewer)
        m = game.setup.field.map
        bf = game.setup.field
        occupied = s.occupied()
        lines = ["Map of Assault on Hoth: two characters a hex; even columns stand half a hex lower.",
                 "Columns " + "".join(f"{c + 1:02d}" for c in range(m.columns))]
        for r in range(m.rows):
            row = []
            for c in range(m.columns):
                h = hex_from_offset(c, r)
                u = occupied.get(h)
                if u is not None:
                    row.append(LETTER.get(u.type, "?") + number_mark(u.id))
                elif h == bf.shield_generator:
                    row.append("G ")
                elif h == bf.power_grid:
                    row.append("P ")
                else:
                    row.append(GROUND.get(game.terrain.terrain.get(h, ""), " ") + " ")
            lines.append(f"Row {r + 1:02d} " + "".join(row))
        lines.append("Key: . clear, % rough, ^ cliff, G Shield Generator, P Power Grid; W Walker, A AT-ST, t "
                     "Snowtrooper, T heavy Snowtrooper, S Snowspeeder, r Trooper, R heavy Trooper, L Laser Tower, each "
                     "followed by its number (0 for 10, then a for 11, b for 12 ...).")
        return lines

    def map_words(self, game: AssaultGame, viewer: Side | None) -> list[str]:
        """The map read aloud, a row of hexes a line: rough ground and cliffs in runs, the installations, each
        unit at its hex."""
        s = self.seen(game, viewer)
        m = game.setup.field.map
        bf = game.setup.field
        occupied = s.occupied()
        places = {bf.shield_generator: "the Shield Generator", bf.power_grid: "the Power Grid"}

        def cell(c: int, r: int) -> tuple[str, str, str]:
            h = hex_from_offset(c, r)
            kind = game.terrain.terrain.get(h, "")
            unit = occupied.get(h)
            return hex_label(h), "" if kind == "clear" else kind, unit.id if unit is not None else places.get(h, "")
        rows = [(r + 1, [cell(c, r) for c in range(m.columns)]) for r in range(m.rows)]
        return ([f"Map of Assault on Hoth, {m.columns} columns of {m.rows} hexes, a row at a time from the top (a "
                 "hex's number is its column, then its row: 0712 is column 7, row 12): rough ground, cliffs, the "
                 "installations and the units."]
                + rows_in_words(rows)
                + ["Type 'landmarks' for the Forward Line, the sectors and the installations with their distances, "
                   "'around UNIT' for the hexes beside a unit, 'map grid' for the map as a grid of characters."])

    # ------------------------------------------------------------------ choices

    def choice(self, game: AssaultGame, action: Action) -> str:
        """The notation, then the odds of a fire, where a walk ends, the facing of a set-up."""
        text = action.notation()
        if isinstance(action, (Fire, Harpoon)):
            shot = game.shot(action)
            if isinstance(shot, str):
                return f"{text}: {shot}"
            return f"{text}: {count(shot.dice, 'die', 'dice')} against armor {shot.armor}, {round(game.hit_chance(shot) * 100)}% to hit"
        if isinstance(action, Walk):
            end, facing = game.walk_end(game.state.unit(action.unit), action.steps)
            return (f"{text}: to {hex_label(end)}, facing {FACING[facing]}; "
                    + hex_outlook(game, action.unit, end, facing))
        if isinstance(action, Move) and action.to.isdigit():
            cost = game.move_cost(action)
            return (f"{text}: to {action.to}" + (f", {count(cost, 'MP')}" if cost is not None else "")
                    + "; " + hex_outlook(game, action.unit, parse_hex(action.to)))
        if isinstance(action, Place) and action.facing is not None:
            return f"{text}: facing {FACING[action.facing]}"
        if isinstance(action, Armor):
            return f"{text}: " + ("no Force spent" if action.points == 0 else
                                  f"armor +{action.points} this action round")
        if isinstance(action, Critical):
            return f"{text}: " + ("1 Force point, a body hit instead" if action.spend
                                  else "the Snowspeeder is destroyed")
        return text

    def actor(self, action: Action) -> str | None:
        """The unit that acts."""
        return getattr(action, "unit", None)

    def is_shot(self, action: Action) -> bool:
        """A fire or a harpoon."""
        return type(action) in (Fire, Harpoon)

    def is_secret(self, action: Action) -> bool:
        """The Snowspeeder Luke flies."""
        return type(action) is AssignLuke

    def is_variant(self, action: Action) -> bool:
        """A fire or harpoon with Luke's Force added."""
        return isinstance(action, (Fire, Harpoon)) and action.force > 0

    def is_spread(self, action: Action) -> bool:
        """Moves, walks, set-up hexes and pushes aside: many per unit."""
        return type(action) in (Move, Walk, Place, Displace)

    def same_end(self, game: AssaultGame, action: Action) -> object:
        """A walk comes to its end hex and facing; anything else is its own end."""
        if type(action) is Walk:
            return game.walk_end(game.state.unit(action.unit), action.steps)
        return action

    def in_order(self, game: AssaultGame, actions: Sequence[Action]) -> tuple[str, list[Action]]:
        """An Imperial unit's moves nearest the Shield Generator first; a Rebel unit's nearest a Walker
        first; set-up as the game lists it."""
        if not actions or type(actions[0]) in (Place, Displace):
            return "", list(actions)
        s = game.state
        unit = s.unit(actions[0].about().actor or "")
        goals = [game.setup.field.shield_generator] if unit.side == "imperial" else [
            u.hex for u in s.units if u.type in ("walker", "atst") and u.where == "map" and u.hex is not None]
        if not goals:
            return "", list(actions)

        def near(a: Action) -> int:
            end = _end(game, a)
            return min(distance(end, g) for g in goals) if end is not None else 10_000
        what = "the Shield Generator" if unit.side == "imperial" else "a Walker"
        return f"Nearest {what} first:", sorted(actions, key=near)

    def spread_summary(self, game: AssaultGame, unit: str, actions: Sequence[Action]) -> str:
        """How many, over what area, and the end nearest the Shield Generator."""
        goal = game.setup.field.shield_generator
        ends = [e for e in (_end(game, a) for a in actions) if e is not None]
        verb = {Walk: "walk", Place: "set up", Displace: "push aside"}.get(type(actions[0]), "move")
        if not ends:
            return f"{verb} {unit}: {count(len(actions), 'choice')}. Type 'moves {unit}' for each."
        best = min(ends, key=lambda h: (distance(h, goal), h))
        gap = distance(best, goal)
        nearest = "its own hex" if gap == 0 else f"{count(gap, 'hex', 'hexes')} from it"
        return (f"{verb} {unit}: {count(len(actions), 'choice')}, to hexes from {_extent(ends)}; nearest the Shield "
                f"Generator: {hex_label(best)}, {nearest}. Type 'moves {unit}' for each.")

    def shorthand(self, game: AssaultGame, text: str) -> Action | None:
        """None: Assault on Hoth's notation is already short (a move names its hex)."""
        return None

    def meant_refusal(self, game: AssaultGame, action: Action) -> IllegalAction | None:
        """None: a refused move already says what the listing left out (movement.move_end)."""
        return None


def _where(u: Unit) -> str:
    return f"at {u.at()}" if u.where == "map" else u.at()


def _damage(u: Unit) -> str:
    """A unit's hits in words."""
    parts = []
    if u.type == "walker":
        parts += [("", "blaster damaged", "blaster destroyed")[u.blaster], ("", "one leg hit", "immobilized")[u.legs]]
        if u.body:
            parts.append(f"{u.body} of 3 body hits")
    elif u.type == "speeder":
        parts += ["" if u.gunner else "gunner killed", f"{u.body} of 2 body hits" if u.body else ""]
    elif u.body:
        parts.append(f"{u.body} body hit{'s' if u.body > 1 else ''}")
    return ", ".join(p for p in parts if p)


def _delta(a: Hex, b: Hex) -> tuple[float, float]:
    """From hex a to hex b on the drawn map (flat-topped hexes: x across, y down)."""
    ax, ay = 1.5 * a[0], math.sqrt(3) * (a[1] + a[0] / 2)
    bx, by = 1.5 * b[0], math.sqrt(3) * (b[1] + b[0] / 2)
    return bx - ax, by - ay


def _end(game: AssaultGame, action: Action) -> Hex | None:
    if isinstance(action, (Place, Displace)):
        return action.hex
    if isinstance(action, Walk):
        return game.walk_end(game.state.unit(action.unit), action.steps)[0]
    if isinstance(action, Move) and action.to.isdigit():
        return parse_hex(action.to)
    return None


def hex_outlook(game: AssaultView, unit: str, at: Hex, facing: int | None = None) -> str:
    """What a hex would give a unit standing there: the shots it could make from there (a Walker's field of
    fire as it would face), with their chances, and the enemies that could fire on it there:
    `shots: walker-2 26%; fired on by 2: tower-3 91%, trooper-4 40%` (or `no shot`, `fired on by none`)."""
    s = game.state
    mine = shots_from(game.rules, game.terrain, s, unit, at, facing)
    theirs = threats(game.rules, game.terrain, s, unit, at)
    shots = ("shots: " + ", ".join(f"{who} {round(game.hit_chance(shot) * 100)}%" for who, shot in mine)
             if mine else "no shot")
    fired = (f"fired on by {len(theirs)}: " + ", ".join(f"{who} {round(game.hit_chance(shot) * 100)}%"
                                                      for who, shot in theirs) if theirs else "fired on by none")
    return f"{shots}; {fired}"


def fired_on(game: AssaultView, s: AssaultState, unit: str, here: Hex, who: str) -> str:
    """Which enemy units could fire on a unit on this hex in the state `s` (their field of fire and range as
    they stand), with their chances: "Could fire on it: walker-1 87%", or that none could."""
    theirs = threats(game.rules, game.terrain, s, unit, here)
    if not theirs:
        return f"No enemy could fire on {who}."
    return f"Could fire on {who}: " + ", ".join(f"{e} {round(game.hit_chance(shot) * 100)}%" for e, shot in theirs)


def _extent(hexes: Iterable[Hex]) -> str:
    """The columns and rows a set of hexes spans."""
    labels = sorted(hex_label(h) for h in hexes)
    cols = sorted({lab[:2] for lab in labels})
    rows = sorted({lab[2:] for lab in labels})
    return f"columns {cols[0]} to {cols[-1]}, rows {rows[0]} to {rows[-1]}"


DESCRIBER: Describer[AssaultGame, Action] = AssaultWords()  # checked against the Protocol here

__all__ = ["DESCRIBER", "AssaultWords"]
