"""The learned evaluation (terra.rl.value, docs/rl.md "A learned evaluation"): positions from
records, a network fitted to them, and the search playing with it."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import terra
from terra.ai.bots import make_bot
from terra.ai.budget import Budget
from terra.ai.ismcts import IsmctsBot
from terra.core.record import Record
from terra.core.state import GameState
from terra.rl.encoding import Encoding
from terra.rl.value import LearnedEvaluator, ValueNet, learn, positions

ENCODING = Encoding.of("africana", 2)


def greedy_game(seed: int) -> GameState:
    state = terra.game("africana").new(players=2, seed=seed)
    bots = [make_bot("greedy", seed), make_bot("greedy", seed + 1)]
    while not state.is_over:
        player = state.current_player
        assert player is not None
        state.apply(bots[player].choose(state))
    return state


@pytest.fixture(scope="module")
def records() -> list[Record]:
    return [greedy_game(seed).record() for seed in range(3)]


def test_positions_pair_every_seats_view_with_its_return(records: list[Record]) -> None:
    observations, returns, games = positions(records, ENCODING)
    assert observations.shape == (len(returns), ENCODING.size)
    assert sorted(set(games.tolist())) == [0, 1, 2]
    for index, record in enumerate(records):
        final = terra.replay(record).returns()
        # Every seat's view at each change of the seat to act, the seats in order.
        assert returns[games == index].tolist()[:2] == final


def test_the_network_fits_the_returns_it_learns_from(records: list[Record]) -> None:
    net = learn(records, ENCODING, hidden=32, epochs=30, held_out=0.0)
    observations, returns, _ = positions(records, ENCODING)
    with torch.no_grad():
        predicted = net(torch.as_tensor(observations)).numpy()
    assert np.mean((predicted - returns) ** 2) < 0.5 * np.mean(returns**2)


def test_the_learned_evaluation_is_zero_sum_and_the_search_plays_with_it() -> None:
    game = terra.game("africana")
    learned = LearnedEvaluator(game.evaluator(), ValueNet(ENCODING.size, 16), ENCODING)
    assert learned.settings == game.evaluator().settings
    state = game.new(players=2, seed=5)
    bot = make_bot("greedy", 5)
    for _ in range(30):
        state.apply(bot.choose(state))
    values = learned.evaluate(state)
    assert len(values) == 2
    assert sum(values) == pytest.approx(0.0, abs=1e-6)
    assert all(-1.0 <= v <= 1.0 for v in values)
    search = IsmctsBot(1, Budget(iterations=30), evaluator=learned)
    assert search.choose(state) in state.legal_actions()
    over = greedy_game(7)
    assert learned.evaluate(over) == over.returns()
