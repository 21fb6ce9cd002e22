"""Africana, Gameplay: "On your turn, you must choose exactly one of the following three
actions": A) draw travel cards, B) buy adventure cards or C) move your explorer."""

from __future__ import annotations

from terra.games.africana import rulebook as r
from tests.games.africana import table
from tests.refusals import refused_by_rule


def test_done_before_choosing_an_action() -> None:
    """Africana, Gameplay: "On your turn, you must choose exactly one of the following three
    actions"."""
    refused_by_rule(table.new(2, 0), "done", r.RULE_TURN, "first choose the action")


def test_a_step_before_choosing_to_move() -> None:
    state = table.new(2, 0)
    step = f"go {table.location_name(state, table.a_neighbour(state))}: joker"
    refused_by_rule(state, step, r.RULE_TURN, f"cannot {step!r} now", "first choose")


def test_a_second_action_in_one_turn() -> None:
    """Africana, Gameplay: exactly one of draw, buy or move per turn."""
    state = table.chose_move(joker=1)
    refused_by_rule(state, "draw", r.RULE_MOVE, "cannot 'draw' now", "you are moving")
    refused_by_rule(table.chose_buy(), "move", r.RULE_BUY, "cannot 'move' now", "you are buying")


def test_buying_while_moving_and_moving_while_buying() -> None:
    state = table.chose_move(joker=1)
    top = state.data.adventure_ids[state.right[0][-1]]
    refused_by_rule(state, f"buy {top}", r.RULE_MOVE, "you are moving")
    state = table.chose_buy()
    refused_by_rule(
        state, f"go {table.location_name(state, table.a_neighbour(state))}: joker", r.RULE_BUY
    )
