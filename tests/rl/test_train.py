"""The training of a masked policy (terra.rl.train, docs/rl.md "A trained policy"), at a budget
of seconds: it runs end to end with finite losses, never plays an illegal move, and learns the
heuristic player's moves in its imitation."""

from __future__ import annotations

import math

import numpy as np
import pytest
import torch

from terra.rl.train import Config, Policy, Result, entropy, gae, train

TINY = Config(
    envs=2,
    steps=64,
    updates=2,
    epochs=2,
    minibatch=64,
    hidden=64,
    max_steps=300,
    imitation_games=16,
    opponents=("random",),
)


@pytest.fixture(scope="module")
def trained() -> tuple[Config, Result]:
    return TINY, train(TINY)


def test_training_runs_its_updates_with_finite_losses(trained: tuple[Config, Result]) -> None:
    config, result = trained
    assert result.updates == config.updates
    assert result.steps == config.updates * config.envs * config.steps
    for figures in result.history:
        for name in ("policy_loss", "value_loss", "entropy"):
            assert math.isfinite(figures[name]), (name, figures)


def test_the_policy_never_plays_an_illegal_action(trained: tuple[Config, Result]) -> None:
    _, result = trained
    assert result.illegal == 0


def test_imitation_learns_the_heuristic_players_moves(trained: tuple[Config, Result]) -> None:
    """The cross-entropy of the greedy bot's moves under the policy falls by half over the
    imitation: the encoding carries what greedy decides by, and the masked policy learns it."""
    config, result = trained
    assert len(result.imitation) == config.imitation_epochs
    assert result.imitation[-1] < 0.5 * result.imitation[0]


def test_masked_actions_get_no_probability() -> None:
    policy = Policy(size=4, actions=5, hidden=8)
    mask = torch.tensor([[0, 1, 0, 1, 0]], dtype=torch.int8)
    logits, value = policy(torch.randn(1, 4), mask)
    probabilities = torch.softmax(logits, -1)[0]
    assert probabilities[[0, 2, 4]].sum().item() == 0.0
    assert probabilities[[1, 3]].sum().item() == pytest.approx(1.0)
    assert value.shape == (1,)


def test_the_entropy_of_masked_logits_has_a_finite_gradient() -> None:
    """A masked action contributes nothing to the entropy, nor nan to its gradient."""
    logits = torch.tensor([[0.0, 0.0, -math.inf]], requires_grad=True)
    spread = entropy(logits)
    spread.backward()  # type: ignore[no-untyped-call]
    assert spread.item() == pytest.approx(math.log(2))
    assert logits.grad is not None
    assert torch.isfinite(logits.grad).all()


def test_advantages_do_not_cross_the_end_of_a_game() -> None:
    rewards = np.array([[0.0], [1.0], [0.0]], np.float32)
    values = np.array([[0.0], [0.0], [5.0], [5.0]], np.float32)
    ends = np.array([[0.0], [1.0], [0.0]], np.float32)
    advantages = gae(rewards, values, ends, gamma=1.0, lam=1.0)
    # The game ending at step 1 is worth its reward alone; the next game's value is not added.
    assert advantages[:2, 0].tolist() == [1.0, 1.0]
    assert advantages[2, 0] == pytest.approx(5.0 - 5.0)
