"""A tiny game used only to test record replay: it exercises the record, not any rules."""

from __future__ import annotations

from typing import Sequence

from hothsim.kernel.dice import Dice, Roll, ScriptedDice, SeededDice
from hothsim.kernel.record import RecordHeader


class ToyGame:
    """`roll N` rolls N d20s and adds them to a score; `pass` rolls nothing."""

    def __init__(self, dice: Dice) -> None:
        self.dice = dice
        self.score = 0

    def apply_notation(self, text: str) -> Sequence[Roll]:
        words = text.split()
        before = len(self.dice.log)
        if words[0] == "roll" and len(words) == 2 and words[1].isdigit():
            for _ in range(int(words[1])):
                self.score += self.dice.d20("toy roll")
        elif words != ["pass"]:
            raise ValueError(f"the toy game has no action {text!r}")
        return self.dice.log[before:]


def make_toy(header: RecordHeader, script: Sequence[Roll]) -> ToyGame:
    if header.dice == "scripted":
        return ToyGame(ScriptedDice([f for r in script for f in r.faces]))
    return ToyGame(SeededDice(header.seed))
