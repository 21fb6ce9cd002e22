"""Source of the Nile 19.1-19.6 Sickness: the Recovery rolls of the sick (19.1-19.2, 19.6,
decision N35), thirst in the desert (19.5, 5.4444), and sick people left behind, a victory
point each (19.4), the move ``leave sick``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction, refusal
from terra.core.moves import Move
from terra.games.nile import actions as act
from terra.games.nile import offers, publishing
from terra.games.nile.actions import plural
from terra.games.nile.chance import Roll
from terra.games.nile.components.tables import DIES, RECOVERS, Tables
from terra.games.nile.expedition import goods_at_hand
from terra.games.nile.hunting import go_wanting
from terra.games.nile.logistics import CAMEL_WATERING, GOOD_OF
from terra.games.nile.party import SICK, Party, at_hand, discharge, gain, lose, members
from terra.games.nile.runs import emit_run
from terra.games.nile.terms import ASKARI, BEARER, CAMEL, GOOD_IDS, GUIDE, HORSE, Good

if TYPE_CHECKING:
    from terra.games.nile.state import NileState


CARE_ORDER = (SICK[GUIDE], SICK[ASKARI], SICK[BEARER])


@dataclass(slots=True)
class Drinking:
    """What the expedition drank in the desert, and who left without water (19.5)."""

    water: int = 0
    deserted: dict[Good, int] = field(default_factory=dict)  # people, camels and horses
    explorer_died: bool = False


def drink(party: Party, tables: Tables, *, dry: bool) -> Drinking:
    """Source of the Nile 5.4444, 19.5: in a desert hex without river or oasis each man drinks
    three, a horse eight, a camel sixteen every second turn; the rest desert, and an explorer
    without water dies."""
    drank = Drinking()
    if not dry:
        party.camels_thirsty = False  # they drink their fill where there is water
        return drank
    carry = tables.logistics
    if party.water < carry.water_per_man:
        drank.explorer_died = True
        return drank
    watered = min(members(party), (party.water - carry.water_per_man) // carry.water_per_man)
    go_wanting(party, members(party) - watered, drank.deserted)
    drank.water = (1 + watered) * carry.water_per_man
    party.water -= drank.water
    if party.camels:
        if party.camels_thirsty:
            need = carry.water_per_camel * CAMEL_WATERING
            camels = min(party.camels, party.water // need)
            drank.water += camels * need
            party.water -= camels * need
            if party.camels > camels:
                drank.deserted[CAMEL] = party.camels - camels
            party.camels = camels
        party.camels_thirsty = not party.camels_thirsty
    if party.horses:
        horses = min(party.horses, party.water // carry.water_per_horse)
        drank.water += horses * carry.water_per_horse
        party.water -= horses * carry.water_per_horse
        if party.horses > horses:
            drank.deserted[HORSE] = party.horses - horses
        party.horses = horses
    return drank


@dataclass(slots=True)
class Care:
    """What the Recovery Table did to the sick (19.2)."""

    recovered: dict[Good, int] = field(default_factory=dict)
    died: dict[Good, int] = field(default_factory=dict)
    explorer_recovered: bool = False
    explorer_died: bool = False


def care_for_sick(
    party: Party,
    tables: Tables,
    roll: Roll,
    *,
    explorer_is_doctor: bool = False,
    doctor_at_hand: bool = False,
) -> Care:
    """Source of the Nile 19.1-19.2, 19.6: one Recovery roll for each sick person, the explorer
    first; a doctor helps if the explorer is one and was well when the care began, and there is
    one in every port and Cape Colony hex."""
    care = Care()
    doctor = doctor_at_hand or (explorer_is_doctor and not party.explorer_sick)
    if party.explorer_sick:
        result = tables.recover(roll(), doctor)
        if result == DIES:
            care.explorer_died = True
            return care
        if result == RECOVERS:
            party.explorer_sick = False
            care.explorer_recovered = True
    for name in CARE_ORDER:
        good = GOOD_OF[name]
        for _ in range(int(getattr(party, name))):
            result = tables.recover(roll(), doctor)
            if result == RECOVERS:
                lose(party, good, 1, sick=True)
                gain(party, good, 1)
                care.recovered[good] = care.recovered.get(good, 0) + 1
            elif result == DIES:
                lose(party, good, 1, sick=True)
                care.died[good] = care.died.get(good, 0) + 1
    return care


def leave_sick(state: NileState, good: int, amount: int) -> None:
    """19.4, 9.7 Special: discharge sick people, each at the loss of a victory point
    (decision N160)."""
    explorer = state.explorer(state.player)
    sick = discharge(explorer.party, good, amount, sick=True)
    publishing.lose_vp(state, explorer, sick * -state.data.tables.awards.sick_discharged)
    emit_run(state, "left", ("amount",), player=state.player, good=good, amount=amount, sick=sick)


def explain_leave_sick(state: NileState, good: int, amount: int) -> IllegalAction | None:
    """19.4: sick people the expedition has, at the loss of a victory point each."""
    have = at_hand(state.explorers[state.player].party, sick=True)[good]
    if have < amount:
        return refusal(
            "few_sick",
            "the expedition has {count} sick {people}",
            "Source of the Nile, 19.4",
            count=have,
            people=plural(GOOD_IDS[good], have).partition(" ")[2],
        )
    return None


LEAVE_SICK = Move(
    name="leave sick",
    rule="Source of the Nile, 19.4",
    notation=act.write_leave_sick,
    offer=offers.exact(goods_at_hand(act.LEAVE_SICK, sick=True)),
    explain=explain_leave_sick,
    effect=leave_sick,
)
