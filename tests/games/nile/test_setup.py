"""Set-up for play and the first outfitting, played through the notation (Source of the Nile
4.4-4.62, 5.1-5.45, 6.55, and the three sample expeditions)."""

from __future__ import annotations

import random

import pytest

from terra.core import IllegalAction
from terra.games.nile.terms import BLANK

from . import positions as pos
from .positions import dice


class TestDiscoveryCounters:
    """4.4-4.42: counters dealt one at a time and placed face down."""

    def test_counters_are_dealt_one_at_a_time_round_the_table(self) -> None:
        """4.4: with three players, the eight counters go 0, 1, 2, 0, 1, 2, 0, 1."""
        state = pos.new(3)
        pos.place_counters(state)
        placers = [e["args"]["player"] for e in state.events if e["key"] == "counter-placed"]
        assert placers == [0, 1, 2, 0, 1, 2, 0, 1]
        assert state.phase_name == "port"

    def test_a_counter_may_not_go_near_a_published_hex(self) -> None:
        """4.41: Khartoum is published; the refusal names the rule."""
        state = pos.new()
        with pytest.raises(IllegalAction, match="five or more") as refused:
            state.play("counter Khartoum")
        assert refused.value.rule is not None and "4.4" in refused.value.rule
        assert state.counter_hex[0] == -1

    def test_a_counter_may_not_go_within_three_hexes_of_another(self) -> None:
        """4.42: a hex two away from the first counter is refused."""
        state = pos.new()
        state.play(state.legal_actions()[0])
        board = state.data.board
        near = next(
            h
            for h in range(board.num_hexes)
            if board.distance(h, state.counter_hex[0]) == 2
            and board.terrain[h] == BLANK
            and board.published_distance[h] >= 5
        )
        with pytest.raises(IllegalAction, match="three hexes"):
            state.play(f"counter {board.hex_ids[near]}")

    def test_every_counter_offered_keeps_both_distances(self) -> None:
        """4.41-4.42: the legal placements are exactly the hexes the rules allow."""
        state = pos.new()
        pos.place_counters(state)
        board = state.data.board
        for counter, hex_ in enumerate(state.counter_hex):
            assert board.terrain[hex_] == BLANK and board.published_distance[hex_] >= 5
            for other in state.counter_hex[:counter]:
                assert board.distance(other, hex_) >= 3


class TestSecretPorts:
    """4.5, 5.2: each port is chosen in secret and revealed when all are chosen."""

    def test_a_chosen_port_is_hidden_from_the_others_and_spectators(self) -> None:
        """4.5: the others, a spectator and the log read nothing of the port."""
        state = pos.new()
        pos.place_counters(state)
        state.play("sail to Luanda")
        luanda = state.data.board.port_names.index("Luanda")
        assert state.view(0)["explorers"][0]["port"] == luanda
        assert state.view(1)["explorers"][0]["port"] is None
        assert state.view(None)["explorers"][0]["port"] is None
        chosen = [e for e in state.log(1) if e["key"] == "port-chosen"]
        assert chosen and "port" not in chosen[0]["args"]
        assert state.log(0)[-1]["args"]["port"] == luanda

    def test_a_sample_for_another_seat_redeals_the_secret_port(self) -> None:
        """4.5: a bot of seat 1 cannot read seat 0's port from its samples."""
        state = pos.new()
        pos.place_counters(state)
        state.play("sail to Luanda")
        ports = {state.sample_hidden(1, random.Random(n)).explorers[0].port for n in range(20)}
        assert len(ports) > 1
        luanda = state.data.board.port_names.index("Luanda")
        assert state.sample_hidden(0, random.Random(1)).explorers[0].port == luanda

    def test_ports_are_revealed_once_every_port_is_chosen(self) -> None:
        """5.2: every explorer stands at his port with $1,000 (5.1)."""
        state = pos.set_up(ports=["Luanda", "Durban"])
        board = state.data.board
        for seat, name in enumerate(["Luanda", "Durban"]):
            port = board.port_names.index(name)
            assert state.view(None)["explorers"][seat]["port"] == port
            assert state.explorers[seat].hex == board.port_hex[port]
            assert state.explorers[seat].money == 1000


class TestSpecialtiesAndFirstPlayer:
    """4.6-4.62: specialties, and four dice for the first player."""

    def test_each_explorer_takes_his_specialty(self) -> None:
        """4.6: different explorers may share a specialty."""
        state = pos.set_up(3, specialties=["journalist", "doctor", "journalist"])
        names = [state.data.tables.specialty_names[e.specialty] for e in state.explorers]
        assert [n.lower() for n in names] == ["journalist", "doctor", "journalist"]

    def test_the_highest_four_dice_plays_first(self) -> None:
        """4.62: seat 1 throws 24 against 4 and outfits first."""
        state = pos.new()
        pos.place_counters(state)
        state.play("sail to Zanzibar")
        state.play("sail to Zanzibar")
        state.play("specialty botanist")
        dice(state, 1, 1, 1, 1, 6, 6, 6, 6)
        state.play("specialty botanist")
        assert state.first == 1 and state.player == 1 and state.phase_name == "outfit"

    def test_a_tie_is_thrown_again_by_the_tied(self) -> None:
        """4.62: 12 against 12, then 4 against 8."""
        state = pos.new()
        pos.place_counters(state)
        state.play("sail to Zanzibar")
        state.play("sail to Zanzibar")
        state.play("specialty botanist")
        dice(state, 3, 3, 3, 3, 3, 3, 3, 3, 1, 1, 1, 1, 2, 2, 2, 2)
        state.play("specialty botanist")
        throws = [e["args"]["totals"] for e in state.events if e["key"] == "first-player-dice"]
        assert throws == [[12, 12], [4, 8]]
        assert state.first == 1


