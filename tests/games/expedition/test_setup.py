"""Expedition, Preparation and Marking Research Destinations."""

from __future__ import annotations

import pytest

from terra.games.expedition import ExpeditionState
from terra.games.expedition.marking import CHIP_DISTANCE
from terra.games.expedition.missions import PUBLIC
from terra.games.expedition.preparation import PUBLIC_DISTANCE
from terra.games.expedition.rulebook import RULE_CHIPS
from tests.games.expedition import table
from tests.refusals import refused_by_rule
from tests.walks import greedy_decisions


@pytest.mark.parametrize(("players", "cards"), [(2, 12), (3, 12), (4, 9), (5, 9), (6, 9)])
def test_each_player_is_dealt_12_cards_with_2_or_3_players_and_9_with_more(
    players: int, cards: int
) -> None:
    """Expedition, Preparation: 12 research cards each with 2-3 players, 9 with 4-6."""
    state = table.new(players, 1)
    assert [len(hand) for hand in state.hand] == [cards] * players
    everything = sorted(state.deck + state.public + [c for h in state.hand for c in h])
    assert everything == list(range(state.data.num_sites))


def test_the_deck_is_shuffled_by_the_seed() -> None:
    """Expedition, Preparation: the research deck is shuffled."""
    assert table.new(2, 1).hand != table.new(2, 2).hand
    assert table.new(2, 1).hand == table.new(2, 1).hand


@pytest.mark.parametrize("seed", range(8))
def test_six_public_missions_lie_at_least_three_lines_from_the_start(seed: int) -> None:
    """Expedition, Preparation: six public missions, each at least three spaces from the start;
    the cards drawn too close go under the deck, seen by everybody."""
    state = table.new(2, seed)
    data = state.data
    assert len(state.public) == PUBLIC
    assert all(data.distance[data.start][c] >= PUBLIC_DISTANCE for c in state.public)
    rejected = [data.point(e["args"]["card"]) for e in state.events if e["key"] == "reject"]
    assert all(data.distance[data.start][c] < PUBLIC_DISTANCE for c in rejected)
    assert state.deck[: len(rejected)] == rejected[::-1]  # under the deck, the first lowest
    for seat in range(2):
        known = [place[1] for place in state.view(seat)["deck"]["known_places"]]
        assert sorted(known) == sorted(data.point_ids[c] for c in rejected)


def test_a_rejected_card_is_found_at_setup_for_some_seed() -> None:
    """The redraw of Expedition, Preparation actually happens on the shipped map."""
    assert any(any(e["key"] == "reject" for e in table.new(2, seed).events) for seed in range(20))


def test_every_player_starts_with_three_travel_vouchers() -> None:
    """Expedition, Preparation: three travel vouchers each."""
    assert table.new(4, 0).vouchers == [3, 3, 3, 3]


def test_chips_are_placed_one_at_a_time_in_turn_order_until_each_has_four() -> None:
    """Expedition, Marking Research Destinations: the oldest player places one chip, then the
    others clockwise, round after round, until everyone has marked four."""
    state = table.new(3, 4)
    order = []
    while state.phase_name == "marking":
        order.append(state.player)
        legal = state.legal_action_strs()
        assert all(a.startswith("mark ") for a in legal)
        state.play(legal[0])
    assert order == [0, 1, 2] * 4
    assert state.chips_placed == [4, 4, 4]
    assert state.phase_name == "playing" and state.player == 0


def test_a_marked_destination_lies_at_least_two_lines_from_the_start() -> None:
    """Expedition, Marking Research Destinations: at least two spaces from the start."""
    data = table.new().data
    for seed in range(10):
        state = table.new(2, seed)
        legal = state.legal_actions()
        for card in state.hand[state.player]:
            allowed = state.tables.mark_base + card in legal
            assert allowed == (data.distance[data.start][card] >= CHIP_DISTANCE)


def test_a_marked_card_is_known_to_everybody() -> None:
    """Expedition, Marking Research Destinations: marking a destination makes it public."""
    state = table.new(2, 3)
    action = state.legal_action_strs()[0]
    state.play(action)
    site = state.data.point_ids[state.data.point(action[len("mark ") :])]
    for seat in (None, 0, 1):
        assert state.view(seat)["players"][0]["marked"] == [site]


def test_the_public_display_is_refilled_to_six_after_marking() -> None:
    """Expedition, Marking Research Destinations: afterwards the display is filled up to six; a
    card drawn now counts wherever it lies. (Shown on the small map, where the deck runs out.)"""
    state = table.playing(2, 0)
    assert len(state.public) == PUBLIC
    small = table.playing(2, 0, data=table.LOOPS)
    assert small.public == []  # 12 sites: all dealt to the first hand


def test_marking_errors_say_why() -> None:
    state = table.new()
    other = state.hand[1][0]
    refused_by_rule(state, f"mark {table.name(state, other)}", RULE_CHIPS, "you hold no")
    refused_by_rule(state, "red Stockholm > Kizhi", RULE_CHIPS, "first every player marks")
    refused_by_rule(state, "pass", RULE_CHIPS, "Variant A")
    near = next((c for c in state.hand[0] if state.data.distance[state.data.start][c] < 2), None)
    if near is not None:
        refused_by_rule(state, f"mark {table.name(state, near)}", RULE_CHIPS, "at least 2")


def test_the_contract_suite_asks_greedy_to_mark_and_to_exchange() -> None:
    """Marking Research Destinations, and Travel Vouchers - Exchange a Research Mission: the
    decisions at which the contract suite checks the greedy player (``tests.walks``) include
    marking a destination and keeping a card drawn in an exchange."""
    found = [
        state for state in greedy_decisions("expedition") if isinstance(state, ExpeditionState)
    ]
    assert len(found) == len(greedy_decisions("expedition"))
    assert any(state.phase_name == "marking" for state in found)
    assert any(state.drawn for state in found)
