"""Builds Source of the Nile's provisional Event deck (run once; the TOML it writes is the data).

``python -m tests.games.nile.make_events`` writes ``src/terra/games/nile/data/events.toml``.
Each field of the 108 cards has its own frequency table below; the values of a field are laid
on the cards in an order shuffled by a fixed, self-contained generator (so that the fields are
independent of one another and the file never changes unless a table does). The reasoning for
each table is in the comment above it and is written into the file's header with the counts.
"""

from __future__ import annotations

import hashlib
import itertools
import math
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

OUT = Path(__file__).resolve().parents[3] / "src/terra/games/nile/data/events.toml"
CARDS = 108  # Components, 3.13

# --- MAP: Terrain (10.22-10.25) --------------------------------------------------------------
# The terrain a card gives when both neighbours it points to are blank. Game II replaces the
# card by the Terrain Key and a fourth die that may mix jungle with swamp or mountain (32.22-
# 32.23): those odds, on 108 cards, are exactly these counts (veldt, lake, desert 1/6 each;
# jungle 1/6 x 4/6; swamp and mountain 1/6 x 5/6; each mixture 2/36).
TERRAINS = {
    "veldt": 18,
    "lake": 18,
    "desert": 18,
    "mountain": 15,
    "swamp": 15,
    "jungle": 12,
    "jungle-swamp": 6,
    "jungle-mountain": 6,
}
# The compass numbers: 90 cards carry two different directions (each of the 30 ordered pairs on
# three cards), 18 carry one (each direction on three). Every direction comes first on 18 cards
# and second on 15. With a third of the neighbours mapped, a new hex copies one of them about
# five times in nine (10.22: "very likely"); the one-number cards keep some surprise.
PAIRS_PER_ORDER = 3
SINGLES_PER_DIRECTION = 3

# --- MAP: River (10.32) ----------------------------------------------------------------------
# Situation A (a river leads into the hex): rivers usually continue. "Ends" only applies to a
# river flowing out of the hex (10.3242), so an upstream branch runs on average four hexes
# before a source, and with forks the branching stays below one new branch per hex.
RIVER_A = {"continues": 63, "ends": 27, "forks": 18}
# Situation B (no river leads in): most such hexes stay dry; a new river begins, comes out of
# a neighbouring swamp or lake, or crosses the hex in five cards of twelve.
RIVER_B = {"none": 63, "begins": 18, "begins-or-extends": 15, "crosses": 12}
# River B's oasis (10.51): Game II finds an oasis on an odd die (32.35), half the time.
OASIS = {True: 54, False: 54}
# River B's cataract terrain (10.52): Game II's Cataract Table (32.32), one die per card.
CATARACTS = {
    ("jungle", "veldt", "desert"): 18,
    ("desert", "mountain"): 18,
    ("mountain",): 36,
    (): 36,
}

# --- Discover Natives (10.41) ----------------------------------------------------------------
# Game II's Native Discovery Table (33.2) on two dice gives natives in veldt, swamp and jungle
# 6 times in 36, in mountains 9, in or beside a lake 3, by a river or oasis 6 more. One place
# per card reproduces those odds exactly on 108 cards: a veldt hex with a river finds natives
# on 36 cards of 108, as in Game II.
NATIVES = {"veldt": 18, "swamp": 18, "jungle": 18, "mountain": 27, "lake": 9, "river": 18}

# --- Spectacular Discovery (10.53-10.56) ------------------------------------------------------
# Game II's heights (32.33-32.34): a cataract of four dice multiplied, a waterfall from 40 feet
# (73% of cataracts: 79 cards); a mountain of (three dice multiplied + 100) x 100 feet, high
# from 15,000 feet (31%: 33 cards). The cards take that distribution's quantiles, nudged apart
# so that no two cards tie (one foot for falls, 100 feet for peaks). Lakes: every card adds
# its own extra square miles, 40 to 4,320 in steps of 40, so that lakes of equal size in hexes
# are always told apart (22.8).
FALLS_FROM, PEAKS_FROM, LAKE_STEP = 40, 15_000, 40

