"""Source of the Nile's position values for its bots: what hexes, counters and ports are worth
to an explorer, the ways across the map and home, how long his supplies last, and a search's
leaf value (:func:`estimate`).

Points count only once published in Europe (22), so what an explorer has found and not yet
published counts at a discount: he may die, be captured or lose his notes on the way home.

Everything here reads only what the seat may know: the explored map (the same for everyone),
the printed board and tables, its own explorer, the others' public positions, and the faces of
the discovery counters it has seen or that are published.
"""

from __future__ import annotations

import heapq
import math
from functools import cache
from typing import TYPE_CHECKING

from terra.core.memo import Memo
from terra.games.nile.explorer import IN_AFRICA, Explorer
from terra.games.nile.lost import lost_modifier, never_lost_leaving
from terra.games.nile.party import hunters, people
from terra.games.nile.publishing import current_expedition, pending
from terra.games.nile.terms import (
    BASIC_TERRAINS,
    BLANK,
    DESERT,
    DIE,
    FOOT,
    JOURNALIST,
    JUNGLE_MOUNTAIN,
    JUNGLE_SWAMP,
    ON_FOOT,
    OPEN,
    RECKLESS,
    TERRAIN_PARTS,
)
from terra.games.nile.view import known_counters

if TYPE_CHECKING:
    from terra.games.nile.components import Components
    from terra.games.nile.state import NileState

HUNT_PER_HUNTER = 0.8  # fresh rations a hunter brings in a turn, on average over the terrains
HOME_PACE = 2  # movement points a turn walking home over known hexes (normal, on foot)
BONUS_CHANCE_WORTH = 0.3  # points a bonus draw is worth on a newly mapped hex (20)
PORT_RADIUS = 6  # hexes around a port that count for choosing it
NEWS_PER_EXPEDITION = 4.0  # battle news a journalist's expedition brings (24.2-24.3): greedy
# games see some 10-24 battles among four explorers
EXPEDITIONS_PER_GAME = 3  # an explorer's expeditions in a game, about (interviews: once each)
UNPUBLISHED_SHARE = 0.7  # of the points waiting to be published, counted by the estimate


# --- what hexes are worth ------------------------------------------------------------------


@cache
def _card_terrain_shares(data: Components) -> tuple[float, ...]:
    """How often a mapped hex's Terrain card shows each terrain (10.22): the deck's shares."""
    counts = [0] * len(TERRAIN_PARTS)
    for terrain in data.deck.terrain:
        counts[terrain] += 1
    total = sum(counts) or 1
    return tuple(count / total for count in counts)


def hex_points(data: Components, terrain: int, specialty: int) -> float:
    """Points a hex of ``terrain`` publishes for ``specialty`` (a mixture: its better part)."""
    return float(data.tables.vp_hex[terrain][specialty])


@cache
def blank_hex_worth(data: Components, specialty: int) -> float:
    """Expected points of mapping a blank hex: its terrain as the deck deals it, and a bonus
    draw. Lakes and deserts are retreated from on foot, so they bring nothing."""
    shares = _card_terrain_shares(data)
    worth = sum(
        share * hex_points(data, terrain, specialty)
        for terrain, share in enumerate(shares)
        if _walkable_terrain(data, terrain)
    )
    return worth + BONUS_CHANCE_WORTH


@cache
def most_hex_worth(data: Components, specialty: int) -> float:
    """The most a hex may bring ``specialty`` besides what waits there (:func:`hex_worth`): a
    blank hex's expected worth, or the best terrain with a river where a river adds points (a
    data directory may make it cost some)."""
    tables = data.tables
    terrains = range(len(tables.vp_hex))
    best = max(hex_points(data, terrain, specialty) for terrain in terrains)
    return max(blank_hex_worth(data, specialty), best + max(0, tables.vp_river[specialty]))


# Added to a ceiling of worth so that rounding in sums taken in another order never makes it
# fall below the worth it bounds.
CEILING_MARGIN = 1e-6


def _walkable_terrain(data: Components, terrain: int) -> bool:
    """On foot and without water: open to people walking, and not desert (5.4442)."""
    return walkable_terrains(data)[terrain]


