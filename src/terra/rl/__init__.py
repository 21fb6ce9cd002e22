"""Reinforcement learning over the game contract: observations encoded from a seat's view,
masks over each game's fixed action space, and an environment for PettingZoo
(docs/rl.md). Needs the ``rl`` extra: ``pip install "terra-incognita[rl]"``.

>>> env = pettingzoo_env("expedition", players=2, seed=1)
>>> env.reset(seed=1)
>>> sorted(env.observe(env.agent_selection))
['action_mask', 'observation']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from terra.rl.aec import TerraAEC
from terra.rl.encoding import Encoding

__all__ = [
    "Encoding",
    "TerraAEC",
    "pettingzoo_env",
]


def pettingzoo_env(
    game: str,
    *,
    players: int = 2,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
    max_steps: int | None = None,
    render_mode: str | None = None,
) -> TerraAEC:
    """A PettingZoo AEC environment of ``game`` for ``players`` seats (one agent per seat)."""
    return TerraAEC(
        game,
        players=players,
        options=options,
        seed=seed,
        max_steps=max_steps,
        render_mode=render_mode,
    )
