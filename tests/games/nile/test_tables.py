"""The shipped Game I tables and the loading of tables files (data-nile.md)."""

from __future__ import annotations

import itertools
import math
import shutil
import typing
from collections import Counter
from collections.abc import Callable
from importlib.resources import files
from pathlib import Path

import pytest

from terra.core import DataError
from terra.core.data import DataLoader
from terra.games.nile import terms
from terra.games.nile.components.tablefile import TablesFile
from terra.games.nile.components.tables import (
    AMBUSH,
    CAPTURED,
    CHARGE,
    DIES,
    ESCAPES,
    FRIENDLY,
    HIGHEST_MOUNTAIN,
    HIGHEST_WATERFALL,
    HOSTILE,
    KILLED,
    LARGEST_LAKE,
    LOOT_CAMEL_OR_CANOE,
    LOOT_GIFT,
    LOOT_RATION,
    NEUTRAL,
    RECOVERS,
    TABLES_FILE,
    Tables,
    build_tables,
)
from terra.games.nile.terms import (
    ALONG_WATER,
    ASKARI,
    BEARER,
    BOTANIST,
    BY_CANOE,
    CAMEL,
    CAMELS,
    CANOE,
    CANOES,
    CAUTIOUS,
    CLOSED,
    DESERT,
    DOCTOR,
    ETHNOLOGIST,
    EXPLORER,
    FOOT,
    GEOLOGIST,
    GIFT,
    GUIDE,
    HORSE,
    HORSES,
    JOURNALIST,
    JUNGLE,
    JUNGLE_MOUNTAIN,
    JUNGLE_SWAMP,
    LAKE,
    LARGE,
    MEDIUM,
    MISSIONARY,
    MOUNTAIN,
    MOUNTED,
    MUSKET,
    NORMAL,
    ON_FOOT,
    OPEN,
    RATION,
    RECKLESS,
    SMALL,
    SWAMP,
    VELDT,
    WATER,
    ZOOLOGIST,
)

LOADER = DataLoader("terra.games.nile", {TABLES_FILE: TablesFile}, build_tables)
DATA = LOADER.load()
SHIPPED = Path(str(files("terra.games.nile") / "data"))

# Two dice: how many of the 36 throws give each sum (index: sum - 2).
WAYS = tuple(6 - abs(total - 7) for total in range(2, 13))


def ways(results: tuple[int, ...], *wanted: int) -> int:
    """How many of the 36 throws of two dice give one of ``wanted`` in a row of results."""
    return sum(w for w, r in zip(WAYS, results, strict=True) if r in wanted)


def cost(tables: Tables, bought: dict[int, int]) -> int:
    return sum(tables.price[good] * n for good, n in bought.items())


def test_the_tables_are_a_provisional_design_with_their_provenance() -> None:
    assert DATA.provisional
    assert "Terra Incognita" in DATA.provenance and "fan aid" in DATA.provenance


def test_the_terms_literals_match_their_ids() -> None:
    """The ids the data files use are the ids the engine indexes by."""
    assert typing.get_args(terms.TerrainId) == terms.TERRAIN_IDS
    assert typing.get_args(terms.BasicTerrainId) == terms.TERRAIN_IDS[: terms.BASIC_TERRAINS]
    assert typing.get_args(terms.SpecialtyId) == terms.SPECIALTY_IDS
    assert typing.get_args(terms.Abbreviation) == terms.SPECIALTY_ABBREVIATIONS
    assert typing.get_args(terms.GoodId) == terms.GOOD_IDS
    assert typing.get_args(terms.SizeId) == terms.SIZE_IDS
    assert typing.get_args(terms.AccessId) == terms.ACCESS_IDS


