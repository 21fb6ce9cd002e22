"""Source of the Nile 3.13, the 108 Event cards: loaded from ``events.toml``, validated,
flattened to ints.

Every card carries one of each field the rulebook reads from a card: a Disaster (11), MAP:
Terrain (10.22-10.25), MAP: River with its situations A and B and River B's oasis and cataract
terrain (10.3, 10.51-10.52), Discover Natives (10.41), Spectacular Discovery (10.53-10.56), a
Bonus for each specialty (20.3) and a Donation (26). The deck is a tuple per field, indexed by
card (card number - 1).

Places. A disaster, a tribe or a bonus names where it happens: a basic terrain, ``river`` or
``any``. A place is a bit mask over the basic terrains plus a river bit, and so is a hex (see
:func:`hex_places`); a card applies to a hex when the two masks share a bit. A mixture contains
both its terrains; ``lake`` also covers the land around a lake (11.44); ``river`` covers a hex
with a river or an oasis.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field, model_validator

from terra.core.data import MAX_COUNT, DataFiles, LoadedData, Meta, Name, StrictModel
from terra.core.errors import DataError
from terra.games.nile.components.tables import Tables
from terra.games.nile.terms import (
    BASIC_TERRAINS,
    GOOD_IDS,
    SIZE_IDS,
    SPECIALTY_ABBREVIATIONS,
    SPECIALTY_IDS,
    TERRAIN_IDS,
    TERRAIN_MASK,
    Abbreviation,
    BasicTerrainId,
    Good,
    GoodId,
    SizeId,
    SpecialtyId,
    Terrain,
    TerrainId,
)

EVENTS_FILE = "events.toml"
DECK_SIZE = 108  # Components, 3.13
DIRECTIONS = 6  # the mapboard's compass (10.23)

# Places (see the module's docstring).
RIVER_BIT = 1 << BASIC_TERRAINS
ANYWHERE = (1 << (BASIC_TERRAINS + 1)) - 1
PLACE_IDS = (*TERRAIN_IDS[:BASIC_TERRAINS], "river", "any")
PLACE_MASKS = (*(1 << t for t in range(BASIC_TERRAINS)), RIVER_BIT, ANYWHERE)

# MAP: River (10.324-10.325).
CONTINUES, ENDS, FORKS = range(3)
RIVER_A_IDS = ("continues", "ends", "forks")
NO_RIVER, BEGINS, BEGINS_OR_EXTENDS, CROSSES = range(4)
RIVER_B_IDS = ("none", "begins", "begins-or-extends", "crosses")

# Disasters (11): what happens to whom.
KILLED, SICK, DESERTS, LOST, DELAYED, ATTACKED, GAINS = range(7)
EFFECT_IDS = ("killed", "sick", "desert", "lost", "delay", "attack", "gain")
THE_EXPLORER, TUSKS = len(GOOD_IDS), len(GOOD_IDS) + 1  # who a disaster names besides goods
WHO_IDS = (*GOOD_IDS, "explorer", "tusk")
ALL, HALF = -1, -2  # amounts besides a count
AVOIDS, HALVES, TREATS = range(3)
RELIEF_IDS = ("avoids", "halves", "treats")

# Bonuses (20): what the explorer finds.
PLANT, ANIMAL, MINERAL, TRIBE, TUSK_FIND, REPORT = range(6)
FIND_IDS = ("plant", "animal", "mineral", "tribe", "tusks", "report")
ROLL = -1  # no victory points printed: one die's worth (20.5)

# Which effects may name whom (11.2-11.45); ``None``: a delay or an attack names nobody.
_EFFECT_WHO = {
    "killed": {"bearer", "guide", "askari", "horse", "camel"},
    "sick": {"explorer", "bearer", "guide", "askari"},
    "desert": {"bearer", "guide", "askari", "horse", "camel"},
    "lost": {"canoe", "ration", "gift", "musket", "water"},
    "gain": {"ration", "gift", "musket", "water", "tusk"},
}

PlaceId = Literal["veldt", "lake", "mountain", "desert", "jungle", "swamp", "river", "any"]
NativesPlaceId = Literal["veldt", "lake", "mountain", "desert", "jungle", "swamp", "river"]
WhoId = Literal[GoodId, "explorer", "tusk"]
GainId = Literal["bearer", "guide", "askari", "ration", "gift", "musket"]
Direction = Annotated[int, Field(ge=1, le=DIRECTIONS)]
Amount = Annotated[int, Field(ge=1, le=MAX_COUNT)]


class TerrainCardSpec(StrictModel):
    compass: Annotated[list[Direction], Field(min_length=1, max_length=2)]
    terrain: TerrainId

    @model_validator(mode="after")
    def _two_directions(self) -> TerrainCardSpec:
        if len(set(self.compass)) != len(self.compass):
            raise ValueError("the two compass numbers must differ")
        return self


class RiverCardSpec(StrictModel):
    a: Literal["continues", "ends", "forks"]
    b: Literal["none", "begins", "begins-or-extends", "crosses"]
    oasis: bool
    cataract: Annotated[list[BasicTerrainId], Field(max_length=BASIC_TERRAINS)]

    @model_validator(mode="after")
    def _distinct(self) -> RiverCardSpec:
        if len(set(self.cataract)) != len(self.cataract):
            raise ValueError("a cataract terrain is listed twice")
        return self


class SpectacularSpec(StrictModel):
    waterfall: Annotated[int, Field(ge=1, le=10_000)] | None = None  # feet
    mountain: Annotated[int, Field(ge=1, le=40_000)] | None = None  # feet
    lake: Annotated[int, Field(ge=0, le=100_000)]  # extra square miles


class DisasterSpec(StrictModel):
    name: Name
    where: PlaceId
    effect: Literal["killed", "sick", "desert", "lost", "delay", "attack", "gain"]
    who: WhoId | None = None
    amount: Amount | Literal["half", "all"] | None = None
    spared: SpecialtyId | None = None
    relief: Literal["avoids", "halves", "treats"] | None = None
    shoot: bool = False
    band: SizeId | None = None
    ambush: bool = False

    @model_validator(mode="after")
    def _consistent(self) -> DisasterSpec:
        allowed = _EFFECT_WHO.get(self.effect)
        if allowed is None:
            if self.who is not None:
                raise ValueError(f"a disaster of effect {self.effect!r} names nobody")
        elif self.who not in allowed:
            raise ValueError(f"effect {self.effect!r} needs who: one of {sorted(allowed)}")
        if self.effect == "attack":
            if self.band is None or self.amount is not None:
                raise ValueError("an attack gives the band's size and no amount")
        elif self.band is not None or self.ambush:
            raise ValueError("only an attack has a band")
        elif self.amount is None:
            raise ValueError(f"effect {self.effect!r} needs an amount")
        if (self.spared is None) != (self.relief is None):
            raise ValueError("spared and relief go together")
        if self.relief == "treats" and self.effect != "sick":
            raise ValueError("only sickness can be treated")
        if self.relief == "halves" and not (isinstance(self.amount, int) and self.amount >= 2):
            raise ValueError("only a count of two or more can be halved")
        if self.shoot and self.effect not in ("killed", "lost"):
            raise ValueError("shooting (11.42) stops only an animal that kills or destroys")
        return self


class BonusSpec(StrictModel):
    find: Literal["plant", "animal", "mineral", "tribe", "tusks", "report"]
    name: Name
    where: PlaceId = "any"
    natives: bool = False
    vp: Annotated[int, Field(ge=0, le=100)] | None = None
    count: Amount = 1
    gain: dict[GainId, Amount] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _tusks_count(self) -> BonusSpec:
        if self.count != 1 and self.find != "tusks":
            raise ValueError("only tusks come in a count")
        return self


class DonationSpec(StrictModel):
    dollars: Annotated[int, Field(ge=1, le=100_000)] | None = None
    ticket: Name | None = None

    @model_validator(mode="after")
    def _one(self) -> DonationSpec:
        if self.dollars is not None and self.ticket is not None:
            raise ValueError("a donation is money or a free ticket, not both")
        return self


class CardSpec(StrictModel):
    number: Annotated[int, Field(ge=1, le=DECK_SIZE)]
    terrain: TerrainCardSpec
    river: RiverCardSpec
    natives: NativesPlaceId
    spectacular: SpectacularSpec
    disaster: DisasterSpec | None = None
    bonus: dict[Abbreviation, BonusSpec] = Field(default_factory=dict)
    donation: DonationSpec


class EventsFile(StrictModel):
    meta: Meta
    card: Annotated[list[CardSpec], Field(min_length=DECK_SIZE, max_length=DECK_SIZE)]


@dataclass(frozen=True, slots=True)
class Disaster:
    """A card's Disaster (11): ``effect`` on ``amount`` of ``who`` where the place matches."""

    name: str
    where: int  # place mask
    effect: int  # KILLED, SICK, DESERTS, LOST, DELAYED, ATTACKED or GAINS
    who: int  # a good, THE_EXPLORER or TUSKS; -1 for a delay or an attack
    amount: int  # a count (movement points for a delay), ALL or HALF; 0 for an attack
    spared: int  # the specialty that relieves it, or -1
    relief: int  # AVOIDS, HALVES or TREATS (an immediate Recovery roll, 11.41), or -1
    shoot: bool  # avoided by shooting the animal (11.42)
    band: int  # an attack's tribe size (11.43), else -1
    ambush: bool  # an attack that ambushes rather than charges


