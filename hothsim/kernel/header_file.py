"""A record header as read from a file: every field validated by pydantic before it becomes a
`RecordHeader` (the brief: every file read from disk goes through a pydantic model).

Kept apart from `hothsim.kernel.record` so that starting a new game, which only writes headers, never
imports pydantic (a fast start).  The fields' rules are `hothsim.kernel.header`'s `HEADER_PATTERNS`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from hothsim.kernel.numbers import whole_number
from hothsim.kernel.header import HEADER_PATTERNS, SEED_LIMIT, HeaderError, RecordHeader, created_problem


def _pattern(name: str) -> str:
    return f"^(?:{HEADER_PATTERNS[name]})$"


class HeaderModel(BaseModel):
    """The header lines of a record file, validated."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    game: str = Field(pattern=_pattern("game"))
    scenario: str = Field(pattern=_pattern("scenario"))
    data: str = Field(pattern=_pattern("data"))
    seed: int = Field(ge=0, lt=SEED_LIMIT)
    dice: Literal["seeded", "scripted"] = "seeded"
    created: str
    source: str = Field(default="", max_length=4096, pattern=_pattern("source"))
    computer: str = Field(default="", pattern=_pattern("computer"))
    options: str = Field(default="", max_length=1024, pattern=_pattern("options"))

    @field_validator("seed", mode="before")
    @classmethod
    def _plain_digits(cls, v: object) -> object:
        # One spelling for one seed: no signs, spaces, underscores or other scripts' digits.
        if type(v) is str:
            return whole_number(v, "the seed", 20)
        return v

    @field_validator("created")
    @classmethod
    def _iso_time(cls, v: str) -> str:
        problem = created_problem(v)
        if problem:
            raise ValueError(problem)
        return v


def validated_header(values: dict[str, str]) -> RecordHeader:
    """The header the lines of a record file give; HeaderError naming the first field that is wrong."""
    try:
        model = HeaderModel.model_validate(values)
    except ValidationError as err:
        first = err.errors()[0]
        raise HeaderError(".".join(str(p) for p in first["loc"]) or "header", first["msg"]) from None
    return RecordHeader(**model.model_dump())
