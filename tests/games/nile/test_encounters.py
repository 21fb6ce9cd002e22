"""Meeting natives through the notation (Source of the Nile 13-16, 14.5, 14.8, 15.3, 24.6):
policies, negotiation, battles and their spoils, defeat, captivity, trade and interviews.
The dice are scripted; the tables are the shipped ones."""

from __future__ import annotations

import pytest

from terra.core import IllegalAction
from terra.games.nile.actions import TRADE
from terra.games.nile.explorer import IN_AFRICA
from terra.games.nile.state import NileState
from terra.games.nile.terms import DOCTOR, ETHNOLOGIST, GEOLOGIST, JOURNALIST, MISSIONARY, VELDT

from . import positions as pos
from .positions import dice, found, hx, keys, standing, toward

TRIBE = 7
LARGE = 2


def meeting(size: int = LARGE, specialty: int = -1) -> NileState:
    """Seat 0 on foot in 0403 enters 0503, home of tribe 7, and must choose a policy."""
    state = standing()
    if specialty >= 0:
        state.explorers[0].specialty = specialty
    found(state, "0503", VELDT, tribe=TRIBE, size=size)
    state.play("normal")
    state.play(toward(state, "0503"))
    assert state.phase_name == "policy"
    return state


class TestPolicies:
    """13.3-13.5: the policy's answer on the Native Attitude Table."""

    def test_a_friendly_answer_makes_the_tribe_a_friend_for_life(self) -> None:
        """14.4: policy 6 at 6-6."""
        state = meeting()
        dice(state, 6, 6)
        state.play("policy 6")
        assert TRIBE in state.view(None)["explorers"][0]["friendly"]
        assert state.phase_name == "moving"

    def test_a_retreat_takes_the_expedition_back(self) -> None:
        """13.42: policy 2 answered by a retreat: back to 0403, points spent."""
        state = meeting()
        dice(state, 1, 4)
        state.play("policy 2")
        assert state.explorers[0].hex == hx(state, "0403")
        assert state.turn.spent == 1

    def test_a_show_of_force_needs_an_armed_man(self) -> None:
        """13.31, N40: without askaris or a musket, policy 1 is refused."""
        state = standing("0403", pos.foot_party(askaris=0, muskets=0))
        found(state, "0503", VELDT, tribe=TRIBE, size=LARGE)
        state.play("normal")
        state.play(toward(state, "0503"))
        legal = [state.action_str(action) for action in state.legal_actions()]
        assert legal == ["policy 2", "policy 3", "policy 4", "policy 5", "policy 6"]
        with pytest.raises(IllegalAction, match="needs an askari"):
            state.play("policy 1")


class TestNegotiation:
    """14.2-14.5: gifts offered to the chief."""

    def negotiating(self) -> NileState:
        state = meeting()
        dice(state, 6, 1)
        state.play("policy 3")
        assert state.phase_name == "negotiate"
        return state

    def test_the_gifts_offered_are_given(self) -> None:
        """14.2: ten gifts leave the expedition whatever the answer."""
        state = self.negotiating()
        state.play("offer 10 gifts")
        assert state.explorers[0].party.gifts == 10
        assert "negotiated" in keys(state)

    def test_no_more_gifts_than_the_expedition_has(self) -> None:
        """14.2: twenty gifts carried, forty not offered."""
        state = self.negotiating()
        with pytest.raises(IllegalAction, match="has 20 gifts"):
            state.play("offer 40 gifts")

    def test_everything_buys_friendship_and_spares_people(self) -> None:
        """14.5, N140: rations and gifts go, people and the personal musket stay."""
        state = self.negotiating()
        state.play("offer everything")
        party = state.explorers[0].party
        assert TRIBE in state.explorers[0].friendly
        assert party.rations == 0 and party.gifts == 0
        assert party.bearers == 17 and party.askaris == 9 and party.muskets == 1

    def test_everything_includes_the_tusks_and_specimens(self) -> None:
        """Source of the Nile, 14.5: the chief is given everything but people, personal
        muskets and animals; the tusks and specimens carried go too (decision N140)."""
        state = self.negotiating()
        party = state.explorers[0].party
        party.tusks = 2
        party.specimens.append(0)
        state.play("offer everything")
        party = state.explorers[0].party
        assert (party.tusks, party.specimens) == (0, [])
        assert party.bearers == 17 and party.muskets == 1


