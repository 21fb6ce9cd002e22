"""Source of the Nile 39.0 Native Attitude (Game II): every tribe's attitude toward all
explorers, a number that starts at 0 (39.2) and changes with what happens between them
(39.21-39.24), plus what one explorer has earned with a tribe for himself (39.24, 39.5); a
friendship that lasts until the tribe's attitude falls to -5 (39.5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from terra.games.nile.explorer import Explorer
    from terra.games.nile.state import NileState


def attitude_toward(state: NileState, explorer: Explorer, tribe: int) -> int:
    """39.1-39.3, 39.24, 39.5: the tribe's attitude, and what this explorer earned for himself
    (34.23 adds it to the attitude roll)."""
    return state.territory.attitude[tribe] + explorer.tribe_bonus.get(tribe, 0)


def change_attitude(state: NileState, tribe: int, change: int, why: str) -> None:
    """39.21-39.23, 39.3: the tribe's attitude toward all explorers changes, cumulatively; at
    -5 or below, 39.5: nobody is its friend any more, and its former friends each get +4 in
    all their future dealings with it."""
    if not tribe or not change:
        return
    territory = state.writable_territory()
    before = territory.attitude[tribe]
    territory.attitude[tribe] = after = before + change
    state.emit("attitude", tribe=tribe, change=change, attitude=after, why=why)
    two = state.data.game_two
    if before > two.attitude_breaks_at >= after:
        for seat, explorer in enumerate(state.explorers):
            if tribe in explorer.friendly:
                changed = state.explorer(seat)
                changed.friendly.discard(tribe)
                earned = changed.tribe_bonus.get(tribe, 0) + two.attitude_former_friend
                changed.tribe_bonus[tribe] = earned
                state.emit("friendship-broken", player=seat, tribe=tribe)


def earn_attitude(state: NileState, tribe: int, change: int, why: str) -> None:
    """39.24: a change that applies only to the current explorer's own dealings with the
    tribe."""
    if not tribe or not change:
        return
    explorer = state.explorer(state.player)
    explorer.tribe_bonus[tribe] = explorer.tribe_bonus.get(tribe, 0) + change
    state.emit("attitude-earned", player=state.player, tribe=tribe, change=change, why=why)
