"""Squads: their cost (with Rapport), and building them in secret for the `skirmish` scenario.

Each player builds a squad of up to the scenario's points from the pack's figures of their side (Rebels
are the light side, Imperials the dark side): at most as many of a card as the pack holds, one Unique
character of each given name.  Rapport lowers the cost of the characters it names (never below 1); the
lowered cost is also what a defeated character scores in the tie-breaker.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from hothsim.skirmish.actions import Action, Ready, Recruit
from hothsim.skirmish.cards import Card
from hothsim.kernel.dice import Dice
from hothsim.kernel.engine import Decision, Event, IllegalAction, SecretsNeeded
from hothsim.kernel.engine import SIDES, Side, other
from hothsim.skirmish.state import Figure, GameState
from hothsim.kernel.values import replace


#: A character recruited by the other side that this copy has not seen (`recruit ?`, at two machines).
UNSEEN_CARD = "?"


class SquadRules:
    """Costs and squad building for one card set and points limit."""

    def __init__(self, cards: dict[str, Card], points: int) -> None:
        self.cards = cards
        self.points = points

    def costs(self, squad: Sequence[str]) -> list[int]:
        """The cost of each card of a squad after Rapport (each Rapport ability counts once)."""
        rapports = {(a[1], a[2]) for cid in squad if cid != UNSEEN_CARD
                    for a in self.cards[cid].abilities if a[0] == "Rapport"}
        out = []
        for cid in squad:
            if cid == UNSEEN_CARD:  # not seen here: counted when it is revealed
                out.append(0)
                continue
            c = self.cards[cid]
            cost = c.cost
            for name, n in rapports:
                if name.lower() in c.name.lower():
                    cost -= n or 0
            out.append(max(1, cost))
        return out

    def cost_of(self, s: GameState, fig: Figure) -> int:
        """What a figure costs within its squad (the tie-breaker's points)."""
        squad = [f.card for f in s.figures if f.side == fig.side]
        ids = [f.id for f in s.figures if f.side == fig.side]
        return self.costs(squad)[ids.index(fig.id)]

    def _squad(self, s: GameState, side: Side) -> tuple[str, ...]:
        return s.squads[SIDES.index(side)]

    def _problem(self, s: GameState, side: Side, cid: str) -> str | None:
        card = self.cards.get(cid)
        if card is None:
            return f"there is no card {cid!r}"
        if card.side != side:
            return f"{card.name} fights for the {card.side} side"
        squad = self._squad(s, side)
        if squad.count(cid) >= card.copies:
            return f"the pack has {card.copies} {card.name} figure(s)"
        if card.unique and any(o != UNSEEN_CARD and self.cards[o].unique and self.cards[o].given_name == card.given_name
                               for o in squad):
            return f"the squad already has a Unique {card.given_name}"
        total = sum(self.costs(squad + (cid,)))
        if total > self.points:
            return f"that makes {total} points; a squad may have {self.points}"
        return None

    def build_actions(self, s: GameState, side: Side) -> list[Action]:
        """Every card that may join the squad now, and `ready` once it has anyone."""
        out: list[Action] = [Recruit(cid) for cid in sorted(self.cards) if self._problem(s, side, cid) is None]
        if self._squad(s, side):
            out.append(Ready())
        return out

    def why_not(self, s: GameState, side: Side, action: Action) -> tuple[str, str]:
        """The rule a refused building action breaks."""
        if isinstance(action, Recruit):
            return ("squad building", self._problem(s, side, action.card) or "not allowed now")
        return ("squad building", "a squad needs at least one character")

    def apply(self, s: GameState, side: Side, action: Action, ev: list[Event]) -> GameState:
        """Add a card, or finish the squad; when both are finished, setup begins (figures come next)."""
        i = SIDES.index(side)
        if isinstance(action, Recruit):
            squads = list(s.squads)
            squads[i] = squads[i] + (action.card,)
            ev.append(Event("build", f"{side} recruits a character (secret)"))
            return replace(s, squads=(squads[0], squads[1]))
        assert isinstance(action, Ready)
        ready = s.ready | {side}
        if len(ready) == 2 and any(UNSEEN_CARD in squad for squad in s.squads):
            raise SecretsNeeded("squads")
        seen = UNSEEN_CARD not in self._squad(s, side)
        ev.append(Event("build", f"{side}'s squad is ready"
                        + (f" ({sum(self.costs(self._squad(s, side)))} points)" if seen else "")))
        if len(ready) == 2:
            for sd in SIDES:
                names = ", ".join(self.cards[c].name for c in self._squad(s, sd))
                ev.append(Event("build", f"{sd} squad revealed: {names}"))
            return replace(s, ready=ready, stage="setup")
        return replace(s, ready=ready)


class SecretSquads:
    """A skirmish game's squads as secrets at two machines (mixed into SkirmishGame): each recruit is
    committed, not sent; the other copy records it unseen (`recruit ?`) until the squads are revealed,
    which the last `ready` does, each side's recruits revealed first."""

    _state: GameState
    squads: SquadRules
    dice: Dice

    if TYPE_CHECKING:  # what the game it is mixed into provides
        @property
        def pending(self) -> Decision:
            """The decision the game waits on."""
            ...

        def _commit(self, action: Any, state: GameState, rolls_from: int) -> None:
            """Make a state current and record the action."""
            ...

    def pending_secret(self) -> str:
        """Squads are built in secret."""
        return "squads" if self._state.stage == "build" else ""

    def secret_of(self, action: Any) -> str:
        """A recruit is secret; making a squad ready is not."""
        return "squads" if type(action) is Recruit and self._state.stage == "build" else ""

    def unseen_notation(self) -> str:
        """`recruit ?`: a character the other side recruited, not seen here."""
        return Recruit(UNSEEN_CARD).notation() if self.pending_secret() else ""

    def apply_unseen(self) -> list[Event]:
        """A character the other side recruited, not seen: counted as nothing until it is revealed."""
        if not self.pending_secret():
            raise IllegalAction("secrets", "no secret decision is pending")
        ev: list[Event] = []
        side = self.pending.decider
        state = self.squads.apply(self._state, side, Recruit(UNSEEN_CARD), ev)
        self._commit(Recruit(UNSEEN_CARD), state, len(self.dice.log))
        return ev

    def reveals(self, action: Any) -> frozenset[str]:
        """The last squad made ready reveals both."""
        s = self._state
        last = type(action) is Ready and s.stage == "build" and other(self.pending.decider) in s.ready
        return frozenset({"squads"}) if last else frozenset()
