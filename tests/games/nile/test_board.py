"""The Source of the Nile mapboard: the shipped provisional map, the facts the rules read from
it, and the validation of map files (data-nile.md)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from importlib.resources import files
from pathlib import Path

import pytest

import terra
from terra.core import DataError
from terra.games.nile.components.board import Board, board_text, load_board
from terra.games.nile.components.hexgrid import DIRECTIONS, NORTH, opposite
from terra.games.nile.components.mapfile import WATER
from terra.games.nile.terms import BLANK, DESERT, JUNGLE, SWAMP, TERRAIN_PARTS

BOARD = load_board()
SHIPPED = (Path(str(files("terra.games.nile") / "data")) / "map.toml").read_text(encoding="utf-8")
PORTS = (
    "Khartoum",
    "Lagos",
    "Brass",
    "Calabar",
    "Luanda",
    "Capetown",
    "Port Elizabeth",
    "Durban",
    "Lourenço Marques",
    "Quelimane",
    "Kilwa",
    "Zanzibar",
    "Mombasa",
)


def hexes(*names: str) -> list[int]:
    found = [BOARD.hex(name) for name in names]
    assert min(found) >= 0, names
    return found


def river_hexes(board: Board, name: str) -> list[int]:
    river = board.river_names.index(name)
    return [
        h for (h, _, _), r in zip(board.segments, board.segment_river, strict=True) if r == river
    ]


def reach(start: int, links: Callable[[int], tuple[int, ...]]) -> set[int]:
    seen = {start}
    frontier = [start]
    for here in frontier:
        for there in links(here):
            if there not in seen:
                seen.add(there)
                frontier.append(there)
    return seen


class TestTheShippedMap:
    def test_it_loads_as_a_provisional_design_with_its_provenance(self) -> None:
        """Source of the Nile, 3.2: the mapboard is not public; the shipped one is the project's
        design and says so, and where each fact comes from (data-nile.md)."""
        assert BOARD.provisional
        assert "Terra Incognita" in BOARD.provenance
        assert "fan aids" in BOARD.provenance

    def test_the_game_plays_on_the_shipped_map(self) -> None:
        """Source of the Nile, 4.1: the game is laid out on this mapboard."""
        state = terra.game("nile").new(2, 1)
        assert state.view(None)["map"]["terrain"][: BOARD.num_hexes] == list(BOARD.terrain)

    def test_it_is_what_make_map_writes(self) -> None:
        """Source of the Nile, 3.2: the shipped mapboard is the TOML; the outline in
        make_map.py, the readable source of its design, still writes it exactly."""
        from tests.games.nile import make_map

        assert make_map.OUT.read_text(encoding="utf-8") == make_map.build()

    def test_almost_500_blank_hexes_inside_a_published_periphery(self) -> None:
        """Source of the Nile, 2.3 and 3.2: the centre is blank, almost 500 hexes; the periphery,
        explored ca. 1820, has its terrain filled in."""
        blank = [h for h in range(BOARD.num_hexes) if BOARD.terrain[h] == BLANK]
        assert 480 <= len(blank) <= 500
        for h in range(BOARD.num_hexes):
            if BOARD.sea_sides[h] or BOARD.edge_sides[h]:
                assert BOARD.published(h), BOARD.hex_ids[h]

    def test_every_published_hex_has_one_of_the_eight_terrains(self) -> None:
        """Source of the Nile, 10.21: six basic terrains, and jungle with swamp or mountain."""
        assert set(BOARD.terrain) <= {BLANK, *range(8)}
        assert TERRAIN_PARTS[6] == (JUNGLE, SWAMP)

    def test_no_desert_borders_jungle(self) -> None:
        """Source of the Nile, 10.27: desert and jungle hexes are never adjacent (also on the
        printed periphery)."""
        for h, direction in itertools.product(range(BOARD.num_hexes), DIRECTIONS):
            n = BOARD.neighbour(h, direction)
            if BOARD.terrain[h] == DESERT and n >= 0 and BOARD.published(n):
                assert JUNGLE not in TERRAIN_PARTS[BOARD.terrain[n]], BOARD.hex_ids[h]

    def test_the_map_looks_like_southern_africa(self) -> None:
        """Source of the Nile, 3.2: the southern two thirds of Africa, Khartoum to Capetown."""
        text = board_text(BOARD)
        rows = text.splitlines()[2 : 2 + BOARD.rows]
        assert [line[:2] for line in rows] == [f"{r:02d}" for r in range(1, 38)]
        assert "".join(rows).count("*") == 13
        widths = [len(line[3:].replace(" ", "")) for line in rows]
        assert max(widths[:12]) == BOARD.columns  # the broad north
        assert widths[35] < BOARD.columns // 3  # the narrow Cape
        khartoum, capetown = hexes("Khartoum", "Capetown")
        assert BOARD.row[khartoum] == 1 and BOARD.row[capetown] == BOARD.rows - 2
        lagos, mombasa = hexes("Lagos", "Mombasa")
        assert BOARD.col[lagos] == 1 and BOARD.col[mombasa] == BOARD.columns - 3


class TestTheGrid:
    def test_neighbours_are_mutual_across_opposite_hexsides(self) -> None:
        """Source of the Nile, 10.23: the compass's six directions; a hexside faces back."""
        for h, direction in itertools.product(range(BOARD.num_hexes), DIRECTIONS):
            n = BOARD.neighbour(h, direction)
            if n >= 0:
                assert BOARD.neighbour(n, opposite(direction)) == h
                assert BOARD.distance(h, n) == 1

    def test_hex_35_is_north_of_khartoum(self) -> None:
        """Source of the Nile, 10.311: "Hex 35 north of Khartoum" is the Nile's mouth."""
        khartoum = BOARD.hex("Khartoum")
        mouth = BOARD.mouths[BOARD.nile]
        assert BOARD.neighbour(khartoum, NORTH) == mouth
        assert BOARD.hex_ids[mouth] == "2501"
        assert BOARD.minimum_length[BOARD.nile] == 35

    def test_half_hexes_lie_on_the_edges_and_may_be_entered(self) -> None:
        """Source of the Nile, 9.17: half hexes along the board's edges are hexes too."""
        half = [h for h in range(BOARD.num_hexes) if BOARD.half[h]]
        assert half and all(BOARD.edge_sides[h] for h in half)
        assert BOARD.half[BOARD.mouths[BOARD.nile]]
        assert all(BOARD.overland[h] for h in half)

    def test_distance_counts_hexes_on_the_board(self) -> None:
        """Source of the Nile, 4.41 and 4.42: distances in hexes."""
        rng = random.Random(4)
        for _ in range(200):
            a, b, c = (rng.randrange(BOARD.num_hexes) for _ in range(3))
            assert BOARD.distance(a, b) == BOARD.distance(b, a)
            assert BOARD.distance(a, c) <= BOARD.distance(a, b) + BOARD.distance(b, c)
        assert 35 <= BOARD.distance(*hexes("Khartoum", "Capetown")) <= 40  # 3,500 miles


