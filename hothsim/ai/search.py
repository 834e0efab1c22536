"""The computer opponent's search: a race between the expert's best candidates, with determinization.

For one decision of side S:

1. The game is seen through S's observation (`game.observation(S)`): nothing S may not know.
2. The game's policy answers at once where search adds nothing (building a squad, set-up), else its
   expert (hothsim.ai.expert) scores every legal action and the best few, per unit, are the candidates
   ("done" and "end the turn" always among them).  The scoring is the search's first steps; a decision
   whose time runs out before it is done plays the expert's quick rules' choice.
3. Each simulation deals a game consistent with the observation (`determinize`: hidden cards and Luke's
   Snowspeeder sampled, fresh dice), applies a candidate, then plays on with the expert's fast rules for
   both sides until the horizon (counted in activations or action rounds from the decision, the same for
   every candidate, so ending a turn is not looked at one activation deeper than acting), and scores the
   position with the policy's bounded evaluation (a win 1, a loss 0).  Every candidate meets the same
   samples (common random numbers), so two are compared sample by sample.  An action that turns on one
   roll with few results (an attack's d20, a fire's dice) is played once per result and the values
   weighed by their exact probabilities (hothsim.ai.chance).
4. The race: every few samples a candidate clearly behind the best (its paired difference more than
   `z` standard errors) is dropped.  The search ends when one is left (the choice is settled) or when the
   caller's deadline or the level's cap stops it; the best mean wins, and the expert's order breaks what
   the samples cannot tell apart.

The search plays one part of the root's ranking, or of a decision of a simulation, per `step()` so a
caller can show progress and answer keys between steps; it never reads a clock (the caller stops stepping
at its deadline and takes `choice()`, and a simulation cut short counts for nothing).  Everything random
comes from the seed, so a decision is a function of (observation, level, seed, steps taken).
"""

from __future__ import annotations

import hashlib
import math
import random
from dataclasses import dataclass, field, fields, replace
from typing import Any, Callable, ClassVar, Generator, Iterable, Protocol, Sequence, TypeVar

from hothsim.ai.chance import Branch, BranchDice, branches
from hothsim.ai.weights import Weights
from hothsim.kernel.dice import KeyedDice
from hothsim.kernel.engine import Side
from hothsim.kernel.engine import GameView, Observation


