"""Moving the acting character (rulebook: Movement, and attacks of opportunity as it leaves a square): where
it may go and by which default path, checking a path of the player's own, and walking it step by step.

`Moves` is built from what the game is played with and asks its questions of a state; it keeps the
movement graph and the plans of the state asked last, because the legal actions and the screen ask alike.
How paths are found and priced is movement.py's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hothsim.kernel.engine import Event, IllegalAction
from hothsim.kernel.squares import Square, space_of, square_label
from hothsim.kernel.values import replace
from hothsim.kernel.words import count
from hothsim.skirmish.abilities import Abilities
from hothsim.skirmish.actions import Move
from hothsim.skirmish.board import Board
from hothsim.skirmish.movement import (Graph, PlannedMove, is_squeezed, movement_graph, path_costs, plan_key, plan_moves, squeezed_size,
                                       stopping_rule)
from hothsim.skirmish.state import Figure, GameState
from hothsim.skirmish.targeting import Targeting

if TYPE_CHECKING:  # pragma: no cover
    from hothsim.skirmish.setup import Setup

_NONE: frozenset[str] = frozenset()


class Moves:
    """The acting character's moves in one game's states."""

    def __init__(self, setup: "Setup", board: Board, ab: Abilities, targeting: Targeting) -> None:
        self.setup = setup
        self.board = board
        self.ab = ab
        self.targeting = targeting
        # plans() of one state, worked out once: its plans and their move actions (`PlanMemo`)
        self._plans: tuple[GameState, tuple[dict[Square, PlannedMove], list[Move]]] | None = None
        self._graphs: tuple[GameState, str, Graph] | None = None  # graph() of one state and figure

    # ---------------------------------------------------------------- where it may go

    def plans(self, s: GameState) -> tuple[dict[Square, PlannedMove], list[Move]]:
        """The acting character's plans in `s` (destination: default path, cost, provoked enemies) and
        their move actions once made."""
        assert s.turn is not None
        if self._plans is None or self._plans[0] is not s:
            self._plans = (s, self.planned(s.fig(s.turn.figure), s))
        return self._plans[1]

    def planned(self, fig: Figure, s: GameState) -> tuple[dict[Square, PlannedMove], list[Move]]:
        """The figure's plans in state `s` (and its move actions, once made): from the memo that games
        dealt from one observation share, where one met the same position (`PlanMemo`), else worked out."""
        assert s.turn is not None and fig.pos is not None
        budget = self.targeting.allowance(s, fig)
        if budget <= 0:
            return {}, []
        threats = self.targeting.threat_map(s, fig) if self.ab.move_kind(fig) == "walk" else {}

        def work() -> dict[Square, PlannedMove]:
            others = (sq for f in s.living() if f.id != fig.id for sq in f.space())
            may_stop = stopping_rule(self.board.over_pits_or_rock(fig.size), others, fig.size)
            return plan_moves(self.graph(s, fig), may_stop, fig.square, budget, threats)

        memo = self.setup.plans
        return (work(), []) if memo is None else memo.recall(plan_key(fig, s, budget, threats), work)

    def graph(self, s: GameState, fig: Figure) -> Graph:
        """The moving figure's neighbour function: walking (enemies block), flying (over enemies, low
        objects, difficult terrain and pits), or a Hologram's (through everything on the map).  Planning,
        checking and making a move ask for the same one: it is built once per state and figure."""
        held = self._graphs
        if held is not None and held[0] is s and held[1] == fig.id:
            return held[2]
        graph = self._build_graph(s, fig)
        self._graphs = (s, fig.id, graph)
        return graph

    def _build_graph(self, s: GameState, fig: Figure) -> Graph:
        kind = self.ab.move_kind(fig)
        if kind == "ghost":
            return self.board.ghost_steps(fig.size)
        enemies = [e for e in s.living() if e.side != fig.side and not self.ab.hologram(e)]
        flight = kind == "flight"
        blocked = frozenset() if flight else frozenset(sq for e in enemies for sq in e.space())
        squeeze = None
        if fig.size > 1 and not self.ab.printed(fig, "Rigid"):
            squeeze = self.board.steps(squeezed_size(fig.size), flight)
        memo = self.board.squeeze_memo(fig.size, flight, s.open_doors) if squeeze is not None else None
        return movement_graph(self.board.steps(fig.size, flight), squeeze, s.open_doors, blocked,
                              [] if flight else [e.rect() for e in enemies], self.setup.grid, memo)

    # ---------------------------------------------------------------- checking a move

    def preview(self, s: GameState, path: tuple[tuple[int, ...], ...]) -> tuple[int | None, frozenset[str], str]:
        """An explicit path of the acting character: its cost in squares (None when a step is not allowed),
        the enemies it would give an attack of opportunity, and why it may not be taken ("" if it may)."""
        assert s.turn is not None
        fig = s.fig(s.turn.figure)
        costs = path_costs(self.graph(s, fig), fig.square, path)
        threats = self.targeting.threat_map(s, fig) if self.ab.move_kind(fig) == "walk" else {}
        left = [fig.square] + [(p[0], p[1]) for p in path[:-1] if len(p) == 2]
        provoked = frozenset(n for p in left for n in threats.get(p, _NONE))
        try:
            self.check(s, Move(fig.id, path))
        except IllegalAction as e:
            return (sum(costs) if costs is not None else None), provoked, e.message
        return (sum(costs) if costs is not None else None), provoked, ""

    def refusal(self, s: GameState, square: Square) -> IllegalAction | None:
        """Why the acting character may not end a move on a square in `s` (None when a legal path takes it
        there): no movement left, the square cannot be ended on, or no path within the movement left."""
        assert s.turn is not None
        if square in self.plans(s)[0]:
            return None
        fig = s.fig(s.turn.figure)
        why = self.movement_left_problem(s, fig) or self.end_problem(s, fig, square)
        left = self.targeting.allowance(s, fig)
        every = frozenset(self.board.grid.doors)
        if why is None and s.open_doors != every:
            opened = replace(s, open_doors=every)
            if square in self.planned(opened.fig(fig.id), opened)[0]:
                return IllegalAction("doors", f"a closed door bars the way to {square_label(square)}: a door "
                                     "opens when a turn ends with a character next to it (end this turn beside it)")
        if why is None and fig.pos is not None:
            # A diagonal step costs 2: no path is shorter than the squares across plus the squares down.
            least = abs(square[0] - fig.pos[0]) + abs(square[1] - fig.pos[1])
            if least > left:
                return IllegalAction("movement", f"{square_label(square)} is too far: {count(least, 'square')} away "
                                     f"at the least, and {fig.id} may move {count(left, 'square')} more this turn")
        return why or IllegalAction("movement", f"no path of at most {count(left, 'square')} takes {fig.id} to "
                                    f"{square_label(square)} (walls, closed doors, enemies and pits bar the way)")

    def movement_left_problem(self, s: GameState, fig: Figure) -> IllegalAction | None:
        """Why the figure may not move at all now (harpooned, or no movement left), or None."""
        if fig.id in s.harpooned:
            return IllegalAction("harpoon gun", f"{fig.id} is harpooned and cannot move this round")
        if self.targeting.allowance(s, fig) <= 0:
            return IllegalAction("movement", f"{fig.id} has no movement left this turn")
        return None

    def end_problem(self, s: GameState, fig: Figure, anchor: Square) -> IllegalAction | None:
        """Why the figure may not end a move with its anchor here, or None."""
        others = {sq for f in s.living() if f.id != fig.id for sq in f.space()}
        if any(sq in others or sq in self.board.pits or sq in self.board.solid for sq in space_of(anchor, fig.size)):
            return IllegalAction("movement", f"{fig.id} cannot end its move on {square_label(anchor)} "
                                 "(another character, a pit or solid rock is there)")
        return None

    def check(self, s: GameState, m: Move) -> None:
        """Raise IllegalAction, naming the rule, unless the acting character may make this move in `s`."""
        assert s.turn is not None
        fig = s.fig(s.turn.figure)
        if m.figure != fig.id:
            raise IllegalAction("activation", f"it is {fig.id}'s turn, not {m.figure}'s")
        problem = self.movement_left_problem(s, fig)
        if problem:
            raise problem
        budget = self.targeting.allowance(s, fig)
        costs = path_costs(self.graph(s, fig), fig.square, m.path)
        if costs is None:
            raise IllegalAction("movement", f"{m.notation()!r} takes a step that is not allowed (walls, corners, "
                                "enemies, pits, the map edge, or squeezing where the rules forbid it)")
        if sum(costs) > budget:
            raise IllegalAction("movement", f"the path costs {count(sum(costs), 'square')}; {fig.id} may move {budget}")
        if is_squeezed(m.destination):
            raise IllegalAction("movement", f"{fig.id} must end its move where its whole space fits")
        problem = self.end_problem(s, fig, m.square)
        if problem:
            raise problem

    # ---------------------------------------------------------------- making it

    def start(self, s: GameState, m: Move, ev: list[Event]) -> GameState:
        """Begin a legal move: its path and the cost of each step go into the turn, then it is walked."""
        fig = s.fig(m.figure)
        costs = path_costs(self.graph(s, fig), fig.square, m.path)
        assert costs is not None
        ev.append(Event("move", f"{fig.id} moves {square_label(fig.square)} -> {square_label(m.square)} "
                                f"({count(sum(costs), 'square')})"))
        s = replace(s, turn=replace(s.turn_now, path_left=m.path, path_cost_left=tuple(costs), declined=frozenset()))
        return self.carry_on(s, ev)

    def carry_on(self, s: GameState, ev: list[Event]) -> GameState:
        """Step along the path until it ends or an enemy may attack as the mover leaves its square."""
        while s.turn is not None and s.turn.path_left:
            if self.targeting.opportunists(s):
                return s
            turn = s.turn
            fig = s.fig(turn.figure)
            step = turn.path_cost_left[0]
            moved = {"moved_after": turn.moved_after + step} if turn.attacked else {"moved_before": turn.moved_before + step}
            left = fig.pos
            if not is_squeezed(turn.path_left[0]):  # a squeezed block is only ever passed through
                s = s.with_figure(replace(fig, pos=turn.path_left[0]))
            s = replace(s, turn=replace(turn, path_left=turn.path_left[1:], path_cost_left=turn.path_cost_left[1:],
                                        declined=frozenset(), came_from=left, **moved))
        return s
