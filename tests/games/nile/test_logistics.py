"""Source of the Nile's logistics: outfitting, carrying, moving, losses and the turn's upkeep
(sections 5, 6, 9.2, 9.5-9.6, 11.3, 18, 19), on the shipped tables."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from terra.core.errors import IllegalAction
from terra.games.nile.components import load_components
from terra.games.nile.hunting import feed, hunt, shoot_animals, spoil_fresh
from terra.games.nile.logistics import (
    allowance_after_mode_change,
    buy,
    can_buy_at,
    can_enter_desert,
    can_portage,
    can_travel,
    drifts_only,
    explorer_must_carry,
    lose_carriers,
    movement_allowance,
    must_stop_after_mode_change,
    outfit,
    outfit_cost,
    over_the_falls,
    overload,
    passage_fare,
    portage_cost,
    portage_points,
    portage_trips,
    price,
    release_strays,
    stray_animals,
    transport_capability,
    water_needed,
)
from terra.games.nile.party import (
    Party,
    debase_explorer,
    discharge,
    explorer_armed,
    hunters,
    lose,
    people,
    regain_respect,
)
from terra.games.nile.sickness import care_for_sick, drink
from terra.games.nile.terms import (
    ASKARI,
    BEARER,
    BY_CANOE,
    CAMEL,
    CANOE,
    CAUTIOUS,
    DESERT,
    FOOT,
    GIFT,
    GUIDE,
    HORSE,
    JUNGLE,
    MOUNTED,
    MUSKET,
    NORMAL,
    RATION,
    RECKLESS,
    VELDT,
    WATER,
)
from terra.games.nile.upkeep import upkeep

DATA = load_components()
TABLES = DATA.tables
CARRY = TABLES.logistics


def party(**make_up: int | bool | list[int]) -> Party:
    """An expedition with the given make-up; everything else none."""
    return Party(**make_up)  # type: ignore[arg-type]


def dice(*rolls: int) -> Callable[[], int]:
    """A die that comes up ``rolls`` in order, and fails the test if rolled once more."""
    left: Iterator[int] = iter(rolls)

    def roll() -> int:
        value = next(left, None)
        assert value is not None, "rolled more dice than the rule should"
        return value

    return roll


def port(name: str) -> int:
    return DATA.board.port(name)


CANOE_SAMPLE = {CANOE: 2, BEARER: 16, GUIDE: 1, ASKARI: 6, MUSKET: 4, GIFT: 50, RATION: 125}
MOUNTED_SAMPLE = {HORSE: 11, ASKARI: 4, GUIDE: 1, BEARER: 2, MUSKET: 1, GIFT: 20, RATION: 65}
FOOT_SAMPLE = {GUIDE: 1, ASKARI: 9, BEARER: 17, MUSKET: 1, GIFT: 20, RATION: 140}


class TestParty:
    def test_a_clone_is_equal_and_independent(self) -> None:
        """Source of the Nile 6.6: the make-up changes; a copy taken before keeps its numbers."""
        original = party(bearers=17, rations=140, specimens=[3, 8])
        copy = original.clone()
        assert copy == original and copy is not original
        copy.bearers -= 1
        copy.specimens.append(9)
        assert original.bearers == 17 and original.specimens == [3, 8]
        assert copy != original

    def test_the_total_expedition_counts_the_explorer_and_the_sick(self) -> None:
        """Source of the Nile 6.2: every member and the explorer make the Total Expedition."""
        assert people(party()) == 1
        assert people(party(bearers=16, guides=1, askaris=6, sick_bearers=1)) == 25
        assert party(bearers=3, sick_bearers=2).count(BEARER) == 5

    def test_the_explorer_is_armed_while_a_musket_is_carried(self) -> None:
        """Source of the Nile 5.4451, 5.51, 18.31 (decision N30): the explorer hunts with the
        askaris when the expedition carries a musket, and not when he is sick."""
        assert not explorer_armed(party(askaris=4))
        assert hunters(party(askaris=4)) == 4
        assert hunters(party(askaris=4, sick_askaris=2, muskets=1)) == 5
        assert hunters(party(askaris=4, muskets=1, explorer_sick=True)) == 4


class TestOutfitting:
    @pytest.mark.parametrize(
        ("where", "bought"),
        [("Lagos", CANOE_SAMPLE), ("Durban", MOUNTED_SAMPLE), ("Mombasa", FOOT_SAMPLE)],
    )
    def test_the_sample_expeditions_cost_a_thousand_dollars(
        self, where: str, bought: dict[int, int]
    ) -> None:
        """Source of the Nile 5.1-5.3 and the three sample expeditions: each costs exactly the
        $1,000 of the first outfit."""
        assert outfit_cost(TABLES, bought) == TABLES.first_outfit == 1000
        made = outfit(DATA, port(where), bought)
        assert all(made.count(good) == count for good, count in bought.items())

    def test_the_sample_prices(self) -> None:
        """Source of the Nile, the sample expeditions: canoes, guides, askaris and horses $50,
        bearers and muskets $10, gifts and rations $2."""
        assert [price(TABLES, g) for g in (CANOE, GUIDE, ASKARI, HORSE)] == [50] * 4
        assert [price(TABLES, g) for g in (BEARER, MUSKET, GIFT, RATION)] == [10, 10, 2, 2]

    def test_horses_only_at_the_cape_ports_and_camels_only_at_khartoum(self) -> None:
        """Source of the Nile 5.426-5.427: horses at Durban, Port Elizabeth or Capetown;
        camels at Khartoum."""
        horse_ports = {n for i, n in enumerate(DATA.board.port_names) if can_buy_at(DATA, HORSE, i)}
        camel_ports = {n for i, n in enumerate(DATA.board.port_names) if can_buy_at(DATA, CAMEL, i)}
        assert horse_ports == {"Durban", "Port Elizabeth", "Capetown"}
        assert camel_ports == {"Khartoum"}
        assert can_buy_at(DATA, BEARER, port("Khartoum"))
        with pytest.raises(IllegalAction, match=r"Horses are not sold at Lagos"):
            outfit(DATA, port("Lagos"), MOUNTED_SAMPLE)

    def test_water_is_never_bought(self) -> None:
        """Source of the Nile 5.4441: water is never purchased."""
        assert not can_buy_at(DATA, WATER, port("Khartoum"))
        with pytest.raises(IllegalAction, match=r"5\.4441"):
            price(TABLES, WATER)

    def test_no_one_spends_more_than_he_has(self) -> None:
        """Source of the Nile 5.3: any amount up to the $1,000, no more."""
        with pytest.raises(IllegalAction, match="costs \\$1002; only \\$1000"):
            outfit(DATA, port("Lagos"), {**FOOT_SAMPLE, RATION: 141})
        expedition = party()
        assert buy(DATA, expedition, port("Lagos"), BEARER, 5, funds=60) == 10
        assert expedition.bearers == 5

    def test_the_passage_costs_five_hundred_without_a_free_ticket(self) -> None:
        """Source of the Nile 26.6: $500 to sail to Africa, nothing with a free ticket."""
        assert passage_fare(TABLES, free_ticket=False) == 500
        assert passage_fare(TABLES, free_ticket=True) == 0


class TestSampleExpeditions:
    def test_the_canoe_expedition_carries_its_24_people(self) -> None:
        """Source of the Nile 6.52 and the canoe sample: 24 people weigh 360, with the items
        539 against two canoes' 600; eight bearers a canoe paddle at full speed."""
        expedition = outfit(DATA, port("Lagos"), CANOE_SAMPLE)
        assert people(expedition) * CARRY.man_weight == 360
        assert portage_cost(expedition, BY_CANOE, TABLES) == 539
        assert transport_capability(expedition, BY_CANOE, TABLES) == 600
        assert can_travel(expedition, BY_CANOE, TABLES)
        assert movement_allowance(expedition, BY_CANOE, NORMAL, TABLES) == 4

    def test_the_mounted_expedition_rides_eight_and_leads_three(self) -> None:
        """Source of the Nile 6.53 and the mounted sample: 8 ride mounts carry 40, 3 pack
        mounts led by a mounted bearer 60; the items weigh 86."""
        expedition = outfit(DATA, port("Durban"), MOUNTED_SAMPLE)
        assert portage_cost(expedition, MOUNTED, TABLES) == 86
        assert transport_capability(expedition, MOUNTED, TABLES) == 100
        assert stray_animals(expedition, MOUNTED, TABLES) == 0
        assert can_travel(expedition, MOUNTED, TABLES)

    def test_the_foot_expedition_carries_on_17_bearers(self) -> None:
        """Source of the Nile 6.51 and the foot sample: 17 bearers carry 170; items 161."""
        expedition = outfit(DATA, port("Mombasa"), FOOT_SAMPLE)
        assert portage_cost(expedition, FOOT, TABLES) == 161
        assert transport_capability(expedition, FOOT, TABLES) == 170
        assert can_travel(expedition, FOOT, TABLES)
        assert not can_travel(expedition, MOUNTED, TABLES)  # 5.423: nobody has a mount
        assert not can_travel(expedition, BY_CANOE, TABLES)


