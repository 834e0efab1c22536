"""How the computer plays a skirmish: the expert's candidates and rollouts, the evaluation and its words.

The evaluation counts what wins a skirmish: the points of every character still standing, weighed by the
hit points it has left (a defeated enemy's points are what the 10-round tie-breaker counts), and the Force
each side keeps, as a share of all the points on the map, bounded to (0, 1) by a logistic (a won game is
1, a lost one 0).  Line of sight, cover and the nearest-enemy rule come in through the expert
(hothsim.ai.expert.skirmish), which scores the candidates and plays the rollouts.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Callable, Sequence

from hothsim.ai.search import Choice
from hothsim.ai.expert.skirmish import SkirmishExpert, build_step, eyes_counter
from hothsim.ai.squad_book import book_step
from hothsim.ai.steps import Steps
from hothsim.ai.value import coefficients, position_value
from hothsim.ai.weights import Weights
from hothsim.kernel.engine import Side
from hothsim.kernel.squares import square_label
from hothsim.kernel.words import count
from hothsim.skirmish.actions import (
    ABILITY_WORDS,
    POWER_WORDS,
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
)
from hothsim.skirmish.game import SkirmishGame
from hothsim.skirmish.state import Figure, GameState
from hothsim.skirmish.victory import tie_break

#: The evaluation's features, in the order `SkirmishPolicy.features` gives them; each is weighed by the
#: weight `value_<name>`.
FEATURES = ("material", "ready_fire", "later_fire", "to_move", "tie_break", "activations")

#: The search's count of a skirmish's progress (`SkirmishPolicy.tempo`): the round, and the activations each
#: side (rebel, imperial) has done and has left in it.
Tempo = tuple[int, tuple[int, int], tuple[int, int]]

#: Decisions answered by the expert without search: nothing in them is left to chance worth sampling.
WITHOUT_SEARCH = ("build", "place", "first")


class SkirmishPolicy:
    """The skirmish's answers to the search (see hothsim.ai.search.Policy)."""

    def __init__(self, weights: Weights) -> None:
        self.weights = weights
        self.expert = SkirmishExpert(weights.skirmish)
        self.quick = SkirmishExpert(weights.skirmish, fast=True)

    def immediate(self, game: SkirmishGame, side: Side, rng: random.Random) -> Action | None:
        """Squad building (a book squad where one fits: hothsim.ai.squad_book), set-up and who goes first
        are answered without search (no dice are involved); set-up and who goes first are the expert's."""
        step = self._from_book(game, side, rng, self.weights.skirmish.squad_book)
        if step is not None:
            return step
        if game.pending.kind in WITHOUT_SEARCH:
            return self.expert.choose(game, rng)
        return None

    def play(self, game: SkirmishGame, rng: random.Random) -> Action:
        """The expert's own choice (the `expert` player): a squad drawn by cost, or built from the book where
        the weights say so (`expert_squad_book`)."""
        step = self._from_book(game, game.pending.decider, rng, self.weights.skirmish.expert_squad_book)
        return step if step is not None else self.expert.choose(game, rng)

    @staticmethod
    def _from_book(game: SkirmishGame, side: Side, rng: random.Random, on: bool) -> Action | None:
        """The book's next step of building where `on` and a squad is being built, else None."""
        return book_step(game, side, rng) if on and game.pending.kind == "build" else None

    def ranked(self, game: SkirmishGame) -> list[tuple[float, Action]]:
        """The expert's scores of every legal action, best first."""
        return self.expert.ranked(game)

    def ranked_steps(self, game: SkirmishGame) -> Steps[list[tuple[float, Action]]]:
        """`ranked` in parts (`SkirmishExpert.ranked_in_steps`: a figure's turn `STEP` choices at a time)."""
        return (yield from self.expert.ranked_in_steps(game))

    def hasty(self, game: SkirmishGame, rng: random.Random) -> Action:
        """The expert's quick rules' choice (a turn's squares looked at more briefly, no trial plays)."""
        return self.quick.choose(game, rng)

    def candidates(self, game: SkirmishGame, ranked: list[tuple[float, Action]], limit: int) -> list[Action]:
        """The expert's best few, with ending the turn always among them (so it is weighed, not assumed);
        in a skirmish of at most `candidate_apart_figures` figures, a move ending within the weights'
        `candidate_apart` squares of a better move's end is passed over, so that the race chooses between
        plans rather than neighbouring squares."""
        w = self.weights.skirmish
        apart = w.candidate_apart if len(game.state.figures) <= w.candidate_apart_figures else 0
        out: list[Action] = []
        for _, a in ranked:
            if len(out) >= limit:
                break
            if apart and type(a) is Move and any(type(b) is Move and _near(a, b, apart) for b in out):
                continue
            out.append(a)
        ends = [a for _, a in ranked if type(a) is EndTurn]
        if ends and ends[0] not in out:
            out[-1:] = ends[:1]
        return out

    def small_enough(self, game: SkirmishGame) -> bool:
        """Whether the skirmish holds at most `rollout_expert_figures` figures (both squads, as set up), or
        has at most `rollout_expert_living` left standing: small enough for the expert's own choice to play
        the rollouts."""
        w = self.weights.skirmish
        figures = game.state.figures
        return (len(figures) <= w.rollout_expert_figures
                or sum(f.alive for f in figures) <= w.rollout_expert_living)  # 0: never, a figure stands

    def rollout(self, game: SkirmishGame, rng: random.Random, side: Side) -> Action:
        """The expert's fast play, for whoever decides now (both sides, inside simulations of a decision of
        `side`); the expert's own play instead where the weights say so (`_rollout_expert`)."""
        return self._rollout_expert(game, side).choose(game, rng)

    def rollout_steps(self, game: SkirmishGame, rng: random.Random, side: Side,
                      acting: bool = False) -> Steps[Action]:
        """`rollout`, pausing between parts of a figure's turn where the expert's own choice weighs it
        (`SkirmishExpert.ranked_in_steps`); while the activation the decision began goes on (`acting`),
        its figure plays by the expert's own choice where the weights say so (`rollout_expert_acting`)."""
        return (yield from self._rollout_expert(game, side, acting).choose_in_steps(game, rng))

    def _rollout_expert(self, game: SkirmishGame, side: Side, acting: bool = False) -> SkirmishExpert:
        """Who plays a rollout's decision: the expert's quick rules, or its own choice where the weights
        say so: `rollout_expert` for both sides, `rollout_expert_us` for `side`'s decisions,
        `rollout_expert_them` for the other side's, in a game of at most `rollout_expert_figures` figures
        or with at most `rollout_expert_living` standing (in a bigger one the expert's own choice costs so
        much that a decision gets only a handful of samples); and `rollout_expert_acting` for `side`'s
        decisions while the activation the search decides goes on (`acting`), in a game of any size."""
        w = self.weights.skirmish
        if acting and w.rollout_expert_acting and game.pending.player == side:
            return self.expert
        if not self.small_enough(game):
            return self.quick
        full = w.rollout_expert
        if not full and (w.rollout_expert_us or w.rollout_expert_them):  # asked only then: a hot path
            full = w.rollout_expert_us if game.pending.player == side else w.rollout_expert_them
        return self.expert if full else self.quick

    def tempo(self, game: SkirmishGame) -> Tempo:
        """The round, the activations each side has done in it and the activations each has left in it
        (rebel, imperial): an ally that combines fire gives its activation up at once, so a combined attack
        and a lone one followed by the ally's own turn reach the same horizon; the figure acting now has
        not done its activation yet."""
        s = game.state
        acting = s.turn.figure if s.turn is not None else None
        done = [0, 0]
        left = [0, 0]
        for f in s.figures:
            i = 0 if f.side == "rebel" else 1
            if f.activated and f.id != acting:
                done[i] += 1
            elif f.alive:
                left[i] += 1
        return s.round, (done[0], done[1]), (left[0], left[1])

    def reached(self, start: Tempo, now: Tempo, side: Side, horizon: int, reply: bool) -> bool:
        """`horizon` activations played since the decision, and one of the other side's among them.  Across
        the end of a round every activation left at the start counts as played (a figure defeated before
        its turn too), so a decision that ends a round is followed into the next one until the enemy has
        answered."""
        (r0, done0, left0), (r1, done1, _) = start, now
        if r1 > r0 + 1:
            return True  # a whole round between: every figure of both sides has acted
        if r1 == r0:
            played = [done1[i] - done0[i] for i in (0, 1)]
        else:
            played = [left0[i] + done1[i] for i in (0, 1)]
        them = 1 if side == "rebel" else 0
        return sum(played) >= horizon and (not reply or played[them] > 0)

    def is_pass(self, action: Action) -> bool:
        """Ending the turn."""
        return type(action) is EndTurn

    def actor(self, game: SkirmishGame, side: Side) -> str | None:
        """The figure of `side` whose activation is under way, if any."""
        s = game.state
        return s.turn.figure if s.turn is not None and s.fig(s.turn.figure).side == side else None

    def exposure(self, game: SkirmishGame, figure: str) -> float | None:
        """The weights' `eyes_cost` for each enemy that can see `figure` once its activation is over (0 where
        it has fallen), shared among the enemies where they were more than `eyes_enemies` as set up; None
        while the activation goes on."""
        s = game.state
        if s.turn is not None and s.turn.figure == figure:
            return None
        w = self.weights.skirmish
        fig = s.fig(figure)
        if not fig.alive:
            return 0.0
        enemies = sum(1 for f in s.figures if f.side != fig.side)
        share = min(1.0, w.eyes_enemies / max(enemies, 1))
        return w.eyes_cost * share * enemies_seeing(game, s, fig)

    feature_names = FEATURES
    weights_group = "skirmish"  # where the evaluation's weights live in Weights

    @property
    def coefficients(self) -> tuple[float, ...]:
        """The evaluation's weight of each feature."""
        return coefficients(self.weights.skirmish, FEATURES)

    def in_play(self, game: SkirmishGame) -> bool:
        """Whether the rounds have begun and the game goes on (positions the evaluation is asked about)."""
        return game.state.stage == "round"

    def features(self, game: SkirmishGame, side: Side) -> tuple[float, ...]:
        """What the evaluation weighs, from `side`'s point of view (FEATURES names them; each is the
        other side's negated): the points standing and the fire ready, as shares of all the points on the
        map, who decides next, the tie-breaker's lean and the activations left this round."""
        s = game.state
        total = sum(game.card(f).cost for f in s.figures) or 1
        ready = later = 0.0
        ours = theirs = 0
        for f in s.living():
            fire = self.expert.fire(game, s, f) * (1 if f.side == side else -1)
            if f.activated:
                later += fire
            else:
                ready += fire
                ours, theirs = (ours + 1, theirs) if f.side == side else (ours, theirs + 1)
        player = game.pending.player
        to_move = 0.0 if player is None else (1.0 if player == side else -1.0)
        lean = 0.0
        if s.quiet_rounds:
            winner, _ = tie_break(s, game.setup.cards, game.setup.grid, game.board, game.squads.cost_of)
            verdict = 0.0 if winner is None else (1.0 if winner == side else -1.0)
            lean = verdict * min(1.0, s.quiet_rounds / max(1, game.setup.tie_break_rounds))
        living = max(1, ours + theirs)
        return (self.expert.standing(game, side) / total, ready / total, later / total, to_move, lean,
                (ours - theirs) / living)

    def evaluate(self, game: SkirmishGame, side: Side) -> float:
        """How likely `side` is to win from here: 1 won, 0 lost, else a logistic of the features weighed
        by the weights' `value_*` (fitted to how games between experts end: benchmarks/fit.py)."""
        s = game.state
        over = s.stage == "over"
        return position_value(over, s.winner, side, self.coefficients, () if over else self.features(game, side))

    # ------------------------------------------------------------------ words

    def explain(self, game: SkirmishGame, action: Action, outcomes: Sequence[Any]) -> str:
        """Why, in the game's terms: the odds of an attack, where a move leads."""
        s = game.state
        t = type(action)
        if isinstance(action, Attack):
            target = s.fig(action.target)
            chance = game.hit_chance(action)
            fall = self.expert.kill_share(game, s, s.fig(action.figure), target, action.helpers)
            line = f"{action.figure} attacks {target.id}: {chance}% to hit"
            if fall * 2 > chance / 100 and fall >= 0.25:
                line += f", {game.card(target).name} would fall"
            elif fall > 0:
                line += f", {game.card(target).name} falls {round(100 * fall)}% of the time"
            return line
        if isinstance(action, Move):
            return move_reason(game, action)
        if isinstance(action, EndTurn):
            return wait_reason(game, action)
        said = REASONS.get(t)
        return said(action) if said is not None else action.notation()


