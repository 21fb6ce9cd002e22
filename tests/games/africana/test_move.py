"""Africana, C) Move explorer: Movement and Change Travel Card Color."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from terra.core.errors import IllegalAction
from terra.games.africana import AfricanaState
from terra.games.africana import rulebook as r
from tests.games.africana import table
from tests.refusals import assert_legality_agrees, refused_by_rule

MOVEMENT = "Africana, C) Move explorer - Movement"
RECOLOUR = "Africana, C) Move explorer - Change Travel Card Color"


def moving(hand: Mapping[str, int], where: str = "Napoli", silver: int = 0) -> AfricanaState:
    """Seat 0 on ``where`` with ``hand`` and ``silver``, having chosen to move."""
    state = table.new(2)
    table.place(state, 0, where)
    table.set_hand(state, 0, hand)
    state.silver[0] = silver
    state.play("move")
    return state


def where(state: AfricanaState, seat: int = 0) -> str:
    return state.data.location_names[state.loc[seat]]


def test_a_step_plays_a_card_showing_the_destinations_symbol() -> None:
    """Movement: to move to a connected location play the travel card of its symbol."""
    state = moving({"violet": 1})
    state.play("go Cairo: violet")
    assert where(state) == "Cairo"
    assert table.hand_of(state, 0) == {}


def test_a_card_of_another_colour_does_not_fit() -> None:
    """Movement: the symbol beside the destination says which card to play."""
    state = moving({"grey": 1})
    with pytest.raises(IllegalAction, match="Cairo needs a violet card") as error:
        state.play("go Cairo: grey")
    assert error.value.rule == MOVEMENT


def test_the_explanation_offers_only_what_the_player_can_do() -> None:
    """Movement: a joker or a recoloured card (5 silver) could fit instead; the explanation
    suggests them only when the player has them."""
    bare = moving({"orange": 1})
    with pytest.raises(IllegalAction) as error:
        bare.play("go Cairo: orange")
    assert error.value.reason == "Cairo needs a violet card; an orange card does not fit"
    rich = moving({"orange": 1, "joker": 1}, silver=5)
    with pytest.raises(IllegalAction, match=r"\(recolour it for 5 silver or play your joker"):
        rich.play("go Cairo: orange")


def test_two_symbols_let_the_player_choose_which_card_to_play() -> None:
    """Movement: with two symbols beside a location you may play either card."""
    state = moving({"turquoise": 1, "orange": 1})
    legal = state.legal_action_strs()
    assert "go Tripoli: turquoise" in legal
    assert "go Tripoli: orange" in legal


def test_only_locations_connected_by_a_route_can_be_reached() -> None:
    """Movement: move to another location connected by a travel route."""
    state = moving({"violet": 1, "orange": 1, "joker": 1})
    with pytest.raises(IllegalAction, match="no travel route leads from Napoli to Lagos"):
        state.play("go Lagos: joker")


def test_the_joker_replaces_any_card_once_per_action_and_comes_back() -> None:
    """Movement: the joker replaces one travel card; played cards stay on the table until the
    action ends, then the joker returns to the hand."""
    state = moving({"joker": 1})
    state.play("go Cairo: joker")
    with pytest.raises(IllegalAction, match="already played in this action"):
        state.play("go Napoli: joker")
    state.play("done")
    assert table.hand_of(state, 0) == {"joker": 1}


def test_an_assistant_counts_as_its_colour_and_comes_back() -> None:
    """Movement: assistant cards replace travel cards of their colour and return to the hand."""
    state = moving({"violet assistant": 1, "grey": 1})
    table.play(state, "go Cairo: violet assistant", "go Napoli: grey")
    assert "go Cairo: violet assistant" not in state.legal_action_strs()
    state.play("done")
    assert table.hand_of(state, 0) == {"violet assistant": 1}
    assert state.discard[state.data.colours.index("grey")] >= 1


def test_any_number_of_steps_forwards_and_backwards() -> None:
    """Movement: move as many spaces as you like, in any direction, a card per step."""
    state = moving({"violet": 2, "grey": 1})
    table.play(state, "go Cairo: violet", "go Napoli: grey", "go Cairo: violet")
    assert where(state) == "Cairo"
    assert not any(a.startswith("go ") for a in state.legal_action_strs())


def test_played_travel_cards_are_discarded_when_the_action_ends() -> None:
    """Movement: played cards stay on the table until all movement is done, then the travel
    cards go face up onto the discard pile."""
    state = moving({"violet": 1, "grey": 1})
    discards = sum(state.discard)
    table.play(state, "go Cairo: violet", "go Napoli: grey")
    assert sum(state.discard) == discards
    assert state.view(1)["turn"]["played"]["travel"]["violet"] == 1
    state.play("done")
    assert sum(state.discard) == discards + 2


def test_moving_is_optional() -> None:
    """Movement: you do not need to move."""
    state = moving({"violet": 1})
    state.play("done")
    assert state.current_player == 1
    assert where(state) == "Napoli"


def test_explorers_may_share_a_location() -> None:
    """Movement: multiple explorers may share the same space."""
    state = moving({"violet": 1})
    table.place(state, 1, "Cairo")
    state.play("go Cairo: violet")
    assert state.loc[0] == state.loc[1]


def test_a_card_recoloured_for_five_silver_fits_anywhere() -> None:
    """Change Travel Card Color: pay 5 silver and a travel card replaces any travel card."""
    state = moving({"grey": 1}, silver=6)
    state.play("go Cairo: grey recoloured")
    assert state.silver[0] == 1
    assert where(state) == "Cairo"


def test_an_assistant_can_be_recoloured_and_still_returns() -> None:
    """Change Travel Card Color: travel or assistant cards may be recoloured."""
    state = moving({"grey assistant": 1}, silver=5)
    table.play(state, "go Cairo: grey assistant recoloured", "done")
    assert table.hand_of(state, 0) == {"grey assistant": 1}
    assert state.silver[0] == 0


def test_several_cards_may_be_recoloured_while_silver_lasts() -> None:
    """Change Travel Card Color: change several cards in a turn if you can pay for them."""
    state = moving({"orange": 2}, silver=10)
    table.play(state, "go Cairo: orange recoloured", "go Napoli: orange recoloured")
    assert state.silver[0] == 0


def test_recolouring_needs_five_silver() -> None:
    """Change Travel Card Color: 5 silver to the bank."""
    state = moving({"grey": 1}, silver=4)
    with pytest.raises(IllegalAction, match="costs 5 silver; you have 4") as error:
        state.play("go Cairo: grey recoloured")
    assert error.value.rule == RECOLOUR


def test_recolouring_a_card_that_already_fits_is_not_offered() -> None:
    """Decision (docs/rules-decisions.md): paying 5 silver to turn violet into violet is not a
    distinct choice, so it is not a legal action."""
    state = moving({"violet": 1}, silver=5)
    assert "go Cairo: violet recoloured" not in state.legal_action_strs()
    with pytest.raises(IllegalAction, match="already fits Cairo"):
        state.play("go Cairo: violet recoloured")


# --- refusals -----------------------------------------------------------------------------------


def test_a_step_to_a_location_without_a_route() -> None:
    """Africana, Movement: "move your explorer pawn ... to another location connected to it by a
    travel route"."""
    state = table.chose_move(joker=1)
    data = state.data
    here = table.here(state)
    far = next(
        loc for loc in range(data.num_locations) if loc != here and loc not in data.neighbours[here]
    )
    start, there = table.location_name(state, here), table.location_name(state, far)
    refused_by_rule(
        state, f"go {there}: joker", r.RULE_MOVE, f"no travel route leads from {start} to {there}"
    )


