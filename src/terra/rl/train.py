"""A masked policy trained on one seat of a game against terra's bots, and its win rate
against them (docs/rl.md, "A trained policy"). Needs the ``train`` extra (PyTorch).
``python -m terra.rl.train --help`` lists the settings; the defaults are the documented run.

Every environment is :class:`~terra.rl.single.TerraEnv`: the policy plays one seat, the bots
the others, and the seats alternate from one environment to the next so that one policy learns
them all. Illegal actions get a logit of minus infinity, so the policy never picks one.

The game's reward comes only at the end, after a few hundred to a few thousand decisions: too
late and too rare to teach a policy that starts from nothing (an Africana game between random
players lasts about 3,000 decisions of each seat). So the training has two stages. The policy
first imitates the game's heuristic player (the ``greedy`` bot) over a few hundred games, and
its value learns what those games returned; then PPO improves it by playing. While it plays,
the policy is also paid for the growth of its lead as the game's evaluator estimates it (a
shaping that sums over a game to the final margin; the running score alone would pay for
hoarding the cards in hand that count at the end), and a game cut at ``max_steps`` counts as
lost, so that stalling never pays.

>>> config = Config(envs=2, steps=16, updates=1, epochs=1, minibatch=32, hidden=16,
...                 max_steps=50, imitation_games=2, imitation_epochs=1)
>>> result = train(config)
>>> result.updates, result.steps
(1, 32)
>>> 0.0 <= win_rate(result.policy, result.encoding, "random", games=2, max_steps=50) <= 1.0
True
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import Any

import numpy as np
import numpy.typing as npt
import torch
from torch import nn

from terra.ai.bots import GreedyBot
from terra.core.state import GameState
from terra.rl.encoding import Encoding, Observation
from terra.rl.single import TerraEnv

# The games of a run are dealt from seed * SEEDS_PER_RUN on (its imitation games from the middle
# of that range), and the evaluation's from EVALUATION_SEED on: no run trains on them.
SEEDS_PER_RUN = 1_000_000
EVALUATION_SEED = 10**9


@dataclass(frozen=True)
class Config:
    """What a training run plays and how it learns. The defaults are the documented run."""

    game: str = "africana"
    players: int = 2
    opponents: tuple[str, ...] = ("random", "greedy")  # dealt round the environments
    envs: int = 16  # environments stepped together, the policy asked once for all of them
    steps: int = 128  # decisions per environment between two updates
    minutes: float = 30.0  # the training stops after this time...
    updates: int | None = None  # ... or after this many updates, whichever comes first
    lr: float = 1e-4
    gamma: float = 0.995
    lam: float = 0.95  # GAE's lambda
    clip: float = 0.2
    epochs: int = 4  # passes over each batch
    minibatch: int = 512
    entropy: float = 0.003
    value_coef: float = 0.5
    # A point of lead gained is worth this much reward (the game's own reward is +-1).
    shaping: float = 0.05
    # A game is cut after this many of the policy's decisions, and counts as lost: a policy
    # must not learn to stall a game it would lose.
    max_steps: int = 2000
    hidden: int = 256
    # Before PPO, the policy imitates the game's heuristic player (the ``greedy`` bot) in this
    # many games against the opponents, and its value learns those games' returns (0: none).
    imitation_games: int = 300
    imitation_epochs: int = 30
    imitation_lr: float = 1e-3
    seed: int = 0
    threads: int = 1  # torch's threads; the environments run in this process besides


class Policy(nn.Module):
    """An actor-critic over the encoded view: logits over the action space, masked to the legal
    actions, and the seat's expected return."""

    def __init__(self, size: int, actions: int, hidden: int) -> None:
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(size, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh()
        )
        self.logits = nn.Linear(hidden, actions)
        self.value = nn.Linear(hidden, 1)

    def forward(
        self, observation: torch.Tensor, mask: torch.Tensor
    ) -> tuple[torch.Tensor, torch.Tensor]:
        """Masked logits (illegal actions at minus infinity) and values, for a batch."""
        hidden = self.body(squash(observation))
        logits = self.logits(hidden).masked_fill(mask == 0, -math.inf)
        return logits, self.value(hidden).squeeze(-1)

    @torch.no_grad()
    def act(
        self, observation: Observation, mask: npt.NDArray[np.int8], rng: torch.Generator
    ) -> int:
        """A legal action drawn from the policy in one position (how the trained policy plays:
        its most likely action every time would walk a loop for ever where a turn can come
        back to where it was)."""
        logits, _ = self(torch.as_tensor(observation[None]), torch.as_tensor(mask[None]))
        return int(torch.multinomial(torch.softmax(logits[0], -1), 1, generator=rng))