@dataclass(frozen=True, slots=True)
class Bonus:
    """One specialty's Bonus on a card (20.3-20.7)."""

    name: str  # the specimen's, tribe's or report's name (20.74: published once)
    find: int  # PLANT, ANIMAL, MINERAL, TRIBE, TUSK_FIND or REPORT
    where: int  # place mask
    natives: bool  # only with a native tribe in the hex
    vp: int  # victory points (per tusk for tusks); ROLL: one die (20.5)
    count: int  # tusks found; 1 otherwise
    gain: tuple[tuple[Good, int], ...]  # people or items that join the expedition


@dataclass(frozen=True, eq=False)
class EventDeck(LoadedData):
    """The 108 Event cards, one tuple per field indexed by card number - 1. Shared by all
    states; never mutated."""

    compass: tuple[tuple[int, ...], ...]  # MAP: Terrain's one or two directions, 1-6
    terrain: tuple[Terrain, ...]  # MAP: Terrain's terrain
    river_a: tuple[int, ...]  # CONTINUES, ENDS or FORKS
    river_b: tuple[int, ...]  # NO_RIVER, BEGINS, BEGINS_OR_EXTENDS or CROSSES
    oasis: tuple[bool, ...]  # River B: an oasis in a desert hex without river (10.51)
    cataract: tuple[int, ...]  # River B: place mask of the terrains with a cataract (10.52)
    natives: tuple[int, ...]  # Discover Natives: place mask (10.41)
    waterfall: tuple[int, ...]  # feet, 0: none (10.53)
    high_mountain: tuple[int, ...]  # feet, 0: none (10.54)
    lake_miles: tuple[int, ...]  # extra square miles (10.56)
    disaster: tuple[Disaster | None, ...]
    bonus: tuple[tuple[Bonus | None, ...], ...]  # [card][specialty]
    dollars: tuple[int, ...]  # a donation in dollars, 0: none or a ticket
    ticket: tuple[str, ...]  # a free ticket's port, "": none

    @property
    def size(self) -> int:
        return len(self.terrain)