class TestPortage:
    def test_the_sick_must_be_carried(self) -> None:
        """Source of the Nile 19.3: a sick man weighs 15 and does no work."""
        well = party(bearers=3, rations=20)
        sick = party(bearers=2, sick_bearers=1, rations=20)
        assert portage_cost(sick, FOOT, TABLES) == portage_cost(well, FOOT, TABLES) + 15
        assert transport_capability(sick, FOOT, TABLES) == 20
        assert overload(sick, FOOT, TABLES) == 15

    def test_a_bearer_leads_up_to_three_animals_and_the_rest_wander_off(self) -> None:
        """Source of the Nile 5.4113, 5.428: each bearer leads at most three pack animals;
        animals neither ridden nor led wander off."""
        led = party(bearers=1, horses=3)
        assert transport_capability(led, FOOT, TABLES) == 3 * CARRY.pack_load
        too_many = party(bearers=1, horses=5)
        # the bearer leads three and rides a fourth; the explorer rides the fifth
        assert stray_animals(too_many, FOOT, TABLES) == 0
        herd = party(bearers=1, horses=7)
        assert stray_animals(herd, FOOT, TABLES) == 2
        assert release_strays(herd, FOOT, TABLES) == 2 and herd.horses == 5

    def test_a_bearer_does_one_duty_at_a_time(self) -> None:
        """Source of the Nile 5.4114: a bearer leading animals carries nothing himself."""
        expedition = party(bearers=2, horses=3)
        assert transport_capability(expedition, FOOT, TABLES) == (
            3 * CARRY.pack_load + CARRY.bearer_load
        )

    def test_a_mounted_bearer_carries_nothing(self) -> None:
        """Source of the Nile 5.425, 6.53: mounted, bearers only lead; riders carry five."""
        expedition = party(bearers=4, horses=5)
        assert transport_capability(expedition, MOUNTED, TABLES) == 5 * CARRY.ride_load
        expedition.horses = 8
        assert transport_capability(expedition, MOUNTED, TABLES) == (
            5 * CARRY.ride_load + 3 * CARRY.pack_load
        )

    def test_ride_and_pack_mounts_interchange(self) -> None:
        """Source of the Nile 6.3: the same horses ride or carry as the mode requires."""
        expedition = party(bearers=2, askaris=4, guides=1, horses=11)
        assert transport_capability(expedition, MOUNTED, TABLES) == 100
        assert transport_capability(expedition, FOOT, TABLES) == 145  # six led, five ridden

    def test_everyone_must_be_mounted_and_nobody_may_bring_animals_in_canoes(self) -> None:
        """Source of the Nile 5.423, 5.424, 5.434."""
        assert not can_travel(party(bearers=2, horses=2), MOUNTED, TABLES)
        assert can_travel(party(bearers=2, horses=3), MOUNTED, TABLES)
        assert not can_travel(party(bearers=8, canoes=1, horses=1), BY_CANOE, TABLES)
        assert stray_animals(party(bearers=8, canoes=1, horses=1), BY_CANOE, TABLES) == 1
        assert can_travel(party(bearers=8, canoes=1), BY_CANOE, TABLES)

    def test_only_bearers_on_foot_carry_canoes(self) -> None:
        """Source of the Nile 5.433, 9.271: a canoe weighs 40 and only bearers carry it; no
        animal, and no mounted expedition."""
        assert can_travel(party(bearers=4, canoes=1), FOOT, TABLES)
        assert overload(party(bearers=1, horses=3, canoes=1), FOOT, TABLES) == 40
        assert overload(party(bearers=4, horses=6, canoes=1), MOUNTED, TABLES) >= 40

    def test_the_explorer_may_carry_but_must_then_stoop_to_it(self) -> None:
        """Source of the Nile 5.51-5.52: the explorer may carry like a bearer; only when the
        load needs him does he have to."""
        expedition = party(bearers=2, rations=30)
        assert overload(expedition, FOOT, TABLES) == 10
        assert overload(expedition, FOOT, TABLES, explorer_works=True) == 0
        assert explorer_must_carry(expedition, FOOT, TABLES)
        assert not explorer_must_carry(party(bearers=3, rations=30), FOOT, TABLES)
        assert not explorer_must_carry(
            party(bearers=2, rations=30, explorer_sick=True), FOOT, TABLES
        )

    def test_caching_or_discharging_brings_a_canoe_expedition_within_capability(self) -> None:
        """Source of the Nile 9.6's example: 21 bearers and 3 canoes; one canoe cached, the
        portage is 45 over 600; discharging 3 bearers or caching 45 items both fix it."""
        expedition = party(bearers=21, canoes=3, rations=315)
        assert movement_allowance(expedition, BY_CANOE, NORMAL, TABLES) == 3  # 7 a canoe
        assert discharge(expedition, CANOE, 1) == 0
        assert movement_allowance(expedition, BY_CANOE, NORMAL, TABLES) == 4
        assert overload(expedition, BY_CANOE, TABLES) == 45
        cached = expedition.clone()
        discharge(cached, RATION, 45)
        assert discharge(expedition, BEARER, 3) == 0
        assert overload(expedition, BY_CANOE, TABLES) == overload(cached, BY_CANOE, TABLES) == 0


