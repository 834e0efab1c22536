"""The computer's weights: every number its judgement rests on, in one value a level carries.

`python -m benchmarks ai --weights NAME=VALUE,...` plays a changed set against the shipped one without an
edit; docs/ai.md says what each weighs and why it has its value.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace


@dataclass(frozen=True)
class SkirmishWeights:
    """What a skirmish position and a figure's options are worth, in squad points."""

    standing_share: float = 0.4  # a standing character keeps this share of its points however hurt it is
    kill_bonus: float = 0.3  # more of a target's points for defeating it: one enemy fewer to shoot back
    exposure: float = 0.5  # per point of the enemies' expected fire at the square a figure ends on
    #: An enemy with a ranged attack that cannot see a figure now but could move into sight of it (a few
    #: squares it could walk to within its speed, out along the eight directions) and shoot at its next
    #: activation: this share of its fire.  At 0.5 (with `draw_pressure` at 0.5, without which two such
    #: experts hide to a draw) the expert beats the one without it in 72% of salvage games, and the search
    #: built on it is level with the search built on that one (72 of 144 games head to head) and harder
    #: for a careful player to beat (docs/lab/ai-notebook.md).
    stepping_fire: float = 0.5
    #: The enemies' expected fire where a figure stands after a Force power, an ability or Heal, counted as
    #: after an attack (1); 0 (as it was before): not counted, so that healing beside Vader looked better
    #: than shooting him and stepping away.
    power_exposure: float = 1.0
    #: An enemy's second attack at its next activation (Twin Attack; Double Attack where it need not move
    #: to attack): this share of it counted in the fire a figure would meet.  At 1, the expert standing
    #: beside Vader counts both of his blows; against the expert at 0 it won 102 of 200 games (four
    #: scenarios, both sides, docs/lab/ai-notebook.md): level, so it ships at 0, one attack each.
    repeat_fire: float = 0.0
    #: A Force move scored by the turn's best choice once it is spent (1), rather than by the points it
    #: changes alone (0), which put it ahead of every move wherever the enemy stood far off.
    force_move_ahead: float = 1.0
    #: Squares a melee enemy with a Force point left may add to its reach when the fire a figure would meet
    #: is counted: the Force move's two.  At 0 (its speed alone, as before) Han stopped eight squares
    #: from Vader as if out of his reach, and Vader spent a point and struck him.  The expert with it won
    #: 168 of 320 games against the expert without, 2 drawn (quick-start, skirmish, salvage, echo-base;
    #: seeds 0-39 each side; 159 is level), and no scenario fewer (docs/lab/ai-notebook.md).
    force_reach: int = 2
    #: The share of a ranged hit's worth that a target with Lightsaber Deflect and a Force point takes away
    #: by its save (11 or better on a d20: half the time), counted in the worth of an attack on it and of
    #: an enemy's fire at it.  0: not counted.  At 1 the expert won 40 of 80 quick-start games against the
    #: expert without it and 22 of 40 echo-base games as the Rebels (23 without: level), and shot when it
    #: could less often (89% of its quick-start Rebels' activations, 97% without): a knob.
    deflected: float = 0.0
    acted_enemy: float = 0.5  # an enemy that has acted this round shoots only next round: its fire weighs less
    approach: float = 0.3  # per square a figure with no shot stands beyond its reach of the nearest enemy
    ranged_reach: int = 6  # squares within which a ranged figure fights well
    force_point: float = 2.0  # an unspent Force point
    helper_activation: float = 0.2  # an ally's activation, spent when it combines fire, beyond its own shot
    shortlist: int = 10  # destinations whose exposure is worked out (the best by their shot or approach)
    fast_shortlist: int = 3  # the same in rollouts
    #: Once no attack is left, the destinations beyond the shortlist whose exposure is worked out too: those
    #: the fewest enemies see (the best-ranked first).  With no attack left the shortlist holds the squares
    #: nearest the enemy, so a figure that had shot and could still move walked on into the open and never
    #: weighed the cover a few squares back.  At 5 the search won as many games as without it: quick-start's
    #: Rebels 16 of 32 on the same seeds, the skirmish 53 of 72 (55 before; docs/lab/ai-notebook.md).
    #: The `expert` player, the figures' baseline, keeps 0 (`baseline`).
    hidden_shortlist: int = 5
    #: Squares (those the fewest enemies see, within the move left after an attack) weighed as where a
    #: figure that attacks before it moves may step back to: the attack's exposure is the least of staying
    #: and stepping back there.  0: an attack is weighed where the figure stands.  Alone, at 4, the
    #: search's skirmish Empire won 25 of 36 where it had won 21; with `sighted` it gives the
    #: figure that shoots somewhere to hide afterwards (docs/lab/ai-notebook.md).
    retreat: int = 4
    #: Points per enemy that could see the square a figure ends on (sight alone, as the issue's figure
    #: counts it), beyond the fire `exposure` weighs there: an enemy that sees a figure it cannot hurt yet
    #: (Vader far off) still knows where it stands and chooses its target by it.  At 1.5 with `retreat`
    #: at 4 the search's figures were seen by 0.37-0.79 enemies in salvage, quick-start and the skirmish's
    #: Rebels (0.52-1.07 before) and it won the skirmish's 72 games 57 times (53), quick-start's 64 games
    #: 39 times (43): docs/lab/ai-notebook.md.  The `expert` player keeps 0 (`baseline`).
    sighted: float = 1.5
    #: A melee enemy's expected blow at a figure within its reach, times this, in the fire the figure would
    #: meet.  A melee figure that walks up and strikes stays beside its target: next round the target must
    #: take an attack of opportunity to leave or meet a Double Attack, so the blow costs more than one
    #: shot's worth.  At 1 the expert's quick-start Rebels ended 73% of their activations within Vader's
    #: reach (hidden from the Snowtroopers behind the outpost's walls); at 2 the expert won 30 of 80
    #: quick-start games as the Rebels against its shipped self (21 at 1), and the search won quick-start's
    #: 128 games (seeds 0-63 each side) 85 times, 66%; on seeds 0-31 41 of 64 where it had 39
    #: (docs/lab/ai-notebook.md).  `baseline` keeps 1.
    melee_fire: float = 2.0
    #: The share of a win the search's simulations give up for each enemy that can see the figure whose
    #: activation the decision began, where that activation ends (the issue's count of enemies in sight,
    #: weighed in the race itself, not only in the expert's ranking).  At 0.03, against the expert,
    #: quick-start's Empire was seen by 0.49-0.59 enemies (0.81) and won 56 of 64 (53), its Rebels by
    #: 0.29-0.33 (0.52), winning 28 of 64 (30-32); salvage's sides by 0.25 and 0.33 (0.43, 0.37), winning
    #: 31 of 40 (33): docs/lab/ai-notebook.md.  With the level's `stake`, seeds 0-31 and 0-19:
    #: quick-start's Empire 26 of 32, seen by 0.58, its Rebels 14 of 32, 0.37; salvage's Rebels 19 of 20,
    #: 0.38, its Empire 16 of 20, 0.43.  The `expert` player does not search and does not read it.
    eyes_cost: float = 0.03
    #: The most enemies (as set up) whose eyes each cost `eyes_cost` whole: against a bigger squad the cost
    #: of all of them is shared, each costing `eyes_cost` x eyes_enemies / enemies.  Salvage's and
    #: quick-start's squads hold 3 figures and the book's skirmish squads 4-6 (a person's may hold more), so
    #: as measured only echo-base's sides are touched: its Empire against 10 defenders (0.018 an enemy), its
    #: Rebels against 7 (0.026).  With the whole cost its Empire hid (0.60 enemies, where 1.15)
    #: but won 15 of 36 where it had won 18; shared, it won 20 of 36, seen by 0.70, and its Rebels 32 of 36,
    #: seen by 0.24-0.28 (docs/lab/ai-notebook.md).
    eyes_enemies: int = 6
    #: In rollouts, a move to a square with a shot: 0 takes the nearest such square; more weighs the shot
    #: from each of the nearest few less this share of the enemies' fire there (cover and sight).
    fast_exposure: float = 0.0
    #: Rollouts played by the expert's own choice (1) rather than its quick rules (0): five times slower,
    #: but the race's leads then say what the expert's own games say (benchmarks/truth.py), and with
    #: `normal`'s three candidates at `trust` 2 it won 28 of 40 salvage games against the expert where
    #: the quick rules with six candidates at 4 won 22 (seeds 0-19 each side; 57 of 80 over seeds 0-39:
    #: docs/lab/ai-notebook.md).  The `expert` player does not read it.
    rollout_expert: float = 1.0
    #: The most figures a skirmish may hold (both squads, as set up) for the expert's own choice to play its
    #: rollouts; in a bigger one the quick rules play them.  In echo-base (17 figures) the expert's
    #: rollouts left a decision 8 or 9 samples at 0.5 s and the search won 8 of 24 games against the
    #: expert (twice the time: its Empire 1 of 12); the quick rules' rollouts won 18 of 24.  In
    #: skirmish (9-12) the expert's left the first rounds' decisions 0-20 samples and won 11 of 24 (seeds
    #: 0-11); the quick rules' won 18 of 24 (at 12 before).  In salvage and quick-start (6) the
    #: expert's win more: salvage 32 of 40, the quick rules' 21 (docs/lab/ai-notebook.md).
    rollout_expert_figures: int = 8
    #: The same by the figures still standing (0: not asked): once a bigger skirmish is down to this many,
    #: the expert's own choice plays its rollouts, as in salvage's six.  On the skirmish's seeds 0-35 (each
    #: side, squads paired) the search won 44 of 72 against the expert with it at 6 and 39 without: its
    #: Rebels 30 to 21, its Empire 14 to 18 (docs/lab/ai-notebook.md).
    rollout_expert_living: int = 6
    rollout_expert_us: float = 0.0  # the same for the deciding side's own decisions in its rollouts only
    rollout_expert_them: float = 0.0  # and for the other side's only (the model of the opponent)
    #: In a skirmish whose rollouts the quick rules play, the rest of the activation the decision began
    #: played by the expert's own choice (1): the step back after a shot (`retreat`, `hidden_shortlist`)
    #: is then weighed in the race as the expert weighs it, where the quick rules would end the turn in
    #: the open.  At 1 the skirmish's Empire was seen by 0.63-0.65 enemies where it had been by
    #: 0.75-0.85, winning 35 of 72 where it had won 42; its Rebels won 32 of 36 as before, seen by 0.25.
    rollout_expert_acting: float = 1.0
    #: Squares (the larger of the two gaps) within which a move is passed over as a candidate of the
    #: search when a better-ranked move of the same figure ends that near, in a skirmish of at most
    #: `candidate_apart_figures` figures (as set up): 0 takes the expert's best few as they come,
    #: often three moves to neighbouring squares, which leave the race nothing to choose.  At 2 the search
    #: won more of the same seeds against the expert in salvage and skirmish and as many in quick-start;
    #: in echo-base, whose rollouts are the quick rules', its Rebels won fewer (docs/lab/ai-notebook.md).
    candidate_apart: int = 2
    #: The most figures (both squads, as set up) a skirmish may hold for `candidate_apart` to count: it was
    #: measured in salvage, quick-start and skirmish, and lost in echo-base (17).
    candidate_apart_figures: int = 12
    #: Points an attack roll is worth to the side a long stand-off's tie-breaker goes against (and costs the
    #: side it favours), at its last quiet round; the square of the share of quiet rounds gone before then.
    quiet_pressure: float = 30.0
    #: Where the tie-breaker would fall as a draw, both sides press as the side it goes against, at this
    #: share (without stepping fire it changed no game measured: docs/lab/ai-notebook.md).
    draw_pressure: float = 0.5
    samples: int = 3  # samples of an action scored by playing it (Force powers, abilities, reactions)
    #: Set-up before any enemy stands (the side that sets up first): points off a square per share of
    #: the enemy's set-up zone that could see it, so the squad is not set up in view of where the enemy
    #: will stand (once enemies stand, those that see it count instead).
    zone_sight: float = 3.0
    #: The search builds a squad of the book of measured squads where one fits (hothsim.ai.squad_book); off
    #: (0), it draws a card at a time by cost as the expert does, from the expert's own random numbers, so
    #: that a game against the expert meets the squads of the experts' own game on that seed.
    squad_book: bool = True
    #: The expert's own choice (the `expert` player) builds from the book too: off as shipped, so that the
    #: baseline the figures are measured against stays the one that draws; on (`--against-weights
    #: skirmish.expert_squad_book=1`), a game against it measures the search's play with both squads
    #: built alike.
    expert_squad_book: bool = False
    #: The search's evaluation of a position is a logistic of these weights times its features
    #: (hothsim.ai.skirmish.FEATURES, each from the deciding side's point of view): the points standing,
    #: the fire each side's figures that have not acted this round could bring next and that of those
    #: that have, each as a share of all the points on the map; who decides next (1 this side, -1 the
    #: other); the tie-breaker's verdict (1, -1, 0) times the share of its quiet rounds gone; the
    #: activations left this round, this side's less the other's, as a share of the figures standing.
    #: Fitted by `python -m benchmarks fit --scenario salvage:600 --scenario echo-base:150 --seed 1000`
    #: (43,406 positions of games between experts, the even seeds fitted, the odd held out: log-loss
    #: 0.499, where the hand-set evaluation before it, material alone at 3.98, scored 0.582).
    value_material: float = 7.109
    value_ready_fire: float = 0.961
    value_later_fire: float = 1.568
    value_to_move: float = -0.064
    value_tie_break: float = 2.277
    value_activations: float = 0.629


