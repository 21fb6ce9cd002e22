"""Source of the Nile's heuristic player (the ``greedy`` bot), Game I.

The explorer travels on foot, as the rulebook's foot sample expedition does (5.0): a guide,
askaris to fight and hunt, a musket for himself, gifts for the chiefs, and bearers enough for
the rations he carries. In Africa he walks towards whatever publishing would pay for: blank
hexes (their expected points for his specialty), hexes others mapped but did not publish, and
discovery counters he has not looked at. He keeps his supplies in view all the time: a target
is worth going to only if the food he carries (less what his hunters bring in) lasts the way
there and the way back to the nearest port. When it does not, or when what he has found is
worth a lot, he walks to the nearest port, sails for Europe, publishes, collects donations
and sails again when they pay for a new expedition.

Natives are met with gifts (policy 5, Parley with Gifts, or Avoid when the gifts are gone),
chiefs are offered enough gifts to make friends likely, prisoners are released (16.422), and a
captive tries to escape until he has sat out many turns, when he retires (21.2).

It reads only what its seat may know: the explored map (the same for everyone), the printed
board and tables, its own explorer, the others' public positions, and the faces of the
discovery counters it has seen or that are published; never the deck's order or the faces of
counters it has not seen.
"""

from __future__ import annotations

import heapq
import random
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from terra.core.memo import Memo
from terra.games.nile import actions as act
from terra.games.nile import logistics, rules
from terra.games.nile.explorer import IN_AFRICA, Explorer
from terra.games.nile.party import discharge, gain, hunters, people
from terra.games.nile.scoring import (
    current_expedition,
    pending,
)
from terra.games.nile.terms import (
    ASKARI,
    BASIC_TERRAINS,
    BEARER,
    BLANK,
    CAMEL,
    CANOE,
    CAUTIOUS,
    DESERT,
    DIE,
    FOOT,
    GIFT,
    GUIDE,
    HORSE,
    JOURNALIST,
    JUNGLE_MOUNTAIN,
    JUNGLE_SWAMP,
    MUSKET,
    NORMAL,
    ON_FOOT,
    OPEN,
    RATION,
    RECKLESS,
    TERRAIN_PARTS,
    WATER,
)
from terra.games.nile.view import known_counters

if TYPE_CHECKING:
    from collections.abc import Sequence

    from terra.games.nile.components import Components
    from terra.games.nile.state import NileState

# --- outfitting (after the rulebook's foot sample expedition: 1 guide, 9 askaris, 17 bearers,
# 1 musket, 20 gifts, 140 rations for $1,000) ------------------------------------------------
ASKARI_SHARE = 0.4  # of the money, for askaris: they fight (13.41) and hunt (18.31)
MOST_ASKARIS = 9
GIFT_SHARE = 0.06  # of the money, for gifts: 15 gifts make a chief friendly 72% of the time
MOST_GIFTS = 40
GUIDE_FROM = 300  # dollars from which a guide is worth his pay (12.4: lost less often)
SECOND_GUIDE_FROM = 800  # and a second one: a guide deserts when the expedition is lost (12.2)

# --- supplies ------------------------------------------------------------------------------
HUNT_PER_HUNTER = 0.8  # fresh rations a hunter brings in a turn, on average over the terrains
SAFETY_TURNS = 2  # turns of food kept in hand beyond the way back
HOME_PACE = 2  # movement points a turn walking home over known hexes (normal, on foot)
RECKLESS_GAIN = 1.2  # reckless when it reaches this many times normal's new hexes (9.7)
SPARE_LOAD = 5  # items of spare capacity kept before discharging a bearer

# --- going home ----------------------------------------------------------------------------
CARRY_HOME = 30  # unpublished points worth a journey home even with food left

# --- targets -------------------------------------------------------------------------------
BONUS_CHANCE_WORTH = 0.3  # points a bonus draw is worth on a newly mapped hex (20)
DISTANCE_WEIGHT = 2.0  # movement points added to a target's distance when ranking targets
PORT_RADIUS = 6  # hexes around a port that count for choosing it
TICKET_WORTH = 8.0  # a free ticket's $500, in points of prospects (a port choice)
CAPTIVE_PATIENCE = 12  # rounds in captivity before retiring (21.2)
NEWS_PER_EXPEDITION = 4.0  # battle news a journalist's expedition brings (24.2-24.3): greedy
# games see some 10-24 battles among four explorers
EXPEDITIONS_PER_GAME = 3  # an explorer's expeditions in a game, about (interviews: once each)
SPECIALTY_MARGIN = 0.1  # specialties within this share of the best are chosen among at random

