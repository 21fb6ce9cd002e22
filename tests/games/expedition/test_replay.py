"""Seed + actions = the whole game: replays, clones and records.

Chance lives in the state's seeded RNG (the shuffle of Expedition, Preparation), so the same
seed and the same actions always give the same game, and a record rebuilds it exactly.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import terra
from terra.core import Record
from tests.games.expedition import table
from tests.walks import random_actions


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_same_seed_and_actions_give_equal_states(players: int) -> None:
    first = table.new(players, 11)
    second = table.new(players, 11)
    assert first == second
    for action in random_actions(first, 10**6, seed=3):
        second.apply(action)
    assert first == second
    assert first.events == second.events
    assert first.view(0) == second.view(0)


@pytest.mark.parametrize(
    ("players", "depth", "options"),
    [(2, 0, {}), (2, 57, {}), (3, None, {"variant_a": True}), (5, None, {"variant_b": True})],
)
def test_a_record_replays_to_an_equal_state(
    players: int, depth: int | None, options: dict[str, bool]
) -> None:
    state = table.new(players, 23, **options)
    random_actions(state, depth if depth is not None else 10**6, seed=23)
    record = state.record()
    again = terra.replay(record)
    assert again == state
    assert again.history == state.history
    assert again.events == state.events
    assert again.record() == record
    assert Record.from_json(record.to_json()) == record
    assert terra.replay(Record.from_json(record.to_json())) == state
    if state.is_over:
        assert record.result == {"scores": again.scores(), "winners": again.winners()}


def test_a_record_saved_and_loaded_replays(tmp_path: Path) -> None:
    state = table.new(3, 5)
    random_actions(state, 10**6, seed=5)
    path = tmp_path / "game.json"
    state.record({"note": "saved"}).save(path)
    assert terra.replay(Record.load(path)) == state


def test_a_clone_then_the_same_actions_gives_equal_states() -> None:
    state = table.new(4, 9)
    random_actions(state, 100, seed=9)
    twin = state.clone()
    assert twin == state and twin.legal_actions() == state.legal_actions()
    for action in random_actions(state, 10**6, seed=1):
        twin.apply(action)
    assert twin == state
    assert twin.record() == state.record()


def test_notation_round_trips_for_every_action() -> None:
    state = table.new()
    for action in range(state.num_actions):
        text = state.action_str(action)
        assert state.parse_action(text) == action
        assert state.parse_action(text.upper()) == action


def test_notation_accepts_ids_and_arrow_variants() -> None:
    state = table.new()
    red = state.parse_action("red Stockholm > Kizhi")
    assert state.parse_action("red stockholm -> kizhi") == red
    assert state.parse_action("RED: Stockholm to Kizhi") == red
    assert state.parse_action("exchange chang-an") == state.parse_action(
        "voucher exchange Chang'an"
    )
