"""The explored territory of Source of the Nile: the printed board as a starting point, and the
queries the rules ask of the map (rivers, river systems, lakes, erasing)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from terra.games.nile.components import load_components
from terra.games.nile.components.hexgrid import DIRECTIONS, NORTH, SOUTH, opposite
from terra.games.nile.terms import BLANK, LAKE, MEDIUM, SWAMP
from terra.games.nile.territory import (
    BLANK_HEX,
    EXPLORED,
    NATIVE_COUNTERS,
    NO_SPECTACULAR,
    Territory,
    erase,
    farthest_from_mouth,
    flow_between,
    forget_spectacular,
    free_tribe_number,
    has_river,
    lake_of,
    last_lake_hex,
    new_territory,
    open_routes,
    river_system,
    side_bit,
    system_hexes,
    system_size,
)
from tests.games.nile.maps import explored, near, side_of

DATA = load_components()
BOARD = DATA.board
NILE = BOARD.nile
MIDDLE = BOARD.hex("1515")  # deep in the blank interior


def river(t: Territory, path: Sequence[int], *, enter: int = 0, leave: int) -> None:
    """Draw a river down ``path`` (each hex next to the one before): into the first hex by side
    ``enter`` (0: from a source there), out of the last by side ``leave``."""
    for hex_ in path:
        if t.terrain[hex_] == BLANK:
            explored(t, hex_)
    if enter:
        t.river_in[path[0]] |= side_bit(enter)
    else:
        t.source[path[0]] = 1
    for a, b in itertools.pairwise(path):
        side = side_of(a, b)
        t.river_out[a] |= side_bit(side)
        t.river_in[b] |= side_bit(opposite(side))
    t.river_out[path[-1]] |= side_bit(leave)


class TestTheTerritoryAtTheStart:
    def test_blank_hexes_are_unexplored_and_the_periphery_is_as_printed(self) -> None:
        """3.2: the territory starts as the board: blank hexes unexplored, the rest published."""
        t = new_territory(BOARD)
        assert t.terrain == list(BOARD.terrain)
        assert t.stage[MIDDLE] == BLANK_HEX
        assert t.stage[BOARD.hex("Khartoum")] == EXPLORED
        assert not any(t.tribe) and free_tribe_number(t) == 1

    def test_printed_rivers_drain_to_their_printed_systems(self) -> None:
        """10.3351: every printed river, lake and swamp hex drains to the system the board says."""
        t = new_territory(BOARD)
        assert [river_system(t, BOARD, h) for h in range(BOARD.num_hexes)] == list(BOARD.system_of)

    def test_the_nile_has_13_hexes_of_its_35(self) -> None:
        """10.3353 (example): the Nile's 13 pre-printed hexes, the Sudd included."""
        t = new_territory(BOARD)
        assert system_size(t, BOARD, NILE) == 13
        assert set(BOARD.sudd) <= set(system_hexes(t, BOARD, NILE))
        assert [system_size(t, BOARD, s) for s in range(len(BOARD.mouths))] == list(
            BOARD.preprinted
        )

    def test_the_orange_and_the_vaal_are_one_system(self) -> None:
        """10.3351 (example): the Orange and the Vaal flow to one mouth, so are one system."""
        t = new_territory(BOARD)
        segments = dict(zip(BOARD.segments, BOARD.segment_river, strict=True))
        orange = BOARD.systems.get("Orange")
        for name in ("Orange", "Vaal"):
            river_no = BOARD.river_names.index(name)
            hexes = {h for (h, _, _), r in segments.items() if r == river_no}
            assert {river_system(t, BOARD, h) for h in hexes} == {orange}

    def test_clones_are_equal_and_independent(self) -> None:
        """A territory clones without sharing anything."""
        t = new_territory(BOARD)
        copy = t.clone()
        assert copy == t
        explored(copy, MIDDLE)
        copy.river_in[MIDDLE] = side_bit(NORTH)
        assert copy != t and t.stage[MIDDLE] == BLANK_HEX and not t.river_in[MIDDLE]


