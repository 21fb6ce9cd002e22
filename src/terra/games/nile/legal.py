"""Source of the Nile: what may be done now, stated once per kind of action.

``why_not(state, action)`` is the one statement of each rule's legality: ``None`` when the
action is legal, else the reason with its rule. The legal actions are the candidates of the
decision at hand that it lets through, so the move list and the explanations cannot disagree;
only for the kinds in :data:`EXACT`, whose candidates restate their whole rule, the move list
takes the candidates as they are, and the contract suite checks that the two agree.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction
from terra.games.nile import actions as act
from terra.games.nile import encounters, journey, logistics, natives, rules, scoring, upkeep
from terra.games.nile.explorer import IN_AFRICA
from terra.games.nile.party import at_hand
from terra.games.nile.terms import (
    ASKARI,
    BLANK,
    BY_CANOE,
    CAMEL,
    GOOD_IDS,
    HORSE,
    JOURNALIST,
    PEOPLE,
)

if TYPE_CHECKING:
    from terra.games.nile.state import NileState

RULE_BEARER = "Source of the Nile, 5.51-5.52 The Explorer's Abilities"

Check = Callable[["NileState", int, tuple[int, ...]], "IllegalAction | None"]

# The kinds of action each decision offers.
OFFERED: dict[int, tuple[int, ...]] = {
    rules.COUNTERS: (act.COUNTER,),
    rules.PORT: (act.SAIL,),
    rules.SPECIALTY: (act.SPECIALTY,),
    rules.OUTFIT: (
        act.BUY,
        act.TAKE_WATER,
        act.MODE,
        act.LEAVE,
        act.LEAVE_SICK,
        act.CARRY,
        act.REST,
        act.DONE,
    ),
    rules.ACTIVITY: (
        act.ACTIVITY,
        act.EUROPE,
        act.MODE,
        act.TAKE_WATER,
        act.LEAVE,
        act.LEAVE_SICK,
        act.DROP_FIND,
        act.CACHE,
        act.CACHE_FIND,
        act.DIG,
        act.CARRY,
        act.REST,
        act.RETIRE,
    ),
    rules.MOVING: (
        act.MOVE,
        act.MODE,
        act.TRADE,
        act.TAKE_WATER,
        act.LEAVE,
        act.LEAVE_SICK,
        act.DROP_FIND,
        act.CACHE,
        act.CACHE_FIND,
        act.DIG,
        act.SHOOT,
        act.INTERVIEW,
        act.CARRY,
        act.REST,
        act.DONE,
        act.RETIRE,
    ),
    rules.RETREAT: (act.RETREAT, act.STAY, act.MODE, act.LEAVE),
    rules.POLICY: (act.POLICY,),
    rules.NEGOTIATE: (act.OFFER, act.OFFER_ALL),
    rules.ESCAPE: (act.ESCAPE, act.DONE),
    rules.SPOILS: (act.RELEASE, act.KEEP, act.LOOT),
    rules.CAPTIVITY: (act.DONE, act.RETIRE),
    rules.EUROPE: (act.PUBLISH, act.PUBLISH_FINDS, act.PUBLISH_PART, act.SAIL, act.COLLECT),
    rules.PUBLISHING: (act.PUBLISH_PART, act.DONE),
}


def legal_actions(state: NileState) -> list[int]:
    """The legal actions of the decision at hand, in action order: the candidates of each kind
    offered that its check lets through (all of them for the kinds in :data:`EXACT`)."""
    table = state.tables
    args = table.args
    found: list[int] = []
    state.fits = {}  # the expedition's loads by mode, worked out once for this decision
    for kind in OFFERED.get(state.phase, ()):
        candidates = CANDIDATES[kind](state, kind)
        if kind in EXACT:
            found += candidates
        elif candidates:  # often none at all: no comprehension to run
            check = CHECKS[kind]
            found += [action for action in candidates if check(state, action, args[action]) is None]
    state.fits = None
    return found


# The keys of the loads worked out once a decision (state.fits).
_SPARE = ("spare", 0)
_MODE = tuple(("mode", mode) for mode in range(len(act.MODE_WORDS)))


def _fit(state: NileState, mode: int) -> tuple[bool, int]:
    """5.423, 5.434, 6.55: whether the expedition can travel in ``mode``, and its overload."""
    memo = state.fits
    key = _MODE[mode]
    if memo is not None:
        found = memo.get(key)
        if found is not None:
            return found
    explorer = state.explorers[state.player]
    if mode == explorer.mode:  # one assignment of duties serves the load and the mode
        spare = _spare(state)
        fit = (spare >= 0 and logistics.everyone_aboard(explorer.party, mode), max(0, -spare))
    else:
        fit = logistics.travel_fit(
            explorer.party, mode, state.data.tables, explorer_works=explorer.carries
        )
    if memo is not None:
        memo[key] = fit
    return fit


def _spare(state: NileState) -> int:
    """6.55: what the expedition can still carry in its mode, worked out once a decision."""
    memo = state.fits
    if memo is not None:
        found = memo.get(_SPARE)
        if found is not None:
            return found[1]
    explorer = state.explorers[state.player]
    spare = logistics.spare_capacity(
        explorer.party, explorer.mode, state.data.tables, explorer_works=explorer.carries
    )
    if memo is not None:
        memo[_SPARE] = (spare >= 0, spare)
    return spare


# Candidates: the actions of a kind worth checking now. Each leaves out only actions its kind's
# check would refuse anyway (the contract suite checks that the two agree), so that the move
# list is not built from hundreds of refusals.
Candidates = Callable[["NileState", int], Iterable[int]]


def _every(state: NileState, kind: int) -> Iterable[int]:
    return range(state.tables.base[kind], state.tables.end[kind])


def _counter_sites(state: NileState, kind: int) -> Iterable[int]:
    """4.41: only blank hexes far enough from the published ones; 4.42: and from the counters
    placed."""
    table = state.tables
    near = table.near
    args = table.args
    placed = state.counter_hex
    return [action for action in table.counter_sites if near[args[action][0]].isdisjoint(placed)]


def _goods_at_hand(state: NileState, kind: int) -> Iterable[int]:
    """9.6, 17.1, 19.4: only what the expedition has enough of (of people, the healthy or the
    sick the action names)."""
    party = state.explorers[state.player].party
    held = at_hand(party, sick=kind == act.LEAVE_SICK)
    return [
        action for action, good, amount in state.tables.goods_amount[kind] if held[good] >= amount
    ]


def _affordable(state: NileState, kind: int) -> Iterable[int]:
    """5.3, 5.426-5.427: only what the port sells and the money left buys."""
    explorer = state.explorers[state.player]
    money = explorer.money
    sold = state.tables.sold_at[explorer.port]
    cost = state.tables.cost
    return [
        a for a, good, _n in state.tables.goods_amount[kind] if cost[a] <= money and good in sold
    ]


def _water_at_hand(state: NileState, kind: int) -> Iterable[int]:
    """5.4441, 6.55: only where there is water, and what the expedition can carry."""
    if not upkeep.water_here(state, state.explorers[state.player].hex):
        return ()
    spare = _spare(state)
    return [action for action, _good, amount in state.tables.goods_amount[kind] if amount <= spare]


def _animals_at_hand(state: NileState, kind: int) -> Iterable[int]:
    """18.5: only the expedition's own animals."""
    party = state.explorers[state.player].party
    base = state.tables.base[kind]
    return [base + offset for offset, held in enumerate((party.horses, party.camels)) if held]


