"""Bad input gets a clear error and changes nothing.

Text that is not an action is refused with a reason and the notation help; a well-formed action
that the rules forbid is refused with a reason and the rulebook section that forbids it. Either
way the state, its history, its log and every view are exactly as before.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from terra.core import IllegalAction
from terra.games.africa import AfricaState
from tests.games.africa import table
from tests.refusals import assert_legality_agrees, refused

SETTINGS = settings(max_examples=300, deadline=None)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "is not an Africa action; try: start Cairo"),
        ("xyzzy", "'xyzzy' is not an Africa action"),
        ("go", "'go' is not an Africa action"),
        ("go Z99", "there is no hex called 'z99'"),
        ("uncover Atlantis", "there is no hex called 'atlantis'"),
        ("start E7", "'e7' is not a start city"),
        ("exchange gold with blue", "'gold' is not a kind of goods"),
        ("exchange kettle with purple", "'purple' is not a player colour"),
        ("camp", "is not an Africa action"),
        ("42", "is not an Africa action"),
    ],
)
def test_text_that_is_not_an_action(text: str, says: str) -> None:
    error = refused(table.started(2, 0), text)
    assert says in error.reason
    assert error.rule is None


@pytest.mark.parametrize("action", [-1, 10**6, 2.5, None, True, "keep"])
def test_numbers_out_of_range_and_other_types(action: Any) -> None:
    state = table.started(2, 0)
    refused(state, action)


@pytest.mark.parametrize(
    ("action", "rule", "says"),
    [
        ("keep", "Africa, Game Play", "it is your turn"),
        ("place D5", "Africa, Game Play", "cannot 'place D5' now"),
        ("start Cairo", "Africa, Game Play", "cannot 'start Cairo' now"),
        ("exchange kettle with blue", "Africa, Game Play", "cannot"),
        ("go H7", "Africa, B. Researchers move", "does not border"),
        ("uncover H7", "Africa, Actions - 1. Uncover a marker", "does not border"),
    ],
)
def test_actions_the_rules_forbid_now(action: str, rule: str, says: str) -> None:
    state = table.started(2, 0)
    error = refused(state, action)
    assert error.rule == rule, error
    assert says in error.reason, error


def test_out_of_turn_play_is_refused() -> None:
    state = table.started(2, 0)
    error = refused(state, "pass", seat=1)
    assert "seat 0's turn" in error.reason


def test_a_game_over_refuses_everything() -> None:
    state = table.started(2, 0)
    table.end_game(state)
    error = refused(state, "pass")
    assert "over" in error.reason


@cache
def positions() -> tuple[AfricaState, ...]:
    """Positions of random games in every phase (start, turn, goods, place)."""
    found = []
    for players, seed in ((2, 0), (3, 1), (5, 2)):
        state = table.new(players, seed)
        rng = random.Random(seed)
        count = 0
        while not state.is_over:
            if count % 37 == 0 or state.phase_name in ("goods", "place", "start"):
                found.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
            count += 1
    return tuple(found[::3])


def test_the_positions_cover_every_phase() -> None:
    assert {s.phase_name for s in positions()} == {"start", "turn", "goods", "place"}


def agree(state: AfricaState) -> None:
    """The rules' two statements of legality judge every action of ``state`` alike."""
    assert_legality_agrees(state)


def test_every_action_is_judged_alike_by_the_legal_actions_and_the_explanations() -> None:
    """Legality is stated twice (the legal actions and the explanation of each action) and
    both agree in every phase of random games."""
    for state in positions():
        agree(state)


@cache
def greedy_positions() -> tuple[AfricaState, ...]:
    """Every 3rd decision of greedy games: 2 players with and without the 2-player variant,
    3 players in the simple game, 5 players."""
    games: list[tuple[int, int, dict[str, bool]]] = [
        (2, 1, {}),
        (2, 2, {"two_player": False}),
        (3, 3, {"simple": True}),
        (5, 4, {}),
    ]
    found = []
    for players, seed, options in games:
        state = table.new(players, seed, **options)
        rng = random.Random(seed)
        count = 0
        while not state.is_over:
            if count % 3 == 0 or state.phase_name in ("goods", "place"):
                found.append(state.clone())
            state.apply(state.game.evaluator().greedy_action(state, rng))
            count += 1
        found.append(state)
    return tuple(found)


def test_greedy_games_are_judged_alike_by_both_statements_of_legality() -> None:
    """Africa, Game Play and Actions 1-5, the Simple Game Variant and the Special Variant for
    2 Players: at decisions of greedy games (herds, nomads, exchanges, camps) both statements
    agree."""
    for state in greedy_positions():
        agree(state)


def test_every_kind_of_action_is_legal_in_some_position_judged() -> None:
    judged = positions() + greedy_positions()
    kinds = {state.tables.kind[a] for state in judged for a in state.legal_actions()}
    assert len(kinds) == 11
    assert any(state.is_over for state in judged)


@SETTINGS
@given(index=st.integers(min_value=0), action=st.integers(min_value=-5, max_value=2000))
def test_any_illegal_int_is_explained_and_changes_nothing(index: int, action: int) -> None:
    """Fuzz: every int that is not legal gets a reason (and a rule if it is an action)."""
    state = positions()[index % len(positions())]
    if action in state.legal_actions():
        return
    error = refused(state.clone(), action)
    if 0 <= action < state.num_actions:
        assert error.rule is not None and error.rule.startswith("Africa, "), error


@SETTINGS
@given(index=st.integers(min_value=0), text=st.text(max_size=30))
def test_any_text_is_parsed_or_refused(index: int, text: str) -> None:
    state = positions()[index % len(positions())].clone()
    try:
        action = state.parse_action(text)
    except IllegalAction as error:
        assert error.reason
        return
    assert 0 <= action < state.num_actions


def test_every_legal_action_round_trips_through_its_notation() -> None:
    for state in positions():
        for action in state.legal_actions():
            assert state.parse_action(state.action_str(action)) == action
