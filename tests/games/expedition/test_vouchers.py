"""Expedition, Travel Vouchers."""

from __future__ import annotations

from terra.games.expedition import rulebook as r
from tests.games.expedition import table
from tests.refusals import explanation, refused_by_rule


def test_a_voucher_buys_another_arrow_at_the_start_of_a_turn() -> None:
    """Expedition, Travel Vouchers: an extra arrow, at the start, during or at the end of a
    turn; a bought arrow must be placed."""
    state = table.playing()
    state.play("voucher arrow")
    assert state.vouchers[0] == 2
    table.arrow(state, "red", "Stockholm", "Kizhi")
    assert "done" not in state.legal_action_strs()
    table.arrow(state, "blue", "Stockholm", "Vienna")
    assert "done" in state.legal_action_strs()


def test_at_most_two_vouchers_a_turn() -> None:
    """Expedition, Travel Vouchers: at most two travel vouchers per turn."""
    state = table.playing()
    state.play("voucher arrow")
    table.arrow(state, "red", "Stockholm", "Kizhi")
    state.play("voucher arrow")
    table.arrow(state, "red", "Kizhi", table.path(state, "Kizhi", "Moscow")[1])
    table.arrow(state, "blue", "Stockholm", "Externsteine")
    assert state.spent == 2 and state.vouchers[0] >= 1
    assert not [a for a in state.legal_action_strs() if a.startswith("voucher")]
    error = explanation(state, state.parse_action("voucher arrow"))
    assert "two travel vouchers" in error.reason and error.rule == r.RULE_VOUCHERS
    table.finish_turn(state)
    assert "voucher arrow" in state.legal_action_strs()


def test_removing_an_arrow_sends_the_expedition_back_to_the_point_before() -> None:
    """Expedition, Travel Vouchers - Remove an Arrow: the last arrow of an expedition goes, the
    expedition is back at its previous point, with that point's effects."""
    state = table.playing()
    table.walk(state, "red", ["Stockholm", "Vienna", table.path(state, "Vienna", "Pompeii")[1]])
    seat = state.player
    state.play("voucher remove red")
    assert state.end[0] == table.point(state, "Vienna")
    assert state.arrows_left(0) == 44
    assert state.vouchers[seat] == 2
    assert state.may == 1  # Vienna is a green station: one more arrow


def test_removing_back_to_a_red_station_gives_a_voucher() -> None:
    """Expedition, Travel Vouchers - Remove an Arrow: red station rules apply again."""
    state = table.playing()
    table.walk(state, "red", ["Stockholm", "Moscow", table.path(state, "Moscow", "Kizhi")[1]])
    seat = state.player
    before = state.vouchers[seat]
    state.play("voucher remove red")
    assert state.vouchers[seat] == before - 1 + 1


def test_removing_back_to_a_site_lays_down_its_card() -> None:
    """Expedition, Travel Vouchers - Remove an Arrow: back at a research site, players get a
    new chance to lay down its mission."""
    state = table.playing()
    table.put_on_deck(state, "Kizhi")
    onward = table.path(state, "Kizhi", "Moscow")[1]
    table.walk(state, "red", ["Stockholm", "Kizhi", onward])
    kizhi = table.point(state, "Kizhi")
    assert not any(kizhi in laid for laid in state.laid)
    table.give_card(state, 1, "Kizhi")
    state.play("voucher remove red")
    assert kizhi in state.laid[1]


def test_an_exchange_draws_two_keeps_one_and_puts_the_rest_under_the_deck() -> None:
    """Expedition, Travel Vouchers - Exchange a Research Mission: the card goes under the deck,
    two are drawn, one is kept and the other goes under the deck too."""
    state = table.playing()
    seat = state.player
    card = next(c for c in state.hand[seat] if state.chip[c] < 0)
    top, second = state.deck[-1], state.deck[-2]
    size = len(state.deck)
    state.play(f"voucher exchange {table.name(state, card)}")
    assert sorted(state.legal_action_strs()) == sorted(
        f"keep {table.name(state, c)}" for c in (top, second)
    )
    state.play(f"keep {table.name(state, second)}")
    assert second in state.hand[seat] and card not in state.hand[seat]
    assert state.deck[:2] == [top, card]
    assert len(state.deck) == size
    known = state.view(seat)["deck"]["known_places"]
    ids = state.data.point_ids
    assert [size - 1, ids[top]] in known and [size - 2, ids[card]] in known
    other = state.view(1 - seat)["deck"]["known_places"]
    assert [size - 1, ids[top]] not in other


def test_a_card_marked_with_a_chip_cannot_be_exchanged() -> None:
    """Expedition, Travel Vouchers - Exchange (designer's e-mail): not a card with a chip."""
    state = table.playing()
    marked = next(c for c in state.hand[0] if state.chip[c] == 0)
    action = state.parse_action(f"voucher exchange {table.name(state, marked)}")
    assert action not in state.legal_actions()
    assert "chip" in explanation(state, action).reason


def test_voucher_errors_say_why() -> None:
    state = table.playing()
    refused_by_rule(state, "voucher remove red", r.RULE_REMOVE, "no arrow to remove")
    marked = next(c for c in state.hand[0] if state.chip[c] == 0)
    refused_by_rule(state, f"voucher exchange {table.name(state, marked)}", r.RULE_EXCHANGE, "chip")
    refused_by_rule(
        state, f"voucher exchange {table.name(state, state.hand[1][0])}", r.RULE_EXCHANGE
    )
    table.give_vouchers(state, 0, 0)
    refused_by_rule(state, "voucher arrow", r.RULE_VOUCHERS, "no travel voucher")


def test_an_exchange_must_be_finished_first() -> None:
    state = table.playing()
    card = next(c for c in state.hand[0] if state.chip[c] < 0)
    state.play(f"voucher exchange {table.name(state, card)}")
    refused_by_rule(state, "red Stockholm > Kizhi", r.RULE_EXCHANGE, "first keep")
