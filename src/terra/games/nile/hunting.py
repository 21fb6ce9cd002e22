"""Source of the Nile 18.1-18.8 Hunting and Food: the hunters' roll on the Hunting Table
(18.3-18.33, 18.7), everyone's ration, fresh first (18.1, 18.4-18.6, 18.8), fresh meat
spoiling (18.2), and an animal shot for food (18.5), the move ``shoot``. Who goes hungry first
is decision N34.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction, refusal
from terra.core.moves import Move
from terra.games.nile import actions as act
from terra.games.nile import offers
from terra.games.nile.chance import Roll
from terra.games.nile.components.tables import Tables
from terra.games.nile.logistics import GOOD_OF
from terra.games.nile.party import HEALTHY, SICK, Party, hunters, lose, members
from terra.games.nile.terms import (
    ANIMALS,
    ASKARI,
    BEARER,
    CAMEL,
    GOOD_IDS,
    GUIDE,
    HORSE,
    Good,
    Terrain,
)

if TYPE_CHECKING:
    from terra.games.nile.state import NileState


WANT_ORDER = (
    SICK[BEARER],
    SICK[ASKARI],
    SICK[GUIDE],
    HEALTHY[BEARER],
    HEALTHY[ASKARI],
    HEALTHY[GUIDE],
)


def hunt(party: Party, terrain: Terrain, activity: int, tables: Tables, roll: Roll) -> int:
    """Source of the Nile 18.3-18.33, 18.7: one Hunting Table roll for all the hunters; an
    explorer alone and unarmed hunts at a disadvantage. Returns the fresh rations gained."""
    shots = hunters(party)
    alone = shots == 0 and members(party) == 0 and not party.explorer_sick
    if not shots and not alone:
        return 0
    gained = tables.hunt(terrain, activity, roll(), unarmed_alone=alone) * max(shots, 1)
    party.fresh += gained
    return gained


def shoot_animals(party: Party, good: Good, count: int, tables: Tables) -> int:
    """Source of the Nile 5.4425, 18.5: animals shot for fresh meat; returns the rations."""
    if good not in ANIMALS or not 0 <= count <= party.count(good):
        raise refusal(
            "cannot_shoot_count",
            "cannot shoot {count} of {good}",
            "Source of the Nile 5.4425",
            count=count,
            good=GOOD_IDS[good],
        )
    lose(party, good, count)
    meat = count * tables.logistics.meat_per_animal
    party.fresh += meat
    return meat


def go_wanting(party: Party, wanting: int, gone: dict[Good, int]) -> None:
    """Remove ``wanting`` members in :data:`WANT_ORDER`, noting them in ``gone``."""
    for name in WANT_ORDER:
        if wanting <= 0:
            return
        held = int(getattr(party, name))
        leaving = min(held, wanting)
        if leaving:
            setattr(party, name, held - leaving)
            gone[GOOD_OF[name]] = gone.get(GOOD_OF[name], 0) + leaving
            wanting -= leaving


@dataclass(slots=True)
class Feeding:
    """What the expedition ate, and who starved (18.4-18.6, 5.4424)."""

    fresh: int = 0  # fresh rations eaten
    rations: int = 0  # non-perishable rations eaten, horses' included
    deserted: dict[Good, int] = field(default_factory=dict)  # members who left starving
    horses_died: int = 0
    explorer_starved: bool = False  # and fell sick (18.6)


def feed(party: Party, tables: Tables, *, desert: bool, provided_for: bool = False) -> Feeding:
    """Source of the Nile 18.1, 18.4-18.6, 18.8, 5.4424: everyone eats a ration, fresh first;
    the unfed desert, a starving explorer falls sick; horses ending in desert eat four rations
    or die. Nobody eats in Cape Colony or with a friendly tribe."""
    fed = Feeding()
    if provided_for:
        return fed
    carry = tables.logistics
    per_man = carry.rations_per_man
    food = party.fresh + party.rations
    heads = 1 + party.partners  # the explorers eat first (29.1, decision N215)
    if food < per_man:
        fed.explorer_starved = True
        party.explorer_sick = True
        eaters = 0
    else:
        eaters = min(heads, food // per_man)
        eaters += min(members(party), (food - eaters * per_man) // per_man)
    go_wanting(party, members(party) + heads - max(eaters, heads), fed.deserted)
    eaten = eaters * per_man
    fed.fresh = min(party.fresh, eaten)
    fed.rations = eaten - fed.fresh
    party.fresh -= fed.fresh
    party.rations -= fed.rations
    if desert and party.horses:
        fed_horses = min(party.horses, party.rations // carry.horse_desert_rations)
        fed.rations += fed_horses * carry.horse_desert_rations
        party.rations -= fed_horses * carry.horse_desert_rations
        fed.horses_died = party.horses - fed_horses
        party.horses = fed_horses
    return fed


def spoil_fresh(party: Party) -> int:
    """Source of the Nile 18.2, 5.4421: fresh rations not eaten this turn spoil."""
    spoiled, party.fresh = party.fresh, 0
    return spoiled


def shoot(state: NileState, good: int) -> None:
    """18.5: an animal shot gives ten fresh rations."""
    explorer = state.explorer(state.player)
    meat = shoot_animals(explorer.party, good, 1, state.data.tables)
    state.emit("shot", player=state.player, good=good, rations=meat)


def explain_shoot(state: NileState, good: int) -> IllegalAction | None:
    """18.5, 5.4425: an animal of the expedition."""
    if not state.explorers[state.player].party.count(good):
        name = "horse" if good == HORSE else "camel" if good == CAMEL else "animal"
        return refusal(
            "no_animal", "the expedition has no {animal}", "Source of the Nile, 18.5", animal=name
        )
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
    offer=offers.exact(_animals_at_hand),
    explain=explain_shoot,
    effect=shoot,
)
