"""A learned evaluation for a game's search: a value network trained from recorded games, handed
to ``ismcts`` in place of the game's hand-written evaluation (docs/rl.md, "A learned
evaluation"). Needs the ``train`` extra (PyTorch).

The network reads one seat's encoded view (:class:`~terra.rl.encoding.Encoding`) and predicts
that seat's return at the end of the game. It learns from records, such as those ``terra
simulate --record-dir`` writes: each game is replayed, and at every change of the seat to act
(where a search's rollouts stop to judge) every seat's view is paired with what the game
returned to it. :class:`LearnedEvaluator` is the game's own evaluator with that judgement at
the leaves; every other hook (rollouts, favourite move, settings) stays the game's.

``python -m terra.rl.value train RECORD_DIR --save FILE`` trains one;
``python -m terra.rl.value match FILE --games N --time 0.1s`` plays ``ismcts`` with it against
``ismcts`` with the hand-written evaluation at the same time per decision, seats rotated.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import torch
from torch import nn

import terra
from terra.ai.budget import parse_budget
from terra.ai.ismcts import IsmctsBot
from terra.core.evaluator import Evaluator, SearchSettings
from terra.core.record import Record
from terra.core.state import GameState
from terra.rl.encoding import Encoding
from terra.rl.train import squash


class ValueNet(nn.Module):
    """A seat's expected return (-1 to 1) from its encoded view."""

    def __init__(self, size: int, hidden: int) -> None:
        super().__init__()
        self.layers = nn.Sequential(
            nn.Linear(size, hidden),
            nn.Tanh(),
            nn.Linear(hidden, hidden),
            nn.Tanh(),
            nn.Linear(hidden, 1),
            nn.Tanh(),
        )

    def forward(self, observation: torch.Tensor) -> torch.Tensor:
        """The values of a batch of observations."""
        values: torch.Tensor = self.layers(squash(observation))
        return values.squeeze(-1)


def positions(
    records: Sequence[Record], encoding: Encoding
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32], npt.NDArray[np.int64]]:
    """Every seat's observation at each change of the seat to act in ``records``, what the game
    returned to that seat, and the index of its game (to hold games out whole)."""
    game = terra.game(encoding.game_id)
    observations: list[npt.NDArray[np.float32]] = []
    returns: list[float] = []
    games: list[int] = []
    for index, record in enumerate(records):
        state = game.new(players=record.players, seed=record.seed, options=dict(record.options))
        seen: list[npt.NDArray[np.float32]] = []
        mover = None
        for text in record.actions:
            if state.current_player != mover:
                mover = state.current_player
                seen.extend(encoding.observe(state, s) for s in range(record.players))
            state.apply(state.parse_action(text))
        final = state.returns()
        observations.extend(seen)
        returns.extend(final[i % record.players] for i in range(len(seen)))
        games.extend([index] * len(seen))
    return (
        np.stack(observations),
        np.asarray(returns, np.float32),
        np.asarray(games, np.int64),
    )


def learn(
    records: Sequence[Record],
    encoding: Encoding,
    *,
    hidden: int = 128,
    epochs: int = 30,
    held_out: float = 0.2,
    seed: int = 0,
    log: bool = False,
) -> ValueNet:
    """A value network fitted to ``records`` (mean squared error on the returns); the last
    ``held_out`` part of the games is kept out of the fit, to report its error."""
    torch.manual_seed(seed)
    x, y, games = positions(records, encoding)
    split = int(len(records) * (1 - held_out))
    fit, test = games < split, games >= split
    net = ValueNet(encoding.size, hidden)
    optimiser = torch.optim.Adam(net.parameters(), lr=1e-3, weight_decay=1e-4)
    xs, ys = torch.as_tensor(x[fit]), torch.as_tensor(y[fit])
    for epoch in range(epochs):
        order = torch.randperm(len(ys))
        for first in range(0, len(ys), 256):
            part = order[first : first + 256]
            loss = (net(xs[part]) - ys[part]).pow(2).mean()
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
        if log and test.any():
            with torch.no_grad():
                error = (net(torch.as_tensor(x[test])) - torch.as_tensor(y[test])).pow(2).mean()
            print(f"epoch {epoch + 1}: held-out squared error {error.item():.3f}", flush=True)
    return net


