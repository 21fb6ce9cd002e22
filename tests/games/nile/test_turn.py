"""A turn in Africa played through the notation (Source of the Nile 8.3, 9, 10.29, 12, 20.2,
23.1): the activity level, the disaster draw, movement, retreat, mode changes, getting lost,
natives met, discovery counters, upkeep and the bonus draw."""

from __future__ import annotations

import random

import pytest

from terra.core import IllegalAction
from terra.games.nile.components.hexgrid import opposite
from terra.games.nile.party import Party
from terra.games.nile.publishing import publishable_hexes
from terra.games.nile.state import NileState
from terra.games.nile.terms import DESERT, JUNGLE, SWAMP, VELDT
from terra.games.nile.territory import EXPLORED, side_bit, side_towards

from . import positions as pos
from .positions import dice, found, hx, keys, standing, toward

# Around 0403 (veldt, away from ports): 0503 veldt is published, 0504 is blank.
BLANK_HEX = "0504"
HOME_HEX = "0403"
KNOWN_HEX = "0503"


class TestActivityLevel:
    """8.3 step 1, 9.11-9.12: the activity level and the mode give the allowance."""

    @pytest.mark.parametrize(("activity", "points"), [("cautious", 1), ("normal", 2)])
    def test_on_foot_the_allowance_follows_the_activity_level(
        self, activity: str, points: int
    ) -> None:
        """9.12: a foot expedition's movement points."""
        state = standing()
        state.play(activity)
        assert state.turn.allowance == points
        assert state.view(None)["turn"]["allowance"] == points

    def test_a_cautious_canoe_expedition_has_two_movement_points(self) -> None:
        """9.12's example: canoe, cautious, 2 m.p."""
        party = Party(canoes=2, bearers=16, rations=40)
        state = standing("Zanzibar", party, mode="by canoe")
        state.play("cautious")
        assert state.turn.allowance == 2


class TestDisasterDraw:
    """8.3 step 2: an Event card for a disaster, except in a port or Cape Colony."""

    def test_away_from_the_ports_a_card_is_drawn(self) -> None:
        state = standing()
        since = state.log_size
        state.play("normal")
        assert "disaster-drawn" in keys(state, since)

    @pytest.mark.parametrize("where", ["Zanzibar", "1332"])
    def test_in_a_port_or_cape_colony_no_card_is_drawn(self, where: str) -> None:
        """8.3 step 2: Zanzibar is a port, 1332 lies in Cape Colony."""
        state = standing(where)
        deck = len(state.deck)
        since = state.log_size
        state.play("normal")
        assert "disaster-drawn" not in keys(state, since)
        assert len(state.deck) == deck