def _caches_here(state: NileState, kind: int) -> Iterable[int]:
    """17.6: only where the explorer has buried a cache."""
    if upkeep.cache_to_search(state) is None:
        return ()
    return _every(state, kind)


def _steps_left(state: NileState, kind: int) -> Iterable[int]:
    """9.14, 12.2: no move once lost, stopped or out of movement points; 9.5, 6.55: nor while
    not everyone can travel in the mode or the load is too much; 9.0: only towards land (or
    along the coast by canoe)."""
    turn = state.turn
    if turn.lost or turn.stopped or (turn.spent >= turn.allowance and not drifting(state)):
        return ()
    explorer = state.explorers[state.player]
    travels, excess = _fit(state, explorer.mode)
    if not travels or excess:
        return ()
    board = state.data.board
    here = explorer.hex
    overland = board.overland[here]
    by_sea = board.along_coast[here] if explorer.mode == BY_CANOE else ()
    base = state.tables.base[kind]
    return [  # the directions in compass order, as the actions are
        base + side
        for side, target in enumerate(board.neighbours[here])
        if target >= 0 and (target in overland or target in by_sea)
    ]


def _ports_within_reach(state: NileState, kind: int) -> Iterable[int]:
    """26.6: without the passage money, only the ports of free tickets."""
    if state.phase == rules.PORT:
        return _every(state, kind)
    explorer = state.explorers[state.player]
    if rules.donation_dollars(state, explorer) >= state.data.tables.passage:
        return _every(state, kind)
    base = state.tables.base[kind]
    ticket_port = state.tables.ticket_port  # each card's port, or -1 (as rules.ticket_for)
    return sorted(
        {base + ticket_port[card] for card in explorer.donations if ticket_port[card] >= 0}
    )