class TestTerrainAndLost:
    def test_the_terrain_key_numbers_the_six_basic_terrains(self) -> None:
        """Source of the Nile, 32.22: veldt is 1, lake is 2, mountain is 3 on the Terrain Key;
        32.23: the mixtures come only from a second roll, so they have no number."""
        assert DATA.terrain_by_key[:3] == (VELDT, LAKE, MOUNTAIN)
        assert sorted(DATA.terrain_by_key) == list(range(terms.BASIC_TERRAINS))
        assert DATA.terrain_names[JUNGLE_SWAMP] == "Jungle/Swamp"

    def test_the_lost_numbers_are_the_fan_aids(self) -> None:
        """Source of the Nile, 12.3 (numbers from a fan aid): veldt, desert, lake 1; mountain,
        swamp 2; jungle 3; jungle/mountain and jungle/swamp 5."""
        assert dict(zip(terms.TERRAIN_IDS, DATA.lost_number, strict=True)) == {
            "veldt": 1,
            "lake": 1,
            "mountain": 2,
            "desert": 1,
            "jungle": 3,
            "swamp": 2,
            "jungle-swamp": 5,
            "jungle-mountain": 5,
        }

    def test_lost_on_a_roll_at_or_under_the_number_and_upstream_it_is_two(self) -> None:
        """Source of the Nile, 12.4: lost if the roll is "equal or less than the Lost number";
        12.5: upstream the number is 2 whatever the terrain."""
        assert DATA.lost(JUNGLE, 3) and not DATA.lost(JUNGLE, 4)
        assert DATA.lost(VELDT, 2, upstream=True) and not DATA.lost(JUNGLE, 3, upstream=True)

    def test_guides_and_caution_help_and_recklessness_hurts(self) -> None:
        """Source of the Nile, 12.61-12.63 (signs as decision N51 reads them): a guide and a
        cautious pace make getting lost less likely, a reckless pace more likely; 12.64 the
        modifiers add up; 31.3 a sick explorer gets lost more easily."""
        assert DATA.lost_guide == 1 and DATA.lost_cautious == 1
        assert DATA.lost_reckless == -1 and DATA.lost_sick == -1
        assert DATA.lost(JUNGLE, 4, DATA.lost_reckless)
        assert not DATA.lost(JUNGLE, 2, DATA.lost_guide + DATA.lost_cautious)


class TestMovement:
    def test_the_rulebooks_examples_of_movement_allowances(self) -> None:
        """Source of the Nile, 9.12: a canoe expedition moving cautiously has 2 m.p.; 9.51: a
        reckless mounted expedition has 6 and on foot 4."""
        assert DATA.allowance[BY_CANOE][CAUTIOUS] == 2
        assert DATA.allowance[MOUNTED][RECKLESS] == 6
        assert DATA.allowance[FOOT][RECKLESS] == 4

    def test_the_other_allowances_are_the_fan_aids(self) -> None:
        """Activity Level chart (fan aid): foot 1/2, mounted 2/4, canoe 2/4 m.p. cautious and
        normal; mounted and canoe expeditions move faster than on foot (5.423, 5.434) at any
        pace but cautious."""
        assert DATA.allowance == ((1, 2, 4), (2, 4, 6), (2, 4, 6))
        for level in (NORMAL, RECKLESS):
            assert DATA.allowance[MOUNTED][level] > DATA.allowance[FOOT][level]
            assert DATA.allowance[BY_CANOE][level] > DATA.allowance[FOOT][level]
        for row in DATA.allowance:
            assert list(row) == sorted(row)

    def test_movement_costs(self) -> None:
        """Source of the Nile, 9.15-9.16: 1 m.p. for a known hex, 2 for an unknown one; 9.21: 4
        for a canoe into swamp; 9.272: 1 for each portage trip."""
        assert (DATA.known_cost, DATA.unknown_cost) == (1, 2)
        assert (DATA.canoe_swamp_cost, DATA.portage_cost) == (4, 1)

    def test_horses_keep_out_of_swamp_and_lake(self) -> None:
        """Source of the Nile, 5.426: a horse cannot enter a hex containing swamp or lake."""
        closed = {t for t in range(8) if DATA.access[HORSES][t] == CLOSED}
        assert closed == {LAKE, SWAMP, JUNGLE_SWAMP}

    def test_camels_keep_out_of_jungle_swamp_and_lake(self) -> None:
        """Source of the Nile, 5.427: a camel cannot enter a hex containing jungle, swamp or
        lake."""
        closed = {t for t in range(8) if DATA.access[CAMELS][t] == CLOSED}
        assert closed == {LAKE, SWAMP, JUNGLE, JUNGLE_SWAMP, JUNGLE_MOUNTAIN}

    def test_canoes_go_only_by_water(self) -> None:
        """Source of the Nile, 5.432: canoes travel along rivers, through lakes and swamps and
        along the coast."""
        assert {t for t in range(8) if DATA.access[CANOES][t] == OPEN} == {
            LAKE,
            SWAMP,
            JUNGLE_SWAMP,
        }
        assert all(a in (OPEN, ALONG_WATER) for a in DATA.access[CANOES])

    def test_people_on_foot_cannot_walk_into_a_lake(self) -> None:
        """Movement Restrictions (fan aid): foot cannot enter lake; every other terrain is open."""
        assert [t for t in range(8) if DATA.access[ON_FOOT][t] != OPEN] == [LAKE]