class TestPorts:
    def test_the_thirteen_ports_of_the_play_reports(self) -> None:
        """Source of the Nile, 4.5 and 5.2: explorers start at a port; the thirteen are those
        seen in play reports (data-nile.md, a fan fact)."""
        assert BOARD.port_names == PORTS
        for port, hex_ in enumerate(BOARD.port_hex):
            assert BOARD.port_of[hex_] == port and BOARD.published(hex_)
            assert BOARD.hex_name(hex_) == PORTS[port]

    def test_ports_lie_on_the_coast_except_khartoum_on_the_nile(self) -> None:
        """Source of the Nile, 21.4: explorers sail to Europe from a port; Khartoum lies on the
        Nile, which leaves the board at its mouth."""
        for port, hex_ in enumerate(BOARD.port_hex):
            if PORTS[port] == "Khartoum":
                assert not BOARD.sea_sides[hex_] and BOARD.port_coast[port] == "inland"
                assert BOARD.system_of[hex_] == BOARD.nile
            else:
                assert BOARD.sea_sides[hex_], PORTS[port]

    def test_horses_at_the_cape_ports_and_camels_at_khartoum(self) -> None:
        """Source of the Nile, 5.426 and 5.427."""
        assert {PORTS[p] for p in BOARD.horses} == {"Durban", "Port Elizabeth", "Capetown"}
        assert [PORTS[p] for p in BOARD.camels] == ["Khartoum"]
        assert BOARD.terrain[BOARD.hex("Khartoum")] == DESERT  # desert tribes' routes end there

    def test_coasts_for_the_epic_journeys(self) -> None:
        """Source of the Nile, 25.33: Capetown counts on the west coast, Durban on the east."""
        coast = dict(zip(BOARD.port_names, BOARD.port_coast, strict=True))
        assert coast["Capetown"] == "west" and coast["Durban"] == "east"
        assert {p for p, c in coast.items() if c == "west"} == {
            "Lagos",
            "Brass",
            "Calabar",
            "Luanda",
            "Capetown",
        }

    def test_ports_are_found_by_name(self) -> None:
        """Source of the Nile, 4.5 and 26.6: a port is named (a starting port, a free ticket)."""
        assert BOARD.port("port elizabeth") == PORTS.index("Port Elizabeth")
        assert BOARD.port("Lourenco Marques") == PORTS.index("Lourenço Marques")
        assert BOARD.systems.find("ogooue") == BOARD.system_names.index("Ogooué")
        assert BOARD.port("2502") == PORTS.index("Khartoum")
        assert BOARD.port("0101") == -1 and BOARD.port("Cairo") == -1


