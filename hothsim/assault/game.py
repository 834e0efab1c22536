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

from hothsim.assault.actions import (Action, AssignLuke, Done, Fire, Harpoon, Move, UNSEEN_SPEEDER, Walk, force_spent,
                                     parse_action)
from hothsim.assault.choices import CHOICES
from hothsim.assault.deployment import assign_luke, next_placement, unboarded
from hothsim.assault.events import SNOWTROOPERS, draw_event, event_choice_open
from hothsim.assault.fire import Shot
from hothsim.assault.movement import Terrain, move_cost, walk_cost, walk_end, walk_problem, walker_points
from hothsim.assault.refusals import reason_against
from hothsim.assault.resolution import resolve
from hothsim.assault.round_actions import RoundActions, acting, plan_shot, round_title, round_units
from hothsim.assault.rules import AssaultRules
from hothsim.assault.setup import Context, Setup, new_header
from hothsim.assault.state import AssaultState, Placing, Unit
from hothsim.assault.turns import check_victory, end_round, next_round
from hothsim.kernel.dice import Dice
from hothsim.assault.decisions import (ActionRound, ArmorChoice, AssaultDecision, Boarding, CriticalChoice,
                                       Displacement, EventChoice, GameOver, LukeAssigned, Placement, RepairChoice)
from hothsim.kernel.engine import Event, IllegalAction, RecordedGame, Side, side_named
from hothsim.kernel.hexes import Hex
from hothsim.kernel.record import GameRecord
from hothsim.kernel.values import replace

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
                units.append(Unit(f"{ut.prefix}-{i}", tid, ut.side))
            counters[tid] = n
    queue = tuple((u.id, "imperial-setup", False) for u in units
                  if u.side == "imperial" and u.type not in SNOWTROOPERS)
    return AssaultState(units=tuple(units), force=setup.rules.luke_force, placing=Placing("imperial", queue),
                        next_id=tuple(sorted(counters.items())))