def stand_off_lost(game: SkirmishGame, side: Side) -> str:
    """Whether a round ended now, quiet as it has been, would let the stand-off rule decide the game against
    `side`: the tie-breaker's words when it would, else ""."""
    s = game.state
    if s.stage != "round" or s.noisy or s.quiet_rounds + 1 < game.setup.tie_break_rounds:
        return ""
    winner, why = tie_break(s, game.setup.cards, game.setup.grid, game.board, game.squads.cost_of)
    return why if winner != side else ""


def hint_guard(game: SkirmishGame, choice: Choice) -> Choice:
    """A hint never says to wait where the stand-off would then decide the game against the side deciding:
    it says to attack (the best chance), else to move where a shot opens (else nearest an enemy), and
    why.  Any other hint is kept as it is."""
    side = game.pending.player
    why = stand_off_lost(game, side) if side is not None and type(choice.action) is EndTurn else ""
    if not why:
        return choice
    warning = (f"ending this round without an attack would make {count(game.setup.tie_break_rounds, 'quiet round')} "
               f"in a row, and the stand-off rule would decide against you ({why})")
    legal = game.legal_actions()
    attacks = [a for a in legal if type(a) is Attack]
    if attacks:
        best = max(attacks, key=lambda a: (game.hit_chance(a), a.notation()))
        return Choice(best, f"{best.figure} attacks {best.target}: {game.hit_chance(best)}% to hit; {warning}")
    moves = [a for a in legal if type(a) is Move]
    if not moves:
        return replace(choice, reason=f"{choice.reason}; nothing can attack now, and {warning}")

    def promise(m: Move) -> tuple[int, int, str]:
        shots = game.outlook(m).shots
        near = nearest_enemy(game, game.state.fig(m.figure), (m.destination[0], m.destination[1]))
        return (max((c for _, c in shots), default=0), -(near[0] if near else 10_000), m.notation())
    best_move = max(moves, key=promise)
    return Choice(best_move, f"{move_reason(game, best_move)}; {warning}")