# --- natives -------------------------------------------------------------------------------
PARLEY_WITH_GIFTS = 5  # policy numbers (13.3; see the [[policy]] tables)
AVOID = 2
GIFTS_FOR_PARLEY = 5  # fewer gifts than this: avoid the natives instead
GIFT_RESERVE = 5  # gifts kept back when negotiating, for the next tribe
ESCAPE_ORDER = (ASKARI, GUIDE, BEARER, HORSE, CAMEL, CANOE)  # who escapes with him (15.21)


@dataclass(frozen=True)
class Target:
    """A hex worth walking to: its value in points and the movement points to reach it."""

    hex: int
    value: float
    cost: float
    step: int  # the first hex on the way


def greedy_action(state: NileState, rng: random.Random) -> int:
    """The heuristic explorer's choice for ``state.current_player``."""
    legal = list(state.legal_actions())
    if len(legal) == 1:
        return legal[0]
    choose = _CHOOSERS.get(state.phase)
    if choose is not None:
        action = choose(state, legal, rng)
        if action in legal:
            return action
    return _fallback(state, legal)


# The port the search's explorer sails for wherever greedy would sail (4.5, 26.2): greedy's
# port prospects count the hexes near a port, not what expeditions find there. In two-player
# greedy games on the shipped map, an explorer who always sailed for Kilwa won 60.3% ± 2.8%
# of 300 and 58% ± 3.5% of 200 more (a fair share is 50%); no other port did as well, and six
# did far worse (Capetown 0%, Khartoum 19%): bench/README.md. A map without it: greedy's port.
FAVOURED_PORT = "Kilwa"


# Who escapes with the search's explorer after a defeat (15.21-15.23): a bearer first, who
# brings his share of the load (the rations to get home on), then askaris. Against greedy, the
# search's favourite escaping so won 7.25 ± 1.6 points more of 800 two-player games than with
# greedy's askaris first, and 3 ± 1.4 more of 800 four-player games (bench/README.md).
SEARCH_ESCAPE_ORDER = (BEARER, ASKARI, GUIDE, HORSE, CAMEL, CANOE)


def search_favourite(state: NileState, rng: random.Random) -> int:
    """The search's favourite move (``Game.favourite_action``): greedy's, but a voyage goes to
    :data:`FAVOURED_PORT` wherever that is legal too, the members who escape after a defeat
    are chosen in :data:`SEARCH_ESCAPE_ORDER`, and the specialty is the one with the best
    prospects (4.6, 21.33), where greedy draws among the near-best. Only the port changes of a
    voyage: whether and when to sail stay greedy's."""
    if state.phase == rules.ESCAPE:
        return _escape_in_order(state, state.legal_actions(), SEARCH_ESCAPE_ORDER)
    if state.phase == rules.SPECIALTY:
        return _best_specialty(state, state.legal_actions())
    action = greedy_action(state, rng)
    table = state.tables
    if table.kind[action] != act.SAIL:
        return action
    port = _favoured_port(state.data)
    if port < 0 or table.args[action] == (port,):
        return action
    favoured = _find(state, act.SAIL, port)
    return favoured if state.is_legal(favoured) else action


@cache
def _favoured_port(data: Components) -> int:
    """The index of :data:`FAVOURED_PORT` on ``data``'s board, or -1."""
    names = data.board.port_names
    return names.index(FAVOURED_PORT) if FAVOURED_PORT in names else -1


# Free moves that neither advance nor end a turn (9.6, 17, 18.5, 5.4441, 5.52): a search weighs
# them only where the greedy explorer makes one (``search_actions``).
BOOKKEEPING = frozenset(
    (
        act.LEAVE,
        act.CACHE,
        act.DIG,
        act.SHOOT,
        act.TAKE_WATER,
        act.CARRY,
        act.REST,
        act.DROP_FIND,
        act.CACHE_FIND,
        act.LEAVE_SICK,
    )
)


