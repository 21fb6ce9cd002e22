"""A game's action space: every action an int, with its kind, arguments and notation.

Each game builds its table once per data set with :class:`ActionSpaceBuilder`, in a fixed
order, so an int means the same thing in every position and records stay readable. The core
reads the notation both ways and dispatches an action to the rule of its kind (the state's
``RULES``); the game adds what its rules look up by kind (the first action of each
kind, say) in a subclass of :class:`ActionSpace`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from terra.core.errors import DataError, quote

# The longest text that can be an action in any game; anything longer is refused unread.
MAX_NOTATION = 200

# A rule carries out one kind of action: ``rule(state, *args)``.
Rule = Callable[..., None]


def fold_notation(text: str) -> str:
    """Notation as lookups compare it: without case, commas or colons, single spaces.

    >>> fold_notation("  Go Cairo:  GREY ")
    'go cairo grey'
    """
    return " ".join(text.lower().replace(",", " ").replace(":", " ").split())


@dataclass(frozen=True, eq=False)
class ActionSpace:
    """Every action of one game and data set, by int: kind, arguments and notation."""

    kind: tuple[int, ...]
    args: tuple[tuple[int, ...], ...]
    text: tuple[str, ...]
    lookup: Mapping[str, int] = field(repr=False)

    @property
    def size(self) -> int:
        """How many actions there are: every action is an int in ``range(size)``."""
        return len(self.text)

    def find(self, text: str) -> int:
        """The action whose notation (or alias) is ``text``, as :func:`fold_notation` reads
        it; -1 if none."""
        return self.lookup.get(fold_notation(text), -1)


class ActionSpaceBuilder:
    """Collects a game's actions in order, then checks that every notation is unique.

    >>> builder = ActionSpaceBuilder("Test")
    >>> builder.add(0, "draw"), builder.add(1, "go Cairo", 7)
    (0, 1)
    >>> space = ActionSpace(**builder.fields())
    >>> space.find("GO cairo"), space.args[1]
    (1, (7,))
    """

    def __init__(self, title: str) -> None:
        self._title = title
        self._kind: list[int] = []
        self._args: list[tuple[int, ...]] = []
        self._text: list[str] = []
        self._lookup: dict[str, int] = {}
        self._aliases: dict[str, int] = {}

    def __len__(self) -> int:
        return len(self._text)

    def add(self, kind: int, text: str, *args: int) -> int:
        """Append an action; returns its int. Two actions must never read the same."""
        action = len(self._text)
        key = fold_notation(text)
        if key in self._lookup:
            other = self._text[self._lookup[key]]
            raise DataError(
                f"{self._title}: the actions {quote(other)} and {quote(text)} read the same; "
                "two names in the data must differ by more than case and spacing"
            )
        self._lookup[key] = action
        self._kind.append(kind)
        self._args.append(args)
        self._text.append(text)
        return action

    def alias(self, text: str, action: int) -> None:
        """Another way to write ``action`` (an id for a name, say); notation comes first."""
        self._aliases.setdefault(fold_notation(text), action)

    def fields(self) -> dict[str, Any]:
        """The fields of an :class:`ActionSpace` (or of a game's subclass of it)."""
        lookup = dict(self._aliases)
        lookup.update(self._lookup)
        return {
            "kind": tuple(self._kind),
            "args": tuple(self._args),
            "text": tuple(self._text),
            "lookup": lookup,
        }
