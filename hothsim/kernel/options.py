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
    #: Not written in a record's header at its default: an option added after records were written without
    #: it (they replay at the default, and new records of the same games stay byte for byte the same).
    quiet_default: bool = False


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


def options_text(values: Mapping[str, str], offered: Sequence[GameOption] = ()) -> str:
    """Options as a record header writes them, in name order (an offered option that is quiet at its
    default is left out there)."""
    quiet = {o.name for o in offered if o.quiet_default and values.get(o.name) == o.default}
    return " ".join(f"{name}={values[name]}" for name in sorted(values) if name not in quiet)


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