# --- Disasters (11) ---------------------------------------------------------------------------
# 50 cards name a disaster, 58 none. A disaster drawn where its place does not match, or naming
# what the expedition lacks, is ignored (11.2). With the deck's terrain odds and two hexes in
# five by a river, about one turn in four draws a disaster that applies: one in six anywhere,
# the rest bound to a terrain (a lake's reaches its shore, 11.44). Four are rewards (11.2: "not
# all cards are disasters"). Each specialty relieves some: a doctor treats sickness (an
# immediate Recovery roll, 11.41) or avoids his own fever; a zoologist knows the animals; a
# geologist the rocks and springs; a botanist the plants; an ethnologist the natives' ways; a
# missionary, an explorer and a journalist (promising fame in the papers) hold their men
# together. Animals that kill can be shot (11.42).
D = dict[str, Any]

# name, where, effect, who, amount, and how it is met: "<specialty> avoids|halves|treats",
# "shoot" (11.42), or for an attack "<band size> ambush|charge".
# fmt: off
DISASTER_TABLE: list[tuple[str, str, str, str | None, int | str | None, str | None]] = [
    ("Fever Among the Bearers", "any", "sick", "bearer", 2, "doctor treats"),
    ("Fever Among the Askaris", "any", "sick", "askari", 1, "doctor treats"),
    ("Dysentery", "any", "sick", "bearer", 3, "doctor treats"),
    ("The Explorer's Malaria", "any", "sick", "explorer", 1, "doctor avoids"),
    ("Bearers Desert", "any", "desert", "bearer", 3, "journalist halves"),
    ("The Guide Deserts", "any", "desert", "guide", 1, "ethnologist avoids"),
    ("Quarrel in Camp", "any", "desert", "askari", 1, "missionary avoids"),
    ("Mutiny", "any", "desert", "askari", 2, "explorer avoids"),
    ("Thieves in the Night", "any", "lost", "gift", 10, "ethnologist avoids"),
    ("Muskets Stolen", "any", "lost", "musket", 2, None),
    ("Weevils in the Biscuit", "any", "lost", "ration", 10, "botanist halves"),
    ("Poisonous Berries", "any", "sick", "bearer", 2, "botanist avoids"),
    ("Snakebite", "any", "killed", "bearer", 1, "zoologist avoids"),
    ("Lion in the Camp", "any", "killed", "askari", 1, "shoot"),
    ("Raiders' Ambush", "any", "attack", None, None, "small ambush"),
    ("Slave Raiders", "any", "attack", None, None, "medium charge"),
    ("Wild Honey", "any", "gain", "ration", 10, None),
    ("Abandoned Camp", "any", "gain", "gift", 5, None),
    ("Sandstorm", "desert", "delay", None, "all", None),
    ("Water Skins Burst", "desert", "lost", "water", "half", "geologist avoids"),
    ("Heatstroke", "desert", "killed", "horse", 2, None),
    ("Thirst", "desert", "desert", "bearer", 2, "geologist halves"),
    ("Mirage", "desert", "delay", None, 2, "explorer avoids"),
    ("Leopard", "jungle", "killed", "bearer", 1, "shoot"),
    ("Poisoned Arrows", "jungle", "killed", "askari", 1, None),
    ("Safari Ants", "jungle", "lost", "ration", 15, "zoologist avoids"),
    ("Sleeping Sickness", "jungle", "sick", "bearer", 3, "doctor treats"),
    ("Tangled Undergrowth", "jungle", "delay", None, 1, "botanist avoids"),
    ("Crocodile", "swamp", "killed", "bearer", 1, "shoot"),
    ("Swamp Malaria", "swamp", "sick", "bearer", 4, "doctor treats"),
    ("Canoe Holed", "swamp", "lost", "canoe", 1, None),
    ("Leeches", "swamp", "sick", "askari", 2, "doctor treats"),
    ("Bogged Down", "swamp", "delay", None, "all", None),
    ("Rockslide", "mountain", "killed", "bearer", 2, "geologist avoids"),
    ("Cold Nights", "mountain", "sick", "bearer", 2, "doctor treats"),
    ("A Horse Falls", "mountain", "killed", "horse", 1, None),
    ("A Camel Falls", "mountain", "killed", "camel", 1, None),
    ("Mountain Storm", "mountain", "delay", None, 2, "explorer avoids"),
    ("Squall", "lake", "lost", "canoe", 1, None),
    ("Hippopotamus", "lake", "lost", "canoe", 1, "shoot"),
    ("Lake Fever", "lake", "sick", "bearer", 2, "doctor treats"),
    ("Fishermen's Gift", "lake", "gain", "ration", 10, None),
    ("Rapids", "river", "lost", "canoe", 1, "explorer avoids"),
    ("Flood", "river", "lost", "ration", 15, None),
    ("River Crocodile", "river", "killed", "bearer", 1, "shoot"),
    ("Ford Washed Out", "river", "delay", None, 2, None),
    ("Lion", "veldt", "killed", "bearer", 1, "shoot"),
    ("Buffalo Stampede", "veldt", "killed", "askari", 1, "shoot"),
    ("Tsetse Fly", "veldt", "killed", "horse", 2, "zoologist avoids"),
    ("Elephants' Graveyard", "veldt", "gain", "tusk", 4, None),
]
# fmt: on