def squash(x: torch.Tensor) -> torch.Tensor:
    """Counts and points as they are in the observation, on a log scale (symlog): a score of 90
    would otherwise swamp the one-hots."""
    return torch.sign(x) * torch.log1p(torch.abs(x))


def lead(state: GameState, seat: int) -> float:
    """``seat``'s lead over its best rival as the game's own evaluator estimates the final
    scores (``Evaluator.estimate``: the running score and the prospects its heuristics see;
    the final score once the game is over): the shaping's potential. The running score alone
    would pay a policy for hoarding what counts at the end (cards in hand), and charge it for
    spending them on the way to more."""
    evaluator = state.game.evaluator()
    estimates = [evaluator.estimate(state, s) for s in range(state.num_players)]
    return estimates[seat] - max(e for s, e in enumerate(estimates) if s != seat)


@dataclass
class Result:
    """A finished training run: the policy and what it cost."""

    policy: Policy
    encoding: Encoding
    updates: int
    steps: int
    seconds: float
    games: int
    illegal: int = 0  # actions the environments refused (the mask should leave none)
    imitation: list[float] = field(default_factory=list)  # cross-entropy by imitation epoch
    # The last updates' figures, for the log: mean training return and win share.
    history: list[dict[str, float]] = field(default_factory=list)


def playing(env: TerraEnv) -> GameState:
    """The game an environment is playing (it has been reset)."""
    assert env.state is not None
    return env.state


def make_envs(config: Config) -> list[TerraEnv]:
    """The training environments: seats alternate, opponents dealt round."""
    return [
        TerraEnv(
            config.game,
            seat=i % config.players,
            opponents=config.opponents[i % len(config.opponents)],
            players=config.players,
            max_steps=config.max_steps,
        )
        for i in range(config.envs)
    ]


def train(config: Config, log: bool = False) -> Result:
    """Train a policy as ``config`` says; with ``log``, print a line every few updates."""
    torch.set_num_threads(config.threads)
    torch.manual_seed(config.seed)
    envs = make_envs(config)
    encoding = envs[0].encoding
    policy = Policy(encoding.size, encoding.num_actions, config.hidden)
    optimiser = torch.optim.Adam(policy.parameters(), lr=config.lr)
    n, t = config.envs, config.steps
    size, actions = encoding.size, encoding.num_actions

    next_seed = config.seed * SEEDS_PER_RUN
    observations, masks, potentials = _first(envs, next_seed)
    next_seed += n

    start = time.perf_counter()
    deadline = start + 60 * config.minutes
    result = Result(policy, encoding, 0, 0, 0.0, 0)
    if config.imitation_games:
        result.imitation = imitate(policy, optimiser, config, make_envs(config))
        if log:
            elapsed = time.perf_counter() - start
            print(
                f"imitation of {config.imitation_games} games in {elapsed:.0f}s: cross-entropy "
                f"{result.imitation[0]:.3f} to {result.imitation[-1]:.3f}",
                flush=True,
            )
    finished: list[float] = []  # returns of the games finished in this update's batch
    while time.perf_counter() < deadline and (
        config.updates is None or result.updates < config.updates
    ):
        batch_obs = np.zeros((t, n, size), np.float32)
        batch_masks = np.zeros((t, n, actions), np.int8)
        batch_actions = np.zeros((t, n), np.int64)
        batch_logp = np.zeros((t, n), np.float32)
        batch_values = np.zeros((t + 1, n), np.float32)
        rewards = np.zeros((t, n), np.float32)
        ends = np.zeros((t, n), np.float32)
        for k in range(t):
            with torch.no_grad():
                logits, values = policy(torch.as_tensor(observations), torch.as_tensor(masks))
                chosen = torch.multinomial(torch.softmax(logits, -1), 1).squeeze(-1)
                batch_logp[k] = log_probability(logits, chosen).numpy()
            batch_obs[k], batch_masks[k] = observations, masks
            batch_actions[k], batch_values[k] = chosen.numpy(), values.numpy()
            for i, env in enumerate(envs):
                reward, ended, next_seed = _step(
                    env,
                    int(chosen[i]),
                    i,
                    arrays=(observations, masks, potentials),
                    result=result,
                    seed=next_seed,
                    shaping=config.shaping,
                )
                rewards[k, i] = reward
                if ended is not None:
                    ends[k, i] = 1.0
                    finished.append(ended)
        with torch.no_grad():
            _, last = policy(torch.as_tensor(observations), torch.as_tensor(masks))
        batch_values[t] = last.numpy()
        advantages = gae(rewards, batch_values, ends, config.gamma, config.lam)
        batch = _batch(
            batch_obs,
            batch_masks,
            batch_actions,
            batch_logp,
            advantages=advantages,
            values=batch_values,
        )
        losses = update(policy, optimiser, config, batch)
        result.updates += 1
        result.steps += t * n
        _note(result, losses, finished, start if log else None)
        finished = []
    result.seconds = time.perf_counter() - start
    return result


