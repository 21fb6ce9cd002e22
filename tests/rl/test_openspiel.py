"""The games in OpenSpiel (terra.rl.openspiel, docs/rl.md "OpenSpiel"): registration and
parameters, play that is the game's own, observations that hide what a seat cannot see, and
OpenSpiel's own tools on every game: its random-simulation test, MCTSBot, ISMCTSBot with
resample_from_infostate, and evaluate_bots.

A game's ``max_game_length`` cuts the games of the tools' tests short: a random game of Africana
runs to thousands of actions, and OpenSpiel's random-simulation test checks every observation
of every seat at each of them.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts

import terra
from terra.core.errors import IllegalAction, OptionError, SeatError, TerraError
from terra.rl import Encoding
from terra.rl.openspiel import TerraState, register, short_name
from tests.rl.setups import IDS, SETUPS, Setup

NAMES = register()
# Short games for the tools: enough decisions to search and to redeal, a few seconds each.
CUT = 30
REDEALS = 3


def load(setup: Setup, **params: Any) -> pyspiel.Game:
    """The game of ``setup`` in OpenSpiel, through ``load_game``'s parameters."""
    given = {**(setup.options or {}), "players": setup.players, **params}
    return pyspiel.load_game(short_name(setup.game), given)


def walk(state: TerraState, steps: int, seed: int) -> list[TerraState]:
    """The states of a random walk of up to ``steps`` actions from ``state`` (a clone each)."""
    rng = random.Random(seed)
    states = [state.clone()]
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
        states.append(state.clone())
    return states


class TestRegistration:
    def test_every_registered_game_is_an_openspiel_game(self) -> None:
        assert [f"terra_{game.id}" for game in terra.games()] == NAMES
        assert set(NAMES) <= set(pyspiel.registered_names())
        assert register() == NAMES  # registering again changes nothing

    @pytest.mark.parametrize("setup", SETUPS, ids=IDS)
    def test_the_game_s_type_and_sizes_are_terra_s(self, setup: Setup) -> None:
        game = load(setup)
        kind = game.get_type()
        assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
        assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
        assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
        facts = terra.game(setup.game).facts(setup.players, setup.options)
        assert game.num_distinct_actions() == facts.num_actions
        assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1, 1, 0)
        encoding = Encoding.of(setup.game, setup.players, setup.options)
        assert game.observation_tensor_size() == encoding.size
        assert game.information_state_tensor_size() == encoding.size

    def test_a_solitaire_game_is_general_sum(self) -> None:
        game = pyspiel.load_game("terra_nile(players=1)")
        assert game.num_players() == 1
        assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM

    def test_players_and_options_reach_the_game(self) -> None:
        game = pyspiel.load_game("terra_africa(players=3,simple=True,two_player=False)")
        position = game.new_initial_state().terra_state
        assert position.num_players == 3
        assert position.options["simple"] is True
        nile = pyspiel.load_game("terra_nile(game=2,turns=20)").new_initial_state()
        assert (nile.terra_state.options["game"], nile.terra_state.options["turns"]) == (2, 20)

    def test_the_same_rng_seed_deals_the_same_games(self) -> None:
        first, second = (pyspiel.load_game("terra_africana(rng_seed=7)") for _ in range(2))
        seeds = [first.new_initial_state().terra_state.seed for _ in range(3)]
        assert seeds == [second.new_initial_state().terra_state.seed for _ in range(3)]
        assert len(set(seeds)) == 3  # each new game is another deal
        other = pyspiel.load_game("terra_africana(rng_seed=8)")
        assert other.new_initial_state().terra_state.seed != seeds[0]

    @pytest.mark.parametrize(
        ("name", "words"),
        [
            ("terra_africa(players=9)", "Africa is for 2-5 players, not 9"),
            ("terra_nile(game=2,turns=50)", "option 'turns' must be at most 40, not 50"),
            ("terra_nile(turns=20)", "option 'turns' is used only with game=2"),
            ("terra_nile(game=3)", "option 'game' must be one of 1, 2, not 3"),
            ("terra_nile(max_game_length=0)", "max_game_length must be a whole number"),
        ],
    )
    def test_bad_parameters_are_refused_saying_why(self, name: str, words: str) -> None:
        with pytest.raises(OptionError, match=words):
            pyspiel.load_game(name)

    def test_an_unknown_parameter_or_game_or_a_wrong_type_is_refused(self) -> None:
        with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'colour'"):
            pyspiel.load_game("terra_africa(colour=1)")
        with pytest.raises(pyspiel.SpielError, match="Wrong type for parameter simple"):
            pyspiel.load_game("terra_africa(simple=3)")
        with pytest.raises(pyspiel.SpielError, match="terra_chess"):
            pyspiel.load_game("terra_chess")


