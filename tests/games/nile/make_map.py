"""Builds the provisional Source of the Nile mapboard (run once; the TOML it writes is the data).

``python -m tests.games.nile.make_map`` writes ``src/terra/games/nile/data/map.toml``; a test
checks that the shipped file is exactly what this script writes.

The printed board is not public, so this is the project's own design (shared/design/
data-nile.md). What it takes from the rulebook: the southern two thirds of Africa with the
periphery explored and published ca. 1820 and almost 500 blank hexes in the centre (2.3, 3.2);
Cape Colony's border (3.2); Zanzibar's two crossings (3.2); the Nile's mouth in the hex north of
Khartoum with a minimum length of 35, 13 hexes of it pre-printed including two Sudd swamps
(10.311, 10.3353); the Nile's known course ending at the Sudd and at the Blue Nile's cataracts
below Belfodiyo (1.0); cataracts pre-printed on the Congo and the Blue Nile (10.52); horses at
Durban, Port Elizabeth and Capetown, camels at Khartoum (5.426, 5.427). What it takes from fan
aids: the thirteen ports seen in play reports and the extent, Khartoum to Capetown and Lagos to
Mombasa at about 100 miles a hex. Everything else is designed here from public geography, with
the reason beside each choice.

The grid. Hexes 100 miles (161 km) from centre to centre stand in 32 columns of flat-topped hexes,
every second column half a hex lower (terra.games.nile.components.hexgrid). Places were put on it
with a sinusoidal projection centred on 22°E (areas true, so the continent keeps its size): a column
is 139 km wide, a row 161 km (1.45° of latitude) high. The half hexes of row 01 (columns 01, 03,
...) are centred on 17°N, which puts Khartoum (15.6°N, 32.5°E) in 2502 and the Nile's mouth in the
half hex 2501 on the north edge; the west edge runs through 2°E at Lagos's latitude, the east edge
through 41°E at the equator (Mombasa in column 30, the Horn beyond the board). The coastline was
rasterised from about a hundred points of the real coast and then corrected by hand where a port or
a mouth needs its hex (Lagos 0208, the Congo's mouth 0917, the Cape peninsula 1436, Saldanha
1434-1435, Zanzibar 3117).
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from pathlib import Path

from terra.games.nile.components.hexgrid import (
    CENTRE,
    NORTH,
    NORTH_EAST,
    SOUTH,
    SOUTH_EAST,
    SOUTH_WEST,
    direction_between,
)

OUT = Path(__file__).resolve().parents[3] / "src/terra/games/nile/data/map.toml"

# Kilometres of river a hex of minimum length stands for: the Nile runs about 3,700 km on the
# board (from its mouth north of Khartoum to the Kagera's source), and 10.3352 gives it 35.
# (The 25 hexes 25.26 adds for the Nile beyond the board are 2,650 km at this scale; the real
# river below Khartoum is about 3,000 km: the same order.)
KM_PER_HEX = 106

# Terrain codes: ~ sea, . blank (unexplored), D desert, J jungle, L lake, S swamp, V veldt,
# M mountain, W jungle/swamp, H jungle/mountain. Every hex with terrain is published.
# Which land counts as known in 1820: the coast everywhere (charted by the Portuguese and
# others, and the board's edges, which 3.2 calls the explored periphery), deeper where
# Europeans or their agents had been: the Nile to the Sudd and Belfodiyo (1.0), the Sahel of the
# caravan routes (Browne in Darfur 1793-96, Hornemann 1800), the Portuguese hinterlands of
# Angola (to Kasanje) and Mozambique (the Zambezi to Tete, Manica), the Kongo kingdom and the
# lower Congo (Tuckey 1816), and Cape Colony up to the Orange. Not yet known, hence blank: Lake
# Chad and Bornu (1823), Ethiopia beyond the Blue Nile's cataracts (1.0 makes them the limit),
# the Great Lakes, Kilimanjaro (1848), the upper Zambezi, the Kalahari and the Highveld. Two
# hexes someone had seen, 0911 behind the Rio Muni coast and 2523 north of Tete, are left blank
# so that 138 blank hexes lie five or more from the periphery: more than 7 x 19, so however the
# first seven discovery counters are placed the eighth has room (4.41, 4.42).
OUTLINE = """
01 DDDDDDDDDDDDDDDDDDDDDDDDDDDDD~~~  17.0°N the Sahara's southern edge; 2501 the Nile's mouth
02 DDDDDDDDDDDDDDDDDDDDDDDDDVDDMM~~  15.6°N Aïr and Bayuda desert; 2502 Khartoum in desert (the
                                            camel port, 5.427); 2602 the Gezira; Eritrea's highlands