def _with_a_friendly_tribe(state: NileState, kind: int) -> Iterable[int]:
    """14.6: trade only with a friendly tribe in the hex."""
    explorer = state.explorers[state.player]
    tribe = state.territory.tribe[explorer.hex]
    if not tribe or tribe not in explorer.friendly:
        return ()
    return _every(state, kind)


def drifting(state: NileState) -> bool:
    """9.26: canoes that only drift move without movement points."""
    return journey.drifting(state, state.explorers[state.player])


def _other_modes(state: NileState, kind: int) -> Iterable[int]:
    """9.5, 5.423, 5.434, 6.55: another mode, and one everyone can travel in."""
    explorer = state.explorers[state.player]
    base = state.tables.base[kind]
    return [
        base + mode
        for mode in range(len(act.MODE_WORDS))
        if mode != explorer.mode
        and logistics.everyone_aboard(explorer.party, mode)
        and _fit(state, mode)[0]
    ]


def _news(state: NileState, kind: int) -> Iterable[int]:
    """22.1: not when there is plainly nothing to publish."""
    if scoring.nothing_to_publish(state, state.explorers[state.player]):
        return ()
    return _every(state, kind)


def _unburdened(state: NileState, kind: int) -> Iterable[int]:
    """6.55: not while the expedition carries more than it can (a captive carries nothing, nor
    does an explorer in Europe)."""
    if state.phase not in (rules.CAPTIVITY, rules.PUBLISHING) and _excess_to_leave(state):
        return ()
    return _every(state, kind)


def _excess_to_leave(state: NileState) -> int:
    """6.55: what the expedition must leave before its turn may end: its overload, less a sick
    explorer's own weight when nobody can carry him (19.3, decision N159)."""
    explorer = state.explorers[state.player]
    if not _fit(state, explorer.mode)[1]:
        return 0
    return logistics.excess_to_leave(
        explorer.party, explorer.mode, state.data.tables, explorer_works=explorer.carries
    )


def _journalist(state: NileState, kind: int) -> Iterable[int]:
    """24.1: only a journalist interviews, and only other seats of this game."""
    if state.explorers[state.player].specialty != JOURNALIST:
        return ()
    base = state.tables.base[kind]
    return range(base, base + state.num_players)


def _carrying_changes(state: NileState, kind: int) -> Iterable[int]:
    """5.51-5.52: ``carry loads`` for a healthy explorer who does not carry yet, ``stop
    carrying`` for one who does."""
    explorer = state.explorers[state.player]
    carries = explorer.carries
    able = not carries and not explorer.party.explorer_sick
    return _every(state, kind) if (carries if kind == act.REST else able) else ()


def _parts_to_publish(state: NileState, kind: int) -> Iterable[int]:
    """22.1-22.2: the parts of his discoveries not yet chosen, and the kinds that add one."""
    explorer = state.explorers[state.player]
    if scoring.nothing_to_publish(state, explorer):
        return ()
    part_base = state.tables.part_base
    chosen = state.turn.chosen
    found = [
        part_base[part] + (index - 1 if part == act.PART_TRIBE else index)
        for part, index in scoring.publishable_parts(state, explorer)
        if (part, index) not in chosen
    ]
    if not found:
        return ()
    found += [part_base[act.PART_GROUP] + group for group in range(len(act.PUBLISH_GROUPS))]
    return sorted(found)


def _finds_at_hand(state: NileState, kind: int) -> Iterable[int]:
    """9.6, 17.4: only the tusks and specimens carried."""
    party = state.explorers[state.player].party
    base = state.tables.base[kind]
    return [base + index for index, held in enumerate((party.tusks, party.specimens)) if held]