def disaster(row: tuple[str, str, str, str | None, int | str | None, str | None]) -> D:
    """A row of DISASTER_TABLE as the fields of a card's disaster."""
    name, where, effect, who, amount, met = row
    entry: D = {"name": name, "where": where, "effect": effect, "who": who, "amount": amount}
    if met == "shoot":
        entry["shoot"] = True
    elif met is not None and effect == "attack":
        band, how = met.split()
        entry.update(band=band, ambush=how == "ambush")
    elif met is not None:
        entry["spared"], entry["relief"] = met.split()
    return entry


DISASTERS = [disaster(row) for row in DISASTER_TABLE]

# --- Bonuses (20) -----------------------------------------------------------------------------
# Each specialty has its own list. Botanists and zoologists find the plants and animals the
# rulebook describes (and a few better known ones), geologists minerals, ethnologists tribes
# (with natives), missionaries and doctors mostly work among natives, journalists and explorers
# mostly report on the land. Without printed points a bonus is worth a die (20.5); a rarity is
# worth more. The lists are as long as it takes for each specialty to earn about the same from
# a draw: see BALANCE.
B = dict[str, Any]


def find(kind: str, name: str, where: str = "any", **more: Any) -> B:
    return {"find": kind, "name": name, "where": where, **more}


def plants(where: str, *names: str) -> list[B]:
    return [find("plant", n, where) for n in names]


def animals(where: str, *names: str) -> list[B]:
    return [find("animal", n, where) for n in names]


def minerals(where: str, *names: str) -> list[B]:
    return [find("mineral", n, where) for n in names]


def tribes(where: str, *names: str) -> list[B]:
    return [find("tribe", n, where, natives=True) for n in names]


def reports(where: str, *names: str, natives: bool = False) -> list[B]:
    among = {"natives": True} if natives else {}
    return [find("report", n, where, **among) for n in names]


