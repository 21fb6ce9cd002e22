"""Africana, Game Setup: the expedition pile (C cards removed unseen by player count) and
the five expedition spaces, both adventure books, the travel draw pile, and each company's
explorer, silver, joker and first travel card."""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.games.africana.buying import reveal_tops
from terra.games.africana.drawing import draw_into_hand
from terra.games.africana.rulebook import Phase

if TYPE_CHECKING:
    from terra.games.africana.state import AfricanaState

C_REMOVED = {2: 10, 3: 7, 4: 4}  # Game Setup: C cards removed unseen by player count


def set_up(state: AfricanaState) -> None:
    """Africana, Game Setup: expedition pile and spaces, books, travel deck, companies."""
    set_up_expeditions(state)
    set_up_books(state)
    data = state.data
    colours = len(data.colours)
    state.deck = [colour for colour in range(colours) for _ in range(data.cards_per_colour)]
    state.rng.shuffle(state.deck)
    state.discard = [0] * colours
    state.supply = [data.assistants_per_colour] * colours
    state.retired = [0] * (colours + 1)
    set_up_companies(state)
    state.phase = Phase.CHOOSE
    state.player = 0
    state.turn = 0
    state.ending = False
    state.pages = 0
    state.played = [0] * state.tables.hand_slots


def set_up_expeditions(state: AfricanaState) -> None:
    """Africana, Game Setup: the A, B and C expedition cards shuffled apart, some C cards
    removed unseen, the pile stacked C, B, A from the bottom, and the five spaces filled."""
    decks: list[list[int]] = [[], [], []]
    for card, deck in enumerate(state.data.expedition_deck):
        decks[deck].append(card)
    for deck_cards in decks:
        state.rng.shuffle(deck_cards)
    removed = C_REMOVED[state.num_players]
    state.removed = tuple(decks[2][:removed])
    state.pile = decks[2][removed:] + decks[1] + decks[0]  # A on top, the top is the end
    state.spaces = [state.pile.pop() for _ in state.data.bonus_silver]
    state.joined = [0] * len(state.spaces)


def set_up_books(state: AfricanaState) -> None:
    """Africana, Game Setup: each book's adventure cards shuffled, every page unturned."""
    state.left = [[], []]
    state.right = [[], []]
    state.seen = 0
    for book in (0, 1):
        cards = [c for c, b in enumerate(state.data.adventure_book) if b == book]
        state.rng.shuffle(cards)
        state.right[book] = cards
        reveal_tops(state, book)


def set_up_companies(state: AfricanaState) -> None:
    """Africana, Game Setup: each company's explorer at its start, its silver, a joker and
    one travel card from the draw pile."""
    slots = state.tables.hand_slots
    state.loc = []
    state.silver = []
    state.hand = []
    for company in state.data.companies[: state.num_players]:
        state.loc.append(company.start)
        state.silver.append(company.silver)
        hand = [0] * slots
        hand[state.tables.joker] = 1
        state.hand.append(hand)
    for player in range(state.num_players):
        draw_into_hand(state, player, 1)
    players = state.num_players
    state.markers = [0] * players
    state.adventures = [() for _ in range(players)]
    state.won_expeditions = [() for _ in range(players)]
    state.won_adventures = [() for _ in range(players)]
