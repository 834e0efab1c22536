"""What keys do on the Assault on Hoth screen: pure functions from (game, UI state, key) to a new UI state
and maybe a decision.  The keys every screen shares (help, log, roster, menus, questions) are in
`tui.screen`.

The cursor moves over hexes (`UIState.cursor` is the hex's (column, row) from 0).  Enter on one of your
units that may act selects it; then Enter on a hex moves it there, and Enter on an enemy shows the dice,
the armor and the chance to hit and asks before firing.  A selected Walker walks in steps: `w` starts,
then Up goes one hex forward, Left turns it counter-clockwise and Right clockwise as seen on the screen,
Backspace takes back a step, Enter sends it and Esc gives up.  `m` lists every legal choice.  `F` opens
Luke's Force choices behind a hand-over screen, for the Rebel player's eyes only.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable
from hothsim.assault.actions import Action, Board, Done, Fire, Harpoon, Move, Place, Walk
from hothsim.kernel.engine import Decision
from hothsim.kernel.hexes import DIRECTION_NAMES, Hex, hex_from_offset, hex_label, neighbour, offset_of
from hothsim.kernel.words import count
from hothsim.tui.assault.choices import (
    actors,
    anchor,
    describe_action,
    facing_the_battle,
    luke_secret,
    menu_items,
    odds,
    public,
    riders,
    unit_actions,
    unit_hex,
    unit_spot,
    uses_force,
)
from hothsim.ai.set_up import set_up_plan
from hothsim.tui.keymap import Key, help_section, lookup
from hothsim.tui.assault.ui_state import mine, with_mine
from hothsim.tui.screen import (
    BACKSPACE,
    ENTER,
    ESC,
    GLOBAL_KEYS,
    MOUSE,
    MOVES,
    SESSION_KEYS,
    Confirm,
    Outcome,
    Several,
    UIState,
    in_rule_words,
    open_menu,
    seen,
    step_cursor,
)
from hothsim.assault.interface import AssaultView, Unit

#: How a turn goes, in our own words (the `?` screen shows it under the scenario's goal).
PRIMER = [
    "How a turn goes",
    "  A turn is a run of action rounds. Each action round begins with an",
    "  Action card from the deck: it names one side's units and what they",
    "  may do this round (move, fire, or either; Snowspeeders may harpoon).",
    "  The player moves or fires with as many of those units as they like,",
    "  one at a time, then ends the round. When the deck runs out, the turn",
    "  ends and the cards are shuffled for the next.",
    "  A Draw Event card turns up an Event instead: reinforcements, a lucky",
    "  shot, a snowstorm, or Transports Away!, the Rebels' clock: when",
    "  enough transports are away, the Rebels win.",
    "  A unit moving gets 5 MPs (Walkers pay more for turning and rough).",
    "  Fire rolls dice: the firer's strength less the range in macrohexes;",
    "  it hits when the symbols that count for the firer reach the target's",
    "  armor. A Walker fires only into its field of fire, ahead of it.",
]

#: The help's legend after the keys: how to read the map, and the fire dice.
LEGEND = [
    "Map",
    "  Each hex is three characters: a mark, the unit or terrain, a mark.",
    "  Terrain: . , ; clear (the glyph changes from one macrohex to the next,",
    "  so range can be counted without colour)  % rough  ^ cliff  B Base entry",
    "  G Shield Generator  P Power Grid  x destroyed",
    "  = = the Forward Line   : : the Imperial sector   3 4 Rebel sectors",
    "  Imperial: W Walker (arrow = facing)  A AT-ST",
    "            t/T light/heavy Snowtrooper",
    "  Rebel:    S Snowspeeder  r/R light/heavy Trooper  L Laser Tower",
    "  The last character of a unit is its number (walker-2 is W2; 10 is 0,",
    "  11 on a, b, ...). Troops aboard a Walker: in its display (cursor on it).",
    "  ' a selected Walker's field of fire, * where a unit may go, + its path;",
    "  targets are highlighted.",
    "Fire dice",
    "  Each die has two Vader faces (V), two Saber faces (S) and two blanks",
    "  (B). The Imperial player counts Vaders, the Rebel player Sabers: 'SBB'",
    "  is one Saber and two blanks. A fire hits when the symbols that count",
    "  are at least the target's armor.",
]


#: Luke's questions, each opened as a menu at once (one key answers: Enter on the first row spends nothing).
LUKES_QUESTIONS = {"armor": "Luke's armor against this fire: Enter spends nothing, or choose his Force points",
                   "critical": "Luke's Force against this critical hit? Choose (Enter)"}


def start(game: AssaultView, ui: UIState) -> UIState:
    """Where the cursor starts a decision: on a hex to place on, on a unit that may act, on the decision's
    unit, on a unit an Event may help; else on a unit on the map, or at the top of the middle column."""
    s = game.state
    if game.pending.kind in LUKES_QUESTIONS:  # answered with one key: the menu is open, Enter takes its row
        items = game.legal_actions()
        where = unit_hex(game, s.fire.target) if s.fire is not None and s.has_unit(s.fire.target) else None
        ui = replace(ui, cursor=offset_of(where)) if where is not None else ui
        return open_menu(ui, LUKES_QUESTIONS[game.pending.kind], items, [describe_action(game, a) for a in items])
    here = next((a.hex for a in game.legal_actions() if type(a) is Place and a.hex is not None), None)
    if here is None:
        here = next((h for u in actors(game) if (h := unit_spot(game, u)) is not None), None)
    if here is None and game.pending.unit and s.has_unit(game.pending.unit):
        here = unit_hex(game, game.pending.unit)
    if here is None and game.pending.kind == "choose":  # on a unit the Event may help (Enter chooses it)
        here = next((h for a in game.legal_actions() if (h := anchor(game, a)) is not None), None)
    if here is None and ui.cursor != (0, 0):
        return ui
    if here is None:
        here = next((u.hex for u in s.units if u.where == "map"), None)
    return replace(ui, cursor=offset_of(here) if here is not None else (game.setup.field.map.columns // 2, 0))


def board_size(game: AssaultView) -> tuple[int, int]:
    """The map's columns and rows of hexes."""
    m = game.setup.field.map
    return m.columns, m.rows