# fmt: off
BONUSES: dict[str, list[B]] = {
    "B": [
        *plants("jungle", "African Violet", "Asparagus Fern", "Clivia nobilis", "Ebony",
                "Oil Palm", "Okume", "Sapele", "Kola Nut", "Strophanthus"),
        find("plant", "Streptocarpus rexii", "jungle", vp=4),
        *plants("mountain", "Acidanthera", "Delphinium macrocentron", "Galtonia candicans",
                "Nerine sarniensis", "Coffee Tree", "Protea", "Tree Heath"),
        find("plant", "Giant Tree Lobelia", "mountain", vp=4),
        *plants("desert", "Dragon Plant", "Euphorbia", "Stone Plant", "Stapelia",
                "Acanthosicyos horrida", "Commiphora saxicola", "Aloe", "Gum Arabic Tree"),
        find("plant", "Welwitschia mirabilis", "desert", vp=6),
        *plants("veldt", "Bird of Paradise Flower", "Gazania", "Gladiolus lilacens",
                "Ixia viridiflora", "Pelargonium", "Baobab Tree", "Frangipani Tree", "Sisal",
                "Umbrella Thorn", "Sausage Tree"),
        find("plant", "Stangeria paradoxa", "veldt", vp=4),
        *plants("swamp", "Drosera capensis", "White Arum Lily", "Papyrus", "Raffia Palm"),
        *plants("lake", "Blue Water Lily", "Water Chestnut"),
        *plants("river", "Date Palm", "Doum Palm", "Tamarind"),
    ],
    "Z": [
        *animals("desert", "Addax", "Dik-Dik", "Oryx", "Fennec Fox"),
        *animals("jungle", "African Giant Swallowtail", "Elephant Shrew", "Goliath Beetle",
                 "Pygmy Chimpanzee", "Royal Antelope", "Yellow-casqued Hornbill", "Pangolin",
                 "Mandrill"),
        find("animal", "Congo Peacock", "jungle", vp=4),
        find("animal", "Jentink's Duiker", "jungle", vp=5),
        find("animal", "Okapi", "jungle", vp=6),
        *animals("veldt", "Black Mamba", "Gerenuk", "Kori Bustard", "Lord Derby Eland", "Oribi",
                 "Termite Mounds", "Topi", "Aardvark", "Secretary Bird", "Wild Dog"),
        *animals("mountain", "Bongo", "Klipspringer", "Rock Hyrax", "Walia Ibex"),
        find("animal", "Mountain Gorilla", "mountain", vp=5),
        *animals("lake", "Cichlid Fish", "Fishing Eagle", "Flamingo"),
        *animals("swamp", "Kob", "Shoebill", "Sitatunga", "Lungfish"),
        *animals("river", "Water Chevrotain", "Pygmy Hippopotamus", "Nile Monitor"),
        find("tusks", "Ivory", "veldt", count=2, vp=1),
        find("tusks", "Forest Ivory", "jungle", count=3, vp=1),
    ],
    "G": [
        *minerals("desert", "Rock Salt", "Natron", "Gypsum", "Meteorite", "Amethyst",
                  "Petrified Wood", "Desert Roses", "Salt Springs"),
        find("mineral", "Fossil Bones", "desert", vp=4),
        *minerals("mountain", "Gold-bearing Quartz", "Iron Ore", "Tin", "Mica", "Graphite",
                  "Obsidian", "Sulphur", "Volcanic Crater", "Granite Dome", "Quartz Crystals"),
        find("mineral", "Emeralds", "mountain", vp=4),
        *minerals("river", "Alluvial Gold", "River Agates", "Garnets", "Alluvial Tin", "Kaolin"),
        find("mineral", "Alluvial Diamonds", "river", vp=5),
        *minerals("veldt", "Copper Ore", "Coal", "Ironstone Ridge", "Limestone Caves",
                  "Malachite", "Cobalt Bloom"),
        find("mineral", "Diamond Pipe", "veldt", vp=6),
        *minerals("swamp", "Bitumen", "Bog Iron", "Peat"),
        *minerals("jungle", "Laterite", "Manganese", "Bauxite"),
        *minerals("lake", "Soda Crust", "Hot Springs"),
    ],
    "E": [
        *tribes("any", "Azande", "Baganda", "Bakongo", "Bemba", "Chokwe", "Hehe", "Herero",
                "Kamba", "Kikuyu", "Kuba", "Luba", "Lunda", "Mangbetu", "Ngoni", "Nyamwezi",
                "Ovambo", "Tswana", "Yao"),
        *tribes("mountain", "Chagga"),
        *tribes("swamp", "Dinka", "Nuer"),
        *tribes("jungle", "Fang", "Mbuti"),
        *tribes("river", "Lozi", "Shilluk"),
        *tribes("veldt", "Maasai"),
        *tribes("desert", "San"),
        find("report", "An Interpreter Joins", natives=True, gain={"guide": 1}),
        find("report", "Rock Paintings", "mountain", vp=3),
        find("report", "Ancient Stone Tools", "veldt"),
        find("report", "Ruined Stone Walls", "veldt", vp=3),
        find("report", "Fossil Skull", "desert", vp=6),
    ],
    "M": [
        *reports("any", "A Chief Asks for a Teacher", "A Mission School", "Converts Baptised",
                 "Hymns Translated", "The Chief's Son Baptised", "Orphans Taken In",
                 "Land for a Mission", "Services in the Village", "Sermon Under the Great Tree",
                 "The Witch Doctor Won Over", "A Grammar of the Language",
                 "Scripture Translated", "A Chief Renounces War", natives=True),
        find("report", "A Chief Forbids the Slave Trade", natives=True, vp=4),
        find("report", "A Church Raised", natives=True, vp=3),
        find("report", "Peace Between Two Villages", natives=True, vp=3),
        find("report", "Slaves Set Free", natives=True, vp=4),
        find("report", "Converts Carry the Loads", natives=True, gain={"bearer": 2}),
        find("report", "The Mission Is Fed", natives=True, gain={"ration": 10}),
        find("report", "A Catechist Joins", natives=True, gain={"guide": 1}),
        *reports("mountain", "Cross on the Summit", "Sermon on the Mountain"),
        *reports("river", "Baptism in the River", "Prayers at the Great River"),
        *reports("lake", "Chapel on the Lake Shore"),
        *reports("desert", "Prayers at the Oasis"),
    ],
    "D": [
        *reports("any", "A Cataract Couched", "Wounds Dressed", "A Child Delivered",
                 "Yaws Treated", "Leprosy Studied", "The Healer's Pharmacy", "A Clinic Opened",
                 "A Bone Set", "Teeth Drawn", "Snakebite Antidote", "Dysentery Stopped",
                 "A Nurse Trained", "Eye Disease Treated", natives=True),
        find("report", "Smallpox Vaccination", natives=True, vp=4),
        find("report", "An Epidemic Halted", natives=True, vp=3),
        find("report", "The Chief's Son Cured", natives=True, gain={"ration": 10}),
        find("report", "Villagers Carry the Sick", natives=True, gain={"bearer": 2}),
        *reports("swamp", "Fever-Bark Tree", "Mosquito and Fever Notes"),
        *reports("mountain", "Medicinal Springs", "Mountain Sickness Notes"),
        *reports("jungle", "Sleeping Sickness Studied", "A Fever Remedy"),
        *reports("river", "Healing Clay"),
        *reports("desert", "Aloe Remedies", "Heatstroke Study"),
        *reports("lake", "Bilharzia in the Shallows"),
    ],
    "J": [
        *reports("any", "A War Dance", "Market Day", "Ivory Traders", "A Village Festival",
                 "Rain-Making Ceremony", "Iron Smelters at Work", "Talking Drums",
                 "A Chief's Tale", "Funeral Rites", "A Wrestling Match", "Hunters' Tales",
                 natives=True),
        find("report", "Slave Caravan Sighted", natives=True, vp=4),
        find("report", "Audience With a King", natives=True, vp=3),
        find("report", "An Arab Trading Post", natives=True, vp=3),
        *reports("veldt", "Great Herds on the Plain", "Locust Swarm", "Lion Hunt"),
        *reports("lake", "Storm on the Lake", "A Lake of Flamingos"),
        *reports("desert", "The Burning Sands", "A Mirage", "A Caravan Graveyard"),
        *reports("river", "Shooting the Rapids", "The Hippo Pool", "The Smoke That Thunders"),
        find("report", "Snow on the Equator", "mountain", vp=4),
        *reports("mountain", "A Smoking Volcano"),
        *reports("jungle", "Night in the Forest", "Gorillas", "The Forest Giants"),
        *reports("swamp", "Lost in the Reeds", "A Fever Diary"),
    ],
    "Ex": [
        *reports("mountain", "Survey From a Summit", "Hot Springs Found",
                 "A Pass Through the Range", "A Crater", "A Gorge", "The Watershed"),
        *reports("river", "A River Traced", "A Confluence", "Rapids Charted",
                 "A Navigable Reach"),
        *reports("desert", "Crossing the Sands", "A Salt Pan", "An Old Caravan Route",
                 "A Dry Valley"),
        *reports("lake", "The Lake Shore Mapped", "An Island in the Lake", "Lake Soundings"),
        *reports("jungle", "A Path Through the Forest", "Forest Giants Measured",
                 "A Forest Clearing"),
        *reports("swamp", "Wading the Marshes", "The Floodplain Mapped", "Reed Islands"),
        *reports("veldt", "A Game Trail", "A Baobab Landmark", "The Great Escarpment"),
        *reports("any", "Astronomical Position Fixed", "Star Sights", "Longitude by the Moons"),
        find("report", "A Native Map", natives=True),
        find("tusks", "Ivory Cache", "veldt", count=3, vp=1),
        find("tusks", "Elephant Hunt", "veldt", count=2, vp=1),
        find("tusks", "Ivory From the Forest", "jungle", count=2, vp=1),
        find("tusks", "Ivory Traders' Hoard", natives=True, count=4, vp=1),
    ],
}
# fmt: on