class TestZanzibar:
    def test_zanzibar_reaches_the_mainland_by_its_two_crossings(self) -> None:
        """Source of the Nile, 3.2: from Zanzibar an expedition moves to either of the two hexes
        the arrows show as over land; the island has no other way ashore."""
        zanzibar = BOARD.hex("Zanzibar")
        crossings = [m for z, m in BOARD.crossings if z == zanzibar]
        assert len(crossings) == 2
        assert set(BOARD.overland[zanzibar]) == set(crossings)
        for mainland in crossings:
            assert zanzibar in BOARD.overland[mainland]
            assert BOARD.published(mainland) and BOARD.port_distance[mainland] == 1
        assert len(BOARD.sea_sides[zanzibar]) == 4


class TestCapeColony:
    def test_cape_colony_is_bounded_by_the_orange_and_the_line_from_durban(self) -> None:
        """Source of the Nile, 3.2: Cape Colony is every hex on or south of the river Orange,
        up to and including the line of hexes from Durban to the Orange's source. Counted
        independently: the border, and all that can be reached from Capetown without crossing
        it."""
        orange = river_hexes(BOARD, "Orange")
        source = next(h for h, up, _ in BOARD.segments if up == 0 and h in orange)
        durban = BOARD.hex("Durban")
        assert BOARD.distance(durban, source) == 1  # the line is the two hexes
        border = {*orange, durban, source}
        inside = reach(
            BOARD.hex("Capetown"),
            lambda h: () if h in border else BOARD.overland[h],
        )
        colony = {h for h in range(BOARD.num_hexes) if BOARD.cape_colony[h]}
        assert colony == inside | border

    def test_cape_colony_holds_the_three_cape_ports_and_is_published(self) -> None:
        """Source of the Nile, 3.2 and 25.331: Capetown, Port Elizabeth and Durban."""
        colony = [h for h in range(BOARD.num_hexes) if BOARD.cape_colony[h]]
        assert {BOARD.port_of[h] for h in colony} - {-1} == {
            PORTS.index(p) for p in ("Capetown", "Port Elizabeth", "Durban")
        }
        assert all(BOARD.published(h) for h in colony)
        vaal = BOARD.hex("1832")  # the blank hex north of the Orange where the Vaal comes in
        assert not BOARD.cape_colony[vaal] and not BOARD.published(vaal)


