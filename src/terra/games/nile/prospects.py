"""Source of the Nile's leaf values for search: published points and what is still to publish.

Points count only once published in Europe (22), so what an explorer has found and not yet
published counts at a discount: he may die, be captured or lose his notes on the way home.
It reads only what the seat may know: its own explorer's finds and the public map.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from terra.games.nile.heuristics import unpublished

if TYPE_CHECKING:
    from terra.games.nile.state import NileState

UNPUBLISHED_SHARE = 0.7  # of the points waiting to be published, counted now


def estimate(state: NileState, seat: int) -> float:
    """``seat``'s published points and a share of what publishing now would bring."""
    explorer = state.explorers[seat]
    score = float(explorer.vp)
    if state.is_over:
        return score
    return score + UNPUBLISHED_SHARE * unpublished(state, explorer)


def solitaire_value(state: NileState, scale: float) -> float:
    """7.0 alone against the game: how near the estimate stands to the target, in (-1, 1)."""
    return math.tanh((estimate(state, 0) - state.target) / scale)