class TestMovementAllowance:
    def test_the_activity_level_chart(self) -> None:
        """Source of the Nile 9.12: cautious by canoe is 2 m.p."""
        crew = party(bearers=8, canoes=1)
        assert movement_allowance(crew, BY_CANOE, CAUTIOUS, TABLES) == 2
        assert movement_allowance(party(), FOOT, RECKLESS, TABLES) == 4
        assert movement_allowance(party(horses=1), MOUNTED, RECKLESS, TABLES) == 6

    @pytest.mark.parametrize(
        ("bearers", "lost"), [(16, 0), (15, 1), (8, 1), (7, 2), (4, 2), (3, 3), (2, 3)]
    )
    def test_short_handed_crews_are_slower(self, bearers: int, lost: int) -> None:
        """Source of the Nile 9.22-9.25: 8 or more bearers a canoe, full speed; 4-7 lose 1;
        2-3 lose 2; 1 loses 3, counted in whole bearers per canoe."""
        crew = party(bearers=bearers, canoes=2)
        assert movement_allowance(crew, BY_CANOE, RECKLESS, TABLES) == 6 - lost

    def test_canoes_without_a_bearer_each_only_drift(self) -> None:
        """Source of the Nile 9.26, 19.3: fewer healthy bearers than canoes only drift."""
        crew = party(bearers=1, sick_bearers=5, canoes=2)
        assert drifts_only(crew)
        assert movement_allowance(crew, BY_CANOE, RECKLESS, TABLES) == 0
        assert not drifts_only(crew, explorer_works=True)

    def test_changing_mode_takes_the_slower_allowance(self) -> None:
        """Source of the Nile 9.51's example: mounted and reckless, changing to foot cuts the
        allowance from 6 to 4; on foot, changing to mounted keeps 4."""
        riders = party(bearers=2, horses=3)
        assert allowance_after_mode_change(riders, FOOT, RECKLESS, 6, TABLES) == 4
        assert allowance_after_mode_change(riders, MOUNTED, RECKLESS, 4, TABLES) == 4

    def test_the_explorer_stops_if_he_has_spent_the_slower_allowance(self) -> None:
        """Source of the Nile 9.52: spent equal to or over the new allowance, he stops."""
        assert must_stop_after_mode_change(spent=4, allowance=4)
        assert must_stop_after_mode_change(spent=5, allowance=4)
        assert not must_stop_after_mode_change(spent=3, allowance=4)


