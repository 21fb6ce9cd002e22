"""Observations and action masks for learners, built from what a seat may know.

An :class:`Encoding` belongs to one game, player count and options. Its observation of a
position for a seat is a flat float32 vector read from ``state.view(seat)`` alone (never from
the state's own fields), so that nothing hidden reaches a learner; its mask marks the legal
actions in the game's fixed action space.

>>> import terra
>>> encoding = Encoding.of("africa", players=2)
>>> state = terra.game("africa").new(players=2, seed=7)
>>> observation = encoding.observe(state, 0)
>>> observation.dtype.name, observation.shape == (encoding.size,)
('float32', True)
>>> int(encoding.mask(state).sum()) == len(state.legal_actions())
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

import terra
from terra.core.errors import TerraError
from terra.core.state import GameState
from terra.rl.spec import OTHER, Record
from terra.rl.specs import SPECS

Observation = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


@dataclass(frozen=True)
class Encoding:
    """The observation layout and action space of one game for a player count and options."""

    game_id: str
    players: int
    options: Mapping[str, Any] | None
    spec: Record
    num_actions: int
    names: tuple[str, ...] = field(repr=False)

    @classmethod
    def of(cls, game_id: str, players: int, options: Mapping[str, Any] | None = None) -> Encoding:
        """The encoding of ``game_id`` for ``players`` seats and ``options``."""
        game = terra.game(game_id)
        build = SPECS.get(game.id)
        if build is None:
            raise TerraError(f"no observation encoding for the game {game.id!r} yet")
        given = dict(options) if options is not None else None
        template = game.new(players=players, seed=0, options=given)
        spec = build(template, players)
        facts = game.facts(players, given)
        return cls(game.id, players, given, spec, facts.num_actions, tuple(spec.names("")))

    @property
    def size(self) -> int:
        """The observation's length."""
        return len(self.names)

    def observe(self, state: GameState, seat: int) -> Observation:
        """``seat``'s observation of ``state``: its view, encoded."""
        return self.encode(state.view(seat), seat)

    def encode(self, view: Mapping[str, Any], seat: int) -> Observation:
        """A view of a position (``state.view(...)``), encoded from ``seat``'s chair."""
        out: list[float] = []
        self.spec.write(view, seat, out)
        return np.asarray(out, dtype=np.float32)

    def mask(self, state: GameState) -> Mask:
        """1 for each legal action of the seat to act, 0 elsewhere (all 0 once it is over)."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if not state.is_over:
            mask[list(state.legal_actions())] = 1
        return mask

    def unencoded(self, observation: Observation) -> list[str]:
        """The names of the catch-all slots that are set: values the vocabularies miss."""
        return [
            name
            for name, value in zip(self.names, observation, strict=True)
            if value and name.endswith(OTHER)
        ]
