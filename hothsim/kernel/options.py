"""Game options: rules the players agree on before play (rule 8's re-shuffle in Assault on Hoth), each with
its values and a default, written in the record's header so a game replays with the options it was played
with ("reshuffle=on")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence


@dataclass(frozen=True)
class GameOption:
    """One option a scenario offers: its name, the values it takes, the default, and what it does."""

    name: str
    values: tuple[str, ...]
    default: str
    about: str


class OptionError(ValueError):
    """An option the scenario does not offer, or a value the option does not take."""


def parse_options(text: str) -> dict[str, str]:
    """The options written `name=value name=value` (a record header's `options` line, or "")."""
    out: dict[str, str] = {}
    for part in text.split():
        name, sep, value = part.partition("=")
        if not sep or not name or not value:
            raise OptionError(f"an option is written name=value, not {part!r}")
        out[name] = value
    return out


def options_text(values: Mapping[str, str]) -> str:
    """Options as a record header writes them, in name order."""
    return " ".join(f"{name}={values[name]}" for name in sorted(values))


def resolve(offered: Sequence[GameOption], given: Mapping[str, str], scenario: str) -> dict[str, str]:
    """Every offered option's value: the one given, else its default.  OptionError for an option the
    scenario does not offer or a value it does not take."""
    names = {o.name: o for o in offered}
    for name, value in given.items():
        option = names.get(name)
        if option is None:
            has = f"it offers {', '.join(sorted(names))}" if names else "it offers none"
            raise OptionError(f"the scenario {scenario!r} has no option {name!r} ({has})")
        if value not in option.values:
            raise OptionError(f"the option {name!r} takes {' or '.join(option.values)}, not {value!r}")
    return {o.name: given.get(o.name, o.default) for o in offered}