class TestNatives:
    def test_native_strength_follows_game_two_near_the_ports(self) -> None:
        """Source of the Nile, 10.42 and 33.3-33.4: each row gives each size the die faces
        Game II's odds round to (small up to 18 natives, large from 49), the highest of its
        three dice replaced by the distance to the port when that is smaller."""
        for distance, row in enumerate(DATA.native_strength, start=1):
            counts = Counter(row)
            assert [counts[s] for s in (SMALL, MEDIUM, LARGE)] == game_two_faces(distance)
            assert list(row) == sorted(row)  # the higher the die, the larger the tribe
        assert DATA.tribe_size(1, 1) == SMALL and DATA.tribe_size(99, 6) == LARGE

    def test_the_negotiating_and_retreating_policies(self) -> None:
        """Source of the Nile, 14.1: policies 3, 5 and 6 negotiate on N; 13.42: policy 2
        retreats on H."""
        assert DATA.policy_negotiates == (False, False, True, False, True, True)
        assert DATA.policy_retreats == (False, True, False, False, False, False)
        assert len(DATA.policy_names) == 6

    def test_peaceful_policies_meet_fewer_hostile_natives_but_more_ambushes(self) -> None:
        """Native Attitude (designed after Game II 34.2-34.43): the higher the policy number,
        the less often the natives are hostile or hide, the more often they ambush."""
        hostile = [ways(DATA.attitude[p][NORMAL], HOSTILE, AMBUSH, CHARGE) for p in range(6)]
        hiding = [ways(DATA.attitude[p][NORMAL], HOSTILE) for p in range(6)]
        ambush = [ways(DATA.attitude[p][NORMAL], AMBUSH) for p in range(6)]
        assert hostile == sorted(hostile, reverse=True) and hostile[0] > hostile[-1]
        assert hiding == sorted(hiding, reverse=True)
        assert ambush == sorted(ambush)
        assert hostile == [26, 15, 15, 15, 10, 10] and ambush == [1, 3, 3, 6, 6, 10]

    def test_caution_protects_against_ambush(self) -> None:
        """Source of the Nile, 9.7: the safer the activity level, the better the protection
        against native ambush; activity moves only the ambush band."""
        for policy in DATA.attitude:
            cautious, normal, reckless = (ways(policy[a], AMBUSH) for a in range(3))
            assert cautious < normal < reckless or cautious == 0 < normal < reckless
            for level in (CAUTIOUS, RECKLESS):
                changed = [
                    (a, b) for a, b in zip(policy[NORMAL], policy[level], strict=True) if a != b
                ]
                assert len(changed) == 1 and AMBUSH in changed[0]

    def test_low_rolls_are_the_worst(self) -> None:
        """Native Attitude (design): each row runs from ambush up to friendly."""
        order = [AMBUSH, CHARGE, HOSTILE, NEUTRAL, FRIENDLY]
        for row in itertools.chain.from_iterable(DATA.attitude):
            assert [order.index(r) for r in row] == sorted(order.index(r) for r in row)
        assert FRIENDLY not in DATA.attitude[0][NORMAL]  # a show of force makes no friends
        assert DATA.native_attitude(6, NORMAL, 2) == AMBUSH
        assert DATA.native_attitude(6, NORMAL, 12) == FRIENDLY

    def test_more_guns_smaller_tribes_and_a_charge_help(self) -> None:
        """Native Attack, 13.41 (design): W on two dice at or above the entry; more guns never
        hurt, a larger tribe never helps, an ambush is never better than a charge, and with no
        gun the expedition never wins."""
        for kind in DATA.attack_win_from:
            for row in kind:
                assert list(row) == sorted(row, reverse=True) and row[0] == 13
            for smaller, larger in itertools.pairwise(kind):
                assert all(a <= b for a, b in zip(smaller, larger, strict=True))
        for charge, ambush in zip(*DATA.attack_win_from, strict=True):
            assert all(c < a or c == a == 13 for c, a in zip(charge, ambush, strict=True))

    def test_the_attack_threshold_itself_wins(self) -> None:
        """Native Attack (design): an entry is the lowest winning sum, so a throw equal to it
        wins and one under it is a defeat."""
        target = DATA.attack_win_from[0][MEDIUM][DATA.attack_column(6)]
        assert DATA.wins_battle(False, MEDIUM, 6, target)
        assert not DATA.wins_battle(False, MEDIUM, 6, target - 1)
        assert not DATA.wins_battle(True, LARGE, 0, 12)
        assert DATA.attack_column(0) == 0 and DATA.attack_column(100) == len(DATA.attack_guns) - 1

    def test_more_gifts_please_the_chief_more(self) -> None:
        """Source of the Nile, 14.2: "The fewer the gifts the more likely the chief will be
        unhappy with the offering"."""
        friendly = [ways(row, FRIENDLY) for row in DATA.negotiation]
        attacks = [ways(row, AMBUSH, CHARGE) for row in DATA.negotiation]
        assert friendly == sorted(friendly) and attacks == sorted(attacks, reverse=True)
        assert NEUTRAL not in itertools.chain.from_iterable(DATA.negotiation)
        assert DATA.negotiation_result(12, 7) == FRIENDLY
        assert DATA.negotiation_result(0, 2) == AMBUSH

    def test_consequences_of_defeat(self) -> None:
        """Source of the Nile, 15.2-15.32 (shaped as Game II's 35.2): captured on 1, killed on
        2, escaping on 3-6 with more members the higher the roll."""
        assert [d.result for d in DATA.defeat] == [CAPTURED, KILLED] + [ESCAPES] * 4
        members = [d.members for d in DATA.defeat]
        assert members == sorted(members) and members[2] == 0 and not DATA.defeat[2].musket

    def test_victories_cost_few_askaris(self) -> None:
        """Source of the Nile, 16.3: a loss that exceeds the askaris is "the unusual case":
        a victory costs a few askaris at most, fewer against smaller tribes."""
        means = [sum(row) / 6 for row in DATA.askaris_killed]
        assert means == sorted(means) and means[LARGE] < 2
        for size in (SMALL, MEDIUM, LARGE):
            assert list(DATA.prisoners[size]) == sorted(DATA.prisoners[size])
            assert list(DATA.village_found[size]) == sorted(DATA.village_found[size])

    def test_the_looting_table_is_the_rulebooks(self) -> None:
        """Source of the Nile, 16.432-16.433: 1, 2 or 3 dice by tribe size, doubled; 1-4 find
        that many rations, 5 a gift, 6 a camel or a canoe."""
        assert DATA.looting_dice == (1, 2, 3) and DATA.looting_multiplier == 2
        assert DATA.looting == (
            (LOOT_RATION, 1),
            (LOOT_RATION, 2),
            (LOOT_RATION, 3),
            (LOOT_RATION, 4),
            (LOOT_GIFT, 1),
            (LOOT_CAMEL_OR_CANOE, 1),
        )

    def test_trade_limits_by_tribe_size(self) -> None:
        """Source of the Nile, 14.91-14.93: a small, medium and large tribe accept at most 35,
        50 and 65 gifts from one explorer."""
        assert DATA.trade_limit == (35, 50, 65)

    def test_native_trade_pays_in_gifts_and_cannot_be_milked(self) -> None:
        """Source of the Nile, 14.8: gifts are part of every trade; food and muskets can be
        traded for gifts. Rations bought from a tribe fetch fewer gifts than they cost."""
        buy = {t.good: t for t in DATA.trade_buy}
        sell = {t.good: t for t in DATA.trade_sell}
        assert GIFT not in buy and GIFT not in sell
        assert set(sell) == {RATION, MUSKET}
        bought_per_gift = buy[RATION].quantity / buy[RATION].gifts
        assert bought_per_gift < sell[RATION].quantity / sell[RATION].gifts
        assert {BEARER, GUIDE, ASKARI, CANOE, CAMEL} <= set(buy) and HORSE not in buy


