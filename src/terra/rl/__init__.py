"""Reinforcement learning over the game contract: observations encoded from a seat's view,
masks over each game's fixed action space, and environments for PettingZoo and Gymnasium
(docs/rl.md); :mod:`terra.rl.openspiel` registers every game with OpenSpiel. Needs the ``rl``
extra: ``pip install "terra-incognita[rl]"``.

>>> env = pettingzoo_env("expedition", players=2, seed=1)
>>> env.reset(seed=1)
>>> sorted(env.observe(env.agent_selection))
['action_mask', 'observation']
>>> single = gymnasium_env("africa", seat=0, opponents="greedy")
>>> observation, info = single.reset(seed=1)
>>> observation.shape == single.observation_space.shape
True
"""

from __future__ import annotations

import gymnasium

import terra
from terra.rl.aec import TerraAEC
from terra.rl.encoding import Encoding
from terra.rl.single import ILLEGAL_REWARD, TerraEnv

__all__ = [
    "ILLEGAL_REWARD",
    "Encoding",
    "TerraAEC",
    "TerraEnv",
    "gymnasium_env",
    "pettingzoo_env",
    "register_gymnasium",
]


# The environments by what a researcher asks for: each builds one (see the classes for their
# arguments).
pettingzoo_env = TerraAEC  # a PettingZoo AEC environment of a game, one agent per seat
gymnasium_env = TerraEnv  # a Gymnasium environment: one seat against bots


def register_gymnasium() -> list[str]:
    """Register ``terra/<game>-v0`` with Gymnasium for every registered game, so that
    ``gymnasium.make("terra/africa-v0", opponents="random")`` builds :func:`gymnasium_env`'s
    environment (its keywords as ``make``'s); returns the ids."""
    ids = []
    for game in terra.games():
        env_id = f"terra/{game.id}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, "terra.rl.single:TerraEnv", kwargs={"game": game.id})
        ids.append(env_id)
    return ids