@dataclass(frozen=True)
class Level:
    """How the computer thinks: for how long, how many candidates, how far each looks, with which weights."""

    name: str
    think: float  # seconds a decision by default (`--think` overrides)
    simulations: int  # the most simulations a decision runs, however long it may think
    candidates: int  # in the race at first
    widen: int  # the most candidates raced in all: the next best join as others are dropped
    horizon: int  # activations (skirmish) or action rounds (Assault) a simulation plays from the decision
    rollout_limit: int  # the most decisions a rollout plays before it is scored
    first_samples: int = 6  # samples each candidate gets before any is dropped (a 1-in-5 shot needs a few)
    z: float = 2.0  # standard errors behind the best at which a candidate is dropped
    reply: bool = True  # play on past the horizon until the other side has acted once: its answer is seen
    #: Standard errors by which the samples must put a candidate ahead of one the expert ranks higher: at
    #: 1, one candidate in six would overrule the expert on noise alone (an attack played out exactly
    #: against a move whose shot is sampled in the rollout); 2 won 88 of 140 games where 1 won 87; 4 won
    #: 65 of 96 where 2 won 60 (salvage, echo-base and quick-start at 0.5 s, docs/lab/ai-notebook.md).  `normal` races
    #: three candidates at 2: with rollouts played by the expert itself a sample costs five
    #: of the quick rules', and 4 standard errors were then seldom reached (docs/lab/ai-notebook.md).
    trust: float = 4.0
    #: The same where the samples would put ending the turn (or the round) ahead of an action the expert
    #: ranks higher (waiting looks right once in a rollout whose own side acts next time, and the search
    #: would wait again next time): kept apart to measure the stand-off; as `trust` as shipped.
    trust_pass: float = 4.0
    #: At the other side's first decision in a simulation, play on from each of its expert's best this
    #: many answers (with the same dice) and keep the worst for the deciding side: the enemy's best reply
    #: weighed, not one reply of its quick rules (0 or 1: no branching).
    replies: int = 0
    #: At the deciding side's own first decision after the other side has acted in a simulation, play on
    #: from each of its expert's best this many choices (with the same dice) and keep the best: the side's
    #: next turn weighed as a search would choose it, not as its expert's first choice (0 or 1: no branching).
    #: `hard` with 2 won salvage no more often against `normal` (docs/lab/ai-notebook.md): a knob.
    follow_ups: int = 0
    #: The simulations' dice keyed by each roll's purpose (hothsim.kernel.dice.KeyedDice), so that the
    #: candidates' samples meet the same roll for the same attack: the race's paired differences are far
    #: tighter, but it then overrules the expert on smaller leads, and it played no stronger (docs/lab/ai-notebook.md:
    #: head to head in skirmish the plain stream won 16 of 24), so it is a knob (`--level keyed=1`).
    keyed: bool = False
    #: The fewest paired samples on which one candidate may count as behind another (dropped from the
    #: race, or overruled where the expert ranks it higher): with two to four, a standard error is itself
    #: a guess, and rollouts in which the dice decide nothing give equal differences and a standard error
    #: of nothing.
    least: int = 2
    #: The least lead, in win probability, that counts as a lead at all: below it the evaluation's own
    #: error is larger than the difference it reports.  `hard` takes 0.01: with three times `normal`'s
    #: samples it reached two standard errors on smaller leads and overruled its expert on them, and lost
    #: salvage (87 of 192 against `normal`); at 0.01 it won 37 of 72 there, quick-start 32 of 48, the
    #: skirmish 16 of 24 (docs/lab/ai-notebook.md).
    margin: float = 0.002
    #: How far a simulation's cost of standing (`Policy.exposure`) shrinks as its value nears a decided
    #: game: the cost times 1 - stake + stake * 4v(1 - v), so at 1 a simulation already won or lost pays
    #: nothing for the eyes on its figure and one in the balance pays it whole.  At 1 the cost
    #: counts in the skirmish scenario too: its Empire was seen by 0.80 enemies (1.12 without the cost)
    #: winning 42 of 72, and its Rebels won 32 of 36, where the whole cost had left them 28.
    stake: float = 1.0
    weights: Weights = field(default_factory=Weights)

    def changed(self, text: str) -> "Level":
        """This level with fields changed, written `candidates=4,trust=2` (for the benchmarks); a
        ValueError names a field that does not exist or a value that is not a number."""
        out = self
        numeric = {f.name: f.type for f in fields(Level) if f.name not in ("name", "weights")}
        for part in filter(None, (p.strip() for p in text.split(","))):
            key, _, value = (s.strip() for s in part.partition("="))
            if key not in numeric:
                raise ValueError(f"{part!r}: a level has no {key!r} (it has {', '.join(numeric)})")
            readers: dict[str, Callable[[str], Any]] = {  # a value of the field's own type
                "int": lambda v: int(float(v)), "float": float, "bool": lambda v: bool(float(v))}
            kind = readers[str(numeric[key])]
            try:
                out = replace(out, **{key: kind(value)})
            except ValueError:
                raise ValueError(f"{part!r}: {value!r} is not a number") from None
        return out


LEVELS: dict[str, Level] = {level.name: level for level in (
    Level("easy", think=0.3, simulations=24, candidates=3, widen=3, horizon=1, rollout_limit=20, reply=False),
    Level("normal", think=1.0, simulations=5000, candidates=3, widen=4, horizon=2, rollout_limit=60,
          first_samples=4, trust=2.0, trust_pass=2.0),
    # `hard` is `normal`'s race with three times the time, a longer horizon and two more to widen
    # into: eight candidates at `trust` 4 seldom left the expert's choice once rollouts were the expert's.
    # Its least lead is five times `normal`'s (`margin` above).
    Level("hard", think=3.0, simulations=20000, candidates=4, widen=6, horizon=3, rollout_limit=100,
          first_samples=4, trust=2.0, trust_pass=2.0, margin=0.01),
)}


