"""Reinforcement learning over the game contract: observations encoded from a seat's view and
masks over each game's fixed action space (docs/rl.md). Needs the ``rl`` extra:
``pip install "terra-incognita[rl]"``.
"""

from terra.rl.encoding import Encoding

__all__ = ["Encoding"]