@dataclass(frozen=True)
class AssaultWeights:
    """What an Assault on Hoth position and a unit's options are worth (Imperial points)."""

    walker: float = 12.0  # a whole Walker, before damage
    march: float = 4.0  # per Walker activation still needed to stand in fire at the Shield Generator
    force_point: float = 0.5  # per Force point Luke keeps
    shield_generator: float = 120.0  # a hit on the Shield Generator wins the game
    power_grid: float = 14.0  # its fall lowers the Shield Generator's armor
    walker_hit: float = 4.0  # a hit on a Walker (a step of its damage)
    harpoon_bonus: float = 8.0  # a harpooned Walker falls whole
    speeder_hunt: float = 0.6  # per macrohex a Snowspeeder stands from where a Walker will be at the Harpoon card
    speeder_adjacent: float = 1.5  # next to a Walker (a harpoon when the card comes), times 0.5 + its danger
    speeder_same_macrohex: float = 0.5  # next to it in its own macrohex: five harpoon dice, not four
    speeder_danger: float = 1.0  # per unit of a Walker's danger (1 when it can fire at the Generator)
    trooper_block: float = 0.3  # per macrohex a Rebel Trooper stands from the Walkers' path
    #: The search's evaluation is a logistic of these weights times its features
    #: (hothsim.ai.assault.FEATURES, counted for the Empire and turned round for the Rebels).  Fitted by
    #: `python -m benchmarks fit --scenario assault-on-hoth:400 --seed 1000` (42,922 positions of games
    #: between experts whose Snowspeeders wait for the Harpoon card, the even seeds fitted, the odd held
    #: out: log-loss 0.413, where the weights fitted to the earlier experts' games scored 0.525 on them).
    #: Refitted so, the search's Rebels won 7 of 20 games against the expert's Empire where they won 1.
    value_lean: float = 0.545
    value_walkers: float = 1.033
    value_march: float = -0.009
    value_nearest_march: float = -0.252
    value_siege: float = 1.331
    value_imperial_units: float = 0.013
    value_rebel_units: float = -0.015
    value_transports: float = -0.310
    value_force: float = -0.058
    value_grid_down: float = 0.0
    value_harpoons: float = -0.511


