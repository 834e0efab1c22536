"""Set-up (rulebook section 3) and reinforcements placed (section 8): the Imperial units placed, the
Snowtroopers boarding their Walkers, Luke assigned in secret, the Rebel units placed, and the battle begun.
Functions of the `Context` and the state; a unit with no hex left to arrive on is lost.
"""

from __future__ import annotations

from hothsim.assault.actions import Action, Board, Place
from hothsim.assault.events import SNOWTROOPERS
from hothsim.assault.fire import destroy
from hothsim.assault.setup import Context
from hothsim.assault.state import AssaultState, Placing, Unit
from hothsim.assault.turns import end_round
from hothsim.kernel.engine import Event
from hothsim.kernel.hexes import DIRECTION_NAMES, Hex, hex_label
from hothsim.kernel.values import replace


def unboarded(s: AssaultState) -> list[Unit]:
    """Snowtroopers still to board a Walker at set-up."""
    return [u for u in s.units if u.side == "imperial" and u.type in SNOWTROOPERS and u.where == "reserve"]

def placement_hexes(ctx: Context, s: AssaultState, zone: str, uid: str) -> list[Hex]:
    """The empty hexes of a zone a unit may be placed on (no cliff, neither installation)."""
    bf = ctx.setup.field
    hexes = {"imperial-setup": bf.imperial_sector, "rebel-setup": bf.rebel_setup,
             "speeders": bf.speeder_sector}.get(zone) or bf.sectors.get(zone, frozenset())
    occupied = s.occupied()
    barred = {bf.shield_generator, bf.power_grid}
    return sorted((h for h in hexes if h not in occupied and h not in barred
                   and ctx.terrain.terrain[h] != "cliff"), key=lambda h: (h[0], h[1]))


def placements(ctx: Context, s: AssaultState) -> list[Action]:
    """The legal placements of the next unit to place (each facing for a Walker; the Base where allowed)."""
    assert s.placing is not None
    uid, zone, base = s.placing.queue[0]
    u = s.unit(uid)
    out: list[Action] = [Place(uid, None)] if base else []
    walker = ctx.rules.units[u.type].is_walker
    for h in placement_hexes(ctx, s, zone, uid):
        if walker:
            out.extend(Place(uid, h, f) for f in range(6))
        else:
            out.append(Place(uid, h))
    return out


def place(ctx: Context, s: AssaultState, a: Place, ev: list[Event]) -> AssaultState:
    """Put the unit being placed on its hex (or in the Base), then move on to the next."""
    assert s.placing is not None
    u = s.unit(a.unit)
    if a.hex is None:
        s = s.with_unit(replace(u, where="base", hex=None))
        ev.append(Event("place", f"{u.id} is placed in the Base"))
    else:
        s = s.with_unit(replace(u, where="map", hex=a.hex, facing=a.facing if a.facing is not None else u.facing))
        face = f" facing {DIRECTION_NAMES[a.facing]}" if a.facing is not None else ""
        ev.append(Event("place", f"{u.id} is placed at {hex_label(a.hex)}{face}"))
    assert s.placing is not None  # a unit is placed only while the set-up queue has it
    return next_placement(ctx, replace(s, placing=replace(s.placing, queue=s.placing.queue[1:])), ev)


def next_placement(ctx: Context, s: AssaultState, ev: list[Event]) -> AssaultState:
    """Skip units with nowhere to go; when the queue empties, move the set-up (or the round) on."""
    while s.placing is not None and s.placing.queue:
        uid, zone, base = s.placing.queue[0]
        if base or placement_hexes(ctx, s, zone, uid):
            return s
        ev.append(Event("place", f"{uid} finds no empty hex to arrive in"))
        s = destroy(s, s.unit(uid), "no room to arrive", ev)
        if s.placing is not None:
            s = replace(s, placing=replace(s.placing, queue=s.placing.queue[1:]))
    side = s.placing.side if s.placing else None
    s = replace(s, placing=None)
    if s.stage == "setup" and side == "rebel":
        return start_play(ctx, s, ev)
    if s.stage == "play":
        return end_round(s)
    return s


def assign_luke(ctx: Context, s: AssaultState, speeder: str, ev: list[Event]) -> AssaultState:
    """The Rebel player's secret: Luke's Snowspeeder; the Rebel set-up follows."""
    s = replace(s, luke=speeder)
    ev.append(Event("luke", "Luke is assigned to a Snowspeeder (secret)", (("speeder", speeder),)))
    return rebel_setup(ctx, s)


def rebel_setup(ctx: Context, s: AssaultState) -> AssaultState:
    """The Rebel units to place, Snowspeeders first."""
    order: list[Unit] = []
    for tid in ("speeder", "trooper", "heavy-trooper", "tower"):
        order.extend(u for u in s.units if u.side == "rebel" and u.type == tid and u.where == "reserve")
    order.extend(u for u in s.units if u.side == "rebel" and u.where == "reserve" and u not in order)
    queue = tuple((u.id, "speeders" if ctx.rules.units[u.type].is_speeder else "rebel-setup",
                   ctx.rules.units[u.type].trooper) for u in order)
    return replace(s, placing=Placing("rebel", queue))


def start_play(ctx: Context, s: AssaultState, ev: list[Event]) -> AssaultState:
    """Set-up is over: the Event deck is shuffled (or set aside for rolls) and the battle begins."""
    if ctx.setup.draws_rolled:
        ev.append(Event("setup", "the Event cards are set aside, each to be drawn by a roll; the battle begins"))
        return replace(s, stage="play", event_deck=tuple(range(len(ctx.rules.event_cards))))
    perm = ctx.dice.shuffle(len(ctx.rules.event_cards), "shuffle the Event deck")
    ev.append(Event("setup", "the Event deck is shuffled; the battle begins"))
    return replace(s, stage="play", event_deck=tuple(perm))


def board(ctx: Context, s: AssaultState, a: Board, ev: list[Event]) -> AssaultState:
    """A Snowtrooper boards the Walker that carries it; after the last, the Rebel player assigns Luke."""
    s = s.with_unit(replace(s.unit(a.unit), where="aboard", aboard=a.walker))
    ev.append(Event("board", f"{a.unit} boards {a.walker}"))
    if not unboarded(s):
        ev.append(Event("setup", "the Rebel player assigns Luke in secret"))
    return s
