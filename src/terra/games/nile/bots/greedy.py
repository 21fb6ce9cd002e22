"""Source of the Nile's heuristic player (the ``greedy`` bot), Game I (terra.games.nile.bots).

The explorer travels on foot, as the rulebook's foot sample expedition does (5.0): a guide,
askaris to fight and hunt, a musket for himself, gifts for the chiefs, and bearers enough for
the rations he carries. In Africa he walks towards whatever publishing would pay for: blank
hexes (their expected points for his specialty), hexes others mapped but did not publish, and
discovery counters he has not looked at. He keeps his supplies in view all the time: a target
is worth going to only if the food he carries (less what his hunters bring in) lasts the way
there and the way back to the nearest port. When it does not, or when what he has found is
worth a lot, he walks to the nearest port, sails for Europe, publishes, collects donations
and sails again when they pay for a new expedition.

What it does when it meets natives is in :mod:`~.meeting`.

It reads only what its seat may know: the explored map (the same for everyone), the printed
board and tables, its own explorer, the others' public positions, and the faces of the
discovery counters it has seen or that are published; never the deck's order or the faces of
counters it has not seen.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from terra.games.nile import actions as act
from terra.games.nile import logistics, outfitting
from terra.games.nile.bots.meeting import GIFT_RESERVE, MEETING_CHOOSERS
from terra.games.nile.bots.partners import (
    PARTNER_CHOOSERS,
    europe_proposal,
    join_proposal,
    pooled_money,
)
from terra.games.nile.bots.prospects import (
    CEILING_MARGIN,
    HOME_PACE,
    distances_home,
    food_turns,
    haul,
    hex_worth,
    home_points,
    lost_chance,
    most_hex_worth,
    port_prospects,
    specialty_prospects,
    tables_pace,
    turns_to_walk,
    unpublished,
    waiting_worths,
    walks_from,
)
from terra.games.nile.explorer import Explorer
from terra.games.nile.joint import EVENLY, members_of
from terra.games.nile.offers import find_action
from terra.games.nile.party import discharge, gain
from terra.games.nile.phases import (
    ACTIVITY,
    COUNTERS,
    EUROPE,
    JOINT,
    MOVING,
    OUTFIT,
    PORT,
    PUBLISHING,
    RETREAT,
    SPECIALTY,
)
from terra.games.nile.terms import (
    ANIMALS,
    ASKARI,
    BEARER,
    CANOE,
    DESERT,
    GIFT,
    GUIDE,
    MUSKET,
    NORMAL,
    PEOPLE,
    RATION,
    RECKLESS,
    WATER,
)

if TYPE_CHECKING:
    from terra.games.nile.state import NileState

# --- outfitting (after the rulebook's foot sample expedition: 1 guide, 9 askaris, 17 bearers,
# 1 musket, 20 gifts, 140 rations for $1,000) ------------------------------------------------
ASKARI_SHARE = 0.4  # of the money, for askaris: they fight (13.41) and hunt (18.31)
MOST_ASKARIS = 9
GIFT_SHARE = 0.06  # of the money, for gifts: 15 gifts make a chief friendly 72% of the time
MOST_GIFTS = 40
GUIDE_FROM = 300  # dollars from which a guide is worth his pay (12.4: lost less often)
SECOND_GUIDE_FROM = 800  # and a second one: a guide deserts when the expedition is lost (12.2)

# --- supplies and going home ---------------------------------------------------------------
SAFETY_TURNS = 2  # turns of food kept in hand beyond the way back
RECKLESS_GAIN = 1.2  # reckless when it reaches this many times normal's new hexes (9.7)
SPARE_LOAD = 5  # items of spare capacity kept before discharging a bearer
CARRY_HOME = 30  # unpublished points worth a journey home even with food left
DISTANCE_WEIGHT = 2.0  # movement points added to a target's distance when ranking targets

# --- set-up and Europe ---------------------------------------------------------------------
TICKET_WORTH = 8.0  # a free ticket's $500, in points of prospects (a port choice)
SPECIALTY_MARGIN = 0.1  # specialties within this share of the best are chosen among at random


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


def _of_kind(state: NileState, legal: list[int], kind: int) -> list[int]:
    table = state.tables
    return [action for action in legal if table.kind[action] == kind]


# --- set-up and Europe ---------------------------------------------------------------------


def _choose_counter(state: NileState, legal: list[int], rng: random.Random) -> int:
    """4.4: anywhere allowed: the ports are not chosen yet."""
    return rng.choice(legal)


def _choose_port(state: NileState, legal: list[int], rng: random.Random) -> int:
    """4.5: the port with the best prospects (chosen in secret: the others' are unknown)."""
    seat = state.player
    table = state.tables
    scored = [(port_prospects(state, seat, table.args[a][0]), a) for a in legal]
    best = max(score for score, _ in scored)
    return rng.choice([a for score, a in scored if score >= best * 0.9])


def _choose_specialty(state: NileState, legal: Sequence[int], rng: random.Random) -> int:
    """4.6: one of the specialties with the best prospects."""
    scored = specialties_scored(state, legal)
    best = max(score for score, _ in scored)
    return rng.choice([a for score, a in scored if score >= best * (1 - SPECIALTY_MARGIN)])


def specialties_scored(state: NileState, legal: Sequence[int]) -> list[tuple[float, int]]:
    """Each specialty action of ``legal`` with its :func:`specialty_prospects`."""
    args = state.tables.args
    return [(specialty_prospects(state, args[a][0]), a) for a in legal]


def _publication(state: NileState, legal: list[int]) -> int:
    """22.1-22.2: ``publish`` everything (-1 when it is not legal). Keeping hexes back buys
    nothing a bot can count on: a ranked discovery claims its rank at the winning moment
    whenever its hex was published (decision N155), and a kept hex may be published first by
    another explorer (22.3)."""
    publish = find_action(state, act.PUBLISH)
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
    return find_action(state, act.DONE)


def _choose_in_europe(state: NileState, legal: list[int], rng: random.Random) -> int:
    """22, 26: publish everything; sail when the donations pay for an expedition (29.2: a
    joint expedition's pooled donations); else ask to pool them with another explorer's where
    together they would; else collect."""
    publication = _publication(state, legal)
    if publication >= 0:
        return publication
    seat = state.player
    explorer = state.explorers[seat]
    seats = members_of(state, seat)
    best: tuple[float, int] | None = None
    for action in _of_kind(state, legal, act.SAIL):
        port = state.tables.args[action][0]
        ticket = outfitting.ticket_for(state, explorer, port) >= 0
        money = pooled_money(state, seats, port)
        if money < _least_expedition(state):
            continue
        score = port_prospects(state, seat, port) + (TICKET_WORTH if ticket else 0.0)
        score += money / 100
        if best is None or score > best[0]:
            best = (score, action)
    if best is not None:
        return best[1]
    join = europe_proposal(state, legal, _least_expedition(state))
    return join if join >= 0 else find_action(state, act.COLLECT)


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
            action = find_action(state, act.BUY, good, amount)
            if action in legal:
                return action
    return find_action(state, act.DONE)


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
            action = find_action(state, act.LEAVE, good, 1)
            if action in legal:
                return action
    tables = state.data.tables
    excess = logistics.overload(party, explorer.mode, tables, explorer_works=explorer.carries)
    for good in PEOPLE:
        action = find_action(state, act.LEAVE_SICK, good, 1)
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


def wants_home(state: NileState, seat: int, home: dict[int, int]) -> bool:
    """Time to head for a port: food for little more than the way back, a winning haul, or a
    haul too big to risk."""
    explorer = state.explorers[seat]
    way_back = turns_to_walk(home_points(state, home, explorer.hex))
    if food_turns(explorer) <= way_back + SAFETY_TURNS:
        return True
    if state.game_two:  # 30.0: what is not published when the turns run out counts nothing
        if state.turn_limit - state.round <= way_back + SAFETY_TURNS + 1:
            return unpublished(state, explorer) > 0
    elif explorer.vp + unpublished(state, explorer) >= state.target:
        return True
    found = haul(state, explorer)
    party = explorer.party
    if party.askaris == 0 and party.bearers == 0 and party.guides == 0:
        return found > 0
    return found >= CARRY_HOME


def _choose_joint(state: NileState, legal: list[int], rng: random.Random) -> int:
    """29.6: a partner leaves with half of the joint expedition when it turns for home with
    food to spare (a haul to carry home), so that his half goes on exploring; else he stays,
    and it carries his discoveries home too (29.8)."""
    leader = state.explorers[state.player].joined
    head = state.explorers[leader]
    home = distances_home(state, head)
    if wants_home(state, leader, home):
        way = turns_to_walk(home_points(state, home, head.hex))
        if food_turns(head) > way + 2 * SAFETY_TURNS:  # a half eats half: the same turns
            return find_action(state, act.SPLIT, EVENLY)
    return find_action(state, act.DONE)


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
    europe = find_action(state, act.EUROPE)
    if europe in legal and (
        going_home or haul(state, explorer) > 0 or best_target(state, seat, home) is None
    ):
        return europe  # with nothing in reach of this port, start afresh from another (26)
    join = join_proposal(state, legal, going_home)
    if join >= 0:
        return join
    if _spare_bearer(state, explorer):
        leave = find_action(state, act.LEAVE, BEARER, 1)
        if leave in legal:
            return leave
    if going_home:
        way = home_points(state, home, explorer.hex)
        hurry = food_turns(explorer) < turns_to_walk(way) + 1
        return find_action(state, act.ACTIVITY, RECKLESS if hurry and way > HOME_PACE else NORMAL)
    # Reckless reaches two new hexes to normal's one, but gets lost more often (12.4).
    normal = 1 - lost_chance(state, explorer, explorer.hex, NORMAL)
    reckless = 1 - lost_chance(state, explorer, explorer.hex, RECKLESS)
    faster = reckless * (1 + reckless) > normal * RECKLESS_GAIN
    return find_action(state, act.ACTIVITY, RECKLESS if faster else NORMAL)


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
    action = find_action(state, act.MOVE, direction)
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
        return find_action(state, act.DONE)  # in port: sail next turn (21.4)
    if not wants_home(state, seat, home):
        target = best_target(state, seat, home)
        if target is not None:
            action = _move_towards(state, legal, target.step)
            if action >= 0:
                return action
            return find_action(state, act.DONE)
    action = _step_home(state, legal, home)
    if action >= 0:
        return action
    if explorer.party.rations == 0 and not explorer.party.fresh:
        for animal in ANIMALS:
            shoot = find_action(state, act.SHOOT, animal)
            if shoot in legal:
                return shoot
    return find_action(state, act.DONE)


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
    stay = find_action(state, act.STAY)
    terrain = state.territory.terrain[explorer.hex]
    dry = terrain == DESERT and not logistics.can_enter_desert(explorer.party, state.data.tables)
    if stay in legal and not dry:
        return stay
    return find_action(state, act.RETREAT)


_CHOOSERS = {
    COUNTERS: _choose_counter,
    PORT: _choose_port,
    SPECIALTY: _choose_specialty,
    OUTFIT: _choose_outfit,
    ACTIVITY: _choose_activity,
    MOVING: _choose_move,
    RETREAT: _choose_retreat,
    **MEETING_CHOOSERS,
    **PARTNER_CHOOSERS,
    JOINT: _choose_joint,
    EUROPE: _choose_in_europe,
    PUBLISHING: _choose_publishing,
}
