"""Africana, A) Draw travel cards."""

from __future__ import annotations

from terra.games.africana import AfricanaState
from tests.games.africana import table

DRAW = "Africana, A) Draw travel cards"


def keys(state: AfricanaState) -> list[str]:
    return [event["key"] for event in state.events]


def test_drawing_takes_the_top_two_cards_and_ends_the_turn() -> None:
    """A) Draw 2 travel cards from the draw pile into the hand; the turn is then over."""
    state = table.new(2)
    table.set_hand(state, 0, {"joker": 1})
    table.set_draw_pile(state, ["grey", "orange", "violet"])
    state.play("draw")
    assert table.hand_of(state, 0) == {"grey": 1, "orange": 1, "joker": 1}
    assert state.current_player == 1
    assert [state.data.colours[c] for c in reversed(state.deck)] == ["violet"]


def test_a_draw_pile_that_runs_out_in_the_middle_of_a_draw_is_replaced_at_once() -> None:
    """Africana, A) Draw travel cards: "Should the draw pile run out, then shuffle the discard
    pile" as the new draw pile; the second card comes from it."""
    state = table.new(2)
    table.set_hand(state, 0, {})
    table.set_draw_pile(state, ["magenta"])
    discarded = sum(state.discard)
    state.play("draw")
    assert table.hand_of(state, 0)["magenta"] == 1
    assert sum(table.hand_of(state, 0).values()) == 2
    assert sum(state.discard) == 0
    assert len(state.deck) == discarded - 1
    assert keys(state)[-2:] == ["reshuffle", "draw"]


def test_the_discards_are_reshuffled_the_moment_the_draw_pile_runs_out() -> None:
    """Africana, A) Draw travel cards: "Should the draw pile run out" the discard pile becomes
    the new draw pile then, not when the next card is needed: cards discarded afterwards start
    a new discard pile (docs/rules-decisions.md, Africana 4)."""
    state = table.new(2)
    table.set_hand(state, 0, {})
    table.set_draw_pile(state, ["grey", "orange"])
    discarded = sum(state.discard)
    state.play("draw")
    assert table.hand_of(state, 0) == {"grey": 1, "orange": 1}
    assert keys(state)[-2:] == ["draw", "reshuffle"]
    assert len(state.deck) == discarded
    assert sum(state.discard) == 0
    view = state.view(1)
    assert view["travel_deck"] == discarded
    assert sum(view["discard_pile"].values()) == 0

    table.place(state, 1, "Napoli")
    table.set_hand(state, 1, {"violet": 1})
    table.play(state, "move", "go Cairo: violet", "done")
    assert len(state.deck) == discarded  # the played card did not join the draw pile
    assert state.view(0)["discard_pile"]["violet"] == 1
    assert sum(state.discard) == 1


def test_a_joining_bonus_that_empties_the_draw_pile_replaces_it_at_once() -> None:
    """Africana, A) Draw travel cards, with Joining Expeditions: a travel card bonus is drawn
    from the draw pile, which is replaced the moment it runs out; the cards played in the same
    move action are discarded after that and start the new discard pile."""
    state = table.new(2)
    table.show(state, ["C3", "A1", "A2", "A3", "A4"])  # C3 starts in Napoli; space 1: 1 card
    table.place(state, 0, "Tripoli")
    table.set_hand(state, 0, {"grey": 1})
    table.set_draw_pile(state, ["violet"])
    discarded = sum(state.discard)
    napoli = state.data.symbols[table.loc(state, "Napoli")]
    assert [state.data.colours[c] for c in napoli] == ["grey"]
    table.play(state, "move", "go Napoli: grey", "join C3")
    assert table.hand_of(state, 0) == {"violet": 1}
    assert keys(state)[-2:] == ["join", "reshuffle"]
    assert len(state.deck) == discarded
    state.play("done")
    assert len(state.deck) == discarded
    assert table.hand_of(state, 0) == {"violet": 1}
    assert state.discard[state.data.colours.index("grey")] == 1
    assert sum(state.discard) == 1


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
    assert "reshuffle" not in keys(state)


def test_a_pile_that_ran_out_with_no_discards_takes_them_when_a_card_is_needed() -> None:
    """Africana, A) Draw travel cards: when the draw pile ran out while the discard pile was
    empty, the cards discarded since are shuffled into a new draw pile as soon as a card is
    needed (docs/rules-decisions.md, Africana 5)."""
    state = table.new(2)
    colours = state.data.colours
    table.set_hand(state, 0, {})
    table.set_draw_pile(state, [])
    held = {c: state.discard[i] + state.hand[1][i] for i, c in enumerate(colours)}
    held["grey"] -= 1
    table.set_hand(state, 1, held)  # every free travel card but one is in seat 1's hand
    table.set_draw_pile(state, ["grey"])
    state.play("draw")
    assert table.hand_of(state, 0) == {"grey": 1}
    assert not state.deck and not sum(state.discard)
    assert "reshuffle" not in keys(state)

    state.play("draw")  # seat 1: nothing to draw; then down to the hand limit of 5
    while state.phase_name == "discard":
        state.play(state.legal_actions()[0])
    kept_back = sum(state.discard)
    assert kept_back and not state.deck  # the discards wait for the next draw

    state.play("draw")  # seat 0
    assert keys(state)[-2:] == ["reshuffle", "draw"]
    assert table.hand_of(state, 0)["grey"] >= 1
    assert sum(table.hand_of(state, 0).values()) == 3
    assert len(state.deck) == kept_back - 2
    assert sum(state.discard) == 0
