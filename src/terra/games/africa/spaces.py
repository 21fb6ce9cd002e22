"""Africa, General Rules - Empty and Occupied Spaces: what is empty, who stands where.

A space is empty without a marker or a base camp; a researcher does not count (start cities
and spaces with researchers are empty spaces). What the rules ask of the board again and again
is cached in the state until a marker or a camp comes or goes (:func:`board_changed`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from terra.games.africa.state import AfricaState


def board_changed(state: AfricaState) -> None:
    """Forget what was cached about the board: a marker or a camp came or went."""
    state._movable = None
    state._empty = None
    state._around = None
    state._herds = None


def is_empty(state: AfricaState, hex_: int) -> bool:
    """Africa, General Rules - Empty and Occupied Spaces: no marker and no base camp."""
    return state.marker[hex_] < 0 and state.camp[hex_] < 0


def empty_count(state: AfricaState, hex_: int, origin: int) -> int:
    """Africa, General Rules - Empty and Occupied Spaces: empty spaces bordering ``hex_``. A
    space is empty without a marker or a base camp (a researcher does not count); ``origin``
    counts as empty, as the nomad being placed leaves it."""
    marker = state.marker
    camp = state.camp
    return sum(
        1 for n in state.data.neighbours[hex_] if (marker[n] < 0 or n == origin) and camp[n] < 0
    )


def empty_spaces(state: AfricaState) -> tuple[list[int], list[int], int]:
    """Africa, General Rules - Empty and Occupied Spaces: the empty spaces, how many empty
    spaces border each space, and the most that any empty space borders (cached until the
    board changes)."""
    empty = state._empty
    found = state._around
    if empty is None or found is None:
        marker = state.marker
        camp = state.camp
        empty = state._empty = [h for h, m in enumerate(marker) if m < 0 and camp[h] < 0]
        around = [0] * len(marker)
        neighbours = state.data.neighbours
        for h in empty:
            for n in neighbours[h]:
                around[n] += 1
        found = state._around = (around, max((around[h] for h in empty), default=-1))
    return empty, found[0], found[1]


def occupant(state: AfricaState, hex_: int) -> int:
    """The other seat whose researcher stands on ``hex_``, or -1."""
    for p, h in enumerate(state.loc):
        if h == hex_ and p != state.player:
            return p
    return -1
