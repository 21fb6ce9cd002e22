"""Source of the Nile's mapping (10): the terrain, rivers, natives and discoveries of a hex an
explorer enters for the first time, drawn from the Event deck and dice.

Each procedure changes a :class:`~terra.games.nile.territory.Territory` and returns a small
record of what was found, for the game's log. Chance comes in as callables: ``draw()`` gives
the index of the next Event card, ``roll()`` one die (1-6).

The order of a newly explored hex (8.3): :func:`map_terrain` draws the first card; the hex is
then a partial exploration of the explorer's seat, and he may retreat (9.44-9.46, 10.291).
:func:`complete_exploration` maps the rest: the river (second card, whose River B line also
gives the oasis and the cataract), the natives (third card), then the spectacular discoveries
(one more card for each). :func:`explore` does both at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from terra.games.nile.components import Components
from terra.games.nile.events import (
    BEGINS,
    BEGINS_OR_EXTENDS,
    CONTINUES,
    CROSSES,
    ENDS,
    FORKS,
    NO_RIVER,
    hex_places,
)
from terra.games.nile.hexgrid import DIRECTIONS, opposite
from terra.games.nile.terms import (
    BLANK,
    DESERT,
    JUNGLE,
    JUNGLE_SWAMP,
    LAKE,
    MOUNTAIN,
    SWAMP,
    TERRAIN_MASK,
    VELDT,
)
from terra.games.nile.territory import (
    BLANK_HEX,
    EXPLORED,
    NO_SPECTACULAR,
    TERRAIN_ONLY,
    Territory,
    drains_to_a_mouth,
    free_tribe_number,
    has_river,
    is_water,
    lake_of,
    open_routes,
    river_system,
    side_bit,
    system_size,
)

__all__ = [
    "CIRCLE",
    "CONNECTED",
    "EXTENDS",
    "JOINS_WATER",
    "SALT_LAKE",
    "TWO_OUTFLOWS",
    "Exploration",
    "NativesFound",
    "RiverFound",
    "Spectacular",
    "TerrainFound",
    "complete_exploration",
    "discover_natives",
    "explore",
    "map_river",
    "map_terrain",
    "mark_oasis_and_cataract",
    "spectacular_discoveries",
]

Draw = Callable[[], int]
Roll = Callable[[], int]

MAX_LAKE = 3  # 10.28: no more than three lake hexes together
# 10.3212: two outflows make the hex lake on 1-3, swamp on 4-5, jungle/swamp on 6.
TWO_OUTFLOWS_TERRAIN = (LAKE, LAKE, LAKE, SWAMP, SWAMP, JUNGLE_SWAMP)
# 10.336: a river that would flow back into its hex makes it swamp on 1-5, jungle/swamp on 6.
CIRCLE_TERRAIN = (SWAMP, SWAMP, SWAMP, SWAMP, SWAMP, JUNGLE_SWAMP)

# How a river was mapped, besides the results of the cards (CONTINUES, ENDS, FORKS, NO_RIVER,
# BEGINS, CROSSES of :mod:`terra.games.nile.events`).
JOINS_WATER = 10  # 10.3211: a lake or swamp needs no river
TWO_OUTFLOWS = 11  # 10.3212: the hex became lake or swamp
CONNECTED = 12  # 10.3213: the rivers around the hex join in it
CIRCLE = 13  # 10.336: the hex became swamp so that no water flows in a circle
SALT_LAKE = 14  # 10.333: a great salt lake
EXTENDS = 15  # 10.32532: a river from an adjacent lake or swamp

_DESERT_PART = TERRAIN_MASK[DESERT]
_JUNGLE_PART = TERRAIN_MASK[JUNGLE]
_MOUNTAIN_PART = TERRAIN_MASK[MOUNTAIN]


@dataclass(frozen=True, slots=True)
class TerrainFound:
    """What :func:`map_terrain` found."""

    terrain: int
    card: int  # the card whose MAP: Terrain decided it
    copied: int  # the compass direction of the neighbour copied, 0: the card's terrain
    veldt_instead: bool  # 10.27 turned desert or jungle into veldt
    cards: tuple[int, ...]  # every card drawn (10.28 sets lake cards aside)


@dataclass(frozen=True, slots=True)
class RiverFound:
    """What :func:`map_river` found: how the river was mapped, the sides water now enters and
    leaves the hex by, and River B's oasis and cataract."""

    how: int  # a card result (CONTINUES, ..., CROSSES) or JOINS_WATER, ..., EXTENDS
    card: int  # the River card (8.3's second draw)
    cards: tuple[int, ...]  # every card drawn, the River card first
    terrain: int  # the hex's terrain afterwards (10.3212, 10.333, 10.336 may change it)
    inflows: tuple[int, ...]  # sides water enters by
    outflow: int  # the side water leaves by, 0 none
    source: bool  # a river source in the hex (10.316)
    oasis: bool
    cataract: bool