# Phases whose choices a search leaves to its favourite move (``search_actions``).
UNSEARCHED = frozenset((rules.OUTFIT, rules.COUNTERS, rules.SPECIALTY, rules.PUBLISHING))


def search_actions(state: NileState) -> tuple[int, ...]:
    """The legal actions a search weighs: all but the bookkeeping moves, and retiring (21.2)
    only in captivity: elsewhere it is death by choice, and a quarter of a search's decisions
    in a greedy game weighed nothing else beside the one move left (an overloaded expedition
    leaving its rations one by one, a lost one ending its turn). None where nothing else is
    left; none while outfitting, where greedy buys to one plan for the whole expedition and
    a search choosing each purchase by the noise of its samples bought ten canoes for a walk;
    none for the set-up's counters and a specialty (4.4, 4.6, 21.33), whose worth the
    turn's end, where a search judges, shows nothing of: there it chose at random; and none
    while a publication is chosen part by part (22.2), a plan greedy makes as a whole, nor
    the parts to begin one with in Europe: beside ``publish`` it weighs only the favourite's
    first part. The favourite move is then played without a search."""
    if state.phase in UNSEARCHED:
        return ()
    kind = state.tables.kind
    captive = state.phase == rules.CAPTIVITY
    return tuple(
        a
        for a in state.legal_actions()
        if kind[a] not in BOOKKEEPING
        and kind[a] != act.PUBLISH_PART
        and (captive or kind[a] != act.RETIRE)
    )


def _fallback(state: NileState, legal: list[int]) -> int:
    """Anything but retiring: ``done`` if offered, else the first legal action that is not a
    mere turn of the carrying (5.52), which could go back and forth for ever."""
    table = state.tables
    for action in legal:
        if table.kind[action] == act.DONE:
            return action
    for action in legal:
        if table.kind[action] not in (act.RETIRE, act.CARRY, act.REST):
            return action
    for action in legal:
        if table.kind[action] == act.RETIRE:
            return action
    return legal[0]


def _find(state: NileState, kind: int, *args: int) -> int:
    """The action of ``kind`` with ``args`` (-1 if the table has none)."""
    table = state.tables
    first = table.base[kind]
    for action in range(first, table.size):
        if table.kind[action] != kind:
            break
        if table.args[action] == args:
            return action
    return -1


def _of_kind(state: NileState, legal: list[int], kind: int) -> list[int]:
    table = state.tables
    return [action for action in legal if table.kind[action] == kind]


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
    modifier = tables.lost_guide if explorer.party.guides else 0
    modifier += tables.lost_reckless if activity == RECKLESS else 0
    modifier += tables.lost_cautious if activity == CAUTIOUS else 0
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


def wants_home(state: NileState, seat: int, home: dict[int, int]) -> bool:
    """Time to head for a port: food for little more than the way back, a winning haul, or a
    haul too big to risk."""
    explorer = state.explorers[seat]
    way_back = turns_to_walk(home_points(state, home, explorer.hex))
    if food_turns(explorer) <= way_back + SAFETY_TURNS:
        return True
    if explorer.vp + unpublished(state, explorer) >= state.target:
        return True
    found = haul(state, explorer)
    party = explorer.party
    if party.askaris == 0 and party.bearers == 0 and party.guides == 0:
        return found > 0
    return found >= CARRY_HOME


# --- set-up and Europe ---------------------------------------------------------------------


def _choose_counter(state: NileState, legal: list[int], rng: random.Random) -> int:
    """4.4: anywhere allowed: the ports are not chosen yet."""
    return rng.choice(legal)


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


def _choose_port(state: NileState, legal: list[int], rng: random.Random) -> int:
    """4.5: the port with the best prospects (chosen in secret: the others' are unknown)."""
    seat = state.player
    table = state.tables
    scored = [(port_prospects(state, seat, table.args[a][0]), a) for a in legal]
    best = max(score for score, _ in scored)
    return rng.choice([a for score, a in scored if score >= best * 0.9])


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


def _choose_specialty(state: NileState, legal: Sequence[int], rng: random.Random) -> int:
    """4.6: one of the specialties with the best prospects."""
    scored = _specialties_scored(state, legal)
    best = max(score for score, _ in scored)
    return rng.choice([a for score, a in scored if score >= best * (1 - SPECIALTY_MARGIN)])