class TestMovementCosts:
    """9.14-9.16, 9.21, 9.41-9.42: what entering a hex costs."""

    def test_a_published_hex_costs_one_movement_point(self) -> None:
        """9.15."""
        state = standing()
        state.play("normal")
        state.play(toward(state, KNOWN_HEX))
        assert state.turn.spent == 1

    def test_an_unexplored_hex_costs_two_movement_points(self) -> None:
        """9.16."""
        state = standing()
        state.play("normal")
        dice(state, 6)  # not lost
        state.play(toward(state, BLANK_HEX))
        assert state.turn.spent == 2
        assert state.explorers[state.player].hex == hx(state, BLANK_HEX)

    def test_without_enough_movement_points_the_hex_cannot_be_entered(self) -> None:
        """9.41: cautious on foot (1 m.p.) cannot enter an unexplored hex."""
        state = standing()
        state.play("cautious")
        with pytest.raises(IllegalAction, match="costs 2 movement points; 1 left") as refused:
            state.play(toward(state, BLANK_HEX))
        assert refused.value.rule is not None and "9.41" in refused.value.rule

    def test_unused_movement_points_are_lost(self) -> None:
        """9.42: the next turn starts afresh."""
        state = standing()
        state.play("reckless")
        state.play("done")
        state.play("cautious")
        assert state.turn.spent == 0 and state.turn.allowance == 1

    def test_a_canoe_pays_four_movement_points_for_a_swamp(self) -> None:
        """9.21: entering swamp by canoe (not along the coast)."""
        party = Party(canoes=1, bearers=8, rations=20)
        state = standing("0403", party, mode="by canoe")
        found(state, KNOWN_HEX, SWAMP)
        state.play("reckless")
        assert state.turn.allowance >= 4
        state.play(toward(state, KNOWN_HEX))
        assert state.turn.spent == 4

    def swamp_ahead(self, activity: str) -> NileState:
        """A canoe expedition at 0403 enters the blank 0504, which the terrain card maps as a
        copy of the swamp 0604 beside it (10.23)."""
        party = Party(canoes=1, bearers=8, rations=20)
        state = standing(HOME_HEX, party, mode="by canoe")
        found(state, "0604", SWAMP)
        state.play(activity)
        south_east = next(
            c for c in range(state.data.deck.size) if state.data.deck.compass[c][0] == 3
        )
        pos.stack(state, south_east)
        dice(state, 6)  # not lost
        state.play(toward(state, BLANK_HEX))
        assert state.territory.terrain[hx(state, BLANK_HEX)] == SWAMP
        return state

    def test_a_canoe_pays_four_for_an_unexplored_hex_that_proves_to_be_swamp(self) -> None:
        """Source of the Nile, 9.21: 4 m.p. for swamp "whether published, explored or
        unexplored": the swamp found on mapping costs the canoe 4, not the 2 of 9.16."""
        state = self.swamp_ahead("reckless")
        assert state.turn.spent == 4
        state.play("stay")
        assert state.explorers[state.player].hex == hx(state, BLANK_HEX)

    def test_a_portage_into_a_swamp_is_paid_besides(self) -> None:
        """Source of the Nile, 9.21, 9.272: the swamp's 4 m.p. replace the unexplored hex's 2;
        the trip round the cataract on the way in (1 m.p. for one canoe and 8 bearers) counts
        besides, whether the swamp was on the map or not."""
        party = Party(canoes=1, bearers=8, rations=20)
        state = standing(HOME_HEX, party, mode="by canoe")
        TestCataracts.falls(state, HOME_HEX, BLANK_HEX)
        found(state, "0604", SWAMP)
        state.play("reckless")
        deck = state.data.deck
        pos.stack(state, next(c for c in range(deck.size) if deck.compass[c][0] == 3))
        dice(state, 6)
        state.play(toward(state, BLANK_HEX))
        assert state.territory.terrain[hx(state, BLANK_HEX)] == SWAMP
        assert state.turn.spent == 4 + 1
        known = standing(HOME_HEX, party, mode="by canoe")  # the swamp on the map beforehand
        TestCataracts.falls(known, HOME_HEX, BLANK_HEX)
        found(known, BLANK_HEX, SWAMP)
        known.play("reckless")
        known.play(toward(known, BLANK_HEX))
        assert known.turn.spent == 4 + 1

    def test_a_canoe_without_four_points_left_spends_them_all_and_must_go_back(self) -> None:
        """Source of the Nile, 9.21, 9.41, 9.46 (decision N110): a cautious canoe (2 m.p.) may
        try the unexplored hex, but a swamp costs it 4: it spends all it has and cannot enter."""
        state = self.swamp_ahead("cautious")
        assert state.turn.spent == state.turn.allowance == 2
        assert "stay" not in state.legal_action_strs()
        with pytest.raises(IllegalAction, match="costs 4 movement points") as refused:
            state.play("stay")
        assert refused.value.rule is not None and "9.21" in refused.value.rule
        state.play("retreat")
        assert state.explorers[state.player].hex == hx(state, HOME_HEX)
        assert state.turn.spent == 2


class TestMovementRestrictions:
    """9.43, 5.426: the Movement Restrictions Chart."""

    def test_horses_may_not_enter_a_swamp(self) -> None:
        state = standing("0403", Party(horses=1), mode="mounted")
        found(state, KNOWN_HEX, SWAMP)
        state.play("normal")
        with pytest.raises(IllegalAction, match="horses cannot enter") as refused:
            state.play(toward(state, KNOWN_HEX))
        assert refused.value.rule is not None and "9.43" in refused.value.rule

    def test_on_foot_the_same_swamp_is_open(self) -> None:
        state = standing("0403", Party(bearers=1))
        found(state, KNOWN_HEX, SWAMP)
        state.play("normal")
        state.play(toward(state, KNOWN_HEX))
        assert state.explorers[state.player].hex == hx(state, KNOWN_HEX)