class TestCataracts:
    def test_portage_trips_of_the_rulebook(self) -> None:
        """Source of the Nile 9.272's example: 2 canoes and 80 items take 8 bearers two trips
        (2 m.p.), 16 bearers one."""
        assert portage_trips(party(bearers=8, canoes=2, rations=80), TABLES) == 2
        assert portage_points(party(bearers=8, canoes=2, rations=80), TABLES) == 2
        assert portage_trips(party(bearers=16, canoes=2, rations=80), TABLES) == 1

    def test_the_sick_are_carried_round_too(self) -> None:
        """Source of the Nile 19.3: the sick add 15 each to the portage."""
        assert portage_trips(party(bearers=8, sick_bearers=1, canoes=2, rations=80), TABLES) == 3

    def test_a_canoe_needs_four_bearers_to_lift(self) -> None:
        """Source of the Nile 9.271: a canoe weighs 40 items."""
        few = party(bearers=3, canoes=1)
        assert not can_portage(few, TABLES)
        assert can_portage(few, TABLES, explorer_works=True)
        with pytest.raises(IllegalAction, match=r"9\.271"):
            portage_trips(few, TABLES)

    def test_canoes_over_the_falls_with_their_occupants(self) -> None:
        """Source of the Nile 9.28, 11.3: one die less three canoes go over, each with its
        share of people and cargo."""
        expedition = party(bearers=16, askaris=4, canoes=4, rations=100)
        loss = over_the_falls(expedition, TABLES, dice(5))
        assert loss.lost == {CANOE: 2, BEARER: 8, ASKARI: 2, RATION: 50}
        assert not loss.explorer and expedition.canoes == 2
        assert over_the_falls(expedition, TABLES, dice(3)).lost == {}

    def test_all_canoes_over_the_falls_take_the_explorer(self) -> None:
        """Source of the Nile 9.28, 11.3: the explorer is in one of the canoes."""
        loss = over_the_falls(party(bearers=8, canoes=1), TABLES, dice(6))
        assert loss.explorer and loss.lost == {CANOE: 1, BEARER: 8}