def _best_specialty(state: NileState, legal: Sequence[int]) -> int:
    """4.6: the specialty with the best prospects (the first of equals)."""
    return max(_specialties_scored(state, legal), key=lambda scored: scored[0])[1]


def _specialties_scored(state: NileState, legal: Sequence[int]) -> list[tuple[float, int]]:
    """Each specialty action of ``legal`` with its :func:`specialty_prospects`."""
    args = state.tables.args
    return [(specialty_prospects(state, args[a][0]), a) for a in legal]


def _publication(state: NileState, legal: list[int]) -> int:
    """22.1-22.2: ``publish`` everything (-1 when it is not legal). Keeping hexes back buys
    nothing a bot can count on: a ranked discovery claims its rank at the winning moment
    whenever its hex was published (decision N155), and a kept hex may be published first by
    another explorer (22.3)."""
    publish = _find(state, act.PUBLISH)
    return publish if publish in legal else -1


def _choose_publishing(state: NileState, legal: list[int], rng: random.Random) -> int:
    """22.1-22.2: in a publication chosen part by part, every remaining hex, then the tribes
    and specials at once, then ``done``."""
    table = state.tables
    for action in _of_kind(state, legal, act.PUBLISH_PART):
        part, index = table.args[action]
        if part == act.PART_HEX or (
            part == act.PART_GROUP and index in (act.GROUP_TRIBES, act.GROUP_SPECIALS)
        ):
            return action
    return _find(state, act.DONE)


def _choose_in_europe(state: NileState, legal: list[int], rng: random.Random) -> int:
    """22, 26: publish everything; sail when the donations pay for an expedition; else
    collect."""
    publication = _publication(state, legal)
    if publication >= 0:
        return publication
    seat = state.player
    explorer = state.explorers[seat]
    tables = state.data.tables
    dollars = rules.donation_dollars(state, explorer)
    best: tuple[float, int] | None = None
    for action in _of_kind(state, legal, act.SAIL):
        port = state.tables.args[action][0]
        ticket = rules.ticket_for(state, explorer, port) >= 0
        money = dollars if ticket else dollars - tables.passage
        if money < _least_expedition(state):
            continue
        score = port_prospects(state, seat, port) + (TICKET_WORTH if ticket else 0.0)
        score += money / 100
        if best is None or score > best[0]:
            best = (score, action)
    if best is not None:
        return best[1]
    return _find(state, act.COLLECT)


def _least_expedition(state: NileState) -> int:
    """Dollars below which an expedition is not worth outfitting: a third of the first."""
    return state.data.tables.first_outfit // 3


# --- outfitting (5) ------------------------------------------------------------------------