@dataclass(frozen=True, slots=True)
class NativesFound:
    """What :func:`discover_natives` found; true when a tribe was placed."""

    card: int  # the card drawn, -1 if the hex already had a tribe
    tribe: int  # 1-50, 0 none
    size: int  # SMALL, MEDIUM or LARGE; -1 none
    no_counter: bool  # the card found natives but all 50 counters are on the map (N27)

    def __bool__(self) -> bool:
        return self.tribe > 0


@dataclass(frozen=True, slots=True)
class Spectacular:
    """What :func:`spectacular_discoveries` found (feet, square miles; 0 none)."""

    peak: int
    waterfall: int
    lake_miles: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Exploration:
    """What :func:`complete_exploration` found; ``river`` and ``natives`` are None when they
    had been found before (13.5)."""

    river: RiverFound | None
    natives: NativesFound | None
    spectacular: Spectacular


# --- terrain (10.2) ---------------------------------------------------------------------------


def map_terrain(
    t: Territory, data: Components, hex_: int, draw: Draw, roll: Roll, *, seat: int
) -> TerrainFound:
    """Source of the Nile 10.22-10.28: the terrain of a blank hex, copied from the neighbour the
    card's compass names or else the card's own; the hex becomes ``seat``'s partial
    exploration (10.29) until :func:`complete_exploration`. ``roll`` is not used: terrain
    takes no die in Game I."""
    if t.stage[hex_] != BLANK_HEX:
        raise ValueError(f"hex {data.board.hex_ids[hex_]} is not blank; its terrain is known")
    deck = data.deck
    row = data.board.neighbours[hex_]
    cards: list[int] = []
    while True:
        card = draw()
        cards.append(card)
        terrain, copied = deck.terrain[card], 0
        for direction in deck.compass[card]:
            there = row[direction - 1]
            if there >= 0 and t.terrain[there] != BLANK:
                terrain, copied = t.terrain[there], direction
                break
        changed = desert_never_beside_jungle(t, data, hex_, terrain)
        if changed == LAKE and not lake_fits(t, data, hex_):
            continue
        break
    t.terrain[hex_] = changed
    t.stage[hex_] = TERRAIN_ONLY
    t.partial[hex_] = seat
    return TerrainFound(changed, card, copied, changed != terrain, tuple(cards))


def desert_never_beside_jungle(t: Territory, data: Components, hex_: int, terrain: int) -> int:
    """Source of the Nile 10.27: desert and jungle never border each other; a terrain that would
    is veldt instead. A mixture counts as jungle."""
    mask = TERRAIN_MASK[terrain]
    if mask & _DESERT_PART:
        clash = _JUNGLE_PART
    elif mask & _JUNGLE_PART:
        clash = _DESERT_PART
    else:
        return terrain
    for there in data.board.neighbours[hex_]:
        if there >= 0 and t.terrain[there] != BLANK and TERRAIN_MASK[t.terrain[there]] & clash:
            return VELDT
    return terrain


def lake_fits(t: Territory, data: Components, hex_: int) -> bool:
    """Source of the Nile 10.28: a lake hex may join at most two others (three together)."""
    joined: set[int] = set()
    for there in data.board.neighbours[hex_]:
        if there >= 0 and there not in joined and t.terrain[there] == LAKE:
            joined.update(lake_of(t, data.board, there))
    return len(joined) < MAX_LAKE