class TestOutfitting:
    """5.1-5.45, 6.55: spending the $1,000 at the port."""

    def test_the_rates_of_exchange_are_charged(self) -> None:
        """5.3: ten rations cost $20, a guide $50."""
        state = pos.set_up()
        seat = state.player
        state.play("buy 10 rations")
        state.play("buy 1 guide")
        assert state.explorers[seat].money == 1000 - 20 - 50

    def test_nothing_is_bought_beyond_the_money_left(self) -> None:
        """5.3: twenty askaris ($1,000) leave nothing for a ration."""
        state = pos.set_up()
        pos.buy(state, {"askari": 20})
        with pytest.raises(IllegalAction, match=r"\$0 left"):
            state.play("buy 1 ration")

    def test_horses_are_sold_only_at_the_cape_ports(self) -> None:
        """5.426: not at Zanzibar, but at Capetown."""
        state = pos.set_up(ports=["Zanzibar", "Zanzibar"])
        with pytest.raises(IllegalAction, match="not sold at Zanzibar"):
            state.play("buy 1 horse")
        state = pos.set_up(ports=["Capetown", "Capetown"])
        state.play("buy 1 horse")
        assert state.explorers[state.player].party.horses == 1

    def test_camels_are_sold_only_at_khartoum(self) -> None:
        """5.427: not at Durban, but at Khartoum."""
        state = pos.set_up(ports=["Durban", "Durban"])
        with pytest.raises(IllegalAction, match="not sold at Durban"):
            state.play("buy 1 camel")
        state = pos.set_up(ports=["Khartoum", "Khartoum"])
        state.play("buy 1 camel")
        assert state.explorers[state.player].party.camels == 1

    def test_water_is_never_bought(self) -> None:
        """5.4441: there is no action to buy water."""
        state = pos.set_up()
        assert not any("water" in text for text in state.legal_action_strs())

    def test_money_not_spent_is_lost(self) -> None:
        """5.3: the $900 left at the end of outfitting are gone."""
        state = pos.set_up()
        seat = state.player
        state.play("buy 10 bearers")
        state.play("done")
        assert state.explorers[seat].money == 0
        assert state.view(None)["explorers"][seat]["money"] == 0

    def test_an_overloaded_expedition_may_not_leave_port(self) -> None:
        """6.55: one bearer cannot carry twenty rations."""
        state = pos.set_up()
        pos.buy(state, {"bearer": 1, "ration": 20})
        with pytest.raises(IllegalAction, match="more than it can") as refused:
            state.play("done")
        assert refused.value.rule is not None and "6.55" in refused.value.rule
        assert "done" not in state.legal_action_strs()
        state.play("leave 10 rations")
        state.play("done")

    def test_the_outfitting_goes_round_from_the_first_player(self) -> None:
        """5.3, 8.1: every seat outfits, then the first player starts the first turn."""
        state = pos.outfitted(3)
        assert state.player == state.first and state.phase_name == "activity"
        outfitted = [e["args"]["player"] for e in state.events if e["key"] == "outfitted"]
        assert outfitted == [(state.first + k) % 3 for k in range(3)]


SAMPLES = {
    "canoe": (
        "Zanzibar",
        {"canoe": 2, "bearer": 16, "guide": 1, "askari": 6, "musket": 4, "gift": 50, "ration": 125},
        "travel by canoe",
    ),
    "mounted": (
        "Capetown",
        {"horse": 11, "askari": 4, "guide": 1, "bearer": 2, "musket": 1, "gift": 20, "ration": 65},
        "travel mounted",
    ),
    "foot": ("Mombasa", pos.FOOT_SAMPLE, ""),
}


class TestSampleExpeditions:
    """The rulebook's three sample expeditions for $1,000 (after 33.32)."""

    @pytest.mark.parametrize("sample", sorted(SAMPLES))
    def test_a_sample_expedition_costs_its_thousand_and_leaves_port(self, sample: str) -> None:
        """5.3, 6.55: bought through the notation, nothing left over, and it moves off."""
        port, goods, mode = SAMPLES[sample]
        state = pos.set_up(1, ports=[port])
        pos.buy(state, goods)
        assert state.explorers[0].money == 0
        if mode:
            state.play(mode)
        state.play("done")
        state.play("reckless")
        start = state.explorers[0].hex
        moves = [text for text in state.legal_action_strs() if text.startswith("move")]
        assert moves, f"the {sample} expedition cannot leave {port}"
        state.play(moves[0])
        assert state.explorers[0].hex != start
