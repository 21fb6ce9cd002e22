"""Source of the Nile's explored territory: what the explorers have mapped, shared by all.

The printed :class:`~terra.games.nile.components.board.Board` never changes; a :class:`Territory`
starts as a copy of it and records, hex by hex, what mapping (10) adds: terrain, rivers, cataracts,
oases, native tribes and the spectacular figures. Everything is flat (lists and bytearrays indexed
by hex), so that a state clones it cheaply.

Rivers. A river hexside is a bit (``1 << d`` for compass side ``d``) in ``river_in`` (water
enters the hex by that side) or ``river_out`` (water leaves by it); a source is a dot in the
centre (10.316). Rivers are drawn only in hexes that are not lake or swamp: water joins a lake
or swamp by any side without being drawn through it (10.3211), and adjacent lake and swamp hexes
are one body of water (decision N7). A hex whose rivers are not mapped yet (blank, or partly
explored, 10.29) can continue any river pointing at it (10.318). The direction of flow is fixed
when a river is drawn and never changes (decision N22).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar
from weakref import WeakKeyDictionary

from terra.core.fields import COPY, SAME, Fielded, Fields
from terra.games.nile.components import Components
from terra.games.nile.components.board import Board
from terra.games.nile.components.hexgrid import CENTRE, DIRECTIONS, opposite
from terra.games.nile.terms import BLANK, LAKE, WATER_TERRAINS

__all__ = [
    "BLANK_HEX",
    "EXPLORED",
    "NATIVE_COUNTERS",
    "NO_SPECTACULAR",
    "TERRAIN_ONLY",
    "Territory",
    "drains_to_a_mouth",
    "erase",
    "farthest_from_mouth",
    "flow_between",
    "forget_spectacular",
    "free_tribe_number",
    "has_river",
    "is_water",
    "lake_of",
    "last_lake_hex",
    "new_territory",
    "open_routes",
    "river_system",
    "rivers_mapped",
    "side_bit",
    "system_hexes",
    "system_size",
    "water_body",
]

# How far a hex is explored (its ``stage``).
BLANK_HEX = 0  # unexplored (3.2)
TERRAIN_ONLY = 1  # partial exploration: the terrain only (10.29)
NO_SPECTACULAR = 2  # everything but the spectacular discoveries (13.5's retreat)
EXPLORED = 3  # fully mapped, or printed on the board

NATIVE_COUNTERS = 50  # 3.33: native counters numbered 1 to 50


def side_bit(direction: int) -> int:
    """The bit of a hexside in ``river_in`` and ``river_out``."""
    return 1 << direction


class Territory(Fielded):
    """The explored state of the map, indexed by hex (see the module)."""

    FIELDS: ClassVar[Fields] = {
        "terrain": COPY,
        "stage": COPY,
        "partial": COPY,
        "river_in": COPY,
        "river_out": COPY,
        "source": COPY,
        "cataract": COPY,
        "oasis": COPY,
        "tribe": COPY,
        "tribe_size": COPY,
        "attitude": COPY,
        "waterfall": COPY,
        "peak": COPY,
        "lake_miles": COPY,
        "lake_stamp": COPY,
        "clock": SAME,
    }
    __slots__ = tuple(FIELDS)

    terrain: list[int]  # BLANK or a terrain (known also for a partial exploration)
    stage: bytearray  # BLANK_HEX, TERRAIN_ONLY, NO_SPECTACULAR or EXPLORED
    partial: list[int]  # the seat whose partial exploration it is (10.293, 13.5), or -1
    river_in: bytearray  # bits of the sides water enters by
    river_out: bytearray  # bits of the sides water leaves by (one at most)
    source: bytearray  # 1: a river source in the centre (10.316)
    cataract: bytearray  # 1: a cataract on the hex's river (9.27, 10.52)
    oasis: bytearray  # 1: an oasis (10.51)
    tribe: list[int]  # native counter 1-50, 0 none (3.33, 10.43)
    tribe_size: list[int]  # SMALL, MEDIUM or LARGE; -1 none (10.42); Game II: natives (33.3)
    attitude: list[int]  # Game II: by tribe number (1-50), its attitude toward all (39.1-39.3)
    waterfall: list[int]  # feet, 0 none (10.53)
    peak: list[int]  # a high mountain's feet, 0 none (10.54)
    lake_miles: list[int]  # extra square miles drawn for a lake hex (10.56)
    lake_stamp: list[int]  # when the lake hex's miles were drawn, 0 never (10.56, 22.9)
    clock: int  # the last stamp given

    def __repr__(self) -> str:
        mapped = sum(1 for s in self.stage if s != EXPLORED)
        return f"<Territory: {mapped} hexes not fully explored>"


# The territory each board starts from, worked out once: every game starts from a copy.
_PRINTED: WeakKeyDictionary[Board, Territory] = WeakKeyDictionary()


def new_territory(board: Board) -> Territory:
    """3.2: the territory at the start: the printed board, its blank hexes unexplored."""
    printed = _PRINTED.get(board)
    if printed is None:
        printed = _PRINTED[board] = _printed_territory(board)
    return printed.clone()


def _printed_territory(board: Board) -> Territory:
    count = board.num_hexes
    t = Territory.__new__(Territory)
    t.terrain = list(board.terrain)
    t.stage = bytearray(BLANK_HEX if kind == BLANK else EXPLORED for kind in board.terrain)
    t.partial = [-1] * count
    t.river_in = bytearray(count)
    t.river_out = bytearray(count)
    t.source = bytearray(count)
    t.cataract = bytearray(count)
    for hex_ in range(count):
        _print_rivers(t, board, hex_)
    t.oasis = bytearray(count)
    t.tribe = [0] * count
    t.tribe_size = [-1] * count
    t.attitude = [0] * (NATIVE_COUNTERS + 1)  # 39.2: every tribe starts at 0
    t.waterfall = [0] * count
    t.peak = [0] * count
    t.lake_miles = [0] * count
    t.lake_stamp = [0] * count
    t.clock = 0
    return t


def _print_rivers(t: Territory, board: Board, hex_: int) -> None:
    """The pre-printed river of a hex, as the board has it (10.316, decision N10)."""
    ins = 0
    for side in board.river_up[hex_]:
        if side != CENTRE:
            ins |= side_bit(side)
    t.river_in[hex_] = ins
    t.river_out[hex_] = side_bit(board.river_down[hex_]) if board.river_down[hex_] else 0
    t.source[hex_] = 1 if CENTRE in board.river_up[hex_] else 0
    t.cataract[hex_] = 1 if board.cataract[hex_] else 0


def is_water(t: Territory, hex_: int) -> bool:
    """10.3211: lake and swamp (jungle/swamp too, decision N7) take rivers by any side."""
    return t.terrain[hex_] in WATER_TERRAINS


def has_river(t: Territory, hex_: int) -> bool:
    """Whether a river is drawn in the hex (10.316)."""
    return bool(t.river_in[hex_] or t.river_out[hex_] or t.source[hex_])


def rivers_mapped(t: Territory, hex_: int) -> bool:
    """Whether the hex's rivers are drawn: not blank and not a bare partial exploration (10.318:
    a blank or partially explored hex can still continue any river)."""
    return t.stage[hex_] >= NO_SPECTACULAR


def flow_between(t: Territory, board: Board, a: int, b: int) -> int:
    """Source of the Nile 12.5, 9.26: +1 when a move from hex ``a`` to the neighbour ``b``
    follows a river downstream, -1 upstream, 0 when it does not follow a river.

    A move follows a river when a river is drawn through the hexside between them, in either
    hex: a river leaving ``a`` towards ``b`` (into a river, a lake or swamp, or a hex still to
    be mapped, which must continue it), or a river entering ``b`` from ``a`` (out of a lake or
    swamp). Between two hexes of one lake or swamp the water has no direction (decision N23).
    """
    side = side_towards(board, a, b)
    if not side:
        return 0
    facing = side_bit(opposite(side))
    here = side_bit(side)
    if t.river_out[a] & here or t.river_in[b] & facing:
        return 1
    if t.river_in[a] & here or t.river_out[b] & facing:
        return -1
    return 0


def side_towards(board: Board, a: int, b: int) -> int:
    """The side of ``a`` that faces ``b``; 0 if they are not neighbours."""
    row = board.neighbours[a]
    for side in DIRECTIONS:
        if row[side - 1] == b:
            return side
    return 0


def water_body(t: Territory, board: Board, hex_: int) -> tuple[int, ...]:
    """The lake and swamp hexes joined to ``hex_`` (10.3211, decision N7); empty if it is no
    water."""
    return _group(t, board, hex_, WATER_TERRAINS)


def lake_of(t: Territory, board: Board, hex_: int) -> tuple[int, ...]:
    """Source of the Nile 22.8: the lake hexes joined to ``hex_``, one lake; empty if it is no
    lake."""
    return _group(t, board, hex_, frozenset({LAKE}))


def _group(t: Territory, board: Board, hex_: int, kinds: frozenset[int]) -> tuple[int, ...]:
    if t.terrain[hex_] not in kinds:
        return ()
    found = [hex_]
    seen = {hex_}
    for here in found:
        for there in board.neighbours[here]:
            if there >= 0 and there not in seen and t.terrain[there] in kinds:
                seen.add(there)
                found.append(there)
    return tuple(sorted(found))


def last_lake_hex(t: Territory, board: Board, hex_: int) -> int:
    """Source of the Nile 10.56, 22.9: the hex of the lake whose extra square miles were drawn
    last (the lake's figure, and the one its discoverer claims); -1 if none was drawn."""
    best, when = -1, 0
    for there in lake_of(t, board, hex_):
        if t.lake_stamp[there] > when:
            best, when = there, t.lake_stamp[there]
    return best


def _downstream(t: Territory, board: Board, hex_: int) -> Iterator[int]:
    """The hexes the water of ``hex_`` flows on to; -1 for the sea or beyond the board (a
    mouth)."""
    row = board.neighbours[hex_]
    if t.terrain[hex_] in WATER_TERRAINS:
        for side in DIRECTIONS:
            there = row[side - 1]
            if there >= 0 and (
                t.terrain[there] in WATER_TERRAINS or t.river_in[there] & side_bit(opposite(side))
            ):
                yield there
        return
    out = t.river_out[hex_]
    if not out:
        return
    for side in DIRECTIONS:
        if out & side_bit(side):
            there = row[side - 1]
            if there < 0:
                yield -1
            elif t.terrain[there] in WATER_TERRAINS or t.river_in[there] & side_bit(opposite(side)):
                yield there


def _upstream(t: Territory, board: Board, hex_: int) -> Iterator[int]:
    """The drawn hexes whose water flows into ``hex_``."""
    row = board.neighbours[hex_]
    water = t.terrain[hex_] in WATER_TERRAINS
    for side in DIRECTIONS:
        there = row[side - 1]
        if there < 0:
            continue
        back = side_bit(opposite(side))
        if t.terrain[there] in WATER_TERRAINS:
            if water or t.river_in[hex_] & side_bit(side):
                yield there
        elif t.river_out[there] & back and (water or t.river_in[hex_] & side_bit(side)):
            yield there


def _mouths(board: Board) -> dict[int, int]:
    return {hex_: s for s, hex_ in enumerate(board.mouths)}


def river_system(t: Territory, board: Board, hex_: int) -> int:
    """Source of the Nile 10.3351: the river system (by its mouth) the water of a river, lake or
    swamp hex drains to; -1 if it reaches no mouth (yet). Water that reaches two mouths belongs
    to the nearer by water (decision N24)."""
    mouths = _mouths(board)
    seen = {hex_}
    frontier = [hex_]
    for here in frontier:
        for there in _downstream(t, board, here):
            if there < 0:
                if here in mouths:
                    return mouths[here]
                continue
            if there not in seen:
                seen.add(there)
                frontier.append(there)
    return -1


def _upstream_distances(
    t: Territory, board: Board, system: int, within: bytearray | None = None
) -> dict[int, int]:
    """Every hex whose water reaches the mouth of ``system``, with the shortest route in hexes
    to the mouth along the water (the mouth itself 0); with ``within``, only the hexes it marks
    and routes through them."""
    mouth = board.mouths[system]
    distance = {mouth: 0}
    frontier = [mouth]
    for here in frontier:
        for there in _upstream(t, board, here):
            if there not in distance and (within is None or within[there]):
                distance[there] = distance[here] + 1
                frontier.append(there)
    return distance


def system_hexes(t: Territory, board: Board, system: int) -> tuple[int, ...]:
    """Source of the Nile 10.3351: the river, lake and swamp hexes whose water reaches the
    mouth of ``system``."""
    return tuple(sorted(_upstream_distances(t, board, system)))


def system_size(t: Territory, board: Board, system: int) -> int:
    """Source of the Nile 10.3353: the hexes of a river system, to compare with its minimum
    length."""
    return len(_upstream_distances(t, board, system))


def open_routes(t: Territory, board: Board, system: int, besides: int = -1) -> int:
    """Source of the Nile 10.3354: the ways a river system can still grow other than through
    the hex ``besides``: its rivers coming in from hexes still to be mapped (tributaries) and
    the unmapped neighbours of its lakes and swamps (exits)."""
    routes = 0
    for here in _upstream_distances(t, board, system):
        row = board.neighbours[here]
        water = t.terrain[here] in WATER_TERRAINS
        for side in DIRECTIONS:
            there = row[side - 1]
            if there < 0 or there == besides or t.stage[there] >= NO_SPECTACULAR:
                continue
            if water or t.river_in[here] & side_bit(side):
                routes += 1
    return routes


def farthest_from_mouth(
    t: Territory, data: Components, system: int, within: bytearray | None = None
) -> tuple[int, int]:
    """Source of the Nile 25.26: the hex of a river system farthest from its mouth, counting
    the shortest route along the water, and that distance; the Nile adds its hexes beyond the
    board. With ``within`` (by hex, e.g. published), only the water it marks counts. Ties go to
    the lowest hex number."""
    board = data.board
    distance = _upstream_distances(t, board, system, within)
    hex_, far = min(distance.items(), key=lambda item: (-item[1], item[0]))
    if system == board.nile:
        far += data.tables.awards.nile_offboard
    return hex_, far


def drains_to_a_mouth(t: Territory, board: Board) -> bytearray:
    """Source of the Nile 10.313: 1 for every hex whose water can be traced to a mouth."""
    drained = bytearray(board.num_hexes)
    for system in range(len(board.mouths)):
        for hex_ in _upstream_distances(t, board, system):
            drained[hex_] = 1
    return drained


def free_tribe_number(t: Territory) -> int:
    """Source of the Nile 3.33: the lowest native counter not on the map; 0 when all 50 are
    out (decision N27)."""
    used = set(t.tribe)
    for number in range(1, NATIVE_COUNTERS + 1):
        if number not in used:
            return number
    return 0


def erase(t: Territory, board: Board, hex_: int) -> None:
    """Source of the Nile 21.32: an explored hex returns to what the board prints (blank for a
    hex of the interior): its terrain, rivers, tribe and discoveries are rumours. The rivers of
    its neighbours stay as drawn; they point at a hex still to be mapped (10.318)."""
    t.terrain[hex_] = board.terrain[hex_]
    t.stage[hex_] = BLANK_HEX if board.terrain[hex_] == BLANK else EXPLORED
    t.partial[hex_] = -1
    _print_rivers(t, board, hex_)
    t.oasis[hex_] = 0
    t.tribe[hex_] = 0
    t.tribe_size[hex_] = -1
    _no_spectacular(t, hex_)


def forget_spectacular(t: Territory, hex_: int, seat: int) -> None:
    """Source of the Nile 13.5: after a retreat by policy 2 from a hex just mapped, the hex is a
    partial exploration of ``seat``: its river, cataract, oasis and natives remain, its
    spectacular discoveries are lost and will be drawn anew when it is explored fully."""
    t.stage[hex_] = min(t.stage[hex_], NO_SPECTACULAR)
    t.partial[hex_] = seat
    _no_spectacular(t, hex_)


def _no_spectacular(t: Territory, hex_: int) -> None:
    """10.53-10.56: no high mountain, waterfall or lake's extra miles known in the hex."""
    t.waterfall[hex_] = 0
    t.peak[hex_] = 0
    t.lake_miles[hex_] = 0
    t.lake_stamp[hex_] = 0
