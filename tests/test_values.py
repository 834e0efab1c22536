"""The rules' fast copy-with-changes (`hothsim.kernel.values.replace`) gives what `dataclasses.replace` gives."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from functools import cached_property

import pytest

from hothsim.games import open_game
from hothsim.kernel.values import replace


def test_a_changed_assault_state_equals_the_one_dataclasses_make_and_its_index_follows_its_units():
    s = open_game("assault-on-hoth", seed=1).state
    mine, theirs = replace(s, turn=3, force=7), dataclasses.replace(s, turn=3, force=7)
    assert mine == theirs and mine.turn == 3 and mine.force == 7 and s.turn == 0
    moved = replace(s.units[0], hex=(4, 4))
    assert moved == dataclasses.replace(s.units[0], hex=(4, 4))
    more = replace(s, units=s.units + (replace(s.units[0], id="walker-9"),))
    assert more.unit("walker-9").id == "walker-9" and not s.has_unit("walker-9")  # __post_init__ ran again


def test_a_changed_skirmish_state_and_figure_equal_the_ones_dataclasses_make():
    s = open_game("salvage", seed=1).state
    assert replace(s, round=4) == dataclasses.replace(s, round=4)
    f = s.figures[0]
    assert replace(f, hp=1, defeated=True) == dataclasses.replace(f, hp=1, defeated=True)


def test_a_name_that_is_not_a_field_to_give_is_refused():
    s = open_game("assault-on-hoth", seed=1).state
    with pytest.raises(TypeError, match="turns"):
        replace(s, turns=3)
    with pytest.raises(TypeError, match="_index"):
        replace(s, _index={})

    @dataclass(frozen=True)
    class Made:
        a: int
        b: int = field(init=False, default=0)

    with pytest.raises(TypeError, match="'b'"):
        replace(Made(1), b=2)


def test_a_value_holding_a_cached_property_is_made_anew_not_copied_stale():
    @dataclass(frozen=True)
    class Card:
        hp: int

        @cached_property
        def double(self) -> int:
            return self.hp * 2

    card = Card(3)
    assert card.double == 6
    assert replace(card, hp=5).double == 10