GameT = TypeVar("GameT", contravariant=True)  # the game a policy plays (SkirmishGame, AssaultGame)
ActionT = TypeVar("ActionT")  # its actions
T = TypeVar("T")  # what a piece of work done in parts returns
TempoT = TypeVar("TempoT")  # how it counts the game's progress


class Policy(Protocol[GameT, ActionT, TempoT]):
    """What the search needs of a game: its expert's scores and candidates, fast rollouts, evaluation, words.
    Each game's policy is typed by its game, its actions and its tempo; the search itself, which serves
    both games, holds them as `Policy[Any, Any, Any]`."""

    def immediate(self, game: GameT, side: Side, rng: random.Random) -> ActionT | None:
        """An action chosen without search (squad building, set-up), or None to search."""
        ...

    def play(self, game: GameT, rng: random.Random) -> ActionT:
        """The expert's own choice, without search."""
        ...

    def ranked(self, game: GameT) -> list[tuple[float, ActionT]]:
        """Every legal action with the expert's score, best first."""
        ...

    def ranked_steps(self, game: GameT) -> Generator[int, None, list[tuple[float, ActionT]]]:
        """`ranked` worked out in parts: before each part it yields how many choices that part weighs (for
        `Pace`), and it returns the ranking."""
        ...

    def hasty(self, game: GameT, rng: random.Random) -> ActionT:
        """The expert's quick rules' choice: a decision's answer where its time ran out before the expert
        had ranked its choices."""
        ...

    def candidates(self, game: GameT, ranked: list[tuple[float, ActionT]], limit: int) -> list[ActionT]:
        """At most `limit` of the ranked actions of `game`'s decision worth searching, best first."""
        ...

    def rollout(self, game: GameT, rng: random.Random, side: Side) -> ActionT:
        """A quick, sensible action for whoever decides now (both sides, inside simulations of a decision of
        `side`)."""
        ...

    def rollout_steps(self, game: GameT, rng: random.Random, side: Side,
                      acting: bool = False) -> Generator[int, None, ActionT]:
        """`rollout` worked out in parts: before each part (the first before any work) it yields how many
        choices that part weighs (for `Pace`), and it returns the action; `acting` while the activation
        the decision began (the watched figure's) goes on."""
        ...

    def tempo(self, game: GameT) -> TempoT:
        """How far the game has gone (activations, action rounds), for `reached`."""
        ...

    def reached(self, start: TempoT, now: TempoT, side: Side, horizon: int, reply: bool) -> bool:
        """Whether a rollout from a decision of `side` at tempo `start` has gone `horizon` activations or
        action rounds, and (with `reply`) the other side has acted since."""
        ...

    def evaluate(self, game: GameT, side: Side) -> float:
        """How good the position is for `side`, in [0, 1] (a won game 1, a lost one 0)."""
        ...

    def explain(self, game: GameT, action: ActionT, outcomes: Sequence[Any]) -> str:
        """A one-line reason in the game's own terms; `outcomes` are states just after the action."""
        ...

    def is_pass(self, action: ActionT) -> bool:
        """Whether an action ends the turn or the round without doing anything more."""
        ...

    def actor(self, game: GameT, side: Side) -> str | None:
        """The figure of `side` whose activation is under way, if any (None in a game without them)."""
        ...

    def exposure(self, game: GameT, figure: str) -> float | None:
        """What `figure`'s standing costs its side, as a share of a win, once its activation is over (the
        enemies that can see it, weighed); None while the activation goes on."""
        ...


@dataclass(frozen=True)
class Choice:
    """A decision of the computer's: the action, a reason for the log, and what the search saw."""

    action: Any
    reason: str
    value: float = 0.0
    simulations: int = 0
    #: Whether the time ran out before the expert had weighed the choices, so that its quick rules
    #: answered (a busy machine, or a think time too short for the position): the log says so.
    hasty: bool = False


class Steppable(Protocol):
    """A decision being made a step at a time (`Thinking`, or `Instant` for one made at once)."""

    @property
    def upcoming(self) -> int:
        """Choices the next step weighs (0: not known)."""
        ...

    @property
    def ranking(self) -> bool:
        """Whether the steps are still ranking the decision's choices (the search's root)."""
        ...

    def step(self) -> bool:
        """Take one step; False once there is nothing left to do."""
        ...

    def choice(self) -> Any:
        """The choice made (the best so far, while steps are left)."""
        ...


