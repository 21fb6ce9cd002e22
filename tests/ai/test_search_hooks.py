"""The game hooks search stands on (``estimate``, ``evaluate``, ``rollout_action``,
``favourite_action``, ``search_actions``), checked for every registered game: a fifth game gets
these tests without a change here."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

import pytest

import terra
from terra.core.evaluator import win_shares_to_returns
from terra.core.state import GameState
from terra.games.africa.state import AfricaState
from terra.games.africana.state import AfricanaState
from terra.games.nile import NileState
from tests.ai.positions import decisions, finished, player_counts

CASES = [(game.id, players) for game in terra.games() for players in player_counts(game)]
REDEALS = 3


def redeals_for_the_seat_to_act(state: GameState, index: int) -> Iterator[GameState]:
    """``REDEALS`` states that the seat to act cannot tell from ``state``."""
    seat = state.current_player
    assert seat is not None
    for j in range(REDEALS):
        yield state.sample_hidden(seat, random.Random(100 * index + j))


@pytest.mark.parametrize(("game_id", "players"), CASES)
class TestEveryGame:
    def test_evaluations_lie_in_the_returns_range_and_add_up_to_zero(
        self, game_id: str, players: int
    ) -> None:
        game = terra.game(game_id)
        low, high = game.facts(players).returns
        for state in decisions(game_id, players):
            values = game.evaluate(state)
            assert len(values) == players
            assert all(low <= v <= high for v in values), values
            assert math.isclose(sum(values), 0.0, abs_tol=1e-9), values

    def test_a_finished_game_is_valued_as_its_returns(self, game_id: str, players: int) -> None:
        game = terra.game(game_id)
        for seed in (1, 2):
            state = finished(game_id, players, seed)
            assert game.evaluate(state) == state.returns()

    def test_estimates_of_a_finished_game_rank_the_seats_as_their_scores(
        self, game_id: str, players: int
    ) -> None:
        game = terra.game(game_id)
        for seed in (1, 2):
            state = finished(game_id, players, seed)
            scores = state.scores()
            estimates = [game.estimate(state, seat) for seat in range(players)]
            for a in range(players):
                for b in range(players):
                    if scores[a] > scores[b]:
                        assert estimates[a] > estimates[b], (scores, estimates)

    def test_a_seats_estimate_reads_only_what_it_may_know(self, game_id: str, players: int) -> None:
        """The same in every state the seat cannot tell from the real one."""
        game = terra.game(game_id)
        for index, state in enumerate(decisions(game_id, players)):
            for seat in range(players):
                mine = game.estimate(state, seat)
                for j in range(REDEALS):
                    redealt = state.sample_hidden(seat, random.Random(100 * index + j))
                    assert game.estimate(redealt, seat) == mine, (state, seat, j)

    @pytest.mark.parametrize("hook", ["rollout_action", "rival_action", "favourite_action"])
    def test_the_search_policies_play_legal_moves_from_what_the_seat_may_know(
        self, game_id: str, players: int, hook: str
    ) -> None:
        game = terra.game(game_id)
        policy = getattr(game, hook)
        for index, state in enumerate(decisions(game_id, players)):
            chosen = policy(state, random.Random(index))
            assert chosen in state.legal_actions()
            for redealt in redeals_for_the_seat_to_act(state, index):
                assert policy(redealt, random.Random(index)) == chosen

    def test_the_search_weighs_legal_moves_from_what_the_seat_may_know(
        self, game_id: str, players: int
    ) -> None:
        game = terra.game(game_id)
        for index, state in enumerate(decisions(game_id, players)):
            weighed = game.search_actions(state)  # none: the greedy move alone
            assert set(weighed) <= set(state.legal_actions())
            for redealt in redeals_for_the_seat_to_act(state, index):
                assert game.search_actions(redealt) == weighed

    def test_the_hooks_leave_the_state_alone(self, game_id: str, players: int) -> None:
        game = terra.game(game_id)
        for state in decisions(game_id, players):
            before = state.clone()
            game.evaluate(state)
            game.rollout_action(state, random.Random(0))
            game.rival_action(state, random.Random(0))
            game.favourite_action(state, random.Random(0))
            game.search_actions(state)
            assert state == before
            assert state.legal_actions() == before.legal_actions()

    def test_progress_is_public_and_runs_from_0_to_1_without_going_back(
        self, game_id: str, players: int
    ) -> None:
        game = terra.game(game_id)
        state = finished(game_id, players, 1)
        replay = game.new(players, 1)
        seen = [game.progress(replay)]
        for action in state.history:
            replay.apply(action)
            seen.append(game.progress(replay))
        assert all(0.0 <= p <= 1.0 for p in seen)
        assert seen == sorted(seen), "progress went back"
        for index, position in enumerate(decisions(game_id, players)):
            for seat in range(players):
                redealt = position.sample_hidden(seat, random.Random(index))
                assert game.progress(redealt) == game.progress(position)

    def test_a_sample_depends_only_on_what_the_seat_may_know(
        self, game_id: str, players: int
    ) -> None:
        """Two states the seat cannot tell apart give the same sample from the same generator,
        so a search seeded alike decides alike in both."""
        for index, state in enumerate(decisions(game_id, players)):
            seat = state.current_player
            assert seat is not None
            other = state.sample_hidden(seat, random.Random(index + 500))
            assert state.sample_hidden(seat, random.Random(7)) == other.sample_hidden(
                seat, random.Random(7)
            )


def test_a_lead_in_the_estimates_is_a_larger_share_of_the_victory() -> None:
    values = win_shares_to_returns([30.0, 20.0, 10.0], 5.0)
    assert values[0] > values[1] > values[2]
    assert values[0] < 1.0 and values[2] > -0.5


def test_equal_estimates_are_a_shared_victory() -> None:
    assert win_shares_to_returns([7.0, 7.0], 3.0) == [0.0, 0.0]


def test_a_lead_counts_more_the_less_of_the_game_is_left(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A leader is drawn to bring the end on: the same lead is a larger share of the victory
    late in the game than early, and never a certainty before the end."""
    game = terra.game("africana")
    state = next(s for s in decisions("africana", 2) if game.estimate(s, 0) != game.estimate(s, 1))
    leader = 0 if game.estimate(state, 0) > game.estimate(state, 1) else 1
    shares = []
    for progress in (0.0, 0.5, 0.9, 1.0):
        monkeypatch.setattr(type(game), "progress", lambda self, s, p=progress: p)
        shares.append(game.evaluate(state)[leader])
    assert 0 < shares[0] < shares[1] < shares[2] < 1.0
    assert shares[3] == shares[2]  # the least left (LEAST_LEFT) is a tenth of the game