def wait_reason(game: SkirmishGame, end: EndTurn) -> str:
    """Why end the turn, in the game's terms: the attack already made, no enemy to attack, or a stand-off
    that an attack roll would break while it favours the side; and how exposed the figure stays."""
    s = game.state
    fig = s.fig(end.figure)
    if s.turn is not None and s.turn.attacked:
        why = "its attack is made"
    elif not any(type(a) is Attack for a in game.legal_actions()):
        why = "no enemy it could attack is in reach"
    elif s.quiet_rounds and not s.noisy and not stand_off_lost(game, fig.side):
        why = "an attack roll would end the quiet rounds that favour its side"
    else:
        why = "no attack here is worth what it would cost"
    seen = enemies_seeing(game, s, fig) if fig.pos is not None else 0
    where = square_label(fig.pos) if fig.pos is not None else "where it is"
    exposed = f"in sight of {count(seen, 'enemy', 'enemies')}" if seen else "out of every enemy's sight"
    return f"{fig.id} ends its turn: {why}; it stays at {where}, {exposed}"


def move_reason(game: SkirmishGame, move: Move) -> str:
    """Why a move, in the game's terms: the shot it gives from there, how many enemies could shoot the figure
    there (or that none could), and how far the nearest enemy then stands."""
    s = game.state
    fig = s.fig(move.figure)
    square = (move.destination[0], move.destination[1])
    where = square_label(square)  # as the map and the log write squares
    parts = []
    if game.pending.kind == "turn" and game.move_plans().get(square) is not None:
        look = game.outlook(move)
        if look.shots:
            target, chance = max(look.shots, key=lambda shot: (shot[1], shot[0]))
            parts.append(f"a shot at {target} from there ({chance}%)")
        parts.append(f"{count(len(look.threats), 'enemy', 'enemies')} could shoot it there" if look.threats
                     else "out of every enemy's shot")
    near = nearest_enemy(game, fig, square)
    if near is not None:
        reach, enemy = near
        parts.append(f"{count(reach, 'square')} of range from {enemy.id}")
    return f"{fig.id} moves to {where}" + (": " + ", ".join(parts) if parts else "")