CANDIDATES: dict[int, Candidates] = {kind: _every for kind in range(act.KINDS)}
CANDIDATES.update(
    {
        act.COUNTER: _counter_sites,
        act.BUY: _affordable,
        act.LEAVE: _goods_at_hand,
        act.LEAVE_SICK: _goods_at_hand,
        act.PUBLISH_PART: _parts_to_publish,
        act.CACHE: _goods_at_hand,
        act.SAIL: _ports_within_reach,
        act.TRADE: _with_a_friendly_tribe,
        act.INTERVIEW: _journalist,
        act.MODE: _other_modes,
        act.TAKE_WATER: _water_at_hand,
        act.PUBLISH: _news,
        act.PUBLISH_FINDS: _news,
        act.SHOOT: _animals_at_hand,
        act.DIG: _caches_here,
        act.MOVE: _steps_left,
        act.DONE: _unburdened,
        act.CARRY: _carrying_changes,
        act.REST: _carrying_changes,
        act.DROP_FIND: _finds_at_hand,
        act.CACHE_FIND: _finds_at_hand,
    }
)

# The kinds whose candidates are exactly their legal actions: the candidates test every
# condition the check tests (or the check refuses nothing), so the move list need not run the
# check on each; the check still explains a refusal. A kind belongs here only while that holds:
# the contract suite finds any action the two disagree on at every decision of seeded games.
EXACT = frozenset(
    {
        act.SAIL,
        act.SPECIALTY,
        act.BUY,
        act.DONE,
        act.ACTIVITY,
        act.MODE,
        act.RETREAT,
        act.LEAVE,
        act.CACHE,
        act.SHOOT,
        act.TAKE_WATER,
        act.RETIRE,
        act.COLLECT,
        act.OFFER_ALL,
        act.RELEASE,
        act.DIG,
        act.CARRY,
        act.REST,
        act.DROP_FIND,
        act.CACHE_FIND,
        act.LEAVE_SICK,
    }
)


def why_not(state: NileState, action: int) -> IllegalAction | None:
    """Why ``action`` is not legal now, or ``None`` if it is."""
    table = state.tables
    kind = table.kind[action]
    if kind not in OFFERED.get(state.phase, ()):
        return IllegalAction(
            f"{table.text[action]!r} is not a decision of this moment; now: "
            f"{rules.PHASE_NAMES[state.phase]}",
            rules.RULE_TURN,
        )
    return CHECKS[kind](state, action, table.args[action])


def _no(reason: str, rule: str) -> IllegalAction:
    return IllegalAction(reason, rule)


def _counter(state: NileState, action: int, args: tuple[int, ...]) -> IllegalAction | None:
    """4.41-4.42: a blank hex five or more from a published hex, three or more from another
    counter."""
    (hex_,) = args
    board = state.data.board
    if board.terrain[hex_] != BLANK or board.published_distance[hex_] < 5:
        return _no(
            f"{board.hex_name(hex_)} is not a blank hex five or more hexes from a published one",
            rules.RULE_COUNTERS,
        )
    near = state.tables.near[hex_]
    for other in state.counter_hex:
        if other in near:
            return _no(
                f"{board.hex_name(hex_)} is within three hexes of another counter",
                rules.RULE_COUNTERS,
            )
    return None


def _sail(state: NileState, action: int, args: tuple[int, ...]) -> IllegalAction | None:
    """4.5: any port; 26.2, 26.6: from Europe, on a free ticket or paying the passage."""
    if state.phase == rules.PORT:
        return None
    (port,) = args
    explorer = state.explorers[state.player]
    if rules.ticket_for(state, explorer, port) >= 0:
        return None
    dollars = rules.donation_dollars(state, explorer)
    if dollars < state.data.tables.passage:
        return _no(
            f"your donations come to ${dollars}; the passage costs "
            f"${state.data.tables.passage} without a free ticket",
            rules.RULE_NEW,
        )
    return None


def _specialty(state: NileState, action: int, args: tuple[int, ...]) -> IllegalAction | None:
    """4.6: any of the eight; different explorers may share one."""
    return None


def _buy(state: NileState, action: int, args: tuple[int, ...]) -> IllegalAction | None:
    """5.3, 5.426-5.427: within the money left, and horses and camels only where sold."""
    good, amount = args
    explorer = state.explorers[state.player]
    table = state.tables
    cost = table.cost[action]  # the price of the amount at the Rates of Exchange
    if cost > explorer.money:
        return _no(f"{amount} cost ${cost}; you have ${explorer.money} left", rules.RULE_OUTFIT)
    if good not in table.sold_at[explorer.port]:
        return _no(
            f"{state.data.tables.good_names[good]}s are not sold at "
            f"{state.data.board.port_names[explorer.port]}",
            rules.RULE_OUTFIT,
        )
    return None


