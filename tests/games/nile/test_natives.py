"""Natives, disasters' dice, caches and the journalist (Source of the Nile 11.42-11.45, 13-17,
24.2-24.6), played with scripted dice over the shipped tables."""

from __future__ import annotations

from collections import deque

import pytest

from terra.core import IllegalAction
from terra.games.nile.caches import make_cache, may_search_cache, recover_cache
from terra.games.nile.components import load_components
from terra.games.nile.components.events import Disaster
from terra.games.nile.components.tables import (
    AMBUSH,
    CAPTURED,
    CHARGE,
    ESCAPES,
    HOSTILE,
    KILLED,
    NEUTRAL,
)
from terra.games.nile.defeat import (
    consequences_of_defeat,
    escape_from_captivity,
    may_attempt_escape,
    still_captive,
)
from terra.games.nile.disasters import (
    Band,
    band_of,
    disaster_ignored,
    killed_by_disaster,
    shoot_animal,
)
from terra.games.nile.explorer import Cache
from terra.games.nile.journalist import journalist_battle_award, may_interview
from terra.games.nile.natives import (
    AMBUSHED,
    BEFRIENDED,
    CHARGED,
    NEGOTIATES,
    PASSES,
    RETREATS,
    guns_in_battle,
    native_attack,
    native_attitude,
    policy_allowed,
)
from terra.games.nile.negotiation import (
    Dealings,
    camels_for_trade,
    desert_route_to,
    everything_for_the_chief,
    most_lots,
    native_trade,
    negotiate,
    trade_closed,
)
from terra.games.nile.terms import (
    ASKARI,
    BEARER,
    BLANK,
    BOTANIST,
    CAMEL,
    CANOE,
    CAUTIOUS,
    DESERT,
    DOCTOR,
    ETHNOLOGIST,
    EXPLORER,
    GEOLOGIST,
    GIFT,
    GOOD_IDS,
    GUIDE,
    HORSE,
    JOURNALIST,
    LARGE,
    MEDIUM,
    MISSIONARY,
    MUSKET,
    NORMAL,
    RATION,
    RECKLESS,
    SMALL,
    VELDT,
    WATER,
    ZOOLOGIST,
)
from terra.games.nile.victory import (
    loot_village,
    looting_rolls,
    must_release_prisoners,
    victory_losses,
    victory_spoils,
)

DATA = load_components()
TABLES = DATA.tables
BOARD = DATA.board
DECK = DATA.deck
KHARTOUM_HEX = BOARD.port_hex[BOARD.port("Khartoum")]


class Dice:
    """A scripted die: each call gives the next face; rolling past the script fails."""

    def __init__(self, *faces: int) -> None:
        assert all(1 <= f <= 6 for f in faces)
        self.faces = deque(faces)

    def __call__(self) -> int:
        assert self.faces, "more dice rolled than scripted"
        return self.faces.popleft()

    @property
    def left(self) -> int:
        return len(self.faces)


def throw(total: int) -> Dice:
    """Two dice showing ``total``."""
    first = min(6, total - 1)
    return Dice(first, total - first)


def card(name: str) -> Disaster:
    found = [d for d in DECK.disaster if d is not None and d.name == name]
    assert len(found) == 1, name
    return found[0]


def holding(**counts: int) -> tuple[int, ...]:
    return tuple(counts.get(good, 0) for good in GOOD_IDS)


class TestPolicies:
    def test_a_show_of_force_needs_an_armed_man(self) -> None:
        """Source of the Nile 13.31 (N55): policy 1 needs an askari or an armed explorer."""
        assert TABLES.policy_needs_arms[0]
        assert not policy_allowed(TABLES, 1, 0)
        assert policy_allowed(TABLES, 1, guns_in_battle(0, True))

    def test_every_other_policy_is_open_to_an_unarmed_expedition(self) -> None:
        """Source of the Nile 13.31: only the policies that say so restrict the explorer."""
        for policy in range(2, 7):
            assert policy_allowed(TABLES, policy, 0)

    def test_there_are_six_policies(self) -> None:
        """Source of the Nile 13.3: six policies; a seventh or a zeroth is none."""
        for policy in (0, 7):
            assert not policy_allowed(TABLES, policy, 10)

    def test_guns_are_healthy_askaris_and_the_armed_explorer(self) -> None:
        """Source of the Nile 13.41: healthy askaris plus the explorer if armed."""
        assert guns_in_battle(5, True) == 6
        assert guns_in_battle(5, False) == 5
        assert guns_in_battle(0, False) == 0