def cursor_hex(ui: UIState) -> Hex:
    """The hex under the cursor."""
    return hex_from_offset(ui.cursor[0], ui.cursor[1])


def choose(game: AssaultView, ui: UIState, item: Action) -> Outcome:
    """A menu row chosen: a fire asks first (with its odds), anything else is applied."""
    ui = with_mine(ui, selected="", walk="", walking=False)
    if isinstance(item, (Fire, Harpoon)):
        return _ask_fire(game, ui, item)
    return ui, item, False


def _ask_fire(game: AssaultView, ui: UIState, action: Fire | Harpoon) -> Outcome:
    what = "harpoon" if type(action) is Harpoon else "fire at"
    # What the shot costs is part of the question: Luke's Force points are spent whether it hits or not.
    spent = f" with {action.force} of Luke's {game.state.force} Force points" if action.force else ""
    return replace(ui, confirm=Confirm(f"{action.unit} {what} {action.target}{spent}: {odds(game, action)}. Fire?",
                                       action)), None, False


def turn_words(facing: int, step: str) -> str:
    """What a turn key does, as seen on the screen: 'counter-clockwise to face north-west'."""
    new = (facing + (1 if step == "r" else -1)) % 6
    return f"{'clockwise' if step == 'r' else 'counter-clockwise'} to face {DIRECTION_NAMES[new]}"


def _walk_step(step: str) -> Callable[[AssaultView, UIState, str], Outcome]:
    """A steering key: one hex forward ("f"), or a turn counter-clockwise ("l") or clockwise ("r")."""
    def steer(game: AssaultView, ui: UIState, key: str) -> Outcome:
        me = mine(ui)
        w = game.state.unit(me.selected)
        steps = me.walk + step
        why = game.walk_problem(w, steps)
        if why:
            return replace(ui, message=why), None, False
        h, _ = game.walk_end(w, steps)
        return replace(with_mine(ui, walk=steps), cursor=offset_of(h), message=""), None, False
    return steer


def _walk_back(game: AssaultView, ui: UIState, key: str) -> Outcome:
    me = mine(ui)
    if not me.walk:
        return ui, None, False
    steps = me.walk[:-1]
    h, _ = game.walk_end(game.state.unit(me.selected), steps)
    return replace(with_mine(ui, walk=steps), cursor=offset_of(h)), None, False