class TestRatesOfExchange:
    @pytest.mark.parametrize(
        ("bought", "people", "ride", "pack"),
        [
            (  # the canoe expedition: 24 people carried by 2 canoes
                {CANOE: 2, BEARER: 16, GUIDE: 1, ASKARI: 6, MUSKET: 4, GIFT: 50, RATION: 125},
                24,
                0,
                0,
            ),
            (  # the mounted expedition: 8 ride mounts and 3 pack mounts
                {HORSE: 11, ASKARI: 4, GUIDE: 1, BEARER: 2, MUSKET: 1, GIFT: 20, RATION: 65},
                8,
                8,
                3,
            ),
            (  # the foot expedition
                {GUIDE: 1, ASKARI: 9, BEARER: 17, MUSKET: 1, GIFT: 20, RATION: 140},
                28,
                0,
                0,
            ),
        ],
    )
    def test_the_three_sample_expeditions_cost_a_thousand_dollars_and_can_travel(
        self, bought: dict[int, int], people: int, ride: int, pack: int
    ) -> None:
        """Source of the Nile, 5.41-5.44 and 6.5: the three sample expeditions cost $1,000
        each, and what each must carry fits what it can carry."""
        assert cost(DATA, bought) == DATA.first_outfit == 1000
        assert people == 1 + sum(bought.get(p, 0) for p in terms.PEOPLE)
        items = sum(bought.get(i, 0) for i in terms.ITEMS)
        carry = DATA.logistics
        if CANOE in bought:
            portage = people * carry.man_weight + items
            capability = bought[CANOE] * carry.canoe_load
            assert (portage, capability) == (539, 600)
        elif HORSE in bought:
            portage, capability = items, ride * carry.ride_load + pack * carry.pack_load
            assert ride + pack == bought[HORSE] and ride == people
            assert (portage, capability) == (86, 100)
            assert pack <= bought[BEARER] * carry.animals_led
        else:
            portage, capability = items, bought[BEARER] * carry.bearer_load
            assert (portage, capability) == (161, 170)
        assert portage <= capability

    def test_horses_camels_and_water(self) -> None:
        """Source of the Nile, 5.426: horses only at Durban, Port Elizabeth or Capetown; 5.427:
        camels only at Khartoum; 5.4441: water is never purchased; 26.6: $500 to sail."""
        assert set(DATA.sold_only_at[HORSE]) == {"Durban", "Port Elizabeth", "Capetown"}
        assert DATA.sold_only_at[CAMEL] == ("Khartoum",)
        assert DATA.price[WATER] == -1 and DATA.passage == 500

    def test_weights_and_loads(self) -> None:
        """Source of the Nile, 5.4111, 5.422, 5.431, 9.271, 20.71-20.72: a bearer carries 10,
        a pack animal 20, a ridden one 5, a canoe 300; a man weighs 15, a canoe 40, a tusk 7,
        a specimen 2."""
        carry = DATA.logistics
        assert (carry.bearer_load, carry.pack_load, carry.ride_load) == (10, 20, 5)
        assert carry.pack_load - carry.man_weight == carry.ride_load
        assert (carry.canoe_load, carry.canoe_weight) == (300, 40)
        assert (carry.tusk_weight, carry.specimen_weight) == (7, 2)