class TestLosses:
    def test_lost_bearers_take_their_share_of_every_item(self) -> None:
        """Source of the Nile 11.3's example: 18 bearers carry 85 rations, 47 gifts, 15
        muskets and pelts of 6; four lost take 18 rations, 10 gifts, 3 muskets, no pelts."""
        expedition = party(bearers=18, rations=85, gifts=47, muskets=15, specimens=[1, 2, 3])
        loss = lose_carriers(expedition, BEARER, 4, FOOT, TABLES)
        assert loss.lost == {BEARER: 4, RATION: 18, GIFT: 10, MUSKET: 3}
        assert (expedition.rations, expedition.gifts, expedition.muskets) == (67, 37, 12)
        assert expedition.specimens == [1, 2, 3] and loss.specimens == []

    def test_specimens_go_only_when_no_carrier_is_left_for_them(self) -> None:
        """Source of the Nile 20.73: bonus finds are lost only when the carriers left cannot
        bear them; tusks go before specimens (decision N33)."""
        expedition = party(bearers=2, rations=10, tusks=2, specimens=[7])
        loss = lose_carriers(expedition, BEARER, 1, FOOT, TABLES)
        assert loss.tusks == 1 and loss.specimens == [] and expedition.tusks == 1
        loss = lose_carriers(expedition, BEARER, 1, FOOT, TABLES)
        assert loss.tusks == 1 and loss.specimens == [7]

    def test_mounted_bearers_carry_nothing_to_lose(self) -> None:
        """Source of the Nile 5.425, 11.3: only a carrier's loss takes a load with it."""
        expedition = party(bearers=2, horses=6, rations=40)
        loss = lose_carriers(expedition, BEARER, 1, MOUNTED, TABLES)
        assert loss.lost == {BEARER: 1} and expedition.rations == 40

    def test_a_sick_man_carried_by_the_lost_bearers_is_lost_with_them(self) -> None:
        """Source of the Nile 11.3: each bearer carries a share of each person carried."""
        expedition = party(bearers=4, sick_askaris=2, rations=8)
        loss = lose_carriers(expedition, BEARER, 2, FOOT, TABLES)
        assert loss.lost == {BEARER: 2, ASKARI: 1, RATION: 4}

    def test_plain_losses_take_the_healthy_first(self) -> None:
        """Source of the Nile 11.2 (decision N33): a disaster's victims are the healthy first,
        never more than there are."""
        expedition = party(askaris=1, sick_askaris=2, gifts=5)
        assert lose(expedition, ASKARI, 2) == 2
        assert (expedition.askaris, expedition.sick_askaris) == (0, 1)
        assert lose(expedition, GIFT, 9) == 5 and expedition.gifts == 0

    def test_discharging_the_sick_costs_victory_points(self) -> None:
        """Source of the Nile 9.7 Special, 19.4: a point for each sick person discharged."""
        expedition = party(bearers=3, sick_bearers=2)
        assert discharge(expedition, BEARER, 2, sick=True) == 2
        assert discharge(expedition, BEARER, 1) == 0
        with pytest.raises(IllegalAction, match=r"9\.6"):
            discharge(expedition, BEARER, 5)


