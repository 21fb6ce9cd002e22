"""Seeded random play for tests of any game."""

from __future__ import annotations

import random

from terra.core.state import GameState


def random_actions(state: GameState, count: int, seed: int) -> list[int]:
    """Play up to ``count`` random actions on ``state`` (unchecked); returns them."""
    rng = random.Random(seed)
    taken: list[int] = []
    while not state.is_over and len(taken) < count:
        action = rng.choice(state.legal_actions())
        state.apply(action)
        taken.append(action)
    return taken
