"""Africana, B) Buy adventure cards."""

from __future__ import annotations

import pytest

from terra.core.errors import IllegalAction
from terra.games.africana import rulebook as r
from tests.games.africana import table
from tests.refusals import assert_legality_agrees, refused_by_rule


def north_book(state, unturned: list[str], turned: list[str] | None = None) -> None:  # type: ignore[no-untyped-def]
    table.set_book(state, "north", turned or [], unturned)


def buying(silver: int, where: str = "Napoli"):  # type: ignore[no-untyped-def]
    state = table.new(2)
    table.place(state, 0, where)
    state.silver[0] = silver
    north_book(state, ["N1", "N2", "N3", "N4"])
    state.play("buy")
    return state


def test_a_card_showing_costs_five_silver_and_lies_before_the_buyer() -> None:
    """B) Pay 5 silver to take a top card and place it in front of yourself."""
    state = buying(12)
    state.play("buy N1")
    assert state.silver[0] == 7
    assert state.view(None)["players"][0]["adventures"] == ["N1"]
    assert state.view(None)["books"]["north"]["unturned"][0] == "N2"


def test_only_the_book_of_the_explorers_hemisphere_may_be_used() -> None:
    """B) North of the equator you may only buy from the northern book."""
    state = buying(12, where="Napoli")
    table.set_book(state, "south", [], ["S1"])
    with pytest.raises(IllegalAction, match="north book") as error:
        state.play("buy S1")
    assert error.value.rule == "Africana, B) Buy adventure cards"
    south = buying(12, where="Cape Town")
    assert "buy N1" not in south.legal_action_strs()


def test_only_the_top_card_of_either_half_may_be_bought() -> None:
    """B) You can only buy the topmost card showing on either half of the book."""
    state = buying(12)
    with pytest.raises(IllegalAction, match="not showing"):
        state.play("buy N2")
    state.play("turn forward")
    assert {"buy N1", "buy N2"} <= set(state.legal_action_strs())


def test_the_first_page_is_free_and_each_further_page_costs_one_silver() -> None:
    """B) Turning the first page is free; each additional page costs 1 silver."""
    state = buying(7)
    state.play("turn forward")
    assert state.silver[0] == 7
    table.play(state, "turn forward", "turn back")
    assert state.silver[0] == 5
    assert state.view(None)["books"]["north"]["turned"] == ["N1"]


def test_pages_turn_in_both_directions() -> None:
    """B) Turn as many pages in either direction as you can pay for."""
    state = buying(10)
    table.play(state, "turn forward", "turn forward")
    assert state.view(None)["books"]["north"]["turned"] == ["N2", "N1"]
    state.play("turn back")
    book = state.view(None)["books"]["north"]
    assert book["turned"] == ["N1"]
    assert book["unturned"][:2] == ["N2", "N3"]


def test_without_silver_only_the_free_page_can_be_turned() -> None:
    """B) Pages after the first must be paid for."""
    state = buying(0)
    assert state.legal_action_strs() == ["turn forward", "done"]
    state.play("turn forward")
    assert "turn forward" not in state.legal_action_strs()
    with pytest.raises(IllegalAction, match="costs 1 silver"):
        state.play("turn back")


def test_the_free_page_is_per_action() -> None:
    """B) 'The first turn in this action is free' (German rules): each buy action again."""
    state = buying(3)
    table.play(state, "turn forward", "done", "draw", "buy", "turn forward")
    assert state.silver[0] == 3


def test_buy_as_many_as_you_can_pay_in_any_order_with_turning() -> None:
    """B) Buy as many cards as you can pay for; turn pages and buy in any order."""
    state = buying(15)
    table.play(state, "buy N1", "turn forward", "buy N2", "buy N3")
    assert state.silver[0] == 0
    assert state.view(None)["players"][0]["adventures"] == ["N1", "N2", "N3"]
    assert not any(a.startswith("buy ") for a in state.legal_action_strs())


def test_buying_nothing_is_allowed() -> None:
    """B) You don't have to buy any cards."""
    state = buying(20)
    state.play("done")
    assert state.current_player == 1
    assert state.silver[0] == 20


def test_cards_shown_while_turning_become_known_to_the_whole_table() -> None:
    """Hints: watch other players turn pages to learn where cards are in the book."""
    state = buying(10)
    table.play(state, "turn forward", "turn forward")
    for seat in (None, 0, 1):
        book = state.view(seat)["books"]["north"]
        assert book["turned"] == ["N2", "N1"]
        assert book["unturned"][0] == "N3"
        assert book["unturned"][1:] == [None] * 12


def test_pages_are_turned_in_the_book_of_the_explorers_hemisphere() -> None:
    """Decision (docs/rules-decisions.md): turning pages serves buying, so it is done in the
    book you may buy from; an explorer in the south turns the south book."""
    state = table.new(2)
    table.place(state, 0, "Cape Town")
    table.set_book(state, "south", [], ["S1", "S2"])
    table.set_book(state, "north", [], ["N1", "N2"])
    table.play(state, "buy", "turn forward")
    assert state.view(None)["books"]["south"]["turned"] == ["S1"]
    assert state.view(None)["books"]["north"]["turned"] == []
    assert state.view(None)["turn"]["book"] == "south"


# --- refusals -----------------------------------------------------------------------------------


def test_buying_from_the_other_hemispheres_book() -> None:
    """Africana, B): "If your explorer pawn is located North of the equator, then you can only
    buy cards from the Northern book"."""
    state = table.chose_buy()
    south_top = state.data.adventure_ids[state.right[1][-1]]
    refused_by_rule(
        state,
        f"buy {south_top}",
        r.RULE_BUY,
        f"{south_top} is in the south book",
        "you may only buy from the north book",
    )


def test_buying_a_card_that_is_not_on_top() -> None:
    """Africana, B): "You can only buy the topmost card showing on either half of the book"."""
    state = table.chose_buy()
    buried = state.data.adventure_ids[state.right[0][0]]
    refused_by_rule(
        state, f"buy {buried}", r.RULE_BUY, f"{buried} is not showing on top", "turn pages"
    )


def test_buying_with_less_than_five_silver() -> None:
    """Africana, B): "pay 5 silver coins to the bank"; Italy starts with 2 (Game Setup)."""
    state = table.chose_buy()
    top = state.data.adventure_ids[state.right[0][-1]]
    refused_by_rule(state, f"buy {top}", r.RULE_BUY, "an adventure card costs 5 silver; you have 2")


def test_turning_a_page_without_silver() -> None:
    """Africana, B): "Turning the first page is free. Each additional page turned costs you 1
    silver coin"; Italy's 2 silver pay for the second and third page, not a fourth."""
    state = table.chose_buy()
    table.play(state, "turn forward", "turn forward", "turn forward")
    assert state.view(0)["players"][0]["silver"] == 0
    refused_by_rule(
        state, "turn forward", r.RULE_BUY, "each page after the first costs 1 silver; you have 0"
    )
    refused_by_rule(state, "turn back", r.RULE_BUY, "you have 0")


def test_turning_back_before_any_page_is_turned() -> None:
    """Africana, B): pages are turned in both directions; before any is turned only forward."""
    refused_by_rule(
        table.chose_buy(), "turn back", r.RULE_BUY, "no turned pages left", "(turn forward instead)"
    )


def test_both_statements_of_legality_agree_once_buying_is_chosen() -> None:
    """Every purchase and page turned is judged alike by the legal actions and the
    explanations (as the contract suite checks at positions of whole games)."""
    assert_legality_agrees(table.chose_buy())