def test_a_card_that_does_not_fit_the_destination() -> None:
    """Africana, Movement: "you must play a matching travel card"."""
    state = table.new(2, 0)
    there = table.a_neighbour(state)
    colour = table.colour_not_fitting(state, there)
    table.set_hand(state, 0, {colour: 2})
    state.play("move")
    refused_by_rule(
        state,
        f"go {table.location_name(state, there)}: {colour}",
        r.RULE_MOVE,
        f"{table.location_name(state, there)} needs a",
        f"a {colour} card does not fit",
    )


def test_a_card_not_in_hand() -> None:
    state = table.new(2, 0)
    there = table.a_neighbour(state)
    table.set_hand(state, 0, {"joker": 1})
    state.play("move")
    colour = table.colour_fitting(state, there)
    refused_by_rule(
        state,
        f"go {table.location_name(state, there)}: {colour}",
        r.RULE_MOVE,
        f"you hold no {colour} card",
    )


def test_the_joker_twice_in_one_action() -> None:
    """Africana, Movement: "Leave any cards played on the table until you have completed all of
    your movement for this action. ... Joker and assistant cards are returned to your hand"
    only then."""
    state = table.chose_move(joker=1)
    first = table.a_neighbour(state)
    state.play(f"go {table.location_name(state, first)}: joker")
    second = state.data.neighbours[first][0]
    refused_by_rule(
        state,
        f"go {table.location_name(state, second)}: joker",
        r.RULE_MOVE,
        "your joker is already played in this action",
    )


def test_recolouring_without_five_silver() -> None:
    """Africana, Change Travel Card Color: "You can pay 5 silver coins to the bank in order to
    change the color of a travel or assistant card"; Italy starts with 2."""
    state = table.new(2, 0)
    there = table.a_neighbour(state)
    colour = table.colour_not_fitting(state, there)
    table.set_hand(state, 0, {colour: 1})
    state.play("move")
    refused_by_rule(
        state,
        f"go {table.location_name(state, there)}: {colour} recoloured",
        r.RULE_RECOLOUR,
        "recolouring a card costs 5 silver; you have 2",
    )


def test_both_statements_of_legality_agree_once_a_move_is_chosen() -> None:
    """Every step, join and ending is judged alike by the legal actions and the explanations
    (as the contract suite checks at positions of whole games)."""
    assert_legality_agrees(table.chose_move(joker=1))
