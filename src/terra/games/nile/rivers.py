"""Source of the Nile 25.0-25.34 Longest Rivers and Epic Journeys: the journey an explorer makes
from port to port, and the epic journeys between the port groups (25.31-25.334) with the
hexes each publishes (25.32). The longest rivers are ranked when a publication wins
(:func:`terra.games.nile.publishing.ranked_awards`, 25.2).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection
from typing import TYPE_CHECKING

from terra.games.nile.explorer import Explorer

if TYPE_CHECKING:
    from terra.games.nile.state import NileState


def port_group(state: NileState, port: int) -> str:
    """25.33: Khartoum, the Cape Colony ports, or the west or east coast ports north of them."""
    board = state.data.board
    if board.cape_colony[board.port_hex[port]]:
        return "cape"
    return board.port_coast[port]  # "inland" (Khartoum), "west" or "east"


EPIC_PAIRS = frozenset(  # 25.331-25.334, either way
    frozenset(pair)
    for pair in (("inland", "cape"), ("inland", "east"), ("inland", "west"), ("west", "east"))
)


def travel(state: NileState, explorer: Explorer, hex_: int) -> None:
    """25.31-25.33: the journey since the last port; arriving at a port ends it, and the first
    explorer to travel between two ports of the epic groups has made an epic journey."""
    if not explorer.journey:
        return
    explorer.journey.append(hex_)
    board = state.data.board
    port = board.port_of[hex_]
    if port < 0:
        return
    start = board.port_of[explorer.journey[0]]
    route = (min(start, port), max(start, port))
    groups = frozenset((port_group(state, start), port_group(state, port)))
    if start != port and groups in EPIC_PAIRS and route not in state.epic_routes:
        state.epic_routes.add(route)
        explorer.epics.append(tuple(explorer.journey))
        state.emit("epic-journey", player=state.player, start=start, end=port)
    explorer.journey = [hex_]


def epic_value(
    state: NileState, explorer: Explorer, route: tuple[int, ...], publishing: Collection[int]
) -> int:
    """25.32: the hexes published now along the shortest route he travelled from port to
    port."""
    if not route:
        return 0
    board = state.data.board
    start, goal = route[0], route[-1]
    allowed = set(route)
    came: dict[int, int] = {start: -1}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            break
        for there in board.overland[here]:
            if there in allowed and there not in came:
                came[there] = here
                queue.append(there)
    now = set(publishing)
    value = 0
    step = goal
    while step >= 0:
        value += step in now
        step = came.get(step, -1)
    return value