@dataclass
class Pace:
    """When a caller stops stepping a search, from its own clock's readings (the search reads none).

    It stops once `think` seconds have passed since `start`, and also sooner where the next step would
    likely end past `think + grace`: each step is a part of the expert's ranking of the decision's
    choices, or one of the expert's decisions in a rollout, or a part of one (a figure's turn is weighed
    `STEP` choices at a time), and where those are slow the last step would otherwise carry
    the decision that much past its time.  The next step is foreseen as long as the longest so far, or
    longer where it weighs more choices than those did (the most time a step has taken per choice, times
    the choices open at the next: a Snowspeeder's hundreds of squares after a trooper's few).  While the
    expert is still ranking the choices (without which the search has nothing to race) the steps go on
    into the grace; a decision whose ranking does not fit even so answers with the quick rules' choice
    (`Thinking.choice`)."""

    think: float
    start: float
    grace: float = 0.1
    last: float | None = None
    longest: float = 0.0
    #: Seconds a step has taken per choice open at it (the most seen, over steps with at least `MANY`
    #: choices, where weighing the choices is most of a step), and the choices open at the step under way.
    per_choice: float = 0.0
    choices: int = 0
    #: A budget of steps in place of the time (hints: the same answer however fast the machine or busy its
    #: other work); `think` is then only a ceiling, far above what the steps take, for a very slow machine.
    steps: int | None = None
    taken: int = 0

    MANY: ClassVar[int] = 30

    def more(self, now: float, upcoming: int = 0, ranking: bool = False) -> bool:
        """Whether to take another step, the clock reading `now` (read just before asking); `upcoming` is
        how many choices the next step weighs (`Thinking.upcoming`, 0 if not known), so that a step
        weighing hundreds of squares after steps weighing a few is foreseen; `ranking`, whether the step
        goes on ranking the decision's choices (then only the grace's end stops it)."""
        if self.last is not None:
            took = now - self.last
            self.longest = max(self.longest, took)
            if self.choices >= self.MANY:
                self.per_choice = max(self.per_choice, took / self.choices)
        self.last, self.choices = now, upcoming
        spent = now - self.start
        if self.steps is not None:
            self.taken += 1
            return self.taken <= self.steps and spent < self.think
        ahead = max(self.longest, self.per_choice * upcoming)
        return (ranking or spent < self.think) and spent + ahead <= self.think + self.grace

    def step(self, thinking: "Steppable", now: float) -> bool:
        """Step a search (`Thinking`, or a decision made at once) if there is time for its next step, the
        clock reading `now`; False once the time is up or the search has nothing left to do.  Callers loop
        on it, answering keys or showing progress between steps, and read `start` before the search is
        made, so that dealing its root counts in its time."""
        return self.more(now, thinking.upcoming, thinking.ranking) and thinking.step()


#: What a decision answered by the quick rules adds to its reason.
HASTE = "in haste: the time ran out before it had weighed its choices"