def _step(
    env: TerraEnv,
    action: int,
    i: int,
    *,
    arrays: tuple[Any, Any, Any],
    result: Result,
    seed: int,
    shaping: float,
) -> tuple[float, float | None, int]:
    """Play ``action`` in environment ``i``, leaving its next observation, mask and lead in
    ``arrays``; its reward with the shaping of the lead's change, the game's return if it
    ended (a new game begun, seeded ``seed``), and the next seed. A game cut at its length
    counts as lost."""
    observations, masks, potentials = arrays
    observation, reward, terminated, truncated, info = env.step(action)
    potential = lead(playing(env), env.seat)
    result.illegal += bool(info.get("illegal_action"))
    if truncated:
        reward = -1.0
    shaped = float(reward) + shaping * (potential - potentials[i])
    ended = None
    if terminated or truncated:
        ended = float(reward)
        result.games += 1
        observation, info = env.reset(seed=seed)
        seed += 1
        potential = lead(playing(env), env.seat)
    observations[i], masks[i], potentials[i] = observation, info["action_mask"], potential
    return shaped, ended, seed


def _note(
    result: Result, losses: dict[str, float], finished: list[float], start: float | None
) -> None:
    """Keep an update's figures with the games ``finished`` during it (their mean return and
    win share); every tenth, print them when logging (``start``: when training began)."""
    if finished:
        losses["return"] = float(np.mean(finished))
        losses["won"] = float(np.mean([r > 0 for r in finished]))
    losses["games"] = float(len(finished))
    result.history.append(losses)
    if start is not None and result.updates % 10 == 0:
        figures = " ".join(f"{k} {v:.3f}" for k, v in losses.items())
        elapsed = time.perf_counter() - start
        print(f"update {result.updates} steps {result.steps} {elapsed:.0f}s {figures}", flush=True)


def _first(envs: list[TerraEnv], seed: int) -> tuple[Any, Any, Any]:
    """Every environment's first observation, mask and lead, the games seeded from ``seed``
    on."""
    size, actions = envs[0].encoding.size, envs[0].encoding.num_actions
    observations = np.zeros((len(envs), size), np.float32)
    masks = np.zeros((len(envs), actions), np.int8)
    potentials = np.zeros(len(envs))
    for i, env in enumerate(envs):
        observations[i], info = env.reset(seed=seed + i)
        masks[i] = info["action_mask"]
        potentials[i] = lead(playing(env), env.seat)
    return observations, masks, potentials


