"""Bad input gets a clear error and changes nothing.

Text that is not an action is refused with a reason and the notation help; a well-formed action
that the rules forbid is refused with a reason and the rulebook section that forbids it. Either
way the state, its history, its log and every view are exactly as before.
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from terra.core import IllegalAction
from terra.games.expedition import ExpeditionState
from terra.games.expedition import rules as r
from tests.games.expedition import table
from tests.refusals import refused, refused_by_rule

SETTINGS = settings(max_examples=200, deadline=None)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("fly to the moon", "not an Expedition action"),
        ("red Stockholm > Atlantis", "no point called 'atlantis'"),
        ("red Stockholm > Petra", "no line joins"),
        ("mark Moscow", "not a research site"),
        ("keep Narnia", "no point called"),
        ("", "not an Expedition action"),
    ],
)
def test_unknown_notation_is_refused(text: str, says: str) -> None:
    state = table.playing()
    assert says in refused(state, text).reason


def test_out_of_range_and_wrong_type_actions_are_refused() -> None:
    state = table.playing()
    refused(state, -1)
    refused(state, state.num_actions)
    refused(state, True)
    refused(state, 2.5)


def test_playing_out_of_turn_is_refused() -> None:
    state = table.playing()
    assert "turn" in refused(state, "red Stockholm > Kizhi", seat=1).reason


def test_marking_errors_say_why() -> None:
    state = table.new()
    other = state.hand[1][0]
    refused_by_rule(state, f"mark {table.name(state, other)}", r.RULE_CHIPS, "you hold no")
    refused_by_rule(state, "red Stockholm > Kizhi", r.RULE_CHIPS, "first every player marks")
    refused_by_rule(state, "pass", r.RULE_CHIPS, "Variant A")
    near = next((c for c in state.hand[0] if state.data.distance[state.data.start][c] < 2), None)
    if near is not None:
        refused_by_rule(state, f"mark {table.name(state, near)}", r.RULE_CHIPS, "at least 2")


def test_building_errors_say_why() -> None:
    state = table.playing()
    refused_by_rule(state, "done", r.RULE_TURN, "must still place")
    refused_by_rule(state, "red Kizhi > Moscow", r.RULE_START, "starts at Stockholm")
    refused_by_rule(state, "mark Petra", r.RULE_CHIPS)
    table.arrow(state, "red", "Stockholm", "Kizhi")
    refused_by_rule(state, "blue Stockholm > Moscow", r.RULE_TURN, "no arrow left")
    table.finish_turn(state)
    refused_by_rule(state, "red Kizhi > Stockholm", r.RULE_BUILD, "turn back")
    refused_by_rule(state, "blue Stockholm > Kizhi", r.RULE_START, "free line")
    refused_by_rule(state, "red Stockholm > Moscow", r.RULE_BUILD, "ends at Kizhi")
    refused_by_rule(state, "keep Petra", r.RULE_EXCHANGE, "not drawn")


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


def test_the_game_over_refuses_everything() -> None:
    state = table.new(2, 1)
    rng = random.Random(1)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    assert "over" in refused(state, "done").reason


@cache
def fuzz_positions() -> tuple[ExpeditionState, ...]:
    found = []
    for seed in range(3):
        state = table.new(2 + seed, seed, variant_a=seed == 1)
        rng = random.Random(seed)
        count = 0
        while not state.is_over:
            count += 1
            if count % 37 == 0 or state.loop >= 0 or state.drawn:
                found.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return tuple(found)


@SETTINGS
@given(st.data())
def test_any_action_int_is_either_legal_or_explained(data: st.DataObject) -> None:
    positions = fuzz_positions()
    state = positions[data.draw(st.integers(0, len(positions) - 1))].clone()
    action = data.draw(st.integers(-5, state.num_actions + 5))
    if action in state.legal_actions():
        state.play(action)
        return
    error = refused(state, action)
    if 0 <= action < state.num_actions:
        assert error.rule and error.rule.startswith("Expedition"), error


@SETTINGS
@given(st.text(max_size=40))
def test_any_text_is_either_an_action_or_refused(text: str) -> None:
    state = fuzz_positions()[0].clone()
    try:
        action = state.parse_action(text)
    except IllegalAction as error:
        assert error.reason
        return
    assert 0 <= action < state.num_actions
