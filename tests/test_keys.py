"""Keys read whole: both forms of the arrows, Home/End and PgUp/PgDn, a short Escape, and no half-read
sequence acting as keys (the decoding here, the terminal in tests/test_pty.py)."""

from __future__ import annotations

import pytest

from hothsim.tui.keys import ESCAPE, escape_tail, read_escape


@pytest.mark.parametrize("tail, name", [
    ("[A", "KEY_UP"), ("[B", "KEY_DOWN"), ("[C", "KEY_RIGHT"), ("[D", "KEY_LEFT"),
    ("OA", "KEY_UP"), ("OB", "KEY_DOWN"), ("OC", "KEY_RIGHT"), ("OD", "KEY_LEFT"),
    ("[H", "KEY_HOME"), ("[F", "KEY_END"), ("OH", "KEY_HOME"), ("OF", "KEY_END"),
    ("[1~", "KEY_HOME"), ("[4~", "KEY_END"), ("[7~", "KEY_HOME"), ("[8~", "KEY_END"),
    ("[5~", "KEY_PPAGE"), ("[6~", "KEY_NPAGE"),
    ("[1;5B", "KEY_DOWN"),  # with Ctrl held: still the arrow
])
def test_each_form_of_a_key_is_named_as_curses_names_it(tail, name):
    assert escape_tail(tail) == name


@pytest.mark.parametrize("tail", ["[", "O", "[1", "[1;5", "[5"])
def test_a_sequence_cut_short_waits_for_more(tail):
    assert escape_tail(tail) is None


@pytest.mark.parametrize("tail", ["[Z", "[99~", "Oq", "x", "[1\x01"])
def test_a_sequence_we_do_not_name_is_swallowed_whole(tail):
    assert escape_tail(tail) == ""


def test_reading_after_escape_takes_the_whole_sequence_and_no_more():
    typed = list("[5~q")
    assert read_escape(lambda: typed.pop(0) if typed else None) == "KEY_PPAGE"
    assert typed == ["q"]  # the next key is left for the next read
    typed = list("[2;3Xq")  # unknown: read to its final character, none of it a key
    assert read_escape(lambda: typed.pop(0) if typed else None) == ""
    assert typed == ["q"]


def test_escape_alone_is_escape_and_a_cut_sequence_is_nothing():
    assert read_escape(lambda: None) == ESCAPE
    typed = list("[1")
    assert read_escape(lambda: typed.pop(0) if typed else None) == ""


def test_an_endless_sequence_is_swallowed_at_its_bound():
    typed = list("[" + "1" * 40)
    assert read_escape(lambda: typed.pop(0) if typed else None) == ""
    assert len(typed) < 40


def test_the_number_pads_enter_under_pdcurses_is_enter(monkeypatch):
    """windows-curses (PDCurses) names the keypad's Enter PADENTER where ncurses says KEY_ENTER: a menu row
    chosen with it is chosen as with Enter."""
    import curses

    from hothsim.tui import app
    from hothsim.tui.screen import ENTER

    names = {459: b"PADENTER", 463: b"PADPLUS", 343: b"KEY_ENTER", 265: b"KEY_F(1)"}
    monkeypatch.setattr(curses, "keyname", lambda key: names[key])
    assert app.key_name(459) in ENTER and app.key_name(343) in ENTER
    assert app.key_name(463) == "+"
    assert app.key_name(265) == "KEY_F(1)"
    assert app.key_name("q") == "q"
