"""A small helper that sets up Africa positions for rule tests.

Tests describe a position in the game's own terms (hexes by id or city name, markers by type
name) and this module is the one place that writes them into a state. Markers put face up on a
hex come from a face-down hex elsewhere (the marker there is swapped in), so the 96 stay
accounted for; only :func:`clear` sets markers aside.
"""

from __future__ import annotations

from collections.abc import Iterable

from terra.games.africa import GAME, AfricaState
from terra.games.africa.rulebook import Phase


def new(players: int = 2, seed: int = 0, **options: object) -> AfricaState:
    """A fresh game through the public API."""
    state = GAME.new(players, seed, options)
    assert isinstance(state, AfricaState)
    return state


def started(players: int = 2, seed: int = 0, **options: object) -> AfricaState:
    """A game where every seat has taken the first free start city in order."""
    state = new(players, seed, **options)
    for _ in range(players):
        state.play(state.legal_actions()[0])
    assert state.phase_name == "turn"
    return state


def hx(state: AfricaState, name: str) -> int:
    """A hex's index from its id or city name."""
    index = state.data.hex(name)
    assert index >= 0, name
    return index


def kind(state: AfricaState, name: str) -> int:
    index = state.data.marker_type(name)
    assert index >= 0, name
    return index


def touched(state: AfricaState) -> None:
    """Forget what was computed from the old position."""
    state._forget_legal()
    state._movable = None
    state._empty = None
    state._open = None


def put(state: AfricaState, where: str, name: str, face_up: bool = True) -> None:
    """Put a marker of type ``name`` on ``where``, taken from a face-down hex elsewhere; the
    marker that was on ``where`` (if any) goes face down in its place."""
    h = hx(state, where)
    k = kind(state, name)
    if state.marker[h] == k:
        state.down[h] = 0 if face_up else 1
        touched(state)
        return
    source = next(
        (j for j, m in enumerate(state.marker) if m == k and state.down[j] and j != h), None
    )
    assert source is not None, f"no face-down {name} left to take"
    if state.marker[h] >= 0:
        state.marker[source] = state.marker[h]
        state.down[source] = 1
    else:
        state.marker[source] = -1
        state.down[source] = 0
    state.marker[h] = k
    state.down[h] = 0 if face_up else 1
    touched(state)


def clear(state: AfricaState, *wheres: str) -> None:
    """Make hexes empty: their markers are set aside (not for tests that count markers)."""
    for where in wheres:
        h = hx(state, where)
        state.marker[h] = -1
        state.down[h] = 0
        state.camp[h] = -1
    touched(state)


def cover(state: AfricaState, wheres: Iterable[str]) -> None:
    """Turn the markers on these hexes face down (they must hold one)."""
    for where in wheres:
        h = hx(state, where)
        assert state.marker[h] >= 0
        state.down[h] = 1
    touched(state)


def camp(state: AfricaState, seat: int, where: str) -> None:
    """A base camp of ``seat`` on an empty hex (taken from its own camps)."""
    h = hx(state, where)
    assert state.marker[h] < 0 and state.camp[h] < 0
    state.camp[h] = seat
    state.camps[seat] -= 1
    touched(state)


def place(state: AfricaState, seat: int, where: str) -> None:
    """Put ``seat``'s researcher on a hex."""
    state.loc[seat] = hx(state, where)
    touched(state)


def give(state: AfricaState, seat: int, name: str, count: int = 1) -> None:
    """Put ``count`` markers of type ``name`` in front of ``seat`` (from face-down hexes,
    which become empty)."""
    k = kind(state, name)
    for _ in range(count):
        source = next(j for j, m in enumerate(state.marker) if m == k and state.down[j])
        state.marker[source] = -1
        state.down[source] = 0
        state.hand[seat][k] += 1
    touched(state)


def to_turn(state: AfricaState, seat: int) -> None:
    """Make it the start of ``seat``'s turn."""
    state.player = seat
    state.phase = Phase.TURN
    state.round = 0
    state.steps = 0
    touched(state)


def neighbours(state: AfricaState, where: str) -> list[str]:
    return [state.data.hex_ids[n] for n in state.data.neighbours[hx(state, where)]]


def end_game(state: AfricaState) -> None:
    """Declare the game over where it stands (for scoring tests)."""
    state.phase = Phase.OVER
    touched(state)


def play(state: AfricaState, *moves: str) -> None:
    """Play moves in notation through the checked API."""
    for move in moves:
        state.play(move)


def markers_total(state: AfricaState) -> int:
    """Every marker, wherever it is: on the board (either side up) or in front of a player."""
    return sum(1 for m in state.marker if m >= 0) + sum(sum(hand) for hand in state.hand)