#: The reasons of the decisions that need no look at the position, in words (never the bare notation).
REASONS: dict[type, Callable[[Any], str]] = {
    Activate: lambda a: f"{a.figure} acts next",
    EndTurn: lambda a: f"{a.figure} ends its turn",
    Recruit: lambda a: "a character joins the secret squad",
    Ready: lambda a: "the secret squad is ready",
    First: lambda a: f"{a.side} goes first",
    Place: lambda a: f"{a.figure} is set up at {square_label(a.square)}",
    ForceMove: lambda a: f"{a.figure} spends a Force point to move 2 squares more",
    ForcePower: lambda a: f"{a.figure} uses {POWER_WORDS.get(a.power, a.power)}" + (f" on {a.target}" if a.target
                                                                                    else ""),
    Heal: lambda a: f"{a.figure} heals {a.target}",
    Harpoon: lambda a: f"{a.figure} fires its harpoon gun at {a.target}",
    UseAbility: lambda a: f"{a.figure} uses {ABILITY_WORDS.get(a.ability, a.ability)} on {a.target}",
    Opportunity: lambda a: f"{a.figure} makes an attack of opportunity on {a.target}",
    Decline: lambda a: f"{a.figure} lets the attack of opportunity pass",
    Reroll: lambda a: f"{a.figure} spends a Force point to roll again",
    Keep: lambda a: f"{a.figure} keeps the roll",
}


