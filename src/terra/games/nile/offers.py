"""Source of the Nile's moves as they offer their legal actions (:mod:`terra.core.moves`): the
candidates of a move worth judging now, and the offer of a move whose candidates are exactly its
legal actions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from terra.core.moves import Offer

if TYPE_CHECKING:
    from terra.games.nile.state import NileState


Candidates = Callable[["NileState"], Iterable[int]]


def exact(candidates: Candidates) -> Offer[NileState]:
    """The offer of a move whose candidates are exactly its legal actions: they test every
    condition its explanation tests (the contract suite checks that the two agree)."""

    def offer(state: NileState, out: list[int]) -> None:
        out += candidates(state)

    return offer


def actions_of(state: NileState, kind: int) -> range:
    """Every action of the move of ``kind``."""
    return range(state.tables.base[kind], state.tables.end[kind])


def find_action(state: NileState, kind: int, *args: int) -> int:
    """The action of ``kind`` with ``args`` (-1 if the table has none): for players who pick
    a move by what it does."""
    table = state.tables
    first = table.base[kind]
    for action in range(first, table.size):
        if table.kind[action] != kind:
            break
        if table.args[action] == args:
            return action
    return -1


def every(kind: int) -> Candidates:
    """The candidates of a move: every one of its actions."""

    def candidates(state: NileState) -> Iterable[int]:
        return actions_of(state, kind)

    return candidates


def always(kind: int) -> Offer[NileState]:
    """The offer of a move whose every action is legal wherever a phase offers it: all of them,
    without a second call (they are read at every decision of a search)."""

    def offer(state: NileState, out: list[int]) -> None:
        tables = state.tables
        out += range(tables.base[kind], tables.end[kind])

    return offer
