"""A PettingZoo AEC environment for every registered game (docs/rl.md, "PettingZoo").

Agents are ``player_0`` ... ``player_{n-1}``, one per seat; the agent to act is the game's
``current_player``. Each observation is ``{"observation": float32 vector, "action_mask": int8
vector}``, built from that seat's view (:class:`terra.rl.encoding.Encoding`). Rewards are 0
until the game ends, then each seat's ``returns()`` (zero-sum, -1 to 1). A game that reaches
``max_steps`` decisions without ending is truncated, every reward 0. An illegal action raises
the game's ``IllegalAction`` and changes nothing: the mask is the way to choose.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

import terra
from terra.core.state import GameState
from terra.rl.encoding import Encoding

AgentId = str
ObsDict = dict[str, Any]


def agent_name(seat: int) -> AgentId:
    """The agent that plays ``seat``."""
    return f"player_{seat}"


def spaces_of(encoding: Encoding) -> spaces.Dict:
    """An agent's observation space: the encoded view and the mask of legal actions."""
    return spaces.Dict(
        {
            "observation": spaces.Box(-np.inf, np.inf, (encoding.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (encoding.num_actions,), np.int8),
        }
    )


# PettingZoo ships no type information: its base class is Any to the type checker.
class TerraAEC(AECEnv[AgentId, ObsDict, int | None]):  # type: ignore[misc]
    """One game of a registered kind, seat by seat, through PettingZoo's AEC API."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "name": "terra_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        *,
        players: int = 2,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.encoding = Encoding.of(game, players, options)
        self.game = terra.game(game)
        facts = self.game.facts(players, self.encoding.options)
        self.max_steps = max_steps if max_steps is not None else facts.length_cap
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"terra_{self.game.id}_v0"}
        self.possible_agents = [agent_name(seat) for seat in range(players)]
        self.observation_spaces = dict.fromkeys(self.possible_agents, spaces_of(self.encoding))
        actions = spaces.Discrete(self.encoding.num_actions)
        self.action_spaces = dict.fromkeys(self.possible_agents, actions)
        self._seeds, _ = seeding.np_random(seed)
        self._first_seed = seed  # for the first reset() that names none
        self.state: GameState = self._new_game(seed)
        self.steps = 0

    def _new_game(self, seed: int | None) -> GameState:
        if seed is not None:
            self._seeds, _ = seeding.np_random(seed)
        game_seed = int(self._seeds.integers(2**63))
        return self.game.new(
            players=self.encoding.players, seed=game_seed, options=self.encoding.options
        )

    def observation_space(self, agent: AgentId) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: AgentId) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def seat_of(self, agent: AgentId) -> int:
        """The seat ``agent`` plays."""
        return self.possible_agents.index(agent)

    def observe(self, agent: AgentId) -> ObsDict:
        seat = self.seat_of(agent)
        mask = self.encoding.mask(self.state)
        if self.state.current_player != seat:
            mask[:] = 0
        return {"observation": self.encoding.observe(self.state, seat), "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: with ``seed``, the same game and the same games after it every time;
        without, the first reset plays the environment's own seed."""
        if seed is None:
            seed, self._first_seed = self._first_seed, None
        self.state = self._new_game(seed)
        self.steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[AgentId, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        seat = self.state.current_player
        self.agent_selection = agent_name(seat if seat is not None else 0)

    def step(self, action: int | None) -> None:
        """The selected agent takes ``action`` (``None`` once its game has ended)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act and must choose an action, not None")
        self.state.play(int(action))
        self.steps += 1
        self._clear_rewards()
        if self.state.is_over:
            returns = self.state.returns()
            for seat, agent_id in enumerate(self.agents):
                self.rewards[agent_id] = float(returns[seat])
                self.terminations[agent_id] = True
        elif self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        self._cumulative_rewards[agent] = 0.0
        self._accumulate_rewards()
        self._select()

    def render(self) -> str | None:
        """``ansi``: the last action and who acts next, as text."""
        if self.render_mode != "ansi":
            return None
        history = self.state.history
        last = self.state.action_str(history[-1]) if history else "start"
        return f"{self.game.id}: {last}; {self.agent_selection} to act"

    def close(self) -> None:
        """Nothing to release."""