def _walk_go(game: AssaultView, ui: UIState, key: str) -> Outcome:
    me = mine(ui)
    if not me.walk:
        return ui, None, False
    action = Walk(me.selected, me.walk)
    why = game.refusal(action)
    if why is not None:
        return replace(ui, message=f"that walk is not allowed: {in_rule_words(why)}"), None, False
    return replace(with_mine(ui, walk="", walking=False, selected=""), message=""), action, False


def _walk_quit(game: AssaultView, ui: UIState, key: str) -> Outcome:
    w = game.state.unit(mine(ui).selected)
    back = offset_of(w.hex) if w.hex is not None else ui.cursor
    return replace(with_mine(ui, walk="", walking=False), cursor=back, message=""), None, False


def _force(game: AssaultView, ui: UIState) -> Outcome:
    """F: Luke's Force choices, behind a hand-over screen while Luke is still a secret."""
    s = seen(game, "rebel")  # behind a hand-over: the Rebel player's eyes only
    if game.pending.player != "rebel" or not s.luke:
        return replace(ui, message="Luke's Force is the Rebel player's to spend, on the Rebel turn"), None, False
    items = [a for a in game.legal_actions() if uses_force(a)]
    handover = ("Rebel player only: the Imperial player looks away. Luke's Force choices follow (they show "
                "which Snowspeeder Luke flies).") if luke_secret(game) and ui.handovers else ""
    if not items:
        return replace(ui, handover=handover, message=f"Luke flies {s.luke}: {s.force} Force points left; no "
                       f"Force choice now"), None, False
    ui = open_menu(ui, f"Luke flies {s.luke}: {s.force} Force points. Choose (Enter), or Esc", items,
                   [describe_action(game, a) for a in items])
    return replace(ui, handover=handover), None, False


def key(game: AssaultView, ui: UIState, key: str) -> Outcome:
    """A key the shared layer did not take, answered by the table of the screen's mode: a Walker being
    steered, or the map."""
    me = mine(ui)
    steering = me.walking and me.selected and game.pending.kind == "act" and game.state.has_unit(me.selected)
    handler = MODE_KEYS["walking" if steering else "map"].get(key)
    return handler(game, ui, key) if handler is not None else (ui, None, False)


def _cursor(game: AssaultView, ui: UIState, key: str) -> Outcome:
    m = game.setup.field.map
    return replace(ui, cursor=step_cursor(ui.cursor, key, m.columns, m.rows), message=""), None, False


def _start_walk(game: AssaultView, ui: UIState, key: str = "") -> Outcome:
    selected = mine(ui).selected
    if selected and any(type(a) is Walk for a in unit_actions(game, selected)):
        return replace(with_mine(ui, walking=True, walk=""), message=""), None, False
    return replace(ui, message="select a Walker that may move first (Enter on it)"), None, False


def _deselect(game: AssaultView, ui: UIState, key: str = "") -> Outcome:
    return replace(with_mine(ui, selected="", walk="", walking=False), look=False, message=""), None, False


def _next_unit(game: AssaultView, ui: UIState, key: str = "") -> Outcome:
    units = [unit_spot(game, u) for u in actors(game)] or [u.hex for u in game.state.units if u.where == "map"
                                                           and u.side == game.pending.player]
    spots = sorted({offset_of(h) for h in units if h is not None})  # troops aboard: their Walker's hex
    if spots:
        after = [p for p in spots if p > ui.cursor]
        return replace(ui, cursor=(after or spots)[0], message=""), None, False
    return replace(ui, message="no unit of yours may act on the map now"), None, False


def _auto_set_up(game: AssaultView, ui: UIState, key: str = "") -> Outcome:
    if game.pending.kind not in ("place", "board"):
        return replace(ui, message="a places your units during set-up only"), None, False
    plan = set_up_plan(game)
    if not plan:
        return replace(ui, message="none of your units is left to set up"), None, False
    # The last one waits under the cursor for Enter, so that the player may still adjust (U) first.
    aim = _last_set_up(game, plan)
    here = offset_of(aim) if aim is not None else ui.cursor
    placed = f"placed {count(len(plan) - 1, 'unit')}; " if len(plan) > 1 else ""
    ui = replace(ui, cursor=here, message=f"{placed}Enter (or m) sets up {plan[-1].unit} here"
                 + (" (U takes placements back to adjust them)" if placed else ""))
    return ui, (Several(plan[:-1]) if len(plan) > 1 else None), False


def _end_round(game: AssaultView, ui: UIState, key: str = "") -> Outcome:
    if Done() in game.legal_actions():
        return with_mine(ui, selected="", walk=""), Done(), False
    return replace(ui, message="the action round cannot be ended now"), None, False


