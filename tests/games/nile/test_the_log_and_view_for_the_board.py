"""What the browser board reads of Source of the Nile, and the log it shows beside it: a run
of purchases is one entry that says what it cost (5.3), the money not spent is said to be
lost, and the view carries the port's prices, the load against the capacity (6.54-6.55) and why
a newly mapped hex may or may not be kept (9.44-9.46)."""

from __future__ import annotations

from terra.ai.bots import make_bot
from terra.games.nile.state import NileState
from terra.server.protocol import update

from . import positions as pos


def _words(state: NileState, since: int = 0) -> list[str]:
    return [state.game.describe_event(state, entry) for entry in state.log(None, since)]


class TestARunOfPurchases:
    """5.3: each purchase is a move; the log tells the run of them as one."""

    def test_nine_rations_bought_one_by_one_are_one_entry_with_their_price(self) -> None:
        state = pos.set_up()
        before = state.log_size
        for _ in range(9):
            state.play("buy 1 ration")
        assert state.log_size == before + 1
        assert _words(state, before)[-1].endswith("buys 9 rations for $18.")

    def test_another_good_or_another_move_starts_a_new_entry(self) -> None:
        state = pos.set_up()
        before = state.log_size
        state.play("buy 1 ration")
        state.play("buy 10 rations")
        state.play("buy 1 guide")
        state.play("buy 1 ration")
        assert [line.split(" buys ")[1] for line in _words(state, before)] == [
            "11 rations for $22.",
            "1 guide for $50.",
            "1 ration for $2.",
        ]

    def test_the_run_hides_nothing_from_the_others(self) -> None:
        """Purchases are made in the open: a spectator reads the same entry as the buyer."""
        state = pos.set_up()
        seat = state.player
        before = state.log_size
        state.play("buy 1 ration")
        state.play("buy 1 ration")
        assert state.log(None, before) == state.log(seat, before) == state.log(1 - seat, before)

    def test_the_money_not_spent_is_said_to_be_lost(self) -> None:
        state = pos.set_up()
        state.play("buy 10 bearers")
        state.play("done")
        assert "the $900 not spent is lost" in _words(state)[-1]

    def test_a_page_holding_the_entry_gets_it_again_when_the_run_grows(self) -> None:
        """The server's update starts one entry early, and the page replaces what it had."""
        state = pos.set_up()
        state.play("buy 1 ration")
        since = state.log_size
        state.play("buy 1 ration")
        sent = update(state, 0, None, since)
        assert sent["since"] == since - 1
        assert sent["log_text"] == [_words(state)[-1]]
        assert sent["log_text"][0].endswith("buys 2 rations for $4.")
        state.play("buy 1 guide")
        sent = update(state, 0, None, state.log_size)
        assert sent["since"] == state.log_size and sent["log"] == []


class TestTheViewForTheBoard:
    def test_the_port_prices_only_while_outfitting(self) -> None:
        """5.3, 5.426-5.427: the rates of the port; no horse at Zanzibar, and no water."""
        state = pos.set_up(ports=["Zanzibar", "Zanzibar"])
        goods = state.data.tables.good_names
        prices = dict(zip(goods, state.view(None)["prices"], strict=True))
        assert prices["Ration"] == 2 and prices["Guide"] == 50
        assert prices["Horse"] is None and prices["Water"] is None
        while state.phase_name == "outfit":
            pos.buy(state, pos.FOOT_SAMPLE)
            state.play("done")
        assert state.view(None)["prices"] is None

    def test_the_load_against_the_capacity_of_every_explorer(self) -> None:
        """6.54-6.55: one bearer carries his load; twenty rations are more than that."""
        state = pos.set_up()
        seat = state.player
        pos.buy(state, {"bearer": 1, "ration": 20})
        explorer = state.view(1 - seat)["explorers"][seat]
        assert explorer["load"] == 20
        assert explorer["capacity"] < explorer["load"]

    def test_a_newly_mapped_hex_says_where_a_retreat_goes(self) -> None:
        """9.44-9.46: after a blank hex is mapped the explorer may go back where he came
        from; the view names both hexes, and why staying is refused where it is."""
        state = pos.new(seed=21)
        bot = make_bot("greedy", 21)
        assert state.view(None)["retreat"] is None
        for _ in range(1000):
            if state.phase_name == "retreat":
                break
            state.apply(bot.choose(state))
        assert state.phase_name == "retreat"
        choice = state.view(None)["retreat"]
        explorer = state.explorers[state.player]
        assert choice["hex"] == explorer.hex
        assert choice["back_to"] == state.turn.came_from
        assert (choice["stay_refused"] is None) == ("stay" in state.legal_action_strs())
