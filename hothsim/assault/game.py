"""A game of Assault on Hoth: set-up, turns of action rounds, Events, Luke, victory.

The same engine shape as the skirmish: `pending` says who decides what, `legal_actions()` lists every
choice, `apply(action)` checks and resolves one (rolling as needed) and returns what happened,
`clone()` copies, `record` holds every decision with its rolls.  Illegal actions raise IllegalAction
naming the rule; the state is then unchanged.

The turn (rulebook sections 4-5): shuffle the 20 Action cards; draw one per action round.  A Draw Event
Card turns the top Event card; any other card lets every unit of its type on its side take one of its
actions.  When the Action deck is empty the turn ends and the deck is shuffled again.  Rounds in which no
unit could do anything pass by themselves, with a line in the log.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING

from hothsim.assault.actions import (
    Action,
    Armor,
    AssignLuke,
    Board,
    Choose,
    Critical,
    Displace,
    Done,
    Fire,
    Harpoon,
    Move,
    Place,
    Repair,
    UNSEEN_SPEEDER,
    Walk,
    force_spent,
    parse_action,
)
from hothsim.assault.fire import (
    INSTALLATIONS,
    POWER_GRID,
    SHIELD_GENERATOR,
    Shot,
    armor_of,
    destroy,
    plan_fire,
    plan_harpoon,
    speeder_damage,
    speeder_hit_kind,
    walker_damage,
)
from hothsim.assault.movement import (
    Terrain,
    displacement_hexes,
    may_mount,
    move_cost,
    walk_cost,
    walk_end,
    walk_problem,
    walker_points,
    walker_step,
)
from hothsim.assault.events import SNOWTROOPERS, draw_event
from hothsim.assault.refusals import reason_against
from hothsim.assault.round_actions import RoundActions, acting, plan_shot, round_title, round_units
from hothsim.assault.setup import Setup, new_header
from hothsim.assault.turns import end_round, game_over, next_round
from hothsim.assault.rules import AssaultRules
from hothsim.assault.state import (
    AssaultState,
    PendingFire,
    Placing,
    Unit,
    WalkerMove,
)
from hothsim.kernel.engine import Decision, Event, IllegalAction, RecordedGame, Side
from hothsim.kernel.dice import Dice, count_symbols
from hothsim.kernel.hexes import DIRECTION_NAMES, Hex, hex_label, neighbour, parse_hex
from hothsim.kernel.record import GameRecord
from hothsim.kernel.values import replace
from hothsim.kernel.words import count

if TYPE_CHECKING:
    from hothsim.assault.observation import AssaultObservation


#: Which unit types each setup zone takes, in the order they are placed.


def hit_probability(dice: int, armor: int) -> Fraction:
    """Exact chance that `dice` fire dice show at least `armor` relevant symbols (1 face in 3 each)."""
    if armor <= 0:
        return Fraction(1)
    return sum((Fraction(comb(dice, k)) * Fraction(1, 3) ** k * Fraction(2, 3) ** (dice - k)
                for k in range(armor, dice + 1)), Fraction(0))


def initial_state(setup: Setup) -> AssaultState:
    """Every starting unit in reserve, the Imperial player placing first."""
    units: list[Unit] = []
    counters: dict[str, int] = {}
    for side, forces in (("imperial", setup.imperial), ("rebel", setup.rebel)):
        for tid, n in forces:
            ut = setup.rules.units[tid]
            for i in range(1, n + 1):
                units.append(Unit(f"{ut.prefix}-{i}", tid, ut.side))  # type: ignore[arg-type]
            counters[tid] = n
    queue = tuple((u.id, "imperial-setup", False) for u in units
                  if u.side == "imperial" and u.type not in SNOWTROOPERS)
    return AssaultState(units=tuple(units), force=setup.rules.luke_force, placing=Placing("imperial", queue),
                        next_id=tuple(sorted(counters.items())))


class AssaultGame(RecordedGame[AssaultState]):
    """A game of Assault on Hoth in progress (see the module docstring)."""

    parse_action = staticmethod(parse_action)

    def __init__(self, setup: Setup, state: AssaultState, dice: Dice, terrain: Terrain, record: GameRecord) -> None:
        self.setup = setup
        self._state = state
        self.dice = dice
        self.terrain = terrain
        self._record = record
        self._legal: list[Action] | None = None
        self.round_actions = RoundActions(setup, terrain)

    # ------------------------------------------------------------------ the interface

    @property
    def rules(self) -> AssaultRules:
        """The unit chart, decks and tables in play."""
        return self.setup.rules

    def clone(self) -> "AssaultGame":
        """An independent copy (shares only the setup and terrain, and the Walk values already made)."""
        copy = AssaultGame(self.setup, self._state, self.dice.clone(), self.terrain, self._record)
        copy.round_actions.walks = self.round_actions.walks
        return copy

    @property
    def pending(self) -> Decision:
        """Who must decide now, and what kind of choice."""
        s = self._state
        if s.stage == "over":
            return Decision(None, "over", note=s.end_reason)
        if s.placing is not None:
            return Decision(s.placing.side, "place", s.placing.unit)
        if s.stage == "setup":
            waiting = self._unboarded(s)
            if waiting:
                return Decision("imperial", "board", waiting[0].id)
            return Decision("rebel", "luke", note="assign Luke to a Snowspeeder in secret")
        if s.walker_move is not None:
            return Decision("rebel", "displace", s.walker_move.speeder,
                            f"{s.walker_move.walker} walks into {s.walker_move.speeder}'s hex")
        if s.fire is not None:
            kind = "armor" if s.fire.stage == "armor" else "critical"
            note = ("Luke may spend Force points on armor" if kind == "armor"
                    else "Luke may spend a Force point to make the critical hit a body hit")
            return Decision("rebel", kind, s.fire.target, note)  # type: ignore[arg-type]
        if s.special is not None and s.special.effect in ("hotshot", "force", "repair"):
            kind = "repair" if s.special.effect == "repair" else "choose"
            return Decision(s.special.side, kind, note=s.special.effect)  # type: ignore[arg-type]
        side, _, _ = acting(self.rules, s)
        return Decision(side, "act", note=self.round_title())  # type: ignore[arg-type]

    def apply(self, action: Action) -> list[Event]:
        """Validate and resolve one action; raises IllegalAction (state unchanged) if the rules forbid it."""
        if self.is_over:
            raise IllegalAction("winning the game", "the game is over")
        if not self.is_legal(action):
            raise self._why_not(action)
        before = len(self.dice.log)
        ev: list[Event] = []
        state = self._resolve(self._state, action, ev)
        self._commit(action, state, before)
        return ev

    def is_legal(self, action: Action) -> bool:
        """Whether an action may be applied now (a Walker's steps in any spelling, not only the listed one)."""
        # A Walker's steps need not be written in the canonical form legal_actions() lists.
        if isinstance(action, Walk) and self.pending.kind == "act" and self._state.has_unit(action.unit):
            s, u = self._state, self._state.unit(action.unit)
            return (round_units(self.rules, s)(u) and "move" in acting(self.rules, s)[1] and self.rules.units[u.type].is_walker
                    and u.where == "map" and walk_problem(self.rules, self.terrain, s, u, action.steps) is None)
        return self._listed(action)

    def warning(self, action: Action) -> str:
        """Ending an action round while units of the round may still act gives up their actions."""
        if type(action) is Done and self.pending.kind == "act":
            able = sorted({a.unit for a in self.legal_actions() if type(a) in (Move, Walk, Fire, Harpoon)})
            if able:
                return (f"{len(able)} unit{'s' if len(able) > 1 else ''} may still act this round "
                        f"({', '.join(able[:6])}{', ...' if len(able) > 6 else ''})")
        return ""

    # ------------------------------------------------------------------ questions the screen asks

    def hit_chance(self, shot: Shot) -> float:
        """The chance that a planned shot hits (its dice against its armor)."""
        return float(hit_probability(shot.dice, shot.armor))

    def walk_end(self, walker: Unit, steps: str) -> tuple[Hex, int]:
        """Where a Walker stands and which way it faces after these steps."""
        return walk_end(walker, steps)

    def walk_problem(self, walker: Unit, steps: str) -> str | None:
        """Why a Walker may not take these steps now (None when it may)."""
        return walk_problem(self.rules, self.terrain, self._state, walker, steps)

    def walk_points_left(self, walker: Unit, steps: str) -> int:
        """The MPs a Walker has left after these steps."""
        return walker_points(self.rules, walker) - walk_cost(self.rules, self.terrain, walker, steps)

    def walker_points(self, walker: Unit) -> int:
        """A Walker's MPs this move (fewer with a leg hit)."""
        return walker_points(self.rules, walker)

    def move_cost(self, action: Move) -> int | None:
        """The MPs a move of a unit that is not a Walker costs (None if it is not a legal move now)."""
        s = self._state
        if not s.has_unit(action.unit):
            return None
        return move_cost(self.rules, self.terrain, s, s.unit(action.unit), action.to)

    def objective(self) -> str:
        """How each side wins."""
        reshuffle = (f" Re-shuffle (rule 8) {'on' if self.setup.reshuffle else 'off'}: if the first "
                     f"{self.setup.transports_to_win} Events are all Transports Away!, the last one "
                     + ("goes back into the deck." if self.setup.reshuffle else "stands.")) if self.setup.remedy else ""
        return (f"Imperial: destroy the Shield Generator. Rebel: get {self.setup.transports_to_win} Transports "
                f"away first, or destroy every Imperial unit on the map.{reshuffle}")

    def progress(self) -> str:
        """Where the game stands: set-up, or the turn and action round."""
        s = self._state
        return "set-up" if s.stage == "setup" else f"turn {s.turn}, action round {s.round}"

    def observation(self, side: Side) -> "AssaultObservation[AssaultGame]":
        """What `side` may know now (the computer opponent sees nothing else)."""
        from hothsim.assault.observation import observe

        return observe(self.setup, self.terrain, self.rules, self._state, side, deal)

    def revealed(self) -> frozenset[str]:
        """The secrets revealed so far: Luke's Snowspeeder once he uses the Force."""
        return frozenset({"luke"}) if self._state.luke_revealed else frozenset()

    def pending_secret(self) -> str:
        """Luke's Snowspeeder is chosen in secret."""
        return "luke" if self.pending.kind == "luke" else ""

    def unseen_notation(self) -> str:
        """`luke ?`: Luke flies a Snowspeeder this copy does not know."""
        return AssignLuke(UNSEEN_SPEEDER).notation() if self.pending_secret() else ""

    def apply_unseen(self) -> list[Event]:
        """Luke assigned to a Snowspeeder this copy does not know (the Imperial copy at two machines): no
        Snowspeeder is his here, so none is offered the Force, until the Rebel copy reveals him."""
        if not self.pending_secret():
            raise IllegalAction("secrets", "no secret decision is pending")
        ev: list[Event] = []
        self._commit(AssignLuke(UNSEEN_SPEEDER), self._assign_luke(self._state, UNSEEN_SPEEDER, ev), len(self.dice.log))
        return ev

    def reveals(self, action: Action) -> frozenset[str]:
        """Spending Luke's Force reveals his Snowspeeder."""
        return frozenset({"luke"}) if not self._state.luke_revealed and force_spent(action) else frozenset()

    def round_title(self, s: AssaultState | None = None) -> str:
        """What this action round (of the current state, or of `s`) is about, e.g. 'Imperial: Walkers Move'."""
        return round_title(self.rules, self._state if s is None else s)

    def shot(self, action: Fire | Harpoon) -> Shot | str:
        """The dice and armor of a fire or harpoon now, or why it is not possible (for prompts)."""
        return plan_shot(self.rules, self.terrain, self._state, action)

    def _unboarded(self, s: AssaultState) -> list[Unit]:
        return [u for u in s.units if u.side == "imperial" and u.type in SNOWTROOPERS and u.where == "reserve"]

    # ------------------------------------------------------------------ legal actions

    def _generate(self) -> list[Action]:
        s = self._state
        d = self.pending
        if d.kind == "over":
            return []
        if d.kind == "place":
            return self._placements(s)
        if d.kind == "board":
            return [Board(d.unit, w.id) for w in s.units  # type: ignore[arg-type]
                    if w.type == "walker" and w.where == "map" and may_mount(self.rules, s, w)]
        if d.kind == "luke":
            return [AssignLuke(u.id) for u in s.units if self.rules.units[u.type].is_speeder and u.alive]
        if d.kind == "displace":
            wm = s.walker_move
            assert wm is not None
            at = s.unit(wm.walker).hex
            assert at is not None
            return [Displace(wm.speeder, h) for h in displacement_hexes(self.terrain, s, at)]
        if d.kind == "armor":
            assert s.fire is not None
            if s.fire.target != s.luke:
                return [Armor(0)]
            return [Armor(n) for n in range(s.force + 1)]
        if d.kind == "critical":
            assert s.fire is not None
            if s.fire.target == s.luke and s.force >= 1:
                return [Critical(True), Critical(False)]
            return [Critical(False)]
        if d.kind == "choose":
            return [Choose(u.id) for u in self._choosable(s)]
        if d.kind == "repair":
            out: list[Action] = []
            for w in s.units:
                if w.type == "walker" and w.where == "map":
                    out.extend(Repair(w.id, m) for m in ("blaster", "legs", "body") if getattr(w, m) > 0)
            return out
        return self.round_actions.listed(s) + [Done()]

    def _choosable(self, s: AssaultState) -> list[Unit]:
        assert s.special is not None
        # Hotshot Gunner and The Force both aid "a Rebel gunner" (8): a Snowspeeder whose gunner lives.
        return [u for u in s.units if self.rules.units[u.type].is_speeder and u.where == "map" and u.gunner]

    def _placement_hexes(self, s: AssaultState, zone: str, uid: str) -> list[Hex]:
        bf = self.setup.field
        hexes = {"imperial-setup": bf.imperial_sector, "rebel-setup": bf.rebel_setup,
                 "speeders": bf.speeder_sector}.get(zone) or bf.sectors.get(zone, frozenset())
        occupied = s.occupied()
        barred = {bf.shield_generator, bf.power_grid}
        return sorted((h for h in hexes if h not in occupied and h not in barred
                       and self.terrain.terrain[h] != "cliff"), key=lambda h: (h[0], h[1]))

    def _placements(self, s: AssaultState) -> list[Action]:
        assert s.placing is not None
        uid, zone, base = s.placing.queue[0]
        u = s.unit(uid)
        out: list[Action] = [Place(uid, None)] if base else []
        walker = self.rules.units[u.type].is_walker
        for h in self._placement_hexes(s, zone, uid):
            if walker:
                out.extend(Place(uid, h, f) for f in range(6))
            else:
                out.append(Place(uid, h))
        return out

    def _can_act(self, s: AssaultState) -> bool:
        """Whether any unit of the round has anything to do (the actions found are kept for listing).  While
        Luke is hidden, a round only the Force would open is open if any Snowspeeder could be his: whether a
        round is played must not tell the Imperial player which one he flies (and both copies of a game at
        two machines, one not knowing him, must agree on it)."""
        if self.round_actions.can_act(s):
            return True
        if not s.luke or s.luke_revealed:
            return False
        speeders = [u.id for u in s.units if self.rules.units[u.type].is_speeder and u.alive and u.id != s.luke]
        return any(self.round_actions.can_act(replace(s, luke=uid)) for uid in speeders)

    # ------------------------------------------------------------------ why an action is refused

    def _why_not(self, action: Action) -> IllegalAction:
        rule, why = reason_against(self.rules, self.terrain, self._state, self.pending, action)
        return IllegalAction(rule, why)

    # ------------------------------------------------------------------ resolving

    def _resolve(self, s: AssaultState, a: Action, ev: list[Event]) -> AssaultState:
        if isinstance(a, Place):
            s = self._place(s, a, ev)
        elif isinstance(a, Board):
            s = s.with_unit(replace(s.unit(a.unit), where="aboard", aboard=a.walker))
            ev.append(Event("board", f"{a.unit} boards {a.walker}"))
            if not self._unboarded(s):
                ev.append(Event("setup", "the Rebel player assigns Luke in secret"))
        elif isinstance(a, AssignLuke):
            s = self._assign_luke(s, a.speeder, ev)
        elif isinstance(a, Move):
            s = self._move(s, a, ev)
        elif isinstance(a, Walk):
            w = s.unit(a.unit)
            s = replace(s, acted=s.acted | {w.id})
            s = self._walk(s, w.id, a.steps, walker_points(self.rules, w), ev)
        elif isinstance(a, Displace):
            s = self._displace(s, a, ev)
        elif isinstance(a, Fire):
            s = self._declare(s, a.unit, a.target, a.force, False, ev)
        elif isinstance(a, Harpoon):
            s = self._declare(s, a.unit, a.target, a.force, True, ev)
        elif isinstance(a, Armor):
            s = self._armor(s, a.points, ev)
        elif isinstance(a, Critical):
            s = self._critical(s, a.spend, ev)
        elif isinstance(a, Choose):
            s = self._choose(s, a.unit, ev)
        elif isinstance(a, Repair):
            s = self._repair(s, a, ev)
        elif isinstance(a, Done):
            ev.append(Event("round", f"the {self.pending.player} player ends the action round"))
            s = end_round(s)
        return self._settle(s, ev)

    def _settle(self, s: AssaultState, ev: list[Event]) -> AssaultState:
        """After a decision: check victory, close a finished Veers round, and draw cards until someone must
        decide."""
        while True:
            s = self._check_victory(s, ev)
            if s.stage != "play" or s.placing or s.walker_move or s.fire:
                return s
            if s.special is not None and s.special.effect in ("hotshot", "force", "repair"):
                if self._event_choice_open(s):
                    return s
                ev.append(Event("event", "no unit can take this Event's effect"))
                s = end_round(replace(s, special=None))
                continue
            if s.special is not None and s.special.effect == "veers" and s.acted:
                s = end_round(s)
                continue
            if s.card is None and s.special is None:
                s = self._next_round(s, ev)
                continue
            if self._can_act(s):
                return s
            ev.append(Event("round", f"{self.round_title(s)}: no unit can act"))
            s = end_round(s)

    def _event_choice_open(self, s: AssaultState) -> bool:
        """Whether the Event choice now pending has any option."""
        if s.special is not None and s.special.effect == "repair":
            return any(w.type == "walker" and w.where == "map" and (w.blaster or w.legs or w.body) for w in s.units)
        return bool(self._choosable(s))

    # set-up ---------------------------------------------------------------

    def _place(self, s: AssaultState, a: Place, ev: list[Event]) -> AssaultState:
        assert s.placing is not None
        u = s.unit(a.unit)
        if a.hex is None:
            s = s.with_unit(replace(u, where="base", hex=None))
            ev.append(Event("place", f"{u.id} is placed in the Base"))
        else:
            s = s.with_unit(replace(u, where="map", hex=a.hex, facing=a.facing if a.facing is not None else u.facing))
            face = f" facing {DIRECTION_NAMES[a.facing]}" if a.facing is not None else ""
            ev.append(Event("place", f"{u.id} is placed at {hex_label(a.hex)}{face}"))
        return self.next_placement(replace(s, placing=replace(s.placing, queue=s.placing.queue[1:])), ev)

    def next_placement(self, s: AssaultState, ev: list[Event]) -> AssaultState:
        """Skip units with nowhere to go; when the queue empties, move the set-up (or the round) on."""
        while s.placing is not None and s.placing.queue:
            uid, zone, base = s.placing.queue[0]
            if base or self._placement_hexes(s, zone, uid):
                return s
            ev.append(Event("place", f"{uid} finds no empty hex to arrive in"))
            s = destroy(s, s.unit(uid), "no room to arrive", ev)
            s = replace(s, placing=replace(s.placing, queue=s.placing.queue[1:]))
        side = s.placing.side if s.placing else None
        s = replace(s, placing=None)
        if s.stage == "setup" and side == "rebel":
            return self._start_play(s, ev)
        if s.stage == "play":
            return end_round(s)
        return s

    def _assign_luke(self, s: AssaultState, speeder: str, ev: list[Event]) -> AssaultState:
        s = replace(s, luke=speeder)
        ev.append(Event("luke", "Luke is assigned to a Snowspeeder (secret)", (("speeder", speeder),)))
        return self._rebel_setup(s)

    def _rebel_setup(self, s: AssaultState) -> AssaultState:
        order = []
        for tid in ("speeder", "trooper", "heavy-trooper", "tower"):
            order.extend(u for u in s.units if u.side == "rebel" and u.type == tid and u.where == "reserve")
        order.extend(u for u in s.units if u.side == "rebel" and u.where == "reserve" and u not in order)
        queue = tuple((u.id, "speeders" if self.rules.units[u.type].is_speeder else "rebel-setup",
                       self.rules.units[u.type].trooper) for u in order)
        return replace(s, placing=Placing("rebel", queue))

    def _start_play(self, s: AssaultState, ev: list[Event]) -> AssaultState:
        if self.setup.draws_rolled:
            ev.append(Event("setup", "the Event cards are set aside, each to be drawn by a roll; the battle begins"))
            return replace(s, stage="play", event_deck=tuple(range(len(self.rules.event_cards))))
        perm = self.dice.shuffle(len(self.rules.event_cards), "shuffle the Event deck")
        ev.append(Event("setup", "the Event deck is shuffled; the battle begins"))
        return replace(s, stage="play", event_deck=tuple(perm))

    # turns and rounds ---------------------------------------------------------

    def _next_round(self, s: AssaultState, ev: list[Event]) -> AssaultState:
        s = next_round(self.setup, self.dice, s, ev)
        if self.rules.action_card(s.card).is_event:  # type: ignore[arg-type]
            s = draw_event(self.setup, self.dice, s, ev)
            if s.placing is not None:  # reinforcements to place
                return self.next_placement(s, ev)
        return s

    def _choose(self, s: AssaultState, uid: str, ev: list[Event]) -> AssaultState:
        assert s.special is not None
        if s.special.effect == "hotshot":
            s = replace(s, hotshot=uid)
            ev.append(Event("effect", f"{uid} has a Hotshot Gunner: +{self.rules.effects.hotshot_bonus} fire strength"))
        else:
            s = replace(s, force_aided=uid)
            ev.append(Event("effect", f"The Force is with {uid}: +{self.rules.effects.force_bonus} fire strength at "
                            "its next fire this turn"))
        return end_round(s)

    def _repair(self, s: AssaultState, a: Repair, ev: list[Event]) -> AssaultState:
        w = s.unit(a.unit)
        w = replace(w, **{a.marker: getattr(w, a.marker) - 1})
        ev.append(Event("effect", f"Combat Repair Droids take a {a.marker} marker off {w.id}"))
        return end_round(s.with_unit(w))

    # movement -------------------------------------------------------------------

    def _move(self, s: AssaultState, a: Move, ev: list[Event]) -> AssaultState:
        u = s.unit(a.unit)
        cost = move_cost(self.rules, self.terrain, s, u, a.to)
        assert cost is not None  # the move is legal
        frm = u.at()
        if a.to == "base":
            u = replace(u, where="base", hex=None)
        elif s.has_unit(a.to):
            u = replace(u, where="aboard", hex=None, aboard=a.to)
        else:
            u = replace(u, where="map", hex=parse_hex(a.to), aboard="")
        ev.append(Event("move", f"{u.id} moves from {frm} to {u.at()} ({count(cost, 'MP')})"))
        return replace(s.with_unit(u), acted=s.acted | {u.id})

    def _walk(self, s: AssaultState, wid: str, steps: str, mp: int, ev: list[Event]) -> AssaultState:
        for i, c in enumerate(steps):
            w = s.unit(wid)
            if c in "lr":
                w = replace(w, facing=(w.facing + (1 if c == "r" else -1)) % 6)
                mp -= self.rules.movement.walker_turn
                s = s.with_unit(w)
                ev.append(Event("walk", f"{wid} turns {'right' if c == 'r' else 'left'} to face "
                                f"{DIRECTION_NAMES[w.facing]}"))
                continue
            assert w.hex is not None
            n = neighbour(w.hex, w.facing)
            mp -= walker_step(self.rules, self.terrain, n)
            victim = s.occupant(n)
            s = s.with_unit(replace(w, hex=n))
            ev.append(Event("walk", f"{wid} walks to {hex_label(n)}"))
            if victim is not None:
                if self.rules.units[victim.type].is_speeder:
                    if displacement_hexes(self.terrain, s, n):
                        return replace(s, walker_move=WalkerMove(wid, steps[i + 1:], mp, victim.id))
                    s = destroy(s, victim, "no empty hex to be pushed into", ev)
                else:
                    s = destroy(s, victim, f"crushed by {wid}", ev)
        return replace(s, walker_move=None)

    def _displace(self, s: AssaultState, a: Displace, ev: list[Event]) -> AssaultState:
        wm = s.walker_move
        assert wm is not None
        sp = s.unit(a.unit)
        s = s.with_unit(replace(sp, hex=a.hex))
        ev.append(Event("displace", f"{sp.id} is pushed aside to {hex_label(a.hex)}"))
        return self._walk(replace(s, walker_move=None), wm.walker, wm.steps_left, wm.mp_left, ev)

    # fire -------------------------------------------------------------------------

    def _declare(self, s: AssaultState, uid: str, target: str, force: int, harpoon: bool, ev: list[Event]
                 ) -> AssaultState:
        u = s.unit(uid)
        shot = (plan_harpoon if harpoon else plan_fire)(self.rules, self.terrain, s, u, target, force)
        assert isinstance(shot, Shot)
        verb = "harpoons" if harpoon else "fires at"
        s = replace(s, acted=s.acted | {uid})
        if not harpoon and s.force_aided == uid:
            s = replace(s, force_aided="")
        if force:
            s = self._spend_force(s, force, f"+{force} dice", ev)
        ev.append(Event("declare", f"{uid} {verb} {target}: {shot.explain()}"))
        if (not harpoon and u.side == "imperial" and target not in INSTALLATIONS
                and self.rules.units[s.unit(target).type].is_speeder and s.force > 0
                and (not s.luke_revealed or target == s.luke)):
            return replace(s, fire=PendingFire(uid, target, "armor", dice=shot.dice))
        return self._roll(s, uid, target, shot.dice, harpoon, ev)

    def _spend_force(self, s: AssaultState, points: int, what: str, ev: list[Event]) -> AssaultState:
        reveal = not s.luke_revealed
        s = replace(s, force=s.force - points, luke_revealed=True)
        if reveal:
            ev.append(Event("luke", f"Luke Skywalker flies {s.luke}!", (("speeder", s.luke),)))
        ev.append(Event("force", f"Luke spends {points} Force point{'s' if points != 1 else ''} ({what}); "
                        f"{s.force} left"))
        return s

    def _armor(self, s: AssaultState, points: int, ev: list[Event]) -> AssaultState:
        f = s.fire
        assert f is not None
        if points:
            s = self._spend_force(s, points, f"+{points} armor this action round", ev)
            s = replace(s, luke_armor=s.luke_armor + points)
        armor = armor_of(self.rules, s, f.target)
        s = replace(s, fire=None)
        if f.dice < armor:
            ev.append(Event("miss", f"{f.firer}'s {f.dice} dice can no longer reach armor {armor}: the fire misses"))
            return s
        return self._roll(s, f.firer, f.target, f.dice, False, ev)

    def _roll(self, s: AssaultState, uid: str, target: str, dice: int, harpoon: bool, ev: list[Event]
              ) -> AssaultState:
        u = s.unit(uid)
        symbol = "S" if u.side == "rebel" else "V"
        faces = self.dice.fire(dice, f"{'harpoon' if harpoon else 'fire'} {uid} at {target}")
        got = count_symbols(faces, symbol)
        armor = self.rules.units["walker"].armor if harpoon else armor_of(self.rules, s, target)
        name = ("Saber" if symbol == "S" else "Vader") + ("" if got == 1 else "s")
        shown = "".join(faces) or "-"
        if got < armor:
            ev.append(Event("miss", f"rolled {shown}: {got} {name} against armor {armor}: miss"))
            return s
        ev.append(Event("hit", f"rolled {shown}: {got} {name} against armor {armor}: hit"))
        if target == SHIELD_GENERATOR:
            s = replace(s, shield_generator=False)
            return game_over(s, "imperial", "the Shield Generator is destroyed", ev)
        if target == POWER_GRID:
            ev.append(Event("destroyed", "the Power Grid is destroyed: the Shield Generator's armor drops to "
                            f"{self.rules.installations.shield_generator_without_grid}"))
            return replace(s, power_grid=False)
        t = s.unit(target)
        tt = self.rules.units[t.type]
        if harpoon:
            return destroy(s, t, f"harpooned by {uid}", ev)
        if tt.is_walker:
            s, total = self._damage_roll(s, u.side, t.id, "rebel", ev)
            return walker_damage(self.rules, s, t, total, ev)
        if tt.is_speeder:
            s, total = self._damage_roll(s, u.side, t.id, "imperial", ev)
            hit = speeder_hit_kind(self.rules, t, total)
            if hit == "critical" and s.force >= 1 and (not s.luke_revealed or t.id == s.luke):
                ev.append(Event("critical", f"damage {total}: critical hit on {t.id}"))
                return replace(s, fire=PendingFire(uid, t.id, "critical", damage=total))
            return speeder_damage(self.rules, s, t, hit, total, ev)
        return destroy(s, t, f"hit by {uid}", ev)

    def _damage_roll(self, s: AssaultState, firer_side: str, target: str, lucky_side: str,
                     ev: list[Event]) -> tuple[AssaultState, int]:
        """2d6 for the damage table, plus a Lucky Shot of `lucky_side` if that side fired and holds one
        (it is then spent)."""
        flag = f"{lucky_side}_lucky_shot"
        bonus = 0
        if firer_side == lucky_side and getattr(s, flag):
            bonus, s = self.rules.effects.lucky_shot, replace(s, **{flag: False})
        total = sum(self.dice.two_d6(f"damage to {target}")) + bonus
        if bonus:
            ev.append(Event("effect", f"{lucky_side.capitalize()} Lucky Shot: +{bonus} to the damage dice"))
        return s, total

    def _critical(self, s: AssaultState, spend: bool, ev: list[Event]) -> AssaultState:
        f = s.fire
        assert f is not None
        s = replace(s, fire=None)
        sp = s.unit(f.target)
        if spend:
            s = self._spend_force(s, 1, "the critical hit becomes a body hit", ev)
            return speeder_damage(self.rules, s, s.unit(sp.id), "body", f.damage, ev)
        return speeder_damage(self.rules, s, sp, "critical", f.damage, ev)

    # the end ----------------------------------------------------------------------

    def _check_victory(self, s: AssaultState, ev: list[Event]) -> AssaultState:
        if s.stage != "play" or s.placing is not None:
            return s
        if not any(u.side == "imperial" and u.where in ("map", "aboard") for u in s.units):
            return game_over(s, "rebel", "every Imperial unit on the map is destroyed", ev)
        return s



def deal(setup: Setup, state: AssaultState, dice: Dice, terrain: Terrain) -> AssaultGame:
    """A playable game of a setup and a state, its record only a header: the games a search imagines from
    an observation (`AssaultObservation.determinize`)."""
    return AssaultGame(setup, state, dice, terrain, GameRecord(new_header(setup)))
