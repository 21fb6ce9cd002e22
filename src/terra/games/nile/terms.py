"""Source of the Nile's terms: the things its rules name, as ints.

Terrains, activity levels, modes of travel, who the Movement Restrictions restrict, tribe
sizes, specialties and goods are fixed by the rulebook; each is an int indexing the tuples of
the loaded tables and cards, whose data gives the names and every number. The ``...Id``
literals are the ids the data files use; each tuple of ids is read from its literal.
"""

from __future__ import annotations

from typing import Literal, get_args

DIE = 6  # faces of a die

# Terrains (Mapping, 10.21): six basic terrains and the two mixtures jungle may form. The basic
# ones come first, so that a terrain's parts are bits of a mask (bit t: basic terrain t).
Terrain = int
VELDT, LAKE, MOUNTAIN, DESERT, JUNGLE, SWAMP, JUNGLE_SWAMP, JUNGLE_MOUNTAIN = range(8)
TerrainId = Literal[
    "veldt", "lake", "mountain", "desert", "jungle", "swamp", "jungle-swamp", "jungle-mountain"
]
BasicTerrainId = Literal["veldt", "lake", "mountain", "desert", "jungle", "swamp"]
TERRAIN_IDS: tuple[TerrainId, ...] = get_args(TerrainId)
BASIC_TERRAINS = 6
TERRAIN_PARTS: tuple[tuple[Terrain, ...], ...] = (
    *((t,) for t in range(BASIC_TERRAINS)),
    (JUNGLE, SWAMP),
    (JUNGLE, MOUNTAIN),
)
TERRAIN_MASK = tuple(sum(1 << p for p in parts) for parts in TERRAIN_PARTS)
TERRAIN_NAMES = (
    "veldt",
    "lake",
    "mountain",
    "desert",
    "jungle",
    "swamp",
    "jungle/swamp",
    "jungle/mountain",
)
BLANK = -1  # an unexplored hex: no terrain yet (3.2)
# Water that rivers join without being drawn through it, and that belongs to a river system
# (10.3211, 10.3351: "rivers, lakes, swamps (including jungle/swamp)").
WATER_TERRAINS = frozenset({LAKE, SWAMP, JUNGLE_SWAMP})

# Activity levels (Movement, 9.12) and modes of travel (9.11).
CAUTIOUS, NORMAL, RECKLESS = range(3)
ACTIVITY_IDS = ("cautious", "normal", "reckless")
FOOT, MOUNTED, BY_CANOE = range(3)
MODE_IDS = ("foot", "mounted", "canoe")

# Who the Movement Restrictions Chart restricts (9.43, 5.426-5.427, 5.432): people walking,
# horses and camels (ridden or led), canoes afloat. An expedition obeys every row that applies.
ON_FOOT, HORSES, CAMELS, CANOES = range(4)
TRAVELLER_IDS = ("foot", "horse", "camel", "canoe")
OPEN, CLOSED, ALONG_WATER = range(3)  # ALONG_WATER: only following a river or the coast
AccessId = Literal["open", "closed", "river"]
ACCESS_IDS: tuple[AccessId, ...] = get_args(AccessId)

# Tribe sizes (Native Strength, 10.42).
SMALL, MEDIUM, LARGE = range(3)
SizeId = Literal["small", "medium", "large"]
SIZE_IDS: tuple[SizeId, ...] = get_args(SizeId)

# The eight specialties in the order of 4.6, with the abbreviations of the Event cards (20.3).
Specialty = int
BOTANIST, DOCTOR, ETHNOLOGIST, EXPLORER, GEOLOGIST, JOURNALIST, MISSIONARY, ZOOLOGIST = range(8)
SpecialtyId = Literal[
    "botanist",
    "doctor",
    "ethnologist",
    "explorer",
    "geologist",
    "journalist",
    "missionary",
    "zoologist",
]
SPECIALTY_IDS: tuple[SpecialtyId, ...] = get_args(SpecialtyId)
Abbreviation = Literal["B", "D", "E", "Ex", "G", "J", "M", "Z"]
SPECIALTY_ABBREVIATIONS: tuple[Abbreviation, ...] = get_args(Abbreviation)

# Who and what an expedition is made of (Outfitting, 5.41-5.44).
Good = int
BEARER, GUIDE, ASKARI, HORSE, CAMEL, CANOE, RATION, GIFT, MUSKET, WATER = range(10)
GoodId = Literal[
    "bearer", "guide", "askari", "horse", "camel", "canoe", "ration", "gift", "musket", "water"
]
GOOD_IDS: tuple[GoodId, ...] = get_args(GoodId)
PEOPLE = (BEARER, GUIDE, ASKARI)
ANIMALS = (HORSE, CAMEL)
ITEMS = (RATION, GIFT, MUSKET, WATER)
