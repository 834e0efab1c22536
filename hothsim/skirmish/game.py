"""The skirmish game: one state machine with an explicit pending decision (docs/architecture.md).

    game = hothsim.open_game("echo-base", seed=7)
    game.pending            # Decision(player="imperial", kind="place", ...)
    game.legal_actions()    # every legal choice, as small immutable Action values
    game.apply(action)      # validates, resolves (rolling dice), returns Events
    game.clone(); game.state; game.record

The flow follows the rulebook: squads built in secret (the `skirmish` scenario), setup (one side, then
the other), then rounds.  A round begins with the initiative check (both roll d20, ties roll again) and
the winner choosing who goes first; the sides then activate two characters at a time, alternately,
until every character has activated once.  Abilities, Force powers and commander effects come in
through `abilities.Abilities`; attacks and saves are resolved by `combat`'s functions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hothsim.kernel.engine import Decision, SIDES, Event, IllegalAction, RecordedGame, Side, other
from hothsim.kernel.dice import Dice
from hothsim.kernel.gates import passes
from hothsim.kernel.record import GameRecord
from hothsim.kernel.squares import Square
from hothsim.skirmish.abilities import Abilities
from hothsim.skirmish.actions import (
    Action,
    Activate,
    Attack,
    Decline,
    EndTurn,
    First,
    ForceMove,
    ForcePower,
    Harpoon,
    Heal,
    Keep,
    Move,
    Opportunity,
    Place,
    Ready,
    Recruit,
    Reroll,
    UseAbility,
    parse_action,
)
from hothsim.skirmish.board import Board
from hothsim.skirmish.cards import Card, Glossary
from hothsim.skirmish.deployment import fixed_positions, placements
from hothsim.skirmish.gates import ACTIVATING, PLACING
from hothsim.skirmish.powers import GRIP_DAMAGE
from hothsim.skirmish.refusals import reason_against
from hothsim.skirmish.context import Context
from hothsim.skirmish.decisions import (Activation, FigureTurn, FirstChoice, GameOver, OpportunityChoice,
                                        ReactionChoice, RerollChoice, SettingUp, SkirmishDecision, SquadBuilding)
from hothsim.skirmish.resolution import resolve
from hothsim.skirmish.setup import Setup, new_header
from hothsim.skirmish.rounds import HOLOGRAM_TROOPER_RANGE, after_placement, figure_ids, hologram_alone
from hothsim.skirmish.movement import PlannedMove
from hothsim.skirmish.moving import Moves
from hothsim.skirmish.outlook import Outlook, outlook
from hothsim.skirmish.squads import SecretSquads, SquadRules
from hothsim.skirmish.targeting import Targeting
from hothsim.skirmish.turn_actions import turn_actions, turn_choices
from hothsim.skirmish.state import Figure, GameState
from hothsim.kernel.values import replace

if TYPE_CHECKING:
    from hothsim.skirmish.observation import SkirmishObservation


_ASK = {
    "build": "build a squad",
    "place": "set up a character",
    "first": "choose who goes first",
    "activate": "activate a character",
    "turn": "act with the active character",
    "opportunity": "decide on attacks of opportunity",
    "reroll": "decide whether to reroll",
    "reaction": "decide on a Force reaction",
    "over": "nothing",
}

_KINDS: dict[str, tuple[type, ...]] = {
    "build": (Recruit, Ready),
    "place": (Place,),
    "first": (First,),
    "activate": (Activate,),
    "reroll": (Reroll, Keep),
    "reaction": (ForcePower, Decline),
    "opportunity": (Opportunity, Decline),
    "turn": (Move, Attack, ForceMove, ForcePower, Heal, Harpoon, UseAbility, EndTurn),
    "over": (),
}


class SkirmishGame(SecretSquads, RecordedGame[GameState, Action]):
    """A skirmish in progress (see the module docstring)."""

    parse_action = staticmethod(parse_action)

    def __init__(self, setup: Setup, state: GameState, dice: Dice, board: Board, record: GameRecord,
                 pending: SkirmishDecision | None = None) -> None:
        self.setup = setup
        self._state = state
        # A search or a sandbox gives a game dice of its own by setting `dice`: each action's Context hands
        # the rules the dice the game has then.
        self.dice = dice
        self.board = board
        self._record = record
        self._legal: list[Action] | None = None
        self.ab = Abilities(setup.cards, board, setup.abilities)
        self.targeting = Targeting(setup.cards, board, self.ab)
        self.moves = Moves(setup, board, self.ab, self.targeting)
        self.squads = SquadRules(setup.cards, setup.build_points or 0)
        self._pending: SkirmishDecision = pending if pending is not None else self._decide()  # `state`'s, if given

    # ------------------------------------------------------------------ the interface

    def card(self, fig: Figure) -> Card:
        """The stat card of a figure."""
        return self.setup.cards[fig.card]

    def clone(self) -> "SkirmishGame":
        """An independent copy (shares only the immutable setup and the geometry caches)."""
        return SkirmishGame(self.setup, self._state, self.dice.clone(), self.board, self._record, self._pending)

    @property
    def pending(self) -> SkirmishDecision:
        """Who must decide now, and in which phase of play (worked out when the state became the game's)."""
        return self._pending

    def _decide(self) -> SkirmishDecision:
        """The decision the state waits on: the first of its waits that is set, in the order play resolves
        them (the end, set-up's phases, a roll to reroll or react to, a turn, else an activation)."""
        s = self._state
        if s.stage == "over":
            return GameOver(note=s.end_reason)
        if s.stage == "build":
            return SquadBuilding("imperial" if "imperial" not in s.ready else "rebel")
        if s.stage == "setup":
            return SettingUp(s.setup_side)
        if s.stage == "first":
            return FirstChoice(_set(s.initiative, "the initiative winner"))
        if s.attack is not None:
            if s.attack.stage == "rolled":
                a = s.fig(s.attack.attacker)
                return RerollChoice(a.side, actor=a.id, note="attack missed")
            t = s.fig(s.attack.target)
            note = "Lightsaber Deflect?" if s.attack.stage == "hit" else "Lightsaber Riposte?"
            return ReactionChoice(t.side, actor=t.id, note=note)
        if s.save is not None:
            f = s.fig(s.save.figure)
            return RerollChoice(f.side, actor=f.id, note="save failed")
        if s.turn is not None:
            mover = s.fig(s.turn.figure)
            if s.turn.path_left and self.targeting.opportunists(s):
                return OpportunityChoice(other(mover.side), actor=mover.id)
            return FigureTurn(mover.side, actor=mover.id)
        return Activation(_set(s.phase_side, "the side whose figures activate"))

    def apply(self, action: Action) -> list[Event]:
        """Validate and resolve one action; raises IllegalAction (state unchanged) if the rules forbid it."""
        decider = self._check(action).player
        before = len(self.dice.log)
        state, events = resolve(self._context(decider), self._state, action)
        self._commit(action, state, before)
        return events

    def _context(self, player: Side | None) -> Context:
        """What the rules are handed to carry out a decision of `player`, with the game's dice now."""
        return Context(self.setup, self.board, self.ab, self.targeting, self.squads, self.moves, self.dice, player)

    def is_legal(self, action: Action) -> bool:
        """Whether an action may be applied now; a move may follow any legal path, not only the listed one."""
        return self._why_not(action) is None

    def _why_not(self, action: Action) -> IllegalAction | None:
        try:
            self._check(action)
        except IllegalAction as e:
            return e
        return None

    def warning(self, action: Action) -> str:
        """What a player should know before a choice: a Hologram with no trooper near fades out when
        activated; a Force Grip whose damage Damage Reduction takes whole spends Force and the attack for
        nothing."""
        s = self._state
        if type(action) is ForcePower and action.power == "grip" and action.target and s.has_figure(action.target):
            fig, target = s.fig(action.figure), s.fig(action.target)
            if self.grip_damage(action) <= 0:
                return (f"Force Grip on {target.id} deals no damage (its Damage Reduction "
                        f"{self.ab.number(target, 'Damage Reduction')} takes all {GRIP_DAMAGE}), and spends 1 Force "
                        f"point and {fig.id}'s attack")
        if type(action) is Activate and s.has_figure(action.figure):
            fig = s.fig(action.figure)
            if self.ab.hologram(fig) and hologram_alone(self.ab, self.board, s, fig):
                return (f"{self.card(fig).name} fades out as soon as it is activated: no trooper ally within "
                        f"{HOLOGRAM_TROOPER_RANGE} squares")
        return ""

    def grip_damage(self, action: ForcePower) -> int:
        """The damage a Force Grip would deal now, after the target's Damage Reduction."""
        s = self._state
        fig, target = s.fig(action.figure), s.fig(action.target or "")
        adjacent = self.board.adjacent(s.open_doors, fig.rect(), target.rect())
        return self.ab.reduce_damage(target, GRIP_DAMAGE, fig, adjacent)[0]

    def objective(self) -> str:
        """How each side wins."""
        return (f"Defeat every enemy character. After {self.setup.tie_break_rounds} rounds in a row without damage, "
                f"attack rolls or forced saves, the side that defeated more points wins.")

    def squad_summary(self, side: str) -> tuple[list[tuple[str, int]], int, int]:
        """A squad being built: (card name and cost after Rapport for each card so far, points spent, the
        scenario's points)."""
        squad = self._state.squads[SIDES.index(side)]
        costs = self.squads.costs(squad)
        return [(self.setup.cards[c].name, n) for c, n in zip(squad, costs)], sum(costs), self.squads.points

    def attack_kept_after(self, cost: int) -> bool:
        """Whether the acting character may still attack after moving `cost` more squares now."""
        s = self._state
        if s.turn is None or s.turn.attacked:
            return False
        fig = s.fig(s.turn.figure)
        moved = replace(s, turn=replace(s.turn, moved_before=s.turn.moved_before + cost))
        return self.targeting.may_attack(moved, fig)

    def attack_move_limit(self) -> int:
        """The most squares the acting character may move now and still attack (-1: no attack is left)."""
        s = self._state
        if s.turn is None or s.turn.attacked:
            return -1
        best = -1
        for cost in range(self.targeting.allowance(s, s.fig(s.turn.figure)) + 1):  # may_attack only falls as cost grows
            if not self.attack_kept_after(cost):
                break
            best = cost
        return best

    def progress(self) -> str:
        """Where the game stands: squad building, set-up, or the round."""
        s = self._state
        return {"build": "squad building", "setup": "set-up"}.get(s.stage, f"round {s.round}")

    def observation(self, side: Side | None) -> "SkirmishObservation[SkirmishGame]":
        """What `side` may know now (the computer opponent sees nothing else); None: what both sides may
        know (a screen two players share)."""
        from hothsim.skirmish.observation import observe

        return observe(self.setup, self.board, self._state, side, deal)

    def revealed(self) -> frozenset[str]:
        """The secrets revealed so far: the squads, once both are built."""
        return frozenset({"squads"}) if self._state.stage not in ("build",) and self.setup.build_points else frozenset()

    def describe(self, figure_id: str) -> list[str]:
        """A figure's stat card as the game shows it: numbers now (with the modifiers in play and why),
        then its abilities, Force powers and commander effect in our own words."""
        s = self._state
        f = s.fig(figure_id)
        c = self.card(f)
        g = self.setup.glossary
        lines = [f"{c.name} ({f.side}, {self.squads.cost_of(s, f) if s.figures else c.cost} points)",
                 f"Hit points {f.hp}/{c.hp}   Defense {c.defense}   Attack {c.attack:+d}   Damage {c.damage}   "
                 f"Speed {c.speed}" + (f"   Force {f.force}" if c.force else "")]
        for stat in ("attack", "defense"):
            bonus = self.ab.commander_bonus(s, f, stat) if f.alive else None
            if bonus:
                lines.append(f"  {stat.title()} {bonus[1]:+d} while {bonus[0]}")
        if not self.setup.abilities:
            lines.append("No abilities, Force or commander effects in this scenario.")
            return lines
        words = (g or Glossary({}, {}, {}, {})).card_words(c)  # abilities, then what commanders grant, the rest
        lines += words[:len(c.abilities)]
        for e in self.ab.effects(s, f) if f.alive else []:
            if e.kind == "grant":
                lines.append(f"{e.ability} (from {e.commander}): {g.abilities.get(e.ability or '', '') if g else ''}")
        return lines + words[len(c.abilities):]

    def card_sheet(self, card_id: str) -> list[str]:
        """A stat card as printed, before any figure of it is in play (squad building): name, side and cost,
        its numbers, then its abilities, Force powers and commander effect in our own words."""
        c = self.setup.cards[card_id]
        lines = [f"{c.name} ({c.side}, {c.cost} points)",
                 f"Hit points {c.hp}   Defense {c.defense}   Attack {c.attack:+d}   Damage {c.damage}   "
                 f"Speed {c.speed}" + (f"   Force {c.force}" if c.force else "")]
        if not self.setup.abilities:
            return lines
        return lines + (self.setup.glossary or Glossary({}, {}, {}, {})).card_words(c)

    def move_plans(self) -> dict[Square, PlannedMove]:
        """For the acting character, every destination with its default path, its cost in squares and
        the enemies that path would give an attack of opportunity (empty when nobody acts)."""
        if self.pending.kind != "turn" or self._state.turn is None:
            return {}
        return self.moves.plans(self._state)[0]

    def path_preview(self, path: tuple[tuple[int, ...], ...]) -> tuple[int | None, frozenset[str], str]:
        """For an explicit path of the acting character: its cost in squares (None when a step is not
        allowed), the enemies it would give an attack of opportunity, and why it may not be taken ("" if
        it may)."""
        if self.pending.kind != "turn" or self._state.turn is None or not path:
            return None, frozenset(), "no move is being made"
        return self.moves.preview(self._state, path)

    def outlook(self, move: Move) -> Outlook:
        """What a move's destination holds for the acting character: its shots from there with their
        chances (none if the move leaves it no attack), and the enemies that could attack it there next."""
        s = self._state
        square = (move.destination[0], move.destination[1])
        plan = self.move_plans().get(square)
        attack_left = plan is not None and plan.cost <= self.attack_move_limit()
        return outlook(self.targeting, s, s.fig(move.figure), square, attack_left)

    def hit_chance(self, attack: Attack) -> int:
        """The chance in percent that this attack hits, counting every modifier now in play, cover, and
        the natural 1 (always a miss) and natural 20 (always a hit)."""
        s = self._state
        return self.targeting.chance_in(s, s.fig(attack.figure), s.fig(attack.target), len(attack.helpers))

    def covered(self, s: GameState, attacker: Figure, target: Figure) -> bool:
        """Cover of a target against an attacker: characters in between count, a Hologram does not."""
        return self.targeting.covered(s, attacker, target)

    def allowance(self, s: GameState, fig: Figure) -> int:
        """Squares the acting character may still move this turn (rulebook pp. 14-15 and the glossary)."""
        return self.targeting.allowance(s, fig)

    # ------------------------------------------------------------------ what is legal

    def _generate(self) -> list[Action]:
        s = self._state
        d = self.pending
        if d.kind == "over":
            return []
        if d.kind == "build":
            return self.squads.build_actions(s, d.decider)
        if d.kind == "place":
            return [Place(f.id, sq) for f in s.figures if passes(PLACING, s, f)
                    for sq in placements(self.setup.grid, self.setup.zones[f.side], s, f)]
        if d.kind == "first":
            return [First(side) for side in SIDES]
        if d.kind == "activate":
            return [Activate(f.id) for f in s.figures if passes(ACTIVATING, s, f)]
        if d.kind == "reroll":
            return [Reroll(d.acting), Keep(d.acting)]
        if d.kind == "reaction":
            word = "deflect" if s.attack is not None and s.attack.stage == "hit" else "riposte"
            return [ForcePower(d.acting, word), Decline(d.acting)]
        if d.kind == "opportunity":
            out: list[Action] = []
            for e in self.targeting.opportunists(s):
                out += [Opportunity(e.id, d.acting), Decline(e.id)]
            return out
        return turn_actions(self.moves, self.targeting, s)

    def set_up_at(self, positions: dict[str, Square]) -> tuple[str, str] | None:
        """Set every figure up where a scenario fixes it (anywhere it fits, not only in the zones), then
        begin round 1.  Returns (figure, problem) instead when a position cannot be used."""
        s = fixed_positions(self.setup.grid, self._state, positions)
        if isinstance(s, tuple):
            return s
        s = replace(s, setup_side=other(self.setup.setup_first))
        self._state = after_placement(self._context(None), s, [])
        self._legal = None
        self._pending = self._decide()
        return None

    # ------------------------------------------------------------------ checking an action

    def _check(self, action: Action) -> Decision:
        """The pending decision, once the action is found to answer it; else IllegalAction says why not."""
        d = self.pending
        if d.kind == "over":
            raise IllegalAction("victory", f"the game is over: {self._state.end_reason}")
        if not isinstance(action, _KINDS[d.kind]):
            who = d.player or "nobody"
            raise IllegalAction("turn order", f"{action.notation()!r} is not a choice now: {who} must {_ASK[d.kind]}")
        if isinstance(action, Move):
            self.moves.check(self._state, action)
            return d
        if self._legal is None and d.kind == "turn" and self._state.turn is not None:
            # Without the full list at hand, check against the choices other than moves.
            acting = self._state.fig(self._state.turn.figure)
            if action in turn_choices(self.targeting, self._state, acting):
                return d
        elif self._listed(action):
            return d
        raise IllegalAction(*reason_against(self.targeting, self.squads, self._state, d.player, action))

    def move_refusal(self, square: Square) -> IllegalAction | None:
        """Why the acting character may not end a move on a square now (None when a legal path takes it
        there): no movement left, the square cannot be ended on, or no path within the movement left."""
        if self.pending.kind != "turn" or self._state.turn is None:
            return IllegalAction("turn order", "no character is moving now")
        return self.moves.refusal(self._state, square)



def initial_state(setup: Setup, squads: dict[Side, list[str]], positions: dict[str, str]) -> GameState:
    """Figures off the map, ready for setup (or no figures yet, when squads are built in secret)."""
    if setup.build_points is not None:
        return GameState((), stage="build", setup_side=setup.setup_first)
    figures = []
    for side in SIDES:
        for fid, cid in figure_ids(squads[side], setup.cards):
            c = setup.cards[cid]
            figures.append(Figure(fid, cid, side, c.size, c.hp, c.force if setup.abilities else 0))
    return GameState(tuple(figures), setup_side=setup.setup_first)


def deal(setup: Setup, state: GameState, dice: Dice, board: Board) -> SkirmishGame:
    """A playable game of a setup and a state, its record only a header: the games a search imagines from
    an observation (`SkirmishObservation.determinize`)."""
    return SkirmishGame(setup, state, dice, board, GameRecord(new_header(setup)))


def _set(side: Side | None, what: str) -> Side:
    """A side the phase of play in the state has chosen (ValueError for a state that skips a step: play
    always sets it before the phase begins)."""
    if side is None:
        raise ValueError(f"the state names no side as {what}")
    return side