def _batch(
    observations: Any, masks: Any, actions: Any, logp: Any, *, advantages: Any, values: Any
) -> Batch:
    """An update's batch from ``steps x envs`` arrays, flattened (``values`` has one step more:
    the value after the last)."""
    steps, envs = actions.shape
    returns = advantages + values[:steps]
    return Batch(
        torch.as_tensor(observations.reshape(steps * envs, -1)),
        torch.as_tensor(masks.reshape(steps * envs, -1)),
        torch.as_tensor(actions.reshape(-1)),
        torch.as_tensor(logp.reshape(-1)),
        torch.as_tensor(advantages.reshape(-1)),
        torch.as_tensor(returns.reshape(-1)),
    )


def imitate(
    policy: Policy, optimiser: torch.optim.Optimizer, config: Config, envs: list[TerraEnv]
) -> list[float]:
    """Teach ``policy`` the heuristic player's moves in ``config.imitation_games`` games of
    ``envs`` (cross-entropy on the masked logits), and its value the discounted returns of
    those games under the training's reward; the mean cross-entropy of every epoch."""
    greedy = GreedyBot(config.seed)
    observations: list[Observation] = []
    masks: list[npt.NDArray[np.int8]] = []
    actions: list[int] = []
    returns: list[float] = []
    for game in range(config.imitation_games):
        env = envs[game % len(envs)]
        observation, info = env.reset(seed=config.seed * SEEDS_PER_RUN + SEEDS_PER_RUN // 2 + game)
        potential = lead(playing(env), env.seat)
        rewards: list[float] = []
        done = False
        while not done:
            action = greedy.choose(playing(env))
            observations.append(observation)
            masks.append(info["action_mask"])
            actions.append(action)
            observation, reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
            after = lead(playing(env), env.seat)
            final = -1.0 if truncated else float(reward)
            rewards.append(final + config.shaping * (after - potential))
            potential = after
        later = 0.0
        discounted = []
        for reward in reversed(rewards):
            later = reward + config.gamma * later
            discounted.append(later)
        returns.extend(reversed(discounted))
    x = torch.as_tensor(np.stack(observations))
    m = torch.as_tensor(np.stack(masks))
    a = torch.as_tensor(actions)
    r = torch.as_tensor(returns, dtype=torch.float32)
    for group in optimiser.param_groups:
        group["lr"] = config.imitation_lr
    losses = []
    for _ in range(config.imitation_epochs):
        order = torch.randperm(len(a))
        total = 0.0
        for first in range(0, len(a), config.minibatch):
            part = order[first : first + config.minibatch]
            logits, values = policy(x[part], m[part])
            policy_loss = nn.functional.cross_entropy(logits, a[part])
            value_loss = (values - r[part]).pow(2).mean()
            loss = policy_loss + config.value_coef * value_loss
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            total += policy_loss.item() * len(part)
        losses.append(total / len(a))
    for group in optimiser.param_groups:
        group["lr"] = config.lr
    return losses


def gae(
    rewards: npt.NDArray[np.float32],
    values: npt.NDArray[np.float32],
    ends: npt.NDArray[np.float32],
    gamma: float,
    lam: float,
) -> npt.NDArray[np.float32]:
    """Generalised advantage estimates over a batch of ``t`` steps of each environment; a game
    that ended (or was truncated) at a step takes nothing from the next game."""
    t = len(rewards)
    advantages = np.zeros_like(rewards)
    running = np.zeros(rewards.shape[1], np.float32)
    for k in reversed(range(t)):
        going_on = 1.0 - ends[k]
        delta = rewards[k] + gamma * values[k + 1] * going_on - values[k]
        running = delta + gamma * lam * going_on * running
        advantages[k] = running
    return advantages


@dataclass(frozen=True)
class Batch:
    """The decisions of one round of play, flat, for PPO's update."""

    observations: torch.Tensor
    masks: torch.Tensor
    actions: torch.Tensor
    log_probabilities: torch.Tensor  # of the actions, under the policy that chose them
    advantages: torch.Tensor
    returns: torch.Tensor


def log_probability(logits: torch.Tensor, actions: torch.Tensor) -> torch.Tensor:
    """The log-probability of each of ``actions`` under masked ``logits``."""
    return torch.log_softmax(logits, -1).gather(-1, actions[:, None]).squeeze(-1)


def entropy(logits: torch.Tensor) -> torch.Tensor:
    """The mean entropy of masked ``logits``. A masked action's term is 0: its log-probability
    is set to 0 before the product, since 0 * -inf would be nan, in the gradient too."""
    log_p = torch.log_softmax(logits, -1)
    finite = log_p.masked_fill(~torch.isfinite(log_p), 0.0)
    return -(log_p.exp() * finite).sum(-1).mean()


def update(
    policy: Policy, optimiser: torch.optim.Optimizer, config: Config, batch: Batch
) -> dict[str, float]:
    """PPO's clipped update over one batch; the last minibatch's losses."""
    size = len(batch.actions)
    figures: dict[str, float] = {}
    for _ in range(config.epochs):
        order = torch.randperm(size)
        for first in range(0, size, config.minibatch):
            part = order[first : first + config.minibatch]
            logits, values = policy(batch.observations[part], batch.masks[part])
            log_p = log_probability(logits, batch.actions[part])
            advantage = batch.advantages[part]
            advantage = (advantage - advantage.mean()) / (advantage.std() + 1e-8)
            ratio = torch.exp(log_p - batch.log_probabilities[part])
            clipped = torch.clamp(ratio, 1 - config.clip, 1 + config.clip)
            policy_loss = -torch.min(ratio * advantage, clipped * advantage).mean()
            value_loss = (values - batch.returns[part]).pow(2).mean()
            spread = entropy(logits)
            loss = policy_loss + config.value_coef * value_loss - config.entropy * spread
            optimiser.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
            optimiser.step()
            figures = {
                "policy_loss": policy_loss.item(),
                "value_loss": value_loss.item(),
                "entropy": spread.item(),
            }
    return figures


def win_rate(
    policy: Policy,
    encoding: Encoding,
    opponent: str,
    games: int,
    *,
    seed: int = EVALUATION_SEED,
    max_steps: int = 2000,
) -> float:
    """The policy's share of the victory in ``games`` seeded games against ``opponent`` in every
    other seat, its seat rotated; it draws its moves from its distribution over the legal
    actions. A shared victory counts its share, a game cut after ``max_steps`` of its decisions
    nothing."""
    won = 0.0
    rng = torch.Generator().manual_seed(seed)
    players = encoding.players
    for game in range(games):
        seat = game % players
        env = TerraEnv(
            encoding.game_id,
            seat=seat,
            opponents=opponent,
            players=players,
            options=encoding.options,
            max_steps=max_steps,
        )
        observation, info = env.reset(seed=seed + game)
        done = False
        while not done:
            action = policy.act(observation, info["action_mask"], rng)
            observation, _, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        state = playing(env)
        if state.is_over and seat in state.winners():
            won += 1.0 / len(state.winners())
    return won / games


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m terra.rl.train``: train, then report the win rates against the bots."""
    defaults = Config()
    parser = argparse.ArgumentParser(prog="python -m terra.rl.train", description=__doc__)
    for f in fields(Config):
        value = getattr(defaults, f.name)
        if f.name == "opponents":
            parser.add_argument("--opponents", default=",".join(value), help="bots, by comma")
        elif f.name == "updates":
            parser.add_argument("--updates", type=int, default=None)
        else:
            parser.add_argument(f"--{f.name.replace('_', '-')}", type=type(value), default=value)
    parser.add_argument("--eval-games", type=int, default=200, help="games against each bot")
    parser.add_argument("--eval-against", default="random,greedy", help="bots, by comma")
    parser.add_argument("--save", help="write the trained policy's weights to this file")
    args = parser.parse_args(argv)
    values = {f.name: getattr(args, f.name) for f in fields(Config)}
    values["opponents"] = tuple(args.opponents.split(","))
    config = Config(**values)
    result = train(config, log=True)
    print(
        f"trained {result.updates} updates, {result.steps} decisions, {result.games} games "
        f"in {result.seconds / 60:.1f} min"
    )
    if args.save:
        torch.save(result.policy.state_dict(), args.save)
    for bot in args.eval_against.split(","):
        rate = win_rate(result.policy, result.encoding, bot, args.eval_games)
        print(f"against {bot}: won {rate:.1%} of {args.eval_games} games (seats rotated)")


if __name__ == "__main__":
    main()
