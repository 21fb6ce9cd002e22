"""The PettingZoo AEC environment (terra.rl.aec, docs/rl.md): PettingZoo's own API and seed
tests in every game, and a whole game through the AEC loop paying each seat its return."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import terra
from terra.core.errors import IllegalAction
from terra.rl import pettingzoo_env
from terra.rl.aec import TerraAEC
from tests.rl.setups import IDS, SETUPS, Setup

# PettingZoo warns of every dict observation, as of its own classic games.
pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably should be",
    "ignore:Observation is not a NumPy array",
)


def make(setup: Setup, seed: int | None = None) -> TerraAEC:
    return pettingzoo_env(
        setup.game,
        players=setup.players,
        options=setup.options,
        seed=seed,
        max_steps=setup.max_steps,
    )


@pytest.mark.parametrize("setup", SETUPS, ids=IDS)
def test_pettingzoo_s_api_test(setup: Setup) -> None:
    api_test(make(setup), num_cycles=200)


@pytest.mark.parametrize("setup", SETUPS, ids=IDS)
def test_pettingzoo_s_seed_test(setup: Setup) -> None:
    seed_test(lambda: make(setup), num_cycles=100)


def play_out(env: TerraAEC, seed: int) -> dict[str, float]:
    """A random game through the AEC loop; the reward each agent was paid in all."""
    env.reset(seed=seed)
    paid = dict.fromkeys(env.agents, 0.0)
    rng = np.random.default_rng(seed)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        paid[agent] += float(reward)
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert env.state.current_player == env.seat_of(agent)
        env.step(int(rng.choice(legal)))
    return paid


WHOLE_GAMES = [*((setup.game, 2, setup.options) for setup in SETUPS), ("expedition", 3, None)]


@pytest.mark.parametrize(
    ("game", "players", "options"), WHOLE_GAMES, ids=[f"{g}-{p}" for g, p, _ in WHOLE_GAMES]
)
def test_a_whole_game_pays_each_seat_its_return(
    game: str, players: int, options: dict[str, Any] | None
) -> None:
    env = pettingzoo_env(game, players=players, options=options)
    paid = play_out(env, seed=players)
    assert env.state.is_over
    returns = env.state.returns()
    assert paid == {f"player_{seat}": pytest.approx(returns[seat]) for seat in range(players)}
    assert sum(paid.values()) == pytest.approx(0.0)
    assert env.agents == []


def test_the_same_seed_plays_the_same_game() -> None:
    first, second = make(SETUPS[0]), make(SETUPS[0])
    play_out(first, seed=5)
    play_out(second, seed=5)
    assert first.state.record().actions == second.state.record().actions


def test_the_environment_s_seed_plays_as_the_first_reset_s_seed() -> None:
    seeded, reset = make(SETUPS[0], seed=6), make(SETUPS[0])
    seeded.reset()
    reset.reset(seed=6)
    assert seeded.state.record().seed == reset.state.record().seed
    seeded.reset()
    reset.reset()
    assert seeded.state.record().seed == reset.state.record().seed


def test_a_game_past_its_cap_is_truncated_with_no_reward() -> None:
    env = pettingzoo_env("nile", players=2, options={"game": 2, "turns": 20}, max_steps=30)
    paid = play_out(env, seed=1)
    assert not env.state.is_over
    assert len(env.state.history) == 30
    assert paid == {"player_0": 0.0, "player_1": 0.0}


def test_only_the_seat_to_act_sees_legal_actions_in_its_mask() -> None:
    env = make(SETUPS[0], seed=2)
    env.reset(seed=2)
    acting = env.agent_selection
    for agent in env.agents:
        mask = env.observe(agent)["action_mask"]
        assert mask.any() == (agent == acting)


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    env = pettingzoo_env("africa", players=2)
    env.reset(seed=3)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = env.state.record().actions
    with pytest.raises(IllegalAction):
        env.step(illegal)
    assert env.state.record().actions == before


def test_every_registered_game_has_an_environment() -> None:
    assert sorted(IDS) == sorted(game.id for game in terra.games())
