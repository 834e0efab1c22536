"""Turns and action rounds (rulebook section 5): the Action deck shuffled at each turn, a card drawn for each
action round, the round's end, and the game's end.  Functions of the setup, the dice and the state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hothsim.assault.state import AssaultState
from hothsim.kernel.dice import Dice
from hothsim.kernel.engine import Event, Side
from hothsim.kernel.values import replace

if TYPE_CHECKING:
    from hothsim.assault.setup import Setup


def draw_card(setup: "Setup", dice: Dice, deck: tuple[int, ...], what: str) -> tuple[int, tuple[int, ...]]:
    """The next card of a deck and the cards left: its top card, or (cards drawn by rolls) the card a roll
    over the cards left picks, the others kept in their order."""
    if not setup.draws_rolled:
        return deck[0], deck[1:]
    place = dice.draw(len(deck), f"draw {what}")
    return deck[place], deck[:place] + deck[place + 1:]


def end_round(s: AssaultState) -> AssaultState:
    """The action round is over: the next card is drawn when play settles."""
    return replace(s, card=None, special=None, acted=frozenset(), luke_armor=0)


def game_over(s: AssaultState, winner: Side, why: str, ev: list[Event]) -> AssaultState:
    """The game ends with this winner and reason."""
    ev.append(Event("over", f"The {winner.capitalize()} player wins: {why}."))
    return replace(s, stage="over", winner=winner, end_reason=why, walker_move=None, fire=None, placing=None,
                   special=None)


def next_round(setup: "Setup", dice: Dice, s: AssaultState, ev: list[Event]) -> AssaultState:
    """Draw the next action round's card, after gathering and shuffling the Action deck for a new turn when
    it is spent (an Event card's Event is drawn by the caller)."""
    rules = setup.rules
    if not s.action_deck:
        turn = s.turn + 1
        count = len(rules.action_cards)
        rolled = setup.draws_rolled
        deck = tuple(range(count)) if rolled else dice.shuffle(count, f"shuffle the Action deck for turn {turn}")
        s = replace(s, turn=turn, action_deck=tuple(deck), snowstorm=False, rebel_lucky_shot=False,
                    imperial_lucky_shot=False, force_aided="")
        ev.append(Event("turn", f"turn {turn} begins: the Action deck is "
                                + ("gathered, each card to be drawn by a roll" if rolled else "shuffled")))
    card_index, rest = draw_card(setup, dice, s.action_deck, "an Action card")
    card = rules.action_card(card_index)
    s = replace(s, round=s.round + 1, action_deck=rest, card=card_index, acted=frozenset(), luke_armor=0)
    ev.append(Event("card", f"action round {s.round} (turn {s.turn}): {card.title()}", (("card", card.id),)))
    return s


def check_victory(s: AssaultState, ev: list[Event]) -> AssaultState:
    """Every Imperial unit on the map (or aboard a Walker) destroyed: the Rebel player wins."""
    if s.stage != "play" or s.placing is not None:
        return s
    if not any(u.side == "imperial" and u.where in ("map", "aboard") for u in s.units):
        return game_over(s, "rebel", "every Imperial unit on the map is destroyed", ev)
    return s
