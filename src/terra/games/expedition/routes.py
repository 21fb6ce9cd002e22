"""Expedition's route geometry: the arrows of an expedition, where it has been, where it may go
on, and its loops.

The chapters (what a move does, when it is legal, why it is refused) read the routes through
this module, which reads nothing of theirs. An arrow is a packed int
(``line << 20 | origin << 10 | target``); point and line numbers are those of
:mod:`terra.games.expedition.components`; a set of points is a bitmask.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.games.expedition.actions import ARROWS

if TYPE_CHECKING:
    from terra.games.expedition.state import ExpeditionState

SHIFT_ORIGIN = 10
SHIFT_LINE = 20
POINT_MASK = (1 << SHIFT_ORIGIN) - 1


def pack(line: int, origin: int, target: int) -> int:
    return line << SHIFT_LINE | origin << SHIFT_ORIGIN | target


def unpack(arrow: int) -> tuple[int, int, int]:
    """``(line, origin, target)`` of a packed arrow."""
    return arrow >> SHIFT_LINE, arrow >> SHIFT_ORIGIN & POINT_MASK, arrow & POINT_MASK


def arrowheads(arrows: list[int]) -> int:
    """The points where an arrowhead of these arrows lies."""
    mask = 0
    for arrow in arrows:
        mask |= 1 << (arrow & POINT_MASK)
    return mask


def route_of(state: ExpeditionState, colour: int) -> int:
    """The points an expedition has visited: the start and every arrowhead (``state.route``
    keeps it up to date)."""
    return 1 << state.data.start | arrowheads(state.arrows[colour])


def closed_a_loop(arrows: list[int], start: int) -> bool:
    """Whether the last of these arrows led the expedition back onto its own route: to a point
    with an earlier arrowhead of its colour, or to the start, where every route begins."""
    if not arrows:
        return False
    point = arrows[-1] & POINT_MASK
    heads = sum((arrow & POINT_MASK) == point for arrow in arrows)
    return heads >= (1 if point == start else 2)


def removal_forms_loop(state: ExpeditionState, colour: int) -> bool:
    """Whether removing the last arrow of ``colour`` would leave last an arrow that closed a
    loop, so that the expedition is back on its own route and the loop forms again ("a loop can
    also form from the removal of an arrow")."""
    return closed_a_loop(state.arrows[colour][:-1], state.data.start)


# --- where an expedition may go on ------------------------------------------------------------


def _limits(state: ExpeditionState, colour: int, loop_limit: bool) -> tuple[bytearray, int]:
    """What expedition ``colour`` may not go along or onto from its end: the lines (its own, or
    every colour's for a new expedition) and, with ``loop_limit`` after a loop this turn, the
    points of its route; as bitmasks."""
    lines = state.used[colour] if state.arrows[colour] else state.taken
    points = state.route[colour] if loop_limit and state.looped >> colour & 1 else 0
    return lines, points


def continuations(state: ExpeditionState, colour: int, loop_limit: bool = True) -> list[int]:
    """The arrow actions continuing expedition ``colour`` from its end: not along a line the
    colour already uses (no parallel arrows, no turnabout), a new expedition only along a line
    no colour uses from the start, and, with ``loop_limit``, not back onto its route if it
    already closed a loop this turn."""
    if len(state.arrows[colour]) >= ARROWS:
        return []
    lines, points = _limits(state, colour, loop_limit)
    return [
        action
        for action, line, there in state.tables.arrow_exits[colour][state.end[colour]]
        if not lines[line] and not points >> there & 1
    ]


def every_continuation(state: ExpeditionState, found: list[int]) -> None:
    """The arrow actions continuing any expedition from its end, colour by colour, added to
    ``found``: those of :func:`continuations` with the loop limit, gathered in one pass (the
    arrows the player to act may place, asked at most decisions of a turn)."""
    arrow_exits = state.tables.arrow_exits
    looped = state.looped
    for colour, placed in enumerate(state.arrows):
        if len(placed) >= ARROWS:
            continue
        # the limits of _limits, with the loop limit
        lines = state.used[colour] if placed else state.taken
        points = state.route[colour] if looped >> colour & 1 else 0
        for action, line, there in arrow_exits[colour][state.end[colour]]:
            if not lines[line] and not points >> there & 1:
                found.append(action)


def can_continue(state: ExpeditionState, loop_limit: bool = True) -> bool:
    """Whether some expedition can be continued from its end (with ``loop_limit``: by the
    player whose turn it is; without: by the player whose turn comes next)."""
    exits = state.tables.exits
    for colour, placed in enumerate(state.arrows):
        if len(placed) >= ARROWS:
            continue
        lines, points = _limits(state, colour, loop_limit)
        for there, line, _ in exits[state.end[colour]]:
            if not lines[line] and not points >> there & 1:
                return True
    return False


def _loop_exits(state: ExpeditionState, first: bool) -> list[int]:
    """The arrow actions that may follow the loop of colour ``state.loop``, origin by origin
    (with ``first``, only the first found)."""
    colour = state.loop
    if len(state.arrows[colour]) >= ARROWS:
        return []
    arrow_exits = state.tables.arrow_exits[colour]
    around = state.tables.around
    lines = state.used[colour]
    points = state.route[colour]
    off_route = ~points
    found = []
    origins = state.loop_from
    while origins:
        low = origins & -origins
        origins ^= low
        origin = low.bit_length() - 1
        if not around[origin] & off_route:
            continue  # all its neighbours are on the route: a loop arrow from here closes a loop
        for action, line, there in arrow_exits[origin]:
            if not lines[line] and not points >> there & 1:
                found.append(action)
                if first:
                    return found
    return found


def loop_arrows(state: ExpeditionState) -> list[int]:
    """The arrows that may follow the loop of colour ``state.loop``: from a point of
    ``state.loop_from``, along a line the colour does not use, and not closing a second loop."""
    found = _loop_exits(state, first=False)
    found.sort()
    return found


def can_place_loop_arrow(state: ExpeditionState) -> bool:
    """Whether some loop arrow (see :func:`loop_arrows`) can be placed."""
    return bool(_loop_exits(state, first=True))


# --- loops --------------------------------------------------------------------------------------


def loop_origins(state: ExpeditionState, colour: int) -> int:
    """Expedition, Loops: the points the loop arrow may leave from, those the expedition "was
    already at, i.e. a like-colored arrowhead must be present". The bare start has none; it
    qualifies once an arrow of the colour has led back to it."""
    return arrowheads(state.arrows[colour])


def loop_points(state: ExpeditionState, colour: int) -> int:
    """Variant A: the points of the loop closed by the last arrow of ``colour`` (just placed, or
    the last one left after a removal). Following the arrows from the point it reached back to
    the point it left; of several such chains the shortest counts (illustration 6)."""
    arrows = state.arrows[colour]
    _, goal, point = unpack(arrows[-1])
    out: dict[int, list[int]] = {}
    for arrow in arrows:
        _, origin, target = unpack(arrow)
        out.setdefault(origin, []).append(target)
    parent = {point: point}
    frontier = [point]
    found = -1
    for here in frontier:
        if here == goal:
            found = here
            break
        for there in sorted(out.get(here, ())):
            if there not in parent:
                parent[there] = here
                frontier.append(there)
    mask = 1 << point
    while found >= 0 and found != point:
        mask |= 1 << found
        found = parent[found]
    return mask