def _done(state: NileState, action: int, args: tuple[int, ...]) -> IllegalAction | None:
    """6.55: an expedition never carries more than it can, but a sick explorer whom nobody can
    carry may end his turn where he lies (19.3, decision N159); 22.1: publishing what is
    chosen is always possible."""
    if state.phase in (rules.CAPTIVITY, rules.PUBLISHING):
        return None
    excess = _excess_to_leave(state)
    if excess:
        return _no(
            f"the expedition carries {excess} more than it can; leave or cache something",
            journey.RULE_CAPABILITY,
        )
    return None


def _activity(state: NileState, action: int, args: tuple[int, ...]) -> IllegalAction | None:
    """9.12: any of the three levels."""
    return None


def _move(state: NileState, action: int, args: tuple[int, ...]) -> IllegalAction | None:
    """9.1-9.43, 5.4442, 6.55: movement points, the map, the terrain, water and loads."""
    (direction,) = args
    explorer = state.explorers[state.player]
    turn = state.turn
    board = state.data.board
    if turn.lost:
        return _no("the expedition is lost for the rest of the turn", journey.RULE_LOST)
    if turn.stopped:
        return _no("the expedition can move no further this turn", journey.RULE_MODE)
    here = explorer.hex
    target = board.neighbours[here][direction - 1]
    by_sea = explorer.mode == BY_CANOE and target in board.along_coast[here]
    if target < 0 or (target not in board.overland[here] and not by_sea):
        return _no(
            f"there is no land to the {act.DIRECTION_NAMES[direction - 1]}", journey.RULE_MOVE
        )
    tables = state.data.tables
    travels, excess = _fit(state, explorer.mode)
    if excess:
        return _no(f"the expedition carries {excess} more than it can", journey.RULE_CAPABILITY)
    if not travels:
        return _no(
            "not every member can travel this way; change the mode of travel", journey.RULE_MODE
        )
    drifts = journey.drifting(state, explorer)
    portage = explorer.mode == BY_CANOE and journey.crosses_cataract(state, here, target)
    lifts = logistics.can_portage(explorer.party, tables, explorer_works=explorer.carries)
    if portage and not drifts and not lifts:  # 9.27
        return _no("too few bearers to carry a canoe round the cataract", journey.RULE_CANOES)
    cost = 0 if drifts else journey.step_cost(state, explorer, target)
    left = turn.allowance - turn.spent
    if cost > left:
        return _no(f"entering costs {cost} movement points; {left} left", journey.RULE_MP)
    refused = journey.terrain_refuses(state, explorer, here, target)
    if refused:
        return _no(refused, journey.RULE_TERRAIN)
    if journey.needs_water(state, here, target) and not logistics.can_enter_desert(
        explorer.party, tables
    ):
        water = logistics.water_needed(explorer.party, tables)
        return _no(f"entering the desert needs {water} water", journey.RULE_WATER)
    if drifts:
        flow = journey.flow_between(state.territory, board, here, target)
        if flow <= 0:
            return _no("canoes without a bearer each only drift downstream", journey.RULE_CANOES)
        return None
    return None


def _mode(state: NileState, action: int, args: tuple[int, ...]) -> IllegalAction | None:
    """9.5, 5.423, 5.434: everyone mounted, or everyone in canoes."""
    (mode,) = args
    explorer = state.explorers[state.player]
    if mode == explorer.mode:
        return _no("the expedition already travels so", journey.RULE_MODE)
    if not _fit(state, mode)[0]:
        return _no(f"not every member can travel {act.MODE_WORDS[mode]}", journey.RULE_MODE)
    return None


def _retreat(state: NileState, action: int, args: tuple[int, ...]) -> IllegalAction | None:
    """9.45: a retreat is always allowed."""
    return None


def _stay(state: NileState, action: int, args: tuple[int, ...]) -> IllegalAction | None:
    """9.44: only where the expedition may be; 9.21, 9.41: and could pay to enter."""
    explorer = state.explorers[state.player]
    if state.turn.unaffordable:
        cost = state.data.tables.canoe_swamp_cost
        return _no(
            f"entering swamp by canoe costs {cost} movement points, more than were left: retreat",
            journey.RULE_CANOE_SWAMP,
        )
    refused = journey.terrain_refuses(state, explorer, state.turn.came_from, explorer.hex)
    if refused:
        change = "change the mode of travel"
        if refused.startswith(journey.ANIMALS_RESTRICTED):  # no mode takes them in (N112)
            change = f"leave them (9.6) and {change}"
        return _no(f"{refused}: retreat, or {change}", journey.RULE_RETREAT)
    return None