class TestRivers:
    def test_the_nile_has_13_of_its_35_hexes_pre_printed_with_the_sudd(self) -> None:
        """Source of the Nile, 10.3353: 13 hexes of the Nile's system are pre-printed,
        including the two Sudd swamps; 22 more must be mapped before it may end."""
        nile = BOARD.nile
        assert BOARD.system_names[nile] == "Nile"
        assert BOARD.preprinted[nile] == 13
        assert len(BOARD.sudd) == 2
        for h in BOARD.sudd:
            assert BOARD.terrain[h] == SWAMP and BOARD.system_of[h] == nile

    def test_nine_mouths_on_the_coast_or_the_edge(self) -> None:
        """Source of the Nile, 10.3351: nine river systems, each named by its mouth."""
        assert len(BOARD.mouths) == 9
        for s, mouth in enumerate(BOARD.mouths):
            leaves = BOARD.river_down[mouth]
            assert leaves in BOARD.sea_sides[mouth] or leaves in BOARD.edge_sides[mouth]
            assert BOARD.system_of[mouth] == s
            assert BOARD.minimum_length[s] >= BOARD.preprinted[s]
        edge = [BOARD.system_names[s] for s, m in enumerate(BOARD.mouths) if not BOARD.sea_sides[m]]
        assert edge == ["Nile"]

    def test_pre_printed_rivers_flow_consistently_to_their_mouths(self) -> None:
        """Source of the Nile, 10.311-10.318: rivers run hexside to hexside; following the water
        from any pre-printed river hex leads, through swamps if need be, to its system's mouth;
        every side a river comes in by faces a river flowing towards it, water, or a blank hex
        still to be mapped."""
        for h, up, down in BOARD.segments:
            assert up != down and BOARD.river_down[h] == down
            if up:
                n = BOARD.neighbour(h, up)
                assert n >= 0
                assert (
                    not BOARD.published(n)
                    or BOARD.terrain[n] in WATER
                    or BOARD.river_down[n] == opposite(up)
                )
            here, steps = h, 0
            while here not in BOARD.mouths:
                n = BOARD.neighbour(here, BOARD.river_down[here])
                if BOARD.terrain[n] in WATER:  # through the swamp to the river leaving it
                    n = next(
                        x
                        for x, u, _ in BOARD.segments
                        if u
                        and BOARD.system_of[BOARD.neighbour(x, u)] == BOARD.system_of[n]
                        and BOARD.terrain[BOARD.neighbour(x, u)] in WATER
                    )
                else:
                    assert opposite(BOARD.river_down[here]) in BOARD.river_up[n]
                here, steps = n, steps + 1
                assert steps < BOARD.num_hexes
            assert BOARD.system_of[h] == BOARD.mouths.index(here)

    def test_every_system_short_of_its_length_can_grow(self) -> None:
        """Source of the Nile, 10.3353 and 10.3355: a system below its minimum length has a
        river end, or a swamp, facing a blank hex where mapping can continue it."""
        for s in range(len(BOARD.mouths)):
            open_ends = [
                h
                for h, up, _ in BOARD.segments
                if BOARD.system_of[h] == s and up and not BOARD.published(BOARD.neighbour(h, up))
            ] + [
                h
                for h in range(BOARD.num_hexes)
                if BOARD.system_of[h] == s
                and BOARD.terrain[h] in WATER
                and any(not BOARD.published(n) for n in BOARD.overland[h])
            ]
            assert open_ends, BOARD.system_names[s]

    def test_the_orange_and_the_vaal_are_one_system(self) -> None:
        """Source of the Nile, 10.3351: the Orange and the Vaal flow to the same mouth; the
        Orange is pre-printed from its source (3.2 needs it)."""
        orange = river_hexes(BOARD, "Orange")
        vaal = river_hexes(BOARD, "Vaal")
        assert {BOARD.system_of[h] for h in orange + vaal} == {BOARD.systems.find("Orange")}
        assert BOARD.river_up[orange[0]] == (0,)

    def test_cataracts_are_pre_printed_on_the_congo_and_the_blue_nile_only(self) -> None:
        """Source of the Nile, 1.0 and 10.52: the Congo's cataracts and the Blue Nile's below
        Belfodiyo are pre-printed."""
        marked = {h for h in range(BOARD.num_hexes) if BOARD.cataract[h]}
        congo = set(river_hexes(BOARD, "Congo"))
        blue_nile = set(river_hexes(BOARD, "Blue Nile"))
        assert marked & congo and marked & blue_nile
        assert marked <= congo | blue_nile


class TestDistances:
    def test_every_blank_hex_can_be_reached_from_a_port(self) -> None:
        """Source of the Nile, 10.42: the route in hexes from the nearest port is counted for
        every hex that is mapped."""
        reached = set().union(*(reach(h, lambda x: BOARD.overland[x]) for h in BOARD.port_hex))
        assert reached == set(range(BOARD.num_hexes))
        for h in range(BOARD.num_hexes):
            distance = BOARD.port_distance[h]
            assert (distance == 0) == (BOARD.port_of[h] >= 0)
            if distance:
                assert min(BOARD.port_distance[n] for n in BOARD.overland[h]) == distance - 1

    def test_room_for_eight_discovery_counters_however_they_are_placed(self) -> None:
        """Source of the Nile, 4.41 and 4.42: each counter goes on a blank hex at least five
        hexes from a published one, and at least three from the counters before it. A counter
        rules out at most the 19 hexes within two of it, so with more than 7 * 19 candidate
        hexes the eighth always has a place."""
        published = [h for h in range(BOARD.num_hexes) if BOARD.published(h)]
        sites = BOARD.discovery_sites()
        for h in range(BOARD.num_hexes):
            assert BOARD.published_distance[h] == min(BOARD.distance(h, p) for p in published)
        assert all(not BOARD.published(h) for h in sites)
        assert len(sites) > 7 * 19
        rng = random.Random(8)
        for _ in range(20):
            placed: list[int] = []
            for _ in range(8):
                free = [h for h in sites if all(BOARD.distance(h, c) >= 3 for c in placed)]
                placed.append(rng.choice(free))


