"""Which of the game's legal actions belong to a square, a menu or a step of set-up, and why a choice the
player pointed at is refused.  Everything comes from `game.legal_actions()` and the game's public
questions (`refusal`, `move_plans`, `hit_chance`); nothing here knows a rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from hothsim.kernel.squares import Square, square_label
from hothsim.tui.skirmish.ui_state import mine
from hothsim.tui.screen import UIState, in_rule_words
from hothsim.skirmish.actions import (
    Action,
    Activate,
    Attack,
    ForceMove,
    ForcePower,
    Move,
    Opportunity,
    Place,
    Recruit,
)
from hothsim.skirmish.interface import Figure, SkirmishView


@dataclass(frozen=True)
class ChooseHelpers:
    """A menu row standing for every combined-fire variant of one attack: choosing it opens the toggles."""

    figure: str
    target: str
    eligible: tuple[str, ...]

    def notation(self) -> str:
        """How the menu shows it."""
        return f"attack {self.figure} {self.target} with combined fire (choose the helpers)"


@dataclass(frozen=True)
class PickFigure:
    """A set-up menu row: the figure to place next (then a square of the zone)."""

    figure: str

    def notation(self) -> str:
        """How the menu shows it."""
        return f"set up {self.figure}"


#: A row of the skirmish's menu: a decision, or one of the rows that open a further choice.
MenuItem = Action | ChooseHelpers | PickFigure


#: Actions chosen on the map at their actor's square (the figure to activate, the enemy that may make an
#: attack of opportunity) rather than at their target's.
CHOSEN_AT_ACTOR = (Activate, Opportunity)


def anchor(game: SkirmishView, action: Action) -> Square | None:
    """The square an action is about, if any: where it goes or sets up, else its figure's square."""
    about = action.about()
    if about.place is not None:
        return about.place
    fid = _subject(action)
    return game.state.fig(fid).pos if fid is not None else None


def _subject(action: Action) -> str | None:
    """The figure an action aims at or starts (for matching a big figure's whole space)."""
    about = action.about()
    return about.actor if type(action) in CHOSEN_AT_ACTOR else about.target


def actions_at(game: SkirmishView, square: Square) -> list[Action]:
    """Legal actions about a square: anchored there, or aimed at a figure whose space covers it."""
    out = []
    s = game.state
    for a in game.legal_actions():
        sq = anchor(game, a)
        if sq is None:
            continue
        if sq == square:
            out.append(a)
            continue
        fid = _subject(a)
        if fid and s.has_figure(fid) and square in s.fig(fid).space():
            out.append(a)
    return out


def collapse(actions: list[Action]) -> list[Action | ChooseHelpers]:
    """Attacks that differ only in their combined-fire helpers become the plain attack plus one row that
    opens the helper toggles."""
    out: list[Action | ChooseHelpers] = []
    seen: set[tuple[str, str]] = set()
    for a in actions:
        if type(a) is Attack:
            key = (a.figure, a.target)
            if key in seen:
                continue
            seen.add(key)
            variants = [b for b in actions if type(b) is Attack and (b.figure, b.target) == key]
            eligible = tuple(sorted({h for b in variants for h in b.helpers}))
            out.append(Attack(a.figure, a.target))
            if eligible:
                out.append(ChooseHelpers(a.figure, a.target, eligible))
            continue
        out.append(a)
    return out


def label(game: SkirmishView, item: MenuItem) -> str:
    """A menu row: the notation, with the chance to hit of an attack and the cost of a card."""
    text = item.notation()
    if type(item) is Attack:
        text += f"   ({game.hit_chance(item)}% to hit)"
    elif type(item) is ForceMove:
        fig = game.state.fig(item.figure)
        text += f"   (1 of {fig.force} Force: 2 more squares)"
    elif type(item) is ForcePower and item.power == "grip":
        text += f"   (1 Force, no attack: {grip_words(game, item)})"
    elif type(item) is Recruit:
        text = f"recruit {game.setup.cards[item.card].name} ({game.setup.cards[item.card].cost} points)"
    elif type(item) is PickFigure:
        text = f"set up {game.setup.cards[game.state.fig(item.figure).card].name} ({item.figure})"
    return text


