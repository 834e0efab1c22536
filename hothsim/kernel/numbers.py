"""Whole numbers as files write them: ASCII digits only, and not too many of them.

Python's int() also reads other scripts' digits, underscores and surrounding spaces, and refuses more than
4300 digits with an error of its own; a file read by hothsim must say a number exactly one way.
"""

from __future__ import annotations

import re

_DIGITS = re.compile(r"[0-9]+", re.ASCII)


def whole_number(text: str, what: str = "a number", digits: int = 18) -> int:
    """The value of `text` written with the digits 0-9 only (at most `digits` of them); ValueError naming
    `what` otherwise."""
    if not _DIGITS.fullmatch(text):
        raise ValueError(f"{what} must be written with the digits 0-9 only, not {text[:20]!r}")
    if len(text) > digits:
        raise ValueError(f"{what} has {len(text)} digits; at most {digits} are allowed")
    return int(text)