# --- Donations (26) ---------------------------------------------------------------------------
# 30 cards give nothing, 60 money, 18 a free ticket. Money averages $118 a card: an explorer
# waiting in Europe with nothing to publish keeps five donations and draws one a turn (26.3-
# 26.4), about $700 and often a ticket: a modest expedition. Each point published draws one
# more card (26.5): about eight points pay for a $1,000 outfit, twenty for a large one (and a
# few tickets). Tickets favour the great ports of departure.
DONATIONS = {0: 30, 100: 30, 200: 15, 300: 9, 500: 4, 1000: 2}
TICKETS = {
    "Khartoum": 2,
    "Zanzibar": 2,
    "Capetown": 2,
    "Lagos": 2,
    "Luanda": 2,
    "Port Elizabeth": 1,
    "Durban": 1,
    "Lourenço Marques": 1,
    "Quelimane": 1,
    "Kilwa": 1,
    "Mombasa": 1,
    "Calabar": 1,
    "Brass": 1,
}

# --- The reference hex of BALANCE and the header ------------------------------------------------
# At a bonus draw (20.2: a hex mapped this turn, or a new tribe) the hex's terrain follows the
# card odds above, it has a river or an oasis two times in five, natives two times in five, and
# a lake beside it one time in ten.
WATER_SHARE, NATIVES_SHARE, LAKESHORE_SHARE = 0.4, 0.4, 0.1
SPECIALTIES = ("B", "D", "E", "Ex", "G", "J", "M", "Z")  # the order of 4.6