def test_africanas_progress_is_the_expedition_pile_used_up() -> None:
    """Africana, Game End: the end comes when the pile cannot refill the display."""
    game = terra.game("africana")
    state = game.new(2, 5)
    assert isinstance(state, AfricanaState)
    assert game.progress(state) == 0.0
    start = len(state.pile)
    rng = random.Random(5)
    while len(state.pile) == start:
        state.apply(game.greedy_action(state, rng))
    assert game.progress(state) == pytest.approx(1 - len(state.pile) / start)
    while not state.ending:
        state.apply(game.greedy_action(state, rng))
    assert game.progress(state) == 1.0


def test_africas_progress_is_the_share_of_the_game_ending_monuments_found() -> None:
    """Africa, Game End: the last monument (the 9th with the 2-player variant) ends it."""
    game = terra.game("africa")
    state = game.new(2, 5)
    assert isinstance(state, AfricaState)
    assert game.progress(state) == 0.0
    rng = random.Random(5)
    while state.found == 0:
        state.apply(game.greedy_action(state, rng))
    assert game.progress(state) == pytest.approx(1 / 9)
    while not state.is_over:
        state.apply(game.greedy_action(state, rng))
    assert state.found == 9
    assert game.progress(state) == 1.0


def test_a_solitaire_game_nears_its_returns_as_the_target_nears() -> None:
    """Source of the Nile alone (7.0): further from the target is worth less."""
    game = terra.game("nile")
    state = game.new(1, 3)
    assert isinstance(state, NileState)
    low = game.evaluate(state)[0]
    assert -1.0 < low < 0.0
    state.explorer(0).vp = state.target - 1  # the published points
    assert game.evaluate(state)[0] > low