03 VVVVVVVVVVVVVVVVVVVVVVVVVVVVMMDD  14.1°N the Sahel of the caravan routes, Niger to Sennar: veldt;
                                            Simien and Tigray; Danakil desert
04 VVVV.................VVVVVV..MDD  12.7°N Gobir (west edge); Kordofan and the Niles to Roseires;
                                            Lasta; Afar. Bornu and Lake Chad blank
05 V.....................MVVVMM..DD  11.2°N the Nuba mountains 2305; Belfodiyo 2705 and the Blue
                                            Nile's gorge 2805 (cataracts, 1.0)
06 V......................SV.....DM   9.8°N 2406 the Sudd, 2506 Malakal; Harar's highlands 3206 on
                                            the east edge
07 VVV....................S......MD   8.3°N Oyo (savanna); 2407 the Sudd; the Arsi highlands
08 VJJS.J........................MD   6.9°N the Dahomey gap (veldt); Lagos 0208 and the forest
                                            coast; 0408 the Niger delta; Bale mountains
09 ~~~JWJJ.......................DD   5.4°N Brass 0409 at the Niger's mouth; Bonny's mangroves 0509
                                            (jungle/swamp); Calabar 0609
10 ~~~~~~HJ......................DD   4.0°N Mount Cameroon 0710 (jungle/mountain); the Ogaden desert
                                            on the east edge
11 ~~~~~~~J......................DD   2.5°N the Rio Muni coast: rain forest
12 ~~~~~~JJ......................DD   1.1°N Gabon; the desert of the north-east Kenya edge
13 ~~~~~~J.......................VV   0.4°S 0713 the Ogooué's mouth; the Tana's bush
14 ~~~~~~JJ.....................VV~   1.8°S Gabon's coast forest; Lamu and the nyika (dry bush)
                                            behind it
15 ~~~~~~~~JJ...................VV~   3.3°S Loango and the Mayombe forest; Mombasa 3015, Malindi
16 ~~~~~~~~JHM..................V~~   4.7°S the Congo's cataracts 1016 (Yellala) and 1116 (Tuckey's
                                            limit, 1816); Pangani 3016
17 ~~~~~~~~JVVV.................VJ~   6.2°S 0917 the Congo's mouth; the Kongo kingdom (savanna);
                                            Bagamoyo 3017 and Zanzibar 3117
18 ~~~~~~~~~VVVV................J~~   7.6°S Luanda 1018 and the Portuguese hinterland; 3018 the
                                            Rufiji's mouth
19 ~~~~~~~~~VVVV................V~~   9.0°S Kasanje 1319 (the Portuguese fair); Kilwa 3019
20 ~~~~~~~~~~VMV.................J~  10.5°S the Bailundo highlands; 3120 the Rovuma's mouth
21 ~~~~~~~~~~VMV.................V~  11.9°S Mount Moco on the Benguela plateau; Cabo Delgado
22 ~~~~~~~~~DVVV................VV~  13.4°S the Namib begins south of Benguela; Caconda; the Makua
                                            coast
23 ~~~~~~~~~DMV.............V..VVV~  14.8°S the Chela escarpment; the Maravi country by the Shire
                                            2623; Mozambique Island 3123
24 ~~~~~~~~DDV.............VVVJV~~~  16.3°S the Cunene; Tete 2524 and Sena 2624 on the Zambezi;
                                            Quelimane 2824 (mangrove coast)