class TestNativeAttitude:
    def test_a_friendly_answer_befriends_the_tribe(self) -> None:
        """Source of the Nile 13.32, 14.4: F makes the tribe friendly to the explorer."""
        answer = native_attitude(TABLES, 6, NORMAL, throw(12))
        assert answer.outcome == BEFRIENDED and answer.dice == 12 and not answer.battle

    @pytest.mark.parametrize("policy", [3, 5, 6])
    def test_a_neutral_answer_opens_negotiation_under_policies_three_five_and_six(
        self, policy: int
    ) -> None:
        """Source of the Nile 14.1: policies 3, 5 and 6 negotiate on N."""
        answer = native_attitude(TABLES, policy, NORMAL, throw(8))
        assert answer.result == NEUTRAL and answer.outcome == NEGOTIATES

    @pytest.mark.parametrize("policy", [1, 2, 4])
    def test_a_neutral_answer_lets_the_other_policies_pass(self, policy: int) -> None:
        """Source of the Nile 14.1 (N55): under policies 1, 2 and 4 an N means nothing happens."""
        answer = native_attitude(TABLES, policy, NORMAL, throw(10))
        assert answer.result == NEUTRAL and answer.outcome == PASSES

    def test_avoiding_natives_who_turn_hostile_means_retreat(self) -> None:
        """Source of the Nile 13.42, 13.5 (N56): policy 2 retreats on H."""
        answer = native_attitude(TABLES, 2, NORMAL, throw(5))
        assert answer.result == HOSTILE and answer.outcome == RETREATS and not answer.battle

    def test_hostile_natives_under_other_policies_keep_away(self) -> None:
        """Source of the Nile 13.42 (N56): only policy 2 retreats; H is no battle."""
        answer = native_attitude(TABLES, 1, NORMAL, throw(6))
        assert answer.result == HOSTILE and answer.outcome == PASSES

    def test_an_ambush_and_a_charge_lead_to_battle(self) -> None:
        """Source of the Nile 13.4: A and C must be resolved on the Native Attack Table."""
        ambush = native_attitude(TABLES, 1, NORMAL, throw(2))
        charge = native_attitude(TABLES, 1, NORMAL, throw(3))
        assert ambush.result == AMBUSH and ambush.outcome == AMBUSHED
        assert ambush.battle and ambush.ambush
        assert charge.result == CHARGE and charge.outcome == CHARGED
        assert charge.battle and not charge.ambush

    def test_the_activity_level_picks_the_column(self) -> None:
        """Source of the Nile 13.32, 9.7: the same throw is a charge at a cautious pace, an
        ambush at a normal one, and the reckless pace ambushes more."""
        assert native_attitude(TABLES, 1, CAUTIOUS, throw(2)).outcome == CHARGED
        assert native_attitude(TABLES, 1, NORMAL, throw(2)).outcome == AMBUSHED
        assert native_attitude(TABLES, 1, NORMAL, throw(3)).outcome == CHARGED
        assert native_attitude(TABLES, 1, RECKLESS, throw(3)).outcome == AMBUSHED

    def test_two_dice_are_thrown(self) -> None:
        """Source of the Nile 13.32: a two dice roll."""
        dice = Dice(3, 4, 6)
        assert native_attitude(TABLES, 4, NORMAL, dice).dice == 7
        assert dice.left == 1


class TestNegotiation:
    def test_giving_everything_guarantees_friendship_without_dice(self) -> None:
        """Source of the Nile 14.5: giving every item guarantees success; no die is rolled."""
        answer = negotiate(TABLES, 12, Dice(), everything=True)
        assert answer.outcome == BEFRIENDED and answer.dice == 0

    def test_nothing_to_give_is_an_automatic_success(self) -> None:
        """Source of the Nile 14.5: with nothing to give, negotiation succeeds."""
        assert negotiate(TABLES, 0, Dice(), everything=True).outcome == BEFRIENDED

    def test_no_gifts_can_insult_the_chief_into_an_ambush(self) -> None:
        """Source of the Nile 14.2-14.3 (N60): the fewer the gifts, the unhappier the chief."""
        assert negotiate(TABLES, 0, throw(2)).outcome == AMBUSHED
        assert negotiate(TABLES, 0, throw(3)).outcome == CHARGED
        assert negotiate(TABLES, 0, throw(5)).outcome == PASSES
        assert negotiate(TABLES, 0, throw(12)).outcome == BEFRIENDED

    def test_the_fewest_gifts_of_a_column_belong_to_it(self) -> None:
        """Source of the Nile 14.3 (N60): 4 gifts read the 1-4 column, 5 the 5-9 column; the
        smallest and largest columns at their edges."""
        assert negotiate(TABLES, 4, throw(9)).outcome == PASSES
        assert negotiate(TABLES, 5, throw(9)).outcome == BEFRIENDED
        assert negotiate(TABLES, 39, throw(3)).outcome == PASSES
        assert negotiate(TABLES, 40, throw(3)).outcome == BEFRIENDED
        assert negotiate(TABLES, 40, throw(2)).outcome == PASSES
        assert negotiate(TABLES, 1000, throw(2)).outcome == PASSES
        assert negotiate(TABLES, 1, throw(2)).outcome == AMBUSHED

    def test_negative_gifts_are_refused(self) -> None:
        """Source of the Nile 14.2: the explorer presents gifts, never takes them."""
        with pytest.raises(IllegalAction, match=r"14\.2"):
            negotiate(TABLES, -1, throw(7))

    def test_everything_spares_people_animals_and_personal_muskets(self) -> None:
        """Source of the Nile 14.5 (N140): every item goes, canoes and spare muskets too."""
        held = holding(
            bearer=10, guide=1, askari=4, horse=2, camel=1, canoe=2,
            ration=50, gift=20, musket=7, water=9,
        )  # fmt: skip
        given = everything_for_the_chief(held, personal_muskets=5)
        assert given == holding(canoe=2, ration=50, gift=20, musket=2, water=9)
        assert everything_for_the_chief(held, personal_muskets=9)[MUSKET] == 0


