"""The decisions a skirmish waits on, one value per phase of play (a tagged union on `kind`): squad
building, setting up, the initiative winner's choice, an activation, a figure's turn, an attack of
opportunity, a reroll, a Force reaction, and the end.  Each names the side that decides and, where the
phase is about a figure, that figure; the front end, the computer and the session read `kind` and find
exactly that phase's fields."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Union

from hothsim.kernel.engine import Decision, Side


@dataclass(frozen=True)
class GameOver(Decision):
    """Nobody decides: the game is over (`note`: why)."""

    player: None = None
    kind: Literal["over"] = "over"
    note: str = ""


@dataclass(frozen=True)
class SquadBuilding(Decision):
    """A side builds its squad (in secret at two machines)."""

    player: Side
    kind: Literal["build"] = "build"


@dataclass(frozen=True)
class SettingUp(Decision):
    """A side sets its next figure up in its zone."""

    player: Side
    kind: Literal["place"] = "place"


@dataclass(frozen=True)
class FirstChoice(Decision):
    """The initiative winner chooses who goes first this round."""

    player: Side
    kind: Literal["first"] = "first"


@dataclass(frozen=True)
class Activation(Decision):
    """A side chooses which of its figures acts next."""

    player: Side
    kind: Literal["activate"] = "activate"


@dataclass(frozen=True)
class FigureTurn(Decision):
    """The acting figure's turn: move, attack, use a power, or end it."""

    player: Side
    kind: Literal["turn"] = "turn"
    actor: str = ""


@dataclass(frozen=True)
class OpportunityChoice(Decision):
    """The enemies the moving figure left may attack it as it goes (`actor`: the figure moving)."""

    player: Side
    kind: Literal["opportunity"] = "opportunity"
    actor: str = ""


@dataclass(frozen=True)
class RerollChoice(Decision):
    """A missed attack or failed save may be rerolled with the Force (`actor`: whose roll)."""

    player: Side
    kind: Literal["reroll"] = "reroll"
    actor: str = ""
    note: str = ""


@dataclass(frozen=True)
class ReactionChoice(Decision):
    """The figure attacked may answer with Lightsaber Deflect or Riposte (`actor`: that figure)."""

    player: Side
    kind: Literal["reaction"] = "reaction"
    actor: str = ""
    note: str = ""


#: The decision a skirmish waits on: one of its phases.
SkirmishDecision = Union[GameOver, SquadBuilding, SettingUp, FirstChoice, Activation, FigureTurn,
                         OpportunityChoice, RerollChoice, ReactionChoice]
