"""Single-observer information-set Monte Carlo tree search (``ismcts``).

Every iteration plays in a fresh world from ``state.sample_hidden(seat, rng)``: everything the
searching seat cannot know is redealt and the chance generator reseeded. The tree is keyed by
action ints only, so its statistics pool over the worlds, and an action competes only in the
worlds where it is legal (availability counts). The search therefore depends on the real
position only through what the seat may know.
"""

from __future__ import annotations

import random

from terra.ai.budget import Budget
from terra.ai.tree import Choice, Search, Settings
from terra.core.state import GameState

DEFAULT_BUDGET = Budget(iterations=1000)


class IsmctsBot:
    """IS-MCTS for the seat to act, within ``budget`` per decision."""

    kind = "ismcts"

    def __init__(
        self, seed: int = 0, budget: Budget = DEFAULT_BUDGET, settings: Settings | None = None
    ) -> None:
        self.rng = random.Random(seed)
        self.budget = budget
        self.settings = settings or Settings()
        self.name = f"{self.kind}:{budget}"

    def search(self, state: GameState) -> Search:
        """The finished search from ``state`` (for hints: every root action's figures)."""
        seat = state.current_player
        assert seat is not None, "the game is over"
        rng = self.rng

        def world() -> GameState:
            return state.sample_hidden(seat, rng)

        search = Search(state, world, rng, self.settings)
        search.run(self.budget)
        return search

    def analyse(self, state: GameState) -> list[Choice]:
        """The legal actions the search tried, most visited first."""
        return self.search(state).choices(state.legal_actions())

    def choose(self, state: GameState) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self.analyse(state)[0].action