def outfit_plan(state: NileState, explorer: Explorer) -> dict[int, int]:
    """The expedition to buy with the money at hand and what is bought already: after the
    rulebook's foot sample, scaled to the money."""
    tables = state.data.tables
    price = tables.price
    party = explorer.party
    spent = sum(price[g] * party.count(g) for g in (BEARER, GUIDE, ASKARI, RATION, GIFT, MUSKET))
    budget = explorer.money + spent
    plan = {GUIDE: (budget >= GUIDE_FROM) + (budget >= SECOND_GUIDE_FROM), MUSKET: 1}
    left = budget - price[GUIDE] * plan[GUIDE] - price[MUSKET]
    plan[ASKARI] = min(MOST_ASKARIS, int(budget * ASKARI_SHARE) // price[ASKARI])
    left -= plan[ASKARI] * price[ASKARI]
    plan[GIFT] = min(MOST_GIFTS, int(budget * GIFT_SHARE) // price[GIFT])
    left -= plan[GIFT] * price[GIFT]
    # The rest buys bearers and the rations they carry: each bearer brings his load of rations.
    load = tables.logistics.bearer_load
    fixed_load = plan[GIFT] + plan[MUSKET]
    per_bearer = price[BEARER] + load * price[RATION]
    bearers = max(0, (left + fixed_load * price[RATION]) // per_bearer)
    plan[BEARER] = bearers
    affordable = (left - bearers * price[BEARER]) // price[RATION]
    plan[RATION] = max(0, min(affordable, bearers * load - fixed_load))
    return plan


def _choose_outfit(state: NileState, legal: list[int], rng: random.Random) -> int:
    """5.3: buy towards the plan, tens first; done when it is bought (or nothing more fits)."""
    explorer = state.explorers[state.player]
    party = explorer.party
    tables = state.data.tables
    if logistics.overload(party, explorer.mode, tables):
        return _lighten(state, legal)
    plan = outfit_plan(state, explorer)
    for good in (GUIDE, ASKARI, BEARER, MUSKET, GIFT, RATION):  # carriers before loads
        want = plan.get(good, 0) - party.count(good)
        for amount in (10, 1):
            if want < amount:
                continue
            if good in (MUSKET, GIFT, RATION) and _item_overloads(state, explorer, good, amount):
                continue
            action = _find(state, act.BUY, good, amount)
            if action in legal:
                return action
    return _find(state, act.DONE)


def _item_overloads(state: NileState, explorer: Explorer, good: int, amount: int) -> bool:
    """Whether ``amount`` more of the item ``good`` would be more than the expedition carries."""
    party = explorer.party.clone()
    gain(party, good, amount)
    return logistics.overload(party, explorer.mode, state.data.tables) > 0


def _lighten(state: NileState, legal: list[int]) -> int:
    """6.55: too heavy to move: leave what is worth least (a canoe, water, spare muskets, then
    rations), then a sick man who must be carried (19.3-19.4: at a point's loss)."""
    explorer = state.explorers[state.player]
    party = explorer.party
    for good, keep in ((CANOE, 0), (WATER, 0), (MUSKET, 1), (GIFT, 10), (RATION, 0), (GIFT, 0)):
        if party.count(good) > keep:
            action = _find(state, act.LEAVE, good, 1)
            if action in legal:
                return action
    tables = state.data.tables
    excess = logistics.overload(party, explorer.mode, tables, explorer_works=explorer.carries)
    for good in (BEARER, GUIDE, ASKARI):
        action = _find(state, act.LEAVE_SICK, good, 1)
        if action in legal:
            lighter = party.clone()
            discharge(lighter, good, 1, sick=True)
            if (
                logistics.overload(lighter, explorer.mode, tables, explorer_works=explorer.carries)
                < excess
            ):
                return action
    return _fallback(state, legal)


# --- a turn in Africa (8.3) ----------------------------------------------------------------


def _spare_bearer(state: NileState, explorer: Explorer) -> bool:
    """A bearer whose load the others can take: discharged, he eats nothing more (9.6)."""
    party = explorer.party
    if party.bearers == 0:
        return False
    tables = state.data.tables
    lighter = party.clone()
    lighter.bearers -= 1
    if logistics.overload(lighter, explorer.mode, tables):
        return False
    spare = logistics.transport_capability(lighter, explorer.mode, tables)
    return spare - logistics.portage_cost(lighter, explorer.mode, tables) >= SPARE_LOAD


def _choose_activity(state: NileState, legal: list[int], rng: random.Random) -> int:
    """8.3 step 1: sail home from a port with something to publish or nothing left within
    reach of his supplies; drop idle bearers; then the pace: reckless to explore where getting
    lost is unlikely, normal otherwise (9.7)."""
    seat = state.player
    explorer = state.explorers[seat]
    tables = state.data.tables
    if logistics.excess_to_leave(explorer.party, explorer.mode, tables):
        return _lighten(state, legal)
    home = distances_home(state, explorer)
    going_home = wants_home(state, seat, home)
    europe = _find(state, act.EUROPE)
    if europe in legal and (
        going_home or haul(state, explorer) > 0 or best_target(state, seat, home) is None
    ):
        return europe  # with nothing in reach of this port, start afresh from another (26)
    if _spare_bearer(state, explorer):
        leave = _find(state, act.LEAVE, BEARER, 1)
        if leave in legal:
            return leave
    if going_home:
        way = home_points(state, home, explorer.hex)
        hurry = food_turns(explorer) < turns_to_walk(way) + 1
        return _find(state, act.ACTIVITY, RECKLESS if hurry and way > HOME_PACE else NORMAL)
    # Reckless reaches two new hexes to normal's one, but gets lost more often (12.4).
    normal = 1 - lost_chance(state, explorer, explorer.hex, NORMAL)
    reckless = 1 - lost_chance(state, explorer, explorer.hex, RECKLESS)
    faster = reckless * (1 + reckless) > normal * RECKLESS_GAIN
    return _find(state, act.ACTIVITY, RECKLESS if faster else NORMAL)


def best_target(state: NileState, seat: int, home: dict[int, int]) -> Target | None:
    """The hex most worth walking to, per movement point, that supplies allow."""
    explorer = state.explorers[seat]
    reach, parent = walks_from(state, explorer, explorer.hex)
    food = food_turns(explorer)
    pace = tables_pace(state)
    waiting = waiting_worths(state, seat)
    # No hex is worth more than the best a hex can be plus what waits there: a hex whose
    # ceiling cannot beat the best so far is passed over unweighed (the same choice, sooner).
    most = most_hex_worth(state.data, explorer.specialty) + CEILING_MARGIN
    waiting_sums = {hex_: sum(points) for hex_, points in waiting.items()}
    best: Target | None = None
    best_score = 0.0
    for hex_, cost in reach.items():
        if hex_ == explorer.hex:
            continue
        if (most + waiting_sums.get(hex_, 0.0)) / (cost + DISTANCE_WEIGHT) <= best_score:
            continue
        value = hex_worth(state, seat, hex_, waiting)
        if value <= 0:
            continue
        turns = cost / pace + turns_to_walk(home_points(state, home, hex_))
        if turns + SAFETY_TURNS > food:
            continue
        score = value / (cost + DISTANCE_WEIGHT)
        if score > best_score:
            best, best_score = (
                Target(hex_, value, cost, _first_step(parent, explorer.hex, hex_)),
                score,
            )
    return best


def tables_pace(state: NileState) -> int:
    """Movement points a turn while exploring (reckless, on foot)."""
    return state.data.tables.allowance[FOOT][RECKLESS]


def _first_step(parent: dict[int, int], start: int, goal: int) -> int:
    """The neighbour of ``start`` on the walk to ``goal`` that ``parent`` records."""
    hex_ = goal
    while parent.get(hex_, start) != start:
        hex_ = parent[hex_]
    return hex_


def _move_towards(state: NileState, legal: list[int], there: int) -> int:
    if there < 0:
        return -1
    explorer = state.explorers[state.player]
    board = state.data.board
    direction = board.neighbours[explorer.hex].index(there) + 1
    action = _find(state, act.MOVE, direction)
    return action if action in legal else -1


def _step_home(state: NileState, legal: list[int], home: dict[int, int]) -> int:
    """A legal step that brings the explorer nearer a port, or -1."""
    explorer = state.explorers[state.player]
    board = state.data.board
    here = home_points(state, home, explorer.hex)
    best = (here, -1)
    for there in board.overland[explorer.hex]:
        if there in home and home[there] < best[0]:
            action = _move_towards(state, legal, there)
            if action >= 0:
                best = (home[there], action)
    return best[1]


def _choose_move(state: NileState, legal: list[int], rng: random.Random) -> int:
    """8.3 step 3: interview, trade for food, then walk: to the best target, or home."""
    seat = state.player
    explorer = state.explorers[seat]
    tables = state.data.tables
    if logistics.excess_to_leave(explorer.party, explorer.mode, tables):
        return _lighten(state, legal)
    interviews = _of_kind(state, legal, act.INTERVIEW)
    if interviews:
        return interviews[0]
    trade = _trade_for_food(state, legal)
    if trade >= 0:
        return trade
    home = distances_home(state, explorer)
    if explorer.hex in home and home[explorer.hex] == 0 and haul(state, explorer) > 0:
        return _find(state, act.DONE)  # in port: sail next turn (21.4)
    if not wants_home(state, seat, home):
        target = best_target(state, seat, home)
        if target is not None:
            action = _move_towards(state, legal, target.step)
            if action >= 0:
                return action
            return _find(state, act.DONE)
    action = _step_home(state, legal, home)
    if action >= 0:
        return action
    if explorer.party.rations == 0 and not explorer.party.fresh:
        for animal in (HORSE, CAMEL):
            shoot = _find(state, act.SHOOT, animal)
            if shoot in legal:
                return shoot
    return _find(state, act.DONE)


def _trade_for_food(state: NileState, legal: list[int]) -> int:
    """14.8: with a friendly tribe, gifts for rations when the food runs short."""
    explorer = state.explorers[state.player]
    if food_turns(explorer) >= 6 or explorer.party.gifts <= GIFT_RESERVE:
        return -1
    table = state.tables
    best = (-1, -1)
    for action in _of_kind(state, legal, act.TRADE):
        offset = action - table.base[act.TRADE]
        buying, quantity, gifts = table.trade_lot[offset]
        affordable = gifts <= explorer.party.gifts - 2
        if (
            buying
            and table.trade_good[offset] == RATION
            and affordable
            and not _item_overloads(state, explorer, RATION, quantity)
        ):
            best = max(best, (quantity, action))
    return best[1]


def _choose_retreat(state: NileState, legal: list[int], rng: random.Random) -> int:
    """9.44-9.46: stay in the new hex unless the expedition may not, or it is a desert
    without the water to survive the turn there (19.5)."""
    explorer = state.explorers[state.player]
    stay = _find(state, act.STAY)
    terrain = state.territory.terrain[explorer.hex]
    dry = terrain == DESERT and not logistics.can_enter_desert(explorer.party, state.data.tables)
    if stay in legal and not dry:
        return stay
    return _find(state, act.RETREAT)


# --- natives (13-16) -----------------------------------------------------------------------


def _choose_policy(state: NileState, legal: list[int], rng: random.Random) -> int:
    """13.3: parley with gifts while there are gifts to give, else try to avoid them."""
    party = state.explorers[state.player].party
    policy = PARLEY_WITH_GIFTS if party.gifts >= GIFTS_FOR_PARLEY else AVOID
    return _find(state, act.POLICY, policy - 1)


def _choose_offer(state: NileState, legal: list[int], rng: random.Random) -> int:
    """14.2-14.3: the biggest usual offer the gifts allow, keeping a few for the next tribe."""
    table = state.tables
    gifts = state.explorers[state.player].party.gifts
    columns = state.data.tables.negotiation_gifts
    affordable = [
        column
        for column, needed in enumerate(columns)
        if needed <= max(gifts - GIFT_RESERVE, min(gifts, columns[1])) and needed <= 25
    ]
    column = max(affordable, default=0)
    action = table.base[act.OFFER] + column
    return action if action in legal else _find(state, act.OFFER_ALL)


def _choose_escape(state: NileState, legal: list[int], rng: random.Random) -> int:
    """15.21: askaris first (they fight and hunt), then a guide, then bearers."""
    return _escape_in_order(state, legal, ESCAPE_ORDER)


def _escape_in_order(state: NileState, legal: Sequence[int], order: tuple[int, ...]) -> int:
    """15.21: the first member in ``order`` left to escape with; done when none is."""
    for good in order:
        action = _find(state, act.ESCAPE, good)
        if action in legal:
            return action
    return _find(state, act.DONE)


def _choose_spoils(state: NileState, legal: list[int], rng: random.Random) -> int:
    """16.42: releasing the prisoners earns a point (16.422)."""
    return _find(state, act.RELEASE)


def _choose_captivity(state: NileState, legal: list[int], rng: random.Random) -> int:
    """15.3, 21.2: try to escape; retire only after many turns in captivity."""
    explorer = state.explorers[state.player]
    if explorer.captured >= 0 and state.round - explorer.captured > CAPTIVE_PATIENCE:
        return _find(state, act.RETIRE)
    return _find(state, act.DONE)


_CHOOSERS = {
    rules.COUNTERS: _choose_counter,
    rules.PORT: _choose_port,
    rules.SPECIALTY: _choose_specialty,
    rules.OUTFIT: _choose_outfit,
    rules.ACTIVITY: _choose_activity,
    rules.MOVING: _choose_move,
    rules.RETREAT: _choose_retreat,
    rules.POLICY: _choose_policy,
    rules.NEGOTIATE: _choose_offer,
    rules.ESCAPE: _choose_escape,
    rules.SPOILS: _choose_spoils,
    rules.CAPTIVITY: _choose_captivity,
    rules.EUROPE: _choose_in_europe,
    rules.PUBLISHING: _choose_publishing,
}