25 ~~~~~~~~~DVV............VMV~~~~~  17.7°S Ovamboland; Manica's gold fairs; Gorongosa 2625; 2725
                                            the Zambezi's mouth
26 ~~~~~~~~~DDD............MVS~~~~~  19.2°S the Skeleton coast and Etosha; the Eastern Highlands;
                                            Sofala's swamps 2726
27 ~~~~~~~~~~DD............VV~~~~~~  20.6°S the Namib; the Save
28 ~~~~~~~~~~DMV...........VV~~~~~~  22.0°S Walvis bay; the Khomas highland; the Damara veldt;
                                            Inhambane's coast
29 ~~~~~~~~~~~DD...........VV~~~~~~  23.5°S the Namib; Gaza
30 ~~~~~~~~~~~DDD.........VV~~~~~~~  24.9°S Great Namaqualand (missions from 1805); Lourenco Marques
                                            2430, 2530 the Limpopo's mouth
31 ~~~~~~~~~~~~DDD.......VV~~~~~~~~  26.4°S Namaqualand; Swaziland and Maputaland
32 ~~~~~~~~~~~~DD.D.....MVV~~~~~~~~  27.8°S 1332 the Orange's mouth; 2232 its source in the
                                            Drakensberg; Zululand
33 ~~~~~~~~~~~~~DDDDVVV.MV~~~~~~~~~  29.3°S the Orange (desert below the Vaal, veldt above);
                                            Lesotho; Durban 2333
34 ~~~~~~~~~~~~~DDDDDVMMV~~~~~~~~~~  30.7°S Namaqualand and the Upper Karoo (desert); the Stormberg;
                                            the Transkei
35 ~~~~~~~~~~~~~VMDDDMVV~~~~~~~~~~~  32.2°S Saldanha; the Cederberg; the Great Karoo; the Sneeuberg;
                                            Albany and Kaffraria
36 ~~~~~~~~~~~~~MMVM~V~~~~~~~~~~~~~  33.6°S Capetown 1436 (Table Mountain); the Cape fold ranges;
                                            the Overberg; Port Elizabeth 1936
