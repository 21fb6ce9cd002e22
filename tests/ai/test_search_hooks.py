"""The evaluator hooks search stands on (``estimate``, ``evaluate``, ``rollout_action``,
``favourite_action``, ``search_actions``), checked for every registered game's evaluator: a fifth
game gets these tests without a change here."""

from __future__ import annotations

import math
import random
import subprocess
import sys
from collections.abc import Iterator

import pytest

import terra
from terra.ai.budget import Budget
from terra.ai.ismcts import IsmctsBot
from terra.core.evaluator import Evaluator, SearchSettings, win_shares_to_returns
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
        evaluator = game.evaluator()
        low, high = game.facts(players).returns
        for state in decisions(game_id, players):
            values = evaluator.evaluate(state)
            assert len(values) == players
            assert all(low <= v <= high for v in values), values
            assert math.isclose(sum(values), 0.0, abs_tol=1e-9), values

    def test_a_finished_game_is_valued_as_its_returns(self, game_id: str, players: int) -> None:
        game = terra.game(game_id)
        evaluator = game.evaluator()
        for seed in (1, 2):
            state = finished(game_id, players, seed)
            assert evaluator.evaluate(state) == state.returns()

    def test_estimates_of_a_finished_game_rank_the_seats_as_their_scores(
        self, game_id: str, players: int
    ) -> None:
        game = terra.game(game_id)
        evaluator = game.evaluator()
        for seed in (1, 2):
            state = finished(game_id, players, seed)
            scores = state.scores()
            estimates = [evaluator.estimate(state, seat) for seat in range(players)]
            for a in range(players):
                for b in range(players):
                    if scores[a] > scores[b]:
                        assert estimates[a] > estimates[b], (scores, estimates)

    def test_a_seats_estimate_reads_only_what_it_may_know(self, game_id: str, players: int) -> None:
        """The same in every state the seat cannot tell from the real one."""
        game = terra.game(game_id)
        evaluator = game.evaluator()
        for index, state in enumerate(decisions(game_id, players)):
            for seat in range(players):
                mine = evaluator.estimate(state, seat)
                for j in range(REDEALS):
                    redealt = state.sample_hidden(seat, random.Random(100 * index + j))
                    assert evaluator.estimate(redealt, seat) == mine, (state, seat, j)

    @pytest.mark.parametrize("hook", ["rollout_action", "rival_action", "favourite_action"])
    def test_the_search_policies_play_legal_moves_from_what_the_seat_may_know(
        self, game_id: str, players: int, hook: str
    ) -> None:
        game = terra.game(game_id)
        evaluator = game.evaluator()
        policy = getattr(evaluator, hook)
        for index, state in enumerate(decisions(game_id, players)):
            chosen = policy(state, random.Random(index))
            assert chosen in state.legal_actions()
            for redealt in redeals_for_the_seat_to_act(state, index):
                assert policy(redealt, random.Random(index)) == chosen

    def test_the_search_weighs_legal_moves_from_what_the_seat_may_know(
        self, game_id: str, players: int
    ) -> None:
        game = terra.game(game_id)
        evaluator = game.evaluator()
        for index, state in enumerate(decisions(game_id, players)):
            weighed = evaluator.search_actions(state)  # none: the greedy move alone
            assert set(weighed) <= set(state.legal_actions())
            for redealt in redeals_for_the_seat_to_act(state, index):
                assert evaluator.search_actions(redealt) == weighed

    def test_the_hooks_leave_the_state_alone(self, game_id: str, players: int) -> None:
        game = terra.game(game_id)
        evaluator = game.evaluator()
        for state in decisions(game_id, players):
            before = state.clone()
            evaluator.evaluate(state)
            evaluator.rollout_action(state, random.Random(0))
            evaluator.rival_action(state, random.Random(0))
            evaluator.favourite_action(state, random.Random(0))
            evaluator.search_actions(state)
            assert state == before
            assert state.legal_actions() == before.legal_actions()

    def test_progress_is_public_and_runs_from_0_to_1_without_going_back(
        self, game_id: str, players: int
    ) -> None:
        game = terra.game(game_id)
        evaluator = game.evaluator()
        state = finished(game_id, players, 1)
        replay = game.new(players, 1)
        seen = [evaluator.progress(replay)]
        for action in state.history:
            replay.apply(action)
            seen.append(evaluator.progress(replay))
        assert all(0.0 <= p <= 1.0 for p in seen)
        assert seen == sorted(seen), "progress went back"
        for index, position in enumerate(decisions(game_id, players)):
            for seat in range(players):
                redealt = position.sample_hidden(seat, random.Random(index))
                assert evaluator.progress(redealt) == evaluator.progress(position)

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
    evaluator = game.evaluator()
    state = next(
        s for s in decisions("africana", 2) if evaluator.estimate(s, 0) != evaluator.estimate(s, 1)
    )
    leader = 0 if evaluator.estimate(state, 0) > evaluator.estimate(state, 1) else 1
    shares = []
    for progress in (0.0, 0.5, 0.9, 1.0):
        monkeypatch.setattr(type(evaluator), "progress", lambda self, s, p=progress: p)
        shares.append(evaluator.evaluate(state)[leader])
    assert 0 < shares[0] < shares[1] < shares[2] < 1.0
    assert shares[3] == shares[2]  # the least left (LEAST_LEFT) is a tenth of the game


