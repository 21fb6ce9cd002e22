"""Source of the Nile: the end of a turn in Africa and what an explorer may do at any time.

8.3 step 4 (hunting, food and water, the sick, desertions; the numbers are
:mod:`terra.games.nile.logistics`'), step 5 (the bonus draw, 20), and at any time: discharging
and discarding (9.6), caches (17), shooting an animal for food (18.5), retiring (21.2); and
what follows an explorer's death (21.3).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction
from terra.core.moves import Move, fixed
from terra.games.nile import actions as act
from terra.games.nile import caches, logistics, publishing, rules
from terra.games.nile.actions import FIND_KINDS, plural
from terra.games.nile.caches import Cache
from terra.games.nile.chance import roll
from terra.games.nile.discoveries import bonus_draw, explain_leave_find, finds_at_hand
from terra.games.nile.explorer import IN_AFRICA, IN_EUROPE, Explorer
from terra.games.nile.loads import RULE_CAPABILITY, RULE_WATER, spare_capacity
from terra.games.nile.party import at_hand, discharge, gain
from terra.games.nile.terms import CAMEL, DESERT, DOCTOR, GOOD_IDS, HORSE, PEOPLE
from terra.games.nile.territory import erase

if TYPE_CHECKING:
    from terra.games.nile.state import NileState

RULE_ALTER = "Source of the Nile, 9.6 Altering the Expedition"
RULE_CACHE = "Source of the Nile, 17.0 Cache"
RULE_BONUS = "Source of the Nile, 20.0 Bonus Discoveries"
RULE_DEATH = "Source of the Nile, 21.3 Death and Retirement"


def end_of_turn(state: NileState, skip_upkeep: bool = False) -> None:
    """8.3 steps 4-5: upkeep, then the bonus draw; then the next seat's turn."""
    explorer = state.explorer(state.player)
    if not skip_upkeep and explorer.status == IN_AFRICA:
        if not turn_upkeep(state, explorer):
            return
        bonus_draw(state, explorer)
    if state.phase != rules.OVER:
        rules.end_turn(state)


def turn_upkeep(state: NileState, explorer: Explorer) -> bool:
    """8.3 step 4, 18-19: hunt, eat and drink, care for the sick, desertions. False when the
    explorer died of it."""
    data = state.data
    board = data.board
    hex_ = explorer.hex
    territory = state.territory
    at_port = board.port_of[hex_] >= 0
    tribe = territory.tribe[hex_]
    report = logistics.upkeep(
        explorer.party,
        data.tables,
        lambda: roll(state),
        terrain=territory.terrain[hex_],
        activity=max(0, state.turn.activity),
        oasis_or_river=bool(
            territory.oasis[hex_] or territory.river_in[hex_] or territory.river_out[hex_]
        ),
        provided_for=board.cape_colony[hex_] or (tribe > 0 and tribe in explorer.friendly),
        explorer_is_doctor=explorer.specialty == DOCTOR,
        doctor_at_hand=at_port or board.cape_colony[hex_],
    )
    strays = logistics.release_strays(
        explorer.party, explorer.mode, data.tables, explorer_works=explorer.carries
    )
    state.emit(
        "upkeep",
        player=state.player,
        hunted=report.hunted,
        deserted={GOOD_IDS[g]: n for g, n in report.feeding.deserted.items()},
        thirsty={GOOD_IDS[g]: n for g, n in report.drinking.deserted.items()},
        recovered={GOOD_IDS[g]: n for g, n in report.care.recovered.items()},
        died={GOOD_IDS[g]: n for g, n in report.care.died.items()},
        explorer_sick=explorer.party.explorer_sick,
        askari_deserted=report.askari_deserted,
        strays=strays,
    )
    if report.explorer_died:
        explorer_dies(state, "died in the wilderness")
        return False
    return True


# --- at any time (9.6, 17, 18.5, 21.2) -----------------------------------------------------


def leave(state: NileState, good: int, amount: int) -> None:
    """9.6: discharge healthy people, release animals, discard items (decision N160)."""
    discharge(state.explorer(state.player).party, good, amount)
    state.emit("left", player=state.player, good=good, amount=amount, sick=0)


