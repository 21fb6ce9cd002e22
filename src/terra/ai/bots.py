"""The bot interface and the bots every game gets: ``random`` and ``greedy``.

A bot is seeded once and then asked for a move in each position where it is to act. Bots
must act only on what their seat may know: ``greedy`` delegates to the game's heuristic
hook, which reads only public information and the bot's own hand (tests check this by
resampling the hidden parts).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol, runtime_checkable

from terra.core.errors import TerraError
from terra.core.state import GameState


@runtime_checkable
class Bot(Protocol):
    """Anything that picks a legal action for the player to act."""

    name: str

    def choose(self, state: GameState) -> int:
        """A legal action for ``state.current_player``."""
        ...


class RandomBot:
    """Uniformly random among the legal actions: the baseline every bot must beat."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> int:
        return self.rng.choice(state.legal_actions())


class GreedyBot:
    """The game's own heuristic player (``Game.greedy_action``)."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> int:
        return state.game.greedy_action(state, self.rng)


BOTS: dict[str, Callable[[int], Bot]] = {
    RandomBot.name: RandomBot,
    GreedyBot.name: GreedyBot,
}


def bot_names() -> list[str]:
    """The names ``make_bot`` accepts."""
    return sorted(BOTS)


def make_bot(name: str, seed: int = 0) -> Bot:
    """A fresh bot called ``name`` with its own seeded randomness."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise TerraError(f"no bot called {name!r} (bots: {', '.join(bot_names())})") from None
    return factory(seed)
