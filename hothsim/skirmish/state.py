"""The skirmish game's state: immutable values, replaced (never changed) by each decision.

A state holds the figures (position, hit points, Force, whether they have activated), the round and
phase, the turn in progress (what the acting character has done so far, a move interrupted by an attack
of opportunity), an attack waiting on a reroll decision, and which doors are open.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from hothsim.kernel.squares import Edge, Square, square_label

from hothsim.kernel.engine import Side
from hothsim.kernel.values import replace


@dataclass(frozen=True)
class Figure:
    """One character on (or off) the battle map."""

    id: str
    card: str
    side: Side
    size: int
    hp: int
    force: int = 0
    pos: Square | None = None  # anchor (lowest corner square); None before setup and once defeated
    activated: bool = False
    defeated: bool = False
    force_turn: int = -1  # the turn number in which it last spent Force (once per turn)
    opportunity_turn: int = -1  # the turn number in which it last made an attack of opportunity

    @property
    def alive(self) -> bool:
        """On the map and not defeated."""
        return not self.defeated and self.pos is not None

    def space(self) -> tuple[Square, ...]:
        """The squares it occupies."""
        pos = self.pos
        if pos is None:
            return ()
        if self.size == 1:  # most figures: asked for on every step of every search
            return (pos,)
        x, y = pos
        return tuple((x + i, y + j) for j in range(self.size) for i in range(self.size))

    @property
    def square(self) -> Square:
        """Its anchor square (ValueError for a figure not on the map: not set up yet, or defeated)."""
        if self.pos is None:
            raise ValueError(f"{self.id} is not on the map")
        return self.pos

    def rect(self) -> tuple[int, int, int, int]:
        """Its space as a rectangle (x0, y0, x1, y1)."""
        assert self.pos is not None
        x, y = self.pos
        return (x, y, x + self.size, y + self.size)


@dataclass(frozen=True)
class Turn:
    """The activation in progress: what the acting character has done so far this turn."""

    figure: str
    number: int  # counts every turn of the game; "once per turn" limits compare against it
    moved_before: int = 0  # squares of movement spent before attacking
    moved_after: int = 0  # squares of movement spent after attacking
    attacked: bool = False
    attacks: int = 0  # attacks declared this turn (Double Attack allows a second)
    replaced: bool = False  # an ability that replaces attacks was used
    force_move: bool = False  # 1 Force point spent to move 2 extra squares
    spent: bool = False  # used up whole by an ability used instead of the turn (Fire Support Mission)
    path_left: tuple[Square, ...] = ()  # the rest of a move paused for attacks of opportunity
    path_cost_left: tuple[int, ...] = ()  # the cost of each remaining step
    declined: frozenset[str] = frozenset()  # enemies that passed up an attack of opportunity at this step
    came_from: Square | None = None  # the square its last step left (the computer never steps back onto it)


@dataclass(frozen=True)
class AttackSpec:
    """An attack waiting to be made: a turn's attack, an attack of opportunity, Twin Attack's extra
    attack, one of Lightsaber Sweep's attacks or a Lightsaber Riposte."""

    attacker: str
    target: str
    helpers: tuple[str, ...] = ()
    kind: Literal["turn", "opportunity", "extra", "sweep", "riposte"] = "turn"
    auto: bool = False  # Use the Force: hits automatically as a critical hit


@dataclass(frozen=True)
class PendingAttack:
    """An attack in resolution, paused for a decision: a reroll after a miss ("rolled"), Lightsaber
    Deflect after a nonmelee hit ("hit"), or Lightsaber Riposte after a melee hit ("riposte")."""

    attacker: str
    target: str
    roll: int
    modifiers: tuple[tuple[str, int], ...]  # (why, bonus) added to the roll
    defense: tuple[tuple[str, int], ...]  # (why, value) summed into the Defense to beat
    kind: str = "turn"
    auto: bool = False
    helpers: tuple[str, ...] = ()  # allies combining fire (Spotter adds to the damage)
    stage: Literal["rolled", "hit", "riposte"] = "rolled"

    @property
    def opportunity(self) -> bool:
        """An attack of opportunity."""
        return self.kind == "opportunity"