class TestTheCoast:
    def test_canoes_can_follow_the_coast_from_lagos_to_mombasa(self) -> None:
        """Source of the Nile, 5.432 and 9.21: canoes travel along the coast; the coast from the
        Bight of Benin round the Cape to Mombasa is one."""
        coastal = {h for h in range(BOARD.num_hexes) if BOARD.sea_sides[h]}
        along = reach(BOARD.hex("Lagos"), lambda h: BOARD.along_coast[h])
        assert along <= coastal
        assert set(hexes("Capetown", "Durban", "Zanzibar", "Mombasa")) <= along
        red_sea = coastal - along  # reaches the Indian Ocean beyond the board
        assert all(BOARD.row[h] <= 2 for h in red_sea)


# Broken map files: each is refused with the file and the entry.
def write(tmp_path: Path, text: str) -> str:
    (tmp_path / "map.toml").write_text(text, encoding="utf-8")
    return str(tmp_path)


def replace(old: str, new: str) -> Callable[[str], str]:
    def change(text: str) -> str:
        assert old in text, old
        return text.replace(old, new, 1)

    return change


def add(extra: str) -> Callable[[str], str]:
    return lambda text: text + "\n" + extra


def paint(cells: dict[str, str]) -> Callable[[str], str]:
    """Changes the terrain of hexes in the map's rows."""

    def change(text: str) -> str:
        lines = text.splitlines(keepends=True)
        for ident, code in cells.items():
            row, col = int(ident[2:]), int(ident[:2]) - 1
            i = next(k for k, line in enumerate(lines) if f'",  # {row:02d} ' in line)
            start = lines[i].index('"') + 1 + col
            lines[i] = lines[i][:start] + code + lines[i][start + 1 :]
        return "".join(lines)

    return change


