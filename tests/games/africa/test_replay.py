"""Seed + actions = the whole game: replays and clones.

Chance lives in the state's seeded RNG (the shuffle of Africa, Game Setup), so the same seed
and the same actions always give the same game, and a record rebuilds it exactly.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest

import terra
from terra.core import Record, TerraError
from terra.games.africa import AfricaState
from tests.games.africa import table
from tests.walks import random_actions


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_same_seed_and_actions_give_equal_states(players: int) -> None:
    first = table.new(players, 11)
    second = table.new(players, 11)
    assert first == second
    for _ in range(10):
        for action in random_actions(first, 150, seed=len(first.history)):
            second.apply(action)
        assert first == second
        assert first.events == second.events
        assert first.view(0) == second.view(0)


@pytest.mark.parametrize(
    ("players", "depth", "options"),
    [
        (2, 0, {}),
        (2, 57, {}),
        (3, 700, {"simple": True}),
        (4, None, {}),
        (2, None, {"two_player": False}),
    ],
)
def test_a_record_replays_to_an_equal_state(
    players: int, depth: int | None, options: dict[str, Any]
) -> None:
    state = table.new(players, 23, **options)
    random_actions(state, depth if depth is not None else 10**6, seed=23)
    record = state.record()
    again = terra.replay(record)
    assert isinstance(again, AfricaState)
    assert again == state
    assert again.history == state.history
    assert again.events == state.events
    assert again.record() == record
    assert Record.from_json(record.to_json()) == record
    if state.is_over:
        assert record.result == {"scores": again.scores(), "winners": again.winners()}


def test_a_record_saved_and_loaded_replays(tmp_path: Path) -> None:
    state = table.new(3, 5)
    random_actions(state, 10**6, seed=5)
    path = tmp_path / "game.json"
    state.record({"note": "saved"}).save(path)
    assert terra.replay(Record.load(path)) == state


def test_a_sample_has_no_record() -> None:
    state = table.new(2, 1)
    random_actions(state, 30, seed=1)
    with pytest.raises(TerraError):
        state.sample_hidden(0, random.Random(0)).record()


def test_a_clone_then_the_same_actions_gives_equal_states() -> None:
    state = table.new(4, 9)
    random_actions(state, 200, seed=9)
    twin = state.clone()
    assert twin == state and twin.legal_actions() == state.legal_actions()
    for action in random_actions(state, 10**6, seed=1):
        twin.apply(action)
    assert twin == state and twin.is_over
    assert twin.record() == state.record()


def test_a_clone_shares_no_mutable_list() -> None:
    """Change every list of the clone (and every list inside them): the original stays."""
    state = table.new(4, 3)
    random_actions(state, 500, seed=3)
    lists = [
        name
        for name in AfricaState.__slots__
        if not name.startswith("_") and isinstance(getattr(state, name), list)
    ]
    assert {"marker", "down", "camp", "loc", "hand", "camps", "track"} <= set(lists)
    before = {name: copy.deepcopy(getattr(state, name)) for name in lists}
    twin = state.clone()
    for name in lists:
        value = getattr(twin, name)
        for inner in value:
            if isinstance(inner, list):
                inner.append(-7)
        value.append(-7)
    for name in lists:
        assert getattr(state, name) == before[name], name