@dataclass(frozen=True)
class PendingSave:
    """A save a character must make: to shrug off Splash, Grenades or a harpoon, or to cut a Fire Support
    Mission's damage to `reduced`."""

    figure: str
    needed: int
    effect: Literal["splash", "harpoon", "grenades", "fire-support"]
    amount: int = 0
    source: str = ""
    roll: int = 0  # 0 until rolled; a failed roll waits here for a reroll decision
    reduced: int = 0  # the damage taken even when the save succeeds


@dataclass(frozen=True)
class GameState:
    """Everything about a skirmish at one moment."""

    figures: tuple[Figure, ...]
    stage: Literal["build", "setup", "first", "round", "over"] = "setup"
    setup_side: Side = "imperial"
    round: int = 0
    initiative: Side | None = None  # who won the initiative check this round
    first: Side | None = None  # who goes first this round
    phase_side: Side | None = None  # whose activations these are
    phase_left: int = 0  # activations the phase side still has in this part of the phase
    turn: Turn | None = None
    turns_taken: int = 0
    attack: PendingAttack | None = None
    attacks: tuple[AttackSpec, ...] = ()  # attacks still to make, in order
    save: PendingSave | None = None  # a failed save waiting for a reroll decision
    saves: tuple[PendingSave, ...] = ()  # saves still to roll, in order
    flanked: tuple[tuple[str, str, int], ...] = ()  # (flanker, victim, round) from Flanking Attack
    harpooned: frozenset[str] = frozenset()  # cannot move this round
    squads: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())  # cards recruited (rebel, imperial) while building
    ready: frozenset[str] = frozenset()  # sides whose squad is built
    open_doors: frozenset[Edge] = frozenset()
    quiet_rounds: int = 0  # rounds in a row without damage, attack roll or forced save
    noisy: bool = False  # this round had damage, an attack roll or a forced save
    winner: Side | None = None
    end_reason: str = ""

    @property
    def turn_now(self) -> Turn:
        """The turn in progress (ValueError between turns: a step of a turn is asked for outside one)."""
        if self.turn is None:
            raise ValueError("no turn is in progress")
        return self.turn

    def fig(self, figure_id: str) -> Figure:
        """The figure with this id; KeyError if there is none."""
        for f in self.figures:
            if f.id == figure_id:
                return f
        raise KeyError(figure_id)

    def has_figure(self, figure_id: str) -> bool:
        """Whether a figure with this id is in the game."""
        return any(f.id == figure_id for f in self.figures)

    def with_figure(self, f: Figure) -> "GameState":
        """A state with one figure replaced."""
        return replace(self, figures=tuple(f if g.id == f.id else g for g in self.figures))

    def living(self, side: Side | None = None) -> list[Figure]:
        """Figures on the map, of one side or both."""
        return [f for f in self.figures if f.alive and (side is None or f.side == side)]

    def to_json(self) -> dict[str, object]:
        """A plain-data view for `hothsim run --json` and tests."""
        return {
            "stage": self.stage,
            "round": self.round,
            "initiative": self.initiative,
            "first": self.first,
            "phase_side": self.phase_side,
            "phase_left": self.phase_left,
            "turn": None
            if self.turn is None
            else {
                "figure": self.turn.figure,
                "moved_before": self.turn.moved_before,
                "moved_after": self.turn.moved_after,
                "attacked": self.turn.attacked,
                "force_move": self.turn.force_move,
            },
            "open_doors": sorted(f"{e.axis}{e.x},{e.y}" for e in self.open_doors),
            "quiet_rounds": self.quiet_rounds,
            "winner": self.winner,
            "end_reason": self.end_reason,
            "figures": [
                {
                    "id": f.id,
                    "card": f.card,
                    "side": f.side,
                    "square": square_label(f.pos) if f.pos is not None else None,
                    "hp": f.hp,
                    "force": f.force,
                    "activated": f.activated,
                    "defeated": f.defeated,
                }
                for f in self.figures
            ],
        }

