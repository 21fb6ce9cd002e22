"""Single-observer information-set Monte Carlo tree search (``ismcts``).

Every iteration plays in a world from ``state.sample_hidden(seat, rng)``: everything the
searching seat cannot know is redealt and the chance generator reseeded. The world is a fresh
one, or with common worlds (``Worlds.COMMON``) the k-th sampled for the k-th visit of the root
action chosen. The tree is keyed by action ints only, so its statistics pool over the worlds,
and an action competes only in the worlds where it is legal (availability counts). The search
therefore depends on the real position only through what the seat may know.
"""

from __future__ import annotations

from terra.ai.tree import Search, SearchBot
from terra.core.state import GameState


class IsmctsBot(SearchBot):
    """IS-MCTS for the seat to act, within ``budget`` per decision."""

    kind = "ismcts"

    def search(self, state: GameState) -> Search[GameState]:
        seat = state.current_player
        assert seat is not None, "the game is over"
        rng = self.rng

        def world() -> GameState:
            return state.sample_hidden(seat, rng)

        search = Search(state, world, rng, self.settings, self.evaluator)
        search.run(self.budget)
        return search
