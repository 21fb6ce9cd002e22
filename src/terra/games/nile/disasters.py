"""Source of the Nile 11.0-11.45 Disasters: the Event card drawn for a disaster, whether it
strikes the expedition where it stands (11.2), and what it costs: members lost with their
loads (11.3), animals shot or lost (11.42), a band of natives (11.43), the explorer's death
(11.45).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from terra.games.nile import logistics
from terra.games.nile.chance import Roll, dice, draw, roll, two_dice
from terra.games.nile.components.events import (
    ALL,
    ATTACKED,
    AVOIDS,
    DELAYED,
    DESERTS,
    GAINS,
    HALF,
    HALVES,
    KILLED,
    LOST,
    SICK,
    THE_EXPLORER,
    TREATS,
    TUSKS,
    Disaster,
)
from terra.games.nile.components.events import KILLED as KILLED_BY_DISASTER
from terra.games.nile.discoveries import places_of
from terra.games.nile.europe import explorer_dies
from terra.games.nile.mapping import tribe_size_by_dice
from terra.games.nile.natives import battle, fight
from terra.games.nile.party import HEALTHY, explorer_armed, gain, lose, regain_respect
from terra.games.nile.party import SICK as SICK_SLOTS
from terra.games.nile.records import Encounter
from terra.games.nile.sickness import care_for_sick
from terra.games.nile.terms import BEARER, BY_CANOE, CANOE, GOOD_IDS, PEOPLE, ZOOLOGIST, Specialty

if TYPE_CHECKING:
    from terra.games.nile.state import NileState


SHOT_KILLS_FROM = 6  # 11.42: an animal is killed on a die roll of 6


ZOOLOGIST_KILLS_FROM = 5  # 11.42: a zoologist kills on 5 or 6


EXPLORER_DIES_FROM = 12  # 11.45: two dice of twelve kill the explorer instead


EXPLORER_DIES_FROM_ABSENT = 11  # 11.45: eleven or twelve when the person named is absent


@dataclass(frozen=True, slots=True)
class Shooting:
    """Shots at an animal (11.42)."""

    killed: bool
    shots: int  # dice rolled: shooting stops at the first kill


def shoot_animal(askaris: int, explorer_armed: bool, specialty: Specialty, roll: Roll) -> Shooting:
    """Source of the Nile 11.42: each healthy askari and the armed explorer shoot once, killing
    on a 6; a zoologist's own shot kills on 5 or 6 (decision N44)."""
    shots = 0
    if explorer_armed:
        shots += 1
        kills_from = ZOOLOGIST_KILLS_FROM if specialty == ZOOLOGIST else SHOT_KILLS_FROM
        if roll() >= kills_from:
            return Shooting(True, shots)
    for _ in range(askaris):
        shots += 1
        if roll() >= SHOT_KILLS_FROM:
            return Shooting(True, shots)
    return Shooting(False, shots)


def disaster_ignored(disaster: Disaster, present: int) -> bool:
    """Source of the Nile 11.2, 11.45: a disaster naming what the expedition lacks is ignored,
    except one that kills people, which still endangers the explorer (decision N43)."""
    if disaster.who < 0 or disaster.who >= len(GOOD_IDS):
        return False
    return present == 0 and not (disaster.effect == KILLED and disaster.who in PEOPLE)


@dataclass(frozen=True, slots=True)
class Deaths:
    """People a disaster kills (11.45): the explorer may die instead of one of them."""

    killed: int  # of the people named, in the expedition
    explorer_killed: bool


def killed_by_disaster(killed: int, present: int, roll: Roll) -> Deaths:
    """Source of the Nile 11.45: two dice for each person killed; twelve kills the explorer
    instead, eleven or twelve when that person is not in the expedition."""
    dead = 0
    for person in range(killed):
        absent = person >= present
        dies_from = EXPLORER_DIES_FROM_ABSENT if absent else EXPLORER_DIES_FROM
        if two_dice(roll) >= dies_from:
            return Deaths(dead, True)
        if not absent:
            dead += 1
    return Deaths(dead, False)


@dataclass(frozen=True, slots=True)
class Band:
    """A band a Disaster or a Bonus sets on the expedition (11.43): it attacks at once, has no
    village and no marker, and is gone after the phase."""

    size: int
    ambush: bool


def band_of(disaster: Disaster) -> Band | None:
    """Source of the Nile 11.43: the band a disaster sends, if any."""
    return None if disaster.band < 0 else Band(disaster.band, disaster.ambush)


