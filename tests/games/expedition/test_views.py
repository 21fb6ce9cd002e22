"""Hidden information never leaks through a view, and sample_hidden redeals all of it.

Expedition, Research Missions: missions are secret until fulfilled, except those marked with a
chip; the deck is face down. A view shows a seat its own hand, what is on the table, what it
saw go under the deck and what everybody can infer; ``sample_hidden`` must redeal the rest.
What holds in every game (views as JSON, samples that look the same to their seat and to a
spectator, samples without a record) is checked by the contract suite (``tests/core``).
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from terra.games.expedition import ExpeditionState
from terra.games.expedition.bots import greedy_action
from terra.games.expedition.view import common_knowledge
from tests.games.expedition import table

SAMPLES = 3


@cache
def positions(players: int, seed: int) -> tuple[ExpeditionState, ...]:
    """Snapshots of one random game: every 23rd action, every position with cards drawn in an
    exchange or a loop arrow due, and the end. Tests must not mutate them."""
    state = table.new(players, seed)
    rng = random.Random(seed)
    found = [state.clone()]
    count = 0
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        count += 1
        if count % 23 == 0 or state.drawn or state.loop >= 0:
            found.append(state.clone())
    found.append(state.clone())
    return tuple(found)


GAMES = [(2, 0), (3, 1), (4, 2), (6, 3)]


def all_positions() -> list[ExpeditionState]:
    return [s for players, seed in GAMES for s in positions(players, seed)]


def test_positions_cover_exchanges_loops_and_marking() -> None:
    found = all_positions()
    assert any(s.drawn for s in found)
    assert any(s.loop >= 0 for s in found)
    assert any(s.phase_name == "marking" for s in found)


def test_a_view_shows_a_hand_only_to_its_owner() -> None:
    for state in all_positions()[::3]:
        for seat in [None, *range(state.num_players)]:
            view = state.view(seat)
            for entry in view["players"]:
                assert ("hand" in entry) == (entry["seat"] == seat)


def hidden_swap(state: ExpeditionState, seat: int) -> ExpeditionState | None:
    """A copy where one unmarked card of another hand and one deck card unknown to ``seat``
    (and not known to be in the deck) change places; None if there is no such pair."""
    other = state.clone()
    deck = [
        i for i, c in enumerate(other.deck)
        if not other.known[seat] >> c & 1 and not other.in_deck >> c & 1
    ]  # fmt: skip
    for q in range(state.num_players):
        if q == seat:
            continue
        hand = [i for i, c in enumerate(other.hand[q]) if other.chip[c] != q]
        if hand and deck:
            i, j = hand[0], deck[-1]
            other.hand[q][i], other.deck[j] = other.deck[j], other.hand[q][i]
            other._legal = None
            return other
    return None


def test_changing_what_a_seat_cannot_see_leaves_its_view_unchanged() -> None:
    changed = 0
    for state in all_positions():
        for seat in range(state.num_players):
            other = hidden_swap(state, seat)
            if other is None:
                continue
            assert other != state
            assert other.view(seat) == state.view(seat)
            changed += 1
    assert changed > 50


def test_samples_redeal_the_hidden_cards() -> None:
    state = positions(3, 1)[3]
    samples = [state.sample_hidden(0, random.Random(k)) for k in range(5)]
    assert any(s.hand[1] != state.hand[1] for s in samples)
    assert any(s.deck != state.deck for s in samples)
    assert all(s.hand[0] == state.hand[0] for s in samples)
    assert all(s.rng.state != state.rng.state for s in samples)


def test_a_sample_keeps_the_cards_known_to_be_in_the_deck_there() -> None:
    """Expedition, Research Missions: what a seat knows to be in the deck stays there in every
    sample for that seat (decision 13)."""
    checked = 0
    for index, state in enumerate(all_positions()):
        if state.is_over:
            continue
        for seat in range(state.num_players):
            sure = state.view(seat)["deck"]["surely_inside"]
            if sure:
                sample = state.sample_hidden(seat, random.Random(index))
                assert all(sample.data.point(card) in sample.deck for card in sure)
                checked += 1
    assert checked > 20


def test_the_log_hides_dealt_and_exchanged_cards_from_the_others() -> None:
    for state in all_positions()[::5]:
        for seat in range(state.num_players):
            for event in state.log(seat):
                args = event["args"]
                if args.get("player") == seat:
                    continue
                assert "cards" not in args or event["key"] != "deal"
                if event["key"] in ("exchange", "keep"):
                    assert "drawn" not in args and "card" not in args and "back" not in args


def test_every_seat_and_a_spectator_see_the_cards_rejected_at_setup() -> None:
    """Expedition, Preparation: a card too close to the start for a public mission goes under
    the deck in front of everybody. Every view lists it, and its place stays known to all
    until somebody draws it."""
    state = table.new(2, 5)
    rejected = [e["args"]["card"] for e in state.events if e["key"] == "reject"]
    assert len(rejected) > 1
    for seat in (None, 0, 1):
        deck = state.view(seat)["deck"]
        assert deck["rejected_at_setup"] == rejected
        assert sorted(c for _, c in deck["known_places"]) == sorted(rejected)
        for depth, card in deck["known_places"]:
            assert state.deck[len(state.deck) - 1 - depth] == state.data.point(card)


def test_a_spectator_knows_only_the_places_everybody_knows() -> None:
    """Expedition, Travel Vouchers - Exchange a Research Mission: the card a player puts under
    the deck is known to that player only; a card drawn from the deck is nobody's to place."""
    for state in all_positions():
        spectator = {card for _, card in state.view(None)["deck"]["known_places"]}
        for seat in range(state.num_players):
            own = {card for _, card in state.view(seat)["deck"]["known_places"]}
            assert spectator <= own
        assert spectator <= set(state.view(None)["deck"]["rejected_at_setup"])


