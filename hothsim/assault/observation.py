"""What one side of Assault on Hoth may know, and games consistent with it (for the computer opponent).

The map, the damage, the cards played and the Event cards drawn are public.  Hidden are the order of the
cards still in the Action and Event decks (from both players), and which Snowspeeder Luke flies (from the
Imperial player, until he uses the Force).  An observation keeps only the decks' contents, in a fixed
order, and blanks Luke's Snowspeeder for the Imperial side; `determinize` deals a game consistent with it:
the decks shuffled and Luke put in one of the Snowspeeders he may be flying, by the caller's seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Generic, TypeVar

from hothsim.assault.rules import AssaultRules
from hothsim.assault.state import AssaultState
from hothsim.kernel.dice import Dice, SeededDice
from hothsim.kernel.engine import Side
from hothsim.kernel.values import replace

if TYPE_CHECKING:
    from hothsim.assault.movement import Terrain
    from hothsim.assault.setup import Setup

G = TypeVar("G")
#: Deals a playable game of a setup, a state, dice and the terrain (the game module's `deal`): the
#: observation is handed it, so the rules here never reach back for the game class.
Dealer = Callable[["Setup", AssaultState, Dice, "Terrain"], G]


@dataclass(frozen=True)
class AssaultObservation(Generic[G]):
    """The game as `side` sees it: decks in a fixed order, and Luke's Snowspeeder only if `side` may know
    it (`luke_choices` lists the Snowspeeders he may be flying otherwise)."""

    side: Side | None
    state: AssaultState
    luke_choices: tuple[str, ...]
    setup: "Setup"  # fixed for the whole game: the rules, the map, the scenario
    terrain: "Terrain"
    deal: "Dealer[G]" = field(compare=False, repr=False)

    def key(self) -> tuple[AssaultState, tuple[str, ...]]:
        """What the observation holds, for comparing two of them."""
        return self.state, self.luke_choices

    def determinize(self, seed: int) -> G:
        """A game consistent with the observation: decks shuffled, Luke placed, fresh dice from `seed`."""
        rng = random.Random(seed)
        s = self.state
        action, event = list(s.action_deck), list(s.event_deck)
        rng.shuffle(action)
        rng.shuffle(event)
        s = replace(s, action_deck=tuple(action), event_deck=tuple(event))
        if self.luke_choices:
            s = replace(s, luke=rng.choice(self.luke_choices))
        return self.deal(self.setup, s, SeededDice(rng.getrandbits(64)), self.terrain)


def observe(setup: "Setup", terrain: "Terrain", rules: AssaultRules, s: AssaultState, side: Side | None,
            deal: "Dealer[G]") -> AssaultObservation[G]:
    """What `side` may know of a game of Assault on Hoth in state `s` (side None: what both may know,
    Luke's Snowspeeder hidden as from the Imperial player)."""
    s = replace(s, action_deck=tuple(sorted(s.action_deck)), event_deck=tuple(sorted(s.event_deck)))
    choices: tuple[str, ...] = ()
    if s.luke and not s.luke_revealed and side != "rebel":
        speeders = [u.id for u in s.units if rules.units[u.type].is_speeder and u.side == "rebel"]
        alive = [uid for uid in speeders if s.unit(uid).alive]
        choices = tuple(alive or speeders)
        s = replace(s, luke="")
    return AssaultObservation(side, s, choices, setup, terrain, deal)
