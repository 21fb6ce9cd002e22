"""Source of the Nile 10.28, 10.3-10.336: mapping a hex's rivers from its second card's River
line (situations A and B), with the lakes and swamps that water makes (10.3212, 10.333, 10.336)
and the rule that every river reaches a mouth. :func:`map_river` changes the
:class:`~terra.games.nile.territory.Territory` and returns what was found, for the log.

Source of the Nile 32.21 and 32.31-32.35 in Game II: dice give the river's directions, the oasis
and the cataract; the River card its type alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from terra.games.nile.components import Components
from terra.games.nile.components.events import (
    BEGINS,
    BEGINS_OR_EXTENDS,
    CONTINUES,
    CROSSES,
    ENDS,
    FORKS,
    NO_RIVER,
    hex_places,
)
from terra.games.nile.components.hexgrid import DIRECTIONS, opposite
from terra.games.nile.terms import (
    BLANK,
    DESERT,
    JUNGLE,
    JUNGLE_SWAMP,
    LAKE,
    SWAMP,
    TERRAIN_MASK,
    VELDT,
)
from terra.games.nile.territory import (
    NO_SPECTACULAR,
    TERRAIN_ONLY,
    Territory,
    drains_to_a_mouth,
    has_river,
    is_water,
    lake_of,
    open_routes,
    river_system,
    side_bit,
    system_size,
)

MAX_LAKE = 3  # 10.28: no more than three lake hexes together


Draw = Callable[[], int]


Roll = Callable[[], int]


_DESERT_PART = TERRAIN_MASK[DESERT]


_JUNGLE_PART = TERRAIN_MASK[JUNGLE]


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


def mark_oasis_and_cataract(
    t: Territory, data: Components, hex_: int, card: int, roll: Roll, *, dice: bool = False
) -> tuple[bool, bool]:
    """Source of the Nile 10.51, 10.52: River B of the River card gives a desert hex without a
    river its oasis, and a river hex of the listed terrain a cataract where the river leaves.
    With ``dice`` (Game II): an oasis on an odd die (32.35), a cataract by a die on the
    Cataract Table (32.31-32.32)."""
    deck = data.deck
    terrain = t.terrain[hex_]
    if terrain == DESERT and not has_river(t, hex_):
        found = roll() % 2 == 1 if dice else deck.oasis[card]
        t.oasis[hex_] = 1 if found else 0
    if t.river_out[hex_]:
        places = data.game_two.cataract_by_die[roll() - 1] if dice else deck.cataract[card]
        if places & hex_places(terrain):
            t.cataract[hex_] = 1
    return bool(t.oasis[hex_]), bool(t.cataract[hex_])


Compass = Callable[[int], tuple[int, ...]]  # a River card's directions, 1-6 (10.324-10.325)


@dataclass(frozen=True, slots=True)
class _Drawing:
    """What mapping one river draws on (10.32-10.33): the Event deck, the die, the River cards
    drawn so far (the hex's own first) and the directions a card sends a river."""

    draw: Draw
    roll: Roll
    cards: list[int]
    compass: Compass

    def next_card(self) -> int:
        """10.32434, 10.332: another River card, when the last could not settle the river."""
        card = self.draw()
        self.cards.append(card)
        return card


def card_compass(data: Components, roll: Roll, *, dice: bool = False) -> Compass:
    """The directions a River card sends a river: its own compass numbers, or with ``dice``
    (Game II, 32.21) as many different directions rolled, one die each (decision N203)."""
    compass = data.deck.compass
    if not dice:
        return compass.__getitem__

    def rolled(card: int) -> tuple[int, ...]:
        sides: list[int] = []
        while len(sides) < len(compass[card]):
            side = roll()
            if side not in sides:
                sides.append(side)
        return tuple(sides)

    return rolled


TWO_OUTFLOWS_TERRAIN = (LAKE, LAKE, LAKE, SWAMP, SWAMP, JUNGLE_SWAMP)


CIRCLE_TERRAIN = (SWAMP, SWAMP, SWAMP, SWAMP, SWAMP, JUNGLE_SWAMP)


JOINS_WATER = 10  # 10.3211: a lake or swamp needs no river


TWO_OUTFLOWS = 11  # 10.3212: the hex became lake or swamp


CONNECTED = 12  # 10.3213: the rivers around the hex join in it


CIRCLE = 13  # 10.336: the hex became swamp so that no water flows in a circle


SALT_LAKE = 14  # 10.333: a great salt lake


EXTENDS = 15  # 10.32532: a river from an adjacent lake or swamp


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


def map_river(
    t: Territory, data: Components, hex_: int, draw: Draw, roll: Roll, *, dice: bool = False
) -> RiverFound:
    """Source of the Nile 10.3: the river of a hex whose terrain is known, from its neighbours'
    rivers and the River card; then River B's oasis and cataract (10.51, 10.52). With
    ``dice`` (Game II, 32.1-32.35) the card gives the river's type alone."""
    compass = card_compass(data, roll, dice=dice)
    if t.stage[hex_] != TERRAIN_ONLY:
        raise ValueError(f"hex {data.board.hex_ids[hex_]} needs its terrain and nothing more")
    card = draw()
    drawing = _Drawing(draw, roll, [card], compass)
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
        how = _situation_a(t, data, hex_, card, drawing)
    else:
        how = _situation_b(t, data, hex_, card, drawing)
    t.stage[hex_] = NO_SPECTACULAR
    oasis, cataract = mark_oasis_and_cataract(t, data, hex_, card, roll, dice=dice)
    ins = t.river_in[hex_]
    out = t.river_out[hex_]
    return RiverFound(
        how=how,
        card=card,
        cards=tuple(drawing.cards),
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
    t: Territory, data: Components, hex_: int, card: int, drawing: _Drawing, *, first: int = -1
) -> int:
    """10.324: a river leads to the hex. Water flows in (the river must go on downstream) or
    flows out (the river comes from further upstream, or begins here). ``first`` forces the
    first card's result (10.32532 maps as River Continues); -1 reads the card."""
    deck = data.deck
    flowing_in = bool(t.river_in[hex_])
    desert = t.terrain[hex_] == DESERT
    result = first if first >= 0 else deck.river_a[card]
    while True:
        sides = drawing.compass(card)
        if result == FORKS:
            open_sides = [side for side in sides if passable(t, data, hex_, side)]
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
            side = sides[0]
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
        card = drawing.next_card()
        result = CONTINUES if flowing_in else deck.river_a[card]


def _great_salt_lake(t: Territory, data: Components, hex_: int) -> int:
    """10.333: rivers flow in and nothing can take them on: the hex is a lake (a swamp if it
    would be a fourth lake hex beside the lake its river came out of, N25)."""
    t.river_in[hex_] = 0
    t.river_out[hex_] = 0
    t.source[hex_] = 0
    t.terrain[hex_] = _water_terrain(t, data, hex_, LAKE)
    return SALT_LAKE


def _situation_b(t: Territory, data: Components, hex_: int, card: int, drawing: _Drawing) -> int:
    """10.325: no river leads to the hex; the card may start one."""
    result = data.deck.river_b[card]
    if result == NO_RIVER:
        return NO_RIVER
    sides = drawing.compass(card)
    if result == CROSSES:
        open_sides = [side for side in sides if passable(t, data, hex_, side)]
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
            side = _choose(waters, drawing.roll)
            return _river_extends(t, data, hex_, side, card=card, drawing=drawing)
    if passable(t, data, hex_, sides[0]):  # 10.3252, 10.32531
        return _river_begins(t, hex_, sides[0])
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
    t: Territory, data: Components, hex_: int, water_side: int, *, card: int, drawing: _Drawing
) -> int:
    """10.32532, 10.337: a river between the lake or swamp by ``water_side`` and the hex,
    mapped as River Continues. It flows into the water when the water can still reach a mouth,
    and out of it (the lake is its source) when it cannot."""
    lake = data.board.neighbours[hex_][water_side - 1]
    if _water_reaches_mouth(t, data, lake, hex_, drains_to_a_mouth(t, data.board)):
        t.river_out[hex_] = side_bit(water_side)
    else:
        t.river_in[hex_] = side_bit(water_side)
    _situation_a(t, data, hex_, card, drawing, first=CONTINUES)
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
