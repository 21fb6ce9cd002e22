"""Africa, Game Setup: markers face down, camps, scores, start cities; the variants' setup."""

from __future__ import annotations

import pytest

from terra.core import IllegalAction, OptionError
from tests.clones import assert_clone_shares_nothing
from tests.games.africa import table
from tests.walks import random_actions


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_one_face_down_marker_on_every_hex_but_the_start_cities(players: int) -> None:
    """Africa, Game Setup: the 96 markers are shuffled face down, one on each space; the five
    start cities stay uncovered."""
    state = table.new(players, 7)
    data = state.data
    for h in range(data.num_hexes):
        if data.city_of[h] >= 0:
            assert state.marker[h] == -1 and not state.down[h]
        else:
            assert state.marker[h] >= 0 and state.down[h]
    assert sum(state.down) == 96
    counts = [state.marker.count(t) for t in range(data.num_types)]
    assert counts == list(data.count)


def test_the_seed_fixes_the_shuffle() -> None:
    """Africa, Game Setup: the shuffle is drawn from the state's seeded generator."""
    assert table.new(2, 1).marker == table.new(2, 1).marker
    assert table.new(2, 1).marker != table.new(2, 2).marker


@pytest.mark.parametrize("players", [3, 4, 5])
def test_camps_and_scores(players: int) -> None:
    """Africa, Game Setup: 10 base camps in the supply, two for each player, scores at 0."""
    state = table.new(players, 0)
    assert state.supply == 10
    assert state.camps == [2] * players
    assert state.scores() == [0] * players
    assert state.last_monument == 11
    assert state.bonus == -1


def test_two_players_play_the_special_variant_by_default() -> None:
    """Africa, Special Variant for 2 Players: 8 base camps in the supply; the game ends at the
    ninth monument (docs/rules-decisions.md: on by default with two players)."""
    state = table.new(2, 0)
    assert (state.supply, state.last_monument) == (8, 9)
    plain = table.new(2, 0, two_player=False)
    assert (plain.supply, plain.last_monument) == (10, 11)
    assert (table.new(3, 0, two_player=True).supply, table.new(3, 0).last_monument) == (10, 11)


def test_options_are_checked() -> None:
    with pytest.raises(OptionError, match="must be true or false"):
        table.new(2, 0, simple="maybe")
    with pytest.raises(OptionError, match="no option"):
        table.new(2, 0, fast=True)
    with pytest.raises(OptionError, match="2-5 players"):
        table.new(6, 0)


def test_start_cities_are_chosen_in_turn_order_and_not_shared() -> None:
    """Africa, Game Setup: the start player picks a start city, then the others clockwise, each
    a city without another player's researcher; then the start player begins."""
    state = table.new(3, 0)
    assert state.phase_name == "start" and state.current_player == 0
    assert state.legal_action_strs() == [
        "start Tangier",
        "start Cairo",
        "start Mombasa",
        "start Cape Town",
        "start Luanda",
    ]
    state.play("start Cairo")
    assert state.current_player == 1
    assert "start Cairo" not in state.legal_action_strs()
    with pytest.raises(IllegalAction) as error:
        state.play("start Cairo")
    assert error.value.reason == (
        "the red researcher is already in Cairo; "
        "free start cities: Tangier, Mombasa, Cape Town, Luanda"
    )
    assert error.value.rule == "Africa, Game Setup"
    state.play("start A3")  # Tangier by its hex id
    state.play("start Cape Town")
    assert state.phase_name == "turn" and state.current_player == 0
    assert [state.data.hex_name(h) for h in state.loc] == ["Cairo", "Tangier", "Cape Town"]
    assert state.turn == 0


def test_a_clone_copies_the_board_the_hands_and_the_track() -> None:
    """Africa, Game Setup: the markers and which lie face down, the camps, the researchers,
    the hands and the score track are lists of the state, and a clone shares none of them
    (the contract suite checks every game's lists; these must be among them)."""
    state = table.new(4, 3)
    random_actions(state, 500, seed=3)
    copied = assert_clone_shares_nothing(state)
    assert {"marker", "down", "camp", "loc", "hand", "camps", "track"} <= set(copied)