class AssaultGame(RecordedGame[AssaultState, Action]):
    """A game of Assault on Hoth in progress (see the module docstring)."""

    parse_action = staticmethod(parse_action)

    def __init__(self, setup: Setup, state: AssaultState, dice: Dice, terrain: Terrain, record: GameRecord,
                 pending: AssaultDecision | None = None) -> None:
        self.setup = setup
        self._state = state
        self.dice = dice
        self.terrain = terrain
        self._record = record
        self._legal: list[Action] | None = None
        self.round_actions = RoundActions(setup, terrain)
        self._pending: AssaultDecision = pending if pending is not None else self._decide()  # `state`'s, if given

    # ------------------------------------------------------------------ the interface

    @property
    def rules(self) -> AssaultRules:
        """The unit chart, decks and tables in play."""
        return self.setup.rules

    def clone(self) -> "AssaultGame":
        """An independent copy (shares only the setup and terrain, and the Walk values already made)."""
        copy = AssaultGame(self.setup, self._state, self.dice.clone(), self.terrain, self._record, self._pending)
        copy.round_actions.walks = self.round_actions.walks
        return copy

    @property
    def pending(self) -> AssaultDecision:
        """Who must decide now, and in which phase of play (worked out when the state became the game's)."""
        return self._pending

    def _decide(self) -> AssaultDecision:
        """The decision the state waits on: the first of its waits that is set, in the order play resolves
        them (the end, a unit to place, set-up's boarding and Luke, a Walker's walk, a fire's answer, an
        Event's choice, else the action round)."""
        s = self._state
        if s.stage == "over":
            return GameOver(note=s.end_reason)
        if s.placing is not None:
            return Placement(s.placing.side, actor=s.placing.unit or "")
        if s.stage == "setup":
            waiting = unboarded(s)
            if waiting:
                return Boarding(actor=waiting[0].id)
            return LukeAssigned(note="assign Luke to a Snowspeeder in secret")
        if s.walker_move is not None:
            return Displacement(actor=s.walker_move.speeder,
                                note=f"{s.walker_move.walker} walks into {s.walker_move.speeder}'s hex")
        if s.fire is not None:
            if s.fire.stage == "armor":
                return ArmorChoice(actor=s.fire.target, note="Luke may spend Force points on armor")
            return CriticalChoice(actor=s.fire.target,
                                  note="Luke may spend a Force point to make the critical hit a body hit")
        if s.special is not None and s.special.effect in ("hotshot", "force", "repair"):
            chooser = RepairChoice if s.special.effect == "repair" else EventChoice
            return chooser(s.special.side, note=s.special.effect)
        side, _, _ = acting(self.rules, s)
        acts = side_named(side)
        if acts is None:  # a Draw Event Card's round is drawn on at once: no side acts in it
            raise ValueError("no side acts in a Draw Event Card's round")
        return ActionRound(acts, note=self.round_title())

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
            return (round_units(self.rules, s)(u) and "move" in acting(self.rules, s)[1]
                    and self.rules.units[u.type].is_walker and u.where == "map"
                    and walk_problem(self.rules, self.terrain, s, u, action.steps) is None)
        return self._listed(action)

    def warning(self, action: Action) -> str:
        """Ending an action round while units of the round may still act gives up their actions."""
        if type(action) is Done and self.pending.kind == "act":
            able = sorted({a.unit for a in self.legal_actions() if isinstance(a, (Move, Walk, Fire, Harpoon))})
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
        """The MPs a Walker has left after these steps (its MPs this move, fewer with a leg hit, for none)."""
        return walker_points(self.rules, walker) - walk_cost(self.rules, self.terrain, walker, steps)

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
        variant = f" Decks: the {self.setup.variant} variant." if self.setup.variant != "standard" else ""
        return (f"Imperial: destroy the Shield Generator. Rebel: get {self.setup.transports_to_win} Transports "
                f"away first, or destroy every Imperial unit on the map.{reshuffle}{variant}")

    def progress(self) -> str:
        """Where the game stands: set-up, or the turn and action round."""
        s = self._state
        return "set-up" if s.stage == "setup" else f"turn {s.turn}, action round {s.round}"

    def observation(self, side: Side | None) -> "AssaultObservation[AssaultGame]":
        """What `side` may know now (the computer opponent sees nothing else); None: what both sides may
        know (a screen two players share)."""
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
        self._commit(AssignLuke(UNSEEN_SPEEDER), assign_luke(self._context(), self._state, UNSEEN_SPEEDER, ev),
                     len(self.dice.log))
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

    # ------------------------------------------------------------------ legal actions

    def _generate(self) -> list[Action]:
        d = self.pending
        if d.kind == "act":
            return self.round_actions.listed(self._state) + [Done()]
        return CHOICES[d.kind](self._context(), self._state, d)

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

    def _context(self) -> Context:
        return Context(self.setup, self.terrain, self.dice)

    def _resolve(self, s: AssaultState, a: Action, ev: list[Event]) -> AssaultState:
        return self._settle(resolve(self._context(), s, a, ev), ev)

    def _settle(self, s: AssaultState, ev: list[Event]) -> AssaultState:
        """After a decision: check victory, close a finished Veers round, and draw cards until someone must
        decide."""
        while True:
            s = check_victory(s, ev)
            if s.stage != "play" or s.placing or s.walker_move or s.fire:
                return s
            if s.special is not None and s.special.effect in ("hotshot", "force", "repair"):
                if event_choice_open(self.rules, s):
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

    # turns and rounds ---------------------------------------------------------

    def _next_round(self, s: AssaultState, ev: list[Event]) -> AssaultState:
        s = next_round(self.setup, self.dice, s, ev)
        assert s.card is not None  # next_round draws the round's card
        if self.rules.action_card(s.card).is_event:
            s = draw_event(self.setup, self.dice, s, ev)
            if s.placing is not None:  # reinforcements to place
                return next_placement(self._context(), s, ev)
        return s



def deal(setup: Setup, state: AssaultState, dice: Dice, terrain: Terrain) -> AssaultGame:
    """A playable game of a setup and a state, its record only a header: the games a search imagines from
    an observation (`AssaultObservation.determinize`)."""
    return AssaultGame(setup, state, dice, terrain, GameRecord(new_header(setup)))
