"""Africana, A) Draw travel cards: two cards from the draw pile, and the turn ends; a draw
pile that runs out is replaced by the shuffled discard pile."""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.core.moves import Always, Move, fixed
from terra.games.africana.actions import DRAW
from terra.games.africana.end_of_turn import end_of_turn
from terra.games.africana.gameplay import explain_choice
from terra.games.africana.rulebook import RULE_DRAW

if TYPE_CHECKING:
    from terra.games.africana.state import AfricanaState

CARDS_DRAWN = 2  # A) Draw travel cards


def replace_empty_draw_pile(state: AfricanaState) -> None:
    """Africana, A) Draw travel cards: should the draw pile run out, the discard pile is
    shuffled face down as the new draw pile. Cards discarded later start a new discard pile.

    Called the moment the last card is drawn. A pile that runs out while the discard pile is
    empty stays empty until a card is needed (docs/rules-decisions.md).
    """
    deck = state.deck
    if deck:
        return
    discard = state.discard
    total = sum(discard)
    if not total:
        return
    for colour, count in enumerate(discard):
        deck.extend([colour] * count)
    state.discard = [0] * len(discard)
    state.rng.shuffle(deck)
    state.emit("reshuffle", cards=total)


def draw_into_hand(state: AfricanaState, player: int, count: int) -> list[str]:
    """Africana, A) Draw travel cards: up to ``count`` cards from the top of the draw pile into
    ``player``'s hand; the colours drawn. With both piles empty nothing more is drawn.

    A pile that runs out in the middle is replaced before the next card; the caller replaces
    one that ran out with the last card (``replace_empty_draw_pile``) once it has logged the
    draw, so the log tells the events in their order.
    """
    hand = state.hand[player]
    deck = state.deck
    colours = state.data.colours
    drawn = []
    for _ in range(count):
        if not deck:
            replace_empty_draw_pile(state)
            if not deck:
                break
        colour = deck.pop()
        hand[colour] += 1
        drawn.append(colours[colour])
    return drawn


def draw_travel_cards(state: AfricanaState) -> None:
    """Africana, A) Draw travel cards: draw 2 travel cards; the turn then ends."""
    drawn = draw_into_hand(state, state.player, CARDS_DRAWN)
    state.emit("draw", player=state.player, count=len(drawn), cards=drawn)
    replace_empty_draw_pile(state)
    end_of_turn(state)


DRAW_TRAVEL_CARDS = Move(
    name="draw",
    rule=RULE_DRAW,
    notation=fixed("draw"),
    offer=Always(DRAW),
    explain=explain_choice,
    effect=draw_travel_cards,
)
