"""Which of Assault on Hoth's legal actions belong to a hex, a unit or the menu, what a menu row says (the
dice and the chance to hit of a fire), and which choices stay hidden from the Imperial player's eyes
(Luke's Force).  Everything comes from `game.legal_actions()` and the game's public questions.
"""

from __future__ import annotations

from hothsim.assault.actions import (
    Action,
    Armor,
    Critical,
    Fire,
    Harpoon,
    Move,
    Place,
    Walk,
)
from hothsim.kernel.hexes import DIRECTION_NAMES, Hex, distance, hex_label, neighbour
from hothsim.assault.interface import AssaultView
from hothsim.kernel.words import count


def unit_hex(game: AssaultView, uid: str) -> Hex | None:
    """Where a unit (or installation) stands on the map, if it does."""
    bf = game.setup.field
    if uid == "shield-generator":
        return bf.shield_generator
    if uid == "power-grid":
        return bf.power_grid
    if not game.state.has_unit(uid):
        return None
    u = game.state.unit(uid)
    return u.hex if u.where == "map" else None


def unit_spot(game: AssaultView, uid: str) -> Hex | None:
    """Where the cursor finds a unit: its hex, or the hex of the Walker it rides aboard."""
    here = unit_hex(game, uid)
    if here is None and game.state.has_unit(uid):
        u = game.state.unit(uid)
        if u.where == "aboard" and u.aboard:
            return unit_hex(game, u.aboard)
    return here


def riders(game: AssaultView, walker: str, movers: list[str]) -> list[str]:
    """The units aboard a Walker among those that may act now."""
    s = game.state
    return [uid for uid in movers if s.has_unit(uid) and s.unit(uid).where == "aboard" and s.unit(uid).aboard == walker]


def anchor(game: AssaultView, action: Action) -> Hex | None:
    """The hex an action is about: where a unit is placed or goes, else the hex of the unit it aims at or
    picks (the target fired at, the Walker a Snowtrooper boards, the unit an Event helps)."""
    about = action.about()
    if about.place is not None:
        return about.place
    return unit_hex(game, about.target) if about.target is not None else None


def luke_secret(game: AssaultView) -> bool:
    """Whether Luke flies a Snowspeeder that not everyone may know of: the Rebel player's observation shows
    him and the one both players share does not (the game's observation alone says what is hidden)."""
    return bool(game.observation("rebel").state.luke) and not game.observation(None).state.luke


def uses_force(action: Action) -> bool:
    """Whether an action spends Luke's Force (and so shows which Snowspeeder is his)."""
    return isinstance(action, (Fire, Harpoon)) and action.force > 0


def public(action: Action) -> bool:
    """Whether an action may be shown on a screen the Imperial player might see (Luke's Force choices not)."""
    return not uses_force(action)


def actor_of(action: Action) -> str | None:
    """The unit that acts in an action (moves, walks, fires, harpoons)."""
    return action.about().actor


def unit_actions(game: AssaultView, uid: str) -> list[Action]:
    """The legal actions of one unit, without Luke's Force variants."""
    return [a for a in game.legal_actions() if actor_of(a) == uid and public(a)]


def actors(game: AssaultView) -> list[str]:
    """Units that may act now, in a fixed order."""
    seen: list[str] = []
    for a in game.legal_actions():
        uid = actor_of(a)
        if uid is not None and uid not in seen:
            seen.append(uid)
    return seen


def menu_items(game: AssaultView, selected: str) -> list[Action]:
    """The menu: with a unit selected, its shots first, then its other choices and those about no hex,
    then its moves (walks last: they are also made step by step with w); with none, every legal action
    of the round, shots first.  Never Luke's Force."""
    acts = [a for a in game.legal_actions() if public(a)]
    order = {Fire: 0, Harpoon: 0, Move: 2, Walk: 3}  # the shots first: there are few and they matter most

    def rank(a: Action) -> int:
        return order.get(type(a), 1)
    if game.pending.kind != "act" or not selected:
        return sorted(facing_the_battle(game, acts), key=rank)
    free = [a for a in acts if anchor(game, a) is None and actor_of(a) is None]
    mine = sorted((a for a in acts if actor_of(a) == selected), key=rank)
    # Shots and the unit's other choices, then those about no hex (ending the round), then its many moves.
    return [a for a in mine if rank(a) < 2] + free + [a for a in mine if rank(a) >= 2]


def facing_the_battle(game: AssaultView, actions: list[Action]) -> list[Action]:
    """Set-up choices with a facing, those that face nearest the Shield Generator first (a Walker set up
    facing away from the battle is rarely wanted); other actions keep their order, before them."""
    goal = game.setup.field.shield_generator

    def toward(a: Action) -> tuple[int, int]:
        if type(a) is Place and a.hex is not None and a.facing is not None:
            return distance(neighbour(a.hex, a.facing), goal), a.facing
        return -1, 0
    return sorted(actions, key=toward)


def odds(game: AssaultView, action: Fire | Harpoon) -> str:
    """The dice, the armor and the chance to hit of a fire or harpoon now (or why it cannot be made)."""
    shot = game.shot(action)
    if isinstance(shot, str):
        return shot
    pct = round(game.hit_chance(shot) * 100)
    return f"{count(shot.dice, 'die', 'dice')} vs armor {shot.armor}: {pct}% to hit"


def describe_action(game: AssaultView, a: Action) -> str:
    """A menu row: the notation and, for fire, the dice, the armor and the chance to hit."""
    text = a.notation()
    if isinstance(a, (Fire, Harpoon)):
        text += "   " + odds(game, a)
        if isinstance(a, Harpoon):  # what a harpoon does, beside its odds (rule 7.4)
            text += "; a hit destroys the Walker at once, a miss does nothing"
    elif isinstance(a, Walk):
        end, facing = game.walk_end(game.state.unit(a.unit), a.steps)
        text += f"   -> {hex_label(end)} facing {DIRECTION_NAMES[facing]}"
    elif isinstance(a, Place) and a.facing is not None:
        text += f"   facing {DIRECTION_NAMES[a.facing]}: it fires toward {DIRECTION_NAMES[a.facing]}"
    elif isinstance(a, Armor):
        text += "   (no Force spent)" if a.points == 0 else f"   Luke's armor +{a.points} this action round"
    elif isinstance(a, Critical):
        text += "   (1 Force point: a body hit instead)" if a.spend else "   (the Snowspeeder is destroyed)"
    return text


def marks(game: AssaultView, action: Action) -> tuple[frozenset[Hex], frozenset[Hex]]:
    """What to mark on the map for another's decision, before it is applied: (the hexes a Walker or unit
    goes through or to, the hex fired at)."""
    s = game.state
    u = s.unit(action.unit) if type(action) is Walk and s.has_unit(action.unit) else None
    if isinstance(action, Walk) and u is not None and u.hex is not None:
        return frozenset(walk_path(u.hex, u.facing, action.steps)), frozenset()
    aim = anchor(game, action)
    if aim is None:
        return frozenset(), frozenset()
    if type(action) in (Fire, Harpoon):
        return frozenset(), frozenset({aim})
    return frozenset({aim}), frozenset()


def walk_path(start: Hex, facing: int, steps: str) -> set[Hex]:
    """The hexes a Walker steps into from `start` facing `facing` (f forward, l and r turn)."""
    h, f, path = start, facing, set()
    for c in steps:
        if c == "f":
            h = neighbour(h, f)
            path.add(h)
        else:
            f = (f + (1 if c == "r" else -1)) % 6
    return path
