"""Source of the Nile 13.0-13.2, 14.4: a meeting with natives under way, and its end (the
explorer back to moving, in the hex he may stay in), whichever chapter ends it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.games.nile import discoveries
from terra.games.nile.explorer import IN_AFRICA
from terra.games.nile.phases import MOVING, OVER
from terra.games.nile.records import Encounter
from terra.games.nile.specialties import new_friend

if TYPE_CHECKING:
    from terra.games.nile.state import NileState


def befriend(state: NileState) -> None:
    """14.4, 14.6: the tribe is friendly to this explorer for as long as he lives."""
    encounter = state.encounter
    assert encounter is not None
    explorer = state.explorer(state.player)
    if not encounter.band and encounter.tribe not in explorer.friendly:
        explorer.friendly.add(encounter.tribe)
        explorer.new_friends.append(encounter.tribe)
        state.emit("befriended", player=state.player, tribe=encounter.tribe)
        new_friend(state, explorer, encounter.tribe)
    finish(state)


def finish(state: NileState) -> None:
    """The encounter is over: back to moving, in the hex the natives let him stay in or in the
    one he retreated to."""
    encounter = state.encounter
    state.encounter = None
    if state.phase != OVER and state.explorer(state.player).status == IN_AFRICA:
        state.phase = MOVING
        if encounter is not None:
            stays(state, encounter)


def stays(state: NileState, encounter: Encounter) -> None:
    """23.1: met on entering the hex and not sent back out of it, the explorer looks at its
    discovery counter (a captive too: he did not retreat)."""
    explorer = state.explorer(state.player)
    if encounter.entered and explorer.hex == encounter.hex:
        discoveries.stays_in(state, explorer, encounter.hex)