T = TypeVar("T")


def _numbers(salt: str) -> Iterator[int]:
    """SplitMix64 seeded from ``salt``: the same numbers on every machine and Python."""
    mask = (1 << 64) - 1
    state = int.from_bytes(hashlib.sha256(salt.encode()).digest()[:8], "big")
    while True:
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        yield z ^ (z >> 31)


def shuffled(values: Sequence[T], salt: str) -> list[T]:
    """``values`` in a fixed pseudo-random order (Fisher-Yates)."""
    items = list(values)
    numbers = _numbers(salt)
    for i in range(len(items) - 1, 0, -1):
        j = next(numbers) % (i + 1)
        items[i], items[j] = items[j], items[i]
    return items


def spread(counts: dict[T, int], salt: str) -> list[T]:
    """One value per card, each as often as ``counts`` says, shuffled."""
    values = [value for value, n in counts.items() for _ in range(n)]
    assert len(values) == CARDS, (salt, len(values))
    return shuffled(values, salt)


def padded(entries: Sequence[T], salt: str) -> list[T | None]:
    """``entries`` on as many cards, the other cards ``None``, shuffled."""
    assert len(entries) <= CARDS, salt
    return shuffled([*entries, *[None] * (CARDS - len(entries))], salt)


def compasses() -> list[tuple[int, ...]]:
    pairs = [p for p in itertools.permutations(range(1, 7), 2) for _ in range(PAIRS_PER_ORDER)]
    singles = [(d,) for d in range(1, 7) for _ in range(SINGLES_PER_DIRECTION)]
    return shuffled([*pairs, *singles], "compass")


def quantiles(values: list[int], n: int, step: int) -> list[int]:
    """``n`` quantiles of ``values``, raised where needed so that each is ``step`` above the
    one before."""
    ordered = sorted(values)
    picked: list[int] = []
    for k in range(n):
        value = ordered[int((k + 0.5) * len(ordered) / n)]
        picked.append(max(value, picked[-1] + step) if picked else value)
    return picked


def heights() -> tuple[list[int], list[int]]:
    """Game II's waterfall and high-mountain heights (32.33-32.34) on the cards' share of them."""
    falls = [math.prod(d) for d in itertools.product(range(1, 7), repeat=4)]
    peaks = [(math.prod(d) + 100) * 100 for d in itertools.product(range(1, 7), repeat=3)]
    spectacular_falls = [h for h in falls if h >= FALLS_FROM]
    spectacular_peaks = [h for h in peaks if h >= PEAKS_FROM]
    n_falls = round(CARDS * len(spectacular_falls) / len(falls))
    n_peaks = round(CARDS * len(spectacular_peaks) / len(peaks))
    return quantiles(spectacular_falls, n_falls, 1), quantiles(spectacular_peaks, n_peaks, 100)