class TestHuntingAndRecovery:
    def test_a_mixture_hunts_as_its_better_part(self) -> None:
        """Source of the Nile, 18.32: with two kinds of terrain, use the more advantageous."""
        for roll in range(1, 7):
            assert DATA.hunt(JUNGLE_SWAMP, NORMAL, roll) == max(
                DATA.hunt(JUNGLE, NORMAL, roll), DATA.hunt(SWAMP, NORMAL, roll)
            )
            assert DATA.hunt(JUNGLE_MOUNTAIN, NORMAL, roll) >= DATA.hunt(MOUNTAIN, NORMAL, roll)

    def test_safer_paces_hunt_better_and_an_unarmed_explorer_worse(self) -> None:
        """Source of the Nile, 9.7: the safer the activity, the better the hunting; 18.7: an
        explorer alone without a musket hunts at a disadvantage of 2."""
        for terrain in range(8):
            totals = [sum(DATA.hunt(terrain, a, roll) for roll in range(1, 7)) for a in range(3)]
            assert totals == sorted(totals, reverse=True)
        assert DATA.hunting_unarmed_alone == -2
        assert DATA.hunt(VELDT, RECKLESS, 1, unarmed_alone=True) == 0
        assert DATA.hunt(VELDT, CAUTIOUS, 6) == DATA.hunt(VELDT, NORMAL, 6)  # over 6 reads as 6

    def test_the_veldt_feeds_best_and_the_desert_worst(self) -> None:
        """Hunting (design): game is richest on the veldt, poorest in the desert."""
        yields = {t: sum(DATA.hunting_yield[t]) for t in range(terms.BASIC_TERRAINS)}
        assert max(yields, key=yields.__getitem__) == VELDT
        assert min(yields, key=yields.__getitem__) == DESERT

    def test_a_doctor_helps_the_sick(self) -> None:
        """Source of the Nile, 19.2: a doctor who is not sick subtracts one from each roll;
        with one, nobody dies of sickness."""
        assert DATA.recovery_doctor == -1
        for roll in range(1, 7):
            assert DATA.recover(roll, doctor=True) <= DATA.recover(roll)
        assert [DATA.recover(r) for r in range(1, 7)].count(RECOVERS) == 2
        assert DIES not in [DATA.recover(r, doctor=True) for r in range(1, 7)]


