"""A skirmish in words (see hothsim.describe): figures, squares, choices, from the viewer's observation.

Distances are the rules' range in squares (a diagonal step counts as the rules count it, walls are gone
around); line of sight and cover are the rules' own (`board.sight`, `game.covered`), so "has cover" here
is the cover an attack from there would meet.
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

from hothsim.describe import COMPASS, Describer, compass, rows_in_words, side_words, unit_named
from hothsim.kernel.engine import IllegalAction, Side
from hothsim.kernel.squares import Square, Terrain, parse_square, square_label
from hothsim.kernel.words import count
from hothsim.skirmish.actions import Action, Attack, EndTurn, ForceMove, ForcePower, Move, Place, Recruit
from hothsim.skirmish.game import SkirmishGame
from hothsim.skirmish.outlook import Outlook
from hothsim.skirmish.state import Figure, GameState

#: What each kind of decision asks, in our words.
ASKS = {"build": "add a card to your squad in secret, or say it is ready",
        "place": "set up your figures in your zone, one at a time",
        "first": "you won the initiative: say which side goes first this round",
        "activate": "choose a figure to activate",
        "turn": "act with {figure}: move, attack, or end its turn",
        "opportunity": "an attack of opportunity on {figure}, about to move away: take it or decline",
        "reaction": "a Force reaction for {figure}: use it or decline",
        "reroll": "{figure}'s {note}: spend a Force point to reroll it, or keep it",
        "over": "the game is over"}

#: One character per kind of ground, on the screen and in the text map alike.
#: Ground as `map` reads it aloud (clear ground is not named).
TERRAIN_SAID = {Terrain.LOW: "low objects", Terrain.DIFFICULT: "difficult", Terrain.TRENCH: "trench",
                Terrain.PIT: "pit", Terrain.SOLID: "solid"}
GROUND = {Terrain.CLEAR: ".", Terrain.LOW: "o", Terrain.DIFFICULT: "~", Terrain.TRENCH: "t", Terrain.PIT: "x",
          Terrain.SOLID: "#"}


class SkirmishWords:
    """The skirmish's describer (hothsim.describe.Describer)."""

    unit_word = "figure"
    place_word = "square"

    # ------------------------------------------------------------------ the state

    @staticmethod
    def seen(game: SkirmishGame, viewer: Side | None) -> GameState:
        """The state as the viewer may see it (a squad built in secret blanked)."""
        return game.observation(viewer).state if viewer else game.state

    def decision(self, game: SkirmishGame) -> str:
        """Whose decision and what it is."""
        d = game.pending
        if d.kind == "over":
            return f"Game over: {game.state.end_reason}"
        ask = ASKS.get(d.kind, d.kind).format(figure=d.figure or "", note=d.note)
        return f"{side_words(d.player)} to decide, {game.progress()}: {ask}."

    def status(self, game: SkirmishGame, viewer: Side | None) -> list[str]:
        """Round, who decides, the points each side has standing, the tie-breaker's count."""
        s = self.seen(game, viewer)
        lines = [f"Status: {game.progress()}. {self.decision(game)}"]
        for side in ("rebel", "imperial"):
            living = [f for f in s.figures if f.side == side and not f.defeated]
            points = sum(game.card(f).cost for f in living)
            lines.append(f"{side_words(side)}: {count(len(living), 'figure')} standing, {points} points.")
        if s.stage == "round":
            lines.append(f"Quiet rounds: {s.quiet_rounds} of {game.setup.tie_break_rounds} (then the tie-breaker "
                         "decides).")
        lines.append(f"Goal: {game.objective()}")
        return lines

    def figure_line(self, game: SkirmishGame, s: GameState, f: Figure) -> str:
        """One figure: id first, then card, side, square, hit points, whether it has acted, Force."""
        card = game.card(f)
        if f.defeated:
            return f"{f.id}: {card.name}, {f.side}, defeated."
        where = f"at {square_label(f.pos)}" if f.pos is not None else "not set up yet"
        acting = s.turn is not None and s.turn.figure == f.id
        state = "acting now" if acting else ("has acted this round" if f.activated else "ready")
        force = f", {count(f.force, 'Force point')}" if card.force else ""
        return f"{f.id}: {card.name}, {f.side}, {where}, {f.hp} of {card.hp} hit points, {state}{force}."

    def units(self, game: SkirmishGame, viewer: Side | None, which: str) -> list[str]:
        """Every figure (or the viewer's, or the enemy's)."""
        s = self.seen(game, viewer)
        me = viewer or game.pending.player
        tests: dict[str, Callable[[Figure], bool]] = {
            "all": lambda f: True, "mine": lambda f: f.side == me, "enemy": lambda f: f.side != me}
        keep = tests[which]
        return [self.figure_line(game, s, f) for f in s.figures if keep(f)] or ["Figures: none."]

    def unit_ids(self, game: SkirmishGame, viewer: Side | None) -> list[str]:
        """Every figure's id."""
        return [f.id for f in self.seen(game, viewer).figures]

    def look(self, game: SkirmishGame, viewer: Side | None, what: str) -> list[str]:
        """A figure (its line and stat card) or a square (ground, doors, who stands there)."""
        s = self.seen(game, viewer)
        fid = unit_named(self.unit_ids(game, viewer), what)
        if fid is not None:
            return [self.figure_line(game, s, s.fig(fid))] + game.describe(fid)[1:]
        try:
            sq = parse_square(what)
        except ValueError:
            return []
        if not game.setup.grid.in_bounds(sq):
            return [f"{square_label(sq)}: off the map."]
        return [self.square_line(game, s, sq)]

    def square_line(self, game: SkirmishGame, s: GameState, sq: Square) -> str:
        """A square: its label, its ground, who stands there, a door on its edge."""
        grid = game.setup.grid
        ground = grid.terrain_at(sq).value
        who = next((f for f in s.living() if sq in f.space()), None)
        doors = [d for d in grid.doors if sq in d.squares]
        parts = [f"{square_label(sq)}: {ground}"]
        if who is not None:
            parts.append(f"{who.id} ({who.side}) stands here")
        if doors:
            parts.append("a door on its edge, " + ("open" if all(d in s.open_doors for d in doors) else "closed"))
        if s.stage == "setup" and any(sq in squares for squares in game.setup.zones.values()):
            zones = [name for name, squares in game.setup.zones.items() if sq in squares]
            parts.append(f"in the {' and '.join(zones)} set-up zone")
        return ", ".join(parts) + "."

    # ------------------------------------------------------------------ relations

    def relation(self, game: SkirmishGame, s: GameState, f: Figure, o: Figure) -> str:
        """Another figure as seen from `f`: range, direction, sight, cover (from f's fire)."""
        sight = game.board.sight(s.open_doors)
        far = game.board.range_to(s.open_doors, f.space(), o.space())
        way = compass(*_delta(f, o))
        seen = sight.can_see(f.rect(), o.rect())
        words = [f"{o.id} ({o.side}): " + (f"{count(far, 'square')} {way}" if far is not None else f"{way}, walled off")]
        words.append("in line of sight" if seen else "out of sight")
        if seen and o.side != f.side:
            adjacent = game.board.adjacent(s.open_doors, f.rect(), o.rect())
            words.append("adjacent" if adjacent else ("has cover" if game.covered(s, f, o) else "no cover"))
        return ", ".join(words) + "."

    def near(self, game: SkirmishGame, viewer: Side | None, unit: str) -> list[str]:
        """Enemies, then friends, nearest first."""
        s = self.seen(game, viewer)
        f = s.fig(unit)
        if not f.alive or f.pos is None:
            return [f"{f.id}: not on the map."]
        others = [o for o in s.living() if o.id != f.id]

        def far(o: Figure) -> tuple[int, str]:
            r = game.board.range_to(s.open_doors, f.space(), o.space())
            return (10_000 if r is None else r, o.id)
        lines = [f"Near {f.id} at {square_label(f.pos)} (squares of range, counted around walls and closed doors):"]
        for label, group in (("Enemies", [o for o in others if o.side != f.side]),
                             ("Friends", [o for o in others if o.side == f.side])):
            lines.append(f"{label}: {count(len(group), 'figure')}.")
            lines += [self.relation(game, s, f, o) for o in sorted(group, key=far)]
        return lines

    def around(self, game: SkirmishGame, viewer: Side | None, unit: str) -> list[str]:
        """The squares touching the figure's space, clockwise from north, with what blocks the way."""
        s = self.seen(game, viewer)
        f = s.fig(unit)
        if not f.alive or f.pos is None:
            return [f"{f.id}: not on the map."]
        grid = game.setup.grid
        x0, y0, x1, y1 = f.rect()
        ring = [(x, y) for y in range(y0 - 1, y1 + 1) for x in range(x0 - 1, x1 + 1)
                if not (x0 <= x < x1 and y0 <= y < y1)]
        cx, cy = (x0 + x1 - 1) / 2, (y0 + y1 - 1) / 2
        ring.sort(key=lambda q: (COMPASS.index(compass(q[0] - cx, q[1] - cy)), q[1], q[0]))
        lines = [f"Around {f.id} at {square_label(f.pos)}, clockwise from north:"]
        sight = game.board.sight(s.open_doors)
        for q in ring:
            way = compass(q[0] - cx, q[1] - cy)
            if not grid.in_bounds(q):
                lines.append(f"{way}: off the map.")
                continue
            line = self.square_line(game, s, q)
            if not sight.adjacent(f.rect(), (q[0], q[1], q[0] + 1, q[1] + 1)):
                line = line[:-1] + ", a wall between."
            lines.append(f"{way}: {line}")
        return lines

    def landmarks(self, game: SkirmishGame, viewer: Side | None) -> list[str]:
        """The set-up zones and the doors, each with its range from the figure acting (or, when none is, from
        the nearest of the viewer's figures on the map)."""
        s = self.seen(game, viewer)
        grid = game.setup.grid
        acting = s.fig(s.turn.figure) if s.turn is not None else None
        side = viewer or game.pending.player
        ours = [acting] if acting is not None else [f for f in s.living() if f.pos is not None and f.side == side]
        lines = [f"Map: {grid.name}, {grid.width} by {grid.height} squares. The victory is by defeating figures: "
                 "this scenario has no objective squares."]
        for name, squares in sorted(game.setup.zones.items()):
            lines.append(f"{name} set-up zone: {_extent(squares)}{self._from(game, s, ours, squares)}.")
        for d in sorted(grid.doors):
            a, b = d.squares
            state = "open" if d in s.open_doors else "closed"
            lines.append(f"Door between {square_label(a)} and {square_label(b)}: {state}"
                         f"{self._from(game, s, ours, (a, b))}.")
        return lines

    @staticmethod
    def _from(game: SkirmishGame, s: GameState, figures: Sequence[Figure], squares: Iterable[Square]) -> str:
        """", N squares from FIGURE": the range from the nearest of these figures ("" with none)."""
        ranges = [(r, f.id) for f in figures if f.alive
                  for r in [game.board.range_between(s.open_doors, f.space(), squares)] if r is not None]
        if not ranges:
            alive = [f.id for f in figures if f.alive]
            return f", sealed off from {alive[0] if len(alive) == 1 else 'your figures'} by walls and closed doors" \
                if alive else ""
        r, fid = min(ranges)
        return f", {fid} is in it" if r == 0 else f", {count(r, 'square')} from {fid}"

    def map_lines(self, game: SkirmishGame, viewer: Side | None) -> list[str]:
        """The map a row a line: a character per square, figures as letters with a key below."""
        s = self.seen(game, viewer)
        grid = game.setup.grid
        letters = {f.id: chr(ord("A") + i) if i < 26 else chr(ord("a") + i - 26)
                   for i, f in enumerate(f for f in s.figures if f.alive)}
        at = {sq: letters[f.id] for f in s.living() for sq in f.space()}
        labels = [square_label((x, 0))[:-1] for x in range(grid.width)]
        width = max(len(c) for c in labels)
        lines = [f"Map of {grid.name}: a character per square; columns left to right, rows top to bottom."]
        for i in range(width):
            lines.append("Columns " + "".join(c.rjust(width)[i] for c in labels))
        for y in range(grid.height):
            row = "".join(at.get((x, y), GROUND[grid.terrain_at((x, y))]) for x in range(grid.width))
            lines.append(f"Row {y + 1:>3} {row}")
        lines.append("Key: . clear, o low objects (cover), ~ difficult, t trench, x pit, # solid; walls and doors "
                     "lie on the squares' edges and are not drawn here.")
        lines += [f"{letter}: {fid}" for fid, letter in letters.items()]
        return lines

    def map_words(self, game: SkirmishGame, viewer: Side | None) -> list[str]:
        """The map read aloud, a row a line: ground other than clear in runs, each figure at its square."""
        s = self.seen(game, viewer)
        grid = game.setup.grid
        at = {f.pos: f.id for f in s.living() if f.pos is not None}
        rows = [(y + 1, [(square_label((x, y)), TERRAIN_SAID.get(grid.terrain_at((x, y)), ""), at.get((x, y), ""))
                         for x in range(grid.width)]) for y in range(grid.height)]
        return ([f"Map of {grid.name}, {grid.width} squares wide (A to {square_label((grid.width - 1, 0))[:-1]}) and "
                 f"{grid.height} deep, a row at a time from the top: what is not clear ground, and who stands where "
                 "(a large figure at its top-left square)."]
                + rows_in_words(rows)
                + ["Walls and doors lie on the squares' edges: type 'around FIGURE' for those beside a figure, "
                   "'landmarks' for every door and set-up zone, 'map grid' for the map as a grid of characters."])

    # ------------------------------------------------------------------ choices

    def choice(self, game: SkirmishGame, action: Action) -> str:
        """The notation, then the odds of an attack, the end of a move, the cost of a card."""
        text = action.notation()
        s = game.state
        if isinstance(action, Attack):
            helpers = f", {count(len(action.helpers), 'ally', 'allies')} combining fire" if action.helpers else ""
            return f"{text}: {game.hit_chance(action)}% to hit{helpers}"
        if isinstance(action, Move):
            plan = game.move_plans().get((action.destination[0], action.destination[1]))
            where = square_label((action.destination[0], action.destination[1]))
            cost = f", {count(plan.cost, 'square')}" if plan is not None else ""
            aoo = f", attacks of opportunity from {', '.join(sorted(plan.provoked))}" if plan and plan.provoked else ""
            return f"{text}: to {where}{cost}{aoo}; {outlook_words(game.outlook(action))}"
        if isinstance(action, Recruit):
            return f"{text}: {game.setup.cards[action.card].name}, {game.setup.cards[action.card].cost} points"
        if isinstance(action, ForceMove):
            return f"{text}: 1 Force point for 2 more squares"
        if isinstance(action, ForcePower) and action.power == "grip":
            return f"{text}: 1 Force point, {game.grip_damage(action)} damage, no attack roll"
        if isinstance(action, EndTurn) and s.turn is not None and not s.turn.attacked and game.ab.can_attack(s, s.fig(action.figure)):
            return f"{text}: without attacking"
        return text

    def actor(self, action: Action) -> str | None:
        """The figure that acts."""
        return getattr(action, "figure", None)

    def is_shot(self, action: Action) -> bool:
        """An attack."""
        return type(action) is Attack

    def is_secret(self, action: Action) -> bool:
        """A card recruited into a squad built in secret."""
        return type(action) is Recruit

    def is_variant(self, action: Action) -> bool:
        """An attack with allies combining fire."""
        return type(action) is Attack and bool(action.helpers)

    def is_spread(self, action: Action) -> bool:
        """Moves and set-up squares: many per figure."""
        return type(action) in (Move, Place)

    def same_end(self, game: SkirmishGame, action: Action) -> Action:
        """Each move or set-up square is its own end (the legal moves hold one path to each square)."""
        return action

    def in_order(self, game: SkirmishGame, actions: Sequence[Action]) -> tuple[str, list[Action]]:
        """Moves nearest an enemy first (range as the rules count it); set-up squares as the game lists
        them."""
        s = game.state
        movers = [a for a in actions if type(a) is Move]
        if not movers:
            return "", list(actions)
        f = s.fig(movers[0].figure)
        enemies = [e for e in s.living() if e.side != f.side]
        if not enemies:
            return "", list(actions)
        ranges = [game.board.ranges_from(s.open_doors, e.space()) for e in enemies]

        def near(a: Action) -> int:
            return min((r.get(_end(a), 10_000) for r in ranges), default=10_000)
        return "Nearest an enemy first:", sorted(actions, key=near)

    def spread_summary(self, game: SkirmishGame, unit: str, actions: Sequence[Action]) -> str:
        """How many squares, over what area, and the one nearest an enemy."""
        ends = [_end(a) for a in actions]
        verb = "set up" if type(actions[0]) is Place else "move"
        s = game.state
        f = s.fig(unit)
        enemies = [e for e in s.living() if e.side != f.side]
        near = ""
        if enemies and verb == "move":
            # Range as the rules count it (around walls), from each enemy to every square, once.
            ranges = {e.id: game.board.ranges_from(s.open_doors, e.space()) for e in enemies}
            # No end square may be in any enemy's range (every enemy walled off behind closed doors).
            nearest = min(((r, q, e.id) for q in ends for e in enemies
                           if (r := ranges[e.id].get(q)) is not None), default=None)
            if nearest is not None:
                best_range, best, e_id = nearest
                near = f"; nearest an enemy: {square_label(best)}, {count(best_range, 'square')} from {e_id}"
        written = "place" if verb == "set up" else "move"
        return (f"{verb} {unit}: {count(len(ends), 'square')} from {_extent(ends)}{near}. "
                f"Type 'moves {unit}' for each, or '{written} {unit} SQUARE'.")

    def shorthand(self, game: SkirmishGame, text: str) -> Action | None:
        """`move FIGURE SQUARE`: the path the game plans to that square (the notation names every step)."""
        words = text.split()
        if len(words) != 3 or words[0] != "move":
            return None
        try:
            sq = parse_square(words[2])
        except ValueError:
            return None
        legal = game.legal_actions()
        for a in legal:
            if type(a) is Move and a.figure == words[1] and _end(a) == sq:
                return a
        return None

    def meant_refusal(self, game: SkirmishGame, action: Action) -> IllegalAction | None:
        """A move to a destination out of reach says why the square cannot be reached."""
        return _meant_refusal(game, action)


