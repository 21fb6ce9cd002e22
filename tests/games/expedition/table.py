"""A small helper that sets up Expedition positions for rule tests.

Tests describe positions in the game's own terms (points by name, colours by name) and play
them through the public API; the few things that cannot be reached that way quickly (a given
card in a hand, a number of vouchers) are written here, keeping every card accounted for.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import terra
from terra.games.expedition import ExpeditionState

LOOPS = str(Path(__file__).parent / "maps" / "loops")


def new(players: int = 2, seed: int = 0, **options: Any) -> ExpeditionState:
    """A fresh game through the public API."""
    state = terra.game("expedition").new(players, seed, options)
    assert isinstance(state, ExpeditionState)
    return state


def point(state: ExpeditionState, name: str) -> int:
    """A point's index from its name or id."""
    index = state.data.point(name)
    assert index >= 0, name
    return index


def name(state: ExpeditionState, p: int) -> str:
    return state.data.point_names[p]


def mark_all(state: ExpeditionState) -> ExpeditionState:
    """Play the marking phase: every seat marks its first markable cards (or passes)."""
    while state.phase_name == "marking":
        state.play(state.legal_actions()[0])
    return state


def playing(players: int = 2, seed: int = 0, **options: Any) -> ExpeditionState:
    """A game right after marking: seat 0 places the first arrow."""
    return mark_all(new(players, seed, **options))


def finish_turn(state: ExpeditionState) -> None:
    """End the turn if the player has placed the arrows due (optional ones are forgone)."""
    if "done" in state.legal_action_strs():
        state.play("done")


def arrow(state: ExpeditionState, colour: str, origin: str, target: str) -> None:
    """Place one arrow, checked."""
    state.play(f"{colour} {origin} > {target}")


def walk(state: ExpeditionState, colour: str, points: Sequence[str], turns: bool = True) -> None:
    """Place arrows along ``points`` (the first is where the expedition stands); with ``turns``
    one arrow a turn (ending each turn), else all in the current turn as far as allowed."""
    for origin, target in itertools.pairwise(points):
        if turns:
            finish_turn(state)
        arrow(state, colour, origin, target)
    if turns:
        finish_turn(state)


def path(state: ExpeditionState, origin: str, target: str, avoid: Sequence[str] = ()) -> list[str]:
    """A shortest path by point names (breadth first), avoiding some points."""
    data = state.data
    a, b = point(state, origin), point(state, target)
    banned = {point(state, n) for n in avoid}
    parent = {a: a}
    frontier = [a]
    for here in frontier:
        for there in data.neighbours[here]:
            if there not in parent and there not in banned:
                parent[there] = here
                frontier.append(there)
    assert b in parent, (origin, target)
    found = [b]
    while found[-1] != a:
        found.append(parent[found[-1]])
    return [name(state, p) for p in reversed(found)]


def give_card(state: ExpeditionState, seat: int, site: str) -> None:
    """Put the research card of ``site`` into ``seat``'s hand, taking it from wherever it is
    (deck, another hand, the display); the seat's first unmarked other card takes its place."""
    card = point(state, site)
    if card in state.hand[seat]:
        return
    swap = next(c for c in state.hand[seat] if state.chip[c] < 0)
    state.hand[seat].remove(swap)
    for place in (state.deck, state.public, *state.hand):
        if card in place:
            place[place.index(card)] = swap
            break
    state.hand[seat].append(card)
    state._legal = None


def give_vouchers(state: ExpeditionState, seat: int, count: int) -> None:
    state.vouchers[seat] = count
    state._legal = None


def holder(state: ExpeditionState, site: str) -> int:
    """The seat holding the card of ``site``, or -1."""
    card = point(state, site)
    return next((p for p, hand in enumerate(state.hand) if card in hand), -1)


def put_on_deck(state: ExpeditionState, site: str) -> None:
    """Put the card of ``site`` on top of the deck; the top card takes its old place."""
    card = point(state, site)
    top = state.deck[-1]
    for place in (state.deck, state.public, *state.hand):
        if card in place:
            place[place.index(card)] = top
            break
    state.deck[-1] = card
    state._legal = None
