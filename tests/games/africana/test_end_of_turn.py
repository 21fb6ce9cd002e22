"""Africana, End of a Turn: Check Card Limits and Replenish Expedition Cards."""

from __future__ import annotations

import pytest

from terra.core.errors import IllegalAction
from terra.games.africana import AfricanaState
from terra.games.africana import rulebook as r
from tests.games.africana import table
from tests.refusals import assert_legality_agrees, refused_by_rule
from tests.walks import judged_positions

LIMITS = "Africana, End of a Turn - Check Card Limits"


def test_more_than_five_cards_must_be_discarded_down_to_five() -> None:
    """Check Card Limits: more than 5 cards in hand at the end of the turn -> discard the
    excess of your choice; discarded travel cards go onto the discard pile."""
    state = table.new(2)
    table.set_hand(state, 0, {"grey": 2, "orange": 1, "joker": 1})
    table.set_draw_pile(state, ["violet", "violet", "magenta"])  # does not run out
    discards = sum(state.discard)
    state.play("draw")
    assert state.current_player == 0
    assert state.phase_name == "discard"
    assert set(state.legal_action_strs()) == {
        "discard grey",
        "discard orange",
        "discard violet",
        "discard joker",
    }
    state.play("discard grey")
    assert state.current_player == 1
    assert sum(state.discard) == discards + 1
    assert sum(state.hand[0]) == 5


def test_jokers_and_assistants_count_and_leave_the_game_when_discarded() -> None:
    """Check Card Limits: discarding assistants or jokers is allowed; they leave the game."""
    state = table.new(2)
    table.set_hand(state, 0, {"grey": 2, "joker": 1, "magenta assistant": 1})
    table.set_draw_pile(state, ["violet", "violet"])
    state.play("draw")
    assert sum(state.hand[0]) == 6
    assert "discard magenta assistant" in state.legal_action_strs()
    state.play("discard joker")
    assert state.view(None)["out_of_game"]["jokers"] == 1
    assert state.view(None)["players"][0]["jokers"] == 0


def test_the_limit_is_only_checked_at_the_end_of_the_turn() -> None:
    """Check Card Limits: during the turn more than 5 cards in hand are allowed."""
    state = table.new(2)
    table.show(state, ["C3", "A1", "A2", "A3", "A4"])  # C3 starts in Napoli, bonus a card
    table.set_hand(state, 0, {"grey": 4, "violet": 1, "joker": 1})
    table.play(state, "move", "join C3")
    assert sum(state.hand[0]) == 7
    state.play("go Cairo: violet")
    assert state.phase_name == "move"
    state.play("done")
    assert state.phase_name == "discard"


def test_more_than_three_unfinished_adventures_must_be_discarded() -> None:
    """Check Card Limits: more than 3 unfinished adventures -> discard the excess of your
    choice; they are removed from the game."""
    state = table.new(2)
    table.give_adventures(state, 0, ["N2", "N3", "N4"])
    table.set_book(state, "north", [], ["N1"])
    state.silver[0] = 5
    table.play(state, "buy", "buy N1", "done")
    assert state.phase_name == "drop"
    assert set(state.legal_action_strs()) == {f"discard N{i}" for i in (1, 2, 3, 4)}
    state.play("discard N3")
    assert state.current_player == 1
    assert state.view(None)["players"][0]["adventures"] == ["N2", "N4", "N1"]


def test_discarding_is_only_for_the_limits() -> None:
    """Check Card Limits: nothing is discarded while the hand is within the limit."""
    state = table.new(2)
    with pytest.raises(IllegalAction) as error:
        state.play("discard joker")
    assert error.value.rule == "Africana, Gameplay"
    state.play("draw")
    with pytest.raises(IllegalAction):
        state.play("discard joker")
    assert LIMITS.startswith("Africana")


def test_empty_spaces_are_refilled_left_to_right() -> None:
    """Replenish Expedition Cards: fill the empty spaces from left to right."""
    state = table.new(2)
    table.show(state, [None, "A1", None, "A2", "A3"])
    table.set_pile(state, ["B1", "B2", "B3"])
    state.play("draw")
    shown = [space["expedition"] for space in state.view(None)["expeditions"]]
    assert shown == ["B1", "A1", "B2", "A2", "A3"]
    assert state.view(None)["expedition_pile"]["B"] == 1


def test_the_hand_limit_is_checked_before_the_adventure_limit() -> None:
    """Check Card Limits, in the rulebook's order: first the hand, then the adventures."""
    state = table.new(2)
    table.set_hand(state, 0, {"grey": 4, "joker": 1})
    table.give_adventures(state, 0, ["N2", "N3", "N4", "N5"])
    table.set_draw_pile(state, ["violet", "violet"])
    state.play("draw")
    assert state.phase_name == "discard"
    table.play(state, "discard grey", "discard grey")
    assert state.phase_name == "drop"
    state.play("discard N5")
    assert state.current_player == 1


# --- refusals -----------------------------------------------------------------------------------


def test_discarding_a_card_you_do_not_hold() -> None:
    """Africana, Check Card Limits: "you must choose excess cards to discard" - from your hand."""
    state = table.new(2, 0)
    table.set_hand(state, 0, {"grey": 4, "joker": 1})
    state.play("draw")
    assert state.phase_name == "discard"
    missing = next(c for c in state.data.colours if not table.hand_of(state, 0).get(c))
    refused_by_rule(
        state, f"discard {missing}", r.RULE_LIMITS, f"you hold no {missing} card to discard"
    )
    refused_by_rule(state, "discard violet assistant", r.RULE_LIMITS, "you hold no violet assist")
    refused_by_rule(state, "done", r.RULE_LIMITS, "discard down to the hand limit of 5")


def test_dropping_an_adventure_you_do_not_have() -> None:
    """Africana, Check Card Limits: "more than 3 unfinished adventure cards in front of
    yourself" - those are the ones to discard."""
    state = table.new(2, 0)
    north = [state.data.adventure_ids[c] for c in state.right[0][-4:]]
    table.give_adventures(state, 0, north)
    table.play(state, "move", "done")
    assert state.phase_name == "drop"
    other = state.data.adventure_ids[state.right[1][-1]]
    refused_by_rule(
        state, f"discard {other}", r.RULE_LIMITS, f"adventure {other} is not one of your"
    )
    refused_by_rule(state, "draw", r.RULE_LIMITS, "discard unfinished adventures down to 3")


def test_both_statements_of_legality_agree_when_an_adventure_must_go() -> None:
    """Check Card Limits: with 4 unfinished adventures at the end of a turn, one must be
    discarded. Random and greedy play never get there, so the comparison of the legal actions
    with the explanations that the contract suite makes at positions of whole games is made
    here on a position built for it; with it and the chosen move and purchase, every phase and
    all 13 kinds of action are judged."""
    state = table.new(2, 0)
    table.give_adventures(state, 0, [state.data.adventure_ids[c] for c in range(4)])
    table.play(state, "move", "done")
    assert state.phase_name == "drop"
    assert_legality_agrees(state)
    judged = [
        position for position in judged_positions("africana") if isinstance(position, AfricanaState)
    ]
    assert len(judged) == len(judged_positions("africana"))
    judged += [state, table.chose_move(joker=1), table.chose_buy()]
    phases = {position.phase_name for position in judged}
    assert phases == {"choose", "buy", "move", "discard", "drop", "over"}
    kinds = {position.tables.kind[a] for position in judged for a in position.legal_actions()}
    assert len(kinds) == 13