class TestNativeAttack:
    def test_the_entry_itself_wins(self) -> None:
        """Source of the Nile 13.41 (N57): W at or above the entry, D below it."""
        assert native_attack(TABLES, 1, SMALL, False, throw(8)).won
        assert not native_attack(TABLES, 1, SMALL, False, throw(7)).won

    def test_columns_start_at_their_fewest_guns(self) -> None:
        """Source of the Nile 13.41 (N57): 2 guns read the 1-2 column, 3 the 3-4 column."""
        assert not native_attack(TABLES, 2, MEDIUM, False, throw(9)).won
        assert native_attack(TABLES, 3, MEDIUM, False, throw(9)).won

    def test_no_gun_never_wins_and_many_guns_win_often(self) -> None:
        """Source of the Nile 13.41 (N57): the smallest and largest columns."""
        assert not native_attack(TABLES, 0, SMALL, False, throw(12)).won
        assert native_attack(TABLES, 15, LARGE, True, throw(8)).won
        assert not native_attack(TABLES, 15, LARGE, True, throw(7)).won
        assert native_attack(TABLES, 100, SMALL, False, throw(2)).won

    def test_an_ambush_is_harder_than_a_charge(self) -> None:
        """Source of the Nile 13.4 (N57): the ambush table is the worse one."""
        assert native_attack(TABLES, 1, SMALL, False, throw(9)).won
        assert not native_attack(TABLES, 1, SMALL, True, throw(9)).won

    def test_a_tribe_is_never_weakened_by_battle(self) -> None:
        """Source of the Nile 13.6: every battle is against a fresh village of the same size,
        so beating a tribe does not make the next battle easier."""
        first = native_attack(TABLES, 4, LARGE, False, throw(10))
        assert first.won
        assert native_attack(TABLES, 4, LARGE, False, throw(9)).won is False


class TestVictory:
    def test_losses_come_from_table_a(self) -> None:
        """Source of the Nile 16.2: askaris killed by tribe size and a die."""
        assert victory_losses(TABLES, SMALL, 3, Dice(1)).killed == 0
        assert victory_losses(TABLES, LARGE, 6, Dice(6)).killed == 4

    def test_a_loss_beyond_the_askaris_turns_victory_into_defeat(self) -> None:
        """Source of the Nile 16.3: a loss that exceeds the askaris is a defeat, all of them
        dead."""
        losses = victory_losses(TABLES, LARGE, 3, Dice(6))
        assert losses.defeat and losses.killed == 3 and not losses.spoils

    def test_a_loss_equal_to_the_askaris_keeps_the_victory_without_spoils(self) -> None:
        """Source of the Nile 16.3-16.4 (N58): "exceeds" is strict; with no askari left
        there is no Table B."""
        losses = victory_losses(TABLES, LARGE, 4, Dice(6))
        assert not losses.defeat and losses.killed == 4 and not losses.spoils

    def test_askaris_left_lead_to_table_b(self) -> None:
        """Source of the Nile 16.4: one or more askaris left: prisoners and the village."""
        losses = victory_losses(TABLES, LARGE, 5, Dice(6))
        assert not losses.defeat and losses.spoils

    def test_a_victory_without_askaris_is_not_a_defeat(self) -> None:
        """Source of the Nile 16.3 (N58): an armed explorer alone loses no askari he lacks."""
        losses = victory_losses(TABLES, SMALL, 0, Dice(1))
        assert (losses.killed, losses.defeat, losses.spoils) == (0, False, False)
        assert victory_losses(TABLES, SMALL, 0, Dice(4)).defeat

    def test_table_b_gives_prisoners_and_sometimes_the_village(self) -> None:
        """Source of the Nile 16.4: Table B, by size and one die."""
        found = victory_spoils(TABLES, SMALL, Dice(5))
        assert (found.prisoners, found.village) == (2, True)
        missed = victory_spoils(TABLES, SMALL, Dice(4))
        assert (missed.prisoners, missed.village) == (1, False)

    def test_a_band_has_no_village(self) -> None:
        """Source of the Nile 11.43 (N48): a band from a disaster has no village to find."""
        spoils = victory_spoils(TABLES, LARGE, Dice(6), band=True)
        assert spoils.prisoners == 6 and not spoils.village