@cache
def walkable_terrains(data: Components) -> tuple[bool, ...]:
    """:func:`_walkable_terrain` by terrain, for the walks' inner loops (not for ``BLANK``)."""
    access = data.tables.access[ON_FOOT]
    return tuple(terrain != DESERT and access[terrain] == OPEN for terrain in range(len(access)))


def counter_worth(state: NileState, seat: int, counter: int) -> float:
    """Expected points of the discovery counter ``counter`` for ``seat``: its face if known,
    else the average of the faces ``seat`` has not seen (4 labelled, 4 blank, 3.32)."""
    explorer = state.explorers[seat]
    if explorer.found_counters >> counter & 1:
        return 0.0
    tables = state.data.tables
    known = known_counters(state, seat)
    if known[counter]:
        kind = state.counter_kind[counter]
        if kind < 0 or tables.special_names[kind] in state.published_finds:
            return 0.0
        return float(tables.vp_special[kind][explorer.specialty])
    seen_kinds = [state.counter_kind[c] for c, seen in enumerate(known) if seen]
    unseen = list(range(len(tables.special_ids))) + [-1] * len(tables.special_ids)
    for kind in seen_kinds:
        unseen.remove(kind)
    if not unseen:
        return 0.0
    return sum(tables.vp_special[k][explorer.specialty] for k in unseen if k >= 0) / len(unseen)


def hex_worth(state: NileState, seat: int, hex_: int, waiting: dict[int, list[float]]) -> float:
    """Points ``seat``'s explorer may expect from standing in ``hex_`` (``waiting``: the
    :func:`waiting_worths` of ``seat``, found once for many hexes)."""
    explorer = state.explorers[seat]
    data = state.data
    territory = state.territory
    worth = 0.0
    terrain = territory.terrain[hex_]
    if terrain == BLANK:
        worth = blank_hex_worth(data, explorer.specialty)
    elif not state.published[hex_] and not explorer.known[hex_] and territory.partial[hex_] < 0:
        worth = hex_points(data, terrain, explorer.specialty)
        if territory.river_in[hex_] or territory.river_out[hex_]:
            worth += data.tables.vp_river[explorer.specialty]
    for points in waiting.get(hex_, ()):
        worth += points
    return worth


def waiting_worths(state: NileState, seat: int) -> dict[int, list[float]]:
    """By hex, the points waiting there for ``seat`` whatever its terrain: each discovery
    counter's, then for a journalist the interviews (24.6)."""
    waiting: dict[int, list[float]] = {}
    for counter, where in enumerate(state.counter_hex):
        if where >= 0:
            waiting.setdefault(where, []).append(counter_worth(state, seat, counter))
    if state.explorers[seat].specialty == JOURNALIST:
        for hex_ in {other.hex for other in state.explorers if other.hex >= 0}:
            waiting.setdefault(hex_, []).append(interview_worth(state, seat, hex_))
    return waiting


def interview_worth(state: NileState, seat: int, hex_: int) -> float:
    """24.6: the journalist's interviews waiting in ``hex_``: explorers there whose expedition
    has been far from the ports, and whom he has not interviewed yet (where each explorer is
    and has been is public)."""
    journalist = state.explorers[seat]
    award = state.data.tables.awards.interview
    return float(
        sum(
            award
            for other_seat, other in enumerate(state.explorers)
            if other_seat != seat
            and other.hex == hex_
            and other.status == IN_AFRICA
            and other.far
            and not journalist.interviewed >> other_seat & 1
        )
    )


# --- ways across the map -------------------------------------------------------------------


def lost_chance(state: NileState, explorer: Explorer, hex_: int, activity: int) -> float:
    """The chance of getting lost leaving ``hex_`` for a hex never visited (12.3-12.6)."""
    tables = state.data.tables
    terrain = state.territory.terrain[hex_]
    if terrain == BLANK:
        return 0.5
    if never_lost_leaving(state, explorer):
        return 0.0
    modifier = lost_modifier(state, explorer, activity)
    return min(1.0, max(0.0, (tables.lost_number[terrain] - modifier) / DIE))