def leave_sick(state: NileState, good: int, amount: int) -> None:
    """19.4, 9.7 Special: discharge sick people, each at the loss of a victory point
    (decision N160)."""
    explorer = state.explorer(state.player)
    sick = discharge(explorer.party, good, amount, sick=True)
    publishing.lose_vp(state, explorer, sick * -state.data.tables.awards.sick_discharged)
    state.emit("left", player=state.player, good=good, amount=amount, sick=sick)


def cache(state: NileState, good: int, amount: int) -> None:
    """17.1-17.5: bury items in the explorer's hex."""
    explorer = state.explorer(state.player)
    discharge(explorer.party, good, amount)
    buried = caches.make_cache(state.data.tables, explorer.hex, explorer.ident, ((good, amount),))
    explorer.caches.append(buried)
    state.emit("cached", player=state.player, hex=explorer.hex, good=good, amount=amount)


def cache_find(state: NileState, index: int) -> None:
    """17.4: bury a tusk, or the last specimen found, in the explorer's hex; it still scores
    for him if he brings it to Europe (20.71-20.72)."""
    explorer = state.explorer(state.player)
    party = explorer.party
    if index == 0:
        party.tusks -= 1
        buried = caches.make_cache(state.data.tables, explorer.hex, explorer.ident, (), tusks=1)
    else:
        specimen = party.specimens.pop()
        buried = caches.make_cache(
            state.data.tables, explorer.hex, explorer.ident, (), finds=(specimen,)
        )
    explorer.caches.append(buried)
    state.emit("cached-find", player=state.player, hex=explorer.hex, find=FIND_KINDS[index])


def cache_to_search(state: NileState) -> tuple[int, Cache] | None:
    """17.6, 17.8: the cache the explorer would search for in his hex, with the seat that
    holds it: his own first, then another explorer's in a published hex; None if none."""
    explorer = state.explorers[state.player]
    hex_ = explorer.hex
    published = bool(state.published[hex_])
    seats = (state.player, *(p for p in range(state.num_players) if p != state.player))
    for seat in seats:
        for found in state.explorers[seat].caches:
            if caches.may_search_cache(found, explorer.ident, hex_, published):
                return seat, found
    return None


def dig_up_cache(state: NileState) -> None:
    """17.6-17.8: search for a cache in the hex; on a one it is gone, and either way it
    leaves the map. Its tusks and specimens come back with it, but only the explorer who found
    them has them on his sheet to publish (20.6, decision N141)."""
    explorer = state.explorer(state.player)
    searched = cache_to_search(state)
    assert searched is not None
    seat, found = searched
    state.explorer(seat).caches.remove(found)
    published = bool(state.published[explorer.hex])
    recovered = caches.recover_cache(
        found, explorer.ident, explorer.hex, published, lambda: roll(state)
    )
    if recovered:
        for good, count in found.contents:
            gain(explorer.party, good, count)
        explorer.party.tusks += found.tusks
        explorer.party.specimens.extend(found.finds)
        state.emit("cache-recovered", player=state.player, hex=explorer.hex)
    else:
        state.emit("cache-gone", player=state.player, hex=explorer.hex)


def water_here(state: NileState, hex_: int) -> bool:
    """5.4441, 5.4443: water is found everywhere but in a desert hex without river or oasis."""
    territory = state.territory
    if territory.terrain[hex_] != DESERT:
        return True
    return bool(territory.oasis[hex_] or territory.river_in[hex_] or territory.river_out[hex_])


def take_water(state: NileState, good: int, amount: int) -> None:
    """5.4443: water is collected free, in any amount, where there is water."""
    explorer = state.explorer(state.player)
    gain(explorer.party, good, amount)
    state.emit("water-taken", player=state.player, amount=amount)


def shoot(state: NileState, good: int) -> None:
    """18.5: an animal shot gives ten fresh rations."""
    explorer = state.explorer(state.player)
    meat = logistics.shoot_animals(explorer.party, good, 1, state.data.tables)
    state.emit("shot", player=state.player, good=good, rations=meat)