class TestPrisoners:
    def test_missionaries_doctors_and_ethnologists_release_every_prisoner(self) -> None:
        """Source of the Nile 16.41, 16.421: they release all prisoners and never loot."""
        assert all(must_release_prisoners(s) for s in (MISSIONARY, DOCTOR, ETHNOLOGIST))
        assert not any(must_release_prisoners(s) for s in (EXPLORER, GEOLOGIST, BOTANIST))


class TestLooting:
    def test_one_two_or_three_dice_by_size_doubled(self) -> None:
        """Source of the Nile 16.432: small 1 die, medium 2, large 3; the sum doubled."""
        assert looting_rolls(TABLES, SMALL, Dice(3)) == 6
        assert looting_rolls(TABLES, MEDIUM, Dice(1, 1)) == 4
        assert looting_rolls(TABLES, LARGE, Dice(6, 6, 6)) == 36

    def test_rations_and_gifts(self) -> None:
        """Source of the Nile 16.433: 1-4 find that many rations, 5 a gift."""
        loot = loot_village(TABLES, SMALL, Dice(1, 4, 5), desert=False, river=False)
        assert (loot.rolls, loot.rations, loot.gifts, loot.camels, loot.canoes) == (2, 4, 1, 0, 0)

    def test_a_six_finds_a_camel_in_desert_a_canoe_by_a_river_and_else_nothing(self) -> None:
        """Source of the Nile 16.433: a camel only in desert, a canoe only by a river system."""
        in_desert = loot_village(TABLES, SMALL, Dice(1, 6, 6), desert=True, river=False)
        by_river = loot_village(TABLES, SMALL, Dice(1, 6, 6), desert=False, river=True)
        neither = loot_village(TABLES, SMALL, Dice(1, 6, 6), desert=False, river=False)
        assert (in_desert.camels, in_desert.canoes) == (2, 0)
        assert (by_river.camels, by_river.canoes) == (0, 2)
        assert (neither.camels, neither.canoes, neither.rations, neither.gifts) == (0, 0, 0, 0)

    def test_a_desert_river_gives_camels_or_canoes_as_the_looter_chooses(self) -> None:
        """Source of the Nile 16.433 (N46): where both apply, one choice for the whole loot."""
        camels = loot_village(TABLES, SMALL, Dice(1, 6, 6), desert=True, river=True)
        canoes = loot_village(TABLES, SMALL, Dice(1, 6, 6), desert=True, river=True, canoes=True)
        assert (camels.camels, camels.canoes) == (2, 0)
        assert (canoes.camels, canoes.canoes) == (0, 2)

    def test_every_looting_roll_is_rolled(self) -> None:
        """Source of the Nile 16.431: the Looting Table once per looting roll."""
        dice = Dice(6, 6, 6, *([2] * 36), 1)
        loot = loot_village(TABLES, LARGE, dice, desert=False, river=False)
        assert loot.rolls == 36 and loot.rations == 72 and dice.left == 1


class TestDefeat:
    def test_the_consequences_of_defeat(self) -> None:
        """Source of the Nile 15.2 (N59): 1 captured, 2 killed, 3 alone, 6 with four members."""
        assert consequences_of_defeat(TABLES, Dice(1)).result == CAPTURED
        assert consequences_of_defeat(TABLES, Dice(2)).result == KILLED
        alone = consequences_of_defeat(TABLES, Dice(3))
        assert (alone.result, alone.members, alone.musket) == (ESCAPES, 0, False)
        best = consequences_of_defeat(TABLES, Dice(6))
        assert (best.result, best.members, best.musket) == (ESCAPES, 4, True)


class TestCaptivity:
    def test_the_first_attempt_comes_the_turn_after_capture(self) -> None:
        """Source of the Nile 15.3: from the first turn after capture."""
        assert not may_attempt_escape(captured_turn=7, turn=7)
        assert may_attempt_escape(captured_turn=7, turn=8)
        with pytest.raises(IllegalAction, match=r"15\.3"):
            escape_from_captivity(TABLES, 7, 7, Dice(6))

    def test_an_escaping_captive_takes_bearers_without_load_and_no_musket(self) -> None:
        """Source of the Nile 15.32 (N47): members become bearers without load."""
        escape = escape_from_captivity(TABLES, 7, 8, Dice(6))
        assert (escape.result, escape.members, escape.musket) == (ESCAPES, 4, False)

    def test_attempts_go_on_until_he_escapes_or_dies(self) -> None:
        """Source of the Nile 15.31: a captive stays captive on the capture result."""
        assert still_captive(escape_from_captivity(TABLES, 7, 8, Dice(1)))
        died = escape_from_captivity(TABLES, 7, 9, Dice(2))
        assert not still_captive(died) and died.result == KILLED