# walks_from() and distances_home() by everything they read; emptied when full. A search
# meets the same maps and explorers again and again: these walks were 70% of its time.
WAYS_KEPT = 1024
_WALKS: Memo[tuple[object, ...], tuple[dict[int, float], dict[int, int]]] = Memo(WAYS_KEPT)
_HOMES: Memo[tuple[object, ...], dict[int, int]] = Memo(WAYS_KEPT)


def walks_from(
    state: NileState, explorer: Explorer, start: int
) -> tuple[dict[int, float], dict[int, int]]:
    """Expected movement points from ``start`` to every hex the explorer can walk to, and
    the hex each is entered from. Entering a hex never visited counts the chance of getting
    lost as a turn's points wasted; blank hexes are ends of the way. (Callers must not change
    the dicts: they are shared.)"""
    territory = state.territory
    key = (
        state.data,
        start,
        tuple(territory.terrain),
        bytes(state.published),
        bytes(explorer.known),
        explorer.party.guides > 0,
    )
    ways = _WALKS.get(key)
    if ways is None:
        ways = _WALKS.keep(key, _walks(state, explorer, start))
    return ways


def _walks(
    state: NileState, explorer: Explorer, start: int
) -> tuple[dict[int, float], dict[int, int]]:
    data = state.data
    overland = data.board.overland
    terrain = state.territory.terrain
    walkable = walkable_terrains(data)
    published, known = state.published, explorer.known
    known_cost, unknown_cost = data.tables.known_cost, data.tables.unknown_cost
    pace = tables_pace(state)
    found: dict[int, float] = {start: 0.0}
    parent: dict[int, int] = {}
    queue = [(0.0, start)]
    while queue:
        cost, hex_ = heapq.heappop(queue)
        if cost > found[hex_]:
            continue
        if hex_ != start and terrain[hex_] == BLANK:
            continue
        risk = lost_chance(state, explorer, hex_, RECKLESS) * pace
        for there in overland[hex_]:
            # blank (to be found out), or a terrain open to walkers that needs no water
            if terrain[there] != BLANK and not walkable[terrain[there]]:
                continue
            points = known_cost if published[there] or known[there] else unknown_cost  # 9.15
            reach = cost + points + (risk if points > known_cost else 0.0)
            if reach < found.get(there, 1e9):
                found[there] = reach
                parent[there] = hex_
                heapq.heappush(queue, (reach, there))
    return found, parent


def distances_home(state: NileState, explorer: Explorer) -> dict[int, int]:
    """Movement points from every walkable hex to the nearest port, over known terrain (the
    map's alone: the same for every explorer; callers must not change the dict)."""
    del explorer  # walking on known terrain is the same for every explorer
    territory = state.territory
    key = (state.data, tuple(territory.terrain))
    found = _HOMES.get(key)
    if found is not None:
        return found
    data = state.data
    board = data.board
    terrain = territory.terrain
    walkable = walkable_terrains(data)
    known_cost = data.tables.known_cost
    found = {hex_: 0 for hex_ in board.port_hex}
    queue = [(0, hex_) for hex_ in board.port_hex]
    heapq.heapify(queue)
    while queue:
        cost, hex_ = heapq.heappop(queue)
        if cost > found[hex_]:
            continue
        for there in board.overland[hex_]:
            if terrain[there] == BLANK or not walkable[terrain[there]]:
                continue
            reach = cost + known_cost
            if reach < found.get(there, 1 << 30):
                found[there] = reach
                heapq.heappush(queue, (reach, there))
    return _HOMES.keep(key, found)


def home_points(state: NileState, home: dict[int, int], hex_: int) -> int:
    """Movement points from ``hex_`` to a port; a blank hex goes by its best neighbour."""
    if hex_ in home:
        return home[hex_]
    board = state.data.board
    best = min((home[n] for n in board.overland[hex_] if n in home), default=60)
    return best + state.data.tables.known_cost


def tables_pace(state: NileState) -> int:
    """Movement points a turn while exploring (reckless, on foot)."""
    return state.data.tables.allowance[FOOT][RECKLESS]


