"""Long seeded games: no card, coin or marker is ever created or lost, and every game ends fairly.

Random games (about 7,000-11,000 actions each) reach corners no hand-written test thinks of;
a few greedy games check the same on play that looks like a real game. The cheap invariants
are checked after every action, those that follow a turn at every turn's end, and the
expensive ones every ``FULL_CHECK_EVERY`` actions and at the end.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest

from terra.games.africana import AfricanaState
from terra.games.africana.bots import greedy_action
from terra.games.africana.rules import RULEBOOK
from tests.games.africana import table

TRAVEL_CARDS = 60  # Africana, Game Components: 60 travel cards in 5 colours
JOKERS = 4  # 4 joker cards
ASSISTANTS_PER_COLOUR = 2  # 10 assistant cards in 5 colours
MARKERS = 4  # Game Setup: 4 company markers each
HAND_LIMIT = 5  # End of a Turn - Check Card Limits
ADVENTURE_LIMIT = 3
MAX_ACTIONS = 100_000  # far above any real game: reaching it means the game does not end
FULL_CHECK_EVERY = 997
DROP = RULEBOOK.kinds["discard adventure"]  # the kind of move that drops an adventure

GAMES_PER_COUNT = 100
CHUNK = 25  # seeds per test, so that pytest-xdist can spread them

Chooser = Callable[[AfricanaState], int]


@dataclass
class Tally:
    """What the game itself does not keep: adventures discarded at the card limit, and the
    turns each seat has completed."""

    players: int
    dropped: list[int] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.turns = [0] * self.players


def check_cheap(state: AfricanaState) -> None:
    """After every action: the 60 travel cards are all somewhere; no count is negative; no seat
    has more than its 4 company markers out. (Kept lean: it runs millions of times.)"""
    colours = state.tables.joker >> 1  # hand slots: travel cards, assistants, the joker
    hands = state.hand
    assert (
        len(state.deck)
        + sum(state.discard)
        + sum([sum(hand[:colours]) for hand in hands])
        + sum(state.played[:colours])
        == TRAVEL_CARDS
    )
    assert min(state.silver) >= 0
    assert min(map(min, hands)) >= 0
    assert min(state.played) >= 0
    assert min(state.markers) >= 0
    assert max(state.markers) <= MARKERS


def check_turn_end(state: AfricanaState, seat: int) -> None:
    """Africana, End of a Turn - Check Card Limits: a turn ends with at most 5 cards in hand and
    at most 3 unfinished adventures; Replenish Expedition Cards: the spaces are full unless the
    pile ran out."""
    assert sum(state.hand[seat]) <= HAND_LIMIT, f"seat {seat} ends a turn with too many cards"
    assert len(state.adventures[seat]) <= ADVENTURE_LIMIT
    assert not any(state.played), "cards played in a move stay on the table after the turn"
    if state.pile:
        assert min(state.spaces) >= 0, "an empty expedition space was not refilled"
    else:
        assert state.ending or min(state.spaces) >= 0


def check_full(state: AfricanaState, tally: Tally) -> None:
    """Every component is in exactly one place; markers match the expedition cards; the score
    is the sum of its parts."""
    data = state.data
    colours = len(data.colours)
    joker = state.tables.joker
    players = state.num_players

    # Jokers: one per company in the game (Game Setup), in hand, on the table or out of the game.
    jokers = sum(hand[joker] for hand in state.hand) + state.played[joker] + state.retired[colours]
    assert jokers == players <= JOKERS
    # Assistants: each colour's 2 cards in the supply, in hands, on the table or out of the game.
    for colour in range(colours):
        slot = colours + colour
        count = (
            state.supply[colour]
            + sum(hand[slot] for hand in state.hand)
            + state.played[slot]
            + state.retired[colour]
        )
        assert count == ASSISTANTS_PER_COLOUR, data.colours[colour]

    # Company markers: one per expedition space whose card the seat joined.
    for seat in range(players):
        bit = 1 << seat
        on_cards = sum(1 for mask in state.joined if mask & bit)
        assert on_cards == state.markers[seat] <= MARKERS
    for space, card in enumerate(state.spaces):
        assert card >= 0 or not state.joined[space], "a marker on an empty space"
        assert state.joined[space] >> players == 0

    # Expedition cards: pile, removed at setup, on a space, or won.
    places = [*state.pile, *state.removed, *(c for c in state.spaces if c >= 0)]
    for won in state.won_expeditions:
        places += won
    assert sorted(places) == list(range(len(data.expedition_ids)))

    # Adventure cards: in a book, before a player (unfinished or won), or discarded.
    places = [*tally.dropped]
    for stacks in (state.left, state.right, state.adventures, state.won_adventures):
        for cards in stacks:
            places += cards
    assert sorted(places) == list(range(len(data.adventure_ids)))
    for book in (0, 1):
        for stack in (state.left[book], state.right[book]):
            assert all(data.adventure_book[c] == book for c in stack)

    # Scoring: the score is the breakdown's total, and the total is the sum of its parts.
    breakdowns = state.score_breakdown()
    assert state.scores() == [b["total"] for b in breakdowns]
    for parts in breakdowns:
        assert parts["total"] == sum(v for k, v in parts.items() if k != "total")


def check_end(state: AfricanaState, tally: Tally) -> None:
    """Africana, Game End: "Play the current round through to completion so that each player
    has an equal number of turns"; Scoring: there is always at least one winner."""
    assert state.is_over
    assert state.ending
    assert state.current_player is None
    assert len(set(tally.turns)) == 1, f"turns per seat: {tally.turns}"
    assert sum(tally.turns) == state.turn
    winners = state.winners()
    assert winners
    assert set(winners) <= set(range(state.num_players))
    scores = state.scores()
    assert all(scores[w] == max(scores) for w in winners)


