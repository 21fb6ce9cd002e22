"""What each seat may know in Africana, and states it cannot tell apart.

Hidden: the travel cards in other hands (their number is public), the order of the travel draw
pile, the expedition pile (its size by letter is public) and the C cards removed at setup, and
every adventure card no one has seen in the books. Public: everything on the table, and what
everybody saw as it happened: cards shown while pages were turned, cards played or discarded
face up, jokers and assistants (gained and lost in the open). docs/rules-decisions.md says why.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from terra.games.africana import scoring
from terra.games.africana.buying import book_of, page_cost
from terra.games.africana.components import HEMISPHERES
from terra.games.africana.expeditions import MARKERS
from terra.games.africana.rulebook import Phase

if TYPE_CHECKING:
    from terra.games.africana.state import AfricanaState


def _by_colour(state: AfricanaState, counts: list[int]) -> dict[str, int]:
    return dict(zip(state.data.colours, counts, strict=True))


def view(state: AfricanaState, seat: int | None) -> dict[str, Any]:
    """Exactly what ``seat`` may know, as JSON-ready data (``None``: a spectator)."""
    data = state.data
    pile = {letter: 0 for letter in "ABC"}
    for card in state.pile:
        pile["ABC"[data.expedition_deck[card]]] += 1
    colours = len(data.colours)
    return {
        "players": [_player(state, p, seat) for p in range(state.num_players)],
        "turn": _turn(state),
        "expeditions": [
            {
                "space": i + 1,
                "bonus": {"travel_cards": data.bonus_cards[i], "silver": data.bonus_silver[i]},
                "expedition": None if card < 0 else data.expedition_ids[card],
                "joined": [p for p in range(state.num_players) if state.joined[i] >> p & 1],
            }
            for i, card in enumerate(state.spaces)
        ],
        "expedition_pile": pile,
        "expeditions_removed": len(state.removed),
        "books": _books(state),
        "travel_deck": len(state.deck),
        "discard_pile": _by_colour(state, state.discard),
        "assistant_supply": _by_colour(state, state.supply),
        "out_of_game": {
            "assistants": _by_colour(state, state.retired[:colours]),
            "jokers": state.retired[colours],
        },
    }


def _player(state: AfricanaState, p: int, seat: int | None) -> dict[str, Any]:
    """Seat ``p``'s company, explorer, silver and cards; its travel cards by colour only for
    ``p`` itself."""
    data = state.data
    colours = len(data.colours)
    joker = state.tables.joker
    hand = state.hand[p]
    company = data.companies[p]
    entry: dict[str, Any] = {
        "seat": p,
        "company": company.country,
        "colour": company.colour,
        "location": data.location_ids[state.loc[p]],
        "silver": state.silver[p],
        "markers_free": MARKERS - state.markers[p],
        "hand_size": sum(hand),
        "travel_cards": sum(hand[:colours]),
        "jokers": hand[joker],
        "assistants": _by_colour(state, hand[colours:joker]),
        "adventures": [data.adventure_ids[c] for c in state.adventures[p]],
        "expeditions_won": [data.expedition_ids[c] for c in state.won_expeditions[p]],
        "adventures_won": [data.adventure_ids[c] for c in state.won_adventures[p]],
        "score": scoring.breakdown(state, p),
    }
    if p == seat:
        entry["hand"] = _by_colour(state, hand[:colours])
    return entry


def _books(state: AfricanaState) -> dict[str, Any]:
    """Both books: the turned pages, and the unturned ones the table has seen."""
    ids = state.data.adventure_ids
    return {
        name: {
            "turned": [ids[c] for c in reversed(state.left[book])],
            "unturned": [
                ids[c] if state.seen >> c & 1 else None for c in reversed(state.right[book])
            ],
        }
        for book, name in enumerate(HEMISPHERES)
    }


def _turn(state: AfricanaState) -> dict[str, Any]:
    """Whose turn it is and what they are doing; the open book while buying, the cards on the
    table while moving."""
    turn: dict[str, Any] = {
        "number": state.turn + 1,
        "round": state.turn // state.num_players + 1,
        "player": state.current_player,
        "phase": state.phase.label,
        "ending": state.ending,
    }
    if state.phase == Phase.BUY:
        turn["book"] = HEMISPHERES[book_of(state)]
        turn["pages_turned"] = state.pages
        turn["next_page_cost"] = page_cost(state)
    if state.phase == Phase.MOVE:
        colours = len(state.data.colours)
        joker = state.tables.joker
        turn["played"] = {
            "travel": _by_colour(state, state.played[:colours]),
            "assistants": _by_colour(state, state.played[colours:joker]),
            "jokers": state.played[joker],
        }
    return turn


def redeal(state: AfricanaState, sample: AfricanaState, seat: int, rng: random.Random) -> None:
    """Make ``sample`` (a clone of ``state``) a state ``seat`` cannot tell from it.

    Redeals: the travel cards of the other hands together with the draw pile (hand sizes kept);
    the expedition pile and the removed C cards, letter by letter (the letters on the backs are
    public); the unseen pages of each book among themselves.
    """
    shuffle = rng.shuffle
    data = state.data
    colours = len(data.colours)

    others = [p for p in range(state.num_players) if p != seat]
    pool = list(sample.deck)
    for p in others:
        hand = sample.hand[p]
        for colour in range(colours):
            pool.extend([colour] * hand[colour])
    shuffle(pool)
    taken = 0
    for p in others:
        hand = sample.hand[p]
        size = sum(hand[:colours])
        hand[:colours] = [0] * colours
        for colour in pool[taken : taken + size]:
            hand[colour] += 1
        taken += size
    sample.deck = pool[taken:]

    pile: list[list[int]] = [[], [], []]
    removed: list[int] = []
    for letter in (2, 1, 0):
        in_pile = sum(data.expedition_deck[c] == letter for c in state.pile)
        unseen = [c for c in (*state.pile, *state.removed) if data.expedition_deck[c] == letter]
        shuffle(unseen)
        pile[letter] = unseen[:in_pile]
        removed.extend(unseen[in_pile:])
    sample.pile = pile[2] + pile[1] + pile[0]
    sample.removed = tuple(removed)

    for stack in sample.right:
        hidden_at = [i for i, card in enumerate(stack) if not state.seen >> card & 1]
        cards = [stack[i] for i in hidden_at]
        shuffle(cards)
        for i, card in zip(hidden_at, cards, strict=True):
            stack[i] = card
