"""A Gymnasium environment: one seat of a registered game against terra's bots (docs/rl.md,
"Gymnasium").

The learner plays ``seat``; every other seat is a bot made by ``terra.ai.bots.make_bot`` from
its spec (``greedy``, ``random``, ``ismcts:100`` ...), and the bots move between the learner's
decisions. The observation is the seat's encoded view (a float32 vector); the legal actions are
``info["action_mask"]`` and ``action_masks()``. The reward is 0 until the game ends, then the
seat's ``returns()`` (-1 to 1). An illegal action ends the episode at once with the reward -1
and ``info["illegal_action"]`` (the game is not played on); reaching ``max_steps`` of the
learner's decisions truncates it with the reward 0.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
from gymnasium import spaces

import terra
from terra.ai.bots import Bot, make_bot
from terra.core.errors import TerraError
from terra.core.state import GameState
from terra.rl.encoding import Encoding, Mask, Observation

ILLEGAL_REWARD = -1.0
Info = dict[str, Any]


class TerraEnv(gym.Env[Observation, np.int64]):
    """One seat of a game against bots, one decision per step."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium's API)

    def __init__(
        self,
        game: str,
        *,
        seat: int = 0,
        opponents: str | Sequence[str] = "greedy",
        players: int = 2,
        options: Mapping[str, Any] | None = None,
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        self.encoding = Encoding.of(game, players, options)
        self.game = terra.game(game)
        if not 0 <= seat < players:
            raise TerraError(f"seat {seat} is not one of the {players} seats")
        self.seat = seat
        rivals = players - 1
        specs = [opponents] * rivals if isinstance(opponents, str) else list(opponents)
        if len(specs) != rivals:
            raise TerraError(f"{rivals} opponents are needed, not {len(specs)}")
        self.opponent_specs = specs
        for spec in specs:
            make_bot(spec)  # refuses an unknown bot now rather than at reset
        facts = self.game.facts(players, self.encoding.options)
        self.max_steps = max_steps if max_steps is not None else facts.length_cap
        self.render_mode = render_mode
        size = self.encoding.size
        self.observation_space = spaces.Box(-np.inf, np.inf, (size,), np.float32)
        self.action_space = spaces.Discrete(self.encoding.num_actions)
        self.state: GameState | None = None
        self.bots: dict[int, Bot] = {}
        self.steps = 0

    def _playing(self) -> GameState:
        if self.state is None:
            raise TerraError("reset() the environment before stepping it")
        return self.state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, Info]:
        """A new game; with ``seed`` the same deal and the same bots' play every time."""
        super().reset(seed=seed)
        draw = self.np_random.integers
        self.state = self.game.new(
            players=self.encoding.players,
            seed=int(draw(2**63)),
            options=self.encoding.options,
        )
        others = [s for s in range(self.encoding.players) if s != self.seat]
        self.bots = {
            s: make_bot(spec, int(draw(2**31)))
            for s, spec in zip(others, self.opponent_specs, strict=True)
        }
        self.steps = 0
        self._play_bots()
        return self._observe(), self._info()

    def step(self, action: np.int64 | int) -> tuple[Observation, SupportsFloat, bool, bool, Info]:
        """The seat takes ``action``; the bots answer until it is to act again or the end."""
        state = self._playing()
        if state.is_over:
            raise TerraError("the game is over: reset() the environment")
        if int(action) not in state.legal_actions():
            info = {**self._info(), "illegal_action": True}
            return self._observe(), ILLEGAL_REWARD, True, False, info
        state.apply(int(action))
        self.steps += 1
        self._play_bots()
        reward = float(state.returns()[self.seat]) if state.is_over else 0.0
        truncated = not state.is_over and self.steps >= self.max_steps
        return self._observe(), reward, state.is_over, truncated, self._info()

    def _play_bots(self) -> None:
        state = self._playing()
        while not state.is_over and state.current_player != self.seat:
            seat = state.current_player
            assert seat is not None
            state.apply(self.bots[seat].choose(state))

    def _observe(self) -> Observation:
        return self.encoding.observe(self._playing(), self.seat)

    def action_masks(self) -> Mask:
        """The legal actions now, as 1s over the action space (as sb3-contrib asks)."""
        return self.encoding.mask(self._playing())

    def _info(self) -> Info:
        return {"action_mask": self.action_masks()}

    def render(self) -> str | None:
        """``ansi``: the position's turn and whose move it is, as text."""
        if self.render_mode != "ansi" or self.state is None:
            return None
        return f"{self.game.id}: {self.state.actions_taken} moves; seat {self.state.current_player}"
