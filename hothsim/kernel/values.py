"""Making changed copies of the rules' frozen values (game states, units, figures) quickly.

Every decision makes new states by changing a few fields of old ones; `dataclasses.replace` runs the
class's whole generated `__init__` for that (one `object.__setattr__` per field of a thirty-field state),
which was a tenth of a random playout.  `replace` here gives the same value by copying the instance's
fields at once.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T", bound="DataclassInstance")


def replace(obj: T, /, **changes: Any) -> T:
    """A copy of a frozen dataclass value with some fields changed, equal to `dataclasses.replace`'s:
    `__post_init__` runs again on the copy, and a name that is not one of the fields it may be given raises
    TypeError.  A value holding more than its fields (a cached property, say) is copied by
    `dataclasses.replace` itself unless the class has a `__post_init__` to make them again."""
    cls = type(obj)
    fields = cls.__dataclass_fields__
    for name in changes:
        f = fields.get(name)
        if f is None or not f.init:
            raise TypeError(f"{cls.__name__} has no field {name!r} to replace")
    values = getattr(obj, "__dict__", None)
    post_init = getattr(cls, "__post_init__", None)
    if values is None or (post_init is None and len(values) != len(fields)):
        return dataclasses.replace(obj, **changes)
    for name in changes:
        if name not in values:  # a class variable's or an init-only variable's value is not the instance's
            raise TypeError(f"{cls.__name__} has no field {name!r} to replace")
    new = object.__new__(cls)
    held = new.__dict__
    held.update(values)
    held.update(changes)
    if post_init is not None:
        post_init(new)
    return new