def retire(state: NileState) -> None:
    """21.2: retirement is the same as death."""
    explorer_dies(state, "retired")


def explorer_dies(state: NileState, how: str) -> None:
    """21.3: unpublished discoveries and awards are lost, hexes only he visited are erased,
    and the player starts a new explorer in Europe at his next turn."""
    seat = state.player
    explorer = state.explorer(seat)
    board = state.data.board
    others = [e for p, e in enumerate(state.explorers) if p != seat]
    for hex_ in explorer.visited:
        if (
            not state.published[hex_]
            and board.terrain[hex_] != state.territory.terrain[hex_]
            and not any(other.known[hex_] for other in others)
        ):
            erase(state.writable_territory(), board, hex_)
    state.emit("explorer-died", player=seat, how=how)
    fresh = Explorer.new(board.num_hexes, explorer.ident + state.num_players)
    fresh.caches = explorer.caches  # 17.7: caches stay on the map, no longer his (N141)
    fresh.vp = explorer.vp
    fresh.vp_by = explorer.vp_by
    fresh.donations = explorer.donations
    fresh.counters = explorer.counters  # what the player has seen he remembers
    fresh.interviewed = explorer.interviewed
    fresh.status = IN_EUROPE
    state.explorers[seat] = fresh
    state.explorers_owned |= 1 << seat
    state.encounter = None
    state.phase = rules.MOVING  # the turn ends at once
    rules.end_turn(state)


# --- the moves ---------------------------------------------------------------------------------


def explain_leave(state: NileState, good: int, amount: int) -> IllegalAction | None:
    """9.6: whatever the expedition has; of people, the healthy (decision N160)."""
    party = state.explorers[state.player].party
    have = at_hand(party)[good]
    if have >= amount:
        return None
    if good in PEOPLE:
        sick = at_hand(party, sick=True)[good]
        name = GOOD_IDS[good]
        healthy = plural(name, have).replace(" ", " healthy ", 1) if have else f"no healthy {name}"
        also = f"; a sick one leaves by 'leave 1 sick {name}' (19.4)" if sick else ""
        return IllegalAction(f"the expedition has {healthy}{also}", "Source of the Nile, 9.6")
    return IllegalAction(f"the expedition has {have}", "Source of the Nile, 9.6")


def goods_at_hand(kind: int, *, sick: bool = False) -> act.Candidates:
    """9.6, 17.1, 19.4: only what the expedition has enough of (of people, the healthy, or the
    sick with ``sick``)."""

    def candidates(state: NileState) -> Iterable[int]:
        held = at_hand(state.explorers[state.player].party, sick=sick)
        return [
            action
            for action, good, amount in state.tables.goods_amount[kind]
            if held[good] >= amount
        ]

    return candidates


LEAVE = Move(
    name="leave",
    rule="Source of the Nile, 9.6",
    notation=act.write_leave,
    offer=act.exact(goods_at_hand(act.LEAVE)),
    explain=explain_leave,
    effect=leave,
)


def explain_leave_sick(state: NileState, good: int, amount: int) -> IllegalAction | None:
    """19.4: sick people the expedition has, at the loss of a victory point each."""
    have = at_hand(state.explorers[state.player].party, sick=True)[good]
    if have < amount:
        sick = plural(GOOD_IDS[good], have).replace(" ", " sick ", 1)
        return IllegalAction(f"the expedition has {sick}", "Source of the Nile, 19.4")
    return None


LEAVE_SICK = Move(
    name="leave sick",
    rule="Source of the Nile, 19.4",
    notation=act.write_leave_sick,
    offer=act.exact(goods_at_hand(act.LEAVE_SICK, sick=True)),
    explain=explain_leave_sick,
    effect=leave_sick,
)


def explain_cache(state: NileState, good: int, amount: int) -> IllegalAction | None:
    """17.1-17.2: items (and canoes), never people or animals."""
    return explain_leave(state, good, amount)


