"""Undo (issue 45): a seat takes back its last decision and every move after it, never past a
move that showed something hidden or used chance."""

from __future__ import annotations

import random

import pytest

import terra
from terra.core.record import Record
from terra.core.undo import CannotUndo, undo_point


def _record(game_id: str, actions: list[str], players: int = 2, seed: int = 5) -> Record:
    return Record(game=game_id, players=players, seed=seed, options={}, actions=tuple(actions))


def test_a_step_on_the_map_is_taken_back_with_the_moves_after_it() -> None:
    """Africa: choosing start cities shows nothing: seat 0 takes back its choice and seat 1's."""
    state = terra.game("africa").new(2, 5)
    played: list[str] = []
    while len(played) < 2:
        text = state.legal_action_strs()[0]
        played.append(text)
        state.play(text)
    assert undo_point(_record("africa", played), 0) == 0
    assert undo_point(_record("africa", played), 1) == 1


def test_never_past_a_marker_turned_over() -> None:
    """Africa: uncovering a marker shows what was face down; an undo stops before it."""
    game = terra.game("africa")
    state = game.new(2, 5)
    rng = random.Random(2)
    actions: list[str] = []
    while True:
        legal = state.legal_action_strs()
        uncover = [t for t in legal if t.startswith("uncover ")]
        text = uncover[0] if uncover and state.current_player == 0 else rng.choice(legal)
        actions.append(text)
        state.play(text)
        if text.startswith("uncover ") and state.current_player == 0:
            break
    with pytest.raises(CannotUndo, match="showed what was hidden or used chance"):
        undo_point(_record("africa", actions), 0)


def test_nothing_to_take_back_and_a_finished_game_are_refused() -> None:
    with pytest.raises(CannotUndo, match="no move yet"):
        undo_point(_record("africa", []), 0)
    game = terra.game("expedition")
    state = game.new(2, 3)
    rng = random.Random(3)
    actions = []
    while not state.is_over:
        text = rng.choice(state.legal_action_strs())
        actions.append(text)
        state.play(text)
    with pytest.raises(CannotUndo, match="game is over"):
        undo_point(_record("expedition", actions, seed=3), 0)


@pytest.mark.parametrize("game_id", [g.id for g in terra.games()])
def test_what_an_undo_keeps_is_the_seats_own_earlier_position(game_id: str) -> None:
    """Wherever an undo is allowed, the moves it takes back begin with the seat's own last
    decision, and none of them changed what the seat sees in redeals of what it cannot see."""
    game = terra.game(game_id)
    state = game.new(2, 9)
    rng = random.Random(game_id)
    actions: list[str] = []
    allowed = refused = 0
    for _ in range(80):
        if state.is_over:
            break
        text = rng.choice(state.legal_action_strs())
        actions.append(text)
        state.play(text)
        try:
            point = undo_point(_record(game_id, actions, seed=9), 0)
        except CannotUndo:
            refused += 1
            continue
        allowed += 1
        replay = game.new(2, 9)
        for done in actions[:point]:
            replay.play(done)
        assert replay.current_player == 0  # the seat decides again where it decided last
    assert allowed and refused


def test_a_refusal_never_quotes_another_seats_move() -> None:
    """Another seat's move may name what is hidden (a card kept, a card discarded): a refusal
    stopped by it says only which move it was."""
    game = terra.game("expedition")
    state = game.new(2, 4)
    rng = random.Random(4)
    actions: list[str] = []
    quoted = 0
    for _ in range(120):
        if state.is_over:
            break
        text = rng.choice(state.legal_action_strs())
        actions.append(text)
        state.play(text)
        try:
            undo_point(_record("expedition", actions, seed=4), 0)
        except CannotUndo as refusal:
            if "a later move" in str(refusal):
                assert "'" not in str(refusal)
                quoted += 1
    assert quoted