def hex_places(terrain: Terrain, beside_lake: bool = False, water: bool = False) -> int:
    """The place mask of a hex: its terrain's parts, ``lake`` if it is in or beside a lake,
    ``river`` if it has a river or an oasis.

    >>> from terra.games.nile.terms import JUNGLE_SWAMP, SWAMP
    >>> hex_places(JUNGLE_SWAMP) & PLACE_MASKS[SWAMP] != 0
    True
    """
    mask = TERRAIN_MASK[terrain]
    if beside_lake:
        mask |= PLACE_MASKS[TERRAIN_IDS.index("lake")]
    if water:
        mask |= RIVER_BIT
    return mask


def _place(place: str) -> int:
    return PLACE_MASKS[PLACE_IDS.index(place)]


def _amount(amount: int | str | None) -> int:
    if amount == "all":
        return ALL
    if amount == "half":
        return HALF
    return amount if isinstance(amount, int) else 0


def _disaster(spec: DisasterSpec) -> Disaster:
    return Disaster(
        name=spec.name,
        where=_place(spec.where),
        effect=EFFECT_IDS.index(spec.effect),
        who=-1 if spec.who is None else WHO_IDS.index(spec.who),
        amount=_amount(spec.amount),
        spared=-1 if spec.spared is None else SPECIALTY_IDS.index(spec.spared),
        relief=-1 if spec.relief is None else RELIEF_IDS.index(spec.relief),
        shoot=spec.shoot,
        band=-1 if spec.band is None else SIZE_IDS.index(spec.band),
        ambush=spec.ambush,
    )


