"""Moving units (rulebook section 6): Movement Points, terrain, Walkers' facing, mounting, the Base.

Troopers, AT-STs and Snowspeeders pay 1 MP a hex, pass through any unit and never end on one; so a move
is named by where it ends, and the engine finds the cheapest way there.  A Walker's move is the list of
its steps (forward, turn left, turn right), because the hexes it walks through matter: it crushes what
it enters and pushes Snowspeeders aside.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hothsim.assault.rules import AssaultRules, Battlefield
from hothsim.assault.state import AssaultState, Unit
import heapq

from hothsim.kernel.hexes import Hex, hex_label, in_field_of_fire, neighbour
from hothsim.kernel.words import count

#: Turning blocks in canonical form: the net turn between two forward steps (three hexsides go right).
_TURNS: tuple[str, ...] = ("", "l", "r", "ll", "rr", "rrr")


@dataclass(frozen=True)
class Terrain:
    """Per-hex facts of one battlefield worked out once: terrain, neighbours on the map, forbidden hexes."""

    bf: Battlefield

    def __post_init__(self) -> None:
        m = self.bf.map
        hexes = tuple(m.hexes())
        terrain = {h: m.terrain_at(h) for h in hexes}
        near = {h: tuple(n for d in range(6) if (n := neighbour(h, d)) in terrain) for h in hexes}
        object.__setattr__(self, "terrain", terrain)
        object.__setattr__(self, "near", near)
        barred = frozenset({self.bf.shield_generator, self.bf.power_grid})
        object.__setattr__(self, "walker_barred", barred)
        # Where `step_bar` lets a Walker step, other Walkers aside: the listing of walks asks this set.
        object.__setattr__(self, "walker_open", frozenset(h for h in hexes if step_bar(self, set(), h) is None))
        object.__setattr__(self, "label", {h: hex_label(h) for h in hexes})
        object.__setattr__(self, "hex_at", {hex_label(h): h for h in hexes})
        lattice = m.lattice
        object.__setattr__(self, "macro", {h: lattice.macro_coords(h) for h in hexes})
        object.__setattr__(self, "reach_cache", {})
        object.__setattr__(self, "march_cache", {})

    def range(self, a: Hex, b: Hex) -> int:
        """Fire range in macrohexes between two hexes of the map (the lattice's range, looked up)."""
        (qa, ra), (qb, rb) = self.macro[a], self.macro[b]
        dq, dr = qa - qb, ra - rb
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    terrain: dict[Hex, str] = field(init=False, repr=False, compare=False)  # "clear" | "rough" | "cliff"
    near: dict[Hex, tuple[Hex, ...]] = field(init=False, repr=False, compare=False)  # neighbours on the map
    walker_barred: frozenset[Hex] = field(init=False, repr=False, compare=False)  # Shield Generator, Power Grid
    walker_open: frozenset[Hex] = field(init=False, repr=False, compare=False)  # hexes step_bar opens to Walkers
    label: dict[Hex, str] = field(init=False, repr=False, compare=False)  # "CCRR"
    hex_at: dict[str, Hex] = field(init=False, repr=False, compare=False)  # "CCRR" -> Hex, for the hexes of the map
    macro: dict[Hex, tuple[int, int]] = field(init=False, repr=False, compare=False)  # its macrohex's coordinates
    # (starts, budget, flies) -> the costs _reach found: a few hundred entries a map, filled as games go.
    reach_cache: dict[tuple[tuple[tuple[Hex, int], ...], int, bool], dict[Hex, int]] = field(
        init=False, repr=False, compare=False)
    # (target, macrohexes, turn cost, rough cost) -> march_costs' answer: one or two a game.
    march_cache: dict[tuple[Hex, int, int, int], dict[tuple[Hex, int], int]] = field(init=False, repr=False,
                                                                                     compare=False)


def march_costs(rules: AssaultRules, t: Terrain, target: Hex, within: int) -> dict[tuple[Hex, int], int]:
    """For a Walker standing on any hex with any facing, the fewest MPs it must spend (turns and steps, as
    it walks: 1 a hexside turned, 1 a clear hex, 3 a rough one) to stand within `within` macrohexes of
    `target` with the target in its field of fire.  Other units are ignored (they move); a state that can
    never get there is missing.  It depends on the map alone, so each answer is kept on the Terrain."""
    mv = rules.movement
    key = (target, within, mv.walker_turn, mv.walker_rough)
    hit = t.march_cache.get(key)
    if hit is not None:
        return hit
    cost: dict[tuple[Hex, int], int] = {}
    heap: list[tuple[int, Hex, int]] = [(0, h, f) for h in t.terrain for f in range(6)
                                        if t.terrain[h] != "cliff" and h not in t.walker_barred
                                        and t.range(h, target) <= within and in_field_of_fire(h, f, target)]
    heapq.heapify(heap)
    while heap:  # Dijkstra backwards: from the firing places to every place that can walk to one
        c, h, f = heapq.heappop(heap)
        if (h, f) in cost:
            continue
        cost[(h, f)] = c
        for turned in ((f + 1) % 6, (f - 1) % 6):  # came from the facing one hexside round
            if (h, turned) not in cost:
                heapq.heappush(heap, (c + mv.walker_turn, h, turned))
        back = neighbour(h, (f + 3) % 6)  # came from the hex behind, stepping forward into h
        if back in t.terrain and t.terrain[back] != "cliff" and back not in t.walker_barred and (back, f) not in cost:
            heapq.heappush(heap, (c + walker_step(rules, t, h), back, f))
    t.march_cache[key] = cost
    return cost


def walker_step(rules: AssaultRules, t: Terrain, h: Hex) -> int:
    """The MPs a Walker pays to step forward into a hex: 3 into rough, 1 into clear (6.1)."""
    return rules.movement.walker_rough if t.terrain.get(h) == "rough" else 1


def walker_points(rules: AssaultRules, walker: Unit) -> int:
    """A Walker's MPs this move: 5, less 2 with one leg hit, none when immobilized."""
    if walker.legs >= 2:
        return 0
    return rules.movement.points - (rules.movement.walker_leg_damage if walker.legs == 1 else 0)


def _reach(t: Terrain, starts: dict[Hex, int], budget: int, flies: bool) -> dict[Hex, int]:
    """Cheapest MP cost to every hex within budget (1 MP a hex; cliffs only for flyers; units passed freely).
    It depends on the map alone, never on the units, so each answer is kept on the Terrain and reused."""
    key = (tuple(sorted(starts.items())), budget, flies)
    hit = t.reach_cache.get(key)
    if hit is None:
        hit = t.reach_cache[key] = _search_reach(t, starts, budget, flies)
    return hit


def _search_reach(t: Terrain, starts: dict[Hex, int], budget: int, flies: bool) -> dict[Hex, int]:
    cost: dict[Hex, int] = {}
    terrain, near = t.terrain, t.near
    # Sources may start at different costs (leaving the Base costs 1), so expand one cost level at a time.
    levels: list[list[Hex]] = [[] for _ in range(budget + 2)]
    for h, c in starts.items():
        if c <= budget:
            levels[c].append(h)
    for level in range(budget + 1):
        for h in levels[level]:
            if h in cost:
                continue
            cost[h] = level
            if level == budget:
                continue
            for n in near[h]:
                if n not in cost and (flies or terrain[n] != "cliff"):
                    levels[level + 1].append(n)
    return cost


def move_cost(rules: AssaultRules, t: Terrain, s: AssaultState, u: Unit, to: str) -> int | None:
    """The MPs a unit that is not a Walker spends on a move to one end (a hex label, `base` or a Walker's
    id), or None when that is no legal end, worked out without listing every end."""
    end = move_end(rules, t, s, u, to)
    return end if isinstance(end, int) else None


def move_end(rules: AssaultRules, t: Terrain, s: AssaultState, u: Unit, to: str) -> int | str:
    """The MPs a unit that is not a Walker spends on a move to one end, or the words of why that is no end
    of its move (6): what the listing of moves, `move_reach` and `move_extras`, leaves out, said."""
    ut = rules.units[u.type]
    if ut.is_walker:
        return "a Walker moves by steps: f forward, l and r to turn (e.g. fflf)"
    if ut.fixed:
        return "Laser Towers never move"
    occupied = s.occupied()
    held = imperial_held(occupied)
    cost = move_reach(rules, t, s, u, held)
    if cost is None:
        return f"{u.id} cannot move from where it is"
    h = t.hex_at.get(to)
    if h is None:  # `base`, a Walker's id, or no end at all
        extras = move_extras(rules, t, s, u, cost, held)
        return extras[to] if to in extras else _no_extra_end(rules, t, s, u, to)
    if u.where == "map" and h == u.hex:
        return f"{u.id} is already at {to}"
    if h in occupied:
        return f"{occupied[h].id} stands at {to}, and no move ends on a unit"
    if h in cost:
        return cost[h]
    if t.terrain[h] == "cliff" and not ut.flies:
        return f"{to} is a cliff, and only Snowspeeders enter cliffs"
    start = "from the Base's free entry hexes " if u.where == "base" else ""
    return f"{to} is more than {count(rules.movement.points, 'MP')} away {start}(1 MP a hex)"


def _no_extra_end(rules: AssaultRules, t: Terrain, s: AssaultState, u: Unit, to: str) -> str:
    """Why the Base Box or a Walker (or a word that is neither) is no end of this unit's move."""
    ut = rules.units[u.type]
    mv = rules.movement
    if to == "base":
        if not (ut.trooper and u.side == "rebel"):
            return "only Rebel Troopers go into the Base"
        if u.where != "map":
            return f"{u.id} is in the Base already"
        return f"no free entry hex of the Base is within {count(mv.points - mv.base, 'MP')} (1 more to go in)"
    walker = next((w for w in s.units if w.id == to and w.type == "walker"), None)
    if walker is None:
        return f"{to} is no hex of the map, 'base' or a Walker"
    if not (ut.trooper and u.side == "imperial"):
        return "only Snowtroopers board Walkers"
    if walker.where != "map" or walker.id == u.aboard:
        return f"{u.id} cannot board {to} now"
    if not may_mount(rules, s, walker):
        return f"{to} has no room for more Snowtroopers"
    return f"{to} is more than {mv.points - mv.mount} MPs away (1 more to board)"


def imperial_held(occupied: dict[Hex, Unit]) -> set[Hex]:
    """The hexes Imperial units stand on (a Rebel Trooper may not leave the Base through one)."""
    return {h for h, o in occupied.items() if o.side == "imperial"}


def move_reach(rules: AssaultRules, t: Terrain, s: AssaultState, u: Unit, held: set[Hex],
               ) -> dict[Hex, int] | None:
    """The MP cost to every hex a unit that is not a Walker could reach this move, occupied hexes included
    (it ends on none of them), in a fixed order; None when it cannot move.  The answer is the Terrain's own
    kept value: callers must not change it."""
    ut = rules.units[u.type]
    if ut.fixed or ut.is_walker:
        return None
    mv = rules.movement
    if u.where == "map":
        assert u.hex is not None
        starts = {u.hex: 0}
    elif u.where == "base":
        starts = {e: mv.base for e in t.bf.base_entries if e not in held}
    elif u.where == "aboard":
        w = s.unit(u.aboard)
        if w.hex is None:
            return None
        starts = {w.hex: mv.mount}
    else:
        return None
    return _reach(t, starts, mv.points, ut.flies)


def move_extras(rules: AssaultRules, t: Terrain, s: AssaultState, u: Unit, cost: dict[Hex, int], held: set[Hex],
                ) -> dict[str, int]:
    """The ends of a move that are not hexes, after `move_reach`'s costs: the Base Box for a Rebel Trooper,
    a Walker with room for a Snowtrooper (token -> MPs spent), in a fixed order."""
    ut = rules.units[u.type]
    mv = rules.movement
    budget = mv.points
    out: dict[str, int] = {}
    if ut.trooper and u.side == "rebel" and u.where == "map":
        entry = [cost[e] for e in t.bf.base_entries if e in cost and e not in held]
        if entry and min(entry) + mv.base <= budget:
            out["base"] = min(entry) + mv.base
    if ut.trooper and u.side == "imperial":
        for w in s.units:
            if (w.type == "walker" and w.where == "map" and w.hex in cost and w.id != u.aboard
                    and cost[w.hex] + mv.mount <= budget and may_mount(rules, s, w)):
                out[w.id] = cost[w.hex] + mv.mount
    return out


def may_mount(rules: AssaultRules, s: AssaultState, walker: Unit) -> bool:
    """Whether a Snowtrooper may board this Walker: room aboard, and it never took two body hits (7.3: "for
    the remainder of the game", so a repaired body hit does not give the troops back)."""
    return (walker.body < 2 and not walker.troops_lost
            and len(s.carried(walker.id)) < rules.movement.walker_capacity)


@dataclass(frozen=True)
class Step:
    """One forward step of a Walker's move: the hex entered, the facing, the MPs left after it."""

    hex: Hex
    facing: int
    mp_left: int


#: Why a Walker may not step forward into a hex (6.3), by `step_bar`'s answer: the words of a refused walk.
STEP_BARS = {"edge": "that would leave the map", "cliff": "Walkers cannot enter cliffs ({hex})",
             "installation": "Walkers may not enter the Shield Generator or the Power Grid ({hex})",
             "walker": "a Walker never moves through another Walker ({hex})"}


def step_bar(t: Terrain, walkers: set[Hex], n: Hex) -> str | None:
    """What bars a Walker's step forward into hex `n` (a key of `STEP_BARS`), or None: the one test both
    the listing of a Walker's walks and the refusal of a walk ask (`walkers`: the other Walkers' hexes)."""
    kind = t.terrain.get(n)
    if kind is None:
        return "edge"
    if kind == "cliff":
        return "cliff"
    if n in t.walker_barred:
        return "installation"
    return "walker" if n in walkers else None


def walk_problem(rules: AssaultRules, t: Terrain, s: AssaultState, walker: Unit, steps: str) -> str | None:
    """Why a Walker may not take these steps now (None when it may)."""
    mp = walker_points(rules, walker)
    if mp == 0:
        return "the Walker is immobilized" if walker.legs >= 2 else "the Walker has no movement points"
    h, f = walker.hex, walker.facing
    assert h is not None
    walkers = {u.hex for u in s.units if u.type == "walker" and u.where == "map" and u.id != walker.id
               and u.hex is not None}
    for i, c in enumerate(steps):
        if c in "lr":
            if mp < rules.movement.walker_turn:
                return f"step {i + 1}: no MPs left to turn"
            mp -= rules.movement.walker_turn
            f = (f + (1 if c == "r" else -1)) % 6
            continue
        n = neighbour(h, f)
        bar = step_bar(t, walkers, n)
        if bar is not None:
            words = STEP_BARS[bar]  # off the map, the hex has no label to name
            return f"step {i + 1}: " + (words.format(hex=hex_label(n)) if "{hex}" in words else words)
        cost = walker_step(rules, t, n)
        if mp < cost:
            return (f"step {i + 1}: entering rough costs {cost} MPs and only {mp} are left" if cost > 1
                    else f"step {i + 1}: no MPs left")
        mp -= cost
        h = n
    return None


def walker_walks(rules: AssaultRules, t: Terrain, s: AssaultState, walker: Unit) -> list[str]:
    """Every distinct legal move of a Walker, as step strings in canonical form (net turns between
    forward steps, three hexsides always turned right), in a fixed order."""
    mp0 = walker_points(rules, walker)
    if mp0 == 0 or walker.hex is None:
        return []
    walkers = {u.hex for u in s.units if u.type == "walker" and u.where == "map" and u.id != walker.id
               and u.hex is not None}
    terrain, open_, rough = t.terrain, t.walker_open, rules.movement.walker_rough
    turn = rules.movement.walker_turn
    out: list[str] = []

    def grow(h: Hex, f: int, mp: int, prefix: str) -> None:
        for block in _TURNS:
            if turn * len(block) > mp:
                continue
            nf = (f + (len(block) if block[:1] == "r" else -len(block))) % 6
            if prefix + block and block:
                out.append(prefix + block)
            left = mp - turn * len(block)
            n = neighbour(h, nf)
            if n not in open_ or n in walkers:  # step_bar's answer, worked out once for the map (walker_open)
                continue
            cost = rough if terrain[n] == "rough" else 1  # walker_step's answer, inline in this hot loop
            if cost <= left:
                out.append(prefix + block + "f")
                grow(n, nf, left - cost, prefix + block + "f")

    grow(walker.hex, walker.facing, mp0, "")
    return out


def walk_cost(rules: AssaultRules, t: Terrain, walker: Unit, steps: str) -> int:
    """The MPs a Walker's steps cost: 1 a hexside turned, 1 a clear hex, 3 a rough one."""
    if not steps:  # no steps cost nothing, wherever the Walker is (in reserve at set-up, say)
        return 0
    mp = 0
    h, f = walker.hex, walker.facing
    assert h is not None
    for c in steps:
        if c == "f":
            h = neighbour(h, f)
            mp += walker_step(rules, t, h)
        else:
            f = (f + (1 if c == "r" else -1)) % 6
            mp += rules.movement.walker_turn
    return mp


def walk_trace(walker: Unit, steps: str) -> list[tuple[Hex, int]]:
    """Where a Walker stands and faces after each of its steps (f forward, l and r a hexside turned)."""
    h, f = walker.hex, walker.facing
    assert h is not None
    out = []
    for c in steps:
        if c == "f":
            h = neighbour(h, f)
        else:
            f = (f + (1 if c == "r" else -1)) % 6
        out.append((h, f))
    return out


def walk_hexes(walker: Unit, steps: str) -> list[Hex]:
    """The hexes a Walker's steps enter, in order (a Snowspeeder in any of them is pushed aside)."""
    return [h for c, (h, _) in zip(steps, walk_trace(walker, steps)) if c == "f"]


def walk_end(walker: Unit, steps: str) -> tuple[Hex, int]:
    """Where a Walker stands and faces after its steps (for display and tests)."""
    trace = walk_trace(walker, steps)
    assert walker.hex is not None
    return trace[-1] if trace else (walker.hex, walker.facing)


def displacement_hexes(t: Terrain, s: AssaultState, at: Hex) -> list[Hex]:
    """The empty hexes next to `at` where a pushed-aside Snowspeeder may go (cliffs too: it flies)."""
    occupied = s.occupied()
    return [n for n in t.near[at] if n not in occupied]