class TestVictoryPoints:
    def test_a_mixture_scores_its_better_part(self) -> None:
        """Source of the Nile, 22.6: for jungle/swamp or jungle/mountain, use the more
        advantageous of the two."""
        for s in range(8):
            assert DATA.vp_hex[JUNGLE_SWAMP][s] == max(
                DATA.vp_hex[JUNGLE][s], DATA.vp_hex[SWAMP][s]
            )
            assert DATA.vp_hex[JUNGLE_MOUNTAIN][s] == max(
                DATA.vp_hex[JUNGLE][s], DATA.vp_hex[MOUNTAIN][s]
            )

    @pytest.mark.parametrize(
        ("specialty", "favoured"),
        [
            (BOTANIST, {JUNGLE, DESERT, MOUNTAIN}),
            (DOCTOR, {MOUNTAIN}),
            (ETHNOLOGIST, set()),
            (EXPLORER, {JUNGLE, MOUNTAIN, SWAMP}),
            (GEOLOGIST, {DESERT, MOUNTAIN}),
            (JOURNALIST, set()),
            (MISSIONARY, {MOUNTAIN}),
            (ZOOLOGIST, {JUNGLE, SWAMP, VELDT}),
        ],
    )
    def test_each_specialty_earns_most_for_its_terrains(
        self, specialty: int, favoured: set[int]
    ) -> None:
        """Victory Point Chart (fan aid, by description): which terrains each specialty earns
        most for."""
        best = max(DATA.vp_hex[t][specialty] for t in range(6))
        top = {t for t in range(6) if DATA.vp_hex[t][specialty] == best}
        assert top == (favoured or set(range(6)))

    def test_natives_rivers_and_oases_favour_their_specialties(self) -> None:
        """Victory Point Chart (fan aid): ethnologists earn most for natives; doctors and
        missionaries for rivers and oases."""
        assert max(DATA.vp_friendly_tribe) == DATA.vp_friendly_tribe[ETHNOLOGIST]
        assert DATA.vp_friendly_tribe.count(max(DATA.vp_friendly_tribe)) == 1
        for row in (DATA.vp_river, DATA.vp_oasis):
            assert {s for s in range(8) if row[s] == max(row)} == {DOCTOR, MISSIONARY}

    def test_spectacular_ranks_favour_explorers_and_journalists(self) -> None:
        """Victory Point Chart (fan aid): explorers and journalists earn most for the highest
        mountains and waterfalls and the largest lakes; a higher rank is worth more (22.7)."""
        for feature in (HIGHEST_MOUNTAIN, HIGHEST_WATERFALL, LARGEST_LAKE):
            first = DATA.vp_ranked[feature][0]
            assert {s for s in range(8) if first[s] == max(first)} == {EXPLORER, JOURNALIST}
            for better, worse in itertools.pairwise(DATA.vp_ranked[feature]):
                assert all(b > w for b, w in zip(better, worse, strict=True))

    def test_each_special_discovery_has_its_seekers(self) -> None:
        """Victory Point Chart (fan aid): Dr. Livingstone for journalists and missionaries, the
        Lost City for explorers, the Native Kingdom for ethnologists and doctors, King
        Solomon's Mine for geologists (3.32: the four labelled counters)."""
        seekers = {
            name: {s for s in range(8) if row[s] == max(row)}
            for name, row in zip(DATA.special_names, DATA.vp_special, strict=True)
        }
        assert seekers == {
            "Dr. Livingstone": {JOURNALIST, MISSIONARY},
            "Lost City": {EXPLORER},
            "Native Kingdom": {ETHNOLOGIST, DOCTOR},
            "King Solomon's Mine": {GEOLOGIST},
        }

    def test_the_awards_the_rulebook_fixes(self) -> None:
        """Source of the Nile, 7: 75 points win; 24.2-24.6: a journalist's battle won 1, lost 2,
        interview 3 beyond four hexes; 25.22-25.26: longest rivers 16, 8, 4 and the Nile 25
        hexes longer; 16.422: releasing prisoners 1; 19.4: a sick person discharged -1."""
        awards = DATA.awards
        assert awards.win == 75
        assert (awards.battle_won, awards.battle_lost, awards.interview) == (1, 2, 3)
        assert awards.interview_distance == 4
        assert awards.longest_river == (16, 8, 4) and awards.nile_offboard == 25
        assert (awards.released_prisoners, awards.sick_discharged) == (1, -1)
        assert awards.tusk == 1  # designed: a tusk whose card prints no value


