"""Saves: a d20 against a listed number to avoid or reduce an effect.

The save succeeds when the roll equals or beats the number; a natural 20 always succeeds and a natural
1 always fails.  Saves are not optional.
"""

from __future__ import annotations


def save_succeeds(roll: int, needed: int) -> bool:
    """Whether a save roll succeeds against the number needed."""
    if roll == 20:
        return True
    if roll == 1:
        return False
    return roll >= needed
