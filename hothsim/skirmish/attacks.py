"""Attacks: choosing a target, combined fire, the attack roll, damage and defeat.

A legal target is an enemy the attacker can see; if enemies are adjacent, only they may be chosen;
an enemy with cover only if it is the nearest enemy (or tied).  The roll is d20 + Attack + 4 for each
ally combining fire against Defense (+4 for cover); a natural 20 always hits and deals double damage,
a natural 1 always misses.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from hothsim.skirmish.board import Board
from hothsim.skirmish.cards import Card
from hothsim.skirmish.state import Figure, GameState

COVER_BONUS = 4
COMBINED_FIRE_BONUS = 4


@dataclass(frozen=True)
class TargetView:
    """A legal target and what the attacker sees of it."""

    target: str
    cover: bool
    range: int | None


def can_attack(fig: Figure, card: Card) -> bool:
    """Whether the character can make attacks at all (it deals damage)."""
    return fig.alive and card.damage > 0


def legal_targets(state: GameState, board: Board, attacker: Figure, melee: bool = False) -> list[TargetView]:
    """The enemies the attacker may choose now, with their cover (design.md §3, rulebook p. 8-10)."""
    sight = board.sight(state.open_doors)
    a = attacker.rect()
    enemies = [e for e in state.living() if e.side != attacker.side]
    visible = [e for e in enemies if sight.can_see(a, e.rect())]
    adjacent = [e for e in visible if board.adjacent(state.open_doors, a, e.rect())]
    if adjacent:
        return [TargetView(e.id, False, 1) for e in adjacent]
    if melee:
        return []
    ranges: dict[str, int | None] | None = None  # counted only when some target has cover
    out = []
    for e in visible:
        others = frozenset(sq for f in state.living() if f.id not in (attacker.id, e.id) for sq in f.space())
        cover = sight.has_cover(a, e.rect(), others)
        if cover:
            if ranges is None:
                ranges = board.ranges_to(state.open_doors, attacker.space(), {f.id: f.space() for f in enemies})
            known = [r for r in ranges.values() if r is not None]
            if ranges[e.id] is None or ranges[e.id] != min(known):
                continue
        out.append(TargetView(e.id, cover, ranges[e.id] if ranges else None))
    return out


def combined_fire_helpers(state: GameState, board: Board, cards: dict[str, Card], attacker: Figure,
                          target: Figure, abilities: bool = True) -> list[str]:
    """Allies that may combine fire: not yet activated, can see the target, deal damage, not melee.

    With `abilities` off (the Salvage Mission) Melee Attack is ignored like every other ability.
    """

    def melee(c: Card) -> bool:
        return abilities and c.has("Melee Attack")

    card = cards[attacker.card]
    if card.damage <= 0 or melee(card):
        return []
    sight = board.sight(state.open_doors)
    out = []
    for f in state.living(attacker.side):
        if f.id == attacker.id or f.activated:
            continue
        c = cards[f.card]
        if c.damage <= 0 or melee(c):
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


def deal_damage(state: GameState, target: Figure, amount: int) -> tuple[GameState, Figure]:
    """Subtract damage; at 0 hit points or fewer the character is defeated and leaves the map."""
    hp = target.hp - amount
    if hp <= 0:
        t2 = replace(target, hp=0, defeated=True, pos=None)
    else:
        t2 = replace(target, hp=hp)
    return state.with_figure(t2), t2
