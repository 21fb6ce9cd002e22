"""Source of the Nile: the end of a turn in Africa and what an explorer may do at any time.

8.3 step 4 (hunting, food and water, the sick, desertions; the numbers are
:mod:`terra.games.nile.logistics`'), step 5 (the bonus draw, 20), and at any time: discharging
and discarding (9.6), caches (17), shooting an animal for food (18.5), retiring (21.2); and
what follows an explorer's death (21.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.games.nile import caches, logistics, rules, scoring
from terra.games.nile.actions import FIND_KINDS
from terra.games.nile.caches import Cache
from terra.games.nile.events import ANIMAL, PLANT, ROLL, TUSK_FIND, hex_places
from terra.games.nile.explorer import IN_AFRICA, IN_EUROPE, Explorer
from terra.games.nile.party import discharge, gain
from terra.games.nile.rules import draw, roll
from terra.games.nile.terms import DESERT, DOCTOR, GOOD_IDS, LAKE
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


def bonus_draw(state: NileState, explorer: Explorer) -> None:
    """20.1-20.7: in a hex mapped this turn, or with its tribe met for the first time this
    turn, a card's bonus for the explorer's specialty."""
    hex_ = explorer.hex
    turn = state.turn
    tribe = state.territory.tribe[hex_]
    if hex_ not in turn.mapped and not (tribe and tribe in turn.met_new):
        return
    card = draw(state)
    bonus = state.data.deck.bonus[card][explorer.specialty]
    if bonus is None or not bonus_applies(state, explorer, card):
        state.emit("no-bonus", player=state.player, card=card)
        return
    party = explorer.party
    vp = roll(state) if bonus.vp == ROLL else bonus.vp  # 20.5
    if bonus.find == TUSK_FIND:
        party.tusks += bonus.count
        vp *= bonus.count
    elif bonus.find in (PLANT, ANIMAL):
        party.specimens.append(card)  # 20.72: carried home
    for good, count in bonus.gain:
        gain(party, good, count)
    explorer.finds.append((card, vp))
    state.emit("bonus", player=state.player, card=card, name=bonus.name, vp=vp)


def places_of(state: NileState, hex_: int) -> int:
    """11.2, 11.44, 20.4: the places a card may name that a hex is: its terrain, by a lake
    (a lake's shore reaches the hexes around it), by a river or an oasis."""
    territory = state.territory
    beside_lake = any(
        there >= 0 and territory.terrain[there] == LAKE
        for there in state.data.board.neighbours[hex_]
    )
    water = bool(territory.river_in[hex_] or territory.river_out[hex_] or territory.oasis[hex_])
    return hex_places(territory.terrain[hex_], beside_lake, water)


def bonus_applies(state: NileState, explorer: Explorer, card: int) -> bool:
    """20.4, 20.74-20.75: the bonus's place and conditions hold, and it is not published yet."""
    bonus = state.data.deck.bonus[card][explorer.specialty]
    assert bonus is not None
    territory = state.territory
    hex_ = explorer.hex
    if not bonus.where & places_of(state, hex_):
        return False
    if bonus.natives and not territory.tribe[hex_]:
        return False
    if bonus.find == ANIMAL and not explorer.party.muskets:
        return False  # 20.75
    return bonus.name not in state.published_finds  # 20.74


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
    scoring.lose_vp(state, explorer, sick * -state.data.tables.awards.sick_discharged)
    state.emit("left", player=state.player, good=good, amount=amount, sick=sick)


def leave_find(state: NileState, index: int) -> None:
    """9.6, 20.73: a tusk, or the last specimen found, is left behind (its points with it)."""
    party = state.explorer(state.player).party
    if index == 0:
        party.tusks -= 1
    else:
        party.specimens.pop()
    state.emit("left-find", player=state.player, find=FIND_KINDS[index])


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
