"""Reading a game's notation back, built from its action classes (docs/notation.md).

Each action class says which verbs it answers (`VERBS`) and reads its own words (`read`), beside the
`notation` that writes them; a game's parser is this table of its classes, so an action's written and read
forms sit in one place and adding an action adds no branch anywhere else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Generic, Iterable, Protocol, TypeVar

from hothsim.kernel.engine import NotationError

A = TypeVar("A", covariant=True)
T = TypeVar("T")


@dataclass(frozen=True)
class Words:
    """One line of notation split into its verb and the words after it; `need` checks their number and
    says, in the game's own phrasing (`template`), how the verb is written."""

    verb: str
    args: tuple[str, ...]
    template: str  # with {verb} and {form}

    def need(self, n: int, form: str) -> None:
        """Raise NotationError unless exactly `n` words follow the verb."""
        if len(self.args) != n:
            self.fail(form)

    def at_least(self, n: int, form: str) -> None:
        """Raise NotationError unless `n` or more words follow the verb."""
        if len(self.args) < n:
            self.fail(form)

    def fail(self, form: str) -> None:
        """Raise NotationError saying how the verb is written."""
        raise NotationError(self.template.format(verb=self.verb, form=form))


class Readable(Protocol[A]):
    """An action class that reads itself back from its words."""

    @property
    def VERBS(self) -> tuple[str, ...]:  # noqa: N802 - the action classes' own constant
        """The verbs that begin this class's notation."""
        ...  # pragma: no cover

    def read(self, words: Words) -> A:
        """The action these words write (NotationError says what is wrong)."""
        ...  # pragma: no cover


@dataclass(frozen=True)
class NotationReader(Generic[T]):
    """A game's notation parser: the line's first word picks the action class that reads the rest."""

    by_verb: dict[str, Callable[[Words], T]]
    template: str  # how `Words.need` says a verb is written, with {verb} and {form}
    empty: str  # the message for an empty line
    unknown: Callable[[str], str]  # the message for an unknown verb
    fold_case: bool = False  # lower-case every word (True) or only the verb

    @classmethod
    def of(cls, classes: Iterable[Readable[T]], template: str, empty: str, unknown: Callable[[str], str],
           fold_case: bool = False) -> "NotationReader[T]":
        """The reader for these classes, each verb to the one class that answers it."""
        by_verb: dict[str, Callable[[Words], T]] = {}
        for c in classes:
            for verb in c.VERBS:
                if verb in by_verb:
                    raise ValueError(f"two action classes answer {verb!r}")
                by_verb[verb] = c.read
        return cls(by_verb, template, empty, unknown, fold_case)

    def __call__(self, text: str) -> T:
        """Read one action in notation; NotationError says what is wrong."""
        words = (text.strip().lower() if self.fold_case else text.strip()).split()
        if not words:
            raise NotationError(self.empty)
        verb = words[0].lower()
        read = self.by_verb.get(verb)
        if read is None:
            raise NotationError(self.unknown(verb))
        return read(Words(verb, tuple(words[1:]), self.template))