class TestVictory:
    """13.4, 16: battles won, prisoners and the village."""

    def won(self, prisoner_die: int, specialty: int = -1) -> NileState:
        state = meeting(specialty=specialty)
        dice(state, 1, 1, 6, 6, 1, prisoner_die, 1, 1, 1, 1, 1, 1)
        state.play("policy 1")
        return state

    def test_prisoners_may_be_kept_as_bearers(self) -> None:
        """16.41: two prisoners join as bearers."""
        state = self.won(3)
        assert state.phase_name == "spoils"
        state.play("keep prisoners")
        assert state.explorers[0].party.bearers == 17 + 2

    def test_releasing_the_prisoners_of_a_village_found_earns_a_point(self) -> None:
        """16.422: one victory point, on return to Europe."""
        state = self.won(3)
        before = state.explorers[0].awards
        state.play("release prisoners")
        assert state.explorers[0].awards == before + 1
        assert state.phase_name == "moving"

    def test_a_village_may_be_looted(self) -> None:
        """16.43: loot adds the village's goods, prisoners kept."""
        state = self.won(3)
        state.play("loot")
        assert "looted" in keys(state)
        assert state.explorers[0].party.bearers == 17 + 2

    def test_without_a_village_there_is_nothing_to_loot(self) -> None:
        """16.42: one prisoner, no village."""
        state = self.won(2)
        with pytest.raises(IllegalAction, match="village has not been found"):
            state.play("loot")

    def test_without_a_village_releasing_earns_nothing_and_keeping_a_bearer(self) -> None:
        """Source of the Nile 16.42-16.422: the point is for sparing a village found; one
        prisoner kept is one bearer more."""
        state = self.won(2)
        before = state.explorers[0].awards
        state.play("release prisoners")
        assert state.explorers[0].awards == before
        state = self.won(2)
        state.play("keep prisoners")
        assert state.explorers[0].party.bearers == 17 + 1

    @pytest.mark.parametrize("move", ["keep prisoners", "loot"])
    def test_keeping_or_looting_forfeits_the_point(self, move: str) -> None:
        """Source of the Nile 16.421-16.422: only releasing the prisoners and sparing the village
        earns it."""
        state = self.won(3, GEOLOGIST)
        before = state.explorers[0].awards
        state.play(move)
        assert state.explorers[0].awards == before

    @pytest.mark.parametrize("specialty", [MISSIONARY, DOCTOR, ETHNOLOGIST])
    def test_missionaries_doctors_and_ethnologists_release_and_never_loot(
        self, specialty: int
    ) -> None:
        """Source of the Nile 16.41, 16.421-16.422 (N46): they release the prisoners at once,
        without the choice, and sparing the village found still earns the point."""
        state = self.won(3, specialty)
        assert state.phase_name == "moving"
        assert keys(state)[-1] == "prisoners-released"
        assert state.explorers[0].party.bearers == 17
        assert state.explorers[0].awards == 1

    def test_sick_askaris_count_against_the_loss(self) -> None:
        """Source of the Nile, 16.3: the victory turns into defeat only when the loss exceeds
        the askaris in the expedition, the sick among them (decision N45): a loss of four with
        three healthy and two sick askaris kills four and the victory stands."""
        state = standing("0403", pos.foot_party(askaris=3, sick_askaris=2, rations=100))
        found(state, "0503", VELDT, tribe=TRIBE, size=LARGE)
        state.play("normal")
        state.play(toward(state, "0503"))
        since = state.log_size
        dice(state, 1, 1, 6, 6, 6, 1, 1, 1, 1, 1)  # an ambush, won; Table A: four dead
        state.play("policy 1")
        assert "battle" in keys(state, since) and "defeated" not in keys(state, since)
        party = state.explorers[0].party
        assert (party.askaris, party.sick_askaris) == (0, 1)
        assert state.explorers[0].status == IN_AFRICA


class TestDefeat:
    """15.1-15.3: killed, escaping, or captured; captivity and escape attempts."""

    def lost(self, consequence: int) -> NileState:
        state = meeting()
        dice(state, 1, 1, 1, 1, consequence, 1, 1, 1, 1)
        state.play("policy 1")
        return state

    def test_a_killed_explorer_starts_anew_in_europe(self) -> None:
        """15.1, 21.3: a new explorer chooses his specialty."""
        state = self.lost(2)
        assert "explorer-died" in keys(state)
        assert state.phase_name == "specialty"
        assert state.explorers[0].vp == 0 and not state.explorers[0].friendly

    def test_an_escape_lets_the_explorer_choose_who_comes(self) -> None:
        """15.21-15.22: one member escapes with him, the rest is lost."""
        state = self.lost(4)
        assert state.phase_name == "escape"
        state.play("escape with askari")
        party = state.explorers[0].party
        assert party.askaris == 1 and party.bearers == 0
        assert state.phase_name == "moving" and state.turn.stopped

    def test_no_more_members_escape_than_the_table_gives(self) -> None:
        """Source of the Nile 15.21-15.22: he picks the members one by one, up to the table's
        number: four on a six, with his musket."""
        state = self.lost(6)
        for _ in range(4):
            assert state.phase_name == "escape"
            state.play("escape with askari")
        assert state.phase_name == "moving"
        party = state.explorers[0].party
        assert (party.askaris, party.muskets, party.bearers) == (4, 1, 0)

    def test_a_lone_escape_takes_no_one(self) -> None:
        """Source of the Nile 15.21: a three escapes alone; a captured explorer takes no one."""
        state = self.lost(3)
        assert state.phase_name == "moving" and state.explorers[0].party.counts() == (0,) * 10
        state = self.lost(1)
        with pytest.raises(IllegalAction, match="not a decision of this moment"):
            state.play("escape with askari")

    def test_capture_then_an_escape_attempt_each_later_turn(self) -> None:
        """15.3: captive at once; the attempt comes in a later turn, by ``done``."""
        state = self.lost(1)
        assert state.explorers[0].status == pos.CAPTIVE
        assert state.phase_name == "captivity"
        assert state.legal_action_strs() == ["done", "retire"]
        dice(state, 6, 6, 6)
        state.play("done")
        assert "escape-attempt" in keys(state)


