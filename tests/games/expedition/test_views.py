"""Hidden information never leaks through a view, and sample_hidden redeals all of it.

Expedition, Research Missions: missions are secret until fulfilled, except those marked with a
chip; the deck is face down. A view shows a seat its own hand, what is on the table, what it
saw go under the deck and what everybody can infer; ``sample_hidden`` must redeal the rest.
"""

from __future__ import annotations

import json
import random
from functools import cache

import pytest

from terra.core import TerraError
from terra.games.expedition import ExpeditionState
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


def test_views_are_json_and_show_a_hand_only_to_its_owner() -> None:
    for state in all_positions()[::3]:
        for seat in [None, *range(state.num_players)]:
            view = state.view(seat)
            json.dumps(view)
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


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_a_sample_looks_the_same_to_its_seat(players: int, seed: int) -> None:
    for index, state in enumerate(positions(players, seed)):
        for seat in range(players):
            for k in range(SAMPLES):
                sample = state.sample_hidden(seat, random.Random(index * 10 + k))
                assert sample.view(seat) == state.view(seat)
                assert sample.legal_actions() == state.legal_actions() or seat != state.player


def test_samples_redeal_the_hidden_cards() -> None:
    state = positions(3, 1)[3]
    samples = [state.sample_hidden(0, random.Random(k)) for k in range(5)]
    assert any(s.hand[1] != state.hand[1] for s in samples)
    assert any(s.deck != state.deck for s in samples)
    assert all(s.hand[0] == state.hand[0] for s in samples)
    assert all(s.rng.state != state.rng.state for s in samples)


def test_a_sample_keeps_the_cards_known_to_be_in_the_deck_there() -> None:
    for state in all_positions():
        if state.in_deck and state.phase_name != "over":
            for k in range(3):
                sample = state.sample_hidden(1, random.Random(k))
                for card in range(sample.data.num_sites):
                    if state.in_deck >> card & 1:
                        assert card in sample.deck
            return
    raise AssertionError("no position with cards known to be in the deck")


def test_a_sample_has_no_record() -> None:
    state = positions(2, 0)[2]
    with pytest.raises(TerraError):
        state.sample_hidden(0, random.Random(0)).record()


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


def test_a_sample_looks_the_same_to_a_spectator() -> None:
    """What everybody knows (the places of the cards rejected at setup among it) survives the
    redeal: a spectator cannot tell a sample from the real game either."""
    for index, state in enumerate(all_positions()[::2]):
        for seat in range(state.num_players):
            sample = state.sample_hidden(seat, random.Random(index))
            assert sample.view(None) == state.view(None)