class LearnedEvaluator(Evaluator[GameState]):
    """A game's evaluator whose leaves are judged by a value network: each seat's predicted
    return, less the mean over the seats (the returns sum to zero). Every other hook is the
    game's own evaluator's."""

    def __init__(self, own: Evaluator[Any], net: ValueNet, encoding: Encoding) -> None:
        self.own = own
        self.net = net.eval()
        self.encoding = encoding

    @property
    def settings(self) -> SearchSettings:  # type: ignore[override]
        """The game's own search settings."""
        return self.own.settings

    def greedy_action(self, state: GameState, rng: random.Random) -> int:
        return self.own.greedy_action(state, rng)

    def favourite_action(self, state: GameState, rng: random.Random) -> int:
        return self.own.favourite_action(state, rng)

    def rollout_action(self, state: GameState, rng: random.Random) -> int:
        return self.own.rollout_action(state, rng)

    def rival_action(self, state: GameState, rng: random.Random) -> int:
        return self.own.rival_action(state, rng)

    def search_actions(self, state: GameState) -> tuple[int, ...]:
        return tuple(self.own.search_actions(state))

    def estimate(self, state: GameState, seat: int) -> float:
        return self.own.estimate(state, seat)

    def progress(self, state: GameState) -> float:
        return self.own.progress(state)

    @torch.no_grad()
    def evaluate(self, state: GameState) -> list[float]:
        if state.is_over:
            return state.returns()
        seats = range(state.num_players)
        views = np.stack([self.encoding.observe(state, s) for s in seats])
        values = self.net(torch.as_tensor(views)).tolist()
        mean = sum(values) / len(values)
        return [v - mean for v in values]


def match(
    net: ValueNet, encoding: Encoding, games: range, level: str, *, seed: int = 20_000
) -> float:
    """The learned evaluation's share of the victory: ``ismcts`` at ``level`` with it against
    ``ismcts`` at the same level with the game's own, two players, game i seeded ``seed + i``
    with the learned one in seat i mod 2 (a run may play a part of the games, others the
    rest)."""
    game = terra.game(encoding.game_id)
    learned = LearnedEvaluator(game.evaluator(), net, encoding)
    budget = parse_budget(level, "ismcts")
    won = 0.0
    for i in games:
        state = game.new(players=2, seed=seed + i, options=encoding.options)
        seat = i % 2
        bots = {
            seat: IsmctsBot(seed + i, budget, evaluator=learned),
            1 - seat: IsmctsBot(seed + i + 1, budget),
        }
        while not state.is_over:
            player = state.current_player
            assert player is not None
            state.apply(bots[player].choose(state))
        winners = state.winners()
        if seat in winners:
            won += 1 / len(winners)
        print(f"game {i + 1}: learned in seat {seat}, winners {winners}", flush=True)
    return won / len(games)


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m terra.rl.value train|match``."""
    parser = argparse.ArgumentParser(prog="python -m terra.rl.value", description=__doc__)
    parser.add_argument("--game", default="africana")
    commands = parser.add_subparsers(dest="command", required=True)
    training = commands.add_parser("train", help="fit a value network to a directory of records")
    training.add_argument("records", type=Path)
    training.add_argument("--save", required=True)
    training.add_argument("--epochs", type=int, default=30)
    training.add_argument("--hidden", type=int, default=128)
    playing = commands.add_parser("match", help="learned against hand-written evaluation")
    playing.add_argument("load")
    playing.add_argument("--games", type=int, default=200)
    playing.add_argument("--first", type=int, default=0, help="the first game's index")
    playing.add_argument("--time", default="0.1s", help="the search's level per decision")
    playing.add_argument("--hidden", type=int, default=128)
    args = parser.parse_args(argv)
    encoding = Encoding.of(args.game, 2)
    start = time.perf_counter()
    if args.command == "train":
        records = [Record.load(path) for path in sorted(args.records.glob("*.json"))]
        net = learn(records, encoding, hidden=args.hidden, epochs=args.epochs, log=True)
        torch.save(net.state_dict(), args.save)
        print(f"{len(records)} games, {time.perf_counter() - start:.0f}s")
    else:
        net = ValueNet(encoding.size, args.hidden)
        net.load_state_dict(torch.load(args.load))
        games = range(args.first, args.first + args.games)
        share = match(net, encoding, games, args.time)
        print(f"learned evaluation won {share:.1%} of {args.games} games")


if __name__ == "__main__":
    main()
