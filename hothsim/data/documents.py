"""Validated file contents as plain data: what a data file's pydantic model held, with no pydantic in it.

A `Document` is a dict (JSON's kinds of values only: text, numbers, booleans, None, lists and more
documents) read by attribute as the model was (`card.cost.value`).  Every loader hands on documents, and
the warm start (`hothsim.data.warm`) keeps them as JSON, so a game's data is built by the same code from
the same values whether the files were validated now or before.
"""

from __future__ import annotations

import json
from typing import Any, Mapping


class Document(dict[str, Any]):
    """A validated file's fields (or one entry's), read by attribute or by key."""

    __slots__ = ()

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


def as_document(data: Mapping[str, Any]) -> Document:
    """Plain JSON-ready fields as a document: every mapping a Document, every sequence a list (the very form a
    warm start reads back from JSON, so both give equal values in equal order)."""
    return from_json(json.dumps(data, ensure_ascii=False))


def from_json(text: str) -> Document:
    """A document from JSON text (ValueError if it is not JSON, or not a JSON object)."""
    out = json.loads(text, object_hook=Document)
    if not isinstance(out, Document):
        raise ValueError("not a JSON object")
    return out
