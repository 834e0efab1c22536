"""Driving the screens by keys as a player would: `drive` presses, one key at a time through the real key
handling (`hothsim.tui.screen.press`), the keys that choose a given legal action, reading the screen's own
state (menus, the set-up figure, questions) as it goes.  The pseudo-terminal tests send the same keys."""

from __future__ import annotations

from dataclasses import replace

from hothsim.tui.skirmish.ui_state import mine
from hothsim.tui.screen import UIState, draw, press
from hothsim.tui.screens import screen_for

DOWN, UP, LEFT, RIGHT, ENTER = "KEY_DOWN", "KEY_UP", "KEY_LEFT", "KEY_RIGHT", "\n"


class Driver:
    """Presses keys on a game's screen, keeping the UI state and every key pressed."""

    def __init__(self, game, ui: UIState) -> None:
        self.game = game
        self.screen = screen_for(game)
        self.ui = ui
        self.keys: list[str] = []
        self.chosen = None

    def hit(self, *keys: str):
        for k in keys:
            self.ui, chosen, quit_ = press(self.screen, self.game, self.ui, k)
            assert not quit_
            self.keys.append(k)
            if chosen is not None:
                self.chosen = chosen
        return self.chosen

    def cursor_to(self, to: tuple[int, int]) -> None:
        x, y = self.ui.cursor
        self.hit(*([RIGHT if to[0] > x else LEFT] * abs(to[0] - x) + [DOWN if to[1] > y else UP] * abs(to[1] - y)))

    def pick(self, item) -> None:
        """With a menu open, move the highlight to the row holding `item` and press Enter."""
        assert self.ui.menu is not None, f"no menu open to choose {item}"
        self.hit(*[DOWN] * self.ui.menu.items.index(item), ENTER)

    def frame(self, width: int = 100, height: int = 30):
        return draw(self.screen, self.game, replace(self.ui, size=(width, height)), width, height)


def drive(game, ui: UIState, action) -> tuple[UIState, list[str]]:
    """Press the keys that choose `action`; returns the UI state after them and the keys.  Asserts that the
    screen chose exactly that action."""
    d = Driver(game, ui)
    if d.ui.handover:
        d.hit(" ")
    (_skirmish if game.record.header.game == "skirmish" else _assault)(d, action)
    if d.ui.confirm is not None and d.chosen is None:
        d.hit("y")
    assert d.chosen == action, f"the keys {d.keys} chose {d.chosen}, not {action}"
    return d.ui, d.keys


def _skirmish(d: Driver, action) -> None:
    from hothsim.skirmish.actions import Attack, Place
    from hothsim.tui.skirmish.choices import ChooseHelpers, PickFigure, actions_at, anchor, placing_figure

    g = d.game
    if type(action) is Place:
        if placing_figure(g, d.ui) != action.figure:
            d.hit("m")
            d.pick(PickFigure(action.figure))
        d.cursor_to(action.square)
        d.hit(ENTER)
        return
    helpers = action.helpers if type(action) is Attack else ()
    sq = anchor(g, action)
    if sq is not None and action in actions_at(g, sq):
        d.cursor_to(sq)
        d.hit(ENTER)
    else:
        d.hit("m")
    if d.ui.menu is not None:
        item = Attack(action.figure, action.target) if helpers else action
        if helpers:
            item = next(i for i in d.ui.menu.items if type(i) is ChooseHelpers and i.target == action.target)
        d.pick(item)
    if helpers:
        eligible = mine(d.ui).helpers.eligible
        at = 0
        for h in eligible:
            if h in helpers:
                d.hit(*[DOWN] * (eligible.index(h) - at), " ")
                at = eligible.index(h)
        d.hit(ENTER)


def _assault(d: Driver, action) -> None:
    from hothsim.assault.actions import Done, Walk
    from hothsim.kernel.hexes import offset_of
    from hothsim.tui.assault.choices import actor_of, anchor, uses_force

    g = d.game
    step = {"f": UP, "l": LEFT, "r": RIGHT}
    if type(action) is Done:
        d.hit("e")
        return
    if uses_force(action):
        d.hit("F")
        if d.ui.handover:
            d.hit(" ")
        d.pick(action)
        return
    uid = actor_of(action)
    if g.pending.kind == "act" and uid is not None and g.state.unit(uid).where == "map":
        d.cursor_to(offset_of(g.state.unit(uid).hex))
        d.hit(ENTER)
        if type(action) is Walk:
            d.hit("w", *[step[c] for c in action.steps], ENTER)
            return
    h = anchor(g, action)
    if h is not None and (g.pending.kind != "act" or uid is None or g.state.unit(uid).where == "map"):
        d.cursor_to(offset_of(h))
        d.hit(ENTER)
        if d.ui.menu is not None:
            d.pick(action)
        return
    d.hit("m")
    d.pick(action)
