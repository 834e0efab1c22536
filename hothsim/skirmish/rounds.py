"""Setup, rounds, initiative and activations, as the rulebook orders a game: fielding the squads, setting
up, the initiative check, each side activating two characters at a time, a turn's end (doors follow who
stands next to them) and a round's end (the tie-breaker after quiet rounds).

Plain functions of the game's `Context` and a state, returning the new state and adding their events, as
`combat` is for attacks and saves.
"""

from __future__ import annotations

from typing import Sequence

from hothsim.kernel.squares import Edge
from hothsim.kernel.engine import SIDES, Event, Side, other
from hothsim.skirmish.cards import Card
from hothsim.skirmish.state import Figure, GameState, Turn
from hothsim.skirmish.abilities import Abilities
from hothsim.skirmish.board import Board
from hothsim.skirmish.context import Context
from hothsim.skirmish.victory import check_victory, tie_break
from hothsim.kernel.values import replace

HOLOGRAM_TROOPER_RANGE = 2


def figure_ids(squad: Sequence[str], cards: dict[str, Card]) -> list[tuple[str, str]]:
    """(figure id, card id) for a squad: the card id, numbered -1, -2... when the squad has several."""
    counts: dict[str, int] = {}
    for c in squad:
        counts[c] = counts.get(c, 0) + 1
    seen: dict[str, int] = {}
    out = []
    for c in squad:
        seen[c] = seen.get(c, 0) + 1
        out.append((f"{c}-{seen[c]}" if counts[c] > 1 else c, c))
    return out


def activate(ctx: Context, s: GameState, fid: str, ev: list[Event]) -> GameState:
    """A character activates: its turn begins (a Hologram with no trooper near fades out at once)."""
    s = s.with_figure(replace(s.fig(fid), activated=True))
    s = replace(s, turn=Turn(fid, s.turns_taken + 1), turns_taken=s.turns_taken + 1)
    ev.append(Event("activate", f"{fid} activates"))
    fig = s.fig(fid)
    if ctx.ab.hologram(fig):
        if hologram_alone(ctx.ab, ctx.board, s, fig):
            ev.append(Event("hologram", f"{fid} fades out: no trooper ally within {HOLOGRAM_TROOPER_RANGE} squares"))
            s = s.with_figure(replace(fig, hp=0, defeated=True, pos=None))
            s = check_victory(s, ev)
            if s.stage == "over":
                return s
            return end_turn(ctx, s, ev)
    return s


def hologram_alone(ab: Abilities, board: Board, s: GameState, fig: Figure) -> bool:
    """A Hologram with no trooper ally near enough to project it (it fades out when activated)."""
    return not any(ab.trooper(f) and f.id != fig.id
                   and board.range_within(s.open_doors, fig.space(), f.space(), HOLOGRAM_TROOPER_RANGE)
                   is not None for f in s.living(fig.side))


def field_squads(ctx: Context, s: GameState) -> GameState:
    """Both secret squads are built: reveal them and put the figures on the table for setup."""
    figures = []
    for side, squad in zip(SIDES, s.squads):
        for fid, cid in figure_ids(squad, ctx.setup.cards):
            c = ctx.setup.cards[cid]
            figures.append(Figure(fid, cid, side, c.size, c.hp, c.force if ctx.setup.abilities else 0))
    return replace(s, figures=tuple(figures), setup_side=ctx.setup.setup_first)


def after_placement(ctx: Context, s: GameState, ev: list[Event]) -> GameState:
    """After a figure is set up: the other side sets up, or the doors settle and round 1 begins."""
    if any(f.pos is None and f.side == s.setup_side for f in s.figures):
        return s
    nxt = other(s.setup_side)
    if any(f.pos is None for f in s.figures if f.side == nxt):
        return replace(s, setup_side=nxt)
    held = doors_held(ctx, s)
    s = replace(s, open_doors=held)
    if held:
        ev.append(Event("doors", "; ".join(f"door {d.label} starts open: a character was set up next to it"
                                           for d in sorted(held))))
    return begin_round(ctx, s, ev)


def doors_held(ctx: Context, s: GameState) -> frozenset[Edge]:
    """Doors with a character next to them (a Hologram holds no door)."""
    return ctx.board.doors_held_open(f.space() for f in s.living() if not ctx.ab.hologram(f))


def begin_round(ctx: Context, s: GameState, ev: list[Event]) -> GameState:
    """A new round: activations and round-long marks cleared, then the initiative check (ties roll again)."""
    s = replace(s, round=s.round + 1, noisy=False, harpooned=frozenset(), flanked=(),
                figures=tuple(replace(f, activated=False) for f in s.figures))
    while True:
        r = ctx.dice.d20("initiative: rebel")
        i = ctx.dice.d20("initiative: imperial")
        if r != i:
            break
        ev.append(Event("initiative", f"initiative tie {r} - {i}: roll again"))
    winner: Side = "rebel" if r > i else "imperial"
    ev.append(Event("initiative", f"round {s.round}: initiative rebel {r}, imperial {i}: {winner} decides who goes first"))
    return replace(s, stage="first", initiative=winner, first=None, phase_side=None, phase_left=0)


def unactivated(s: GameState, side: Side) -> int:
    """How many of a side's characters have not activated this round."""
    return sum(1 for f in s.living(side) if not f.activated)


def begin_part(ctx: Context, s: GameState, side: Side, ev: list[Event]) -> GameState:
    """Give `side` its (up to) two activations, or pass to the other side, or end the round."""
    for candidate in (side, other(side)):
        n = unactivated(s, candidate)
        if n:
            return replace(s, phase_side=candidate, phase_left=min(2, n))
    return end_round(ctx, s, ev)


def end_round(ctx: Context, s: GameState, ev: list[Event]) -> GameState:
    """A round ends: after enough quiet rounds the tie-breaker decides, else the next round begins."""
    quiet = 0 if s.noisy else s.quiet_rounds + 1
    s = replace(s, quiet_rounds=quiet)
    if quiet >= ctx.setup.tie_break_rounds:
        winner, why = tie_break(s, ctx.setup.cards, ctx.setup.grid, ctx.board, ctx.squads.cost_of)
        ev.append(Event("victory", why))
        return replace(s, stage="over", winner=winner, end_reason=why, phase_side=None, phase_left=0)
    return begin_round(ctx, s, ev)


def after_activation(ctx: Context, s: GameState, ev: list[Event]) -> GameState:
    """After a turn: the side acting goes on with its second activation, or the other side acts."""
    left = s.phase_left - 1
    side = s.phase_side
    assert side is not None
    if left > 0 and unactivated(s, side):
        return replace(s, phase_left=left)
    nxt = other(side)
    return begin_part(ctx, s, nxt if unactivated(s, nxt) else side, ev)


def end_turn(ctx: Context, s: GameState, ev: list[Event]) -> GameState:
    """The acting character's turn ends; doors open or close with who now stands next to them."""
    assert s.turn is not None
    ev.append(Event("end", f"{s.turn.figure}'s turn ends"))
    held = doors_held(ctx, s)
    if held != s.open_doors:  # each door named, as the map's edges are: `door L3-M3 opens`
        moved = [f"door {d.label} opens" for d in sorted(held - s.open_doors)]
        moved += [f"door {d.label} closes" for d in sorted(s.open_doors - held)]
        ev.append(Event("doors", "; ".join(moved)))
    s = replace(s, turn=None, open_doors=held)
    if s.stage == "over":
        return s
    return after_activation(ctx, s, ev)
