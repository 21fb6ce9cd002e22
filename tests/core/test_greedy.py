"""The greedy player of every registered game: the fixed baseline that the search bots are
measured against. It plays only legal actions, changes nothing it looks at, beats random play,
and reads only what its seat may know: its choice is the same in every state that seat cannot
tell from the real one (``sample_hidden`` redeals everything else).

Decisions are those of greedy-against-random games with every variant, and odd corners of random
games (``tests.walks.greedy_decisions``).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import terra
from terra.core.state import GameState
from terra.sim import run_games
from tests.walks import greedy_decisions, two_seats, variants

GAMES = [game.id for game in terra.games()]
REDEALS = 3  # redeals compared per decision
GAMES_AGAINST_RANDOM = 40  # two-player games, seats rotated (bench/ measures with more)
GAMES_WITH_VARIANTS = 30


def greedy(state: GameState, k: int) -> int:
    return state.game.evaluator().greedy_action(state, random.Random(k))


@pytest.mark.parametrize("game_id", GAMES)
class TestGreedy:
    def test_greedy_only_chooses_legal_actions(self, game_id: str) -> None:
        for state in greedy_decisions(game_id):
            for k in range(REDEALS):
                assert greedy(state, k) in state.legal_actions(), state.history

    def test_greedy_reads_only_what_its_seat_may_know(self, game_id: str) -> None:
        """Its choice is the same in every state its seat cannot tell from the real one."""
        for index, state in enumerate(greedy_decisions(game_id)):
            seat = state.current_player
            assert seat is not None
            chosen = [greedy(state, k) for k in range(2)]
            for j in range(REDEALS):
                redealt = state.sample_hidden(seat, random.Random(index * 100 + j))
                assert [greedy(redealt, k) for k in range(2)] == chosen, (index, j)

    def test_greedy_leaves_the_state_alone(self, game_id: str) -> None:
        for state in greedy_decisions(game_id)[::4]:
            before = state.clone()
            greedy(state, 0)
            assert state == before
            assert state.log_size == before.log_size

    def test_greedy_beats_random_in_at_least_80_percent_of_two_player_games(
        self, game_id: str
    ) -> None:
        games = GAMES_AGAINST_RANDOM
        players = two_seats(terra.game(game_id))
        summary = run_games(game_id, players, ["greedy", "random"], games, seed=0, rotate=True)
        assert summary.errors == 0, summary.error_messages
        assert summary.completed == games
        assert summary.bot_wins["greedy"] >= 0.8 * games, summary.to_dict()


def every_variant() -> list[tuple[str, dict[str, Any]]]:
    """Each game with all its variants at once (the last of ``variants``)."""
    return [(game.id, variants(game)[-1]) for game in terra.games() if variants(game)]


@pytest.mark.parametrize(("game_id", "options"), every_variant(), ids=str)
def test_greedy_beats_random_with_every_variant(game_id: str, options: dict[str, Any]) -> None:
    games = GAMES_WITH_VARIANTS
    players = two_seats(terra.game(game_id))
    summary = run_games(
        game_id, players, ["greedy", "random"], games, seed=0, rotate=True, options=options
    )
    assert summary.errors == 0, summary.error_messages
    assert summary.bot_wins["greedy"] >= 0.8 * games, summary.to_dict()
