"""Plain Monte Carlo tree search (UCT) over one world (``mcts``).

It searches a single state as if nothing were hidden. Given a real position it first samples
one world with ``sample_hidden`` for the seat to act, so it never reads what the seat cannot
know; it is exact only where nothing is hidden and no chance is left, and elsewhere weaker than
``ismcts``, which samples a new world every iteration.
"""

from __future__ import annotations

import random

from terra.ai.budget import Budget
from terra.ai.tree import Choice, Search, Settings
from terra.core.state import GameState

DEFAULT_BUDGET = Budget(iterations=1000)


def search_known(
    state: GameState, budget: Budget, rng: random.Random, settings: Settings | None = None
) -> Search:
    """UCT from ``state`` taken as fully known: every iteration starts from a clone of it."""
    search = Search(state, state.clone, rng, settings or Settings())
    search.run(budget)
    return search


class MctsBot:
    """UCT on one sampled world for the seat to act, within ``budget`` per decision."""

    kind = "mcts"

    def __init__(
        self, seed: int = 0, budget: Budget = DEFAULT_BUDGET, settings: Settings | None = None
    ) -> None:
        self.rng = random.Random(seed)
        self.budget = budget
        self.settings = settings or Settings()
        self.name = f"{self.kind}:{budget}"

    def analyse(self, state: GameState) -> list[Choice]:
        """The legal actions the search tried, most visited first."""
        seat = state.current_player
        assert seat is not None, "the game is over"
        world = state.sample_hidden(seat, self.rng)
        return search_known(world, self.budget, self.rng, self.settings).choices(
            state.legal_actions()
        )

    def choose(self, state: GameState) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self.analyse(state)[0].action