class TestPlay:
    @pytest.mark.parametrize("setup", SETUPS, ids=IDS)
    def test_a_random_game_is_the_game_s_own(self, setup: Setup) -> None:
        state = load(setup, rng_seed=3).new_initial_state()
        position = state.terra_state
        own = terra.game(setup.game).new(setup.players, position.seed, setup.options)
        rng = random.Random(3)
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal == sorted(own.legal_actions())
            assert state.current_player() == own.current_player
            action = rng.choice(legal)
            assert state.action_to_string(action) == own.action_str(action)
            state.apply_action(action)
            own.apply(action)
        assert own.is_over
        assert state.returns() == own.returns() == state.rewards()
        assert state.history() == own.history
        assert sum(state.returns()) == pytest.approx(0.0)

    def test_a_game_at_its_length_is_over_with_no_returns(self) -> None:
        state = pyspiel.load_game("terra_africana(max_game_length=25)").new_initial_state()
        walk(state, 100, seed=1)
        assert state.is_terminal()
        assert len(state.history()) == 25
        assert not state.terra_state.is_over
        assert state.returns() == [0.0, 0.0]
        assert state.current_player() == pyspiel.PlayerId.TERMINAL
        assert state.legal_actions() == []

    def test_an_illegal_action_is_refused_with_the_rule(self) -> None:
        state = pyspiel.load_game("terra_africa").new_initial_state()
        illegal = next(a for a in range(100) if a not in state.legal_actions())
        with pytest.raises(IllegalAction):
            state.apply_action(illegal)
        assert state.history() == []

    def test_a_clone_is_independent(self) -> None:
        state = pyspiel.load_game("terra_expedition").new_initial_state()
        clone = state.clone()
        clone.apply_action(clone.legal_actions()[0])
        assert state.history() == [] and state.terra_state.history == []
        assert clone.terra_state is not state.terra_state

    @pytest.mark.parametrize("setup", SETUPS, ids=IDS)
    def test_a_pickled_state_is_the_same_position(self, setup: Setup) -> None:
        state = walk(load(setup, rng_seed=8).new_initial_state(), 30, seed=8)[-1]
        copy = pickle.loads(pickle.dumps(state))
        assert isinstance(copy, TerraState)
        assert copy.history() == state.history()
        assert copy.terra_state == state.terra_state
        assert copy.information_state_string(0) == state.information_state_string(0)
        assert str(copy.get_game()) == str(state.get_game())

    def test_a_resampled_state_has_no_record_to_pickle(self) -> None:
        state = pyspiel.load_game("terra_africa").new_initial_state()
        sample = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        with pytest.raises(TerraError, match="no replayable record"):
            pickle.dumps(sample)


class TestHiddenInformation:
    @pytest.mark.parametrize("setup", SETUPS, ids=IDS)
    def test_no_observation_changes_when_the_unseen_is_redealt(self, setup: Setup) -> None:
        game = load(setup, rng_seed=5)
        public = pyspiel.IIGObservationType(
            perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
        )
        spectator = game.make_py_observer(public)
        for index, state in enumerate(walk(game.new_initial_state(), 60, seed=5)[::15]):
            for seat in range(setup.players):
                seen = observed(state, seat, spectator)
                for k in range(REDEALS):
                    sampler = pyspiel.UniformProbabilitySampler(index * 10 + k, 0.0, 1.0)
                    sample = state.resample_from_infostate(seat, sampler)
                    assert observed(sample, seat, spectator) == seen

    @pytest.mark.parametrize("setup", SETUPS, ids=IDS)
    def test_observations_differ_between_seats_and_follow_the_game(self, setup: Setup) -> None:
        """Observations that were constant would pass the test above: these are not."""
        states = walk(load(setup, rng_seed=5).new_initial_state(), 30, seed=5)
        first, last = states[0], states[-1]
        assert first.observation_tensor(0) != first.observation_tensor(1)
        assert first.observation_string(0) != first.observation_string(1)
        assert first.observation_tensor(0) != last.observation_tensor(0)
        assert first.information_state_string(0) != last.information_state_string(0)

    def test_the_tensor_is_the_seat_s_encoded_view(self) -> None:
        setup = SETUPS[0]
        state = walk(load(setup).new_initial_state(), 10, seed=2)[-1]
        encoding = Encoding.of(setup.game, setup.players, setup.options)
        for seat in range(setup.players):
            expected = encoding.observe(state.terra_state, seat)
            assert np.array_equal(np.asarray(state.observation_tensor(seat)), expected)

    @pytest.mark.parametrize("setup", SETUPS, ids=IDS)
    def test_a_resampled_state_is_another_deal_of_the_same_information(self, setup: Setup) -> None:
        state = walk(load(setup, rng_seed=6).new_initial_state(), 10, seed=6)[-1]
        seat = state.current_player()
        sampler = pyspiel.UniformProbabilitySampler(1, 0.0, 1.0)
        samples = [state.resample_from_infostate(seat, sampler) for _ in range(4)]
        for sample in samples:
            assert sample.information_state_string(seat) == state.information_state_string(seat)
            assert sample.legal_actions() == state.legal_actions()
            assert sample.history() == state.history()
        # what the seat cannot see is dealt otherwise, and the generator reseeded: no sample
        # plays the real game's future
        assert any(sample.terra_state != state.terra_state for sample in samples)
        future = state.terra_state.rng.clone().getrandbits(64)
        assert all(sample.terra_state.rng.getrandbits(64) != future for sample in samples)

    def test_a_seat_that_is_none_cannot_resample(self) -> None:
        state = pyspiel.load_game("terra_africa").new_initial_state()
        with pytest.raises(SeatError):
            state.resample_from_infostate(2, pyspiel.UniformProbabilitySampler(0.0, 1.0))

    def test_an_observation_of_every_seat_s_secrets_is_refused(self) -> None:
        game = pyspiel.load_game("terra_africa")
        every = pyspiel.IIGObservationType(
            perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
        )
        with pytest.raises(ValueError, match="every seat's private information"):
            game.make_py_observer(every)