class TestTrade:
    def test_buying_pays_gifts_at_the_tables_rate(self) -> None:
        """Source of the Nile 14.7-14.8 (N61): a bearer costs 3 gifts."""
        bought = native_trade(TABLES, Dealings(SMALL, holding=20), BEARER, 4, Dice(4))
        assert (bought.quantity, bought.gifts, bought.gifts_taken) == (4, 12, 12)
        assert not bought.selling and not bought.dies

    def test_selling_food_and_muskets_earns_gifts_outside_the_limit(self) -> None:
        """Source of the Nile 14.8 (N61): rations and muskets fetch gifts; gifts the tribe pays
        do not count against its limit."""
        sold = native_trade(TABLES, Dealings(SMALL, holding=2), MUSKET, 2, Dice(3), selling=True)
        assert (sold.quantity, sold.gifts, sold.gifts_taken) == (2, 12, 0)
        food = native_trade(TABLES, Dealings(SMALL, holding=6), RATION, 2, Dice(3), selling=True)
        assert (food.quantity, food.gifts) == (6, 2)

    def test_what_the_natives_do_not_trade_is_refused(self) -> None:
        """Source of the Nile 14.7: only the lines of the Native Trade Table."""
        with pytest.raises(IllegalAction, match=r"do not sell Horse"):
            native_trade(TABLES, Dealings(LARGE, holding=99), HORSE, 1, Dice(4))
        with pytest.raises(IllegalAction, match=r"do not buy Bearer"):
            native_trade(TABLES, Dealings(LARGE, holding=9), BEARER, 1, Dice(4), selling=True)
        with pytest.raises(IllegalAction, match=r"do not sell Gift"):
            native_trade(TABLES, Dealings(LARGE, holding=9), GIFT, 1, Dice(4))

    def test_the_explorer_must_hold_what_he_pays(self) -> None:
        """Source of the Nile 14.8: gifts when buying, the goods when selling."""
        with pytest.raises(IllegalAction, match=r"needs 10 Gift"):
            native_trade(TABLES, Dealings(LARGE, holding=9), ASKARI, 2, Dice(4))
        with pytest.raises(IllegalAction, match=r"needs 3 Ration"):
            native_trade(TABLES, Dealings(LARGE, holding=2), RATION, 1, Dice(4), selling=True)

    def test_each_item_type_once_per_tribe_per_turn(self) -> None:
        """Source of the Nile 14.81-14.82: any number of items, each type once a turn."""
        first = native_trade(TABLES, Dealings(MEDIUM, holding=30), GUIDE, 1, Dice(5))
        after_first = Dealings(
            MEDIUM, holding=25, gifts_taken=first.gifts_taken, traded=first.traded
        )
        second = native_trade(TABLES, after_first, ASKARI, 2, Dice())
        assert second.gifts_taken == 15
        after_second = Dealings(
            MEDIUM, holding=15, gifts_taken=second.gifts_taken, traded=second.traded
        )
        with pytest.raises(IllegalAction, match=r"already been traded.*14\.82"):
            native_trade(TABLES, after_second, GUIDE, 1, Dice(5))
        again = native_trade(
            TABLES, Dealings(MEDIUM, holding=15, gifts_taken=15), GUIDE, 1, Dice(5)
        )
        assert again.gifts_taken == 20

    def test_the_witch_doctor_strikes_once_a_turn_and_kills_on_a_one(self) -> None:
        """Source of the Nile 14.83 (N41): one poison roll at the turn's first trade with the
        tribe; on a one the explorer dies and nothing changes hands."""
        dead = native_trade(TABLES, Dealings(SMALL, holding=20), BEARER, 1, Dice(1))
        assert dead.dies and dead.poison_rolled
        assert (dead.quantity, dead.gifts, dead.gifts_taken, dead.traded) == (0, 0, 0, 0)
        alive = native_trade(TABLES, Dealings(SMALL, holding=20), BEARER, 1, Dice(2))
        assert alive.poison_rolled and not alive.dies
        later = native_trade(
            TABLES, Dealings(SMALL, holding=17, traded=alive.traded), RATION, 1, Dice()
        )
        assert not later.poison_rolled and not later.dies

    @pytest.mark.parametrize(("size", "limit"), [(SMALL, 35), (MEDIUM, 50), (LARGE, 65)])
    def test_a_tribe_accepts_its_limit_exactly_and_no_more(self, size: int, limit: int) -> None:
        """Source of the Nile 14.91-14.93: never more than 35, 50 or 65 gifts from one
        explorer; a trade reaching the limit exactly is accepted."""
        assert TABLES.trade_limit[size] == limit
        exact = native_trade(
            TABLES, Dealings(size, holding=99, gifts_taken=limit - 5), RATION, 5, Dice(6)
        )
        assert exact.gifts_taken == limit
        with pytest.raises(IllegalAction, match=r"at most .* gifts from one explorer; 5 more"):
            native_trade(
                TABLES, Dealings(size, holding=99, gifts_taken=limit - 5), RATION, 6, Dice(6)
            )

    def test_a_tribe_at_its_limit_no_longer_trades_at_all(self) -> None:
        """Source of the Nile 14.95: once at the maximum the tribe no longer trades with him,
        not even to buy his food or muskets."""
        assert not trade_closed(TABLES, SMALL, 34) and trade_closed(TABLES, SMALL, 35)
        with pytest.raises(IllegalAction, match=r"no longer trades.*14\.95"):
            native_trade(
                TABLES, Dealings(SMALL, holding=1, gifts_taken=35), MUSKET, 1, Dice(6), selling=True
            )

    def test_camels_only_where_the_caller_says_a_desert_route_exists(self) -> None:
        """Source of the Nile 14.84: camels only from a desert tribe joined to Khartoum."""
        with pytest.raises(IllegalAction, match=r"14\.84"):
            native_trade(TABLES, Dealings(LARGE, holding=30), CAMEL, 1, Dice(6))
        camel = native_trade(TABLES, Dealings(LARGE, holding=30, camels=True), CAMEL, 1, Dice(6))
        assert (camel.quantity, camel.gifts) == (1, 15)

    def test_the_most_lots_open_to_the_explorer(self) -> None:
        """Source of the Nile 14.8-14.95: what he can pay for within the tribe's limit."""
        assert most_lots(TABLES, Dealings(SMALL, holding=20, gifts_taken=30), BEARER) == 1
        assert most_lots(TABLES, Dealings(SMALL, holding=2), BEARER) == 0
        assert most_lots(TABLES, Dealings(LARGE, holding=20), BEARER) == 6
        assert most_lots(TABLES, Dealings(SMALL, holding=7), RATION, selling=True) == 2
        assert (
            most_lots(TABLES, Dealings(SMALL, holding=7, gifts_taken=35), RATION, selling=True) == 0
        )
        assert most_lots(TABLES, Dealings(SMALL, holding=9, traded=1 << RATION), RATION) == 0
        assert most_lots(TABLES, Dealings(SMALL, holding=99), CAMEL) == 0
        assert most_lots(TABLES, Dealings(SMALL, holding=99, camels=True), CAMEL) == 2
        assert most_lots(TABLES, Dealings(SMALL, holding=99), HORSE) == 0
        lots = most_lots(TABLES, Dealings(MEDIUM, holding=99, gifts_taken=20), ASKARI)
        native_trade(TABLES, Dealings(MEDIUM, holding=99, gifts_taken=20), ASKARI, lots, Dice(6))
        with pytest.raises(IllegalAction):
            native_trade(
                TABLES, Dealings(MEDIUM, holding=99, gifts_taken=20), ASKARI, lots + 1, Dice(6)
            )

    def test_a_canoe_costs_ten_gifts(self) -> None:
        """Source of the Nile 14.7 (N61): the table's dearest line but the camel."""
        assert native_trade(TABLES, Dealings(LARGE, holding=20), CANOE, 2, Dice(6)).gifts == 20


