"""Source of the Nile's Expedition Make-up: who and what one explorer's expedition holds (6.1-6.6).

A :class:`Party` is flat ints (and one short list of the specimens carried), so that the state
machine can hold one per seat and clone it per search node. Ride and pack mounts are not
stored: they are interchangeable at any time (6.3), so :mod:`terra.games.nile.logistics` derives
them from the mode of travel. Here too are the plain changes of the make-up: losing people,
animals and items directly (disasters, desertions) and discharging them (9.6).
"""

from __future__ import annotations

from typing import ClassVar

from terra.core.errors import refusal
from terra.core.fields import COPY, SAME, Fielded, Fields
from terra.games.nile.components.tables import Tables
from terra.games.nile.terms import (
    ASKARI,
    BEARER,
    CAMEL,
    CANOE,
    GIFT,
    GOOD_IDS,
    GUIDE,
    HORSE,
    MUSKET,
    RATION,
    WATER,
    Good,
)

# The healthy and the sick of each kind of people, as Party's slot names.
HEALTHY = {BEARER: "bearers", GUIDE: "guides", ASKARI: "askaris"}
SICK = {BEARER: "sick_bearers", GUIDE: "sick_guides", ASKARI: "sick_askaris"}
# Everything else a Party counts, by good.
STOCK = {
    HORSE: "horses",
    CAMEL: "camels",
    CANOE: "canoes",
    RATION: "rations",
    GIFT: "gifts",
    MUSKET: "muskets",
    WATER: "water",
}


class Party(Fielded):
    """The Expedition Make-up of one explorer (6.1-6.6).

    ``bearers``, ``guides`` and ``askaris`` count the healthy, ``sick_...`` the sick (19.3).
    ``muskets`` are the muskets carried as items: askaris hired at a port bring their own
    (5.4452) and are not counted here; the explorer is armed while one is carried (decision
    N30). ``tusks`` count the tusks carried (20.71), ``specimens`` the bonus ids of the animal,
    plant and mineral specimens (20.72), in the order found. ``fresh`` are the fresh rations of
    this turn, which spoil at its end (18.2). ``debased``: the explorer has done a bearer's work
    and not yet regained the askaris' respect (5.52). ``camels_thirsty``: the camels went
    without water last turn in the desert and must drink double this turn (5.4444).
    """

    # In the order of the view's fields (and of the repr).
    FIELDS: ClassVar[Fields] = {
        "askaris": SAME,
        "bearers": SAME,
        "camels": SAME,
        "camels_thirsty": SAME,
        "canoes": SAME,
        "debased": SAME,
        "explorer_sick": SAME,
        "fresh": SAME,
        "gifts": SAME,
        "guides": SAME,
        "horses": SAME,
        "muskets": SAME,
        "partners": SAME,
        "rations": SAME,
        "sick_askaris": SAME,
        "sick_bearers": SAME,
        "sick_guides": SAME,
        "specimens": COPY,
        "tusks": SAME,
        "water": SAME,
    }
    __slots__ = tuple(FIELDS)

    def __init__(
        self,
        *,
        bearers: int = 0,
        guides: int = 0,
        askaris: int = 0,
        sick_bearers: int = 0,
        sick_guides: int = 0,
        sick_askaris: int = 0,
        horses: int = 0,
        camels: int = 0,
        canoes: int = 0,
        rations: int = 0,
        gifts: int = 0,
        muskets: int = 0,
        water: int = 0,
        tusks: int = 0,
        specimens: list[int] | None = None,
        explorer_sick: bool = False,
        debased: bool = False,
        fresh: int = 0,
        camels_thirsty: bool = False,
        partners: int = 0,
    ) -> None:
        self.bearers = bearers
        self.guides = guides
        self.askaris = askaris
        self.sick_bearers = sick_bearers
        self.sick_guides = sick_guides
        self.sick_askaris = sick_askaris
        self.horses = horses
        self.camels = camels
        self.canoes = canoes
        self.rations = rations
        self.gifts = gifts
        self.muskets = muskets
        self.water = water
        self.tusks = tusks
        self.specimens: list[int] = [] if specimens is None else specimens
        self.explorer_sick = explorer_sick
        self.debased = debased
        self.fresh = fresh
        self.camels_thirsty = camels_thirsty
        self.partners = partners

    def __repr__(self) -> str:
        fields = ", ".join(
            f"{name}={getattr(self, name)!r}"
            for name in Party.__slots__
            if getattr(self, name) not in (0, False, [])
        )
        return f"Party({fields})"

    def count(self, good: Good) -> int:
        """How many of ``good`` the expedition holds, healthy and sick together."""
        return self.counts()[good]

    def counts(self) -> tuple[int, ...]:
        """How many of each good the expedition holds (by good), healthy and sick together."""
        return (
            self.bearers + self.sick_bearers,
            self.guides + self.sick_guides,
            self.askaris + self.sick_askaris,
            self.horses,
            self.camels,
            self.canoes,
            self.rations,
            self.gifts,
            self.muskets,
            self.water,
        )