def _leave(state: NileState, action: int, args: tuple[int, ...]) -> IllegalAction | None:
    """9.6: whatever the expedition has; of people, the healthy (decision N160)."""
    good, amount = args
    party = state.explorers[state.player].party
    have = at_hand(party)[good]
    if have >= amount:
        return None
    if good in PEOPLE:
        sick = at_hand(party, sick=True)[good]
        name = GOOD_IDS[good]
        healthy = (
            act.plural(name, have).replace(" ", " healthy ", 1) if have else f"no healthy {name}"
        )
        also = f"; a sick one leaves by 'leave 1 sick {name}' (19.4)" if sick else ""
        return _no(f"the expedition has {healthy}{also}", "Source of the Nile, 9.6")
    return _no(f"the expedition has {have}", "Source of the Nile, 9.6")


def _leave_sick(state: NileState, action: int, args: tuple[int, ...]) -> IllegalAction | None:
    """19.4: sick people the expedition has, at the loss of a victory point each."""
    good, amount = args
    have = at_hand(state.explorers[state.player].party, sick=True)[good]
    if have < amount:
        sick = act.plural(GOOD_IDS[good], have).replace(" ", " sick ", 1)
        return _no(f"the expedition has {sick}", "Source of the Nile, 19.4")
    return None


def _cache(state: NileState, action: int, args: tuple[int, ...]) -> IllegalAction | None:
    """17.1-17.2: items (and canoes), never people or animals."""
    return _leave(state, action, args)


def _take_water(state: NileState, action: int, args: tuple[int, ...]) -> IllegalAction | None:
    """5.4441-5.4443: where there is water, and as much as the expedition can carry (6.55)."""
    _good, amount = args
    explorer = state.explorers[state.player]
    if not upkeep.water_here(state, explorer.hex):
        return _no("there is no water in a desert hex without river or oasis", journey.RULE_WATER)
    spare = _spare(state)
    if amount > spare:
        room = f"it can carry {spare} more" if spare >= 0 else "it already carries too much"
        return _no(
            f"{amount} more water would overload the expedition: {room}", journey.RULE_CAPABILITY
        )
    return None


def _shoot(state: NileState, action: int, args: tuple[int, ...]) -> IllegalAction | None:
    """18.5, 5.4425: an animal of the expedition."""
    (good,) = args
    if not state.explorers[state.player].party.count(good):
        name = "horse" if good == HORSE else "camel" if good == CAMEL else "animal"
        return _no(f"the expedition has no {name}", "Source of the Nile, 18.5")
    return None


def _europe(state: NileState, action: int, args: tuple[int, ...]) -> IllegalAction | None:
    """21.4: from a port, the turn after entering it."""
    explorer = state.explorers[state.player]
    if explorer.status != IN_AFRICA or state.data.board.port_of[explorer.hex] < 0:
        return _no("ships for Europe leave only from a port", rules.RULE_EUROPE)
    if not state.turn.started_in_port:
        return _no("you may sail the turn after entering the port", rules.RULE_EUROPE)
    return None


def _retire(state: NileState, action: int, args: tuple[int, ...]) -> IllegalAction | None:
    """21.2: at any time, for any reason."""
    return None


def _publish(state: NileState, action: int, args: tuple[int, ...]) -> IllegalAction | None:
    """22.1: only what has not been published."""
    if not scoring.worth_publishing(scoring.pending(state, state.explorers[state.player])):
        return _no("you have nothing to publish", rules.RULE_PUBLISH)
    return None


def _publish_all_but_hexes(
    state: NileState, action: int, args: tuple[int, ...]
) -> IllegalAction | None:
    """22.2: hexes to keep back, and something else to publish meanwhile."""
    explorer = state.explorers[state.player]
    if not scoring.publishable_hexes(state, explorer):
        return _no("you have no mapped hexes to keep back: use 'publish'", rules.RULE_PUBLISH)
    parts = scoring.all_but_hexes(state, explorer)
    if not scoring.worth_publishing(scoring.pending(state, explorer, parts)):
        return _no("you have nothing but hexes to publish", rules.RULE_PUBLISH)
    return None