def _meant_refusal(game: SkirmishGame, action: Action) -> IllegalAction | None:
    """A move written as its destination alone (`move han k7`) that no path the rules allow reaches: why
    the square cannot be reached (too far, nowhere to stop), not that its one step is not allowed."""
    if type(action) is not Move or len(action.path) != 1 or game.pending.kind != "turn":
        return None
    if action.figure != game.pending.figure:
        return None
    return game.move_refusal((action.destination[0], action.destination[1]))


def _end(action: Action) -> Square:
    """Where a set-up or a move (of any kind) puts its figure (a move's end: its destination's square)."""
    if isinstance(action, Place):
        return action.square
    d = action.destination  # type: ignore[union-attr]  # the callers ask only of moves and set-ups
    return (d[0], d[1])


def _delta(f: Figure, o: Figure) -> tuple[float, float]:
    ax0, ay0, ax1, ay1 = f.rect()
    bx0, by0, bx1, by1 = o.rect()
    return (bx0 + bx1) / 2 - (ax0 + ax1) / 2, (by0 + by1) / 2 - (ay0 + ay1) / 2


def _extent(squares: Iterable[Square]) -> str:
    """The rectangle a set of squares spans, as its corners."""
    xs = [q[0] for q in squares]
    ys = [q[1] for q in squares]
    return f"{square_label((min(xs), min(ys)))} to {square_label((max(xs), max(ys)))}"


DESCRIBER: Describer[SkirmishGame, Action] = SkirmishWords()  # checked against the Protocol here

__all__ = ["DESCRIBER", "SkirmishWords"]


def outlook_words(look: Outlook) -> str:
    """A destination's shots and exposure in words: `shots: snowtrooper-1 55%; seen by 2` (or `no shot`)."""
    shots = "shots: " + ", ".join(f"{target} {chance}%" for target, chance in look.shots) if look.shots else "no shot"
    return f"{shots}; seen by {len(look.threats)}"