class TestTrade:
    """14.6-14.95: trade with a friendly tribe in the hex."""

    def friends(self) -> NileState:
        state = meeting()
        dice(state, 6, 6, 6, 6, 6, 6)
        state.play("policy 6")
        return state

    def test_a_friendly_tribe_trades(self) -> None:
        """14.6: trades appear in the legal actions once the tribe is friendly."""
        state = self.friends()
        trades = [text for text in state.legal_action_strs() if text.startswith("trade")]
        assert trades
        before = state.explorers[0].party.gifts
        state.play(trades[0])
        assert "traded" in keys(state)
        assert state.explorers[0].party.gifts != before

    def test_each_good_is_traded_once_a_turn(self) -> None:
        """14.82: after one trade of a good, no second trade of it this turn."""
        state = self.friends()
        trade = next(t for t in state.legal_action_strs() if t.startswith("trade"))
        good = state.tables.trade_good[state.parse_action(trade) - state.tables.base[TRADE]]
        state.play(trade)
        with pytest.raises(IllegalAction, match="this turn's trades"):
            state.play(trade)
        for text in state.legal_action_strs():
            if text.startswith("trade"):
                index = state.parse_action(text) - state.tables.base[TRADE]
                assert state.tables.trade_good[index] != good

    def two_friends(self) -> NileState:
        """Seat 0 in 0403, home of tribe 8, next to 0503, home of tribe 7: both friendly; he
        has bought rations from tribe 8 this turn and walked on to tribe 7."""
        state = standing()
        found(state, "0403", VELDT, tribe=8, size=LARGE)
        found(state, "0503", VELDT, tribe=TRIBE, size=LARGE)
        state.explorers[0].friendly.update({8, TRIBE})
        state.play("normal")
        dice(state, 6)
        state.play("trade 1 gift for 2 rations")
        state.play(toward(state, "0503"))
        assert state.phase_name == "moving"
        return state

    def test_each_tribe_trades_each_good_once_a_turn(self) -> None:
        """Source of the Nile, 14.82: any one type of item once per tribe per turn (decision
        N41): rations bought from one tribe may be bought from the next one the same turn."""
        state = self.two_friends()
        assert "trade 1 gift for 2 rations" in state.legal_action_strs()
        dice(state, 6)
        state.play("trade 1 gift for 2 rations")
        assert state.explorers[0].party.rations == 140 + 4

    def test_each_tribes_witch_doctor_tries_his_poison(self) -> None:
        """Source of the Nile, 14.83: each time an explorer trades with a friendly tribe a
        witch doctor tries to poison him: the second tribe's too (decision N41)."""
        state = self.two_friends()
        dice(state, 1)
        state.play("trade 3 gifts for 1 bearer")
        assert "poisoned" in keys(state)
        assert state.explorers[0].party.bearers == 0  # a new explorer, in Europe

    def test_no_trade_with_an_unfriendly_tribe(self) -> None:
        """14.6: the tribe of 0503 is not friendly to a passer-by."""
        state = meeting()
        dice(state, 1, 6)
        state.play("policy 1")
        assert state.phase_name == "moving"
        assert not any(t.startswith("trade") for t in state.legal_action_strs())


class TestInterview:
    """24.6-24.63: a journalist interviews another explorer far from the ports."""

    def together(self, far: bool) -> NileState:
        state = standing(players=2)
        seat = state.player
        state.explorers[seat].specialty = JOURNALIST
        other = 1 - seat
        pos.put(state, other, "0403", pos.foot_party())
        state.explorers[other].far = far  # his expedition has been deep inland
        state.play("normal")
        return state

    def test_the_journalist_interviews_once(self) -> None:
        """24.6, 24.62: three points on return; not twice the same explorer."""
        state = self.together(far=True)
        colour = ("red", "blue")[1 - state.player]
        state.play(f"interview {colour}")
        assert state.explorers[state.player].awards == 3
        with pytest.raises(IllegalAction, match="once"):
            state.play(f"interview {colour}")

    def test_no_interview_of_an_explorer_who_stayed_near_the_ports(self) -> None:
        """24.6: four hexes or more from a port."""
        state = self.together(far=False)
        colour = ("red", "blue")[1 - state.player]
        with pytest.raises(IllegalAction):
            state.play(f"interview {colour}")