def _publish_part(state: NileState, action: int, args: tuple[int, ...]) -> IllegalAction | None:
    """22.1-22.4: a hex he has fully mapped, a tribe he has befriended, a special discovery
    he has found, none of them published yet nor chosen already; or a kind of them of which
    one is left to choose."""
    part, index = args
    explorer = state.explorers[state.player]
    if scoring.parts_to_add(state, explorer, part, index):
        return None
    rule = rules.RULE_PUBLISH
    if part == act.PART_GROUP:
        name = act.PUBLISH_GROUPS[index]
        return _no(f"you have no {name} to add to this publication", rule)
    if (part, index) in state.turn.chosen:
        return _no("it is chosen for this publication already", rule)
    if part == act.PART_HEX:
        return _no(_why_no_hex(state, index), rule)
    if part == act.PART_TRIBE:
        return _no(f"tribe {index} is no friend of yours waiting to be published (22.4)", rule)
    name = state.data.tables.special_names[index]
    if name in state.published_finds:
        return _no(f"{name} is published already (22.4)", rule)
    return _no(f"you have not found {name} on this life's travels (23.1-23.2)", rule)


def _why_no_hex(state: NileState, hex_: int) -> str:
    """22.2-22.4, 10.293: why a hex is not his to publish."""
    name = state.data.board.hex_name(hex_)
    if state.published[hex_]:
        return f"{name} is published already (22.4)"
    if not state.explorers[state.player].known[hex_]:
        return f"you have not been to {name} (9.3)"
    return f"{name} is not fully explored (10.293)"


def _collect(state: NileState, action: int, args: tuple[int, ...]) -> IllegalAction | None:
    """26.3-26.5: instead of sailing."""
    return None


def _policy(state: NileState, action: int, args: tuple[int, ...]) -> IllegalAction | None:
    """13.31: a policy that needs arms needs an armed man."""
    (index,) = args
    tables = state.data.tables
    if natives.policy_allowed(tables, index + 1, encounters.guns(state)):
        return None
    return _no(
        f"{tables.policy_names[index]} needs an askari fit to fight or an armed explorer",
        encounters.RULE_NATIVES,
    )


def _offer(state: NileState, action: int, args: tuple[int, ...]) -> IllegalAction | None:
    """14.2: gifts the expedition has."""
    (column,) = args
    gifts = state.data.tables.negotiation_gifts[column]
    have = state.explorers[state.player].party.gifts
    if gifts > have:
        return _no(f"the expedition has {have} gifts", encounters.RULE_NEGOTIATION)
    return None


def _offer_all(state: NileState, action: int, args: tuple[int, ...]) -> IllegalAction | None:
    """14.5: giving everything is always possible."""
    return None


def _trade(state: NileState, action: int, args: tuple[int, ...]) -> IllegalAction | None:
    """14.6-14.95: with a friendly tribe in the hex, within its limits and the gifts or goods
    the explorer has; 5.4451: a musket for each native askari hired."""
    (index,) = args
    explorer = state.explorers[state.player]
    tribe = state.territory.tribe[explorer.hex]
    if not tribe or tribe not in explorer.friendly:
        return _no("there is no tribe friendly to you in this hex", encounters.RULE_NEGOTIATION)
    good, selling, lots = encounters.trade_terms(state, index)
    if lots > encounters.most_lots(state, good, selling):
        return _no(
            "the tribe will not make this trade now: its limit, this turn's trades, or what "
            "you have to pay with",
            encounters.RULE_NEGOTIATION,
        )
    quantity = state.tables.trade_lot[index][1]
    if good == ASKARI and not selling and explorer.party.muskets < quantity:
        return _no("each native askari hired needs a musket", "Source of the Nile, 5.4451")
    return None


def _escape(state: NileState, action: int, args: tuple[int, ...]) -> IllegalAction | None:
    """15.21-15.22: a member of the defeated expedition."""
    (good,) = args
    encounter = state.encounter
    if encounter is None or encounter.party is None or not encounter.party.count(good):
        return _no("no such member is left to escape with you", encounters.RULE_DEFEAT)
    return None


def _release(state: NileState, action: int, args: tuple[int, ...]) -> IllegalAction | None:
    """16.42: releasing is always allowed."""
    return None


def _keep(state: NileState, action: int, args: tuple[int, ...]) -> IllegalAction | None:
    """16.41: missionaries, doctors and ethnologists release every prisoner."""
    encounter = state.encounter
    explorer = state.explorers[state.player]
    if natives.must_release_prisoners(explorer.specialty):
        return _no("your specialty must release every prisoner", encounters.RULE_VICTORY)
    if encounter is None or not encounter.prisoners:
        return _no("there are no prisoners", encounters.RULE_VICTORY)
    return None