class TestRetreat:
    """9.44-9.46, 10.29-10.293: after seeing a new hex's terrain."""

    def entered(self) -> NileState:
        state = standing()
        state.play("reckless")
        dice(state, 6)
        state.play(toward(state, BLANK_HEX))
        assert state.phase_name == "retreat"
        return state

    def test_the_explorer_may_go_back_and_the_points_stay_spent(self) -> None:
        """9.45-9.46: back in 0403, two movement points gone."""
        state = self.entered()
        state.play("retreat")
        assert state.explorers[state.player].hex == hx(state, "0403")
        assert state.turn.spent == 2 and state.phase_name == "moving"

    def test_a_hex_retreated_from_stays_partial_and_cannot_be_published(self) -> None:
        """10.291-10.293: its terrain is on the map, the rest unexplored, nothing published."""
        state = self.entered()
        state.play("retreat")
        blank = hx(state, BLANK_HEX)
        assert state.territory.partial[blank] >= 0
        assert blank not in publishable_hexes(state, state.explorers[state.player])

    def test_a_hex_someone_else_completes_is_still_not_his_to_publish(self) -> None:
        """Source of the Nile, 10.293-10.294: he never gets credit for a partial exploration;
        another explorer who completes the hex has explored it, he has not."""
        state = self.entered()
        state.play("retreat")
        blank = hx(state, BLANK_HEX)
        territory = state.territory
        territory.stage[blank], territory.partial[blank] = EXPLORED, -1  # completed by another
        assert blank not in publishable_hexes(state, state.explorers[state.player])

    def test_staying_completes_the_mapping(self) -> None:
        """9.45, 10.294: the hex is fully explored and publishable."""
        state = self.entered()
        state.play("stay")
        blank = hx(state, BLANK_HEX)
        assert "hex-mapped" in keys(state)
        assert state.territory.partial[blank] < 0
        assert blank in publishable_hexes(state, state.explorers[state.player])

    def test_an_expedition_may_not_stay_where_it_may_not_be(self) -> None:
        """9.44: horses that find a swamp must retreat (or change mode)."""
        state = standing("0403", Party(horses=2, bearers=1), mode="mounted")
        state.play("reckless")
        dice(state, 6)
        state.play(toward(state, BLANK_HEX))
        state.territory.terrain[hx(state, BLANK_HEX)] = SWAMP  # the map said so
        state._forget_legal()
        with pytest.raises(IllegalAction, match="retreat, or leave them"):
            state.play("stay")
        state.play("retreat")

    def test_horses_that_find_a_swamp_may_be_released_and_the_explorer_walks_in(self) -> None:
        """Source of the Nile, 9.44 with 9.6 (decision N112): the horses may not enter the
        swamp found (5.426), so no mode of travel that keeps them ends the conflict; released
        at once (9.6: "at any time"), the expedition goes on foot into the swamp."""
        state = standing(HOME_HEX, Party(horses=2, bearers=1, rations=10), mode="mounted")
        found(state, "0604", SWAMP)
        state.play("reckless")
        south_east = next(
            c for c in range(state.data.deck.size) if state.data.deck.compass[c][0] == 3
        )
        pos.stack(state, south_east)  # 0504 copies the swamp 0604 (10.23)
        dice(state, 6)
        state.play(toward(state, BLANK_HEX))
        assert state.phase_name == "retreat"
        assert "stay" not in state.legal_action_strs()
        state.play("leave 1 horse")
        state.play("leave 1 horse")
        assert state.explorers[0].party.horses == 0
        state.play("travel on foot")
        state.play("stay")
        assert state.explorers[0].hex == hx(state, BLANK_HEX)
        assert "hex-mapped" in keys(state)


