"""Seed + actions = the whole game, in every registered game: replays, records and clones.

Chance lives in the state's seeded generator, so the same seed and the same actions always give
the same game, a record (the public inputs: game, options, players, seed, action strings)
rebuilds it exactly, and a clone is a position of its own. The golden records under
``tests/golden`` pin each game's behaviour besides.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import terra
from terra.core import Record, TerraError
from terra.core.state import GameState
from tests.clones import assert_clone_shares_nothing
from tests.walks import random_actions, two_seats, variants

GAMES = [game.id for game in terra.games()]
CHUNK = 250  # random actions between two comparisons of twin games
CHUNKS = 20


def every_player_count() -> list[tuple[str, int]]:
    return [
        (game.id, players)
        for game in terra.games()
        for players in range(game.min_players, game.max_players + 1)
    ]


def snapshot(state: GameState) -> str:
    """Everything a spectator and every seat can see, plus the history: equal iff unchanged."""
    views = [state.view(seat) for seat in [None, *range(state.num_players)]]
    return json.dumps([views, state.history, state.events], sort_keys=True)


def new(game_id: str, players: int, seed: int, options: dict[str, Any] | None = None) -> GameState:
    return terra.game(game_id).new(players, seed, options)


class TestDeterminism:
    @pytest.mark.parametrize(("game_id", "players"), every_player_count(), ids=str)
    def test_the_same_seed_and_actions_give_equal_states(self, game_id: str, players: int) -> None:
        """A random game (to its end, or its first 5,000 actions), played again action by
        action on a second state. The log only grows at its end, so logs equal at the end were
        equal all along."""
        first, second = new(game_id, players, 11), new(game_id, players, 11)
        assert first == second
        for _ in range(CHUNKS):
            for action in random_actions(first, CHUNK, seed=len(first.history)):
                second.apply(action)
            assert first == second
            assert first.view(0) == second.view(0)
        assert first.events == second.events

    @pytest.mark.parametrize("game_id", GAMES)
    def test_different_seeds_deal_different_games(self, game_id: str) -> None:
        """Every game shuffles something at setup; the seed fixes how."""
        game = terra.game(game_id)
        setups = [game.new(game.min_players, seed) for seed in range(20)]
        assert all(a != b for i, a in enumerate(setups) for b in setups[:i])


def record_cases() -> list[tuple[str, int, int | None, dict[str, Any]]]:
    """Every game from its start to its end: at its start, a few actions in and in the middle
    (with two and the middle player count), at the end with the most players, and at the end
    under each variant with two players and with the most."""
    cases: list[tuple[str, int, int | None, dict[str, Any]]] = []
    for game in terra.games():
        middle = (game.min_players + game.max_players + 1) // 2
        cases += [
            (game.id, game.min_players, 0, {}),
            (game.id, two_seats(game), 57, {}),
            (game.id, middle, 700, {}),
            (game.id, game.max_players, None, {}),
        ]
        cases += [
            (game.id, players, None, options)
            for options in variants(game)
            for players in sorted({two_seats(game), game.max_players})
        ]
    return cases


class TestRecords:
    @pytest.mark.parametrize(("game_id", "players", "depth", "options"), record_cases(), ids=str)
    def test_a_record_replays_to_an_equal_state(
        self, game_id: str, players: int, depth: int | None, options: dict[str, Any]
    ) -> None:
        state = new(game_id, players, 23, options)
        random_actions(state, depth if depth is not None else 10**6, seed=23)
        record = state.record(meta={"note": "contract test"})
        assert record.game == game_id
        again = terra.replay(record)
        assert type(again) is type(state)
        assert again == state
        assert again.history == state.history
        assert again.events == state.events
        assert snapshot(again) == snapshot(state)
        assert again.record(meta={"note": "contract test"}) == record
        assert Record.from_json(record.to_json()) == record
        assert terra.replay(Record.from_json(record.to_json())) == state
        if state.is_over:
            assert record.result == {"scores": again.scores(), "winners": again.winners()}

    @pytest.mark.parametrize("game_id", GAMES)
    def test_a_record_saved_and_loaded_replays(self, game_id: str, tmp_path: Path) -> None:
        game = terra.game(game_id)
        state = new(game_id, min(max(3, game.min_players), game.max_players), 5)
        random_actions(state, 10**6, seed=5)
        path = tmp_path / "game.json"
        state.record({"note": "saved"}).save(path)
        assert terra.replay(Record.load(path)) == state

    @pytest.mark.parametrize("game_id", GAMES)
    def test_a_sample_has_no_replayable_record(self, game_id: str) -> None:
        """A record is public inputs only: a redealt state did not come from them."""
        game = terra.game(game_id)
        state = new(game_id, two_seats(game), 1)
        random_actions(state, 30, seed=1)
        sample = state.sample_hidden(0, random.Random(1))
        with pytest.raises(TerraError, match="sample_hidden"):
            sample.record()
        with pytest.raises(TerraError, match="sample_hidden"):
            sample.clone().record()
        assert state.record().seed == 1


def four_seats(game_id: str) -> int:
    game = terra.game(game_id)
    return min(max(4, game.min_players), game.max_players)


class TestClone:
    @pytest.mark.parametrize("game_id", GAMES)
    @pytest.mark.parametrize("depth", [0, 40, 900])
    def test_a_clone_then_the_same_actions_gives_equal_states(
        self, game_id: str, depth: int
    ) -> None:
        state = new(game_id, four_seats(game_id), 9)
        random_actions(state, depth, seed=9)
        twin = state.clone()
        assert twin == state
        assert twin.history == state.history
        assert twin.events == state.events
        assert twin.legal_actions() == state.legal_actions()
        for action in random_actions(state, 10**6, seed=depth):
            twin.apply(action)
        assert twin == state
        assert twin.is_over
        assert twin.scores() == state.scores()
        assert twin.record() == state.record()

    @pytest.mark.parametrize("game_id", GAMES)
    def test_playing_on_a_clone_leaves_the_original_alone(self, game_id: str) -> None:
        state = new(game_id, two_seats(terra.game(game_id)), 8)
        random_actions(state, 300, seed=8)
        before, seen = state.clone(), snapshot(state)
        twin = state.clone()
        random_actions(twin, 10**6, seed=1)
        assert twin.is_over
        assert state == before
        assert snapshot(state) == seen

    @pytest.mark.parametrize("game_id", GAMES)
    def test_a_clone_shares_no_mutable_list(self, game_id: str) -> None:
        """Change every list of the clone (and every list inside them): the original stays."""
        state = new(game_id, four_seats(game_id), 3)
        random_actions(state, 2000, seed=3)
        assert assert_clone_shares_nothing(state)

    @pytest.mark.parametrize("game_id", GAMES)
    def test_a_clone_has_its_own_rng(self, game_id: str) -> None:
        state = new(game_id, two_seats(terra.game(game_id)), 6)
        twin = state.clone()
        twin.rng.next64()
        assert state.rng.state == new(game_id, state.num_players, 6).rng.state
        assert twin != state
