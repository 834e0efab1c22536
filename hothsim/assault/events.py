"""The Event deck in play (rulebook section 8): drawing an Event card, Transports Away! (and the re-shuffle when the
first five are all Transports), reinforcements, and the effects that wait for an action round.

Each is a function of the setup, the dice and the state, returning the new state: a round the card ends
has ended (`turns.end_round`), and reinforcements still to be placed wait in the state's `placing`.  The cards
themselves are rules data.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hothsim.assault.state import AssaultState, Placing, Special, Unit
from hothsim.assault.turns import draw_card, end_round, game_over
from hothsim.kernel.dice import Dice
from hothsim.kernel.engine import Event
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
        new.append(Unit(f"{ut.prefix}-{counters[tid]}", tid, ut.side))  # type: ignore[arg-type]
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
    return replace(s, placing=Placing(card.side, tuple(queue)))  # type: ignore[arg-type]