def _near(a: Move, b: Move, apart: int) -> bool:
    """Whether two moves of a figure end within `apart` squares of each other (the larger gap)."""
    (ax, ay), (bx, by) = a.destination[:2], b.destination[:2]
    return max(abs(ax - bx), abs(ay - by)) <= apart


# ---------------------------------------------------------------------- words

def nearest_enemy(game: SkirmishGame, fig: Figure, pos: tuple[int, int] | None) -> tuple[int, Figure] | None:
    """The living enemy nearest a figure standing at `pos`, with its range as the rules count it (around walls
    and closed doors, as `near` counts it); None when no enemy stands or every one is sealed off."""
    if pos is None:
        return None
    s = game.state
    x, y = pos
    space = tuple((x + i, y + j) for j in range(fig.size) for i in range(fig.size))
    ranges = [(r, e.id, e) for e in s.living() if e.side != fig.side
              for r in [game.board.range_to(s.open_doors, space, e.space())] if r is not None]
    if not ranges:
        return None
    r, _, enemy = min(ranges, key=lambda t: (t[0], t[1]))
    return r, enemy


def enemies_seeing(game: SkirmishGame, s: GameState, fig: Figure) -> int:
    """How many living enemies could see `fig` where it stands (the issue's figure of enemies in sight,
    counted as the expert counts it: `eyes_counter`)."""
    return eyes_counter(game, s, fig.side)(fig)


def policy(weights: Weights) -> SkirmishPolicy:
    """The skirmish's policy with these weights."""
    return SkirmishPolicy(weights)


__all__ = ["SkirmishPolicy", "build_step", "enemies_seeing", "policy"]
