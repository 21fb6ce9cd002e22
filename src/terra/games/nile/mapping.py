"""Source of the Nile 10.1-10.56 Mapping: the terrain, rivers, natives and discoveries of a
hex an explorer enters for the first time, drawn from the Event deck and dice.

Each procedure changes a :class:`~terra.games.nile.territory.Territory` and returns a small
record of what was found, for the game's log. Chance comes in as callables: ``draw()`` gives
the index of the next Event card, ``roll()`` one die (1-6).

The order of a newly explored hex (8.3): :func:`map_terrain` draws the first card; the hex is
then a partial exploration of the explorer's seat, and he may retreat (9.44-9.46, 10.291).
:func:`complete_exploration` maps the rest: the river (second card, whose River B line also
gives the oasis and the cataract; :mod:`terra.games.nile.mapping_rivers`), the natives (third
card), then the spectacular discoveries (one more card for each).

Source of the Nile 32.0 Mapping and 33.0 Discovering Natives in Game II (``dice=True``): the same
procedure with dice where the cards gave directions, terrain, oases, cataracts, heights and
natives (32.1-33.4); the cards still give a river's type and a lake's extra miles.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import prod as product

from terra.games.nile.components import Components
from terra.games.nile.components.events import hex_places
from terra.games.nile.mapping_rivers import (
    CIRCLE,
    CONNECTED,
    EXTENDS,
    JOINS_WATER,
    SALT_LAKE,
    TWO_OUTFLOWS,
    Draw,
    RiverFound,
    Roll,
    desert_never_beside_jungle,
    lake_fits,
    map_river,
    mark_oasis_and_cataract,
)
from terra.games.nile.terms import (
    BLANK,
    JUNGLE,
    JUNGLE_MOUNTAIN,
    JUNGLE_SWAMP,
    LAKE,
    MOUNTAIN,
    SWAMP,
    TERRAIN_MASK,
)
from terra.games.nile.territory import (
    BLANK_HEX,
    EXPLORED,
    NO_SPECTACULAR,
    TERRAIN_ONLY,
    Territory,
    free_tribe_number,
    has_river,
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
    "map_river",
    "map_terrain",
    "mark_oasis_and_cataract",
    "spectacular_discoveries",
]


# 10.3212: two outflows make the hex lake on 1-3, swamp on 4-5, jungle/swamp on 6.
# 10.336: a river that would flow back into its hex makes it swamp on 1-5, jungle/swamp on 6.

# How a river was mapped, besides the results of the cards (CONTINUES, ENDS, FORKS, NO_RIVER,
# BEGINS, CROSSES of :mod:`terra.games.nile.components.events`).

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
class NativesFound:
    """What :func:`discover_natives` found; true when a tribe was placed."""

    card: int  # the card drawn, -1 if the hex already had a tribe
    tribe: int  # 1-50, 0 none
    size: int  # SMALL, MEDIUM or LARGE (Game II: its natives); -1 none
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
    t: Territory,
    data: Components,
    hex_: int,
    draw: Draw,
    roll: Roll,
    *,
    seat: int,
    dice: bool = False,
) -> TerrainFound:
    """Source of the Nile 10.22-10.28: the terrain of a blank hex, copied from the neighbour the
    card's compass names or else the card's own; the hex becomes ``seat``'s partial
    exploration (10.29) until :func:`complete_exploration`. Terrain takes no die in Game I;
    with ``dice`` (Game II, 32.21-32.23) it takes no card."""
    if t.stage[hex_] != BLANK_HEX:
        raise ValueError(f"hex {data.board.hex_ids[hex_]} is not blank; its terrain is known")
    deck = data.deck
    row = data.board.neighbours[hex_]
    cards: list[int] = []
    while True:
        if dice:
            card = -1
            terrain, copied = terrain_by_dice(t, data, hex_, roll)
        else:
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


# Source of the Nile 32.23: the Terrain Key's terrains that a fourth die may mix.
_MIXTURES = {
    frozenset((JUNGLE, SWAMP)): JUNGLE_SWAMP,
    frozenset((JUNGLE, MOUNTAIN)): JUNGLE_MOUNTAIN,
}


def terrain_by_dice(t: Territory, data: Components, hex_: int, roll: Roll) -> tuple[int, int]:
    """Source of the Nile 32.21-32.23: a die names the neighbour whose terrain the hex copies;
    a blank one (or none, off the map), a second die; a second blank, the Terrain Key by a
    third die, and for jungle, swamp or mountain a fourth whose terrain may mix with it into
    jungle/swamp or jungle/mountain. The terrain, and the direction copied (0: the Key's)."""
    row = data.board.neighbours[hex_]
    for _ in range(2):
        direction = roll()
        there = row[direction - 1]
        if there >= 0 and t.terrain[there] != BLANK:
            return t.terrain[there], direction
    key = data.tables.terrain_by_key
    terrain = key[roll() - 1]
    if terrain in (JUNGLE, SWAMP, MOUNTAIN):
        terrain = _MIXTURES.get(frozenset((terrain, key[roll() - 1])), terrain)
    return terrain, 0


# --- rivers (10.3) ----------------------------------------------------------------------------


# --- oasis and cataract (10.51, 10.52) ------------------------------------------------------


# --- natives (10.4) ---------------------------------------------------------------------------


def discover_natives(
    t: Territory, data: Components, hex_: int, draw: Draw, roll: Roll, *, dice: bool = False
) -> NativesFound:
    """Source of the Nile 10.41-10.43: a tribe lives in the hex if the card's Discover Natives
    place matches it; its size by the distance to the nearest port and a die. Also called each
    time an explorer enters an unpublished hex without a tribe (10.41). With ``dice`` (Game
    II, 33.1-33.4): two dice on the Native Discovery Table, and the tribe's size is its number
    of natives."""
    if t.terrain[hex_] == BLANK:
        raise ValueError(f"hex {data.board.hex_ids[hex_]} is blank; map its terrain first")
    if t.tribe[hex_]:
        return NativesFound(-1, t.tribe[hex_], t.tribe_size[hex_], no_counter=False)
    board = data.board
    beside_lake = any(there >= 0 and t.terrain[there] == LAKE for there in board.neighbours[hex_])
    places = hex_places(t.terrain[hex_], beside_lake, has_river(t, hex_) or bool(t.oasis[hex_]))
    if dice:
        card = -1
        found = data.game_two.natives_by_sum[roll() + roll() - 2]  # 33.2
    else:
        card = draw()
        found = data.deck.natives[card]
    if not found & places:
        return NativesFound(card, 0, -1, no_counter=False)
    number = free_tribe_number(t)
    if not number:
        return NativesFound(card, 0, -1, no_counter=True)
    distance = board.port_distance[hex_]
    if dice:
        size = tribe_size_by_dice([roll() for _ in range(data.game_two.tribe_dice)], distance)
    else:
        size = data.tables.tribe_size(distance, roll())
    t.tribe[hex_] = number
    t.tribe_size[hex_] = size
    return NativesFound(card, number, size, no_counter=False)


def tribe_size_by_dice(dice: Sequence[int], port_distance: int) -> int:
    """Source of the Nile 33.3-33.4: the product of the dice, the highest of them replaced by the
    distance in hexes to the nearest port when that is smaller (the slave trade emptied the
    coast)."""
    rolled = sorted(dice)
    rolled[-1] = min(rolled[-1], port_distance)
    return product(rolled)


# --- spectacular discoveries (10.53-10.56) ----------------------------------------------------


def spectacular_discoveries(
    t: Territory, data: Components, hex_: int, draw: Draw, roll: Roll, *, dice: bool = False
) -> Spectacular:
    """Source of the Nile 10.53-10.56: one card for a high mountain in mountains, then one for
    a waterfall at a cataract (10.55), one for a lake's extra square miles. With ``dice``
    (Game II, 32.33-32.34) the heights are dice; the lake's miles are still a card's (32.1)."""
    deck = data.deck
    two = data.game_two
    mask = TERRAIN_MASK[t.terrain[hex_]]
    cards: list[int] = []
    if mask & _MOUNTAIN_PART:
        if dice:  # 32.34
            feet = (product(roll() for _ in range(two.peak_dice)) + two.peak_add) * two.peak_times
            t.peak[hex_] = feet if feet >= two.spectacular_peak else 0
        else:
            card = draw()
            cards.append(card)
            t.peak[hex_] = deck.high_mountain[card]
    if t.cataract[hex_]:
        if dice:  # 32.33
            feet = product(roll() for _ in range(two.cataract_dice))
            t.waterfall[hex_] = feet if feet >= two.spectacular_waterfall else 0
        else:
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
    t: Territory, data: Components, hex_: int, draw: Draw, roll: Roll, *, dice: bool = False
) -> Exploration:
    """Source of the Nile 10.294, 13.5: finish a partial exploration: river and natives if only
    the terrain is known, then the spectacular discoveries; the hex is no longer partial.
    ``dice``: Game II's procedures (32.0-33.0)."""
    stage = t.stage[hex_]
    if stage not in (TERRAIN_ONLY, NO_SPECTACULAR):
        raise ValueError(f"hex {data.board.hex_ids[hex_]} is not partly explored")
    river = natives = None
    if stage == TERRAIN_ONLY:
        river = map_river(t, data, hex_, draw, roll, dice=dice)
        natives = discover_natives(t, data, hex_, draw, roll, dice=dice)
    spectacular = spectacular_discoveries(t, data, hex_, draw, roll, dice=dice)
    t.stage[hex_] = EXPLORED
    t.partial[hex_] = -1
    return Exploration(river, natives, spectacular)
