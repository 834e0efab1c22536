"""Attacks: choosing a target, combined fire, the attack roll, damage and defeat.

A legal target is an enemy the attacker can see; if enemies are adjacent, only they may be chosen;
an enemy with cover only if it is the nearest enemy (or tied).  The roll is d20 + Attack + 4 for each
ally combining fire against Defense (+4 for cover); a natural 20 always hits and deals double damage,
a natural 1 always misses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from hothsim.skirmish.board import Board
from hothsim.skirmish.state import Figure, GameState

@dataclass(frozen=True)
class TargetView:
    """A legal target and what the attacker sees of it."""

    target: str
    cover: bool
    range: int | None  # counted only when the nearest-enemy rule needed it


def legal_targets(state: GameState, board: Board, attacker: Figure, enemies: list[Figure], melee: bool,
                  accurate: bool, covered: Callable[[Figure, Figure], bool]) -> list[TargetView]:
    """The enemies the attacker may choose now, with their cover (docs/geometry.md, rulebook pp. 8-10).

    `enemies` are the enemies that count (a Hologram never does); `melee` limits the choice to adjacent
    enemies; `accurate` (Accurate Shot) lifts the nearest-enemy rule for covered enemies; `covered(a, t)`
    says whether t has cover against a.
    """
    sight = board.sight(state.open_doors)
    a = attacker.rect()
    visible = [e for e in enemies if sight.can_see(a, e.rect())]
    adjacent = [e for e in visible if board.adjacent(state.open_doors, a, e.rect())]
    if adjacent:
        return [TargetView(e.id, False, 1) for e in adjacent]
    if melee:
        return []
    ranges: dict[str, int | None] = {}  # counted only as the nearest-enemy rule needs them
    space = attacker.space()

    def range_of(f: Figure) -> int | None:
        if f.id not in ranges:
            ranges[f.id] = board.range_to(state.open_doors, space, f.space())
        return ranges[f.id]

    out = []
    for e in visible:
        cover = covered(attacker, e)
        if cover and not accurate:
            # Nearest or tied: no enemy is nearer.  Range is never less than the squares apart (a
            # diagonal step costs 2), so only enemies fewer squares apart need counting.
            r = range_of(e)
            if r is None or any(f.id != e.id and _apart(space, f.space()) < r and (rf := range_of(f)) is not None
                                and rf < r for f in enemies):
                continue
        out.append(TargetView(e.id, cover, ranges.get(e.id)))
    return out


def _apart(a: tuple[tuple[int, int], ...], d: tuple[tuple[int, int], ...]) -> int:
    """Columns plus rows between the nearest squares of two spaces: a lower bound on range."""
    ax0, ax1 = min(x for x, _ in a), max(x for x, _ in a)
    ay0, ay1 = min(y for _, y in a), max(y for _, y in a)
    dx0, dx1 = min(x for x, _ in d), max(x for x, _ in d)
    dy0, dy1 = min(y for _, y in d), max(y for _, y in d)
    return max(0, dx0 - ax1, ax0 - dx1) + max(0, dy0 - ay1, ay0 - dy1)


def combined_fire_helpers(state: GameState, board: Board, attacker: Figure, target: Figure,
                          may_help: Callable[[GameState, Figure, Figure], bool]) -> list[str]:
    """Allies that may combine fire: not yet activated, can see the target, and allowed by the
    abilities in play (`may_help`: no Melee Attack, deals damage, Mounted Weapon with Mounted Weapon)."""
    sight = board.sight(state.open_doors)
    out = []
    for f in state.living(attacker.side):
        if f.id == attacker.id or f.activated or not may_help(state, attacker, f):
            continue
        if sight.can_see(f.rect(), target.rect()):
            out.append(f.id)
    return sorted(out)


@dataclass(frozen=True)
class RollResult:
    """The outcome of one attack roll."""

    roll: int
    total: int
    defense: int
    hit: bool
    critical: bool


def judge(roll: int, modifiers: tuple[tuple[str, int], ...], defense: tuple[tuple[str, int], ...]) -> RollResult:
    """Hit or miss: natural 20 always hits (critical), natural 1 always misses."""
    total = roll + sum(v for _, v in modifiers)
    dfn = sum(v for _, v in defense)
    critical = roll == 20
    hit = critical or (roll != 1 and total >= dfn)
    return RollResult(roll, total, dfn, hit, critical)


def explain(attacker: str, target: str, r: RollResult, modifiers: tuple[tuple[str, int], ...],
            defense: tuple[tuple[str, int], ...]) -> str:
    """The log line's first half: `d20 14 +4 Attack +4 combined fire = 22 vs Defense 16 +4 cover = 20`, or
    `... vs Defense 13` when nothing changes the Defense."""
    mods = "".join(f" {v:+d} {why}" for why, v in modifiers)
    base, *extra = defense
    dfn = f"Defense {base[1]}" + "".join(f" {v:+d} {why}" for why, v in extra) + (f" = {r.defense}" if extra else "")
    return f"{attacker} attacks {target}: d20 {r.roll}{mods} = {r.total} vs {dfn}"