class TestModeOfTravel:
    """9.5-9.52: changing the mode of travel in a turn."""

    def mounted(self) -> NileState:
        state = standing("0403", Party(horses=2, bearers=1, rations=10), mode="mounted")
        state.play("reckless")
        return state

    def test_mounted_to_foot_takes_the_slower_allowance(self) -> None:
        """9.51's example: mounted reckless 6 m.p., on foot 4 m.p."""
        state = self.mounted()
        assert state.turn.allowance == 6
        state.play("travel on foot")
        assert state.turn.allowance == 4

    def test_foot_to_mounted_keeps_the_allowance(self) -> None:
        """9.51's example: a foot expedition that mounts keeps its allowance."""
        state = standing("0403", Party(horses=2, bearers=1, rations=10))
        state.play("reckless")
        state.play("travel mounted")
        assert state.turn.allowance == 4

    def test_having_spent_the_slower_allowance_the_explorer_stops(self) -> None:
        """9.52: four points spent mounted, then on foot: no further move."""
        state = self.mounted()
        for _ in range(2):
            state.play(toward(state, KNOWN_HEX))
            state.play(toward(state, "0403"))
        state.play("travel on foot")
        assert state.turn.stopped
        with pytest.raises(IllegalAction, match="no further"):
            state.play(toward(state, KNOWN_HEX))

    def test_everyone_must_be_mounted_to_travel_mounted(self) -> None:
        """5.423: one horse for two men is not enough."""
        state = standing("0403", Party(horses=1, bearers=1, guides=1))
        with pytest.raises(IllegalAction, match="not every member"):
            state.play("travel mounted")


class TestLost:
    """12.1-12.64 and decision N51: the lost check on entering an unknown hex."""

    def test_no_check_entering_a_known_hex(self) -> None:
        """12.1: only unpublished hexes never visited."""
        state = standing()
        state.play("normal")
        since = state.log_size
        state.play(toward(state, KNOWN_HEX))
        assert "lost-check" not in keys(state, since)

    def test_a_roll_at_the_lost_number_loses_the_expedition(self) -> None:
        """12.2-12.4: veldt's number is 1; lost, it moves no more this turn."""
        state = standing("0403", pos.foot_party(guides=0))
        state.play("normal")
        dice(state, 1)
        state.play(toward(state, BLANK_HEX))
        assert state.turn.lost and state.explorers[state.player].hex == hx(state, "0403")
        with pytest.raises(IllegalAction, match="lost") as refused:
            state.play(toward(state, KNOWN_HEX))
        assert refused.value.rule is not None and "12.0" in refused.value.rule

    def test_a_guide_helps_and_the_one_lost_deserts(self) -> None:
        """12.61 (N51: a guide raises the roll) and 12.2: in jungle (3), a 1 with a guide is
        2, still lost, and a guide deserts."""
        state = standing("0403", pos.foot_party(guides=2))
        found(state, "0403", JUNGLE)
        state.play("normal")
        dice(state, 1)
        state.play(toward(state, BLANK_HEX))
        assert state.turn.lost
        assert state.explorers[state.player].party.guides == 1

    def test_a_guide_turns_a_lost_roll_into_a_safe_one(self) -> None:
        """12.61, N51: on veldt, a 1 with a guide is 2, above the Lost number."""
        state = standing()
        state.play("normal")
        dice(state, 1)
        state.play(toward(state, BLANK_HEX))
        assert not state.turn.lost

    def test_reckless_activity_makes_getting_lost_likelier(self) -> None:
        """12.63, N51: reckless lowers the roll: a 2 on veldt becomes 1, lost."""
        state = standing("0403", pos.foot_party(guides=0))
        state.play("reckless")
        dice(state, 2)
        state.play(toward(state, BLANK_HEX))
        assert state.turn.lost


class TestNativesMet:
    """8.3 step 3c, 13.1: natives met on entering a hex, or staying in it."""

    def test_entering_a_tribes_hex_asks_for_a_policy(self) -> None:
        state = standing()
        found(state, KNOWN_HEX, VELDT, tribe=7, size=1)
        state.play("normal")
        state.play(toward(state, KNOWN_HEX))
        assert state.phase_name == "policy"
        assert state.view(None)["encounter"]["tribe"] == 7

    def test_a_tribe_is_met_by_an_explorer_who_stays_put(self) -> None:
        """8.3 step 3c: no move made, the tribe of the hex occupied."""
        state = standing()
        found(state, "0403", VELDT, tribe=7, size=1)
        state.play("normal")
        state.play("done")
        assert state.phase_name == "policy"
        met = [e for e in state.events if e["key"] == "natives-met"]
        assert met[-1]["args"]["staying"] is True