def derive_seed(*parts: object) -> int:
    """A 64-bit seed from any parts (stable across runs and machines, unlike hash())."""
    digest = hashlib.sha256(repr(parts).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big")


def expert_rng(seed: int) -> random.Random:
    """The random numbers the expert decides with at a decision's seed: the `expert` player's, and the
    search's where it answers without search (a skirmish squad, set-up), so that on one seed the two build
    the same squad and a game of the search against the expert pairs with the expert's own game."""
    return random.Random(derive_seed(seed, "expert"))


@dataclass
class _Stats:
    values: dict[int, float] = field(default_factory=dict)  # by sample number: every candidate meets the same
    outcomes: list[Any] = field(default_factory=list)  # states just after the action, of the game's kind

    @property
    def mean(self) -> float:
        return sum(self.values.values()) / len(self.values) if self.values else float("-inf")


class Thinking:
    """One decision being searched; `step()` plays one part of a decision of a simulation, `choice()` is the
    best so far."""

    def __init__(self, observation: Observation, policy: Policy[Any, Any, Any], level: Level, seed: int) -> None:
        if observation.side is None:
            raise ValueError("the search decides for a side: an observation of both sides has none to decide for")
        self.side: Side = observation.side
        self.observation = observation
        self.policy = policy
        self.level = level
        self.seed = seed
        self.done = 0
        self.upcoming = 0  # the choices open at the decision the next step plays (0: not known), for `Pace`
        root = observation.determinize(derive_seed(seed, "root"))
        self._root = root
        legal = root.legal_actions()
        instant = policy.immediate(root, self.side, expert_rng(seed))
        self._alive: list[Any] = []  # the candidates in the race
        self._reserve: list[Any] = []  # candidates that join the race as others are dropped, best first
        self.planned = 0
        # The expert's ranking of the root's choices, worked out by the first steps (a Vader turn with a
        # Force move weighs some 250 choices, up to 0.7 s), and the quick rules' choice where it is not done.
        self._ranking: Generator[int, None, list[tuple[float, Any]]] | None = None
        self._hasty: Any = None
        if instant is not None or len(legal) == 1:
            self._alive = [instant if instant is not None else legal[0]]
        else:
            self._ranking = policy.ranked_steps(root)
        self._prior: list[Any] = list(self._alive)  # the expert's order
        self._branches: dict[Any, list[Branch] | None] = {}
        self._start = policy.tempo(root)
        self._stats: dict[Any, _Stats] = {a: _Stats() for a in self._prior}
        self._queue: list[tuple[Any, int, int]] = []  # (candidate, sample, branch), next last
        self._partial: dict[tuple[Any, int], tuple[float, Any]] = {}  # a sample's branches played so far
        self._sample = 0  # samples dealt so far to every candidate still in the running
        self._check = level.first_samples  # the race is looked at when every candidate has this many
        # The simulation under way (its candidate, sample, branch and the generator playing it), if any.
        self._running: tuple[Any, int, int, Generator[None, None, tuple[float, Any]]] | None = None

    @property
    def ranking(self) -> bool:
        """Whether the steps are still ranking the root's choices (the race has not begun)."""
        return self._ranking is not None

    def _rank_step(self) -> bool:
        """One part of the expert's ranking of the root; once it is done, the race is set: the expert's
        best few as candidates, the next best in reserve."""
        assert self._ranking is not None
        try:
            self.upcoming = next(self._ranking)
            return True
        except StopIteration as finished:
            ranked = finished.value
        self._ranking, self.upcoming = None, 0
        level, policy, root = self.level, self.policy, self._root
        self._alive = policy.candidates(root, ranked, level.candidates)
        self._reserve = [a for a in policy.candidates(root, ranked, level.widen) if a not in self._alive]
        self.planned = level.simulations if len(self._alive) > 1 else 0
        self._prior = self._alive + self._reserve
        self._branches = {}  # worked out a candidate a step, before its first simulation
        self._stats = {a: _Stats() for a in self._prior}
        return not self.settled

    @property
    def progress(self) -> tuple[int, int]:
        """(simulations done, the most it would run)."""
        return self.done, self.planned

    @property
    def candidates(self) -> tuple[Any, ...]:
        """The candidates still in the race, in the expert's order (the root's ranking finished first, where
        the steps have not yet done so)."""
        while self._ranking is not None:
            self._rank_step()
        return tuple(a for a in self._prior if a in self._alive)

    @property
    def settled(self) -> bool:
        """Whether the choice is made: one candidate left with none to challenge it, or the level's cap
        reached (never while the root is being ranked)."""
        if self._ranking is not None:
            return False
        return self.done >= self.planned or (len(self._alive) < 2 and not self._reserve)

    def step(self) -> bool:
        """Play one decision of a rollout, or one part of it (`Policy.rollout_steps`), or start or finish a
        simulation, or one branch of a simulation whose action turns on a roll, so that a caller watching
        the clock is never kept waiting longer than one part of the expert's decisions; False once the
        search has nothing left to do."""
        if self._ranking is not None:
            return self._rank_step()
        if self._running is None:
            if self.settled:
                return False
            if not self._queue:
                if self._sample >= self._check:
                    self._race()
                    if self.settled:
                        return False
                # Trying each result of a candidate's first roll is a step of its own (a fire of eight dice
                # has 45 results to try).
                missing = next((a for a in self._alive if a not in self._branches), None)
                if missing is not None:
                    self._branches[missing] = branches(self._root, missing)
                    return True
                # A simulation plays one branch of one sample, and a step one decision of it.
                planned = [(a, self._sample, b) for a in self._alive for b in range(self._branch_count(a))]
                self._queue = planned[::-1]
                self._sample += 1
            action, sample, branch = self._queue.pop()
            self._running = (action, sample, branch, self._simulate(action, sample, branch))
        action, sample, branch, simulation = self._running
        try:
            next(simulation)
            return True
        except StopIteration as finished:
            value, outcome = finished.value
        self._running, self.upcoming = None, 0
        if branch > 0:
            before, outcome = self._partial.pop((action, sample))
            value += before
        if branch + 1 < self._branch_count(action):
            self._partial[(action, sample)] = (value, outcome)
            return True
        st = self._stats[action]
        st.values[sample] = value
        st.outcomes.append(outcome)
        self.done += 1
        return not self.settled

    def _race(self) -> None:
        """Drop the candidates clearly behind the best, sample by sample; when one is left, the next best
        of the expert's joins it (widening as time allows)."""
        best = self._best()
        self._alive = [a for a in self._alive if a == best or not self._behind(a, best, self.level.z)]
        self._check = self._sample + max(2, self._sample // 2)
        if len(self._alive) < 2 and self._reserve:
            self._alive.append(self._reserve.pop(0))
            self._check = self._sample + self.level.first_samples

    def _behind(self, a: Any, best: Any, z: float) -> bool:
        """Whether `a` is more than `z` standard errors behind `best` over the samples both have."""
        d = self.difference(best, a)
        return d is not None and d[2] >= self.level.least and d[0] > self.level.margin and d[0] > z * d[1]

    def difference(self, a: Any, b: Any) -> tuple[float, float, int] | None:
        """How far candidate `a` is ahead of `b` over the samples both have: the mean paired difference,
        its standard error and the number of samples (None with fewer than two)."""
        va, vb = self._stats[a].values, self._stats[b].values
        diffs = [va[i] - vb[i] for i in vb if i in va]
        n = len(diffs)
        if n < 2:
            return None
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return mean, math.sqrt(var / n), n

    def _best(self) -> Any:
        """The best mean; a candidate the expert ranks higher keeps the lead unless the samples show it
        behind (by the level's `trust` in standard errors), so noise alone never overrules the expert."""
        top = max(self._alive, key=lambda a: (self._stats[a].mean, -self._prior.index(a)))
        waits = self.policy.is_pass(top)
        for a in self._prior:
            if a == top:
                break
            trust = self.level.trust_pass if waits and not self.policy.is_pass(a) else self.level.trust
            if a in self._alive and self._stats[a].values and not self._behind(a, top, trust):
                return a
        return top

    def _branch_count(self, action: Any) -> int:
        """How many results of its deciding roll an action is played for (1 when it is sampled)."""
        return len(self._branches.get(action) or (None,))

    def _simulate(self, action: Any, sample: int, branch_index: int) -> Generator[None, None, tuple[float, Any]]:
        """Deal a game for this sample, apply the action, play on to the horizon, score it, pausing
        (yielding) before each decision of the rollout; it returns the value weighed by the probability of
        the branch played (an action that turns on one roll is played once for each of its results), and
        the state just after the action."""
        branches: Sequence[Branch | None] = self._branches.get(action) or (None,)
        branch = branches[branch_index]
        game = self.observation.determinize(derive_seed(self.seed, "sample", sample))
        dice = derive_seed(self.seed, "dice", sample)
        keyed = self.level.keyed
        game.dice = KeyedDice(dice, keyed) if branch is None else BranchDice(dice, branch, keyed)
        rng = random.Random(derive_seed(self.seed, "rollout", sample))
        watched = self.policy.actor(game, self.side)
        game.apply(action)
        # The figure deciding now, or the one the action has just activated.
        watched = self.policy.actor(game, self.side) or watched
        outcome = game.state
        weight = 1.0 if branch is None else branch.probability
        value = yield from self._play_out(game, rng, self.level.rollout_limit, self.level.replies,
                                          self.level.follow_ups, watched)
        return weight * value, outcome

    def _play_out(self, game: GameView, rng: random.Random, limit: int, replies: int,
                  follow_ups: int = 0, watched: str | None = None) -> Generator[None, None, float]:
        """Play a simulation on to the horizon (at most `limit` decisions), pausing before each, and
        return its score; with `replies` above 1, the other side's first decision is played each of its
        expert's best `replies` ways, from the same dice and rollout seed, and the worst result for the
        deciding side is kept; with `follow_ups` above 1, the deciding side's first decision after the
        other side has acted is played each of its expert's best ways, and the best result kept.  Where
        the `watched` figure's activation ends, the policy's `exposure` of it there is taken off."""
        answered = False
        cost = None
        value = None
        for n in range(limit):
            if watched is not None and cost is None:
                cost = self.policy.exposure(game, watched)
            if game.is_over or self.policy.reached(self._start, self.policy.tempo(game), self.side,
                                                   self.level.horizon, self.level.reply):
                break
            ours = game.pending.player == self.side
            answered = answered or not ours
            if replies > 1 and not ours:
                value = yield from self._branched(game, rng, limit - n - 1, replies, min,
                                                  watched if cost is None else None)
                if value is not None:
                    break
                replies = 0
            if follow_ups > 1 and ours and answered:
                value = yield from self._branched(game, rng, limit - n - 1, follow_ups, max,
                                                  watched if cost is None else None)
                if value is not None:
                    break
                follow_ups = 0
            # The rollout's decision, a part a step (a figure's hundreds of squares in parts).
            acting = watched is not None and cost is None
            game.apply((yield from self._in_parts(self.policy.rollout_steps(game, rng, self.side, acting))))
        if watched is not None and cost is None:
            cost = self.policy.exposure(game, watched)
        if value is None:
            value = self.policy.evaluate(game, self.side)
        stake = self.level.stake
        return max(0.0, value - (cost or 0.0) * (1.0 - stake + stake * 4.0 * value * (1.0 - value)))

    def _in_parts(self, parts: Generator[int, None, T]) -> Generator[None, None, T]:
        """Work `parts` out a part a step, noting before each how many choices it weighs (`upcoming`, for
        `Pace`), and return what it returns."""
        while True:
            try:
                self.upcoming = next(parts)
            except StopIteration as done:
                result: T = done.value  # what the generator returned, of its declared type
                return result
            yield

    def _branched(self, game: GameView, rng: random.Random, limit: int, width: int,
                  keep: Callable[[Iterable[float]], float],
                  watched: str | None = None) -> Generator[None, None, float | None]:
        """The decision now played each of its expert's best `width` ways from the same dice and rollout
        seed, each played on to the horizon, and the result `keep` picks (the worst for the enemy's
        answers, the best for the side's own next turn); None where the expert sees one way only.  A
        `watched` figure's activation not yet over is weighed in each way."""
        ways = [a for _, a in (yield from self._in_parts(self.policy.ranked_steps(game)))[:width]]
        if len(ways) < 2:
            return None
        state = rng.getstate()
        results = []
        for way in ways:
            trial = game.clone()
            trial.apply(way)
            rng.setstate(state)
            results.append((yield from self._play_out(trial, rng, limit, 0, 0, watched)))
        return keep(results)

    def choice(self) -> Choice:
        """The best action found so far, with its reason: the quick rules' choice where the time ran out
        before the expert had ranked the choices."""
        if self._ranking is not None:
            if self._hasty is None:
                self._hasty = self.policy.hasty(self._root, random.Random(derive_seed(self.seed, "hasty")))
            reason = self.policy.explain(self._root, self._hasty, ())
            return Choice(self._hasty, f"{reason} ({HASTE})", hasty=True)
        best = self._best() if self.done else self._alive[0]
        st = self._stats[best]
        reason = self.policy.explain(self._root, best, st.outcomes)
        return Choice(best, reason, st.mean if st.values else 0.0, self.done)