class TestHunting:
    def test_askaris_and_the_armed_explorer_hunt_on_one_roll(self) -> None:
        """Source of the Nile 18.3, 18.31: the Hunting Table gives rations per hunter."""
        expedition = party(askaris=3, muskets=1)
        per_hunter = TABLES.hunt(VELDT, NORMAL, 6)
        assert hunt(expedition, VELDT, NORMAL, TABLES, dice(6)) == 4 * per_hunter
        assert expedition.fresh == 4 * per_hunter

    def test_nobody_to_hunt_rolls_no_die(self) -> None:
        """Source of the Nile 18.31, 19.3: bearers and the sick do not hunt."""
        assert hunt(party(bearers=5, sick_askaris=2), VELDT, NORMAL, TABLES, dice()) == 0

    def test_an_explorer_alone_hunts_without_a_musket_at_a_disadvantage(self) -> None:
        """Source of the Nile 18.7 (decision N36): an expedition of one may hunt unarmed, two
        worse on the die."""
        alone = party()
        assert hunt(alone, VELDT, NORMAL, TABLES, dice(6)) == TABLES.hunt(VELDT, NORMAL, 4)
        assert hunt(party(bearers=1), VELDT, NORMAL, TABLES, dice()) == 0

    def test_animals_shot_give_ten_fresh_rations(self) -> None:
        """Source of the Nile 5.4425, 18.5."""
        expedition = party(camels=2)
        assert shoot_animals(expedition, CAMEL, 1, TABLES) == 10
        assert expedition.fresh == 10 and expedition.camels == 1

    def test_fresh_rations_spoil(self) -> None:
        """Source of the Nile 18.2: fresh rations not eaten this turn are lost."""
        expedition = party(fresh=7, rations=3)
        assert spoil_fresh(expedition) == 7
        assert expedition.fresh == 0 and expedition.rations == 3