def _water_terrain(t: Territory, data: Components, hex_: int, terrain: int) -> int:
    """A lake or swamp a river rule imposes (10.3212, 10.333, 10.336), within 10.27 and 10.28:
    a lake that would be a fourth is swamp, a jungle/swamp beside desert is swamp (N25)."""
    if terrain == LAKE and not lake_fits(t, data, hex_):
        return SWAMP
    if terrain == JUNGLE_SWAMP and desert_never_beside_jungle(t, data, hex_, terrain) == VELDT:
        return SWAMP
    return terrain


# --- rivers (10.3) ----------------------------------------------------------------------------


def _flows_at(t: Territory, data: Components, hex_: int) -> tuple[list[int], list[int]]:
    """10.312-10.315: the sides of ``hex_`` by which the drawn rivers of its neighbours lead to
    it: water flowing in, and water flowing out (towards a river that takes it)."""
    inflows: list[int] = []
    outflows: list[int] = []
    row = data.board.neighbours[hex_]
    for side in DIRECTIONS:
        there = row[side - 1]
        if there < 0 or t.stage[there] < NO_SPECTACULAR or is_water(t, there):
            continue
        back = side_bit(opposite(side))
        if t.river_out[there] & back:
            inflows.append(side)
        elif t.river_in[there] & back:
            outflows.append(side)
    return inflows, outflows


def passable(t: Territory, data: Components, hex_: int, side: int) -> bool:
    """Source of the Nile 10.318: a new river may be drawn to a hexside only if the hex beyond
    can continue it: lake, swamp, or a hex whose rivers are not mapped yet (blank or partly
    explored). A side the hex's river already uses takes no second branch."""
    if (t.river_in[hex_] | t.river_out[hex_]) & side_bit(side):
        return False
    there = data.board.neighbours[hex_][side - 1]
    return there >= 0 and (t.stage[there] < NO_SPECTACULAR or is_water(t, there))


def _any_passable(t: Territory, data: Components, hex_: int) -> bool:
    return any(passable(t, data, hex_, side) for side in DIRECTIONS)


def map_river(t: Territory, data: Components, hex_: int, draw: Draw, roll: Roll) -> RiverFound:
    """Source of the Nile 10.3: the river of a hex whose terrain is known, from its neighbours'
    rivers and the River card; then River B's oasis and cataract (10.51, 10.52)."""
    if t.stage[hex_] != TERRAIN_ONLY:
        raise ValueError(f"hex {data.board.hex_ids[hex_]} needs its terrain and nothing more")
    card = draw()
    cards = [card]
    inflows, outflows = _flows_at(t, data, hex_)
    if is_water(t, hex_):
        how = JOINS_WATER
    elif len(outflows) >= 2:
        how = TWO_OUTFLOWS
        t.terrain[hex_] = _water_terrain(t, data, hex_, TWO_OUTFLOWS_TERRAIN[roll() - 1])
    elif inflows and outflows:
        if _flows_back(t, data, hex_, outflows[0]):
            how = CIRCLE
            t.terrain[hex_] = _water_terrain(t, data, hex_, CIRCLE_TERRAIN[roll() - 1])
        else:
            how = CONNECTED
            _draw_sides(t, hex_, inflows, outflows)
    elif inflows or outflows:
        _draw_sides(t, hex_, inflows, outflows)
        how = _situation_a(t, data, hex_, card, draw=draw, roll=roll, cards=cards, first=-1)
    else:
        how = _situation_b(t, data, hex_, card, draw=draw, roll=roll, cards=cards)
    t.stage[hex_] = NO_SPECTACULAR
    oasis, cataract = mark_oasis_and_cataract(t, data, hex_, card)
    ins = t.river_in[hex_]
    out = t.river_out[hex_]
    return RiverFound(
        how=how,
        card=card,
        cards=tuple(cards),
        terrain=t.terrain[hex_],
        inflows=tuple(side for side in DIRECTIONS if ins & side_bit(side)),
        outflow=next((side for side in DIRECTIONS if out & side_bit(side)), 0),
        source=bool(t.source[hex_]),
        oasis=oasis,
        cataract=cataract,
    )