class TestDiscoveryCounterSeen:
    """23.1: an explorer entering a counter's hex looks at it, in private."""

    def test_only_the_finder_reads_the_counter(self) -> None:
        state = standing(players=2)
        seat = state.player
        counter_hex = state.counter_hex[0]
        board = state.data.board
        beside = next(h for h in board.overland[counter_hex] if h >= 0)
        found(state, beside, VELDT)
        found(state, counter_hex, VELDT)
        pos.put(state, seat, beside, pos.foot_party())
        state.play("normal")
        state.play(toward(state, counter_hex))
        seen = [e for e in state.log(seat) if e["key"] == "counter-seen"]
        assert seen and "discovery" in seen[0]["args"]
        other = 1 - seat
        for reader in (other, None):
            hidden = [e for e in state.log(reader) if e["key"] == "counter-seen"]
            assert hidden and "discovery" not in hidden[0]["args"]
        faces = [c["discovery"] for c in state.view(other)["counters"]]
        assert faces[0] is None
        assert state.view(seat)["counters"][0]["discovery"] == state.counter_kind[0]

    def at_the_counter_with_natives(self) -> NileState:
        """The explorer enters discovery counter 0's hex, where tribe 9 waits (not friendly)."""
        state = standing()
        counter_hex = state.counter_hex[0]
        beside = next(h for h in state.data.board.overland[counter_hex] if h >= 0)
        found(state, beside, VELDT)
        found(state, counter_hex, VELDT, tribe=9, size=1)
        pos.put(state, 0, beside, pos.foot_party())
        state.play("normal")
        state.play(toward(state, counter_hex))
        assert state.phase_name == "policy"
        return state

    def test_an_explorer_who_retreats_from_the_natives_has_not_seen_the_counter(self) -> None:
        """Source of the Nile, 23.1: only an explorer who "enters and does not retreat out of
        the hex may look"; policy 2 and hostile natives send him back (13.42, 13.5)."""
        state = self.at_the_counter_with_natives()
        dice(state, 1, 4)  # 5: hostile, policy 2 retreats
        state.play("policy 2")
        assert "retreated" in keys(state)
        assert "counter-seen" not in keys(state)
        assert not state.explorers[0].counters and not state.explorers[0].found_counters
        assert state.view(0)["counters"][0]["discovery"] is None

    def test_an_explorer_who_stays_with_the_natives_looks_at_the_counter(self) -> None:
        """Source of the Nile, 23.1: the natives let him pass; he stays and looks."""
        state = self.at_the_counter_with_natives()
        assert "counter-seen" not in keys(state)  # not before the natives are dealt with
        dice(state, 6, 6)  # neutral: policy 2 passes
        state.play("policy 2")
        assert "counter-seen" in keys(state)
        assert state.view(0)["counters"][0]["discovery"] == state.counter_kind[0]