def test_the_notation_finds_specialties_goods_and_policies_by_id_or_name() -> None:
    assert DATA.specialties.find("Zoologist") == ZOOLOGIST
    assert DATA.specialties.find("ethnologist/anthropologist") == ETHNOLOGIST
    assert DATA.goods.find("askari") == ASKARI and DATA.goods.find("Musket") == MUSKET
    assert DATA.policies.find("parley") == 2 and DATA.policies.find("Parley with Gifts") == 4


def game_two_faces(distance: int) -> list[int]:
    """Die faces per size that Game II's tribe sizes round to at ``distance`` (33.3-33.4)."""
    counts: Counter[int] = Counter()
    for dice in itertools.product(range(1, 7), repeat=3):
        low, mid, high = sorted(dice)
        size = low * mid * min(high, distance)
        counts[SMALL if size <= 18 else MEDIUM if size <= 48 else LARGE] += 1
    shares = [6 * counts[s] / 216 for s in (SMALL, MEDIUM, LARGE)]
    faces = [math.floor(x) for x in shares]
    for s in sorted(range(3), key=lambda s: faces[s] - shares[s])[: 6 - sum(faces)]:
        faces[s] += 1
    return faces


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    shutil.copy(SHIPPED / TABLES_FILE, tmp_path / TABLES_FILE)
    return tmp_path


