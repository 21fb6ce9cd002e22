"""Africa, Game Play: A) move anywhere, or B) twice: move up to two spaces, then act."""

from __future__ import annotations

import pytest

from terra.core import IllegalAction
from terra.games.africa import AfricaState
from tests.games.africa import table
from tests.refusals import refused
from tests.walks import judged_positions


def opened(seed: int = 0, simple: bool = False) -> AfricaState:
    """Seat 0's researcher on an open patch: C5 and its neighbours are empty, except D5."""
    state = table.started(2, seed, simple=simple)
    table.clear(state, "C5", "C4", "C6", "B4", "B5", "D4", "C3", "C7", "B6")
    table.place(state, 0, "C5")
    return state


def test_move_anywhere_is_the_whole_turn() -> None:
    """Africa, A. Move a Researcher Anywhere: to any space without a face-down marker or
    another researcher; the turn then passes."""
    state = opened()
    legal = state.legal_action_strs()
    jumps = {a for a in legal if a.startswith("jump")}
    free = {
        f"jump {state.data.hex_name(h)}"
        for h in range(state.data.num_hexes)
        if not state.down[h] and h not in state.loc
    }
    assert jumps == free
    assert "jump D5" not in jumps  # a face-down marker
    assert f"jump {state.data.hex_name(state.loc[1])}" not in jumps  # the other researcher
    state.play("jump C7")
    assert state.current_player == 1
    assert state.loc[0] == table.hx(state, "C7")
    assert state.turn == 1


def test_jump_onto_a_face_down_marker_or_a_researcher_is_refused() -> None:
    """Africa, A. Move a Researcher Anywhere: not onto a face-down marker or another
    researcher."""
    state = opened()
    with pytest.raises(IllegalAction, match="face-down marker") as error:
        state.play("jump D5")
    assert error.value.rule == "Africa, A. Move a Researcher Anywhere"
    other = state.data.hex_name(state.loc[1])
    with pytest.raises(IllegalAction, match="blue researcher"):
        state.play(f"jump {other}")


def test_up_to_two_steps_before_each_action_never_through_face_down_markers() -> None:
    """Africa, B. Researchers move: up to two spaces before each action, onto empty spaces or
    face-up markers, never onto or over face-down markers or other researchers."""
    state = opened()
    legal = state.legal_action_strs()
    assert {a for a in legal if a.startswith("go")} == {"go C4", "go C6", "go B4", "go B5", "go D4"}
    state.play("go C6")
    assert "jump C7" not in state.legal_action_strs()  # B has begun: A is gone
    state.play("go C7")
    assert not any(a.startswith("go") for a in state.legal_action_strs())
    with pytest.raises(IllegalAction, match="moved 2 spaces") as error:
        state.play("go C6")
    assert error.value.rule == "Africa, B. Researchers move"


def test_staying_and_acting_twice_then_the_turn_passes() -> None:
    """Africa, B. Researchers move: a researcher may stay; Game Play: B is done twice;
    The Sequence of Actions: the same action may be chosen twice, or none."""
    state = opened()
    table.put(state, "D5", "gold 1", face_up=False)
    table.put(state, "D6", "gold 2", face_up=False)
    state.play("uncover D5")
    assert state.current_player == 0 and state.round == 1
    table.play(state, "go C6", "uncover D6")
    assert state.current_player == 1
    assert state.track[0] == 3


def test_no_action_at_all() -> None:
    """Africa, General Rules - The Sequence of Actions: a player can also perform no actions."""
    state = opened()
    table.play(state, "pass", "go C6", "pass")
    assert state.current_player == 1
    assert state.loc[0] == table.hx(state, "C6")
    assert state.track[0] == 0


def test_the_simple_game_has_one_move_and_one_action() -> None:
    """Africa, Simple Game Variant: each player moves once and acts once per turn."""
    state = opened(simple=True)
    table.put(state, "D5", "gold 1", face_up=False)
    table.play(state, "go C4", "go C5", "uncover D5")
    assert state.current_player == 1
    state = opened(simple=True)
    state.play("pass")
    assert state.current_player == 1


def test_steps_onto_face_up_markers_and_camps_are_allowed() -> None:
    """Africa, B. Researchers move: researchers may move to spaces with face-up markers or
    base camps."""
    state = opened()
    table.put(state, "C4", "monument")
    table.camp(state, 1, "C6")
    legal = state.legal_action_strs()
    assert "go C4" in legal and "go C6" in legal
    table.play(state, "go C4")
    assert "camp research" not in state.legal_action_strs()  # not an empty space


def test_the_simple_game_keeps_move_anywhere_and_a_move_of_up_to_two_spaces() -> None:
    """Africa, Simple Game Variant: "only moves his researcher once per turn and only executes
    one action" halves B.: its one move is a move of B. (up to two spaces), and A. Move a
    Researcher Anywhere, a single move without action, stays (docs/rules-decisions.md,
    Africa 17)."""
    state = opened(simple=True)
    assert "jump C7" in state.legal_action_strs()
    state.play("jump C7")
    assert state.loc[0] == table.hx(state, "C7") and state.current_player == 1

    state = opened(simple=True)
    table.play(state, "go C6", "go C7")
    with pytest.raises(IllegalAction, match="moved 2 spaces") as error:
        state.play("go B6")
    assert error.value.rule == "Africa, B. Researchers move"
    state.play("pass")
    assert state.current_player == 1 and state.turn == 1


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


def test_the_contract_suite_judges_every_phase_and_every_kind_of_action() -> None:
    """Africa, Game Setup and Game Play: the positions at which the contract suite compares
    the two statements of legality and fuzzes the input (``tests.walks.judged_positions``)
    include start cities, turns, goods and placements, all 11 kinds of action, and an end."""
    judged = [state for state in judged_positions("africa") if isinstance(state, AfricaState)]
    assert len(judged) == len(judged_positions("africa"))
    phases = {state.phase_name for state in judged if not state.is_over}
    assert phases == {"start", "turn", "goods", "place"}
    kinds = {state.tables.kind[a] for state in judged for a in state.legal_actions()}
    assert len(kinds) == 11
    assert any(state.is_over for state in judged)
