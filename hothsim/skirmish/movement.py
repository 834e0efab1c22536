"""Movement on a character's turn: the movement graph (walking, flying, squeezing), which paths are
legal, and which attacks of opportunity a path provokes.

Steps and terrain costs come from the kernel (`SquareMover`, `StepTable`).  Here live the default path
to each destination (the one that provokes the fewest attacks of opportunity, then costs least) and
big figures squeezing through openings.  How far a character may move this turn is the game's
(`SkirmishGame.allowance`), since abilities change it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Hashable, Iterable, Mapping, cast

from hothsim.kernel.paths import SquareMover, StepTable
from hothsim.kernel.squares import Edge, Square, SquareMap, anchors_over
from hothsim.skirmish.actions import Move
from hothsim.skirmish.state import Figure, GameState


def mover_for(state: GameState, fig: Figure) -> SquareMover:
    """The kernel mover for a figure: enemies block, nobody may end in another character's space."""
    enemy: set[Square] = set()
    other: set[Square] = set()
    for f in state.figures:
        if f.id == fig.id or not f.alive:
            continue
        sq = f.space()
        other.update(sq)
        if f.side != fig.side:
            enemy.update(sq)
    return SquareMover(size=fig.size, impassable=frozenset(enemy), no_stop=frozenset(other))


#: Everything a figure's movement plans turn on (`plan_key`), as one hashable value.
PlanKey = tuple[Hashable, ...]


@dataclass(frozen=True, slots=True)
class PlannedMove:
    """The default path to one destination: who it provokes, what it costs, the squares stepped into."""

    provoked: frozenset[str]
    cost: int
    path: tuple[Node, ...]


class PlanMemo:
    """Movement plans already worked out, shared by the games dealt from one observation (the search deals
    hundreds of games from one position, and their rollouts reach the same positions again and again).

    A plan turns only on what its key holds (`plan_key`), so a remembered one is exactly the one that
    would be worked out again.  The oldest are forgotten past `LIMIT`, to bound a long search's memory.
    """

    LIMIT = 64

    def __init__(self) -> None:
        self._held: dict[PlanKey, tuple[dict[Square, PlannedMove], list[Move]]] = {}

    def __len__(self) -> int:
        """How many plans are held."""
        return len(self._held)

    def recall(self, key: PlanKey, work: Callable[[], dict[Square, PlannedMove]]
               ) -> tuple[dict[Square, PlannedMove], list[Move]]:
        """The plans under `key` with their move actions (empty until `moves` makes them), worked out by
        `work` and remembered if they are not held."""
        held = self._held
        entry = held.get(key)
        if entry is None:
            if len(held) >= self.LIMIT:
                del held[next(iter(held))]
            entry = held[key] = (work(), [])
        return entry

    @staticmethod
    def moves(entry: tuple[dict[Square, PlannedMove], list[Move]], figure: str) -> list[Move]:
        """The move actions of a remembered entry's plans, by destination, made once for every copy."""
        if not entry[1]:
            entry[1].extend(Move(figure, plan.path) for _, plan in sorted(entry[0].items()))
        return entry[1]


def plan_key(fig: Figure, s: GameState, budget: int, threats: Mapping[Square, frozenset[str]]) -> PlanKey:
    """Everything a figure's movement plans turn on: the mover and its square, the squares it may still
    move, the doors, every character's square (who blocks, who may not be stood on) and the enemies each
    square would provoke."""
    return (fig.id, fig.pos, budget, s.open_doors, tuple((f.id, f.pos) for f in s.living()),
            frozenset(threats.items()))


def stopping_rule(ground: frozenset[Square], others: Iterable[Square], size: int) -> Callable[[Node], bool]:
    """Where a mover of this size may end its move: no part of its space over a pit or solid rock (the
    anchors in `ground`) or on another character (`others`' squares); never squeezed."""
    crowd = anchors_over(others, size)
    if size == 1:  # the common case, quicker: a one-square figure never squeezes
        return lambda a: a not in ground and a not in crowd
    return lambda a: len(a) == 2 and a not in ground and a not in crowd