def _route_from_khartoum(length: int) -> list[int]:
    """A shortest chain of hexes over land from Khartoum, ``length`` steps long."""
    before = {KHARTOUM_HEX: KHARTOUM_HEX}
    queue = deque([KHARTOUM_HEX])
    far = KHARTOUM_HEX
    while queue:
        here = queue.popleft()
        if BOARD.distance(KHARTOUM_HEX, here) == length:
            far = here
            break
        for there in BOARD.overland[here]:
            if there not in before:
                before[there] = here
                queue.append(there)
    path = [far]
    while path[-1] != KHARTOUM_HEX:
        path.append(before[path[-1]])
    return path


class TestCamelRoute:
    def test_a_desert_chain_leads_to_khartoum(self) -> None:
        """Source of the Nile 14.84: a route of desert hexes traced to Khartoum."""
        path = _route_from_khartoum(4)
        terrain = [VELDT] * BOARD.num_hexes
        for hex_ in path:
            terrain[hex_] = DESERT
        assert desert_route_to(BOARD, terrain, path[0], KHARTOUM_HEX)
        assert camels_for_trade(BOARD, terrain, path[0])

    def test_a_gap_in_the_desert_breaks_the_route(self) -> None:
        """Source of the Nile 14.84 (N42): a hex of other terrain, or one unexplored, breaks it."""
        path = _route_from_khartoum(4)
        for gap in (VELDT, BLANK):
            terrain = [VELDT] * BOARD.num_hexes
            for hex_ in path:
                terrain[hex_] = DESERT
            terrain[path[2]] = gap
            assert not desert_route_to(BOARD, terrain, path[0], KHARTOUM_HEX)

    def test_the_tribe_itself_must_be_in_desert(self) -> None:
        """Source of the Nile 14.84: camels from a desert tribe only."""
        path = _route_from_khartoum(3)
        terrain = [DESERT] * BOARD.num_hexes
        terrain[path[0]] = VELDT
        assert not camels_for_trade(BOARD, terrain, path[0])

    def test_the_printed_desert_beside_khartoum_qualifies(self) -> None:
        """Source of the Nile 14.84: on the shipped map, Khartoum's desert neighbours."""
        beside = [h for h in BOARD.overland[KHARTOUM_HEX] if BOARD.terrain[h] == DESERT]
        assert beside
        assert all(camels_for_trade(BOARD, BOARD.terrain, h) for h in beside)