def _menu(game: AssaultView, ui: UIState, key: str = "") -> Outcome:
    items = menu_items(game, mine(ui).selected)
    if not items:
        return replace(ui, message="nothing to choose from a menu now"), None, False
    return open_menu(ui, "Choose (Enter), or Esc", items, [describe_action(game, a) for a in items]), None, False


#: The map's keys (besides the shared layer's), each to what it does and what the help says of it.
MAP_KEYS: tuple[Key, ...] = (
    Key(tuple(MOVES), _cursor, "move over the hexes", label="arrows, h j k l, number pad"),
    Key(ENTER, lambda game, ui, key: _enter(game, ui), "on your unit: select it; then on a * hex: move there; "
        "on a highlighted enemy: see the dice and the chance to hit, y fires"),
    Key(("w",), _start_walk, "walk the selected Walker, step by step (keys below)"),
    Key(("m", " "), _menu, "every legal choice now (with a unit selected: its choices first)"),
    Key(("a",), _auto_set_up, "set-up: place (or board) the rest of your units as the computer would; U "
        "takes them back"),
    Key(("e",), _end_round, "end the action round (asks first if units may still act)"),
    Key(("\t",), _next_unit, "the next unit that may act"),
    Key(ESC, _deselect, "deselect the unit, or leave look mode"),
    Key(("F",), lambda game, ui, key: _force(game, ui), "Luke's Force (Rebel only: a hand-over screen comes "
        "first)"),
    Key(("c",), lambda game, ui, key: (replace(ui, chart=True, help_top=0), None, False),
        "the Fire/Armor chart, and the damage tables: what a body, blaster, leg or gunner hit does"),
    Key(("x",), lambda game, ui, key: (replace(ui, look=not ui.look), None, False),
        "look mode: the map without the overlay of the decision"))

#: The keys while a Walker is steered (after w): directions as seen on the screen.
WALK_KEYS: tuple[Key, ...] = (
    Key(("KEY_UP", "k", "8"), _walk_step("f"), "one hex forward"),
    Key(("KEY_LEFT", "h", "4"), _walk_step("l"), "turn counter-clockwise"),
    Key(("KEY_RIGHT", "l", "6"), _walk_step("r"), "turn clockwise"),
    Key(BACKSPACE, _walk_back, "take back a step"),
    Key(ENTER, _walk_go, "walk the steps planned"),
    Key(ESC, _walk_quit, "give up the walk"))

MODE_KEYS: dict[str, dict[str, Any]] = {"map": lookup(MAP_KEYS), "walking": lookup(WALK_KEYS)}

#: The `?` help: made from the key tables (so that it names every key they answer), then the legend.
HELP = [*help_section("Keys (Assault on Hoth)", MAP_KEYS + GLOBAL_KEYS + SESSION_KEYS), MOUSE,
        *help_section("Walking a Walker (after w)", WALK_KEYS), *LEGEND]


def _last_set_up(game: AssaultView, plan: tuple[Action, ...]) -> Hex | None:
    """Where the last choice of a set-up plan happens: the hex it places a unit on, or the hex of the Walker
    it boards (placed by the plan itself, or before)."""
    last = plan[-1]
    if type(last) is Board:
        placed = {a.unit: a.hex for a in plan if type(a) is Place}
        return placed.get(last.walker) or anchor(game, last)
    return anchor(game, last)


def _enter(game: AssaultView, ui: UIState) -> Outcome:
    if game.pending.kind != "act":
        return _enter_choice(game, ui)
    here = cursor_hex(ui)
    s = game.state
    occupant = s.occupant(here)
    movers = actors(game)
    selectable = occupant is not None and occupant.id in movers
    aboard = riders(game, occupant.id, movers) if occupant is not None and not selectable else []
    selected = mine(ui).selected
    if aboard and occupant is not None and selected not in aboard and not (selected and any(
            anchor(game, a) == here for a in unit_actions(game, selected))):
        # The Walker may not act on this card, but the troops it carries may: Enter selects them.
        return replace(with_mine(ui, selected=aboard[0], walk=""),
                       message=f"{aboard[0]} (aboard {occupant.id}) selected: "
                       "Enter on a * hex gets off there, m lists its choices"), None, False
    # Enter on another of your units selects it, unless the selected unit has a choice on that hex
    # (a Snowtrooper mounting its Walker, say).
    if not selected or (selectable and occupant is not None and occupant.id != selected
                        and not any(anchor(game, a) == here for a in unit_actions(game, selected))):
        if selectable and occupant is not None:
            chosen = occupant.id
            return replace(with_mine(ui, selected=chosen, walk=""), message=f"{chosen} selected"), None, False
        return replace(ui, message=_why_not_select(game, occupant, movers)), None, False
    choices = [a for a in unit_actions(game, selected) if anchor(game, a) == here and type(a) is not Walk]
    if len(choices) == 1:
        return choose(game, ui, choices[0])
    if choices:
        return open_menu(ui, "Choose (Enter), or Esc", choices, [describe_action(game, a) for a in choices]), \
            None, False
    return replace(ui, message=_why_not_there(game, ui, occupant, here)), None, False