# --- supplies ------------------------------------------------------------------------------


def food_turns(explorer: Explorer) -> float:
    """Turns the expedition's food lasts, hunting counted (18)."""
    party = explorer.party
    eaters = people(party)
    eaten = max(0.3 * eaters, eaters - HUNT_PER_HUNTER * hunters(party))
    return (party.rations + party.fresh) / eaten


def turns_to_walk(points: int) -> float:
    return points / HOME_PACE


def unpublished(state: NileState, explorer: Explorer) -> int:
    """What publishing everything would bring now (22.1)."""
    return sum(pending(state, explorer).values())


def haul(state: NileState, explorer: Explorer) -> int:
    """What the current expedition has garnered so far (22.5): what a journey home is for;
    hexes kept back from an earlier expedition wait for a winning publication."""
    return sum(pending(state, explorer, current_expedition(state, explorer)).values())


# --- ports and specialties -----------------------------------------------------------------


def port_prospects(state: NileState, seat: int, port: int) -> float:
    """Points within reach of ``port``: blank and unpublished hexes near it, the nearer the
    better, fewer where other explorers already travel."""
    board = state.data.board
    territory = state.territory
    here = board.port_hex[port]
    others = [
        e.hex
        for p, e in enumerate(state.explorers)
        if p != seat and e.status == IN_AFRICA and e.hex >= 0
    ]
    worth = 0.0
    for hex_ in range(board.num_hexes):
        distance = board.distance(here, hex_)
        if distance > PORT_RADIUS or state.published[hex_]:
            continue
        value = 1.0 if territory.terrain[hex_] == BLANK else 0.5
        crowd = sum(1 for o in others if board.distance(o, hex_) <= 3)
        worth += value / (1 + distance) / (1 + crowd)
    return worth


def specialty_prospects(state: NileState, specialty: int) -> float:
    """Points a specialty may expect from one expedition near the explorer's port (or in
    general before one is chosen): hex terrains, rivers, friendly tribes and the counters."""
    data = state.data
    tables = data.tables
    explorer = state.explorers[state.player]
    board = data.board
    shares = list(_card_terrain_shares(data))
    if explorer.port >= 0:  # 10.23: a new hex often copies a neighbour's terrain
        here = board.port_hex[explorer.port]
        near = [0.0] * len(shares)
        for hex_ in range(board.num_hexes):
            terrain = state.territory.terrain[hex_]
            if terrain != BLANK and board.distance(here, hex_) <= PORT_RADIUS:
                near[terrain] += 1
        total = sum(near)
        if total:
            shares = [(s + n / total) / 2 for s, n in zip(shares, near, strict=True)]
    hexes = sum(
        share * tables.vp_hex[terrain][specialty]
        for terrain, share in enumerate(shares)
        if terrain < BASIC_TERRAINS or terrain in (JUNGLE_SWAMP, JUNGLE_MOUNTAIN)
    )
    per_expedition = 20 * hexes + 5 * tables.vp_river[specialty]
    per_expedition += 3 * tables.vp_friendly_tribe[specialty]
    per_expedition += 0.5 * sum(vp[specialty] for vp in tables.vp_special)
    if specialty == JOURNALIST:  # 24.2-24.6: battles he hears of, and the interviews
        interviews = tables.awards.interview * (state.num_players - 1) / EXPEDITIONS_PER_GAME
        per_expedition += NEWS_PER_EXPEDITION + interviews
    return per_expedition


# --- a search's leaf value -----------------------------------------------------------------


def estimate(state: NileState, seat: int) -> float:
    """``seat``'s published points and a share of what publishing now would bring."""
    explorer = state.explorers[seat]
    score = float(explorer.vp)
    if state.is_over:
        return score
    return score + UNPUBLISHED_SHARE * unpublished(state, explorer)


def solitaire_value(state: NileState, scale: float) -> float:
    """7.0 alone against the game: how near the estimate stands to the target, in (-1, 1);
    30.0: in Game II, how far above nothing."""
    return math.tanh((estimate(state, 0) - state.target) / scale)