class TestFeeding:
    def test_fresh_rations_are_eaten_first(self) -> None:
        """Source of the Nile 18.1, 18.4: each person eats one ration, fresh ones first."""
        expedition = party(bearers=9, fresh=4, rations=20)
        fed = feed(expedition, TABLES, desert=False)
        assert (fed.fresh, fed.rations) == (4, 6)
        assert expedition.rations == 14 and fed.deserted == {}

    def test_the_unfed_desert_the_sick_and_the_bearers_first(self) -> None:
        """Source of the Nile 18.4 (decision N34): the explorer eats first; the sick, then
        bearers, then askaris, then guides go hungry and desert."""
        expedition = party(bearers=3, askaris=2, guides=1, sick_askaris=1, rations=5)
        fed = feed(expedition, TABLES, desert=False)
        assert fed.deserted == {ASKARI: 1, BEARER: 2}
        assert (expedition.bearers, expedition.askaris, expedition.guides) == (1, 2, 1)
        assert not fed.explorer_starved and expedition.rations == 0

    def test_a_starving_explorer_falls_sick_instead(self) -> None:
        """Source of the Nile 18.6."""
        expedition = party(bearers=2)
        fed = feed(expedition, TABLES, desert=False)
        assert fed.explorer_starved and expedition.explorer_sick
        assert fed.deserted == {BEARER: 2}

    def test_nobody_eats_in_cape_colony_or_with_friends(self) -> None:
        """Source of the Nile 18.8."""
        expedition = party(bearers=5, horses=2)
        fed = feed(expedition, TABLES, desert=True, provided_for=True)
        assert fed.deserted == {} and expedition.bearers == 5 and expedition.horses == 2

    def test_horses_in_the_desert_need_four_rations_each(self) -> None:
        """Source of the Nile 5.4424: a horse ending in desert eats four rations or dies."""
        expedition = party(horses=3, rations=10)
        fed = feed(expedition, TABLES, desert=True)
        assert fed.horses_died == 1 and expedition.horses == 2 and expedition.rations == 1
        assert feed(party(horses=3, rations=1), TABLES, desert=False).horses_died == 0


class TestWater:
    def test_who_needs_how_much(self) -> None:
        """Source of the Nile 5.4444: three a man, eight a horse, a camel sixteen every
        second turn (decision N37)."""
        expedition = party(bearers=3, horses=1, camels=2)
        assert water_needed(expedition, TABLES) == 4 * 3 + 8
        expedition.camels_thirsty = True
        assert water_needed(expedition, TABLES) == 4 * 3 + 8 + 2 * 16

    def test_no_entry_into_the_desert_without_water_enough(self) -> None:
        """Source of the Nile 5.4442."""
        assert not can_enter_desert(party(bearers=3, water=11), TABLES)
        assert can_enter_desert(party(bearers=3, water=12), TABLES)

    def test_camels_drink_every_second_turn(self) -> None:
        """Source of the Nile 5.4444 (decision N37): camels skip a turn, then drink double."""
        expedition = party(camels=2, water=3 + 3 + 32)
        first = drink(expedition, TABLES, dry=True).water
        thirsty_after_first = expedition.camels_thirsty
        second = drink(expedition, TABLES, dry=True).water
        assert (first, thirsty_after_first) == (3, True)
        assert (second, expedition.camels_thirsty, expedition.camels) == (3 + 32, False, 2)
        by_a_river = party(camels=2, camels_thirsty=True)
        drink(by_a_river, TABLES, dry=False)  # where there is water they drink their fill
        assert not by_a_river.camels_thirsty

    def test_without_water_people_and_animals_desert_and_the_explorer_dies(self) -> None:
        """Source of the Nile 19.5."""
        expedition = party(bearers=2, horses=1, water=6)
        drank = drink(expedition, TABLES, dry=True)
        assert drank.deserted == {BEARER: 1, HORSE: 1} and not drank.explorer_died
        assert drink(party(water=2), TABLES, dry=True).explorer_died


