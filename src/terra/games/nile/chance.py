"""Source of the Nile 3.6, 4.2: the dice and the Event deck, as every chapter draws on them."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from terra.games.nile.terms import DIE

if TYPE_CHECKING:
    from terra.games.nile.state import NileState


def roll(state: NileState) -> int:
    """One die (3.6)."""
    return state.rng.below(DIE) + 1


def draw(state: NileState) -> int:
    """An Event card read and discarded (4.2)."""
    card = _top_card(state)
    state.discards.append(card)
    return card


def draw_donation(state: NileState) -> int:
    """26.4-26.5, 26.8: a card drawn for its donation stays before the explorer, face up, out of
    the deck and the discards until he lets it go (:func:`discard`); -1 when only one card is
    left to draw, kept for the Event draws (decision N113)."""
    if len(state.deck) + len(state.discards) <= 1:
        return -1
    return _top_card(state)


def discard(state: NileState, cards: list[int]) -> None:
    """Donations let go of go to the discard pile (4.2)."""
    state.discards.extend(cards)


def _top_card(state: NileState) -> int:
    """The top card of the Event deck; the discards are reshuffled into a new deck when it runs
    out, so the deck is never exhausted (4.2)."""
    if not state.deck:
        state.deck = state.discards
        state.discards = []
        state.rng.shuffle(state.deck)
        state.emit("deck-reshuffled", cards=len(state.deck))
    return state.deck.pop()


Roll = Callable[[], int]  # one die, 1-6


def dice(state: NileState) -> Roll:
    """The game's dice, one die a call, for the rules that throw them."""
    return lambda: roll(state)


def two_dice(roll: Roll) -> int:
    """Two dice thrown together, their sum."""
    return roll() + roll()
