"""The skirmish game: one state machine with an explicit pending decision (design.md §2).

    game = open_skirmish(catalog, "salvage", seed=7)
    game.pending            # Decision(player="imperial", kind="place", ...)
    game.legal_actions()    # every legal choice, as small immutable Action values
    game.apply(action)      # validates, resolves (rolling dice), returns Events
    game.clone(); game.state; game.record

The flow follows the rulebook: setup (one side, then the other), then rounds.  A round begins with
the initiative check (both roll d20, ties roll again) and the winner choosing who goes first; the
sides then activate two characters at a time, alternately, until every character has activated once.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations
from typing import Sequence

from hothsim.kernel.dice import Dice, Roll
from hothsim.kernel.record import GameRecord, RecordEntry, RecordHeader
from hothsim.kernel.squares import Square, SquareMap, Terrain, space_of, square_label
from hothsim.skirmish.actions import (
    Action,
    Activate,
    Attack,
    Decline,
    EndTurn,
    First,
    ForceMove,
    Keep,
    Move,
    NotationError,
    Opportunity,
    Place,
    Reroll,
    parse_action,
)
from hothsim.skirmish.attacks import (
    COMBINED_FIRE_BONUS,
    COVER_BONUS,
    can_attack,
    combined_fire_helpers,
    deal_damage,
    explain,
    judge,
    legal_targets,
)
from hothsim.skirmish.board import Board
from hothsim.skirmish.cards import Card
from hothsim.skirmish.movement import (
    Node,
    is_squeezed,
    may_still_attack,
    move_allowance,
    movement_graph,
    mover_for,
    path_costs,
    plan_moves,
    squeezed_size,
)
from hothsim.skirmish.state import SIDES, Decision, Event, Figure, GameState, PendingAttack, Side, Turn, other
from hothsim.skirmish.victory import tie_break


class IllegalAction(Exception):
    """An action the rules forbid now; `rule` names the rule.  The game state is unchanged."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.message = message
        super().__init__(f"{message} (rule: {rule})")


@dataclass(frozen=True)
class Setup:
    """What a game is played with: fixed for the whole game and shared by its copies."""

    scenario_id: str
    scenario_name: str
    grid: SquareMap
    cards: dict[str, Card]
    zones: dict[str, frozenset[Square]]
    abilities: bool
    setup_first: Side
    tie_break_rounds: int
    data_hash: str
    seed: int
    created: str
    scripted: bool


def figure_ids(squad: Sequence[str], cards: dict[str, Card]) -> list[tuple[str, str]]:
    """(figure id, card id) for a squad: the card id, numbered -1, -2... when the squad has several."""
    counts: dict[str, int] = {}
    for c in squad:
        counts[c] = counts.get(c, 0) + 1
    seen: dict[str, int] = {}
    out = []
    for c in squad:
        seen[c] = seen.get(c, 0) + 1
        out.append((f"{c}-{seen[c]}" if counts[c] > 1 else c, c))
    return out