def terrain_share() -> dict[str, float]:
    """How often the reference hex contains each basic terrain (mixtures contain two)."""
    share: dict[str, float] = {}
    for terrain, n in TERRAINS.items():
        for part in terrain.split("-"):
            share[part] = share.get(part, 0.0) + n / CARDS
    share["lake"] = share["lake"] + LAKESHORE_SHARE
    return share


def applies(where: str, natives: bool = False) -> float:
    """The chance that a place (and natives, if needed) matches the reference hex."""
    if where == "any":
        chance = 1.0
    elif where == "river":
        chance = WATER_SHARE
    else:
        chance = terrain_share()[where]
    return chance * (NATIVES_SHARE if natives else 1.0)


def worth(bonus: B) -> float:
    """Victory points a bonus is worth on average: its points (per tusk), or a die's 3.5."""
    vp = bonus.get("vp")
    return float((3.5 if vp is None else vp) * bonus.get("count", 1))


def balance() -> dict[str, tuple[float, float]]:
    """Per specialty: the chance a bonus draw applies to the reference hex, and the victory
    points a draw is worth on average."""
    return {
        who: (
            sum(applies(b["where"], b.get("natives", False)) for b in found) / CARDS,
            sum(applies(b["where"], b.get("natives", False)) * worth(b) for b in found) / CARDS,
        )
        for who in SPECIALTIES
        for found in [BONUSES[who]]
    }


def disaster_share() -> float:
    """The chance that a disaster drawn applies to the reference hex (before who it names)."""
    return sum(applies(d["where"]) for d in DISASTERS) / CARDS


