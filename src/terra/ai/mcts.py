"""Plain Monte Carlo tree search (UCT) over one world (``mcts``).

It searches a single state as if nothing were hidden. Given a real position it first samples
one world with ``sample_hidden`` for the seat to act, so it never reads what the seat cannot
know; it is exact only where nothing is hidden and no chance is left, and elsewhere weaker than
``ismcts``, which samples a new world every iteration.
"""

from __future__ import annotations

import random

from terra.ai.budget import Budget
from terra.ai.tree import S, Search, SearchBot, Settings
from terra.core.evaluator import Evaluator
from terra.core.state import GameState


def search_known(
    state: S,
    budget: Budget,
    rng: random.Random,
    settings: Settings | None = None,
    evaluator: Evaluator[S] | None = None,
) -> Search[S]:
    """UCT from ``state`` taken as fully known: every iteration starts from a clone of it."""
    search = Search(state, state.clone, rng, settings or Settings(), evaluator)
    search.run(budget)
    return search


class MctsBot(SearchBot):
    """UCT on one sampled world for the seat to act, within ``budget`` per decision."""

    kind = "mcts"

    def search(self, state: GameState) -> Search[GameState]:
        seat = state.current_player
        assert seat is not None, "the game is over"
        world = state.sample_hidden(seat, self.rng)
        return search_known(world, self.budget, self.rng, self.settings, self.evaluator)