class TestUpkeepAndBonus:
    """8.3 steps 4-5, 18-20.2: upkeep each turn; a bonus card only where something was found."""

    def test_upkeep_feeds_the_expedition_at_the_end_of_the_turn(self) -> None:
        """8.3 step 4, 5.4423: every man eats (or hunts)."""
        state = standing(where="Zanzibar")
        state.play("normal")
        state.play("done")
        assert "upkeep" in keys(state)
        assert state.explorers[0].party.rations < 140 or any(
            e["args"].get("hunted") for e in state.events if e["key"] == "upkeep"
        )

    def test_no_bonus_card_in_a_known_hex_without_a_new_tribe(self) -> None:
        """20.2: nothing mapped, nobody met."""
        state = standing()
        state.play("normal")
        state.play(toward(state, KNOWN_HEX))
        since = state.log_size
        state.play("done")
        assert not {"bonus", "no-bonus"} & set(keys(state, since))

    def test_a_bonus_card_is_drawn_in_a_hex_mapped_this_turn(self) -> None:
        """20.2: the explorer ends his move in the hex he mapped."""
        state = standing()
        state.play("reckless")
        dice(state, 6)
        state.play(toward(state, BLANK_HEX))
        state.play("stay")
        while state.phase_name != "moving":  # natives of the new hex, if any
            state.play(state.legal_actions()[0])
        since = state.log_size
        state.play("done")
        assert {"bonus", "no-bonus"} & set(keys(state, since))

    def meet_and_pass(self, state: NileState) -> None:
        """Enter 0503, whose tribe 7 the explorer has never met, and pass it by policy 2 (the
        dice: a neutral tribe that lets him go, 13.32)."""
        found(state, KNOWN_HEX, VELDT, tribe=7, size=1)
        state.play("normal")
        state.play(toward(state, KNOWN_HEX))
        dice(state, 6, 6)
        state.play("policy 2")
        assert state.phase_name == "moving" and state.explorers[0].hex == hx(state, KNOWN_HEX)

    def test_a_new_tribe_met_on_the_way_brings_no_bonus_where_the_turn_ends(self) -> None:
        """Source of the Nile, 20.2: the bonus needs the hex the explorer occupies to be with a
        tribe he never met before; one passed on the way, left behind, does not count."""
        state = standing()
        self.meet_and_pass(state)
        state.play(toward(state, HOME_HEX))
        since = state.log_size
        state.play("done")
        assert not {"bonus", "no-bonus"} & set(keys(state, since))

    def test_ending_the_turn_with_a_tribe_met_for_the_first_time_brings_a_bonus_card(
        self,
    ) -> None:
        """Source of the Nile, 20.2: "with a native tribe he has never encountered in a previous
        turn"."""
        state = standing()
        self.meet_and_pass(state)
        since = state.log_size
        state.play("done")
        assert {"bonus", "no-bonus"} & set(keys(state, since))


class TestWater:
    """5.4441-5.4443: water is free where there is any, and a desert away from a river needs
    it."""

    def test_water_is_taken_free_where_there_is_water(self) -> None:
        state = standing("0403", Party(bearers=2))
        state.play("take 10 water")
        assert state.explorers[state.player].party.water == 10

    def test_no_water_in_a_desert_without_river_or_oasis(self) -> None:
        state = standing("0403", Party(bearers=2))
        found(state, "0403", DESERT)
        with pytest.raises(IllegalAction, match="no water in a desert") as refused:
            state.play("take 1 water")
        assert refused.value.rule is not None and "5.4442" in refused.value.rule

    def test_no_more_water_than_the_bearers_carry(self) -> None:
        """6.55: water weighs like any item."""
        state = standing("0403", Party(bearers=1))
        state.play("take 10 water")
        with pytest.raises(IllegalAction, match="overload"):
            state.play("take 1 water")

    def test_entering_a_desert_takes_water_for_everyone(self) -> None:
        """5.4442, 5.4444: three units a man; without it the desert is closed."""
        state = standing("0403", Party(bearers=2))
        found(state, KNOWN_HEX, DESERT)
        state.play("normal")
        with pytest.raises(IllegalAction, match="needs 9 water"):
            state.play(toward(state, KNOWN_HEX))
        state.play("take 10 water")
        state.play(toward(state, KNOWN_HEX))
        assert state.explorers[state.player].hex == hx(state, KNOWN_HEX)


