"""Source of the Nile 5.3-5.45, 6.5-6.55, 9.1-9.28, 11.3: the expedition's logistics:
outfitting prices, portage and transport capability, movement allowance, canoes, losses, and
water for the desert.

Pure rules over one :class:`~terra.games.nile.party.Party`: no turns, seats or actions. Every
number comes from the loaded :class:`~terra.games.nile.components.tables.Tables` except the
rulebook's own fixed procedures, named below with their sections. Functions that need dice take
``roll``, a callable returning one die (1-6), and call it only when the rule rolls.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from terra.core.data import fold_name
from terra.core.errors import IllegalAction, refusal
from terra.games.nile.components import Components
from terra.games.nile.components.tables import Tables
from terra.games.nile.party import (
    HEALTHY,
    SICK,
    STOCK,
    Party,
    animals,
    bonus_weight,
    gain,
    items,
    lose,
    people,
    sick_people,
)
from terra.games.nile.phases import RULE_OUTFIT
from terra.games.nile.terms import (
    BEARER,
    BY_CANOE,
    CAMEL,
    CANOE,
    FOOT,
    GOOD_IDS,
    HORSE,
    ITEMS,
    MOUNTED,
    Good,
)

Roll = Callable[[], int]

# 9.22-9.25: whole bearers per canoe from which a crew loses these movement points.
CREW_PENALTIES = ((8, 0), (4, 1), (2, 2), (1, 3))
FALLS_OFFSET = 3  # 9.28: canoes over the falls are one die less three
CAMEL_WATERING = 2  # 5.4444: a camel may drink once every second turn in the desert
# Who goes hungry or thirsty first (decision N34): the sick before the healthy, bearers before
# askaris before guides. The explorer eats and drinks before anyone.
GOOD_OF = {name: good for good, name in (*HEALTHY.items(), *SICK.items())}
# The order of the Recovery rolls after the explorer's own (decision N35).


# --- Outfitting (5.3-5.45, 26.6) -------------------------------------------------------------


def price(tables: Tables, good: Good) -> int:
    """Source of the Nile 5.3: the Rates of Exchange price of one ``good`` at a port."""
    cost = tables.price[good]
    if cost < 0:
        raise refusal(
            "not_sold_at_ports",
            "{good} is not sold at the ports",
            "Source of the Nile 5.4441",
            good=tables.good_names[good],
        )
    return cost


def can_buy_at(data: Components, good: Good, port: int) -> bool:
    """Source of the Nile 5.426-5.427: whether ``port`` sells ``good`` (horses only at the Cape
    ports, camels only at Khartoum, water nowhere)."""
    tables = data.tables
    if tables.price[good] < 0:
        return False
    markets = tables.sold_only_at[good]
    return not markets or fold_name(data.board.port_names[port]) in {fold_name(m) for m in markets}


def outfit_cost(tables: Tables, purchases: Mapping[Good, int]) -> int:
    """Source of the Nile 5.3: what a list of purchases costs at the Rates of Exchange."""
    return sum(price(tables, good) * count for good, count in purchases.items())


def passage_fare(tables: Tables, free_ticket: bool) -> int:
    """Source of the Nile 26.6: sailing to Africa is free with a ticket, else the passage."""
    return 0 if free_ticket else tables.passage


def explain_purchase(
    data: Components, port: int, good: Good, count: int, money: int
) -> IllegalAction | None:
    """Source of the Nile 5.3, 5.426-5.427: a purchase within the money left, of what ``port``
    sells (horses and camels only where sold); ``None`` when it may be made."""
    tables = data.tables
    cost = tables.price[good] * count  # at the Rates of Exchange
    if cost > money:
        return refusal(
            "money_short",
            "{amount} cost ${cost}; you have ${money} left",
            RULE_OUTFIT,
            amount=count,
            cost=cost,
            money=money,
        )
    if not can_buy_at(data, good, port):
        return refusal(
            "not_sold_here",
            "{goods} are not sold at {port}",
            RULE_OUTFIT,
            goods=f"{tables.good_names[good]}s",
            port=data.board.port_names[port],
        )
    return None


def buy(data: Components, party: Party, port: int, good: Good, count: int, *, funds: int) -> int:
    """Source of the Nile 5.3, 5.4452: buy ``count`` of ``good`` at ``port`` out of ``funds``;
    returns the money left. Askaris bought at a port come with their own muskets."""
    if count < 0:
        raise refusal(
            "cannot_buy_count",
            "cannot buy {count} of {good}",
            "Source of the Nile 5.3",
            count=count,
            good=GOOD_IDS[good],
        )
    refused = explain_purchase(data, port, good, count, funds)
    if refused is not None:
        raise refused
    gain(party, good, count)
    return funds - data.tables.price[good] * count


def outfit(
    data: Components, port: int, purchases: Mapping[Good, int], funds: int | None = None
) -> Party:
    """Source of the Nile 5.1-5.3: a new expedition bought at ``port`` out of ``funds`` (the
    first outfit's $1,000 by default); money not spent is lost."""
    party = Party()
    left = data.tables.first_outfit if funds is None else funds
    cost = outfit_cost(data.tables, purchases)
    if cost > left:
        raise refusal(
            "outfit_too_dear",
            "the outfit costs ${cost}; only ${funds} is at hand",
            "Source of the Nile 5.3",
            cost=cost,
            funds=left,
        )
    for good, count in purchases.items():
        left = buy(data, party, port, good, count, funds=left)
    return party


# --- Portage cost and transport capability (5.41-5.43, 6.5-6.55, 19.3) -----------------------


def portage_cost(party: Party, mode: int, tables: Tables) -> int:
    """Source of the Nile 6.54: the weight the expedition must carry in ``mode`` (items and
    bonuses; canoes unless afloat; the sick on foot, everyone in canoes)."""
    carry = tables.logistics
    load = items(party) + bonus_weight(party, tables)
    if mode == BY_CANOE:
        return load + people(party) * carry.man_weight
    load += party.canoes * carry.canoe_weight
    if mode == FOOT:
        load += sick_people(party) * carry.man_weight
    return load


def _workers(party: Party, explorer_works: bool) -> int:
    """Healthy bearers, and the explorer when he does a bearer's work (5.51, 19.3)."""
    return party.bearers + (explorer_works and not party.explorer_sick)


def _duties(
    party: Party, mode: int, tables: Tables, explorer_works: bool
) -> tuple[int, int, int, int]:
    """The best assignment of duties in ``mode``: (capability, animals astray, overload), and
    the portage cost it was weighed against.

    Best means, in this order: the fewest animals left to wander off, the least overload, the
    greatest capability (decision N32).
    """
    carry = tables.logistics
    load = portage_cost(party, mode, tables)
    herd = animals(party)
    if mode == BY_CANOE:  # 5.424: no animal goes in a canoe
        capability = party.canoes * carry.canoe_load
        return capability, herd, max(0, load - capability), load
    canoes = party.canoes * carry.canoe_weight  # only bearers carry canoes (5.433)
    workers = _workers(party, explorer_works)
    if mode == MOUNTED:  # everyone rides (5.423); a mounted bearer only leads (5.425)
        riders = min(herd, people(party))
        led = min(herd - riders, workers * carry.animals_led)
        capability = riders * carry.ride_load + led * carry.pack_load
        return capability, herd - riders - led, max(0, load - capability, canoes), load
    # On foot the sick ride first: a ridden animal carries its rider and needs no leader, which
    # is a pack animal's load for free. The rest are led, or ridden by whoever is free to ride.
    sick_mounts = min(herd, sick_people(party)) if herd else 0
    carried_sick = sick_mounts * (carry.ride_load + carry.man_weight)
    rest = herd - sick_mounts
    if not rest:  # no animal left to lead or ride: every worker bears, the one assignment
        bearing = workers * carry.bearer_load
        capability = bearing + carried_sick
        return capability, 0, max(0, load - capability, canoes - bearing), load
    free_riders = party.guides + party.askaris + (not party.explorer_sick and not explorer_works)
    best = (herd + 1, 0, 0)
    most_leaders = min(workers, -(-rest // carry.animals_led)) if carry.animals_led else 0
    for leaders in range(most_leaders + 1):
        led = min(rest, leaders * carry.animals_led)
        ridden = min(rest - led, free_riders + leaders)  # a carrier cannot ride (5.425)
        bearing = (workers - leaders) * carry.bearer_load
        capability = bearing + led * carry.pack_load + ridden * carry.ride_load + carried_sick
        option = (rest - led - ridden, max(0, load - capability, canoes - bearing), -capability)
        best = min(best, option)
    return -best[2], best[0], best[1], load


def transport_capability(
    party: Party, mode: int, tables: Tables, *, explorer_works: bool = False
) -> int:
    """Source of the Nile 6.5-6.54: the most the expedition can carry in ``mode`` with the best
    assignment of duties."""
    return _duties(party, mode, tables, explorer_works=explorer_works)[0]


def overload(party: Party, mode: int, tables: Tables, *, explorer_works: bool = False) -> int:
    """Source of the Nile 6.55: how far the portage cost exceeds the transport capability (0
    when it fits); canoes carried on foot must fit the bearers' own loads."""
    return _duties(party, mode, tables, explorer_works=explorer_works)[2]


def excess_to_leave(
    party: Party, mode: int, tables: Tables, *, explorer_works: bool = False
) -> int:
    """Source of the Nile 6.55, 19.3, 18.6-18.7: what must be left behind before the turn may
    end. On foot a sick explorer must be carried, but he is no load that can be left: when
    nobody can carry him he lies where he is, unable to move, until he recovers, is carried or
    dies (decision N159), so only the overload beside his own weight counts here."""
    excess = overload(party, mode, tables, explorer_works=explorer_works)
    if not excess or mode != FOOT or not party.explorer_sick:
        return excess
    well = party.clone()
    well.explorer_sick = False
    return min(excess, overload(well, mode, tables))


def spare_capacity(party: Party, mode: int, tables: Tables, *, explorer_works: bool = False) -> int:
    """Source of the Nile 6.55: how much more the expedition can carry in ``mode`` (the best
    assignment of duties at the present load has the most capability of those that fit, so this
    is exact); negative by the overload when it already carries too much."""
    capability, _strays, excess, load = _duties(party, mode, tables, explorer_works=explorer_works)
    if excess:
        return -excess
    return capability - load


def stray_animals(party: Party, mode: int, tables: Tables, *, explorer_works: bool = False) -> int:
    """Source of the Nile 5.428: the animals neither ridden nor led, which wander off."""
    return _duties(party, mode, tables, explorer_works=explorer_works)[1]


def release_strays(party: Party, mode: int, tables: Tables, *, explorer_works: bool = False) -> int:
    """Source of the Nile 5.428: remove the animals that wander off (horses first); returns how
    many."""
    strays = stray_animals(party, mode, tables, explorer_works=explorer_works)
    gone = lose(party, HORSE, strays)
    return gone + lose(party, CAMEL, strays - gone)


def can_travel(party: Party, mode: int, tables: Tables, *, explorer_works: bool = False) -> bool:
    """Source of the Nile 5.423, 5.424, 5.434, 6.55: mounted only with everyone mounted, by
    canoe only with canoes and no animals, and never overloaded."""
    return travel_fit(party, mode, tables, explorer_works=explorer_works)[0]


def travel_fit(
    party: Party, mode: int, tables: Tables, *, explorer_works: bool = False
) -> tuple[bool, int]:
    """:func:`can_travel` and :func:`overload` at once (one assignment of duties)."""
    excess = overload(party, mode, tables, explorer_works=explorer_works)
    return excess == 0 and everyone_aboard(party, mode), excess


def everyone_aboard(party: Party, mode: int) -> bool:
    """Source of the Nile 5.423, 5.424, 5.434: mounted only with a mount for everyone, by canoe
    only with canoes and no animals (loads aside)."""
    if mode == MOUNTED:
        return animals(party) >= people(party)
    if mode == BY_CANOE:
        return party.canoes > 0 and not animals(party)
    return True


def explorer_must_carry(party: Party, mode: int, tables: Tables) -> bool:
    """Source of the Nile 5.51-5.52: the load fits only with the explorer doing a bearer's work
    (which costs him his askaris' respect)."""
    return (
        not party.explorer_sick
        and overload(party, mode, tables) > 0
        and overload(party, mode, tables, explorer_works=True) == 0
    )


# --- Movement (9.1-9.28, 9.5-9.52) -----------------------------------------------------------


def canoe_crew_penalty(party: Party, *, explorer_works: bool = False) -> int:
    """Source of the Nile 9.22-9.25: movement points lost for want of paddlers, by whole healthy
    bearers per canoe; -1 when not even one a canoe, and the canoes only drift (9.26)."""
    if party.canoes == 0:
        return 0
    per_canoe = _workers(party, explorer_works) // party.canoes
    for least, penalty in CREW_PENALTIES:
        if per_canoe >= least:
            return penalty
    return -1


def drifts_only(party: Party, *, explorer_works: bool = False) -> bool:
    """Source of the Nile 9.26: canoes without a bearer each only drift one hex downstream."""
    return canoe_crew_penalty(party, explorer_works=explorer_works) < 0


def movement_allowance(
    party: Party, mode: int, activity: int, tables: Tables, *, explorer_works: bool = False
) -> int:
    """Source of the Nile 9.11-9.12, 9.22-9.26: the turn's movement points by activity level
    and mode of travel, less a short-handed canoe crew's penalty (0 when they only drift)."""
    allowance = tables.allowance[mode][activity]
    if mode != BY_CANOE:
        return allowance
    penalty = canoe_crew_penalty(party, explorer_works=explorer_works)
    return 0 if penalty < 0 else max(0, allowance - penalty)


def allowance_after_mode_change(
    party: Party,
    new_mode: int,
    activity: int,
    allowance: int,
    tables: Tables,
    *,
    explorer_works: bool = False,
) -> int:
    """Source of the Nile 9.51: changing mode, the expedition takes the slower of its current
    allowance and the new mode's."""
    slower = movement_allowance(party, new_mode, activity, tables, explorer_works=explorer_works)
    return min(allowance, slower)


def must_stop_after_mode_change(spent: int, allowance: int) -> bool:
    """Source of the Nile 9.52: the explorer stops if he has already spent the slower mode's
    allowance."""
    return spent >= allowance


def portage_load(party: Party, tables: Tables) -> int:
    """Source of the Nile 9.27-9.271: what bearers carry round a cataract: the canoes, their
    cargo and the sick (the healthy walk)."""
    carry = tables.logistics
    return (
        party.canoes * carry.canoe_weight
        + items(party)
        + bonus_weight(party, tables)
        + sick_people(party) * carry.man_weight
    )


def can_portage(party: Party, tables: Tables, *, explorer_works: bool = False) -> bool:
    """Source of the Nile 9.27, 9.271, 5.433: enough bearers to lift a canoe between them."""
    bearing = _workers(party, explorer_works) * tables.logistics.bearer_load
    return bearing > 0 and (party.canoes == 0 or bearing >= tables.logistics.canoe_weight)


def portage_trips(party: Party, tables: Tables, *, explorer_works: bool = False) -> int:
    """Source of the Nile 9.272: the trips round a cataract, each costing a movement point."""
    if not can_portage(party, tables, explorer_works=explorer_works):
        raise refusal(
            "too_few_to_portage",
            "too few bearers to carry a canoe round the cataract",
            "Source of the Nile 9.271",
        )
    bearing = _workers(party, explorer_works) * tables.logistics.bearer_load
    return max(1, -(-portage_load(party, tables) // bearing))


def portage_points(party: Party, tables: Tables, *, explorer_works: bool = False) -> int:
    """Source of the Nile 9.272: the movement points a portage round a cataract costs."""
    return portage_trips(party, tables, explorer_works=explorer_works) * tables.portage_cost


# --- Losses (11.3, 20.73) ---------------------------------------------------------------------


@dataclass(slots=True)
class Loss:
    """What a loss took: people by kind (healthy and sick together), animals, canoes and items
    by good; the tusks and specimens (bonus ids) that went; whether the explorer went too."""

    lost: dict[Good, int] = field(default_factory=dict)
    tusks: int = 0
    specimens: list[int] = field(default_factory=list)
    explorer: bool = False

    def add(self, good: Good, count: int) -> None:
        if count:
            self.lost[good] = self.lost.get(good, 0) + count


def _carried(mode: int) -> tuple[tuple[str, Good], ...]:
    """What each carrier of ``mode`` bears a share of (11.3): the items, and on foot the canoes
    and the sick, in canoes every person."""
    shared = tuple((STOCK[good], good) for good in ITEMS)
    if mode == BY_CANOE:
        return shared + tuple((name, good) for good, name in (*HEALTHY.items(), *SICK.items()))
    return (
        *shared,
        (STOCK[CANOE], CANOE),
        *((name, good) for good, name in SICK.items()),
    )


def lose_carriers(party: Party, good: Good, count: int, mode: int, tables: Tables) -> Loss:
    """Source of the Nile 11.3, 20.73: bearers on foot or canoes afloat lost with an equal share
    of every item and person carried, each share rounded down; tusks and specimens stay while
    the carriers left can bear them. Any other loss takes nothing with it."""
    loss = Loss()
    if (good, mode) == (BEARER, FOOT):
        carriers, load = party.bearers, tables.logistics.bearer_load
    elif (good, mode) == (CANOE, BY_CANOE):
        carriers, load = party.canoes, tables.logistics.canoe_load
    else:
        loss.add(good, lose(party, good, count))
        return loss
    gone = min(count, carriers)
    if gone:
        for name, carried in _carried(mode):
            held = int(getattr(party, name))
            share = held * gone // carriers
            setattr(party, name, held - share)
            loss.add(carried, share)
        # The explorer is one person: his share is all of him only when every carrier goes.
        if gone == carriers and (mode == BY_CANOE or party.explorer_sick):
            loss.explorer = True
        loss.add(good, lose(party, good, gone))
    loss.add(good, lose(party, good, count - gone, sick=True))  # bearers too sick to carry
    left = (carriers - gone) * load
    while bonus_weight(party, tables) > left:
        if party.tusks:
            party.tusks -= 1
            loss.tusks += 1
        else:
            loss.specimens.append(party.specimens.pop())
    return loss


def over_the_falls(party: Party, tables: Tables, roll: Roll) -> Loss:
    """Source of the Nile 9.28: a canoe expedition meeting a cataract downstream in an
    unpublished hex for the first time loses one die less three canoes, with their share."""
    canoes = max(0, roll() - FALLS_OFFSET)
    return lose_carriers(party, CANOE, canoes, BY_CANOE, tables)


# --- Water in the desert (5.444, 19.5) --------------------------------------------------------


def water_needed(party: Party, tables: Tables) -> int:
    """Source of the Nile 5.4444: the water the men and animals drink this turn in the desert
    (camels only every second turn, then double)."""
    carry = tables.logistics
    camels = party.camels * carry.water_per_camel * CAMEL_WATERING if party.camels_thirsty else 0
    return people(party) * carry.water_per_man + party.horses * carry.water_per_horse + camels


def can_enter_desert(party: Party, tables: Tables) -> bool:
    """Source of the Nile 5.4442: an expedition enters a desert hex away from a river only
    with water enough for everyone it takes in."""
    return party.water >= water_needed(party, tables)


# --- The turn's upkeep: hunting, food, water, the sick, desertions (8.3 step 4, 18, 19) --------