class TestRecovery:
    def test_each_sick_person_rolls_and_the_explorer_first(self) -> None:
        """Source of the Nile 19.2 (decision N35): one roll each, the explorer, then guides,
        askaris, bearers."""
        expedition = party(sick_askaris=1, sick_bearers=2, explorer_sick=True)
        care = care_for_sick(expedition, TABLES, dice(1, 6, 1, 4))
        assert care.explorer_recovered and not expedition.explorer_sick
        assert care.died == {ASKARI: 1} and care.recovered == {BEARER: 1}
        assert (expedition.bearers, expedition.sick_bearers) == (1, 1)

    def test_a_healthy_doctor_helps_and_a_sick_one_does_not(self) -> None:
        """Source of the Nile 19.2: a doctor who is not sick himself takes one off each die."""
        helped = party(sick_bearers=1)
        care = care_for_sick(helped, TABLES, dice(3), explorer_is_doctor=True)
        assert care.recovered == {BEARER: 1}
        unhelped = party(sick_bearers=1, explorer_sick=True)
        care = care_for_sick(unhelped, TABLES, dice(4, 3), explorer_is_doctor=True)
        assert care.recovered == {} and not care.explorer_recovered

    def test_every_port_has_a_doctor(self) -> None:
        """Source of the Nile 19.6: in a port or Cape Colony a doctor cares for the sick."""
        care = care_for_sick(party(sick_guides=1), TABLES, dice(6), doctor_at_hand=True)
        assert care.died == {} and care.recovered == {}

    def test_the_explorer_may_die_of_sickness(self) -> None:
        """Source of the Nile 19.2: the Recovery Table may kill; nobody else is rolled for."""
        care = care_for_sick(party(sick_bearers=3, explorer_sick=True), TABLES, dice(6))
        assert care.explorer_died


class TestUpkeep:
    def test_hunt_eat_care_in_order(self) -> None:
        """Source of the Nile 8.3 step 4: hunting, then food, then the sick are cared for."""
        expedition = party(askaris=2, bearers=4, sick_bearers=1, rations=10)
        report = upkeep(expedition, TABLES, dice(6, 1), terrain=VELDT, activity=NORMAL)
        assert report.hunted == 2 * TABLES.hunt(VELDT, NORMAL, 6)
        assert report.feeding.fresh == min(report.hunted, 8)
        assert report.care.recovered == {BEARER: 1} and report.spoiled == max(0, report.hunted - 8)
        assert expedition.fresh == 0 and not report.explorer_died

    def test_a_debased_explorer_loses_an_askari_each_turn(self) -> None:
        """Source of the Nile 5.52: one askari deserts at the end of each turn until the
        explorer regains their respect."""
        expedition = party(askaris=3, rations=10)
        debase_explorer(expedition)
        report = upkeep(expedition, TABLES, dice(1, 1), terrain=JUNGLE, activity=NORMAL)
        assert report.askari_deserted and expedition.askaris == 2
        regain_respect(expedition)
        report = upkeep(expedition, TABLES, dice(1), terrain=JUNGLE, activity=NORMAL)
        assert not report.askari_deserted and expedition.askaris == 2

    def test_the_explorer_dies_of_thirst_in_the_desert(self) -> None:
        """Source of the Nile 19.5: an explorer without water in the desert dies."""
        expedition = party(rations=5)
        report = upkeep(expedition, TABLES, dice(1), terrain=DESERT, activity=NORMAL)
        assert report.explorer_died
        oasis = party(rations=5)
        report = upkeep(
            oasis, TABLES, dice(1), terrain=DESERT, activity=NORMAL, oasis_or_river=True
        )
        assert not report.explorer_died
