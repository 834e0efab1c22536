"""The `?` help never disagrees with the keys (issue 30): each mode's keys are one table, which answers the
keys and makes the help, and every key a table answers is named in the help of the game it plays."""

from __future__ import annotations

import re

import pytest

from hothsim.tui import screen
from hothsim.tui.assault import control as assault_control
from hothsim.tui.keymap import Key, help_section, lookup
from hothsim.tui.skirmish import control as skirmish_control

#: How the help writes a key the tables hold as a character or a curses name (written out here, apart from
#: the key tables' own names, so that a wrong name there is caught).
LABELS = {"\t": "Tab", "\x1b": "Esc", "\n": "Enter", "\r": "Enter", "KEY_ENTER": "Enter", "\x10": "Ctrl-P",
          " ": "Space", "KEY_BACKSPACE": "Backspace", "\x7f": "Backspace", "\b": "Backspace", "KEY_UP": "Up",
          "KEY_DOWN": "Down", "KEY_LEFT": "Left", "KEY_RIGHT": "Right"}

GAMES = {"assault": (assault_control, {"map": assault_control.MAP_KEYS, "walking": assault_control.WALK_KEYS}),
         "skirmish": (skirmish_control, {"map": skirmish_control.MAP_KEYS, "drawing": skirmish_control.DRAWING_KEYS,
                                         "helpers": skirmish_control.HELPER_KEYS})}


def section(help_lines: list[str], heading: str) -> str:
    """The help's lines from a heading to the next heading."""
    start = next(i for i, line in enumerate(help_lines) if line.startswith(heading))
    end = next((i for i in range(start + 1, len(help_lines)) if not help_lines[i].startswith(" ")), len(help_lines))
    return "\n".join(help_lines[start + 1:end])


def named(entry: Key, key: str, text: str) -> bool:
    """Whether the help's text names this key at a line's start or in a list like `L, Ctrl-P` (a family
    like the cursor keys is named by its label)."""
    label = entry.label or LABELS.get(key, key)
    return re.search(rf"(^ {{2}}|\n {{2}}|, ){re.escape(label)}(,|\s)", text) is not None


@pytest.mark.parametrize("game", GAMES)
def test_every_key_each_mode_answers_is_in_its_games_help(game):
    control, modes = GAMES[game]
    keys = section(control.HELP, "Keys")
    texts = {"map": keys, **{mode: "\n".join(control.HELP) for mode in modes if mode != "map"}}
    missing = [(mode, k) for mode, table in modes.items() for entry in table for k in entry.keys
               if not named(entry, k, texts[mode])]
    assert missing == []
    assert not [k for entry in screen.GLOBAL_KEYS + screen.SESSION_KEYS for k in entry.keys
                if not named(entry, k, keys)]


@pytest.mark.parametrize("game", GAMES)
def test_the_keys_a_mode_answers_are_the_keys_of_its_table(game):
    control, modes = GAMES[game]
    for mode, table in modes.items():
        assert control.MODE_KEYS[mode] == {k: entry.does for entry in table for k in entry.keys}


def test_the_keys_the_terminal_adapter_answers_itself_are_named_in_the_help():
    # U (take back) and H (hint) act on the session, so the adapter answers them; the help names them, and
    # q, which the shared layer answers.
    from hothsim.tui.app import SESSION_ACTIONS

    assert set(SESSION_ACTIONS) == {"U", "H"}
    assert {k for entry in screen.SESSION_KEYS for k in entry.keys} == set(SESSION_ACTIONS) | {"q"}


def test_a_key_in_one_table_twice_is_refused():
    with pytest.raises(ValueError, match="'Esc' is in one key table twice"):
        lookup((Key(("\x1b",), print, "close"), Key(("x", "\x1b"), print, "look")))


def test_a_help_section_puts_the_words_beside_the_keys_and_wraps_them_under_the_words():
    lines = help_section("Keys", (Key(("m", " "), print, "the menu"),
                                  Key(("L", "\x10"), print, "message history " * 6)))
    assert lines[:2] == ["Keys", "  m, Space     the menu"]
    assert lines[2].startswith("  L, Ctrl-P    message history") and len(lines[2]) <= 76
    assert lines[3].startswith(" " * 15 + "history message") and len(lines) == 4


def test_the_help_check_finds_a_key_left_out():
    assert not named(Key(("x",), print, "look"), "x", "  m      every legal choice now")