def plan_moves(
    neighbours: Callable[[Node], Iterable[tuple[Node, int]]],
    may_stop: Callable[[Node], bool],
    start: Square,
    budget: int,
    threats: Mapping[Square, frozenset[str]],
) -> dict[Square, PlannedMove]:
    """Every destination within the budget, each with its default path.

    `threats` names, for each position that threatens, the enemies that may attack when the mover
    leaves it.  Labels (enemies provoked, cost) are searched best first, fewest enemies then lowest
    cost; a label is dropped when another at the same square provoked a subset for no more cost.  With
    no threatening position a plain cheapest-path search serves.
    """
    if not threats:
        return _plain_moves(neighbours, may_stop, start, budget)
    names, threat_cache = _threat_bits(threats)
    step_cache: dict[Node, Iterable[tuple[Node, int]]] = {}

    # A bucket queue over (enemies, cost): every step costs at least 1 and never provokes fewer, so a
    # label only ever goes to a later bucket, and first-in first-out within a bucket keeps the order of
    # a heap on (enemies, cost, push order).
    width = budget + 1
    buckets: dict[int, list[tuple[int, Node, int, int]]] = {0: [(0, start, 0, -1)]}
    top = 0
    parents: list[tuple[Node, int]] = []
    settled: dict[Node, list[tuple[int, int]]] = {}
    found: dict[Node, tuple[int, int, int]] = {}  # destination -> (enemies, cost, label index)
    pending: dict[Node, tuple[int, int]] = {}  # the latest label pushed to each square
    # Bound methods as locals: this loop is the hot spot of a skirmish game.
    pending_get, settled_get, buckets_get, threat_get, steps_get = (
        pending.get, settled.get, buckets.get, threat_cache.get, step_cache.get)
    priority = 0
    while priority <= top:
        bucket = buckets.pop(priority, None)
        priority += 1
        if bucket is None:
            continue
        for cost, node, provoked, parent in bucket:
            labels = settled_get(node)
            if labels is None:
                labels = settled[node] = []
            elif _dominated(labels, provoked, cost):
                continue
            labels.append((provoked, cost))
            parents.append((node, parent))
            me = len(parents) - 1
            if node != start and node not in found and may_stop(node):
                found[node] = (provoked, cost, me)
            after = provoked | threat_get(node, 0)
            base = after.bit_count() * width
            steps = steps_get(node)
            if steps is None:
                steps = step_cache[node] = neighbours(node)
            for nxt, step in steps:
                nc = cost + step
                if nc > budget:
                    continue
                # A label already waiting there with the same enemies and no higher cost will be taken
                # first (or was, and whatever beat it beats this one too).
                waiting = pending_get(nxt)
                if waiting is not None and waiting[0] == after and waiting[1] <= nc:
                    continue
                done = settled_get(nxt)
                if done and _dominated(done, after, nc):
                    continue
                pending[nxt] = (after, nc)
                q = base + nc
                later = buckets_get(q)
                if later is None:
                    later = buckets[q] = []
                    if q > top:
                        top = q
                later.append((nc, nxt, after, me))
    return _planned(found, names, parents)


def _threat_bits(threats: Mapping[Square, frozenset[str]]) -> tuple[list[str], dict[Node, int]]:
    """The enemies' names in order, and each threatening position's enemies as a bit mask of them: enemy
    sets are bit masks while searching (subset tests and unions on ints are far cheaper)."""
    names = sorted({name for group in threats.values() for name in group})
    bits = {name: 1 << i for i, name in enumerate(names)}
    masks: dict[Node, int] = {node: sum(bits[name] for name in group) for node, group in threats.items()}
    return names, masks


def _planned(found: dict[Node, tuple[int, int, int]], names: list[str], parents: list[tuple[Node, int]]
             ) -> dict[Square, PlannedMove]:
    """The plans the search found: each destination's enemies provoked (by name), cost and path."""
    out: dict[Node, PlannedMove] = {}
    memo: dict[int, tuple[Node, ...]] = {}
    for node, (mask, cost, i) in found.items():
        who = frozenset(n for j, n in enumerate(names) if mask >> j & 1) if mask else _NOBODY
        out[node] = PlannedMove(who, cost, _path_to(parents, i, memo))
    return _destinations(out)