class TestCataracts:
    """9.27: canoes are carried round a cataract, by bearers able to lift them."""

    def test_too_few_bearers_to_carry_a_canoe_are_refused_not_a_crash(self) -> None:
        """9.27, 9.271: one bearer cannot lift a canoe of 40 items' weight."""
        state = standing("1116", Party(canoes=1, bearers=1), mode="by canoe")
        state.play("reckless")
        assert all(state.explain_illegal(a) is None for a in state.legal_actions())
        with pytest.raises(IllegalAction, match="carry a canoe round the cataract") as refused:
            state.play(toward(state, "1016"))
        assert refused.value.rule is not None and "9.2" in refused.value.rule

    @staticmethod
    def falls(state: NileState, upper: str, lower: str) -> None:
        """A river leaves ``upper`` for ``lower`` over a cataract at that hexside (10.52)."""
        territory = state.writable_territory()
        up, down = hx(state, upper), hx(state, lower)
        side = side_towards(state.data.board, up, down)
        territory.river_out[up] |= side_bit(side)
        territory.river_in[down] |= side_bit(opposite(side))
        territory.cataract[up] = 1
        state._forget_legal()

    def test_down_from_an_unpublished_cataract_into_a_published_hex_the_falls_are_rolled(
        self,
    ) -> None:
        """Source of the Nile, 9.28 with 10.52: the cataract belongs to the unpublished 0504,
        at the side its river leaves by; going down it for the first time risks the falls,
        though the hex below (0503) is published."""
        state = standing(BLANK_HEX, Party(canoes=4, bearers=32), mode="by canoe")
        found(state, BLANK_HEX, VELDT)
        self.falls(state, BLANK_HEX, KNOWN_HEX)
        assert not state.published[hx(state, BLANK_HEX)] and state.published[hx(state, KNOWN_HEX)]
        state.play("reckless")
        dice(state, 6)  # six less three: three canoes go over
        state.play(toward(state, KNOWN_HEX))
        assert "over-the-falls" in keys(state)
        assert state.explorers[0].party.canoes == 1

    def test_a_published_hexs_cataract_is_known_and_its_falls_are_not_rolled(self) -> None:
        """Source of the Nile, 9.28 with 10.52: the cataract at the edge of the published 0503
        is no cataract "in an unpublished hex", though the hex below it is new and unpublished."""
        state = standing(KNOWN_HEX, Party(canoes=4, bearers=32), mode="by canoe")
        found(state, BLANK_HEX, VELDT)
        self.falls(state, KNOWN_HEX, BLANK_HEX)
        state.play("reckless")
        dice(state, 6)
        state.play(toward(state, BLANK_HEX))
        assert "over-the-falls" not in keys(state)
        assert state.explorers[0].party.canoes == 4

    def test_an_explorer_who_has_been_below_the_falls_knows_them(self) -> None:
        """Source of the Nile, 9.28: only the first encounter with the falls is dangerous; an
        explorer who has been in the hex below them has seen them (decision N111)."""
        state = standing("0505", Party(canoes=4, bearers=32), mode="by canoe")
        found(state, "0505", VELDT)
        found(state, BLANK_HEX, VELDT)
        self.falls(state, BLANK_HEX, "0505")
        pos.put(state, 0, BLANK_HEX, Party(canoes=4, bearers=32), mode="by canoe")
        state.play("reckless")
        dice(state, 6)
        state.play(toward(state, "0505"))
        assert "over-the-falls" not in keys(state)

    def test_an_explorer_lost_over_the_falls_maps_nothing_more(self) -> None:
        """Source of the Nile, 9.28, 21.3: the falls take the one canoe and the explorer with
        it; the blank hex below stays blank and the turn is over."""
        state = standing(BLANK_HEX, Party(canoes=1, bearers=8), mode="by canoe")
        found(state, BLANK_HEX, VELDT)
        self.falls(state, BLANK_HEX, "0505")
        state.play("reckless")
        dice(state, 6)
        state.play(toward(state, "0505"))
        assert "explorer-died" in keys(state)
        assert state.territory.terrain[hx(state, "0505")] < 0  # still blank
        assert state.phase_name == "specialty"  # alone at the table: his successor's turn


class TestTheExplorerCarries:
    """5.51-5.52: the explorer may do a bearer's work, at the price of his askaris' respect."""

    def test_carrying_adds_a_bearers_load(self) -> None:
        """5.51, 6.55: with the explorer carrying, 15 items fit on one bearer and him."""
        state = standing(HOME_HEX, Party(bearers=1, rations=15))
        state.play("normal")
        with pytest.raises(IllegalAction, match="carries 5 more than it can"):
            state.play(toward(state, KNOWN_HEX))
        state.play("carry loads")
        state.play(toward(state, KNOWN_HEX))
        assert state.explorers[state.player].hex == hx(state, KNOWN_HEX)

    def test_an_askari_deserts_each_turn_until_respect_is_regained(self) -> None:
        """5.52: one askari deserts at the end of each turn, even after he stops carrying."""
        state = standing(HOME_HEX, Party(bearers=2, askaris=2, rations=20))
        state.play("normal")
        state.play("carry loads")
        state.play("stop carrying")
        state.play("done")
        assert state.explorers[0].party.askaris == 1

    def test_a_tusk_may_be_left_behind(self) -> None:
        """9.6, 20.73: anything carried may be discarded, finds too."""
        state = standing(HOME_HEX, Party(bearers=1, tusks=2))
        state.play("leave 1 tusk")
        assert state.explorers[state.player].party.tusks == 1
        with pytest.raises(IllegalAction, match="no specimen"):
            state.play("leave 1 specimen")