def grip_words(game: SkirmishView, item: ForcePower) -> str:
    """What a Force Grip would do: its damage after the target's Damage Reduction."""
    dealt = game.grip_damage(item)
    return f"{dealt} damage" if dealt else "no damage: Damage Reduction"


def card_notes(game: SkirmishView, item: MenuItem) -> list[str]:
    """Under a squad-building menu: the stat card a recruit row would add (nothing under 'ready')."""
    return game.card_sheet(item.card) if type(item) is Recruit else []


def menu_items(game: SkirmishView) -> list[Action | ChooseHelpers] | list[PickFigure]:
    """The menu: choices about no square first, then every other choice (moves are chosen on the map;
    set-up is a figure, then a square)."""
    acts = game.legal_actions()
    if game.pending.kind == "place":
        return [PickFigure(f) for f in to_place(game)]
    free = [a for a in acts if anchor(game, a) is None]
    rest = [a for a in acts if anchor(game, a) is not None and type(a) is not Move]
    return collapse(free + rest)


def figure_at(game: SkirmishView, square: Square) -> Figure | None:
    """The living figure whose space covers the square, if any."""
    for f in game.state.living():
        if square in f.space():
            return f
    return None


def to_place(game: SkirmishView) -> list[str]:
    """The figures still to be set up by the player deciding, in the game's order."""
    seen: list[str] = []
    for a in game.legal_actions():
        if type(a) is Place and a.figure not in seen:
            seen.append(a.figure)
    return seen


def placing_figure(game: SkirmishView, ui: UIState) -> str:
    """The figure the next set-up square is for: the one picked, else the first still to place."""
    if game.pending.kind != "place":
        return ""
    waiting = to_place(game)
    return mine(ui).placing if mine(ui).placing in waiting else (waiting[0] if waiting else "")


def why_not_here(game: SkirmishView, ui: UIState, square: Square) -> str:
    """Why Enter on this square chooses nothing, in the rule's words where a rule refuses it."""
    d = game.pending
    s = game.state
    f = figure_at(game, square)
    where = square_label(square)
    if d.kind == "place":
        who = placing_figure(game, ui)
        why = game.refusal(Place(who, square)) if who else None
        return f"{who} cannot be set up on {where}: {in_rule_words(why)}" if why else "nothing to set up now"
    if d.kind == "activate" and f is not None:
        why = game.refusal(Activate(f.id))
        return f"{f.id} cannot be activated: {in_rule_words(why)}" if why else ""
    if d.kind == "turn" and s.turn is not None:
        me = s.fig(s.turn.figure)
        if f is not None and f.side != me.side:
            why = game.refusal(Attack(me.id, f.id))
            return f"{me.id} cannot attack {f.id}: {in_rule_words(why)}" if why else ""
        if f is None:
            why = game.move_refusal(square)
            return f"{me.id} cannot move to {where}: {in_rule_words(why)}" if why else ""
        if f.id == me.id:
            return f"{me.id} is acting: move the cursor to a square or a target, or m for the menu"
    return f"nothing to choose on {where}: move the cursor, or press m for the menu"


def marks(game: SkirmishView, action: Action) -> tuple[frozenset[Square], frozenset[Square]]:
    """What to mark on the map for another's decision, before it is applied: (the squares a move steps
    into, the squares of the figure an action is aimed at)."""
    if type(action) is Move:
        return frozenset((p[0], p[1]) for p in action.path), frozenset()
    s = game.state
    aim = anchor(game, action)
    if aim is None or type(action) in (Place, Activate):
        return frozenset(), frozenset({aim} if aim is not None else ())
    target = next((f for f in s.living() if aim in f.space()), None)
    return frozenset(), frozenset(target.space() if target is not None else (aim,))


def whole_card(game: SkirmishView, ui: UIState) -> tuple[str, tuple[str, ...]] | None:
    """The whole card of the figure under the cursor (in set-up, of the figure to place): every ability,
    Force power and commander effect with its words; None where there is no figure."""
    f = figure_at(game, ui.cursor)
    if f is None and placing_figure(game, ui):
        f = game.state.fig(placing_figure(game, ui))
    if f is None:
        return None
    return f"{f.id}: the whole card", tuple(game.describe(f.id))