def _draw_sides(t: Territory, hex_: int, inflows: list[int], outflows: list[int]) -> None:
    for side in inflows:
        t.river_in[hex_] |= side_bit(side)
    for side in outflows:
        t.river_out[hex_] |= side_bit(side)


def _flows_back(t: Territory, data: Components, hex_: int, outflow: int) -> bool:
    """10.336: whether the water leaving ``hex_`` by ``outflow`` would come back into it, down
    the drawn rivers (a lake or swamp on the way stops the trace: water may run out of a swamp
    and back into it, which is 10.336's own remedy)."""
    neighbours = data.board.neighbours
    here = neighbours[hex_][outflow - 1]
    for _ in range(data.board.num_hexes):
        if here < 0 or is_water(t, here) or t.stage[here] < NO_SPECTACULAR:
            return False
        out = t.river_out[here]
        side = next((d for d in DIRECTIONS if out & side_bit(d)), 0)
        if not side:
            return False
        here = neighbours[here][side - 1]
        if here == hex_:
            return True
    return False


def _may_end(t: Territory, data: Components, hex_: int) -> bool:
    """10.334, 10.3354: a river flowing out of ``hex_`` to a mouth may end (begin at a source
    here) unless its system is short of its minimum length and this hex is its only way to grow
    (10.3355: and unless nothing else is passable, which the caller checks). A river not yet
    connected to a mouth may begin here: it still has its lower end to find one (N26)."""
    system = river_system(t, data.board, hex_)
    if system < 0:
        return True
    board = data.board
    if system_size(t, board, system) >= board.minimum_length[system]:
        return True
    return open_routes(t, board, system, besides=hex_) > 0


def _situation_a(
    t: Territory,
    data: Components,
    hex_: int,
    card: int,
    *,
    draw: Draw,
    roll: Roll,
    cards: list[int],
    first: int,
) -> int:
    """10.324: a river leads to the hex. Water flows in (the river must go on downstream) or
    flows out (the river comes from further upstream, or begins here). ``first`` forces the
    first card's result (10.32532 maps as River Continues); -1 reads the card."""
    deck = data.deck
    flowing_in = bool(t.river_in[hex_])
    desert = t.terrain[hex_] == DESERT
    result = first if first >= 0 else deck.river_a[card]
    while True:
        compass = deck.compass[card]
        if result == FORKS:
            open_sides = [side for side in compass if passable(t, data, hex_, side)]
            if open_sides and flowing_in:
                # One branch takes the water on; a second is a tributary joining here (N21).
                t.river_out[hex_] |= side_bit(open_sides[0])
                for side in open_sides[1:]:
                    t.river_in[hex_] |= side_bit(side)
                return FORKS
            if open_sides:
                for side in open_sides:
                    t.river_in[hex_] |= side_bit(side)
                return FORKS
            if not flowing_in and _may_end(t, data, hex_):  # 10.32433
                t.source[hex_] = 1
                return ENDS
        elif result == CONTINUES or (result == ENDS and (flowing_in or desert)):
            side = compass[0]
            if passable(t, data, hex_, side):
                if flowing_in:
                    t.river_out[hex_] |= side_bit(side)
                else:
                    t.river_in[hex_] |= side_bit(side)
                return CONTINUES
            if not flowing_in and not desert and _may_end(t, data, hex_):  # 10.3241
                t.source[hex_] = 1
                return ENDS
        elif _may_end(t, data, hex_):  # 10.3242: the river flows out of the hex
            t.source[hex_] = 1
            return ENDS
        if not _any_passable(t, data, hex_):
            if flowing_in:  # 10.333
                return _great_salt_lake(t, data, hex_)
            t.source[hex_] = 1  # 10.3355
            return ENDS
        # The card could not settle the river: draw again. Water flowing in must go on, and
        # 10.32434 reads the new card as River Continues; water flowing out reads it whole
        # (10.332, 10.3354: the procedure goes on).
        card = draw()
        cards.append(card)
        result = CONTINUES if flowing_in else deck.river_a[card]


def _great_salt_lake(t: Territory, data: Components, hex_: int) -> int:
    """10.333: rivers flow in and nothing can take them on: the hex is a lake (a swamp if it
    would be a fourth lake hex beside the lake its river came out of, N25)."""
    t.river_in[hex_] = 0
    t.river_out[hex_] = 0
    t.source[hex_] = 0
    t.terrain[hex_] = _water_terrain(t, data, hex_, LAKE)
    return SALT_LAKE


