"""The bot interface and the bots every game gets: ``random``, ``greedy``, and the search
bots ``mcts`` and ``ismcts`` with a level (``ismcts:2000`` iterations, ``ismcts:1s``).

A bot is seeded once and then asked for a move in each position where it is to act. Bots
must act only on what their seat may know: ``greedy`` plays the heuristic player of the game's
evaluator (``Game.evaluator()``), which reads only public information and the bot's own hand
(tests check this by resampling the hidden parts).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from terra.ai.budget import Budget, parse_budget
from terra.ai.ismcts import IsmctsBot
from terra.ai.mcts import MctsBot
from terra.core.errors import TerraError, quote
from terra.core.state import GameState

if TYPE_CHECKING:
    from terra.core.evaluator import Evaluator
    from terra.core.game import Game


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
    """The game's own heuristic player (its evaluator's ``greedy_action``)."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        # The evaluator of the game last played, asked for once: a decision may take only a
        # few microseconds.
        self._game: Game[Any] | None = None
        self._evaluator: Evaluator[Any] | None = None

    def choose(self, state: GameState) -> int:
        evaluator = self._evaluator
        if evaluator is None or state.game is not self._game:
            self._game = state.game
            self._evaluator = evaluator = state.game.evaluator()
        return evaluator.greedy_action(state, self.rng)


BOTS: dict[str, Callable[[int], Bot]] = {
    RandomBot.name: RandomBot,
    GreedyBot.name: GreedyBot,
}

# A search bot named without a level thinks this long: reproducible, about a second or less.
DEFAULT_LEVEL = Budget(iterations=1000)

# Bots that take a level after a colon: their budget per decision (terra.ai.budget).
SEARCH_BOTS: dict[str, Callable[[int, Budget], Bot]] = {
    MctsBot.kind: MctsBot,
    IsmctsBot.kind: IsmctsBot,
}


def bot_names() -> list[str]:
    """The names ``make_bot`` accepts (search bots also as ``NAME:LEVEL``)."""
    return sorted([*BOTS, *SEARCH_BOTS])


def make_bot(name: str, seed: int = 0) -> Bot:
    """A fresh bot called ``name`` with its own seeded randomness.

    A search bot takes its level after a colon: ``ismcts:2000`` (iterations per decision, the
    same decision for the same seed and position) or ``ismcts:1s`` / ``ismcts:250ms`` (time).
    """
    kind, colon, level = name.partition(":")
    search = SEARCH_BOTS.get(kind)
    if search is not None:
        if not colon:
            return search(seed, DEFAULT_LEVEL)
        return search(seed, parse_budget(level, kind))
    factory = BOTS.get(name)
    if factory is None:
        if colon and kind in BOTS:
            raise TerraError(f"the {kind} bot takes no level, not {quote(name)}")
        raise TerraError(f"no bot called {quote(name)} (bots: {', '.join(bot_names())})")
    return factory(seed)
