"""Africana, A) Draw travel cards."""

from __future__ import annotations

from tests.games.africana import table


def test_drawing_takes_the_top_two_cards_and_ends_the_turn() -> None:
    """A) Draw 2 travel cards from the draw pile into the hand; the turn is then over."""
    state = table.new(2)
    table.set_hand(state, 0, {"joker": 1})
    table.set_draw_pile(state, ["grey", "orange", "violet"])
    state.play("draw")
    assert table.hand_of(state, 0) == {"grey": 1, "orange": 1, "joker": 1}
    assert state.current_player == 1
    assert [state.data.colours[c] for c in reversed(state.deck)] == ["violet"]


def test_an_empty_draw_pile_is_replaced_by_the_shuffled_discards() -> None:
    """A) Should the draw pile run out, shuffle the discard pile as the new draw pile."""
    state = table.new(2)
    table.set_hand(state, 0, {})
    table.set_draw_pile(state, ["magenta"])
    discarded = sum(state.discard)
    state.play("draw")
    assert table.hand_of(state, 0)["magenta"] == 1
    assert sum(table.hand_of(state, 0).values()) == 2
    assert sum(state.discard) == 0
    assert len(state.deck) == discarded - 1
    assert any(event["key"] == "reshuffle" for event in state.events)


def test_with_no_cards_left_anywhere_the_player_draws_what_there_is() -> None:
    """A) With the draw and discard piles both empty nothing can be drawn (decision in
    docs/rules-decisions.md: the action is still allowed and draws nothing)."""
    state = table.new(2)
    table.set_draw_pile(state, [])
    colours = state.data.colours
    held = {c: state.discard[i] + state.hand[1][i] for i, c in enumerate(colours)}
    table.set_hand(state, 1, held)  # every free travel card is in seat 1's hand
    assert not state.deck and not sum(state.discard)
    before = sum(state.hand[0])
    state.play("draw")
    assert sum(state.hand[0]) == before
    assert state.current_player == 1
