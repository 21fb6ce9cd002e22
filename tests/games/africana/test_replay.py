"""Seed + actions = the whole game: replays and clones.

Chance lives in the state's seeded RNG (the shuffles of Africana, Game Setup, and every
reshuffle of the travel discard pile), so the same seed and the same actions always give the
same game, and a record rebuilds it exactly. The golden records under ``tests/golden`` pin the
engine's behaviour: see ``tests/golden/test_golden.py``.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

import terra
from terra.core import Record
from terra.games.africana import AfricanaState
from tests.games.africana import table
from tests.walks import random_actions


class TestDeterminism:
    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_the_same_seed_and_actions_give_equal_states(self, players: int) -> None:
        first = table.new(players, 11)
        second = table.new(players, 11)
        assert first == second
        for _ in range(20):
            actions = random_actions(first, 250, seed=len(first.history))
            for action in actions:
                second.apply(action)
            assert first == second
            assert first.events == second.events
            assert first.view(0) == second.view(0)

    def test_different_seeds_deal_different_games(self) -> None:
        """Africana, Game Setup: the expedition piles, the books and the travel cards are
        shuffled; the seed fixes how."""
        setups = [table.new(2, seed) for seed in range(20)]
        assert all(a != b for i, a in enumerate(setups) for b in setups[:i])

    @pytest.mark.parametrize(("players", "depth"), [(2, 0), (2, 57), (3, 1500), (4, None)])
    def test_a_record_replays_to_an_equal_state(self, players: int, depth: int | None) -> None:
        state = table.new(players, 23)
        random_actions(state, depth if depth is not None else 10**6, seed=23)
        record = state.record()
        again = terra.replay(record)
        assert again == state
        assert again.history == state.history
        assert again.events == state.events
        assert again.record() == record
        if state.is_over:
            assert record.result == {"scores": again.scores(), "winners": again.winners()}

    def test_a_record_saved_and_loaded_replays_to_an_equal_state(self, tmp_path: Path) -> None:
        state = table.new(3, 5)
        random_actions(state, 10**6, seed=5)
        path = tmp_path / "game.json"
        state.record({"note": "saved"}).save(path)
        assert terra.replay(Record.load(path)) == state


class TestClone:
    def test_a_clone_equals_its_original(self) -> None:
        state = table.new(3, 4)
        random_actions(state, 700, seed=4)
        twin = state.clone()
        assert twin == state
        assert twin.history == state.history
        assert twin.events == state.events
        assert twin.legal_actions() == state.legal_actions()

    @pytest.mark.parametrize("depth", [0, 40, 900])
    def test_a_clone_then_the_same_actions_gives_equal_states(self, depth: int) -> None:
        state = table.new(4, 9)
        random_actions(state, depth, seed=9)
        twin = state.clone()
        for action in random_actions(state, 10**6, seed=depth):
            twin.apply(action)
        assert twin == state
        assert twin.is_over
        assert twin.scores() == state.scores()
        assert twin.record() == state.record()

    def test_playing_on_a_clone_leaves_the_original_alone(self) -> None:
        state = table.new(2, 8)
        random_actions(state, 300, seed=8)
        snapshot = state.clone()
        history, events, view = state.history, state.events, state.view(0)
        twin = state.clone()
        random_actions(twin, 10**6, seed=1)
        assert twin.is_over
        assert state == snapshot
        assert state.history == history
        assert state.events == events
        assert state.view(0) == view

    def test_a_clone_shares_no_mutable_list(self) -> None:
        """Change every list of the clone (and every list inside them): the original stays."""
        state = table.new(4, 3)
        random_actions(state, 2000, seed=3)
        lists = [
            name
            for name in AfricanaState.__slots__
            if not name.startswith("_") and isinstance(getattr(state, name), list)
        ]
        assert {"hand", "deck", "pile", "left", "right", "adventures", "silver"} <= set(lists)
        before: dict[str, Any] = {name: copy.deepcopy(getattr(state, name)) for name in lists}
        twin = state.clone()
        for name in lists:
            value = getattr(twin, name)
            for inner in value:
                if isinstance(inner, list):
                    inner.append(-7)
            value.append(-7)
        for name in lists:
            assert getattr(state, name) == before[name], name

    def test_a_clone_has_its_own_rng(self) -> None:
        state = table.new(2, 6)
        twin = state.clone()
        twin.rng.next64()
        assert state.rng.state == table.new(2, 6).rng.state
        assert twin != state
