"""The squads the computer builds for a skirmish with squads built in secret: a book of measured squads.

The expert draws its squad a card at a time, the dearer the likelier (`build_step`): a fair stand-in for
a player who takes whatever the box holds, and a poor one for a player who has played before.  Which squad
wins is no matter of taste: with the pack's 100 points the Empire can field 8 full squads and the Rebels
61, and in games between experts they win very differently (the Empire's best, Vader with troopers, 23
of 40 games, its Blizzard Scout squads 8-14, docs/lab/ai-notebook.md, "Squads measured").  The book holds the squads
`python -m benchmarks squads` measured best, each with its wins and games, for the points they were
measured at.

The computer builds a book squad when one fits: every card of it is one of the side's cards, the whole
squad costs no more than the scenario allows (Rapport counted) and it holds every card already recruited.
Among those that fit it takes one of the best `CHOICES` at random (a person meets more than one squad),
the best that still fits once it has begun.  Where none fits (other points, other cards) it draws as the
expert does.  Squads are built in secret, so the book never looks at the enemy's squad.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from hothsim.kernel.engine import SIDES, Side
from hothsim.skirmish.actions import Action, Ready, Recruit
from hothsim.skirmish.game import SkirmishGame


@dataclass(frozen=True)
class BookSquad:
    """A squad measured in games between experts: its side, the points it was built for, its cards."""

    side: Side
    points: int
    cards: tuple[str, ...]
    wins: int  # of `games` between experts against squads drawn the expert's way (benchmarks squads)
    games: int

    @property
    def share(self) -> float:
        """Its wins as a share of its games, pulled a little toward half (one win and one loss added), so
        that a squad with few games does not lead on luck."""
        return (self.wins + 1) / (self.games + 2)


#: The book: `python -m benchmarks squads` on the pack's cards at 100 points (docs/lab/ai-notebook.md, "Squads measured").
#: Only squads that won more often than the side's own drawn squads on the same seeds are in it.
BOOK: tuple[BookSquad, ...] = (
    # The Empire, seeds 1000-1039 (its drawn squads won 16 of 40 there; the Blizzard Scout's squads 8-14,
    # the squad without Vader or the Scout none).
    BookSquad("imperial", 100, ("elite-snowtrooper", "eweb-snowtrooper", "snowtrooper", "snowtrooper", "vader"),
              23, 40),
    BookSquad("imperial", 100, ("eweb-snowtrooper", "snowtrooper", "vader", "veers"), 21, 40),
    BookSquad("imperial", 100, ("elite-snowtrooper", "eweb-snowtrooper", "vader", "veers"), 19, 40),
    BookSquad("imperial", 100, ("elite-snowtrooper", "snowtrooper", "snowtrooper", "vader", "veers"), 19, 40),
    # The Rebels, seeds 2000-2035: every full squad on 6 seeds, the best 10 on 30 more (their drawn squads
    # won 29 of 36 there).  These five won more than that; the figures count the 6 seeds they were kept
    # for, which flatter them a little.  Han is in every one of them.
    BookSquad("rebel", 100, ("elite-hoth-trooper", "elite-hoth-trooper", "han", "hoth-trooper", "hoth-trooper",
                             "leia", "luke"), 33, 36),
    BookSquad("rebel", 100, ("han", "leia", "luke", "snowspeeder"), 33, 36),
    BookSquad("rebel", 100, ("han", "hoth-trooper", "hoth-trooper", "leia", "snowspeeder"), 31, 36),
    BookSquad("rebel", 100, ("atgar-trooper", "elite-hoth-trooper", "han", "hoth-trooper", "leia", "luke"), 30, 36),
    BookSquad("rebel", 100, ("atgar-trooper", "han", "leia", "luke", "rebel-leader"), 30, 36),
)

#: How many of the best squads that fit the computer chooses among when it begins a squad.
CHOICES = 2


def fitting(game: SkirmishGame, side: Side, book: Sequence[BookSquad] = BOOK) -> list[BookSquad]:
    """The book's squads `side` may still build in this game, best first: for its points, of its own side's
    cards, within the points after Rapport, holding every card recruited so far."""
    have = Counter(game.state.squads[SIDES.index(side)])
    cards = game.setup.cards
    out = []
    for squad in book:
        if squad.side != side or squad.points != game.squads.points:
            continue
        if any(c not in cards or cards[c].side != side for c in squad.cards):
            continue
        if have - Counter(squad.cards) or sum(game.squads.costs(squad.cards)) > game.squads.points:
            continue
        out.append(squad)
    return sorted(out, key=lambda s: -s.share)


def book_step(game: SkirmishGame, side: Side, rng: random.Random,
              book: Sequence[BookSquad] = BOOK) -> Action | None:
    """The next step of building a book squad (a card to recruit, or ready once it is whole), or None where
    no book squad fits or its next card is not legal now (the caller then draws as the expert does)."""
    squads = fitting(game, side, book)
    if not squads:
        return None
    have = Counter(game.state.squads[SIDES.index(side)])
    squad = squads[0] if have else rng.choice(squads[:CHOICES])
    missing = Counter(squad.cards) - have
    legal = game.legal_actions()
    if not missing:
        return next((a for a in legal if type(a) is Ready), None)
    # The card first that leaves the fewest better squads fitting, so that the squads recruited at the
    # next steps (each the best that still fits) are the one chosen now.
    better = squads[: squads.index(squad)]
    card = min(missing, key=lambda c: (sum(Counter(b.cards)[c] > have[c] for b in better), c))
    return next((a for a in legal if type(a) is Recruit and a.card == card), None)
