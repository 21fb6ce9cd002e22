"""Source of the Nile 41.0 Poison Attempts (Game II): an insulted chief who hides (38.2), or a
jealous chief or witch doctor (40.52), tries to poison the explorer: two dice, one chosen, on
the Poison Table (41.1-41.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.games.nile.chance import roll
from terra.games.nile.europe import explorer_dies

if TYPE_CHECKING:
    from terra.games.nile.state import NileState

POISON_DICE = 2  # 41.1


def poison_attempt(state: NileState, who: str) -> bool:
    """41.1-41.2: the explorer keeps the better of two dice (a higher die is never worse on the
    Poison Table, decision N206). False when the poison killed him (the turn is then over)."""
    die = max(roll(state) for _ in range(POISON_DICE))
    result = state.data.game_two.poison[die - 1]
    state.emit("poison-attempt", player=state.player, who=who, die=die, result=result)
    if result == "dies":
        explorer_dies(state, "poisoned")
        return False
    return True