class TestDischarging:
    """9.6, 19.4 (decision N160): leaving people names the healthy or the sick."""

    def test_a_sick_bearer_goes_home_while_the_healthy_stay(self) -> None:
        """Source of the Nile, 19.4 with 9.6: the sick may be discharged, a victory point
        each, and the player says whom he discharges."""
        state = standing(HOME_HEX, Party(bearers=3, sick_bearers=1, rations=10))
        state.play("leave 1 sick bearer")
        party = state.explorers[state.player].party
        assert (party.bearers, party.sick_bearers) == (3, 0)
        assert "leaves 1 sick bearer behind" in state.game.describe_event(state, state.events[-1])

    def test_leave_bearer_discharges_a_healthy_one_only(self) -> None:
        """Source of the Nile, 9.6, 19.4 (decision N160): ``leave bearer`` is ``leave 1
        bearer``, a healthy bearer; it never discharges a sick one, which costs a point."""
        state = standing(HOME_HEX, Party(bearers=1, sick_bearers=1))
        state.play("leave bearer")
        party = state.explorers[state.player].party
        assert (party.bearers, party.sick_bearers) == (0, 1)
        with pytest.raises(IllegalAction, match="no healthy bearer") as refused:
            state.play("leave 1 bearer")
        assert "leave 1 sick bearer" in refused.value.reason
        state.play("leave sick bearer")
        party = state.explorers[state.player].party
        assert party.sick_bearers == 0


class TestASickExplorerNobodyCarries:
    """19.3, 6.55, 18.6-18.7 (decision N159): the sick must be carried, but a sick explorer is
    no load that can be left behind; when nobody can carry him he lies where he is."""

    def test_he_cannot_move_but_may_end_his_turn(self) -> None:
        """19.3: he cannot walk; 18.6-18.7 speak of an explorer alone, starving and sick, so
        the game goes on for him: retiring (21.2) is not his only way out."""
        state = standing(HOME_HEX, Party(explorer_sick=True))
        state.play("normal")
        with pytest.raises(IllegalAction, match="carries 15 more than it can") as refused:
            state.play(toward(state, KNOWN_HEX))
        assert refused.value.rule is not None and "6.55" in refused.value.rule
        assert state.legal_action_strs() != ["retire"]
        assert "done" in state.legal_action_strs()
        dice(state, 3, 3, 3)  # hunting alone, then the Recovery Table: stays sick
        state.play("done")
        explorer = state.explorers[0]
        assert explorer.hex == hx(state, HOME_HEX)
        assert explorer.party.explorer_sick
        assert "explorer-died" not in keys(state)

    def test_what_his_bearers_cannot_carry_must_still_be_left(self) -> None:
        """6.55: one bearer carries 10; of 20 rations, 10 must go before the turn ends, though
        the explorer himself stays unmoved."""
        state = standing(HOME_HEX, Party(bearers=1, rations=20, explorer_sick=True))
        state.play("normal")
        with pytest.raises(IllegalAction, match="carries 10 more than it can"):
            state.play("done")
        state.play("leave 10 rations")
        state.play("done")
        assert state.explorers[0].party.rations <= 10

    def test_carried_he_travels(self) -> None:
        """19.3, 6.51: three bearers carry him (15) and 10 rations."""
        state = standing(HOME_HEX, Party(bearers=3, rations=10, explorer_sick=True))
        state.play("normal")
        state.play(toward(state, KNOWN_HEX))
        assert state.explorers[0].hex == hx(state, KNOWN_HEX)

    def test_the_greedy_explorer_leaves_only_what_nobody_carries(self) -> None:
        """The heuristic player keeps the rations his bearer can carry and ends his turn."""
        state = standing(HOME_HEX, Party(bearers=1, rations=20, explorer_sick=True))
        state.play("normal")
        game = state.game
        while state.phase_name == "moving" and state.player == 0 and state.round == 0:
            state.apply(game.evaluator().greedy_action(state, random.Random(0)))
        assert state.explorers[0].party.rations >= 10 - 3  # the bearer's load, less a meal
        assert "explorer-died" not in keys(state)
