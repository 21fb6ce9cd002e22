"""A small helper that sets up Africana positions for rule tests.

Tests describe a position in the game's own terms (locations by name, cards by id, hands by
card name) and this module is the one place that writes them into a state. It keeps every
component accounted for: cards put in a hand come out of the draw pile, expedition cards put
on a space come out of the pile, adventure cards given to a player come out of their book.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import terra
from terra.games.africana import AfricanaState
from terra.games.africana import actions as act
from terra.games.africana.rulebook import Phase


def new(players: int = 2, seed: int = 0) -> AfricanaState:
    """A fresh game through the public API."""
    state = terra.game("africana").new(players, seed)
    assert isinstance(state, AfricanaState)
    return state


def loc(state: AfricanaState, name: str) -> int:
    """A location's index from its name or id."""
    index = state.data.location(name)
    assert index >= 0, name
    return index


def expedition(state: AfricanaState, ident: str) -> int:
    return state.data.expedition_ids.index(ident)


def adventure(state: AfricanaState, ident: str) -> int:
    return state.data.adventure_ids.index(ident)


def slot(state: AfricanaState, name: str) -> int:
    """A hand slot from its name: ``grey``, ``grey assistant`` or ``joker``."""
    for index in range(state.tables.hand_slots):
        if act.slot_name(state.data, index) == name:
            return index
    raise AssertionError(f"no hand slot {name!r}")


def hand_of(state: AfricanaState, seat: int) -> dict[str, int]:
    """A seat's hand by card name, without the empty slots."""
    return {
        act.slot_name(state.data, index): count
        for index, count in enumerate(state.hand[seat])
        if count
    }


def set_hand(state: AfricanaState, seat: int, cards: Mapping[str, int]) -> None:
    """Give ``seat`` exactly ``cards``. Travel cards come from the draw pile (or, when it has
    none of that colour, the discard pile) and the old ones go back into the draw pile;
    assistants come from the supply; the joker is set as given (none if not named)."""
    colours = len(state.data.colours)
    hand = state.hand[seat]
    for colour in range(colours):
        state.deck.extend([colour] * hand[colour])
        hand[colour] = 0
    for index in range(colours, 2 * colours):
        state.supply[index - colours] += hand[index]
        hand[index] = 0
    hand[state.tables.joker] = 0
    for name, count in cards.items():
        index = slot(state, name)
        if index < colours:
            for _ in range(count):
                if index in state.deck:
                    state.deck.remove(index)
                else:
                    assert state.discard[index], f"no {name} travel card left"
                    state.discard[index] -= 1
        elif index < 2 * colours:
            state.supply[index - colours] -= count
            assert state.supply[index - colours] >= 0, "no such assistant card left"
        hand[index] = count
    state._forget_legal()


def place(state: AfricanaState, seat: int, where: str) -> None:
    """Put ``seat``'s explorer on a location."""
    state.loc[seat] = loc(state, where)
    state._forget_legal()


def show(state: AfricanaState, cards: Iterable[str | None]) -> None:
    """Put these expedition cards (or nothing) on the 5 spaces, left to right.

    Cards come out of the pile or the removed C cards; the cards they replace go back on top
    of the pile (for tests the order of the pile rarely matters; set it with ``set_pile``).
    """
    wanted = [None if ident is None else expedition(state, ident) for ident in cards]
    assert len(wanted) == len(state.spaces)
    for space, card in enumerate(state.spaces):
        if card >= 0 and card not in wanted:
            state.pile.append(card)
        state.joined[space] = 0
    for chosen in wanted:
        if chosen is None or chosen in state.spaces:
            continue
        if chosen in state.pile:
            state.pile.remove(chosen)
        else:
            state.removed = tuple(c for c in state.removed if c != chosen)
    state.spaces[:] = [-1 if card is None else card for card in wanted]
    state.markers[:] = [0] * state.num_players
    state._forget_legal()


def set_pile(state: AfricanaState, top_first: list[str]) -> None:
    """Make the expedition pile exactly these cards, top first; the rest are removed."""
    cards = [expedition(state, ident) for ident in top_first]
    kept = [card for card in state.removed if card not in cards]
    state.removed = tuple(kept + [card for card in state.pile if card not in cards])
    for card in cards:
        assert card not in state.spaces
    state.pile[:] = list(reversed(cards))


def join(state: AfricanaState, seat: int, ident: str) -> None:
    """Put a marker of ``seat`` on a displayed expedition (as if joined earlier)."""
    space = state.spaces.index(expedition(state, ident))
    state.joined[space] |= 1 << seat
    state.markers[seat] += 1
    state._forget_legal()