def play_checked(state: AfricanaState, choose: Chooser) -> Tally:
    """Play to the end with ``choose``, checking the invariants all along."""
    tally = Tally(state.num_players)
    tables = state.tables
    drop_base = tables.drop_base
    kinds = tables.kind
    check_cheap(state)
    check_full(state, tally)
    for count in range(1, MAX_ACTIONS + 1):
        seat = state.player
        turn = state.turn
        action = choose(state)
        if kinds[action] == DROP:
            tally.dropped.append(action - drop_base)
        state.apply(action)
        check_cheap(state)
        if state.turn != turn:
            assert state.turn == turn + 1
            tally.turns[seat] += 1
            check_turn_end(state, seat)
            if not state.is_over:
                assert state.player == (seat + 1) % state.num_players
                assert state.phase_name == "choose"
        if count % FULL_CHECK_EVERY == 0:
            check_full(state, tally)
        if state.is_over:
            check_full(state, tally)
            check_end(state, tally)
            return tally
    raise AssertionError(f"the game did not end within {MAX_ACTIONS} actions")


def random_chooser(seed: int) -> Chooser:
    choice = random.Random(seed).choice
    return lambda state: choice(state.legal_actions())


def greedy_chooser(seed: int) -> Chooser:
    rng = random.Random(seed)
    return lambda state: greedy_action(state, rng)


def mixed_chooser(seed: int, greedy_seats: set[int]) -> Chooser:
    """Greedy for ``greedy_seats``, random for the others."""
    greedy = greedy_chooser(seed)
    chance = random_chooser(seed)
    return lambda state: greedy(state) if state.player in greedy_seats else chance(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_few_random_games_keep_every_invariant(players: int) -> None:
    for seed in range(1000, 1003):
        play_checked(table.new(players, seed), random_chooser(seed))


@pytest.mark.slow
@pytest.mark.parametrize("first", range(0, GAMES_PER_COUNT, CHUNK))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant(players: int, first: int) -> None:
    """GAMES_PER_COUNT seeded random games per player count, CHUNK seeds per test."""
    for seed in range(first, first + CHUNK):
        try:
            play_checked(table.new(players, seed), random_chooser(seed))
        except AssertionError as error:
            raise AssertionError(f"{players} players, seed {seed}: {error}") from error


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_self_play_keeps_every_invariant(players: int) -> None:
    for seed in range(2):
        play_checked(table.new(players, seed), greedy_chooser(seed))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_against_random_keeps_every_invariant(players: int) -> None:
    for seed in range(2):
        play_checked(table.new(players, seed), mixed_chooser(seed, {seed % players}))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_games_with_discarded_adventures_keep_every_invariant(players: int) -> None:
    """Africana, Check Card Limits: adventures above 3 "are removed from the game" - and stay
    accounted for. Random play rarely holds 4, so seat 0 starts with 4 here."""
    for seed in range(3):
        state = table.new(players, seed)
        north = [c for c, book in enumerate(state.data.adventure_book) if book == 0]
        table.give_adventures(state, 0, [state.data.adventure_ids[c] for c in north[:4]])
        tally = play_checked(state, random_chooser(seed))
        assert tally.dropped


def test_the_checks_notice_a_lost_travel_card() -> None:
    """The checker itself works: a card taken out of the game is noticed."""
    state = table.new(2, 0)
    state.deck.pop()
    with pytest.raises(AssertionError):
        check_cheap(state)


def test_the_checks_notice_a_duplicated_adventure() -> None:
    state = table.new(2, 0)
    card = state.right[0][-1]
    state.adventures[0] += (card,)
    with pytest.raises(AssertionError):
        check_full(state, Tally(2))