class TestFollowingARiver:
    def test_down_the_nile_to_its_mouth_and_back_up(self) -> None:
        """12.5: from Khartoum to hex 35 north of it is downstream; the other way upstream."""
        t = new_territory(BOARD)
        khartoum, mouth = BOARD.hex("Khartoum"), BOARD.mouths[NILE]
        assert flow_between(t, BOARD, khartoum, mouth) == 1
        assert flow_between(t, BOARD, mouth, khartoum) == -1

    def test_beside_a_river_is_not_along_it(self) -> None:
        """12.5: a move that crosses no river hexside does not follow the river."""
        t = new_territory(BOARD)
        river(t, [MIDDLE], leave=NORTH)
        assert flow_between(t, BOARD, MIDDLE, near(MIDDLE, SOUTH)) == 0
        assert flow_between(t, BOARD, near(MIDDLE, SOUTH), near(MIDDLE, SOUTH, SOUTH)) == 0

    def test_a_river_leading_into_an_unexplored_hex_is_followed(self) -> None:
        """12.5, 10.318 (N23): the river must continue in the blank hex it points at."""
        t = new_territory(BOARD)
        river(t, [MIDDLE], leave=NORTH)
        assert flow_between(t, BOARD, MIDDLE, near(MIDDLE, NORTH)) == 1
        assert flow_between(t, BOARD, near(MIDDLE, NORTH), MIDDLE) == -1

    def test_out_of_a_lake_along_its_outlet_is_downstream(self) -> None:
        """10.3211, 12.5: water leaves a lake down the river that drains it; within the lake
        it has no direction (N23)."""
        t = new_territory(BOARD)
        lake, other = near(MIDDLE, NORTH), near(MIDDLE, NORTH, NORTH)
        explored(t, lake, LAKE)
        explored(t, other, LAKE)
        river(t, [MIDDLE], enter=NORTH, leave=SOUTH)
        assert flow_between(t, BOARD, lake, MIDDLE) == 1
        assert flow_between(t, BOARD, MIDDLE, lake) == -1
        assert flow_between(t, BOARD, other, lake) == 0


class TestRiverSystems:
    def test_a_tributary_joins_the_system_it_flows_into(self) -> None:
        """10.3351: a river flowing into the Sudd is part of the Nile's system."""
        t = new_territory(BOARD)
        sudd = BOARD.sudd[0]
        blank = next(
            (d, n)
            for d in DIRECTIONS
            if (n := BOARD.neighbour(sudd, d)) >= 0 and BOARD.terrain[n] == BLANK
        )
        side, hex_ = blank
        river(t, [hex_], leave=opposite(side))
        assert river_system(t, BOARD, hex_) == NILE
        assert system_size(t, BOARD, NILE) == 14

    def test_a_river_not_yet_reaching_a_mouth_has_no_system(self) -> None:
        """10.315: a river whose water reaches no mouth yet belongs to no system."""
        t = new_territory(BOARD)
        river(t, [MIDDLE, near(MIDDLE, NORTH)], leave=NORTH)
        assert river_system(t, BOARD, MIDDLE) == -1

    def test_the_farthest_hex_of_the_nile_counts_its_25_hexes_off_the_board(self) -> None:
        """25.26: the shortest route from hex to mouth, plus the Nile's 25 hexes beyond."""
        t = new_territory(BOARD)
        hex_, far = farthest_from_mouth(t, DATA, NILE)
        offboard = DATA.tables.awards.nile_offboard
        assert offboard == 25
        assert hex_ in system_hexes(t, BOARD, NILE)
        assert 0 < far - offboard < system_size(t, BOARD, NILE)
        rufiji = BOARD.systems.get("Rufiji")
        assert farthest_from_mouth(t, DATA, rufiji) == (BOARD.mouths[rufiji], 0)

    def test_a_new_hex_upstream_is_farther_from_the_mouth(self) -> None:
        """25.26: a hex mapped up a river is one farther than the hex it drains to."""
        t = new_territory(BOARD)
        rufiji = BOARD.systems.get("Rufiji")
        mouth = BOARD.mouths[rufiji]
        side = next(d for d in DIRECTIONS if t.river_in[mouth] & side_bit(d))
        upstream = BOARD.neighbour(mouth, side)
        river(t, [upstream], leave=opposite(side))
        assert farthest_from_mouth(t, DATA, rufiji) == (upstream, 1)

    def test_the_farthest_published_hex_runs_along_published_water(self) -> None:
        """25.26 with 22.7 (decision N155): ranked on the published map, a river is as long as
        its published hexes reach; a hex mapped upstream but unpublished does not count."""
        t = new_territory(BOARD)
        rufiji = BOARD.systems.get("Rufiji")
        mouth = BOARD.mouths[rufiji]
        side = next(d for d in DIRECTIONS if t.river_in[mouth] & side_bit(d))
        upstream = BOARD.neighbour(mouth, side)
        river(t, [upstream], leave=opposite(side))
        published = bytearray(map(BOARD.published, range(BOARD.num_hexes)))
        assert farthest_from_mouth(t, DATA, rufiji, published) == (mouth, 0)
        published[upstream] = 1
        assert farthest_from_mouth(t, DATA, rufiji, published) == (upstream, 1)

    def test_open_routes_count_unmapped_tributaries_and_lake_shores(self) -> None:
        """10.3354: a system still grows by rivers coming from unmapped hexes and by the
        unmapped shores of its lakes and swamps."""
        t = new_territory(BOARD)
        rufiji = BOARD.systems.get("Rufiji")
        mouth = BOARD.mouths[rufiji]
        side = next(d for d in DIRECTIONS if t.river_in[mouth] & side_bit(d))
        upstream = BOARD.neighbour(mouth, side)
        assert open_routes(t, BOARD, rufiji) == 1
        assert open_routes(t, BOARD, rufiji, besides=upstream) == 0
        assert open_routes(t, BOARD, NILE) > 1


