"""Every kind of menu in both games: the highlight is moved to each row in turn (by keys, and by a mouse
click on the row), and Enter applies exactly the action of the highlighted row, read back from the record.

The menus are found by playing seeded random games through the keys and opening, at each kind of decision
met, the menu (`m`), the menu of a square or hex with several choices (Enter), and Luke's Force menu (`F`).
"""

from __future__ import annotations

import functools
import random
from dataclasses import replace

import pytest

from hothsim.tui.skirmish.ui_state import mine
from hothsim.games import open_game
from hothsim.tui.screen import UIState, after_decision, click, draw, press
from hothsim.tui.screens import screen_for
from tests.conformance import choose
from tests.ui import drive

W, H = 100, 30


def highlighted_row(fr) -> str:
    rows = [fr.line(y) for y in range(fr.height) if "menu-chosen" in fr.attrs[y]]
    assert len(rows) == 1, "exactly one row is highlighted"
    return rows[0]


def to_row(menu, i: int) -> list[str]:
    """Keys that put the highlight on row i: Down from the top, or End then Up, or PgDn then Down/Up."""
    n = len(menu.items)
    if i <= 12:
        return ["KEY_DOWN"] * i
    if n - 1 - i <= 8:
        return ["KEY_END"] + ["KEY_UP"] * (n - 1 - i)
    page = max(1, min(n, H - 8) - 1)
    keys = ["KEY_NPAGE"] * (i // page)
    return keys + ["KEY_DOWN"] * (i - (i // page) * page)


def rows_to_try(n: int) -> list[int]:
    return list(range(n)) if n <= 24 else sorted(set(range(10)) | {n // 3, n // 2, 2 * n // 3} | set(range(n - 5, n)))


def check_row(game, ui: UIState, i: int, by_mouse: bool) -> None:
    """Highlight row i, check what the screen shows there, choose it, and check what was applied."""
    screen = screen_for(game)
    menu = ui.menu
    item = menu.items[i]
    for k in to_row(menu, i):
        ui, action, _ = press(screen, game, ui, k)
        assert action is None
    fr = draw(screen, game, ui, W, H)
    shown = highlighted_row(fr)
    label = menu.labels[i]
    assert label[:40] in shown and ui.menu.index == i, (i, shown, label)
    if by_mouse:
        target = ("menu", i)
        assert any(t == target for *_, t in fr.regions), "the highlighted row can be clicked"
        ui, action, _ = click(screen, game, ui, target)
    else:
        ui, action, _ = press(screen, game, ui, "\n")
    if action is None and ui.confirm is not None:  # a fire, or a warned decision: the question names it
        assert ui.confirm.action == item
        ui, action, _ = press(screen, game, ui, "y")
    if action is None:  # a step of a longer choice: set-up's figure, or combined fire's helpers
        assert mine(ui).placing == getattr(item, "figure", None) or mine(ui).helpers == item, (item, ui)
        return
    assert action == item
    copy = game.clone()
    copy.apply(action)
    assert copy.record.entries[-1].action == item.notation()
    assert shown.split("|")[1].strip().lstrip("> ").startswith(item.notation()[:30]) or \
        type(item).__name__ in ("Recruit", "PickFigure")


def menus_of(game, ui: UIState):
    """The menus a player can open now: m, Enter on each choice's square or hex, and F."""
    screen = screen_for(game)
    out = []
    opened, _, _ = press(screen, game, ui, "m")
    if opened.menu is not None:
        out.append(("m", opened))
    for k in ("F",):
        opened, _, _ = press(screen, game, ui, k)
        if opened.handover:
            opened, _, _ = press(screen, game, opened, " ")
        if opened.menu is not None:
            out.append((k, opened))
    return out


def square_menus(game, ui: UIState, anchors):
    """Menus opened by Enter on a square or hex offering several choices."""
    screen = screen_for(game)
    seen = set()
    for cell in anchors:
        if cell in seen:
            continue
        seen.add(cell)
        opened, _, _ = press(screen, game, replace(ui, cursor=cell), "\n")
        if opened.menu is not None:
            yield ("enter", opened)


def explore(scenario: str, seed: int, per_kind: int = 1):
    """(decision kind, how opened, game, UI state with the menu open) for menus met in a random game."""
    g = open_game(scenario, seed=seed)
    screen = screen_for(g)
    ui = replace(screen.start(g, UIState()), size=(W, H))
    rnd = random.Random(seed)
    met: dict[tuple[str, str], int] = {}
    while not g.is_over:
        kind = g.pending.kind
        if ui.handover:
            ui, _, _ = press(screen, g, ui, " ")
        found = menus_of(g, ui)
        if kind in ("place", "turn", "act", "displace", "choose"):
            found += list(square_menus(g, ui, _anchors(g)))
        for how, opened in found:
            key = (kind, how)
            if met.get(key, 0) < per_kind:
                met[key] = met.get(key, 0) + 1
                yield kind, how, g.clone(), opened
        action = choose(rnd, g.legal_actions())
        before = g.pending
        ui, _ = drive(g, ui, action)
        g.apply(action)
        ui = replace(after_decision(screen, g, ui, before), message="")


def _anchors(game):
    """Squares or hexes (as screen cursors) that choices are about."""
    if game.record.header.game == "skirmish":
        from hothsim.tui.skirmish.choices import anchor

        return [a for a in (anchor(game, x) for x in game.legal_actions()[:400]) if a is not None][:60]
    from hothsim.kernel.hexes import offset_of
    from hothsim.tui.assault.choices import actor_of, anchor

    out = []
    for x in game.legal_actions()[:400]:
        h = anchor(game, x)
        if h is not None and actor_of(x) is None:
            out.append(offset_of(h))
    return out[:60]


CASES = [("quick-start", 3), ("skirmish", 5), ("echo-base", 11), ("assault-on-hoth", 11), ("assault-on-hoth", 37)]


@functools.cache
def met(scenario: str, seed: int) -> tuple:
    """The menus `explore` meets in one seeded game, found once for the three tests that look at them (each
    test checks rows on copies of the games, so the games found stay as they were met)."""
    return tuple(explore(scenario, seed))


@pytest.mark.parametrize("scenario,seed", CASES)
def test_enter_applies_the_highlighted_row_of_every_menu(scenario, seed):
    kinds = set()
    for kind, how, game, ui in met(scenario, seed):
        kinds.add((kind, how))
        for i in rows_to_try(len(ui.menu.items)):
            check_row(game.clone(), ui, i, by_mouse=False)
    assert kinds, "menus were met"


@pytest.mark.parametrize("scenario,seed", CASES)
def test_a_click_on_a_menu_row_applies_that_row(scenario, seed):
    for kind, how, game, ui in met(scenario, seed):
        for i in rows_to_try(len(ui.menu.items))[:8]:
            check_row(game.clone(), ui, i, by_mouse=True)


def test_the_menus_met_cover_every_kind_of_choice():
    """The games above open a menu at each kind of decision that has one."""
    seen = {(kind, how) for scenario, seed in CASES for kind, how, *_ in met(scenario, seed)}
    kinds = {k for k, _ in seen}
    assert {"build", "place", "first", "activate", "turn"} <= kinds  # skirmish
    assert {"place", "board", "luke", "act", "choose"} <= kinds  # Assault on Hoth (repair: the arena test below)
    assert {"opportunity", "reaction", "reroll"} <= kinds  # reactions in the skirmish
    assert ("act", "F") in seen and ("turn", "enter") in seen  # Luke's Force; combined fire on a target
    assert ("place", "enter") in seen  # a Walker's facing, chosen on its hex


def _arena_menus():
    """Decisions random games rarely reach: Luke's armor and critical-hit choices, a Snowspeeder pushed aside."""
    from hothsim.assault.actions import Fire, Walk
    from hothsim.kernel.dice import SeededDice
    from tests.assault_arena import arena, clear

    armor = arena(clear(), {"walker-1": ("walker", "0202", 3), "speeder-1": ("speeder", "0203")},
                  card="walkers-fire", luke="speeder-1")
    armor.dice = SeededDice(7)  # any number of rolls and shuffles, whichever row is chosen
    armor.apply(Fire("walker-1", "speeder-1"))
    displace = arena(clear(), {"walker-1": ("walker", "0202", 3), "speeder-1": ("speeder", "0203")},
                     card="walkers-move")
    displace.dice = SeededDice(7)
    displace.apply(Walk("walker-1", "f"))
    from hothsim.assault.actions import Done

    from dataclasses import replace

    repair = arena(clear(), {"walker-1": ("walker", "0909"), "walker-2": ("walker", "0303")}, card="walkers-move",
                   deck=["draw-event", "walkers-move"], events=["combat-repair-droids"])
    repair._state = repair.state.with_unit(replace(repair.state.unit("walker-1"), legs=2, blaster=1))
    repair._state = repair.state.with_unit(replace(repair.state.unit("walker-2"), body=1))
    repair.dice = SeededDice(7)
    repair.apply(Done())
    out = []
    for g in (armor, displace, repair):
        ui = UIState(size=(W, H))
        opened, _, _ = press(screen_for(g), g, ui, "m")
        assert opened.menu is not None, g.pending
        out.append((g.pending.kind, g, opened))
    return out


def test_luke_s_armor_a_pushed_snowspeeder_and_a_repair_apply_the_highlighted_row():
    kinds = []
    for kind, game, ui in _arena_menus():
        kinds.append(kind)
        for i in rows_to_try(len(ui.menu.items)):
            check_row(game, ui, i, by_mouse=False)
            check_row(game, ui, i, by_mouse=True)
    assert kinds == ["armor", "displace", "repair"]


def test_a_menu_s_notes_are_one_per_row_and_keep_room_under_the_menu():
    from hothsim.tui.menu import NOTE_ROWS, Menu, menu_rows

    with pytest.raises(ValueError, match="one per item"):
        Menu("t", ("a", "b"), ("a", "b"), notes=(("about a",),))
    assert menu_rows(24, 14) == 14 and menu_rows(24, 14, notes=True) == 24 - 8 - NOTE_ROWS
