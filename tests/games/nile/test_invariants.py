"""Source of the Nile: what must hold in every position of seeded games, played to the end
between greedy explorers (play that looks like a real game) and against random ones (play
that tries what nobody would)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest

import terra
from terra.ai.bots import Bot, GreedyBot, RandomBot
from terra.games.nile.state import NileState

GAMES = [  # (players, seed, greedy seats)
    (1, 4, 1),
    (2, 1, 2),
    (3, 2, 3),
    (4, 3, 4),
    (6, 5, 6),
    (2, 6, 1),
    (3, 7, 1),
]


def card_places(state: NileState) -> Counter[int]:
    """How many places hold each Event card: the deck, the discard pile, the donations each
    explorer holds (26.8)."""
    places = Counter(state.deck) + Counter(state.discards)
    for explorer in state.explorers:
        places.update(explorer.donations)
    return places


def play(players: int, seed: int, greedy: int) -> Iterator[NileState]:
    """Every position of a seeded game, to its end (the same state, moved on): greedy in the
    first seats, random after."""
    state = terra.game("nile").new(players, seed)
    assert isinstance(state, NileState)
    bots: list[Bot] = [
        GreedyBot(seed * 10 + seat) if seat < greedy else RandomBot(seed * 10 + seat)
        for seat in range(players)
    ]
    yield state
    while not state.is_over:
        state.play(bots[state.player].choose(state))
        yield state


@pytest.mark.parametrize(("players", "seed", "greedy"), GAMES)
def test_every_card_is_in_exactly_one_place(players: int, seed: int, greedy: int) -> None:
    """Source of the Nile, 4.2 with 26.8: the Event deck is shuffled once and reshuffled from
    its discards; a donation an explorer holds lies before him, face up, and nowhere else
    until he lets it go. So every card is in the deck, the discard pile or one hand, once."""
    held = 0
    last: NileState | None = None
    for number, state in enumerate(play(players, seed, greedy)):
        places = card_places(state)
        twice = sorted(card for card, count in places.items() if count != 1)
        assert not twice, f"position {number}: cards {twice} are in more than one place"
        missing = set(range(state.data.deck.size)) - set(places)
        assert not missing, f"position {number}: cards {sorted(missing)} are nowhere"
        held += any(explorer.donations for explorer in state.explorers)
        last = state
    assert last is not None and last.is_over
    reshuffled = any(event["key"] == "deck-reshuffled" for event in last.events)
    assert reshuffled and held  # the game came to both: a reshuffle, and donations held