37 ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~  35.1°S the southern ocean (half hexes on the south edge)
"""


@dataclass(frozen=True)
class Port:
    name: str
    hex: str
    coast: str  # "west", "east" or "inland"
    why: str
    horses: bool = False
    camels: bool = False
    crossings: tuple[str, ...] = ()


# The thirteen ports of the play reports, north to south on each coast.
PORTS = (
    Port(
        "Khartoum",
        "2502",
        "inland",
        "at the Niles' confluence; reached from Egypt down the Nile (21.4)",
        camels=True,
    ),
    Port("Lagos", "0208", "west", "the Bight of Benin's lagoon port"),
    Port("Brass", "0409", "west", "in the Niger's mouth (the Brass river is its main outlet)"),
    Port("Calabar", "0609", "west", "Old Calabar on the Cross river estuary"),
    Port("Luanda", "1018", "west", "the capital of Portuguese Angola"),
    Port(
        "Capetown",
        "1436",
        "west",
        "at the Cape peninsula; 25.333 counts it on the west coast",
        horses=True,
    ),
    Port("Port Elizabeth", "1936", "east", "Algoa Bay, landed 1820", horses=True),
    Port("Durban", "2333", "east", "Port Natal; 25.332 counts it on the east coast", horses=True),
    Port("Lourenço Marques", "2430", "east", "Delagoa Bay"),
    Port(
        "Quelimane", "2824", "east", "beside the Zambezi's mouth, then thought one of its outlets"
    ),
    Port("Kilwa", "3019", "east", "the slave port between the Rufiji's and the Rovuma's mouths"),
    Port(
        "Zanzibar",
        "3117",
        "east",
        "the island, a hex of its own beside the mainland; 3.2 lets an expedition cross to "
        "Pangani and Bagamoyo (the arrows) as over land",
        crossings=("3016", "3017"),
    ),
    Port("Mombasa", "3015", "east", "the northernmost port of the Swahili coast on the board"),
)


@dataclass(frozen=True)
class River:
    """A pre-printed river: the hexes of its course from upstream to downstream."""

    name: str
    upstream: str | None  # the hex the water comes from (blank, swamp or river); None: a source
    path: tuple[str, ...]
    downstream: str | int  # the hex it flows on into, or the side it leaves the board by
    why: str
    cataracts: tuple[str, ...] = ()


# Each river stops where 1820's knowledge stopped, at a hexside facing a blank hex or a swamp
# that borders one, so that its system can grow in play (10.3353).
RIVERS = (
    River(
        "Nile",
        "2406",
        ("2506", "2505", "2504", "2503", "2502", "2501"),
        NORTH,
        "the White Nile from the Sudd past Malakal and Kosti to Khartoum and off the board",
    ),
    River(
        "Blue Nile",
        "2905",
        ("2805", "2705", "2604", "2603", "2602", "2502"),
        "2501",
        "up from Khartoum by Sennar and Roseires to Belfodiyo, where it comes down from the "
        "Ethiopian plateau in cataracts (1.0); beyond lies the blank gorge country",
        cataracts=("2805", "2705"),
    ),
    River(
        "Niger",
        "0408",
        ("0409",),
        SOUTH,
        "the delta's swamps (0408, 0509) and the Brass river; the Niger itself was not traced "
        "to the sea until 1830 (Lander), so its course inland is blank",
    ),
    River(
        "Ogooué",
        "0813",
        ("0713",),
        SOUTH_WEST,
        "the mouth at Cape Lopez; the river inland was unknown until the 1850s",
    ),
    River(
        "Congo",
        "1215",
        ("1116", "1016", "0917"),
        SOUTH_WEST,
        "the estuary and the Yellala cataracts, as far as Tuckey's expedition (1816)",
        cataracts=("1116", "1016"),
    ),
    River(
        "Zambezi",
        "2423",
        ("2524", "2624", "2725"),
        SOUTH_EAST,
        "the Portuguese river from Tete by Sena to the delta; above Tete the Cahora Bassa "
        "rapids (no cataract is pre-printed on it, 10.52)",
    ),
    River(
        "Limpopo",
        "2429",
        ("2530",),
        SOUTH_EAST,
        "the mouth north of Delagoa Bay; the river was unknown inland",
    ),
    River(
        "Orange",
        None,
        ("2232", "2233", "2134", "2033", "1933", "1833", "1733", "1632", "1533", "1432", "1332"),
        SOUTH_WEST,
        "whole, from its source in the Drakensberg to the sea: 3.2 bounds Cape Colony by it "
        "and by the line from Durban to its source",
    ),
    River(
        "Vaal",
        "1832",
        ("1833",),
        "1733",
        "its confluence with the Orange (10.3351's example of two rivers in one system); the "
        "Vaal above it is blank Highveld",
    ),
    River(
        "Rufiji",
        "2918",
        ("3018",),
        NORTH_EAST,
        "the delta south of Zanzibar",
    ),
    River(
        "Rovuma",
        "3020",
        ("3120",),
        SOUTH_EAST,
        "the mouth south of Kilwa",
    ),
)


@dataclass(frozen=True)
class Mouth:
    name: str
    hex: str
    km: int  # the length of the system's longest river on the board
    why: str


# The nine largest drainage basins whose mouths lie on the board (the Juba's and the Shebelle's
# reach the sea beyond the east edge): a mouth's minimum length (10.3352) is its longest
# river's length on the board at the Nile's scale, KM_PER_HEX.
MOUTHS = (
    Mouth("Nile", "2501", 3_700, "Hex 35 north of Khartoum (10.311), minimum length 35 (10.3353)"),
    Mouth(
        "Niger",
        "0409",
        1_950,
        "The Benue's source to the sea (the upper Niger lies west of the board)",
    ),
    Mouth("Ogooué", "0713", 1_200, "The Ogooué"),
    Mouth("Congo", "0917", 4_700, "The Congo from the Chambeshi's source"),
    Mouth("Orange", "1332", 2_200, "The Orange"),
    Mouth("Limpopo", "2530", 1_750, "The Limpopo"),
    Mouth("Zambezi", "2725", 2_574, "The Zambezi"),
    Mouth("Rufiji", "3018", 600, "The Rufiji with the Kilombero"),
    Mouth("Rovuma", "3120", 800, "The Rovuma"),
)

SUDD = ("2406", "2407")  # the two Sudd swamps of 10.3353, where the White Nile is lost (1.0)

PROVENANCE = (
    "Provisional mapboard designed for Terra Incognita, not a transcription of the printed "
    "board (no public text gives it). From the rulebook: the southern two thirds of Africa, "
    "the periphery explored and published ca. 1820 with a blank centre of almost 500 hexes "
    "(2.3, 3.2); Cape Colony's border (3.2); Zanzibar's two crossings (3.2); nine river mouths "
    "(10.3351), the Nile's in the hex north of Khartoum with minimum length 35 and 13 hexes "
    "pre-printed including two Sudd swamps (10.311, 10.3353); the Sudd and Belfodiyo as the "
    "limits of the Nile's known course (1.0); cataracts pre-printed on the Congo and the Blue "
    "Nile (10.52); horses at Durban, Port Elizabeth and Capetown, camels at Khartoum (5.426, "
    "5.427). From fan aids, not the rulebook: the thirteen ports seen in play reports and the "
    "extent Khartoum to Capetown, Lagos to Mombasa, at about 100 miles a hex. Designed by the "
    "project from public geography: the grid and its projection, the coastline, which land "
    "counts as known in 1820 and its terrain, the courses of the pre-printed rivers, the other "
    "eight river systems (the largest drainage basins with mouths on the board) and their "
    "minimum lengths (the longest river's length on the board at the Nile's scale, "
    f"{KM_PER_HEX} km a hex). The reasons are in the comments of this file and of "
    "tests/games/nile/make_map.py, which writes it."
)

# Names of places in river hexes, for the comments of the courses.
PLACES = {
    "2501": "the mouth, off the north edge",
    "2502": "Khartoum",
    "2503": "the White Nile",
    "2504": "Kosti",
    "2505": "Renk",
    "2506": "Malakal, out of the Sudd",
    "2602": "Wad Medani",
    "2603": "Sennar",
    "2604": "Roseires",
    "2705": "Belfodiyo",
    "2805": "the gorge",
    "0409": "Brass",
    "0713": "Cape Lopez",
    "0917": "Banana and Boma",
    "1016": "Yellala",
    "1116": "Isangila",
    "2524": "Tete",
    "2624": "Sena",
    "2725": "the delta",
    "2530": "the mouth",
    "2232": "the source",
    "2233": "Lesotho",
    "2134": "Aliwal",
    "2033": "Bethulie",
    "1933": "Hopetown",
    "1833": "Douglas",
    "1733": "Prieska",
    "1632": "Augrabies falls",
    "1533": "Onseepkans",
    "1432": "Vioolsdrif",
    "1332": "the mouth",
    "3018": "the delta",
    "3120": "the mouth",
}


def rows() -> list[tuple[str, str]]:
    """The outline's rows, each with its note (its latitude and what lies there)."""
    found: list[tuple[str, str]] = []
    for line in OUTLINE.strip("\n").splitlines():
        if line.startswith(" "):
            found[-1] = (found[-1][0], f"{found[-1][1]} {line.strip()}")
        else:
            number, row, note = line.split(maxsplit=2)
            assert int(number) == len(found) + 1, number
            found.append((row, note))
    return found