CACHE = Move(
    name="cache",
    rule="Source of the Nile, 17.1-17.5",
    notation=act.write_cache,
    offer=act.exact(goods_at_hand(act.CACHE)),
    explain=explain_cache,
    effect=cache,
)


def explain_cache_find(state: NileState, index: int) -> IllegalAction | None:
    """17.4: a tusk or specimen the expedition carries may be cached."""
    refused = explain_leave_find(state, index)
    return None if refused is None else IllegalAction(refused.reason, RULE_CACHE)


CACHE_FIND = Move(
    name="cache find",
    rule="Source of the Nile, 17.4",
    notation=act.write_cache_find,
    offer=act.exact(finds_at_hand(act.CACHE_FIND)),
    explain=explain_cache_find,
    effect=cache_find,
)


def explain_dig(state: NileState) -> IllegalAction | None:
    """17.6, 17.8: a cache of yours in this hex, or another explorer's in a published hex."""
    if cache_to_search(state) is None:
        return IllegalAction(
            "no cache here that you may search for (another explorer's only in a published hex)",
            RULE_CACHE,
        )
    return None


def _caches_here(state: NileState) -> Iterable[int]:
    """17.6: only where the explorer has buried a cache."""
    if cache_to_search(state) is None:
        return ()
    return range(state.tables.base[act.DIG], state.tables.end[act.DIG])


DIG = Move(
    name="dig",
    rule="Source of the Nile, 17.6-17.8",
    notation=fixed("dig up cache"),
    offer=act.exact(_caches_here),
    explain=explain_dig,
    effect=dig_up_cache,
)


def explain_shoot(state: NileState, good: int) -> IllegalAction | None:
    """18.5, 5.4425: an animal of the expedition."""
    if not state.explorers[state.player].party.count(good):
        name = "horse" if good == HORSE else "camel" if good == CAMEL else "animal"
        return IllegalAction(f"the expedition has no {name}", "Source of the Nile, 18.5")
    return None


def _animals_at_hand(state: NileState) -> Iterable[int]:
    """18.5: only the expedition's own animals."""
    party = state.explorers[state.player].party
    base = state.tables.base[act.SHOOT]
    return [base + offset for offset, held in enumerate((party.horses, party.camels)) if held]


SHOOT = Move(
    name="shoot",
    rule="Source of the Nile, 18.5",
    notation=act.write_shoot,
    offer=act.exact(_animals_at_hand),
    explain=explain_shoot,
    effect=shoot,
)


def explain_take(state: NileState, good: int, amount: int) -> IllegalAction | None:
    """5.4441-5.4443: where there is water, and as much as the expedition can carry (6.55)."""
    explorer = state.explorers[state.player]
    if not water_here(state, explorer.hex):
        return IllegalAction("there is no water in a desert hex without river or oasis", RULE_WATER)
    spare = spare_capacity(state)
    if amount > spare:
        room = f"it can carry {spare} more" if spare >= 0 else "it already carries too much"
        return IllegalAction(
            f"{amount} more water would overload the expedition: {room}", RULE_CAPABILITY
        )
    return None


def _water_at_hand(state: NileState) -> Iterable[int]:
    """5.4441, 6.55: only where there is water, and what the expedition can carry."""
    if not water_here(state, state.explorers[state.player].hex):
        return ()
    spare = spare_capacity(state)
    return [
        action
        for action, _good, amount in state.tables.goods_amount[act.TAKE_WATER]
        if amount <= spare
    ]


TAKE = Move(
    name="take",
    rule="Source of the Nile, 5.4441-5.4443",
    notation=act.write_take,
    offer=act.exact(_water_at_hand),
    explain=explain_take,
    effect=take_water,
)


def explain_retire(state: NileState) -> IllegalAction | None:
    """21.2: at any time, for any reason."""
    return None


RETIRE = Move(
    name="retire",
    rule="Source of the Nile, 21.2",
    notation=fixed("retire"),
    offer=act.exact(act.every(act.RETIRE)),
    explain=explain_retire,
    effect=retire,
)
