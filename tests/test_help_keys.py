"""The `?` help never disagrees with the keys (issue 30): every key the tables of a mode answer is named in
the help of the game it plays, by itself or by another key that does the same."""

from __future__ import annotations

import re

import pytest

from hothsim.tui import screen
from hothsim.tui.assault import control as assault_control
from hothsim.tui.skirmish import control as skirmish_control

#: How the help writes a key the tables hold as a character or a curses name.
LABELS = {"\t": "Tab", "\x1b": "Esc", "\n": "Enter", "\r": "Enter", "KEY_ENTER": "Enter", "\x10": "Ctrl-P", " ": "Space"}


def keys_section(help_lines: list[str]) -> str:
    """The help's lines from its "Keys" heading to the next heading."""
    start = next(i for i, line in enumerate(help_lines) if line.startswith("Keys"))
    end = next((i for i in range(start + 1, len(help_lines)) if not help_lines[i].startswith(" ")), len(help_lines))
    return "\n".join(help_lines[start + 1:end])


def named(key: str, section: str) -> bool:
    """Whether the help's keys section names this key (at a line's start, after a column's gap, or in a
    list like `L, Ctrl-P`)."""
    label = LABELS.get(key, key)
    return re.search(rf"(^|\n {{2}}|\s{{2,}}|, ){re.escape(label)}(,|\s)", section) is not None


def undocumented(table: dict, section: str) -> list[str]:
    """Keys of a table named nowhere in the help, nor through another key with the same handler."""
    documented = {id(handler) for key, handler in table.items() if named(key, section)}
    return [LABELS.get(k, k) for k, handler in table.items() if id(handler) not in documented]


@pytest.mark.parametrize("control", [assault_control, skirmish_control], ids=["assault", "skirmish"])
def test_every_key_every_map_shares_is_in_each_games_help(control):
    section = keys_section(control.HELP)
    assert not [k for k in screen.GLOBAL_KEYS if not named(k, section)]


def test_every_key_of_the_assault_map_is_in_its_help():
    assert not undocumented(assault_control.MAP_KEYS, keys_section(assault_control.HELP))


def test_the_help_check_finds_a_key_left_out():
    table = {"x": lambda: None, "m": print, " ": print}
    assert undocumented(table, "  m      every legal choice now") == ["x"]