class TestShootingAnimals:
    def test_a_zoologists_own_shot_kills_on_a_five(self) -> None:
        """Source of the Nile 11.42 (N44): zoologists kill on 5 or 6."""
        shot = shoot_animal(3, True, ZOOLOGIST, Dice(5))
        assert shot.killed and shot.shots == 1

    def test_others_kill_only_on_a_six(self) -> None:
        """Source of the Nile 11.42: one shot each, a kill on a 6."""
        missed = shoot_animal(2, True, EXPLORER, Dice(5, 5, 5))
        assert not missed.killed and missed.shots == 3
        assert shoot_animal(2, True, EXPLORER, Dice(5, 5, 6)).killed

    def test_a_zoologists_askaris_still_need_a_six(self) -> None:
        """Source of the Nile 11.42 (N44): an unarmed zoologist lends his askaris no skill."""
        assert not shoot_animal(2, False, ZOOLOGIST, Dice(5, 5)).killed
        assert shoot_animal(2, False, ZOOLOGIST, Dice(5, 6)).killed

    def test_no_guns_no_shots(self) -> None:
        """Source of the Nile 11.42: only askaris and an armed explorer shoot."""
        assert shoot_animal(0, False, ZOOLOGIST, Dice()) == shoot_animal(0, False, BOTANIST, Dice())
        assert not shoot_animal(0, False, ZOOLOGIST, Dice()).killed

    def test_shooting_stops_at_the_first_kill(self) -> None:
        """Source of the Nile 11.42 (N44): one dead animal ends the danger."""
        dice = Dice(6, 1, 1)
        assert shoot_animal(2, True, GEOLOGIST, dice).shots == 1 and dice.left == 2


class TestKilledByDisaster:
    def test_twelve_kills_the_explorer_instead(self) -> None:
        """Source of the Nile 11.45: two dice per person killed; on twelve the explorer dies
        instead of him."""
        deaths = killed_by_disaster(1, 5, throw(12))
        assert deaths.explorer_killed and deaths.killed == 0
        spared = killed_by_disaster(1, 5, throw(11))
        assert not spared.explorer_killed and spared.killed == 1

    def test_a_person_named_but_absent_kills_the_explorer_on_eleven(self) -> None:
        """Source of the Nile 11.45: eleven or twelve when the person is not in the
        expedition."""
        assert killed_by_disaster(1, 0, throw(11)).explorer_killed
        safe = killed_by_disaster(1, 0, throw(10))
        assert not safe.explorer_killed and safe.killed == 0

    def test_each_person_killed_is_thrown_for_present_first(self) -> None:
        """Source of the Nile 11.45 (N43): two bearers named, one present: twelve for the
        first, eleven for the second."""
        dice = Dice(6, 5, 5, 5)
        deaths = killed_by_disaster(2, 1, dice)
        assert (deaths.killed, deaths.explorer_killed, dice.left) == (1, False, 0)
        assert killed_by_disaster(2, 1, Dice(5, 5, 6, 5)).explorer_killed

    def test_the_explorers_death_ends_the_throwing(self) -> None:
        """Source of the Nile 11.45, 21.3: once the explorer is dead nothing more is thrown."""
        dice = Dice(6, 6, 1, 1)
        assert killed_by_disaster(2, 2, dice).explorer_killed and dice.left == 2

    def test_a_killer_of_people_the_expedition_lacks_is_not_ignored(self) -> None:
        """Source of the Nile 11.2, 11.45 (N43): a disaster that kills people still strikes an
        expedition without them, through the explorer."""
        assert not disaster_ignored(card("Lion"), 0)
        assert not disaster_ignored(card("Poisoned Arrows"), 0)

    def test_other_disasters_naming_what_is_lacking_are_ignored(self) -> None:
        """Source of the Nile 11.2 (N43): animals, items and desertions that cannot happen."""
        assert disaster_ignored(card("A Camel Falls"), 0)
        assert not disaster_ignored(card("A Camel Falls"), 1)
        assert disaster_ignored(card("Thieves in the Night"), 0)
        assert disaster_ignored(card("Mutiny"), 0)
        assert not disaster_ignored(card("Mountain Storm"), 0)  # a delay names no one

    def test_a_band_attacks_and_leaves_no_tribe(self) -> None:
        """Source of the Nile 11.43 (N48): a disaster's band is a size and a way of attacking."""
        assert band_of(card("Raiders' Ambush")) == Band(SMALL, True)
        assert band_of(card("Slave Raiders")) == Band(MEDIUM, False)
        assert band_of(card("Lion")) is None
        assert not disaster_ignored(card("Slave Raiders"), 0)