def test_africanas_progress_is_the_expedition_pile_used_up() -> None:
    """Africana, Game End: the end comes when the pile cannot refill the display."""
    game = terra.game("africana")
    evaluator = game.evaluator()
    state = game.new(2, 5)
    assert isinstance(state, AfricanaState)
    assert evaluator.progress(state) == 0.0
    start = len(state.pile)
    rng = random.Random(5)
    while len(state.pile) == start:
        state.apply(evaluator.greedy_action(state, rng))
    assert evaluator.progress(state) == pytest.approx(1 - len(state.pile) / start)
    while not state.ending:
        state.apply(evaluator.greedy_action(state, rng))
    assert evaluator.progress(state) == 1.0


def test_africas_progress_is_the_share_of_the_game_ending_monuments_found() -> None:
    """Africa, Game End: the last monument (the 9th with the 2-player variant) ends it."""
    game = terra.game("africa")
    evaluator = game.evaluator()
    state = game.new(2, 5)
    assert isinstance(state, AfricaState)
    assert evaluator.progress(state) == 0.0
    rng = random.Random(5)
    while state.found == 0:
        state.apply(evaluator.greedy_action(state, rng))
    assert evaluator.progress(state) == pytest.approx(1 / 9)
    while not state.is_over:
        state.apply(evaluator.greedy_action(state, rng))
    assert state.found == 9
    assert evaluator.progress(state) == 1.0


def test_a_solitaire_game_nears_its_returns_as_the_target_nears() -> None:
    """Source of the Nile alone (7.0): further from the target is worth less."""
    game = terra.game("nile")
    evaluator = game.evaluator()
    state = game.new(1, 3)
    assert isinstance(state, NileState)
    low = evaluator.evaluate(state)[0]
    assert -1.0 < low < 0.0
    state.explorer(0).vp = state.target - 1  # the published points
    assert evaluator.evaluate(state)[0] > low


def test_loading_the_games_rules_does_not_load_their_bots() -> None:
    """A game's bots come from its own ``bots`` module when first asked for
    (``Game.evaluator()``); the rules, the registry and the contract do without them."""
    probe = (
        "import sys, terra; terra.games(); "
        "print(sorted(m for m in sys.modules if m.startswith(('terra.games.', 'terra.ai'))"
        " and m.rpartition('.')[2] in ('bots', 'greedy', 'prospects', 'planner')))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    assert loaded.strip() == "[]"
    for game in terra.games():
        assert isinstance(game.evaluator(), Evaluator)


def test_the_game_carries_no_search_hooks_or_knobs() -> None:
    """The rules' facts stay on the game; how to play them well is the evaluator's."""
    for name in (
        "greedy_action",
        "favourite_action",
        "estimate",
        "progress",
        "evaluate",
        "rollout_action",
        "rival_action",
        "search_actions",
        "evaluation_scale",
        "rollout_turns",
        "tree_within_turn",
        "greedy_bias",
        "paired_worlds",
    ):
        assert not hasattr(terra.Game, name), name


class CountingEvaluator(Evaluator[GameState]):
    """Uniform rollouts, counted: the defaults of every hook but the heuristic player."""

    def __init__(self) -> None:
        self.rollouts = 0

    def greedy_action(self, state: GameState, rng: random.Random) -> int:
        return state.legal_actions()[0]

    def rollout_action(self, state: GameState, rng: random.Random) -> int:
        self.rollouts += 1
        return super().rollout_action(state, rng)


def test_a_search_bot_plays_by_the_evaluator_it_is_given() -> None:
    """A search bot takes an evaluator; without one it asks the game for its own."""
    state = decisions("expedition", 2)[-1]
    given = CountingEvaluator()
    bot = IsmctsBot(3, Budget(iterations=50), evaluator=given)
    assert bot.choose(state) in state.legal_actions()
    assert given.rollouts > 0
    assert bot.analyse(state) != IsmctsBot(3, Budget(iterations=50)).analyse(state)


def test_search_settings_refuse_what_means_nothing() -> None:
    with pytest.raises(ValueError, match="evaluation_scale"):
        SearchSettings(evaluation_scale=0.0)
    with pytest.raises(ValueError, match="rollout_turns"):
        SearchSettings(rollout_turns=-1)