LOOP = """[[river]]
name = "Round"
course = [
    { hex = "2203", up = 3, down = 2 },
    { hex = "2303", up = 5, down = 4 },
    { hex = "2304", up = 1, down = 6 },
]
"""


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (
            replace('"VVVV.................VVVVVV..MDD"', '"VVVV.................VVVXVV..MDD"'),
            "map.rows.3: hex 2504 has unknown terrain 'X'",
        ),
        (replace('"VVVV.................VVVVVV..MDD"', '"VVVV"'), "map.rows.3: 4 hexes"),
        (replace('hex = "0713", up = 3', 'hex = "0813", up = 3'), "river.3 (Ogooué): course.0"),
        (replace('hex = "2524", up = 6', 'hex = "2524", up = 4'), "no river leaves hex 2525"),
        (replace('hex = "2603", up = 4, down = 1', 'hex = "2603", up = 4, down = 2'), "course.4"),
        (
            add('[[river]]\nname = "Stray"\ncourse = [{ hex = "1436", up = 0, down = 5 }]'),
            "river.11 (Stray): course.0: the river in hex 1436 leaves by its south-west side "
            "to the sea, but hex 1436 is not one of the mouths",
        ),
        (
            add('[[river]]\nname = "Stray"\ncourse = [{ hex = "1319", up = 0, down = 3 }]'),
            "flows on into the blank hex 1419",
        ),
        (
            add('[[river]]\nname = "Stray"\ncourse = [{ hex = "2406", up = 0, down = 3 }]'),
            "river.11 (Stray): course.0: hex 2406 is swamp",
        ),
        (add(LOOP), "river.11 (Round): course.2: water flows in a circle through hex 2304"),
        (
            add('[[river]]\nname = "Stray"\ncourse = [{ hex = "1436", up = 5, down = 1 }]'),
            "river.11 (Stray): course.0: the river in hex 1436 comes in by its south-west side, "
            "from the sea",
        ),
        (
            add('[[river]]\nname = "Stray"\ncourse = [{ hex = "0102", up = 0, down = 5 }]'),
            "leaves by its south-west side to the board's edge, but hex 0102 is not one of",
        ),
        (
            paint({"2918": "S", "2919": "S", "2920": "S", "3020": "S"}),
            "river.10 (Rovuma): course.0: the water at hex 2918 drains both to the Rufiji and to "
            "the Rovuma",
        ),
        (
            replace("camels = true  # 5.427", 'camels = true\ncrossings = ["2503"]'),
            "port.0 (Khartoum): crossings: only a port on the coast",
        ),
        (
            replace('hex = "2530"\nminimum', 'hex = "2524"\nminimum'),
            "mouth.5 (Limpopo): the river in hex 2524 leaves by its south-east side into land",
        ),
        (
            replace('hex = "3120"\nminimum', 'hex = "3019"\nminimum'),
            "mouth.8 (Rovuma): hex 3019 has no pre-printed river",
        ),
        (
            replace('hex = "0609"', 'hex = "0608"'),
            "port.3 (Calabar): a port on the west coast, but hex 0608 borders no sea",
        ),
        (replace('hex = "0609"', 'hex = "0109"'), "port.3 (Calabar): hex 0109 is sea"),
        (replace('hex = "0609"', 'hex = "0208"'), "port.3 (Calabar): hex 0208 already holds Lagos"),
        (replace('hex = "0609"', 'hex = "0808"'), "port.3 (Calabar): hex 0808 is blank"),
        (replace('name = "Calabar"', 'name = "lagos"'), "port 'Lagos' and 'lagos' read the same"),
        (replace('name = "Rovuma"\nhex', 'name = "Rufiji"\nhex'), "mouth 'Rufiji' and 'Rufiji'"),
        (
            replace('crossings = ["3016", "3017"]', 'crossings = ["3016", "3018"]'),
            "port.11 (Zanzibar): crossings: hex 3018 is not next to",
        ),
        (
            replace('cataracts = ["1116", "1016"]', 'cataracts = ["1116", "0917", "2505"]'),
            "river.4 (Congo): cataracts: hex 2505 is not on this river's course",
        ),
        (replace('name = "Nile"\nhex', 'name = "Nil"\nhex'), "none is named 'Nile'"),
        (
            replace('hexes = ["2406", "2407"]', 'hexes = ["2406", "2506"]'),
            "sudd: hex 2506 must be a swamp",
        ),
        (
            replace('hex = "2232", up = 0', 'hex = "2232", up = 1'),
            "course.0 must be the Orange's source",
        ),
        (replace('name = "Durban"', 'name = "Port Natal"'), "the map has no port 'Durban'"),
        (replace('coast = "inland"', 'coast = "north"'), "port.0.coast"),
        (replace("minimum_length = 44", "minimum_length = 0"), "mouth.3.minimum_length"),
        (replace("provisional = true", "provisional = 3"), "meta.provisional"),
        (
            add("[[mouth]]\nname = 'Tana'\nhex = '3014'\nminimum_length = 9"),
            "mouth: List should have at most 9 items",
        ),
        (lambda t: t + "oops", "not valid TOML"),
    ],
)
def test_a_broken_map_is_refused_naming_the_file_and_the_entry(
    tmp_path: Path, change: Callable[[str], str], says: str
) -> None:
    """Source of the Nile, 3.2 and 10.3: a map that breaks what the rules read from the
    mapboard is refused, saying where."""
    with pytest.raises(DataError) as caught:
        load_board(write(tmp_path, change(SHIPPED)))
    message = str(caught.value)
    assert "map.toml" in message and says in message, message


def test_an_unchanged_copy_loads_from_a_directory(tmp_path: Path) -> None:
    """Source of the Nile, 3.2: a transcription of one's own mapboard loads from a directory."""
    board = load_board(write(tmp_path, SHIPPED))
    assert board.hex_ids == BOARD.hex_ids and board.digest == BOARD.digest


def test_a_missing_map_is_refused(tmp_path: Path) -> None:
    """Source of the Nile, 3.2: no game without a mapboard."""
    with pytest.raises(DataError, match="cannot read"):
        load_board(str(tmp_path))