def edit(directory: Path, change: Callable[[str], str]) -> None:
    path = directory / TABLES_FILE
    text = path.read_text(encoding="utf-8")
    changed = change(text)
    assert changed != text, "the change must apply"
    path.write_text(changed, encoding="utf-8")


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda t: t.replace("key = 6", "key = 5"), "repeats Terrain Key number 5"),
        (
            lambda t: t.replace(
                'lost = 5\n\n[[terrain]]\nid = "jungle-mountain"',
                'lost = 5\nkey = 6\n\n[[terrain]]\nid = "jungle-mountain"',
            ),
            "is a mixture",
        ),
        (
            lambda t: t.replace('jungle-mountain = "river"\n', ""),
            "access.canoe has no entry for 'jungle-mountain'",
        ),
        (lambda t: t.replace('lake = "closed"', 'lake = "shut"', 1), "access.foot.lake"),
        (lambda t: t.replace("foot = [1, 2, 4]", "foot = [1, 2]"), "activity.foot"),
        (
            lambda t: t.replace('abbreviation = "Ex"', 'abbreviation = "X"'),
            "specialty.3.abbreviation",
        ),
        (lambda t: t.replace('id = "doctor"', 'id = "zoologist"'), "specialties must be the eight"),
        (lambda t: t.replace("number = 6", "number = 5"), "policies must be numbered 1 to 6"),
        (lambda t: t.replace("[attitude.trust]", "[attitude.faith]"), "unknown policy 'faith'"),
        (
            lambda t: t.replace(
                'normal = ["A", "C", "C", "C", "H", "H", "H", "N", "N", "N", "N"]',
                'normal = ["A", "C", "C", "C", "H", "H", "H", "N", "N", "N"]',
            ),
            "attitude.force.normal",
        ),
        (
            lambda t: t.replace("small = [13, 8, 6, 5, 4, 3, 2]", "small = [13, 8, 6, 5, 4, 3]"),
            "attack.charge.small has 6 columns",
        ),
        (
            lambda t: t.replace("guns = [0, 1, 3, 5, 7, 10, 15]", "guns = [0, 3, 1, 5, 7, 10, 15]"),
            "attack.guns must start at 0",
        ),
        (lambda t: t.replace("gifts = 40\n", "gifts = 4\n"), "negotiation gifts must start at 0"),
        (lambda t: t.replace('result = "killed"', 'result = "killed"\nmembers = 2'), "defeat.1"),
        (
            lambda t: t.replace(
                "askaris_killed = [0, 0, 0, 1, 1, 2]", "askaris_killed = [0, 0, 0, 1, 1, -2]"
            ),
            "victory.small.askaris_killed.5",
        ),
        (lambda t: t.replace("lowest = 0", "lowest = 1"), "recovery.results must cover"),
        (
            lambda t: t.replace(
                '{ good = "musket", quantity = 1, gifts = 6 }',
                '{ good = "gift", quantity = 1, gifts = 6 }',
            ),
            "gifts are what is paid with",
        ),
        (
            lambda t: t.replace(
                '{ good = "guide", quantity = 1, gifts = 5 }',
                '{ good = "bearer", quantity = 1, gifts = 5 }',
            ),
            "native_trade.buy lists 'bearer' twice",
        ),
        (
            lambda t: t.replace(
                "limit = { small = 35, medium = 50, large = 65 }",
                "limit = { small = 35, medium = 50 }",
            ),
            "native_trade.limit has no entry for 'large'",
        ),
        (
            lambda t: t.replace(
                "swamp = [2, 2, 2, 3, 2, 2, 2, 3]", "swamp = [2, 2, 2, 3, 2, 2, 2]"
            ),
            "victory_points.hex.swamp",
        ),
        (lambda t: t.replace('name = "Lost City"', 'name = "dr. livingstone"'), "read the same"),
        (lambda t: t.replace("price = 50\nonly_at", "price = 5000000\nonly_at", 1), "good.3.price"),
        (lambda t: t.replace("win = 75", "win = 75\nlose = 0"), "awards.lose"),
        (lambda t: t.replace("[meta]", "[meta]\nprovenance_note = 1"), "meta.provenance_note"),
        (lambda t: t + "oops", "not valid TOML"),
    ],
)
def test_a_broken_tables_file_is_refused_naming_file_and_entry(
    copy: Path, change: Callable[[str], str], says: str
) -> None:
    edit(copy, change)
    with pytest.raises(DataError) as caught:
        LOADER.load(str(copy))
    assert TABLES_FILE in str(caught.value) and says in str(caught.value)


def test_an_edited_copy_loads_with_its_own_numbers(copy: Path) -> None:
    """A user's transcription replaces the design: the loader reads what the file says."""
    edit(copy, lambda t: t.replace("foot = [1, 2, 4]", "foot = [1, 2, 3]"))
    assert LOADER.load(str(copy)).allowance[FOOT] == (1, 2, 3)