class TestLakes:
    def test_a_lake_is_its_joined_lake_hexes_and_its_last_hex_counts(self) -> None:
        """22.8, 10.56: a lake is its joined lake hexes; the last one mapped gives its miles."""
        t = new_territory(BOARD)
        first, second = MIDDLE, near(MIDDLE, NORTH)
        explored(t, first, LAKE)
        explored(t, second, LAKE)
        explored(t, near(MIDDLE, SOUTH), SWAMP)
        assert lake_of(t, BOARD, first) == tuple(sorted((first, second)))
        assert lake_of(t, BOARD, near(MIDDLE, SOUTH)) == ()
        t.lake_stamp[second], t.lake_stamp[first] = 1, 2
        assert last_lake_hex(t, BOARD, second) == first


class TestErasingRumours:
    def test_a_dead_explorers_hex_returns_to_blank_with_its_river_and_tribe(self) -> None:
        """21.32: an unpublished hex of a dead explorer is erased: terrain, river, tribe."""
        t = new_territory(BOARD)
        river(t, [MIDDLE, near(MIDDLE, NORTH)], leave=NORTH)
        t.tribe[MIDDLE], t.tribe_size[MIDDLE] = 1, MEDIUM
        t.peak[MIDDLE] = 20_000
        erase(t, BOARD, MIDDLE)
        assert t.terrain[MIDDLE] == BLANK and t.stage[MIDDLE] == BLANK_HEX
        assert not has_river(t, MIDDLE) and t.tribe[MIDDLE] == 0 and t.peak[MIDDLE] == 0
        assert free_tribe_number(t) == 1

    def test_the_neighbours_rivers_stay_pointing_at_it(self) -> None:
        """21.32, 10.318: the neighbour's river stays; the blank hex will continue it."""
        t = new_territory(BOARD)
        river(t, [MIDDLE, near(MIDDLE, NORTH)], leave=NORTH)
        erase(t, BOARD, MIDDLE)
        assert t.river_in[near(MIDDLE, NORTH)] == side_bit(SOUTH)
        assert flow_between(t, BOARD, MIDDLE, near(MIDDLE, NORTH)) == 1

    def test_erasing_a_printed_hex_leaves_it_as_printed(self) -> None:
        """3.2: what the board prints is never a rumour."""
        t = new_territory(BOARD)
        before = t.clone()
        erase(t, BOARD, BOARD.hex("Khartoum"))
        assert t == before


class TestTheTribeCounters:
    def test_the_lowest_free_counter_is_used_and_none_after_fifty(self) -> None:
        """3.33 (N27): fifty numbered counters; the lowest one not on the map comes next."""
        t = new_territory(BOARD)
        blanks = [h for h in range(BOARD.num_hexes) if BOARD.terrain[h] == BLANK]
        for number, hex_ in enumerate(blanks[:NATIVE_COUNTERS], start=1):
            t.tribe[hex_] = number
        assert free_tribe_number(t) == 0
        t.tribe[blanks[6]] = 0
        assert free_tribe_number(t) == 7


class TestRetreatFromNatives:
    def test_spectacular_discoveries_are_lost_but_the_rest_remains(self) -> None:
        """13.5: after a retreat by policy 2 the hex is a partial exploration keeping its river,
        cataract, oasis and natives, without its spectacular discoveries."""
        t = new_territory(BOARD)
        river(t, [MIDDLE], leave=NORTH)
        t.cataract[MIDDLE] = 1
        t.waterfall[MIDDLE], t.peak[MIDDLE], t.tribe[MIDDLE] = 300, 18_000, 4
        forget_spectacular(t, MIDDLE, seat=2)
        assert t.stage[MIDDLE] == NO_SPECTACULAR and t.partial[MIDDLE] == 2
        assert (t.waterfall[MIDDLE], t.peak[MIDDLE]) == (0, 0)
        assert t.cataract[MIDDLE] and has_river(t, MIDDLE) and t.tribe[MIDDLE] == 4
