"""The Event deck in play (rulebook section 8): drawing an Event card, Transports Away! (and the re-shuffle when the
first five are all Transports), reinforcements, and the effects that wait for an action round.

Each is a function of the setup, the dice and the state, returning the new state: a round the card ends
has ended (`turns.end_round`), and reinforcements still to be placed wait in the state's `placing`.  The cards
themselves are rules data.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hothsim.assault.actions import Repair
from hothsim.assault.rules import AssaultRules
from hothsim.assault.state import AssaultState, Placing, Special, Unit
from hothsim.assault.turns import draw_card, end_round, game_over
from hothsim.kernel.dice import Dice
from hothsim.kernel.engine import Event, side_named
from hothsim.kernel.values import replace

if TYPE_CHECKING:
    from hothsim.assault.setup import Setup

SNOWTROOPERS = ("snowtrooper", "heavy-snowtrooper")


def draw_event(setup: "Setup", dice: Dice, s: AssaultState, ev: list[Event]) -> AssaultState:
    """Turn the top Event card and apply it (some effects wait for a player's choice)."""
    if not s.event_deck:  # cannot happen with the shipped deck: the fifth Transport comes first
        ev.append(Event("event", "the Event deck is empty"))
        return end_round(s)
    index, rest = draw_card(setup, dice, s.event_deck, "an Event card")
    card = setup.rules.event_card(index)
    s = replace(s, event_deck=rest, events_drawn=s.events_drawn + (index,))
    ev.append(Event("event", f"Event: {card.name}: {card.text}", (("event", card.id),)))
    fx = card.effect
    if fx == "transports":
        return transports(setup, dice, s, index, ev)
    if fx == "reinforce":
        return reinforce(setup, s, index, ev)
    if fx in ("hotshot", "force"):
        return replace(s, special=Special(fx, "rebel"))
    if fx == "repair":
        return replace(s, special=Special("repair", "imperial"))
    if fx == "veers":
        return replace(s, special=Special("veers", "imperial"))
    if fx == "rally":
        return replace(s, special=Special("rally", "rebel"))
    if fx == "rebel-lucky-shot":
        s = replace(s, rebel_lucky_shot=True)
    elif fx == "imperial-lucky-shot":
        s = replace(s, imperial_lucky_shot=True)
    elif fx == "snowstorm":
        s = replace(s, snowstorm=True)
    return end_round(s)


def transports(setup: "Setup", dice: Dice, s: AssaultState, index: int, ev: list[Event]) -> AssaultState:
    """Transports Away!: one more transport escapes, unless rule 8's re-shuffle applies: the first Events
    were all Transports Away! and the players agreed on the re-shuffle (a game option)."""
    count = s.transports + 1
    need = setup.transports_to_win
    if count >= need and setup.remedy and len(s.events_drawn) == need and all(
            setup.rules.event_card(i).effect == "transports" for i in s.events_drawn):
        head = f"the first {need} Events were all Transports Away!"
        if not setup.reshuffle:
            ev.append(Event("event", f"{head}: the last one stands (the re-shuffle option is off; rule 8)"))
            return transport_away(setup, s, ev)
        # 8: "you may want to re-shuffle the last one back into the deck": agreed before play.
        pile = s.event_deck + (s.events_drawn[-1],)
        if setup.draws_rolled:  # no order to shuffle: the card is among those a roll draws from
            ev.append(Event("event", f"{head}: the last one goes back among the Event cards and play goes on "
                            "(the re-shuffle option is on; rule 8)"))
            return end_round(replace(s, event_deck=tuple(sorted(pile))))
        perm = dice.shuffle(len(pile), "shuffle the last Transports Away! back into the Event deck")
        ev.append(Event("event", f"{head}: the last one is shuffled back into the Event deck and play goes on "
                        "(the re-shuffle option is on; rule 8)"))
        return end_round(replace(s, event_deck=tuple(pile[i] for i in perm)))
    return transport_away(setup, s, ev)


def transport_away(setup: "Setup", s: AssaultState, ev: list[Event]) -> AssaultState:
    """One more transport escapes; the last of them wins the game."""
    count = s.transports + 1
    need = setup.transports_to_win
    s = replace(s, transports=count)
    ev.append(Event("transports", f"Transports Away! {count} of {need}"))
    if count >= need:
        return game_over(s, "rebel", f"the {need}th transport got away before the Shield Generator fell", ev)
    return end_round(s)


def reinforce(setup: "Setup", s: AssaultState, index: int, ev: list[Event]) -> AssaultState:
    """Reinforcements: the card's units arrive aboard, in the Base, or are placed by their owner."""
    card = setup.rules.event_card(index)
    counters = dict(s.next_id)
    new: list[Unit] = []
    for tid in card.units:
        ut = setup.rules.units[tid]
        counters[tid] = counters.get(tid, 0) + 1
        new.append(Unit(f"{ut.prefix}-{counters[tid]}", tid, ut.side))
    s = replace(s, next_id=tuple(sorted(counters.items())))
    walker = next((u for u in new if setup.rules.units[u.type].is_walker), None)
    queue = []
    for u in new:
        ut = setup.rules.units[u.type]
        if card.carried and walker is not None and u.type in SNOWTROOPERS:
            u = replace(u, where="aboard", aboard=walker.id)
            ev.append(Event("reinforce", f"{u.id} arrives aboard {walker.id}"))
        elif card.sector == "base":
            u = replace(u, where="base")
            ev.append(Event("reinforce", f"{u.id} arrives in the Base"))
        else:
            queue.append((u.id, card.sector, card.base and ut.trooper))
        s = s.with_unit(u)
    if not queue:
        return end_round(s)
    side = side_named(card.side)
    if side is None:  # the rules data gives every reinforcement card its side
        raise ValueError(f"the Event card {card.id} brings units but names no side")
    return replace(s, placing=Placing(side, tuple(queue)))


# ---------------------------------------------------------------------- an Event's choice

def choosable(rules: AssaultRules, s: AssaultState) -> list[Unit]:
    """The units the pending Hotshot Gunner or The Force may aid."""
    assert s.special is not None
    # Hotshot Gunner and The Force both aid "a Rebel gunner" (8): a Snowspeeder whose gunner lives.
    return [u for u in s.units if rules.units[u.type].is_speeder and u.where == "map" and u.gunner]


def event_choice_open(rules: AssaultRules, s: AssaultState) -> bool:
    """Whether the Event choice now pending has any option."""
    if s.special is not None and s.special.effect == "repair":
        return any(w.type == "walker" and w.where == "map" and (w.blaster or w.legs or w.body) for w in s.units)
    return bool(choosable(rules, s))


def choose(rules: AssaultRules, s: AssaultState, uid: str, ev: list[Event]) -> AssaultState:
    """The unit the pending Event aids is chosen; the action round ends."""
    assert s.special is not None
    if s.special.effect == "hotshot":
        s = replace(s, hotshot=uid)
        ev.append(Event("effect", f"{uid} has a Hotshot Gunner: +{rules.effects.hotshot_bonus} fire strength"))
    else:
        s = replace(s, force_aided=uid)
        ev.append(Event("effect", f"The Force is with {uid}: +{rules.effects.force_bonus} fire strength at "
                        "its next fire this turn"))
    return end_round(s)


def repair(s: AssaultState, a: Repair, ev: list[Event]) -> AssaultState:
    """Combat Repair Droids take a marker off a Walker; the action round ends."""
    w = s.unit(a.unit)
    w = replace(w, **{a.marker: getattr(w, a.marker) - 1})
    ev.append(Event("effect", f"Combat Repair Droids take a {a.marker} marker off {w.id}"))
    return end_round(s.with_unit(w))
