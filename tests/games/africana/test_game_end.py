"""Africana, Game End."""

from __future__ import annotations

import pytest

from terra.core.errors import IllegalAction
from terra.games.africana import AfricanaState
from tests.games.africana import table


def emptied(players: int, pile: list[str]) -> AfricanaState:
    """A game whose first space is empty, with ``pile`` left in the expedition pile."""
    state = table.new(players)
    table.show(state, [None, "A1", "A2", "A3", "A4"])
    table.set_pile(state, pile)
    return state


def test_the_end_is_triggered_when_the_pile_cannot_fill_the_spaces() -> None:
    """Game End: not enough expedition cards left to fill the empty spaces."""
    state = emptied(3, [])
    state.play("draw")
    assert state.view(None)["turn"]["ending"]
    assert not state.is_over


def test_the_round_is_played_to_the_end_so_all_had_the_same_turns() -> None:
    """Game End: play the round through; the game ends after the turn of the player to the
    start player's right."""
    state = emptied(3, [])
    state.play("draw")  # seat 0 triggers the end
    state.play("draw")  # seat 1
    assert state.phase_name != "over"
    state.play("draw")  # seat 2, right of the start player
    assert state.is_over
    assert state.current_player is None
    assert state.turn == 3
    assert state.legal_actions() == ()


def ended_by_the_last_seat() -> AfricanaState:
    """A 2-player game whose second seat triggers the end in the first round."""
    state = table.new(2)
    state.play("draw")
    table.show(state, [None, "A1", "A2", "A3", "A4"])
    table.set_pile(state, [])
    state.play("draw")
    return state


def test_triggered_by_the_last_seat_the_game_ends_at_once() -> None:
    """Game End: if the player right of the start player triggers it, no one plays again."""
    state = ended_by_the_last_seat()
    assert state.is_over
    assert state.turn == 2


def test_exactly_enough_cards_do_not_trigger_the_end() -> None:
    """Game End: only a pile that cannot fill the spaces ends the game."""
    state = emptied(2, ["B1"])
    state.play("draw")
    assert not state.view(None)["turn"]["ending"]
    assert state.view(None)["expeditions"][0]["expedition"] == "B1"


def test_the_spaces_the_pile_can_fill_are_filled() -> None:
    """Game End (decision in docs/rules-decisions.md): with 1 card for 2 empty spaces the
    left space is filled and the end is triggered."""
    state = table.new(2)
    table.show(state, [None, "A1", None, "A2", "A3"])
    table.set_pile(state, ["B1"])
    state.play("draw")
    shown = [space["expedition"] for space in state.view(None)["expeditions"]]
    assert shown == ["B1", "A1", None, "A2", "A3"]
    assert state.view(None)["turn"]["ending"]


def test_no_action_after_the_end() -> None:
    """Game End: the game is over."""
    state = ended_by_the_last_seat()
    with pytest.raises(IllegalAction, match="the game is over"):
        state.play("draw")