class SkirmishGame:
    """A skirmish in progress (see the module docstring)."""

    def __init__(self, setup: Setup, state: GameState, dice: Dice, board: Board, record: GameRecord) -> None:
        self.setup = setup
        self._state = state
        self.dice = dice
        self.board = board
        self._record = record
        self._legal: list[Action] | None = None

    # ------------------------------------------------------------------ the interface

    @property
    def state(self) -> GameState:
        """The current immutable state."""
        return self._state

    @property
    def record(self) -> GameRecord:
        """Header plus every decision so far with its rolls."""
        return self._record

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._state.stage == "over"

    @property
    def winner(self) -> Side | None:
        """"rebel", "imperial", or None (not over, or a draw)."""
        return self._state.winner

    def card(self, fig: Figure) -> Card:
        """The stat card of a figure."""
        return self.setup.cards[fig.card]

    def has(self, fig: Figure, ability: str) -> bool:
        """Whether a figure's ability is in play (none are in a scenario without abilities)."""
        return self.setup.abilities and self.card(fig).has(ability)

    def clone(self) -> "SkirmishGame":
        """An independent copy (shares only the immutable setup and the geometry caches)."""
        return SkirmishGame(self.setup, self._state, self.dice.clone(), self.board, self._record)

    @property
    def pending(self) -> Decision:
        """Who must decide now, and what kind of choice."""
        s = self._state
        if s.stage == "over":
            return Decision(None, "over", note=s.end_reason)
        if s.stage == "setup":
            return Decision(s.setup_side, "place")
        if s.stage == "first":
            return Decision(s.initiative, "first")
        if s.attack is not None:
            a = s.fig(s.attack.attacker)
            return Decision(a.side, "reroll", a.id)
        if s.turn is not None:
            mover = s.fig(s.turn.figure)
            if s.turn.path_left and self._opportunists(s):
                return Decision(other(mover.side), "opportunity", mover.id)
            return Decision(mover.side, "turn", mover.id)
        return Decision(s.phase_side, "activate")

    def legal_actions(self) -> list[Action]:
        """Every legal action for the pending decision, in a fixed order."""
        if self._legal is None:
            self._legal = self._generate()
        return list(self._legal)

    def apply(self, action: Action) -> list[Event]:
        """Validate and resolve one action; raises IllegalAction (state unchanged) if the rules forbid it."""
        self._check(action)
        before = len(self.dice.log)
        state, events = self._resolve(self._state, action)
        rolls = tuple(self.dice.log[before:])
        self._state = state
        self._legal = None
        self._record = self._record.with_entry(RecordEntry(action.notation(), rolls))
        return events

    def apply_notation(self, text: str) -> Sequence[Roll]:
        """Apply an action written in notation; returns the rolls it made (for replays)."""
        try:
            action = parse_action(text)
        except NotationError as e:
            raise IllegalAction("notation", str(e)) from None
        before = len(self.dice.log)
        self.apply(action)
        return self.dice.log[before:]

    # ------------------------------------------------------------------ what is legal

    def _opportunists(self, s: GameState) -> list[Figure]:
        """Enemies that may attack the mover now, as it is about to leave its square."""
        assert s.turn is not None
        mover = s.fig(s.turn.figure)
        return [e for e in self._threats_at(s, mover, mover.pos) if e.id not in s.turn.declined]  # type: ignore[arg-type]

    def _threats_at(self, s: GameState, mover: Figure, anchor: Square) -> list[Figure]:
        """Enemies that could make an attack of opportunity if the mover left this position."""
        assert s.turn is not None
        rect = (anchor[0], anchor[1], anchor[0] + mover.size, anchor[1] + mover.size)
        return [e for e in s.living() if e.side != mover.side and e.opportunity_turn != s.turn.number
                and can_attack(e, self.card(e)) and self.board.adjacent(s.open_doors, rect, e.rect())]

    def _threat_map(self, s: GameState, mover: Figure) -> dict[Square, frozenset[str]]:
        """For each position of the mover next to an eligible enemy, the enemies it would provoke by
        leaving it (only positions touching an enemy's space can be adjacent to it)."""
        assert s.turn is not None
        out: dict[Square, set[str]] = {}
        size = mover.size
        for e in s.living():
            if e.side == mover.side or e.opportunity_turn == s.turn.number or not can_attack(e, self.card(e)):
                continue
            ex0, ey0, ex1, ey1 = e.rect()
            for x in range(ex0 - size, ex1 + 1):
                for y in range(ey0 - size, ey1 + 1):
                    if self.board.adjacent(s.open_doors, (x, y, x + size, y + size), (ex0, ey0, ex1, ey1)):
                        out.setdefault((x, y), set()).add(e.id)
        return {k: frozenset(v) for k, v in out.items()}

    def _generate(self) -> list[Action]:
        s = self._state
        d = self.pending
        if d.kind == "over":
            return []
        if d.kind == "place":
            return [Place(f.id, sq) for f in s.figures if f.side == d.player and f.pos is None and not f.defeated
                    for sq in self._placements(f)]
        if d.kind == "first":
            return [First(side) for side in SIDES]
        if d.kind == "activate":
            return [Activate(f.id) for f in s.living(d.player) if not f.activated]
        if d.kind == "reroll":
            return [Reroll(d.figure), Keep(d.figure)]  # type: ignore[arg-type]
        if d.kind == "opportunity":
            out: list[Action] = []
            for e in self._opportunists(s):
                out += [Opportunity(e.id, d.figure), Decline(e.id)]  # type: ignore[arg-type]
            return out
        return self._turn_actions()

    def _turn_actions(self) -> list[Action]:
        s = self._state
        assert s.turn is not None
        fig = s.fig(s.turn.figure)
        out: list[Action] = [Move(fig.id, plan.path) for _, plan in sorted(self._planned_moves(fig).items())]
        return out + self._turn_choices(fig)

    def _turn_choices(self, fig: Figure) -> list[Action]:
        """The acting character's choices other than moving: attacks, Force, ending the turn."""
        s = self._state
        assert s.turn is not None
        card = self.card(fig)
        out: list[Action] = []
        if may_still_attack(s.turn, card.speed) and can_attack(fig, card):
            for tv in legal_targets(s, self.board, fig, self.has(fig, "Melee Attack")):
                target = s.fig(tv.target)
                helpers = combined_fire_helpers(s, self.board, self.setup.cards, fig, target, self.setup.abilities)
                for k in range(len(helpers) + 1):
                    for group in combinations(helpers, k):
                        out.append(Attack(fig.id, tv.target, group))
        if self._force_move_open(fig):
            out.append(ForceMove(fig.id))
        out.append(EndTurn(fig.id))
        return out

    def _planned_moves(self, fig: Figure):
        s = self._state
        assert s.turn is not None and fig.pos is not None
        budget = move_allowance(s.turn, self.card(fig).speed)
        if budget <= 0:
            return {}
        mover = mover_for(s, fig)
        pits, no_stop, size = self.board.pits, mover.no_stop, fig.size

        def may_stop(a: Node) -> bool:
            return len(a) == 2 and all(sq not in no_stop and sq not in pits for sq in space_of(a, size))  # type: ignore[arg-type]

        threats = self._threat_map(s, fig)
        return plan_moves(self._graph(s, fig), may_stop, fig.pos, budget, lambda a: threats.get(a, _NONE),
                          bool(threats))

    def _graph(self, s: GameState, fig: Figure):
        """The moving figure's neighbour function (steps, and squeezing for big figures that may)."""
        enemies = [e for e in s.living() if e.side != fig.side]
        blocked = frozenset(sq for e in enemies for sq in e.space())
        squeeze = None
        if fig.size > 1 and not self.has(fig, "Rigid"):
            squeeze = self.board.steps(squeezed_size(fig.size))
        return movement_graph(self.board.steps(fig.size), squeeze, s.open_doors, blocked,
                              [e.rect() for e in enemies], self.setup.grid)

    def _force_move_open(self, fig: Figure) -> bool:
        s = self._state
        assert s.turn is not None
        if fig.force < 1 or fig.force_turn == s.turn.number or s.turn.force_move:
            return False
        return not s.turn.attacked or s.turn.moved_before == 0

    def _placements(self, f: Figure) -> list[Square]:
        s = self._state
        zone = self.setup.zones[f.side]
        taken = {sq for g in s.figures if g.pos is not None for sq in g.space()}
        grid = self.setup.grid
        barriers = grid.barriers()
        out = []
        for sq in sorted(zone):
            space = space_of(sq, f.size)
            if any(p not in zone or p in taken or grid.terrain_at(p) in (Terrain.PIT, Terrain.SOLID) for p in space):
                continue
            if f.size > 1 and not mover_for(s, f)._space_fits(grid, barriers, sq):
                continue
            out.append(sq)
        return out

    def set_up_at(self, positions: dict[str, Square]) -> tuple[str, str] | None:
        """Set every figure up where a scenario fixes it (anywhere it fits, not only in the zones), then
        begin round 1.  Returns (figure, problem) instead when a position cannot be used."""
        s = self._state
        grid = self.setup.grid
        barriers = grid.barriers()
        taken: set[Square] = set()
        for f in s.figures:
            if f.id not in positions:
                return f.id, "has no position (a scenario fixes every figure's position or none)"
        for fid in positions:
            try:
                s.fig(fid)
            except KeyError:
                return fid, f"is not a figure of the squads ({', '.join(f.id for f in s.figures)})"
        for f in s.figures:
            anchor = positions[f.id]
            space = space_of(anchor, f.size)
            if not mover_for(s, f)._space_fits(grid, barriers, anchor):
                return f.id, f"does not fit at {square_label(anchor)} (map edge, solid rock or a wall)"
            if any(grid.terrain_at(p) is Terrain.PIT for p in space):
                return f.id, f"cannot be set up in a pit at {square_label(anchor)}"
            if taken & set(space):
                return f.id, f"would share a square with another character at {square_label(anchor)}"
            taken.update(space)
            s = s.with_figure(replace(f, pos=anchor))
        events: list[Event] = []
        s = replace(s, setup_side=other(self.setup.setup_first))
        self._state = self._after_placement(s, events)
        self._legal = None
        return None

    # ------------------------------------------------------------------ checking an action

    def _check(self, action: Action) -> None:
        d = self.pending
        kinds = {
            "place": (Place,), "first": (First,), "activate": (Activate,), "reroll": (Reroll, Keep),
            "opportunity": (Opportunity, Decline), "turn": (Move, Attack, ForceMove, EndTurn), "over": (),
        }
        if d.kind == "over":
            raise IllegalAction("victory", f"the game is over: {self._state.end_reason}")
        if not isinstance(action, kinds[d.kind]):
            who = d.player or "nobody"
            raise IllegalAction("turn order", f"{action.notation()!r} is not a choice now: {who} must {_ASK[d.kind]}")
        if isinstance(action, Move):
            self._check_move(action)
            return
        if self._legal is None and d.kind == "turn" and self._state.turn is not None:
            # Without the full list at hand, check against the choices other than moves.
            if action in self._turn_choices(self._state.fig(self._state.turn.figure)):
                return
        elif action in self.legal_actions():
            return
        raise IllegalAction(*self._why_not(action))

    def _check_move(self, m: Move) -> None:
        s = self._state
        assert s.turn is not None
        fig = s.fig(s.turn.figure)
        if m.figure != fig.id:
            raise IllegalAction("activation", f"it is {fig.id}'s turn, not {m.figure}'s")
        budget = move_allowance(s.turn, self.card(fig).speed)
        if budget <= 0:
            raise IllegalAction("movement", f"{fig.id} has no movement left this turn")
        grid = self.setup.grid
        mover = mover_for(s, fig)
        costs = path_costs(self._graph(s, fig), fig.pos, m.path)  # type: ignore[arg-type]
        if costs is None:
            raise IllegalAction("movement", f"{m.notation()!r} takes a step that is not allowed (walls, corners, "
                                "enemies, pits, the map edge, or squeezing where the rules forbid it)")
        if is_squeezed(m.destination):
            raise IllegalAction("movement", f"{fig.id} must end its move where its whole space fits")
        if sum(costs) > budget:
            raise IllegalAction("movement", f"the path costs {sum(costs)} squares; {fig.id} may move {budget}")
        if not mover.may_stop(grid, m.destination):
            raise IllegalAction("movement", f"{fig.id} cannot end its move on {square_label(m.destination)} "
                                "(another character or a pit is there)")

    def _why_not(self, action: Action) -> tuple[str, str]:
        s = self._state
        try:
            fig = s.fig(getattr(action, "figure"))
        except KeyError:
            return ("notation", f"there is no figure {getattr(action, 'figure')!r} in this game")
        if isinstance(action, Place):
            if fig.side != s.setup_side:
                return ("setup", f"{s.setup_side} sets up now")
            if fig.pos is not None:
                return ("setup", f"{fig.id} is already set up")
            return ("setup", f"{fig.id} cannot be set up on {square_label(action.square)}: it must fit, inside its "
                             "side's zone, with at most one character per square")
        if isinstance(action, Activate):
            if fig.side != s.phase_side:
                return ("rounds and phases", f"{s.phase_side} activates now")
            if fig.activated:
                return ("rounds and phases", f"{fig.id} has already activated this round")
            return ("rounds and phases", f"{fig.id} cannot activate")
        if isinstance(action, Attack):
            return self._why_not_attack(action, fig)
        if isinstance(action, ForceMove):
            if fig.force < 1:
                return ("force points", f"{fig.id} has no Force points")
            if fig.force_turn == s.turn.number:  # type: ignore[union-attr]
                return ("force points", f"{fig.id} has already spent Force this turn")
            return ("force points", "extra movement must be bought before the move it extends, not after attacking")
        if isinstance(action, (Opportunity, Decline)):
            return ("attacks of opportunity", f"{fig.id} may not make an attack of opportunity now")
        if isinstance(action, (Reroll, Keep)):
            return ("force points", f"only {s.attack.attacker} decides on its reroll now")  # type: ignore[union-attr]
        return ("turn order", f"{action.notation()!r} is not allowed now")

    def _why_not_attack(self, a: Attack, fig: Figure) -> tuple[str, str]:
        s = self._state
        turn = s.turn
        assert turn is not None
        card = self.card(fig)
        if a.figure != turn.figure:
            return ("activation", f"it is {turn.figure}'s turn")
        if turn.attacked:
            return ("a turn", f"{fig.id} has already attacked this turn")
        if not may_still_attack(turn, card.speed):
            return ("a turn", f"{fig.id} moved more than its speed and may not attack this turn")
        try:
            target = s.fig(a.target)
        except KeyError:
            return ("notation", f"there is no figure {a.target!r}")
        if target.side == fig.side:
            return ("attacking allied characters", "a character cannot attack an ally")
        if not target.alive:
            return ("legal target", f"{target.id} is not on the battle map")
        sight = self.board.sight(s.open_doors)
        if not sight.can_see(fig.rect(), target.rect()):
            return ("line of sight", f"{fig.id} cannot see {target.id}")
        views = {t.target: t for t in legal_targets(s, self.board, fig, self.has(fig, "Melee Attack"))}
        if a.target not in views:
            if any(self.board.adjacent(s.open_doors, fig.rect(), e.rect()) for e in s.living() if e.side != fig.side):
                return ("adjacent enemies", f"an enemy is adjacent to {fig.id}, so only adjacent enemies may be chosen")
            return ("cover", f"{target.id} has cover and is not the nearest enemy")
        helpers = combined_fire_helpers(s, self.board, self.setup.cards, fig, target, self.setup.abilities)
        bad = [h for h in a.helpers if h not in helpers]
        return ("combined fire", f"{', '.join(bad) or 'these allies'} cannot combine fire: an ally must not have "
                                 "activated this round, must see the target and deal damage, and no Melee Attack")

    # ------------------------------------------------------------------ resolving

    def _resolve(self, s: GameState, action: Action) -> tuple[GameState, list[Event]]:
        ev: list[Event] = []
        if isinstance(action, Place):
            s = s.with_figure(replace(s.fig(action.figure), pos=action.square))
            ev.append(Event("place", f"{action.figure} sets up on {square_label(action.square)}"))
            s = self._after_placement(s, ev)
        elif isinstance(action, First):
            s = replace(s, first=action.side, stage="round")  # type: ignore[arg-type]
            ev.append(Event("first", f"{s.initiative} lets {action.side} go first in round {s.round}"))
            s = self._begin_part(s, action.side, ev)  # type: ignore[arg-type]
        elif isinstance(action, Activate):
            s = s.with_figure(replace(s.fig(action.figure), activated=True))
            s = replace(s, turn=Turn(action.figure, s.turns_taken + 1), turns_taken=s.turns_taken + 1)
            ev.append(Event("activate", f"{action.figure} activates"))
        elif isinstance(action, Move):
            s = self._start_move(s, action, ev)
        elif isinstance(action, Attack):
            s = self._declare_attack(s, action, ev)
        elif isinstance(action, ForceMove):
            fig = s.fig(action.figure)
            s = s.with_figure(replace(fig, force=fig.force - 1, force_turn=s.turn.number))  # type: ignore[union-attr]
            s = replace(s, turn=replace(s.turn, force_move=True))  # type: ignore[arg-type]
            ev.append(Event("force", f"{fig.id} spends 1 Force point to move 2 extra squares ({fig.force - 1} left)"))
        elif isinstance(action, EndTurn):
            s = self._end_turn(s, ev)
        elif isinstance(action, Opportunity):
            e = s.fig(action.figure)
            s = s.with_figure(replace(e, opportunity_turn=s.turn.number))  # type: ignore[union-attr]
            ev.append(Event("opportunity", f"{e.id} makes an attack of opportunity against {action.target}"))
            s = self._roll_attack(s, e.id, action.target, (), opportunity=True, ev=ev)
        elif isinstance(action, Decline):
            s = replace(s, turn=replace(s.turn, declined=s.turn.declined | {action.figure}))  # type: ignore[union-attr]
            ev.append(Event("decline", f"{action.figure} lets the attack of opportunity pass"))
            s = self._continue_move(s, ev)
        elif isinstance(action, Reroll):
            pa = s.attack
            assert pa is not None
            fig = s.fig(pa.attacker)
            s = s.with_figure(replace(fig, force=fig.force - 1, force_turn=s.turn.number if s.turn else -1))
            roll = self.dice.d20(f"{fig.id} rerolls the attack on {pa.target}")
            ev.append(Event("force", f"{fig.id} spends 1 Force point to reroll"))
            s = self._settle_attack(s, replace(pa, roll=roll, rerolled=True), ev)
        elif isinstance(action, Keep):
            assert s.attack is not None
            s = self._settle_attack(s, replace(s.attack, rerolled=True), ev)
        return s, ev

    # setup and rounds

    def _after_placement(self, s: GameState, ev: list[Event]) -> GameState:
        if any(f.pos is None and f.side == s.setup_side for f in s.figures):
            return s
        nxt = other(s.setup_side)
        if any(f.pos is None for f in s.figures if f.side == nxt):
            return replace(s, setup_side=nxt)
        held = self.board.doors_held_open(f.space() for f in s.living())
        s = replace(s, open_doors=held)
        if held:
            ev.append(Event("doors", f"{len(held)} door(s) start open: a character was set up next to them"))
        return self._begin_round(s, ev)

    def _begin_round(self, s: GameState, ev: list[Event]) -> GameState:
        s = replace(s, round=s.round + 1, noisy=False,
                    figures=tuple(replace(f, activated=False) for f in s.figures))
        while True:
            r = self.dice.d20("initiative: rebel")
            i = self.dice.d20("initiative: imperial")
            if r != i:
                break
            ev.append(Event("initiative", f"initiative tie {r} - {i}: roll again"))
        winner: Side = "rebel" if r > i else "imperial"
        ev.append(Event("initiative", f"round {s.round}: initiative rebel {r}, imperial {i}: {winner} decides who goes first"))
        return replace(s, stage="first", initiative=winner, first=None, phase_side=None, phase_left=0)

    def _unactivated(self, s: GameState, side: Side) -> int:
        return sum(1 for f in s.living(side) if not f.activated)

    def _begin_part(self, s: GameState, side: Side, ev: list[Event]) -> GameState:
        """Give `side` its (up to) two activations, or pass to the other side, or end the round."""
        for candidate in (side, other(side)):
            n = self._unactivated(s, candidate)
            if n:
                return replace(s, phase_side=candidate, phase_left=min(2, n))
        return self._end_round(s, ev)

    def _end_round(self, s: GameState, ev: list[Event]) -> GameState:
        quiet = 0 if s.noisy else s.quiet_rounds + 1
        s = replace(s, quiet_rounds=quiet)
        if quiet >= self.setup.tie_break_rounds:
            winner, why = tie_break(s, self.setup.cards, self.setup.grid, self.board)
            ev.append(Event("victory", why))
            return replace(s, stage="over", winner=winner, end_reason=why, phase_side=None, phase_left=0)
        return self._begin_round(s, ev)

    def _after_activation(self, s: GameState, ev: list[Event]) -> GameState:
        left = s.phase_left - 1
        side = s.phase_side
        assert side is not None
        if left > 0 and self._unactivated(s, side):
            return replace(s, phase_left=left)
        nxt = other(side)
        return self._begin_part(s, nxt if self._unactivated(s, nxt) else side, ev)

    def _end_turn(self, s: GameState, ev: list[Event]) -> GameState:
        assert s.turn is not None
        ev.append(Event("end", f"{s.turn.figure}'s turn ends"))
        held = self.board.doors_held_open(f.space() for f in s.living())
        if held != s.open_doors:
            opened, closed = len(held - s.open_doors), len(s.open_doors - held)
            ev.append(Event("doors", f"doors: {opened} open, {closed} close"))
        s = replace(s, turn=None, open_doors=held)
        if s.stage == "over":
            return s
        return self._after_activation(s, ev)

    def _check_victory(self, s: GameState, ev: list[Event]) -> GameState:
        for side in SIDES:
            if not s.living(side):
                winner = other(side)
                why = f"{winner} wins: every {side} character is defeated"
                ev.append(Event("victory", why))
                return replace(s, stage="over", winner=winner, end_reason=why, attack=None)
        return s

    # movement

    def _start_move(self, s: GameState, m: Move, ev: list[Event]) -> GameState:
        fig = s.fig(m.figure)
        grid = self.setup.grid
        costs = path_costs(self._graph(s, fig), fig.pos, m.path)  # type: ignore[arg-type]
        assert costs is not None
        ev.append(Event("move", f"{fig.id} moves {square_label(fig.pos)} -> {square_label(m.destination)} "  # type: ignore[arg-type]
                                f"({sum(costs)} squares)"))
        s = replace(s, turn=replace(s.turn, path_left=m.path, path_cost_left=tuple(costs), declined=frozenset()))  # type: ignore[arg-type]
        return self._continue_move(s, ev)

    def _continue_move(self, s: GameState, ev: list[Event]) -> GameState:
        """Step along the path until it ends or an enemy may attack as the mover leaves its square."""
        while s.turn is not None and s.turn.path_left:
            if self._opportunists(s):
                return s
            turn = s.turn
            fig = s.fig(turn.figure)
            step = turn.path_cost_left[0]
            moved = {"moved_after": turn.moved_after + step} if turn.attacked else {"moved_before": turn.moved_before + step}
            if not is_squeezed(turn.path_left[0]):  # a squeezed block is only ever passed through
                s = s.with_figure(replace(fig, pos=turn.path_left[0]))
            s = replace(s, turn=replace(turn, path_left=turn.path_left[1:], path_cost_left=turn.path_cost_left[1:],
                                        declined=frozenset(), **moved))
        return s

    # attacks

    def _declare_attack(self, s: GameState, a: Attack, ev: list[Event]) -> GameState:
        for h in a.helpers:
            s = s.with_figure(replace(s.fig(h), activated=True))
        if a.helpers:
            ev.append(Event("combined fire", f"{', '.join(a.helpers)} combine fire with {a.figure} (+{COMBINED_FIRE_BONUS} each)"))
        s = replace(s, turn=replace(s.turn, attacked=True))  # type: ignore[arg-type]
        return self._roll_attack(s, a.figure, a.target, a.helpers, opportunity=False, ev=ev)

    def _roll_attack(self, s: GameState, attacker_id: str, target_id: str, helpers: tuple[str, ...], *,
                     opportunity: bool, ev: list[Event]) -> GameState:
        attacker, target = s.fig(attacker_id), s.fig(target_id)
        ac, tc = self.card(attacker), self.card(target)
        mods: list[tuple[str, int]] = [("Attack", ac.attack)]
        if helpers:
            mods.append(("combined fire", COMBINED_FIRE_BONUS * len(helpers)))
        defense: list[tuple[str, int]] = [("Defense", tc.defense)]
        if not opportunity:
            sight = self.board.sight(s.open_doors)
            others = frozenset(sq for f in s.living() if f.id not in (attacker.id, target.id) for sq in f.space())
            if sight.has_cover(attacker.rect(), target.rect(), others):
                defense.append(("cover", COVER_BONUS))
        roll = self.dice.d20(f"{attacker.id} attacks {target.id}")
        s = replace(s, noisy=True)
        pa = PendingAttack(attacker.id, target.id, roll, tuple(mods), tuple(defense), opportunity)
        result = judge(roll, pa.modifiers, pa.defense)
        if not result.hit and attacker.force >= 1 and attacker.force_turn != (s.turn.number if s.turn else -1):
            ev.append(Event("attack", explain(attacker.id, target.id, result, pa.modifiers, pa.defense)
                            + ": miss (a Force point may reroll it)"))
            return replace(s, attack=pa)
        return self._settle_attack(s, pa, ev)

    def _settle_attack(self, s: GameState, pa: PendingAttack, ev: list[Event]) -> GameState:
        attacker, target = s.fig(pa.attacker), s.fig(pa.target)
        result = judge(pa.roll, pa.modifiers, pa.defense)
        line = explain(attacker.id, target.id, result, pa.modifiers, pa.defense)
        s = replace(s, attack=None)
        if not result.hit:
            ev.append(Event("attack", line + (": natural 1, miss" if result.roll == 1 else ": miss")))
        else:
            damage = self.card(attacker).damage * (2 if result.critical else 1)
            before = target.hp
            s, t2 = deal_damage(s, target, damage)
            crit = "critical hit" if result.critical else "hit"
            after = "defeated" if t2.defeated else f"{t2.hp}"
            ev.append(Event("attack", f"{line}: {crit}, {damage} damage, {target.id} {before} -> {after}",
                            (("damage", damage), ("target", target.id))))
            s = self._check_victory(s, ev)
            if s.stage == "over":
                return replace(s, turn=None)
        return self._resume(s, ev)

    def _resume(self, s: GameState, ev: list[Event]) -> GameState:
        """After an attack: a defeated mover's turn ends; a paused move carries on."""
        if s.turn is None:
            return s
        mover = s.fig(s.turn.figure)
        if not mover.alive:
            return self._end_turn(replace(s, turn=replace(s.turn, path_left=(), path_cost_left=())), ev)
        if s.turn.path_left:
            return self._continue_move(s, ev)
        return s


_NONE: frozenset[str] = frozenset()

_ASK = {
    "place": "set up a character",
    "first": "choose who goes first",
    "activate": "activate a character",
    "turn": "act with the active character",
    "opportunity": "decide on attacks of opportunity",
    "reroll": "decide whether to reroll",
    "over": "nothing",
}


def new_header(setup: Setup) -> RecordHeader:
    """The record header for a new game."""
    return RecordHeader(game="skirmish", scenario=setup.scenario_id, data=setup.data_hash, seed=setup.seed,
                        dice="scripted" if setup.scripted else "seeded", created=setup.created)


def initial_state(setup: Setup, squads: dict[Side, list[str]], positions: dict[str, str]) -> GameState:
    """Figures off the map, ready for setup."""
    figures = []
    for side in SIDES:
        for fid, cid in figure_ids(squads[side], setup.cards):
            c = setup.cards[cid]
            figures.append(Figure(fid, cid, side, c.size, c.hp, c.force if setup.abilities else 0))
    return GameState(tuple(figures), setup_side=setup.setup_first)
