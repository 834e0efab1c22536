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
    range: int | None  # counted only when some enemy has cover, and only for the nearest enemies


def legal_targets(state: GameState, board: Board, attacker: Figure, enemies: list[Figure], melee: bool,
                  accurate: bool, covered: Callable[[Figure, Figure], bool]) -> list[TargetView]:
    """The enemies the attacker may choose now, with their cover (design.md §3, rulebook pp. 8-10).

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
    ranges: dict[str, int | None] | None = None  # counted only when some target has cover
    out = []
    for e in visible:
        cover = covered(attacker, e)
        if cover and not accurate:
            if ranges is None:
                ranges = board.ranges_to(state.open_doors, attacker.space(), {f.id: f.space() for f in enemies},
                                         nearest_only=True)
            known = [r for r in ranges.values() if r is not None]
            if ranges[e.id] is None or ranges[e.id] != min(known):
                continue
        out.append(TargetView(e.id, cover, ranges[e.id] if ranges else None))
    return out


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
    """The log line's first half: `d20 14 +4 Attack +4 combined fire = 22 vs Defense 16 +4 cover = 20`."""
    mods = "".join(f" {v:+d} {why}" for why, v in modifiers)
    base, *extra = defense
    dfn = f"Defense {base[1]}" + "".join(f" {v:+d} {why}" for why, v in extra)
    return f"{attacker} attacks {target}: d20 {r.roll}{mods} = {r.total} vs {dfn} = {r.defense}"