def _dominated(labels: list[tuple[int, int]], provoked: int, cost: int) -> bool:
    """Whether a label at the square provoked a subset of these enemies for no more cost."""
    for p, c in labels:
        if c <= cost and p | provoked == provoked:
            return True
    return False


def _path_to(parents: list[tuple[Node, int]], i: int, memo: dict[int, tuple[Node, ...]]) -> tuple[Node, ...]:
    """The positions stepped into to reach label i (`parents[i]` is its position and the label it came
    from, -1 for the start); paths share their beginnings through `memo`."""
    hit = memo.get(i)
    if hit is None:
        node, parent = parents[i]
        hit = memo[i] = () if parent == -1 else _path_to(parents, parent, memo) + (node,)
    return hit


_NOBODY: frozenset[str] = frozenset()


def _plain_moves(neighbours: Callable[[Node], Iterable[tuple[Node, int]]], may_stop: Callable[[Node], bool],
                 start: Square, budget: int) -> dict[Square, PlannedMove]:
    """Cheapest paths when no enemy can make an attack of opportunity (a bucket queue: steps cost 1-4)."""
    dist: dict[Node, int] = {start: 0}
    came_from: dict[Node, int] = {start: -1}  # the label each square's best path so far comes from
    parents: list[tuple[Node, int]] = []
    buckets: list[list[Node]] = [[] for _ in range(budget + 1)]
    buckets[0].append(start)
    out: dict[Node, PlannedMove] = {}
    memo: dict[int, tuple[Node, ...]] = {}
    for c in range(budget + 1):
        for node in buckets[c]:
            if dist[node] != c:
                continue
            parents.append((node, came_from[node]))
            me = len(parents) - 1
            if node != start and may_stop(node):
                out[node] = PlannedMove(_NOBODY, c, _path_to(parents, me, memo))
            for nxt, step in neighbours(node):
                nc = c + step
                if nc <= budget and nc < dist.get(nxt, budget + 1):
                    dist[nxt] = nc
                    came_from[nxt] = me
                    buckets[nc].append(nxt)
    return _destinations(out)


def _destinations(plans: dict[Node, PlannedMove]) -> dict[Square, PlannedMove]:
    """The plans by destination: a figure stops only where its whole space stands, a square's anchor (the
    stopping rule never lets a squeezed position be one)."""
    return cast("dict[Square, PlannedMove]", plans)


def path_costs(neighbours: Callable[[Node], Iterable[tuple[Node, int]]], start: Node,
               path: tuple[Node, ...]) -> list[int] | None:
    """The cost of each step of an explicit path, or None if some step is not in the movement graph."""
    costs = []
    here = start
    for nxt in path:
        step = dict(neighbours(here)).get(nxt)
        if step is None:
            return None
        costs.append(step)
        here = nxt
    return costs


#: A position while moving: an anchor (x, y) with the whole space, or (x, y, i, j) for a big figure
#: squeezing through an opening: its anchor is still (x, y) but only the narrower block at (x+i, y+j) of
#: its space is occupied.  The anchor moves only by paid steps, so squeezing never moves a figure for free.
Node = tuple[int, ...]
#: A squeezing step: (next position, cost, block that must not touch an enemy, whole space that must hold none).
SqueezeEdge = tuple[Node, int, "tuple[int, int] | None", "tuple[int, int] | None"]


@dataclass
class SqueezeMemo:
    """What one kind of mover's squeezing steps keep between searches with one state of the doors: their
    geometry, and the steps of the positions far from every door (shared by every door state)."""

    free: dict[Node, list[SqueezeEdge]]
    geometry: "_SqueezeGeometry | None" = None
#: A moving figure's neighbour function: the positions one step from a position, with each step's cost.
Graph = Callable[[Node], Iterable[tuple[Node, int]]]


def squeezed_size(size: int) -> int:
    """Half the width of a big figure's space, rounded up to 2 for Huge figures: 1 for Large, 2 for Huge."""
    return 1 if size == 2 else 2


def is_squeezed(node: Node) -> bool:
    """Whether a path position is a squeezed one."""
    return len(node) == 4