def give_adventures(state: AfricanaState, seat: int, idents: Iterable[str]) -> None:
    """Take adventure cards out of their book and put them, unfinished, before ``seat``."""
    for ident in idents:
        card = adventure(state, ident)
        _take_from_book(state, card)
        state.adventures[seat] += (card,)
    state._forget_legal()


def give_won(
    state: AfricanaState,
    seat: int,
    expeditions: Iterable[str] = (),
    adventures: Iterable[str] = (),
) -> None:
    """Put finished cards beneath ``seat``'s company card."""
    for ident in expeditions:
        card = expedition(state, ident)
        if card in state.pile:
            state.pile.remove(card)
        elif card in state.removed:
            state.removed = tuple(c for c in state.removed if c != card)
        state.won_expeditions[seat] += (card,)
    for ident in adventures:
        card = adventure(state, ident)
        _take_from_book(state, card)
        state.won_adventures[seat] += (card,)


def set_book(state: AfricanaState, book: str, turned: list[str], unturned: list[str]) -> None:
    """Arrange a book: both halves listed top first; unlisted cards of that book go to the
    bottom of the unturned half. Cards showing on top are marked seen."""
    index = ("north", "south").index(book)
    all_cards = state.left[index] + state.right[index]
    left = [adventure(state, ident) for ident in turned]
    right = [adventure(state, ident) for ident in unturned]
    rest = [card for card in all_cards if card not in left and card not in right]
    for card in all_cards:
        state.seen &= ~(1 << card)
    state.left[index] = list(reversed(left))
    state.right[index] = rest + list(reversed(right))
    for stack in (state.left[index], state.right[index]):
        if stack:
            state.seen |= 1 << stack[-1]
    state._forget_legal()


def _take_from_book(state: AfricanaState, card: int) -> None:
    book = state.data.adventure_book[card]
    for stack in (state.left[book], state.right[book]):
        if card in stack:
            stack.remove(card)
            state.seen |= 1 << card
            for side in (state.left[book], state.right[book]):
                if side:
                    state.seen |= 1 << side[-1]
            return
    raise AssertionError("card is not in its book")


def end_game(state: AfricanaState) -> None:
    """Declare the game over where it stands (for scoring tests)."""
    state.phase = Phase.OVER
    state._forget_legal()


def play(state: AfricanaState, *moves: str) -> None:
    """Play moves in notation through the checked API."""
    for move in moves:
        state.play(move)


def travel_cards_total(state: AfricanaState) -> int:
    """Every travel card of the game, wherever it is (the 60 are always all somewhere)."""
    colours = len(state.data.colours)
    return (
        len(state.deck)
        + sum(state.discard)
        + sum(sum(hand[:colours]) for hand in state.hand)
        + sum(state.played[:colours])
    )


def set_draw_pile(state: AfricanaState, top_first: list[str]) -> None:
    """Make the travel draw pile exactly ``top_first``; every other travel card that is not
    in a hand lies in the discard pile."""
    colours = state.data.colours
    free = list(state.deck) + [c for c, n in enumerate(state.discard) for _ in range(n)]
    wanted = [colours.index(name) for name in top_first]
    for colour in wanted:
        free.remove(colour)
    state.deck[:] = list(reversed(wanted))
    state.discard[:] = [free.count(c) for c in range(len(colours))]
    state._forget_legal()


# --- positions for refusals ---------------------------------------------------------------


def location_name(state: AfricanaState, location: int) -> str:
    return state.data.location_names[location]


def here(state: AfricanaState) -> int:
    """Where the explorer of the seat to act stands."""
    return state.loc[state.player]


def a_neighbour(state: AfricanaState) -> int:
    """A location one travel route away from the explorer of the seat to act."""
    return state.data.neighbours[here(state)][0]


def colour_not_fitting(state: AfricanaState, location: int) -> str:
    """A travel colour whose card cannot pay for a step to ``location``."""
    data = state.data
    return next(c for i, c in enumerate(data.colours) if i not in data.symbols[location])


def colour_fitting(state: AfricanaState, location: int) -> str:
    """A travel colour whose card pays for a step to ``location``."""
    return state.data.colours[state.data.symbols[location][0]]


def chose_move(seed: int = 0, **hand: int) -> AfricanaState:
    """Seat 0 (Italy, in Napoli) has chosen to move, holding ``hand``."""
    state = new(2, seed)
    set_hand(state, 0, hand)
    state.play("move")
    return state


def chose_buy(seed: int = 0) -> AfricanaState:
    """Seat 0 (Italy, in Napoli, 2 silver) has chosen to buy adventure cards."""
    state = new(2, seed)
    state.play("buy")
    return state
