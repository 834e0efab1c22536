"""At 80x24 every screen shows everything whole: the status line leaves parts out rather than cutting one,
the prompt is all there (wrapped between words over two lines), the key line fits, and no menu row is cut.
The screens are taken from random games of every scenario, with the menu, help, roster, message history
and questions open as a player would open them."""

from __future__ import annotations

import importlib
import random
from dataclasses import replace

import pytest

from hothsim.games import open_game
from hothsim.tui.panels import wrap
from hothsim.tui.screen import UIState, draw, press
from hothsim.tui.screens import screen_for
from tests.conformance import choose

W, H = 80, 24


def views(scenario: str, seed: int, every: int):
    """(game, UI state) pairs met in a random game, with overlays opened by their keys."""
    g = open_game(scenario, seed=seed)
    screen = screen_for(g)
    rnd = random.Random(seed)
    ui = replace(screen.start(g, UIState()), size=(W, H))
    n = 0
    while not g.is_over:
        if n % every == 0:
            yield g, ui
            for k in ("m", "?", "r", "L", "\t", "\n"):
                opened, _, _ = press(screen, g, ui, k)
                yield g, opened
        g.apply(choose(rnd, g.legal_actions()))
        n += 1
    yield g, ui


def check(game, ui: UIState) -> None:
    view = importlib.import_module(type(screen_for(game)).__module__ + ".view")
    fr = draw(screen_for(game), game, ui, W, H)
    lines = [fr.line(y) for y in range(H)]
    if ui.help or ui.roster or ui.history is not None:
        return  # full-screen overlays: their lines are wrapped (checked in the help tests)
    if ui.menu is None and not ui.roster:
        parts = view.status_parts(game)
        status = lines[0].rstrip()
        shown = [p for p in parts if p in status]
        assert status == " | ".join(parts[: len(shown)]), (status, parts)  # whole parts, the first ones
    prompt = view.prompt_text(game, ui)
    bottom = " ".join(" ".join(line.split()) for line in lines[-3:-1])
    if len(wrap(prompt, W - 1)) <= 2:
        assert " ".join(prompt.split()) in bottom, (prompt, bottom)
    else:
        assert "(L: log)" in bottom
    keys = view.key_line(game, ui)
    assert len(keys) < W and lines[-1].rstrip() == keys  # curses cannot write the screen's last cell
    if ui.menu is not None:
        from hothsim.tui.menu import MENU_X, MENU_Y

        right = lines[MENU_Y].index("+", MENU_X + 1)  # the box's top right corner
        rows = [line for line in lines[MENU_Y + 2:] if line[MENU_X] == "|" and line[right] == "|"]
        assert rows and not any(line[right - 1] == "~" for line in rows), "a menu row is cut"


@pytest.mark.parametrize("scenario,seed,every", [("quick-start", 1, 15), ("skirmish", 2, 8), ("echo-base", 3, 40),
                                                 ("salvage", 4, 20), ("assault-on-hoth", 5, 10)])
def test_every_screen_fits_80x24_uncut(scenario, seed, every):
    seen = 0
    for game, ui in views(scenario, seed, every):
        check(game, replace(ui, size=(W, H)))
        seen += 1
    assert seen > 20


@pytest.mark.parametrize("scenario", ["salvage", "echo-base", "assault-on-hoth"])
def test_the_whole_map_view_shows_the_entire_battle_at_80x24(scenario):
    # Only part of the map fitted (about 23 columns by 8 rows of a skirmish at 80x24): `v` shows all of it.
    import random

    from hothsim.games import open_game
    from hothsim.tui.screen import UIState, draw, press
    from hothsim.tui.screens import screen_for
    from tests.conformance import choose

    g = open_game(scenario, seed=5)
    rnd = random.Random(5)
    while g.pending.kind in ("place", "board", "luke", "first"):
        g.apply(choose(rnd, g.legal_actions()))
    screen = screen_for(g)
    ui, _, _ = press(screen, g, UIState(size=(80, 24)), "v")
    assert ui.overview
    fr = draw(screen, g, ui, 80, 24)
    text = fr.text()
    view = screen.overview(g)
    lines = text.splitlines()
    assert "the whole map (2 rows a line)" in lines[0]
    rows = [line for line in lines if line[:3].strip().isdigit()]
    assert len(rows) == -(-len(view.cells) // 2)  # every row of the map, two to a line
    assert len(lines) == 24
    on_map = [u for u in (g.state.living() if hasattr(g.state, "living") else
                          [u for u in g.state.units if u.where == "map"]) if getattr(u, "pos", 1) is not None]
    assert len(view.units) == len(on_map) and all(u in text for u in view.units)  # every unit, where it stands
    assert "any key closes" in lines[-1]
    closed, _, quit_ = press(screen, g, ui, "q")
    assert not closed.overview and not quit_  # q only closes the view
