"""Expedition, Preparation: the research deck shuffled and dealt, six public missions at least
three lines from the start (the cards too close go under the deck, seen by all), three travel
vouchers each; then the marking of research destinations begins
(:mod:`~terra.games.expedition.marking`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.games.expedition.actions import EXPEDITIONS
from terra.games.expedition.marking import can_mark, next_marker
from terra.games.expedition.missions import PUBLIC, forget
from terra.games.expedition.rulebook import Phase

if TYPE_CHECKING:
    from terra.games.expedition.state import ExpeditionState

HAND = {2: 12, 3: 12, 4: 9, 5: 9, 6: 9}  # research cards dealt by player count
PUBLIC_DISTANCE = 3  # a public mission lies at least this many lines from the start
VOUCHERS = 3  # travel vouchers each player starts with


def set_up(state: ExpeditionState) -> None:
    """Expedition, Preparation: shuffle the research deck, deal the hands, lay out six public
    missions at least three lines from the start, hand out three travel vouchers each."""
    data = state.data
    players = state.num_players
    deck = list(range(data.num_sites))
    state.rng.shuffle(deck)
    state.deck = deck
    state.hand = []
    for p in range(players):
        cards = [deck.pop() for _ in range(min(HAND[players], len(deck)))]
        state.hand.append(cards)
        state.emit("deal", player=p, count=len(cards), cards=site_ids(state, cards))
    state.laid = [() for _ in range(players)]
    state.public = []
    state.chip = [-1] * data.num_sites
    state.chips_placed = [0] * players
    state.chips_back = [0] * players
    state.vouchers = [VOUCHERS] * players
    state.known = [0] * players
    state.in_deck = 0
    state.done_marking = 0
    state.arrows = [[] for _ in range(EXPEDITIONS)]
    state.end = [data.start] * EXPEDITIONS
    state.used = [bytearray(len(data.lines)) for _ in range(EXPEDITIONS)]
    state.taken = bytearray(len(data.lines))
    state.route = [1 << data.start] * EXPEDITIONS
    state.drawn = []
    state.player = 0
    state.turn = 0
    state.must = 0
    state.may = 0
    state.loop = -1
    state.loop_from = 0
    state.spent = 0
    state.looped = 0
    state.phase = Phase.MARKING
    state.winner = -1
    state.rejected = ()
    lay_out_public_missions(state)
    for p in range(players):
        if not can_mark(state, p):
            state.done_marking |= 1 << p
    next_marker(state, first=True)


def lay_out_public_missions(state: ExpeditionState) -> None:
    """Expedition, Preparation: six public missions, each at least three lines from the start;
    a card too close goes under the deck, seen by all, and the next is drawn."""
    data = state.data
    distance = data.distance[data.start]
    rejected_in_a_row = 0
    while len(state.public) < PUBLIC and state.deck and rejected_in_a_row < len(state.deck):
        card = state.deck.pop()
        if distance[card] >= PUBLIC_DISTANCE:
            state.public.append(card)
            forget(state, card)
            state.emit("public", card=data.point_ids[card])
            rejected_in_a_row = 0
        else:
            state.deck.insert(0, card)
            for p in range(state.num_players):
                state.known[p] |= 1 << card
            state.rejected += (card,)
            state.emit("reject", card=data.point_ids[card])
            rejected_in_a_row += 1


def site_ids(state: ExpeditionState, cards: list[int]) -> list[str]:
    """The ids of these cards' sites, as the log names them."""
    ids = state.data.point_ids
    return [ids[c] for c in cards]