def movement_graph(full: StepTable, squeeze: StepTable | None, open_doors: frozenset[Edge],
                   enemies: frozenset[Square], enemy_rects: list[tuple[int, int, int, int]], grid: SquareMap,
                   memo: SqueezeMemo | None = None) -> Callable[[Node], list[tuple[Node, int]]]:
    """The neighbour function of a moving figure.

    Steps with its whole space; and, for a big figure that may squeeze, steps of a narrower block of its
    space through openings narrower than the figure: the block may stand where no position of the
    whole space around it fits (a corridor), or take the one step through a gap in a wall that the
    whole space cannot take (walls or rock in the way, not the map edge, never characters).  The block
    must fit and may not touch an enemy: big characters cannot squeeze past enemies.  A step back to
    where the whole space fits pays for the terrain under any part of the space.  The anchor moves only with
    the block, so squeezing never moves a figure for free.

    `memo` keeps what the map and doors alone decide (one per door state, shared between calls);
    only the enemies are checked on every call.
    """
    # The whole space's steps are only ever asked from whole-space positions (squares).
    full_steps = cast("Callable[[Node], list[tuple[Node, int]]]", full.neighbours(open_doors, enemies))
    if squeeze is None:
        return full_steps
    size, small = full.size, squeeze.size
    static = _SqueezeGeometry(full, squeeze, open_doors, grid) if memo is None else memo.geometry
    if static is None:
        static = _SqueezeGeometry(full, squeeze, open_doors, grid, None if memo is None else memo.free)
        if memo is not None:
            memo.geometry = static
    if not enemies and not enemy_rects:  # no enemy to keep clear of (a flier): the same steps every time
        return static.unhindered(full_steps)
    # Blocks touching an enemy, and whole positions overlapping one, for this call.
    touching: set[tuple[int, int]] = set()
    for x0, y0, x1, y1 in enemy_rects:
        for bx in range(x0 - small, x1 + 1):
            for by in range(y0 - small, y1 + 1):
                touching.add((bx, by))
    crowded = anchors_over(enemies, size)

    def gen(node: Node) -> list[tuple[Node, int]]:
        edges = static.edges(node)
        out: list[tuple[Node, int]] = list(full_steps(node)) if len(node) == 2 else []
        for to, cost, block, whole in edges:
            if block is not None and block in touching:
                continue
            if whole is not None and whole in crowded:
                continue
            out.append((to, cost))
        return out

    return gen