def _situation_b(
    t: Territory,
    data: Components,
    hex_: int,
    card: int,
    *,
    draw: Draw,
    roll: Roll,
    cards: list[int],
) -> int:
    """10.325: no river leads to the hex; the card may start one."""
    deck = data.deck
    result = deck.river_b[card]
    compass = deck.compass[card]
    if result == NO_RIVER:
        return NO_RIVER
    if result == CROSSES:
        open_sides = [side for side in compass if passable(t, data, hex_, side)]
        if len(open_sides) == 2:  # 10.32543: from the first number to the second
            t.river_in[hex_] = side_bit(open_sides[0])
            t.river_out[hex_] = side_bit(open_sides[1])
            return CROSSES
        if not open_sides:  # 10.32542
            return NO_RIVER
        return _river_begins(t, hex_, open_sides[0])  # 10.32541 (N28)
    if result == BEGINS_OR_EXTENDS:
        row = data.board.neighbours[hex_]
        waters = [side for side in DIRECTIONS if row[side - 1] >= 0 and is_water(t, row[side - 1])]
        if waters:
            side = _choose(waters, roll)
            return _river_extends(t, data, hex_, side, card=card, draw=draw, roll=roll, cards=cards)
    if passable(t, data, hex_, compass[0]):  # 10.3252, 10.32531
        return _river_begins(t, hex_, compass[0])
    return NO_RIVER


def _river_begins(t: Territory, hex_: int, side: int) -> int:
    """10.3252: a source in the hex, its river leading out by ``side``."""
    t.source[hex_] = 1
    t.river_out[hex_] = side_bit(side)
    return BEGINS


def _choose(sides: list[int], roll: Roll) -> int:
    """10.32533: the lakes or swamps beside the hex are numbered 1, 2, ... in compass order;
    a die picks one, rolling again on a number that names none."""
    if len(sides) == 1:
        return sides[0]
    while True:
        number = roll()
        if number <= len(sides):
            return sides[number - 1]


def _river_extends(
    t: Territory,
    data: Components,
    hex_: int,
    water_side: int,
    *,
    card: int,
    draw: Draw,
    roll: Roll,
    cards: list[int],
) -> int:
    """10.32532, 10.337: a river between the lake or swamp by ``water_side`` and the hex,
    mapped as River Continues. It flows into the water when the water can still reach a mouth,
    and out of it (the lake is its source) when it cannot."""
    lake = data.board.neighbours[hex_][water_side - 1]
    if _water_reaches_mouth(t, data, lake, hex_, drains_to_a_mouth(t, data.board)):
        t.river_out[hex_] = side_bit(water_side)
    else:
        t.river_in[hex_] = side_bit(water_side)
    _situation_a(t, data, hex_, card, draw=draw, roll=roll, cards=cards, first=CONTINUES)
    return EXTENDS


def _water_reaches_mouth(
    t: Territory, data: Components, lake: int, hex_: int, drained: bytearray
) -> bool:
    """10.337: whether a route of passable hexes (lake, swamp, or not yet mapped) leads from the
    lake or swamp to water already traced to a mouth."""
    board = data.board
    seen = {lake, hex_}
    frontier = [lake]
    for here in frontier:
        if drained[here]:
            return True
        for there in board.neighbours[here]:
            if there < 0 or there in seen:
                continue
            if drained[there]:
                return True
            if t.stage[there] < NO_SPECTACULAR or is_water(t, there):
                seen.add(there)
                frontier.append(there)
    return False


# --- oasis and cataract (10.51, 10.52) ------------------------------------------------------


def mark_oasis_and_cataract(
    t: Territory, data: Components, hex_: int, card: int
) -> tuple[bool, bool]:
    """Source of the Nile 10.51, 10.52: River B of the River card gives a desert hex without a
    river its oasis, and a river hex of the listed terrain a cataract where the river leaves."""
    deck = data.deck
    terrain = t.terrain[hex_]
    if terrain == DESERT and not has_river(t, hex_):
        t.oasis[hex_] = 1 if deck.oasis[card] else 0
    if t.river_out[hex_] and deck.cataract[card] & hex_places(terrain):
        t.cataract[hex_] = 1
    return bool(t.oasis[hex_]), bool(t.cataract[hex_])