RULE_DISASTER = "Source of the Nile, 11.0 Disasters"


def disaster_strikes_here(state: NileState, disaster: Disaster) -> bool:
    """11.2, 11.44: the disaster's place is the expedition's hex (a lake's shore reaches the
    hexes around it)."""
    return bool(disaster.where & places_of(state, state.explorers[state.player].hex))


def draw_disaster(state: NileState) -> None:
    """8.3 step 2, 11: an Event card's disaster, if it strikes this expedition."""
    card = draw(state)
    disaster = state.data.deck.disaster[card]
    state.emit("disaster-drawn", player=state.player, card=card)
    if disaster is None or not disaster_strikes_here(state, disaster):
        return
    explorer = state.explorer(state.player)
    party = explorer.party
    who = disaster.who
    present = party.count(who) if 0 <= who < len(GOOD_IDS) else 0
    if disaster_ignored(disaster, present):
        return
    amount = _amount(disaster.amount, present)
    if disaster.spared == explorer.specialty:
        if disaster.relief == AVOIDS:
            state.emit("disaster-avoided", player=state.player, card=card)
            return
        if disaster.relief == HALVES:
            amount //= 2
    if disaster.shoot:
        shot = shoot_animal(party.askaris, explorer_armed(party), explorer.specialty, dice(state))
        if shot.killed:
            regain_respect(party)  # 5.52: a dangerous animal killed restores respect
            state.emit("animal-shot", player=state.player, card=card, shots=shot.shots)
            return
    state.emit("disaster", player=state.player, card=card, name=disaster.name, amount=amount)
    strike(state, disaster, amount, present)


def _amount(amount: int, present: int) -> int:
    if amount == ALL:
        return present
    if amount == HALF:
        return present // 2
    return amount


def strike(state: NileState, disaster: Disaster, amount: int, present: int) -> None:
    """11.2-11.45: the disaster's effect on the expedition."""
    explorer = state.explorer(state.player)
    party = explorer.party
    tables = state.data.tables
    who = disaster.who
    effect = disaster.effect
    if effect == KILLED_BY_DISASTER:
        if who in PEOPLE:
            deaths = killed_by_disaster(amount, present, dice(state))
            if deaths.explorer_killed:
                explorer_dies(state, disaster.name)
                return
            amount = deaths.killed
        _lose_members(state, who, amount)
    elif effect == SICK:
        if who == THE_EXPLORER:
            party.explorer_sick = True
        else:
            well = min(amount, getattr(party, HEALTHY[who]))
            setattr(party, HEALTHY[who], getattr(party, HEALTHY[who]) - well)
            setattr(party, SICK_SLOTS[who], getattr(party, SICK_SLOTS[who]) + well)
        if disaster.spared == explorer.specialty and disaster.relief == TREATS:
            care_for_sick(party, tables, dice(state), explorer_is_doctor=True)
    elif effect in (DESERTS, LOST):
        _lose_members(state, who, min(amount, present))
    elif effect == DELAYED:
        state.turn.allowance = max(0, state.turn.allowance - amount)
    elif effect == GAINS:
        if who == TUSKS:
            party.tusks += amount
            explorer.finds.append((-1, tables.awards.tusk * amount))
        else:
            gain(party, who, amount)
    elif effect == ATTACKED:
        if state.game_two:  # decision N208: a band as many as a tribe of the hex (33.3-33.4)
            thrown = [roll(state) for _ in range(state.data.game_two.tribe_dice)]
            size = tribe_size_by_dice(thrown, state.data.board.port_distance[explorer.hex])
            state.encounter = Encounter(explorer.hex, 0, size, band=True)
            fight(state, disaster.ambush)
            return
        state.encounter = Encounter(explorer.hex, 0, max(0, disaster.band), band=True)
        battle(state, disaster.ambush)


def _lose_members(state: NileState, who: int, count: int) -> None:
    """11.3: bearers on foot and canoes take their share of the load with them."""
    explorer = state.explorer(state.player)
    party = explorer.party
    if not count:
        return
    if (who == BEARER and explorer.mode != BY_CANOE) or who == CANOE:
        loss = logistics.lose_carriers(party, who, count, explorer.mode, state.data.tables)
        if loss.explorer:
            explorer_dies(state, "lost with the canoes")
    else:
        lose(party, who, count)