class _SqueezeGeometry:
    """The squeezing steps the map and the doors allow, worked out node by node and remembered."""

    def __init__(self, full: StepTable, squeeze: StepTable, open_doors: frozenset[Edge], grid: SquareMap,
                 free: dict[Node, list[SqueezeEdge]] | None = None) -> None:
        self.full, self.squeeze, self.grid = full, squeeze, grid
        self.size, self.small = full.size, squeeze.size
        self.barriers = grid.barriers(open_doors)
        self.small_steps = squeeze.neighbours(open_doors)
        self.whole_steps = full.neighbours(open_doors)
        self.mover_full = SquareMover(size=self.size)
        self.mover_small = SquareMover(size=self.small)
        self.offsets = [(i, j) for j in range(self.size - self.small + 1) for i in range(self.size - self.small + 1)]
        self._fits: dict[tuple[int, int], bool] = {}
        self._block: dict[tuple[int, int], bool] = {}
        self._narrow: dict[tuple[int, int], bool] = {}
        self._edges: dict[Node, list[SqueezeEdge]] = {}
        self._unhindered: dict[Node, list[tuple[Node, int]]] = {}
        # A position's squeezing steps look at squares no further than about twice the figure's width
        # from it: far from every door they are the same whatever the doors, and are shared between
        # door states (`free`, one dict per kind of mover on the map).
        # A door's edge at (x, y) touches squares x-1..x+1, y-1..y+1; a position anchored at a looks at
        # squares from a - size - 2 to a + 2 * size + 2 (its steps, its block's steps, and whether the
        # whole space fits around each block).
        self.free: dict[Node, list[SqueezeEdge]] = {} if free is None else free
        span = range(-2 * self.size - 2, self.size + 3)
        self.near_door = frozenset((d.x + dx, d.y + dy) for d in grid.doors for dx in span for dy in span)
        if free is not None and not free:
            self._fill_free()

    def _fill_free(self) -> None:
        """Work out, once per kind of mover and map, every position far from the doors: the first search
        pays for the map once instead of every search paying for the positions it meets first."""
        todo: list[Node] = [a for a in self.full.fits if a not in self.near_door]
        seen = set(todo)
        while todo:
            for to, _, _, _ in self.edges(todo.pop()):
                if to not in seen and (to[0], to[1]) not in self.near_door:
                    seen.add(to)
                    todo.append(to)

    def unhindered(self, full_steps: Callable[[Node], Iterable[tuple[Node, int]]]
                   ) -> Callable[[Node], list[tuple[Node, int]]]:
        """The neighbour function when no enemy is in the way: whole steps then squeezing steps, remembered
        per position (`full_steps` must be the whole space's steps for these doors, with nothing barred)."""
        memo = self._unhindered
        edges = self.edges

        def gen(node: Node) -> list[tuple[Node, int]]:
            hit = memo.get(node)
            if hit is None:
                hit = list(full_steps(node)) if len(node) == 2 else []
                hit += [(to, cost) for to, cost, _, _ in edges(node)]
                memo[node] = hit
            return hit

        return gen

    def fits(self, a: tuple[int, int]) -> bool:
        hit = self._fits.get(a)
        if hit is None:
            hit = self._fits[a] = a in self.full.fits and self.mover_full._space_fits(self.grid, self.barriers, a)
        return hit

    def block_fits(self, b: tuple[int, int]) -> bool:
        hit = self._block.get(b)
        if hit is None:
            hit = self._block[b] = b in self.squeeze.fits and self.mover_small._space_fits(self.grid, self.barriers, b)
        return hit

    def narrow(self, b: tuple[int, int]) -> bool:
        """No position of the whole space containing the block fits (walls, rock or the map edge)."""
        hit = self._narrow.get(b)
        if hit is None:
            hit = self._narrow[b] = not any(self.fits((b[0] - i, b[1] - j)) for i, j in self.offsets)
        return hit

    def on_map(self, a: tuple[int, int]) -> bool:
        return 0 <= a[0] and 0 <= a[1] and a[0] + self.size <= self.grid.width and a[1] + self.size <= self.grid.height

    def edges(self, node: Node) -> list[SqueezeEdge]:
        """(next position, cost, block that must not touch an enemy, whole space that must hold none)."""
        hit = self._edges.get(node)
        if hit is not None:
            return hit
        if (node[0], node[1]) not in self.near_door:
            hit = self.free.get(node)
            if hit is None:
                hit = self.free[node] = self._work_out(node)
        else:
            hit = self._work_out(node)
        self._edges[node] = hit
        return hit

    def _work_out(self, node: Node) -> list[tuple[Node, int, tuple[int, int] | None, tuple[int, int] | None]]:
        out: list[tuple[Node, int, tuple[int, int] | None, tuple[int, int] | None]] = []
        if len(node) == 2:
            ax, ay = node
            possible = {a for a, _ in self.whole_steps(node)}
            for i, j in self.offsets:
                for (bx, by), c in self.small_steps((ax + i, ay + j)):
                    a2 = (bx - i, by - j)
                    gap = a2 not in possible and self.on_map(a2)
                    if (gap or self.narrow((bx, by))) and self.block_fits((bx, by)):
                        out.append(((a2[0], a2[1], i, j), c, (bx, by), None))
        else:
            ax, ay, i, j = node
            for (bx, by), c in self.small_steps((ax + i, ay + j)):
                a2 = (bx - i, by - j)
                if self.fits(a2):
                    diagonal = bx != ax + i and by != ay + j
                    # Every part of the space moves: any square of it in low objects or difficult
                    # terrain doubles the step (rulebook p. 15, "if any part of their space moves into").
                    rough = any(self.grid.terrain_at(sq).doubles_movement for sq in _space(a2, self.size))
                    out.append((a2, (2 if diagonal else 1) * (2 if rough else 1), None, a2))
                elif self.narrow((bx, by)) and self.block_fits((bx, by)):
                    out.append(((a2[0], a2[1], i, j), c, (bx, by), None))
        return out


def _space(anchor: tuple[int, int], size: int) -> list[Square]:
    return [(anchor[0] + i, anchor[1] + j) for j in range(size) for i in range(size)]