def _enter_choice(game: AssaultView, ui: UIState) -> Outcome:
    """Enter outside an action round: the choice on the cursor's hex (a placement, a boarding, a push)."""
    here = cursor_hex(ui)
    if all(anchor(game, a) is None for a in game.legal_actions()):
        return _menu(game, ui)  # nothing is chosen on the map now (Luke's armor, a repair): the menu
    choices = facing_the_battle(game, [a for a in game.legal_actions() if anchor(game, a) == here and public(a)])
    if len(choices) == 1:
        return choose(game, ui, choices[0])
    if choices:
        return open_menu(ui, "Choose (Enter), or Esc", choices, [describe_action(game, a) for a in choices]), \
            None, False
    d = game.pending
    if d.kind == "place" and d.unit is not None:
        why = game.refusal(Place(d.unit, here))
        return replace(ui, message=f"{d.unit} cannot be placed on {hex_label(here)}: "
                       f"{in_rule_words(why) if why else 'choose a * hex'}"), None, False
    return replace(ui, message=f"nothing to choose on {hex_label(here)}: m lists the choices"), None, False


def _why_not_select(game: AssaultView, occupant: Unit | None, movers: list[str]) -> str:
    s = game.state
    if occupant is not None and occupant.side == game.pending.player and occupant.hex is not None:
        why = game.refusal(Move(occupant.id, hex_label(occupant.hex)))
        return f"{occupant.id} cannot act now: {in_rule_words(why) if why else 'choose it with Enter'}"
    if any(s.unit(u).where in ("base", "aboard") for u in movers):
        return "no unit of yours that may act here; units in the Base or aboard a Walker: m for the menu"
    return f"no unit of yours that may act here ({game.round_title()}); Tab finds one, m lists every choice"


def _why_not_there(game: AssaultView, ui: UIState, occupant: Unit | None, here: Hex) -> str:
    sel = mine(ui).selected
    if occupant is not None and occupant.id == sel:
        return f"{sel} is selected: Enter on a * hex moves it, on a highlighted enemy fires; Esc deselects"
    if occupant is not None and occupant.side != game.pending.player:
        why = game.refusal(Fire(sel, occupant.id))
        return f"{sel} cannot fire at {occupant.id}: {in_rule_words(why) if why else 'not now'}"
    if occupant is None and not mine(ui).walking:
        u = game.state.unit(sel)
        if u.type == "walker":
            return f"{sel} is a Walker: w walks it step by step (Up forward, Left/Right turn)"
        return f"{sel} cannot move to {hex_label(here)}: choose a * hex"
    return f"nothing for {sel} on {hex_label(here)}: Esc deselects"


def facing_ahead(game: AssaultView, uid: str, steps: str) -> str:
    """The hex ahead of a Walker after its planned steps (for the prompt)."""
    h, f = game.walk_end(game.state.unit(uid), steps)
    ahead = neighbour(h, f)
    return hex_label(ahead) if ahead in game.terrain.terrain else "the map's edge"


def handover(game: AssaultView, before: Decision | None) -> str:
    """Luke's secret: the Imperial player looks away while he is assigned and when he may answer a fire."""
    after = game.pending
    if after.kind == "luke":
        return ("Hand over to the Rebel player: the Imperial player looks away while Luke is assigned to a "
                "Snowspeeder in secret.")
    if after.kind in ("armor", "critical") and luke_secret(game):
        return ("Rebel player: decide on Luke's Force for this Snowspeeder. The Imperial player looks away "
                "(Luke is still a secret).")
    return ""