def named_counts(party: Party) -> dict[str, int]:
    """What the expedition holds, for the log: each good's id with its number (fresh food,
    tusks and specimens aside)."""
    return {GOOD_IDS[good]: count for good, count in enumerate(party.counts()) if count}


def at_hand(party: Party, *, sick: bool = False) -> tuple[int, ...]:
    """Source of the Nile 9.6, 19.4: what the expedition may part with, by good: of people the
    healthy (with ``sick`` the sick), of animals and items everything (decision N160)."""
    # Written out in the order of the goods (BEARER, GUIDE, ASKARI, HORSE, ...), as counts() is:
    # every legal-action listing of a turn asks.
    stock = (
        party.horses,
        party.camels,
        party.canoes,
        party.rations,
        party.gifts,
        party.muskets,
        party.water,
    )
    if sick:
        return (party.sick_bearers, party.sick_guides, party.sick_askaris, *stock)
    return (party.bearers, party.guides, party.askaris, *stock)


def members(party: Party) -> int:
    """Source of the Nile 6.2: the people hired, healthy and sick, without the explorer."""
    return (
        party.bearers
        + party.guides
        + party.askaris
        + party.sick_bearers
        + party.sick_guides
        + party.sick_askaris
    )


def people(party: Party) -> int:
    """Source of the Nile 6.2: the Total Expedition, the explorer included, and the explorers
    travelling with him in a joint expedition (29.1, decision N215)."""
    return members(party) + 1 + party.partners


def sick_people(party: Party) -> int:
    """Source of the Nile 19.3: the sick, who must be carried (the explorer included)."""
    return party.sick_bearers + party.sick_guides + party.sick_askaris + party.explorer_sick


def animals(party: Party) -> int:
    """Source of the Nile 5.42: horses and camels."""
    return party.horses + party.camels


def items(party: Party) -> int:
    """Source of the Nile 5.44: rations, gifts, muskets and water, one item each."""
    return party.rations + party.gifts + party.muskets + party.water


def bonus_weight(party: Party, tables: Tables) -> int:
    """Source of the Nile 20.71-20.72: the weight of the tusks and specimens carried."""
    carry = tables.logistics
    return party.tusks * carry.tusk_weight + len(party.specimens) * carry.specimen_weight


def explorer_armed(party: Party) -> bool:
    """Source of the Nile 5.4451, 5.51: the explorer fights and hunts while he has a musket."""
    return party.muskets > 0


def hunters(party: Party) -> int:
    """Source of the Nile 18.31, 19.3: the healthy askaris, and the explorer if armed and well."""
    return party.askaris + (explorer_armed(party) and not party.explorer_sick)


def gain(party: Party, good: Good, count: int) -> None:
    """Source of the Nile 14.7, 16.433, 17.6, 20.4: people (healthy) or goods join the
    expedition."""
    name = HEALTHY.get(good) or STOCK[good]
    setattr(party, name, getattr(party, name) + count)


def lose(party: Party, good: Good, count: int, *, sick: bool = False) -> int:
    """Source of the Nile 11.2, 18.4, 19.5: people, animals or items lost outright; returns how
    many went (never more than the expedition had).

    People are taken from the healthy (or with ``sick`` from the sick) first, then from the
    others. Nothing they carried goes with them: for losses with their loads see
    :func:`terra.games.nile.logistics.lose_carriers`.
    """
    if count <= 0:
        return 0
    names: tuple[str, ...]
    if good in HEALTHY:
        names = (SICK[good], HEALTHY[good]) if sick else (HEALTHY[good], SICK[good])
    else:
        names = (STOCK[good],)
    lost = 0
    for name in names:
        held = int(getattr(party, name))
        taken = min(held, count - lost)
        setattr(party, name, held - taken)
        lost += taken
    return lost


def discharge(party: Party, good: Good, count: int, *, sick: bool = False) -> int:
    """Source of the Nile 9.6: discharge people, release animals or discard items; returns the
    sick people discharged, each of whom costs a victory point (9.7 Special, 19.4)."""
    name = (SICK[good] if sick else HEALTHY[good]) if good in HEALTHY else STOCK[good]
    held = int(getattr(party, name))
    if not 0 <= count <= held:
        kind = ("sick " if sick and good in HEALTHY else "") + GOOD_IDS[good]
        raise refusal(
            "cannot_part_with",
            "cannot part with {count} of {kind}: the expedition has {held}",
            "Source of the Nile 9.6",
            count=count,
            kind=kind,
            held=held,
        )
    setattr(party, name, held - count)
    return count if sick and good in HEALTHY else 0


def debase_explorer(party: Party) -> None:
    """Source of the Nile 5.52: the explorer has done a bearer's work; askaris desert each turn
    from now on until he regains their respect."""
    party.debased = True


def regain_respect(party: Party) -> None:
    """Source of the Nile 5.52: a dangerous animal killed or a tribe beaten stops the
    desertions."""
    party.debased = False