# --- natives (10.4) ---------------------------------------------------------------------------


def discover_natives(
    t: Territory, data: Components, hex_: int, draw: Draw, roll: Roll
) -> NativesFound:
    """Source of the Nile 10.41-10.43: a tribe lives in the hex if the card's Discover Natives
    place matches it; its size by the distance to the nearest port and a die. Also called each
    time an explorer enters an unpublished hex without a tribe (10.41)."""
    if t.terrain[hex_] == BLANK:
        raise ValueError(f"hex {data.board.hex_ids[hex_]} is blank; map its terrain first")
    if t.tribe[hex_]:
        return NativesFound(-1, t.tribe[hex_], t.tribe_size[hex_], no_counter=False)
    board = data.board
    card = draw()
    beside_lake = any(there >= 0 and t.terrain[there] == LAKE for there in board.neighbours[hex_])
    places = hex_places(t.terrain[hex_], beside_lake, has_river(t, hex_) or bool(t.oasis[hex_]))
    if not data.deck.natives[card] & places:
        return NativesFound(card, 0, -1, no_counter=False)
    number = free_tribe_number(t)
    if not number:
        return NativesFound(card, 0, -1, no_counter=True)
    size = data.tables.tribe_size(board.port_distance[hex_], roll())
    t.tribe[hex_] = number
    t.tribe_size[hex_] = size
    return NativesFound(card, number, size, no_counter=False)


# --- spectacular discoveries (10.53-10.56) ----------------------------------------------------


def spectacular_discoveries(
    t: Territory, data: Components, hex_: int, draw: Draw, roll: Roll
) -> Spectacular:
    """Source of the Nile 10.53-10.56: one card for a high mountain in mountains, then one for
    a waterfall at a cataract (10.55), one for a lake's extra square miles. ``roll`` is not
    used."""
    deck = data.deck
    mask = TERRAIN_MASK[t.terrain[hex_]]
    cards: list[int] = []
    if mask & _MOUNTAIN_PART:
        card = draw()
        cards.append(card)
        t.peak[hex_] = deck.high_mountain[card]
    if t.cataract[hex_]:
        card = draw()
        cards.append(card)
        t.waterfall[hex_] = deck.waterfall[card]
    if t.terrain[hex_] == LAKE:
        card = draw()
        cards.append(card)
        t.lake_miles[hex_] = deck.lake_miles[card]
        t.clock += 1
        t.lake_stamp[hex_] = t.clock
    return Spectacular(t.peak[hex_], t.waterfall[hex_], t.lake_miles[hex_], tuple(cards))


# --- the whole hex ----------------------------------------------------------------------------


def complete_exploration(
    t: Territory, data: Components, hex_: int, draw: Draw, roll: Roll
) -> Exploration:
    """Source of the Nile 10.294, 13.5: finish a partial exploration: river and natives if only
    the terrain is known, then the spectacular discoveries; the hex is no longer partial."""
    stage = t.stage[hex_]
    if stage not in (TERRAIN_ONLY, NO_SPECTACULAR):
        raise ValueError(f"hex {data.board.hex_ids[hex_]} is not partly explored")
    river = natives = None
    if stage == TERRAIN_ONLY:
        river = map_river(t, data, hex_, draw, roll)
        natives = discover_natives(t, data, hex_, draw, roll)
    spectacular = spectacular_discoveries(t, data, hex_, draw, roll)
    t.stage[hex_] = EXPLORED
    t.partial[hex_] = -1
    return Exploration(river, natives, spectacular)


def explore(
    t: Territory, data: Components, hex_: int, draw: Draw, roll: Roll, *, seat: int
) -> tuple[TerrainFound, Exploration]:
    """Source of the Nile 10.1, 8.3: map a blank hex whole (no retreat in between)."""
    terrain = map_terrain(t, data, hex_, draw, roll, seat=seat)
    return terrain, complete_exploration(t, data, hex_, draw, roll)
