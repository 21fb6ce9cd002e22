"""The Gymnasium environment (terra.rl.single, docs/rl.md): Gymnasium's checker in every
game, episodes against the greedy bot, seeding and the refusal of illegal actions."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from terra.core.errors import TerraError
from terra.rl import ILLEGAL_REWARD, gymnasium_env
from terra.rl.single import TerraEnv
from tests.rl.setups import IDS, SETUPS, Setup

# The observations are counts without a declared bound.
pytestmark = pytest.mark.filterwarnings("ignore:.*A Box observation space m")


def make(setup: Setup, opponents: str = "greedy", seat: int = 0) -> TerraEnv:
    return gymnasium_env(
        setup.game,
        seat=seat,
        opponents=opponents,
        players=setup.players,
        options=setup.options,
        max_steps=setup.max_steps,
    )


def episode(env: TerraEnv, seed: int) -> tuple[float, bool, bool, list[int]]:
    """Random legal play to the end: the last reward, terminated, truncated, the moves."""
    _, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    while True:
        assert np.array_equal(info["action_mask"], env.action_masks())
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            assert env.state is not None
            return float(reward), terminated, truncated, list(env.state.history)
        assert reward == 0.0


@pytest.mark.parametrize("setup", SETUPS, ids=IDS)
def test_gymnasium_s_env_checker(setup: Setup) -> None:
    check_env(make(setup), skip_render_check=True)


@pytest.mark.parametrize("setup", SETUPS, ids=IDS)
def test_an_episode_against_greedy_ends_with_the_seat_s_return(setup: Setup) -> None:
    env = make(setup, seat=1)
    reward, terminated, truncated, _ = episode(env, seed=7)
    assert env.state is not None
    if terminated:
        assert reward == env.state.returns()[1]
        assert -1.0 <= reward <= 1.0
    else:
        assert truncated and reward == 0.0


def test_the_same_seed_gives_the_same_episode() -> None:
    setup = SETUPS[0]
    assert episode(make(setup), seed=4) == episode(make(setup), seed=4)
    assert episode(make(setup), seed=4)[3] != episode(make(setup), seed=5)[3]


def test_an_illegal_action_ends_the_episode_with_the_penalty() -> None:
    env = gymnasium_env("africana")
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (ILLEGAL_REWARD, True, False)
    assert info["illegal_action"] is True


def test_search_bots_and_one_spec_per_seat_are_accepted() -> None:
    env = gymnasium_env("expedition", players=3, opponents=["random", "ismcts:5"])
    observation, _ = env.reset(seed=2)
    assert observation.shape == env.observation_space.shape
    assert [bot.name for bot in env.bots.values()] == ["random", "ismcts:5"]


def test_unknown_bots_and_wrong_counts_are_refused() -> None:
    with pytest.raises(TerraError, match="no bot called"):
        gymnasium_env("africa", opponents="genius")
    with pytest.raises(TerraError, match="2 opponents are needed, not 1"):
        gymnasium_env("africa", players=3, opponents=["greedy"])
    with pytest.raises(TerraError, match="seat 2 is not one of the 2 seats"):
        gymnasium_env("africa", seat=2)


def test_every_game_can_be_made_by_its_gymnasium_id() -> None:
    import gymnasium

    from terra.rl import register_gymnasium

    assert register_gymnasium() == [f"terra/{game}-v0" for game in sorted(IDS)]
    env = gymnasium.make("terra/expedition-v0", opponents="random", players=3)
    assert isinstance(env.unwrapped, TerraEnv)
    assert env.unwrapped.encoding.players == 3
    observation, info = env.reset(seed=1)
    action = int(np.flatnonzero(info["action_mask"])[0])
    assert env.step(action)[0].shape == observation.shape