def cell(ident: str) -> tuple[int, int]:
    return int(ident[2:]) - 1, int(ident[:2]) - 1


def toward(here: str, there: str) -> int:
    side = direction_between(cell(here), cell(there))
    assert side != CENTRE, f"{here} and {there} are not neighbours"
    return side


def course(river: River) -> list[tuple[str, int, int]]:
    """Each hex of a river's course with the sides its water comes in and goes out by."""
    steps = []
    for i, here in enumerate(river.path):
        before = river.upstream if i == 0 else river.path[i - 1]
        after = river.path[i + 1] if i + 1 < len(river.path) else river.downstream
        up = CENTRE if before is None else toward(here, before)
        down = after if isinstance(after, int) else toward(here, after)
        steps.append((here, up, down))
    return steps


def comment(text: str) -> list[str]:
    """``text`` as TOML comment lines."""
    return textwrap.wrap(text, 98, initial_indent="# ", subsequent_indent="# ")


def quoted(items: tuple[str, ...]) -> str:
    return "[" + ", ".join(f'"{item}"' for item in items) + "]"


def build() -> str:
    out = [
        "# Source of the Nile (Avalon Hill, 1979): the project's own provisional mapboard.",
        "# Generated by tests/games/nile/make_map.py from its outline; this file is the data,",
        "# and that script's comments give the reasons for the design.",
        "#",
        "# The grid: one character per hex, rows from the north. The hexes stand in columns with",
        "# flat tops; odd columns (the 2nd, 4th, ...) sit half a hex lower. A hex's id is its",
        "# column then its row, two digits each, counted from 1: 2502 is column 25, row 02.",
        "# The board's edges cut the outermost hexes in half (9.17): the first and last",
        "# columns, row 01 of the odd-numbered columns and the last row of the even-numbered.",
        "# Compass (10.23): 1 north, 2 north-east, 3 south-east, 4 south, 5 south-west,",
        "# 6 north-west; a hexside has the number of the direction it faces.",
        "#",
        "# Terrain codes: ~ sea, . blank (unexplored), D desert, J jungle, L lake, S swamp,",
        "# V veldt, M mountain, W jungle/swamp, H jungle/mountain. A hex with terrain is",
        "# published (3.2). Cape Colony is not marked: the engine draws it from the Orange and",
        "# Durban as 3.2 says.",
        "",
        "[meta]",
        "provisional = true",
        f'provenance = """{PROVENANCE}"""',
        "",
        "[map]",
        "rows = [",
    ]
    for number, (row, why) in enumerate(rows(), 1):
        out.append(f'    "{row}",  # {number:02d} {why}')
    out += ["]"]
    for port in PORTS:
        out += ["", *comment(port.why), "[[port]]", f'name = "{port.name}"', f'hex = "{port.hex}"']
        out.append(f'coast = "{port.coast}"')
        if port.horses:
            out.append("horses = true  # 5.426")
        if port.camels:
            out.append("camels = true  # 5.427")
        if port.crossings:
            out.append(f"crossings = {quoted(port.crossings)}")
    for river in RIVERS:
        out += ["", *comment(river.why), "[[river]]", f'name = "{river.name}"', "course = ["]
        for here, up, down in course(river):
            place = PLACES.get(here, "")
            note = f"  # {place}" if place else ""
            out.append(f'    {{ hex = "{here}", up = {up}, down = {down} }},{note}')
        out.append("]")
        if river.cataracts:
            out.append(f"cataracts = {quoted(river.cataracts)}")
    for mouth in MOUTHS:
        if mouth.name == "Nile":
            length = 35
            why = (
                f"{mouth.why}. Its {mouth.km:,} km of river on the board set the scale of the "
                f"other systems' minimum lengths: {KM_PER_HEX} km of river a hex."
            )
        else:
            length = round(mouth.km / KM_PER_HEX)
            why = f"{mouth.why}: {mouth.km:,} km of river / {KM_PER_HEX} km a hex = {length}."
        out += ["", *comment(why), "[[mouth]]", f'name = "{mouth.name}"']
        out += [f'hex = "{mouth.hex}"', f"minimum_length = {length}"]
    out += ["", f"# {SUDD[0]} and {SUDD[1]}: where the White Nile is lost (1.0, 10.3353)"]
    out += ["[sudd]", f"hexes = {quoted(SUDD)}"]
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_text(build(), encoding="utf-8")
    print(f"wrote {OUT}")
