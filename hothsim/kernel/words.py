"""Counts in words as a player reads them: "1 square", "2 squares", "1 MP", "3 MPs"."""

from __future__ import annotations


def count(n: int, noun: str, plural: str | None = None) -> str:
    """`n` and the noun, singular for exactly one (the plural is the noun with an s unless given)."""
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"