def _loot(state: NileState, action: int, args: tuple[int, ...]) -> IllegalAction | None:
    """16.42-16.421: only a village found, and not by a missionary, doctor or ethnologist."""
    encounter = state.encounter
    explorer = state.explorers[state.player]
    if natives.must_release_prisoners(explorer.specialty):
        return _no("your specialty may not loot", encounters.RULE_VICTORY)
    if encounter is None or not encounter.members:
        return _no("the village has not been found", encounters.RULE_VICTORY)
    return None


def _dig(state: NileState, action: int, args: tuple[int, ...]) -> IllegalAction | None:
    """17.6, 17.8: a cache of yours in this hex, or another explorer's in a published hex."""
    if upkeep.cache_to_search(state) is None:
        return _no(
            "no cache here that you may search for (another explorer's only in a published hex)",
            upkeep.RULE_CACHE,
        )
    return None


def _interview(state: NileState, action: int, args: tuple[int, ...]) -> IllegalAction | None:
    """24.6-24.63: a journalist and another explorer who has been far from the ports."""
    (seat,) = args
    if seat >= state.num_players or not encounters.may_interview(state, seat):
        return _no(
            "only a journalist may interview, once, another explorer in his hex whose "
            "expedition has been four hexes or more from a port",
            "Source of the Nile, 24.6",
        )
    return None


def _leave_find(state: NileState, action: int, args: tuple[int, ...]) -> IllegalAction | None:
    """9.6: only a tusk or specimen the expedition carries."""
    (index,) = args
    party = state.explorers[state.player].party
    if (party.tusks if index == 0 else len(party.specimens)) == 0:
        return _no(f"the expedition carries no {act.FIND_KINDS[index]}", "Source of the Nile, 9.6")
    return None


def _cache_find(state: NileState, action: int, args: tuple[int, ...]) -> IllegalAction | None:
    """17.4: a tusk or specimen the expedition carries may be cached."""
    refused = _leave_find(state, action, args)
    return None if refused is None else _no(refused.reason, upkeep.RULE_CACHE)


def _carry(state: NileState, action: int, args: tuple[int, ...]) -> IllegalAction | None:
    """5.51, 19.3: a healthy explorer may do a bearer's work."""
    explorer = state.explorers[state.player]
    if explorer.carries:
        return _no("the explorer already carries loads", RULE_BEARER)
    if explorer.party.explorer_sick:
        return _no("a sick explorer cannot carry", "Source of the Nile, 19.3")
    return None


def _rest(state: NileState, action: int, args: tuple[int, ...]) -> IllegalAction | None:
    """5.52: only an explorer who carries can stop."""
    if not state.explorers[state.player].carries:
        return _no("the explorer carries nothing", RULE_BEARER)
    return None


def _unoffered(state: NileState, action: int, args: tuple[int, ...]) -> IllegalAction | None:
    return _no(f"{state.tables.text[action]!r} is not possible now", rules.RULE_TURN)


CHECKS: dict[int, Check] = {kind: _unoffered for kind in range(act.KINDS)}
CHECKS.update(
    {
        act.COUNTER: _counter,
        act.SAIL: _sail,
        act.SPECIALTY: _specialty,
        act.BUY: _buy,
        act.DONE: _done,
        act.ACTIVITY: _activity,
        act.MOVE: _move,
        act.MODE: _mode,
        act.RETREAT: _retreat,
        act.STAY: _stay,
        act.LEAVE: _leave,
        act.CACHE: _cache,
        act.SHOOT: _shoot,
        act.TAKE_WATER: _take_water,
        act.EUROPE: _europe,
        act.RETIRE: _retire,
        act.PUBLISH: _publish,
        act.PUBLISH_FINDS: _publish_all_but_hexes,
        act.COLLECT: _collect,
        act.POLICY: _policy,
        act.OFFER: _offer,
        act.OFFER_ALL: _offer_all,
        act.TRADE: _trade,
        act.ESCAPE: _escape,
        act.RELEASE: _release,
        act.KEEP: _keep,
        act.LOOT: _loot,
        act.DIG: _dig,
        act.INTERVIEW: _interview,
        act.CARRY: _carry,
        act.DROP_FIND: _leave_find,
        act.REST: _rest,
        act.CACHE_FIND: _cache_find,
        act.LEAVE_SICK: _leave_sick,
        act.PUBLISH_PART: _publish_part,
    }
)