@dataclass(frozen=True)
class Weights:
    """Every weight of the expert and of the search's evaluation."""

    skirmish: SkirmishWeights = field(default_factory=SkirmishWeights)
    assault: AssaultWeights = field(default_factory=AssaultWeights)


class WeightsError(ValueError):
    """A weights override that names no weight or gives no number."""


def baseline() -> Weights:
    """The baselines' weights (the `expert` and `greedy` players): the search's, less what its expert has
    learnt since the figures' baseline was fixed, so that `expert` stays the player the figures have been
    measured against (docs/lab/ai-notebook.md)."""
    return with_changes(Weights(), "skirmish.retreat=0,skirmish.hidden_shortlist=0,skirmish.sighted=0,"
                                   "skirmish.melee_fire=1")


def with_changes(base: Weights, text: str) -> Weights:
    """`base` with changes written `skirmish.exposure=0.8,assault.march=2` (for the benchmarks)."""
    out = base
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, _, value = part.partition("=")
        group, _, key = name.strip().partition(".")
        try:
            number = float(value)
        except ValueError:
            raise WeightsError(f"{part!r}: {value!r} is not a number") from None
        sub = getattr(out, group, None) if group in ("skirmish", "assault") else None
        if sub is None or key not in {f.name for f in fields(sub)}:
            raise WeightsError(f"{part!r}: no weight {name.strip()!r}")
        kind = type(getattr(sub, key))
        out = replace(out, **{group: replace(sub, **{key: kind(number)})})
    return out