def _bonus(spec: BonusSpec) -> Bonus:
    return Bonus(
        name=spec.name,
        find=FIND_IDS.index(spec.find),
        where=_place(spec.where),
        natives=spec.natives,
        vp=ROLL if spec.vp is None else spec.vp,
        count=spec.count,
        gain=tuple((GOOD_IDS.index(good), n) for good, n in spec.gain.items()),
    )


def _bonuses(card: CardSpec) -> tuple[Bonus | None, ...]:
    """A card's bonuses in the order of the specialties (4.6)."""
    found: dict[str, Bonus] = {who: _bonus(spec) for who, spec in card.bonus.items()}
    return tuple(found.get(who) for who in SPECIALTY_ABBREVIATIONS)


def build_events(files: DataFiles) -> EventDeck:
    """The Event deck of ``events.toml``, cross-checked."""
    spec = files.model(EVENTS_FILE, EventsFile)
    where = files.where(EVENTS_FILE)
    cards = spec.card
    for i, card in enumerate(cards, start=1):
        if card.number != i:
            raise DataError(f"{where}: card {i} is numbered {card.number}; number them 1 to 108")
    return EventDeck(
        provisional=files.provisional,
        provenance=spec.meta.provenance.strip(),
        digest=files.digest,
        compass=tuple(tuple(c.terrain.compass) for c in cards),
        terrain=tuple(TERRAIN_IDS.index(c.terrain.terrain) for c in cards),
        river_a=tuple(RIVER_A_IDS.index(c.river.a) for c in cards),
        river_b=tuple(RIVER_B_IDS.index(c.river.b) for c in cards),
        oasis=tuple(c.river.oasis for c in cards),
        cataract=tuple(sum(_place(t) for t in c.river.cataract) for c in cards),
        natives=tuple(_place(c.natives) for c in cards),
        waterfall=tuple(c.spectacular.waterfall or 0 for c in cards),
        high_mountain=tuple(c.spectacular.mountain or 0 for c in cards),
        lake_miles=tuple(c.spectacular.lake for c in cards),
        disaster=tuple(None if c.disaster is None else _disaster(c.disaster) for c in cards),
        bonus=tuple(_bonuses(c) for c in cards),
        dollars=tuple(c.donation.dollars or 0 for c in cards),
        ticket=tuple(c.donation.ticket or "" for c in cards),
    )


def port_names(tables: Tables, deck: EventDeck) -> tuple[str, ...]:
    """Every port the tables and the deck name (markets for horses and camels, free tickets),
    once each, so that the game's loader can check them against the map's ports."""
    named: Iterable[str] = (
        *(port for ports in tables.sold_only_at for port in ports),
        *(port for port in deck.ticket if port),
    )
    return tuple(dict.fromkeys(named))