def toml(value: Any) -> str:
    """``value`` as an inline TOML value."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml(v) for v in value) + "]"
    assert isinstance(value, dict)
    fields = ", ".join(f"{k} = {toml(v)}" for k, v in value.items() if v is not None)
    return "{ " + fields + " }" if fields else "{}"


def header() -> list[str]:
    falls, peaks = heights()
    rows = balance()
    money = sum(dollars * n for dollars, n in DONATIONS.items())
    lines = [
        "# Source of the Nile: the 108 Event cards.",
        "#",
        "# Generated by tests/games/nile/make_events.py from its frequency tables; the reasoning",
        "# for each table is written beside it there and in docs/rules-decisions.md (N66-N74).",
        "# Terra Incognita's provisional design: no public text gives the cards. Each card has",
        "# every field the rulebook reads from one:",
        "#   terrain: MAP: Terrain (10.22-10.25), one or two compass numbers and a terrain.",
        "#   river: MAP: River (10.32): a for situation A, b for situation B, and River B's oasis",
        "#     (10.51) and cataract terrains (10.52).",
        "#   natives: Discover Natives (10.41): natives live in the hex if it matches this place.",
        "#   spectacular: waterfall and mountain heights in feet (absent: none), and the lake's",
        "#     extra square miles (10.53-10.56).",
        "#   disaster (absent: none, 11): where, effect, who and how many (amount: a count, half",
        "#     or all; for a delay, movement points), the specialty spared and its relief",
        "#     (avoids, halves, or treats: an immediate Recovery roll), shoot (11.42), and for an",
        "#     attack (11.43) the band's size and whether it ambushes.",
        "#   bonus.<B, D, E, Ex, G, J, M, Z> (absent: none, 20.3): what the specialty finds,",
        "#     where, whether it needs natives, its points (absent: one die, 20.5), a count of",
        "#     tusks, and people or items that join.",
        "#   donation (26): dollars, or a free ticket to a port, or {} for No Donation.",
        "# Places: a basic terrain, river (a river or an oasis in the hex) or any; a mixture is",
        "# both its terrains, and lake also means beside a lake (11.44).",
        "#",
        "# Frequencies (cards of 108):",
        f"#   terrain: {_counts(TERRAINS)}",
        f"#   compass: two numbers {30 * PAIRS_PER_ORDER}, one number {6 * SINGLES_PER_DIRECTION};"
        " each direction first on 18, second on 15",
        f"#   river a: {_counts(RIVER_A)}",
        f"#   river b: {_counts(RIVER_B)}",
        f"#   oasis: {OASIS[True]}; cataract: "
        + ", ".join(f"{'/'.join(k) or 'none'} {n}" for k, n in CATARACTS.items()),
        f"#   natives: {_counts(NATIVES)}",
        f"#   waterfall: {len(falls)} ({falls[0]} to {falls[-1]} feet, median"
        f" {falls[len(falls) // 2]}); high mountain: {len(peaks)} ({peaks[0]:,} to"
        f" {peaks[-1]:,} feet)",
        f"#   lake: every card, {LAKE_STEP} to {LAKE_STEP * CARDS:,} square miles, all different",
        f"#   disaster: {len(DISASTERS)} ("
        + ", ".join(
            f"{w} {sum(d['where'] == w for d in DISASTERS)}"
            for w in ("any", "desert", "jungle", "swamp", "mountain", "lake", "river", "veldt")
        )
        + f"), none {CARDS - len(DISASTERS)}; applies about {disaster_share():.0%} of turns",
        "#   donation: "
        + ", ".join(f"${d:,} {n}" if d else f"none {n}" for d, n in DONATIONS.items())
        + f", ticket {sum(TICKETS.values())}; ${money / CARDS:.0f} a card on average",
        "#   bonus (cards; chance a draw applies; points a draw is worth; see make_events.py):",
    ]
    for who, (chance, points) in rows.items():
        lines.append(f"#     {who:2} {len(BONUSES[who]):3}  {chance:4.0%}  {points:.2f}")
    return lines


def _counts(counts: dict[Any, int]) -> str:
    return ", ".join(f"{k} {n}" for k, n in counts.items())


def build() -> str:
    """The text of events.toml."""
    falls, peaks = heights()
    compass = compasses()
    terrain = spread(TERRAINS, "terrain")
    river_a = spread(RIVER_A, "river a")
    river_b = spread(RIVER_B, "river b")
    oasis = spread(OASIS, "oasis")
    cataract = spread(CATARACTS, "cataract")
    natives = spread(NATIVES, "natives")
    waterfall = padded(falls, "waterfall")
    mountain = padded(peaks, "mountain")
    lake = shuffled([LAKE_STEP * (k + 1) for k in range(CARDS)], "lake")
    disasters = padded(DISASTERS, "disaster")
    bonuses = {who: padded(BONUSES[who], f"bonus {who}") for who in SPECIALTIES}
    donations: list[dict[str, Any]] = shuffled(
        [
            *({"dollars": d} if d else {} for d, n in DONATIONS.items() for _ in range(n)),
            *({"ticket": port} for port, n in TICKETS.items() for _ in range(n)),
        ],
        "donation",
    )
    assert len(donations) == CARDS
    lines = [
        *header(),
        "",
        "[meta]",
        "provisional = true",
        'provenance = """',
        "Terra Incognita's provisional design of the 108 Source of the Nile Event cards; no \\",
        "public text gives them. From the rulebook: the deck's size (3.13), the fields a card \\",
        "carries and how each is read (10.22-10.56, 11, 20.3, 26), the specialty abbreviations \\",
        "(20.3) and the plants and animals it describes. From Game II's dice procedures: the \\",
        "odds of the card terrains (32.22-32.23), of oases and cataracts (32.32, 32.35), of \\",
        "natives (33.2) and the waterfall and mountain heights (32.33-32.34). From public fan \\",
        "aids: the names of the ports on free tickets. Designed by Terra Incognita: the compass \\",
        "numbers, the River A and B results, lake mileages, every disaster, bonus and donation, \\",
        "and the balance between specialties (tests/games/nile/make_events.py).",
        '"""',
    ]
    for i in range(CARDS):
        card: dict[str, Any] = {
            "number": i + 1,
            "terrain": {"compass": list(compass[i]), "terrain": terrain[i]},
            "river": {
                "a": river_a[i],
                "b": river_b[i],
                "oasis": oasis[i],
                "cataract": list(cataract[i]),
            },
            "natives": natives[i],
            "spectacular": {"waterfall": waterfall[i], "mountain": mountain[i], "lake": lake[i]},
            "disaster": disasters[i],
        }
        lines += ["", "[[card]]"]
        lines += [f"{key} = {toml(value)}" for key, value in card.items() if value is not None]
        for who, found in bonuses.items():
            if found[i] is not None:
                lines.append(f"bonus.{who} = {toml(found[i])}")
        lines.append(f"donation = {toml(donations[i])}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    OUT.write_text(build(), encoding="utf-8")
    print(f"wrote {OUT}")
