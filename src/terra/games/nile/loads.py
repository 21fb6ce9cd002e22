"""Source of the Nile 5.423, 5.434, 6.55: the expedition's loads and modes of travel, as the
legal actions of one decision read them (worked out once a decision, for every move's offer).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.core.moves import Listing
from terra.games.nile import logistics
from terra.games.nile.actions import MODE_WORDS

if TYPE_CHECKING:
    from terra.games.nile.state import NileState

RULE_WATER = "Source of the Nile, 5.4442 Water"
RULE_CAPABILITY = "Source of the Nile, 6.55 Portage Cost and Transport Capability"

# The keys of the loads worked out once a decision (state.fits).
_SPARE = ("spare", 0)
_MODE = tuple(("mode", mode) for mode in range(len(MODE_WORDS)))


def per_decision(listing: Listing[NileState]) -> Listing[NileState]:
    """A phase's listing of legal actions, with the loads worked out once for all its offers."""

    def find(state: NileState) -> list[int]:
        state.fits = {}
        found = listing(state)
        state.fits = None
        return found

    return find


def fit(state: NileState, mode: int) -> tuple[bool, int]:
    """5.423, 5.434, 6.55: whether the expedition can travel in ``mode``, and its overload."""
    memo = state.fits
    key = _MODE[mode]
    if memo is not None:
        found = memo.get(key)
        if found is not None:
            return found
    explorer = state.explorers[state.player]
    if mode == explorer.mode:  # one assignment of duties serves the load and the mode
        spare = spare_capacity(state)
        result = (
            spare >= 0 and logistics.everyone_aboard(explorer.party, mode),
            max(0, -spare),
        )
    else:
        result = logistics.travel_fit(
            explorer.party, mode, state.data.tables, explorer_works=explorer.carries
        )
    if memo is not None:
        memo[key] = result
    return result


def spare_capacity(state: NileState) -> int:
    """6.55: what the expedition can still carry in its mode, worked out once a decision."""
    memo = state.fits
    if memo is not None:
        found = memo.get(_SPARE)
        if found is not None:
            return found[1]
    explorer = state.explorers[state.player]
    spare = logistics.spare_capacity(
        explorer.party, explorer.mode, state.data.tables, explorer_works=explorer.carries
    )
    if memo is not None:
        memo[_SPARE] = (spare >= 0, spare)
    return spare


def excess_to_leave(state: NileState) -> int:
    """6.55: what the expedition must leave before its turn may end: its overload, less a sick
    explorer's own weight when nobody can carry him (19.3, decision N159)."""
    if spare_capacity(state) >= 0:  # no overload: the load of the mode fits
        return 0
    explorer = state.explorers[state.player]
    return logistics.excess_to_leave(
        explorer.party, explorer.mode, state.data.tables, explorer_works=explorer.carries
    )