class TestCaches:
    def test_people_and_animals_cannot_be_cached(self) -> None:
        """Source of the Nile 17.2."""
        for good in (BEARER, GUIDE, ASKARI, HORSE, CAMEL):
            with pytest.raises(IllegalAction, match=r"17\.2"):
                make_cache(TABLES, 5, 0, [(good, 1)])

    def test_items_muskets_canoes_and_finds_can(self) -> None:
        """Source of the Nile 17.1, 17.4, 9.6 (N141): merged and ordered by good."""
        cache = make_cache(
            TABLES, 5, 0, [(RATION, 10), (MUSKET, 2), (RATION, 5), (CANOE, 1), (WATER, 0)], [3]
        )
        assert cache == Cache(5, 0, ((CANOE, 1), (RATION, 15), (MUSKET, 2)), (3,))
        with pytest.raises(IllegalAction, match=r"must hold something"):
            make_cache(TABLES, 5, 0, [(GIFT, 0)])

    def test_the_owner_may_search_anywhere_others_only_in_published_hexes(self) -> None:
        """Source of the Nile 17.6, 17.8."""
        cache = make_cache(TABLES, 5, 0, [(GIFT, 10)])
        assert may_search_cache(cache, 0, 5, published=False)
        assert not may_search_cache(cache, 1, 5, published=False)
        assert may_search_cache(cache, 1, 5, published=True)
        assert not may_search_cache(cache, 0, 6, published=True)
        with pytest.raises(IllegalAction, match=r"17\.8"):
            recover_cache(cache, 1, 5, False, Dice(6))
        with pytest.raises(IllegalAction, match=r"its own hex"):
            recover_cache(cache, 0, 6, False, Dice(6))

    def test_a_one_means_the_cache_is_gone(self) -> None:
        """Source of the Nile 17.6, 17.8: the die for the owner and for others alike."""
        cache = make_cache(TABLES, 5, 0, [(GIFT, 10)])
        assert not recover_cache(cache, 0, 5, False, Dice(1))
        assert recover_cache(cache, 0, 5, False, Dice(2))
        assert recover_cache(cache, 1, 5, True, Dice(6))
        assert not recover_cache(cache, 1, 5, True, Dice(1))


class TestJournalist:
    def test_a_battle_won_is_one_point_a_battle_lost_two(self) -> None:
        """Source of the Nile 24.2-24.3."""
        kw = {"in_africa": True, "own_battle": True, "battled_before": False}
        assert journalist_battle_award(TABLES, JOURNALIST, True, **kw) == 1
        assert journalist_battle_award(TABLES, JOURNALIST, False, **kw) == 2
        assert journalist_battle_award(TABLES, EXPLORER, False, **kw) == 0

    def test_only_once_for_each_tribe_he_battles_himself(self) -> None:
        """Source of the Nile 24.4: no points for battling the same tribe again."""
        assert (
            journalist_battle_award(
                TABLES, JOURNALIST, False, in_africa=True, own_battle=True, battled_before=True
            )
            == 0
        )

    def test_other_explorers_battles_are_news_while_he_is_in_africa(self) -> None:
        """Source of the Nile 24.2, 24.5 (N49): any explorer's battle, if the journalist is in
        Africa."""
        assert (
            journalist_battle_award(
                TABLES, JOURNALIST, True, in_africa=True, own_battle=False, battled_before=True
            )
            == 1
        )
        assert (
            journalist_battle_award(
                TABLES, JOURNALIST, True, in_africa=False, own_battle=False, battled_before=False
            )
            == 0
        )

    def test_an_interview(self) -> None:
        """Source of the Nile 24.6-24.63: another explorer, same hex in Africa, 4 or more
        hexes from a port, once per explorer."""
        assert TABLES.awards.interview == 3
        assert interview()
        assert not interview(specialty=EXPLORER)
        assert not interview(subject=1)  # not himself
        assert not interview(subject_hex=41)
        assert not interview(journalist_hex=-1, subject_hex=-1)  # both in Europe
        assert not interview(subject_reach=3)
        assert not interview(interviewed=frozenset({2}))


def interview(
    *,
    specialty: int = JOURNALIST,
    subject: int = 2,
    journalist_hex: int = 40,
    subject_hex: int = 40,
    subject_reach: int = 4,
    interviewed: frozenset[int] = frozenset({3}),
) -> bool:
    """Journalist 1 interviewing explorer 2, everything in order unless changed."""
    return may_interview(
        TABLES,
        specialty=specialty,
        journalist=1,
        subject=subject,
        journalist_hex=journalist_hex,
        subject_hex=subject_hex,
        subject_reach=subject_reach,
        interviewed=interviewed,
    )