def observed(state: TerraState, seat: int, spectator: Any) -> tuple[Any, ...]:
    """Everything OpenSpiel shows ``seat`` of ``state``, and what it shows a spectator."""
    spectator.set_from(state, seat)
    return (
        state.observation_string(seat),
        tuple(state.observation_tensor(seat)),
        state.information_state_string(seat),
        tuple(state.information_state_tensor(seat)),
        spectator.string_from(state, seat),
        tuple(spectator.tensor),
    )


class TestOpenSpielTools:
    @pytest.mark.parametrize("setup", SETUPS, ids=IDS)
    def test_openspiel_s_random_simulation_test(self, setup: Setup) -> None:
        game = load(setup, rng_seed=1, max_game_length=CUT)
        pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)

    def test_openspiel_s_random_simulation_test_plays_a_whole_game(self) -> None:
        game = pyspiel.load_game("terra_expedition(rng_seed=2)")
        pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)

    @pytest.mark.parametrize("setup", SETUPS, ids=IDS)
    def test_ismcts_bot_searches_on_resampled_states(self, setup: Setup) -> None:
        game = load(setup, rng_seed=4, max_game_length=CUT)
        rng = np.random.RandomState(4)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 4, random_state=rng)
        state = game.new_initial_state()
        while not state.is_terminal():
            # ISMCTSBot asserts that every sample has the root's information state
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        assert len(state.history()) == CUT or state.terra_state.is_over

    @pytest.mark.parametrize("setup", SETUPS, ids=IDS)
    def test_mcts_bot_against_random_in_evaluate_bots(self, setup: Setup) -> None:
        game = load(setup, rng_seed=3, max_game_length=CUT)
        rng = np.random.RandomState(3)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        searcher = mcts.MCTSBot(game, 2.0, 8, evaluator, random_state=rng)
        bots = [searcher, pyspiel.make_uniform_random_bot(1, 3)]
        state = game.new_initial_state()
        returns = evaluate_bots.evaluate_bots(state, bots, rng)
        assert state.is_terminal()
        assert returns == state.returns()

    def test_evaluate_bots_plays_ismcts(self) -> None:
        game = pyspiel.load_game(f"terra_africa(rng_seed=9,max_game_length={CUT})")
        rng = np.random.RandomState(9)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        bots = [Restartable(game, evaluator, 2.0, 4, random_state=rng)]
        bots.append(pyspiel.make_uniform_random_bot(1, 9))
        state = game.new_initial_state()
        returns = evaluate_bots.evaluate_bots(state, bots, rng)
        assert state.is_terminal()
        assert len(state.history()) == CUT
        assert returns == state.returns()


class Restartable(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's Python ISMCTSBot, which keeps no state between decisions, with the
    ``restart_at`` that ``evaluate_bots`` calls and it lacks."""

    def restart_at(self, state: pyspiel.State) -> None:
        """Nothing to forget: every search starts afresh."""