def test_changing_what_a_spectator_cannot_know_leaves_its_view_unchanged() -> None:
    """A spectator sees what is public: no hand, and only the deck places all seats know."""
    changed = 0
    for state in all_positions():
        other = state.clone()
        everybody = common_knowledge(other) | other.in_deck
        deck = [i for i, c in enumerate(other.deck) if not everybody >> c & 1]
        hand = [i for i, c in enumerate(other.hand[1]) if other.chip[c] != 1]
        if not deck or not hand:
            continue
        i, j = hand[0], deck[0]
        other.hand[1][i], other.deck[j] = other.deck[j], other.hand[1][i]
        other._legal = None
        assert other != state
        assert other.view(None) == state.view(None)
        changed += 1
    assert changed > 20


DECK_GAMES = [
    (2, 34, "random"),
    (3, 2, "random"),
    (2, 23, "greedy"),
    (4, 15, "greedy"),
    (5, 0, "greedy"),
]


def false_deck_claims(state: ExpeditionState) -> list[str]:
    """What a view of ``state`` (any seat or a spectator) says about the deck that is not so."""
    data = state.data
    wrong = []
    for seat in [None, *range(state.num_players)]:
        deck = state.view(seat)["deck"]
        for card in deck["surely_inside"]:
            if data.point(card) not in state.deck:
                wrong.append(f"seat {seat}: {card} is said to be in the deck")
        for depth, card in deck["known_places"]:
            if state.deck[len(state.deck) - 1 - depth] != data.point(card):
                wrong.append(f"seat {seat}: {card} is said to lie at depth {depth}")
    return wrong


@pytest.mark.parametrize(("players", "seed", "bot"), DECK_GAMES)
def test_every_claim_a_view_makes_about_the_deck_is_true(players: int, seed: int, bot: str) -> None:
    """Expedition, Research Missions and Travel Vouchers - Exchange a Research Mission: a card
    whose site an expedition reached unclaimed is known to be in the deck, and a card seen going
    under it has a known place; when a player draws cards unseen, those claims must still hold.
    At every decision, for every seat and a spectator, every card a view lists as surely in the
    deck is there, and every known place is right (decision 13)."""
    state = table.new(players, seed)
    rng = random.Random(seed)
    while not state.is_over:
        assert not false_deck_claims(state), false_deck_claims(state)
        if bot == "random":
            state.apply(rng.choice(state.legal_actions()))
        else:
            state.apply(greedy_action(state, rng))
    assert not false_deck_claims(state)


def drawing_a_card_known_to_be_in_the_deck() -> ExpeditionState:
    """A random game stopped when a player has drawn, in an exchange, the card of a site where
    an expedition stands (everybody knew it was in the deck)."""
    state = table.new(3, 2)
    rng = random.Random(2)
    while not (state.drawn and any(state.in_deck >> c & 1 for c in state.drawn)):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_a_sample_may_deal_a_card_known_to_be_in_the_deck_among_the_cards_drawn() -> None:
    """Expedition, Travel Vouchers - Exchange a Research Mission: nobody else sees which cards
    a player draws, so a card known to be in the deck may now be among them; it is in no hand,
    as it would be laid down at once (decisions 7, 13). For the other seats, samples deal it
    to the deck or among the drawn cards, so some deal it where it really is."""
    state = drawing_a_card_known_to_be_in_the_deck()
    card = next(c for c in state.drawn if state.in_deck >> c & 1)
    name = state.data.point_ids[card]
    for seat in [None, *range(state.num_players)]:
        assert name not in state.view(seat)["deck"]["surely_inside"]
    for seat in range(state.num_players):
        if seat == state.player:
            continue
        places = set()
        for k in range(100):
            sample = state.sample_hidden(seat, random.Random(k))
            assert not any(card in hand for hand in sample.hand)
            places.add("drawn" if card in sample.drawn else "deck" if card in sample.deck else "")
        assert places == {"drawn", "deck"}
    state.apply(state.parse_action(f"keep {name}"))
    assert name in state.view(None)["players"][state.player]["laid_down"]
    for seat in [None, *range(state.num_players)]:
        assert name not in state.view(seat)["deck"]["surely_inside"]
