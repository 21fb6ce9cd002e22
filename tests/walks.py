"""Seeded play for tests of any game: random walks, and a game's variants."""

from __future__ import annotations

import random
from typing import Any

from terra.core.game import Game
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


def variants(game: Game[Any]) -> list[dict[str, Any]]:
    """The game's variants: each yes-or-no option set against its default, then all of them
    at once. A game declares a variant as an option, and the contract suite plays it."""
    flips = [{option.name: not option.default} for option in game.options if option.kind is bool]
    if len(flips) > 1:
        flips.append({name: value for flip in flips for name, value in flip.items()})
    return flips


def two_seats(game: Game[Any]) -> int:
    """Two players, or the nearest count the game allows."""
    return min(max(2, game.min_players), game.max_players)
