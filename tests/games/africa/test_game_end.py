"""Africa, Game End and Scoring."""

from __future__ import annotations

import pytest

from terra.core import IllegalAction
from terra.games.africa import AfricaState, scoring
from tests.games.africa import table


def one_monument_left(players: int = 3, seed: int = 0, **options: object) -> AfricaState:
    """Seat 0 beside the last face-down monument (all the others are face up)."""
    state = table.started(players, seed, **options)
    table.clear(state, "C5")
    table.place(state, 0, "C5")
    table.put(state, "D5", "monument", face_up=False)
    monument = table.kind(state, "monument")
    for h, m in enumerate(state.marker):
        if m == monument and h != table.hx(state, "D5"):
            state.down[h] = 0
    state.found = state.last_monument - 1
    table.touched(state)
    return state


def test_the_last_monument_ends_the_game_at_once_with_the_bonus() -> None:
    """Africa, Game End and Scoring: the game ends immediately when the eleventh monument is
    uncovered; its finder takes the +3 bonus."""
    state = one_monument_left()
    state.play("uncover D5")
    assert state.is_over and state.current_player is None
    assert state.bonus == 0
    parts = state.score_breakdown()[0]
    assert parts["bonus"] == 3 and parts["total"] == 3
    assert state.legal_actions() == ()
    assert state.events[-1]["key"] == "game_end"
    with pytest.raises(IllegalAction, match="the game is over"):
        state.play("pass")


def test_the_game_ends_after_the_first_action_of_a_turn_too() -> None:
    """Africa, Game End and Scoring: "immediately", even with an action left in the turn."""
    state = one_monument_left()
    assert state.round == 0
    state.play("uncover D5")
    assert state.is_over


def test_two_players_end_at_the_ninth_monument() -> None:
    """Africa, Special Variant for 2 Players: the game ends when the ninth monument is
    uncovered."""
    state = one_monument_left(2)
    assert state.found == 8
    state.play("uncover D5")
    assert state.is_over
    state = one_monument_left(2, two_player=False)
    assert state.found == 10
    state.play("uncover D5")
    assert state.is_over


def test_goods_sets() -> None:
    """Africa, Game End and Scoring - Goods: 1, 3, 5, 8 and 12 points for 1 to 5 of a kind,
    each kind on its own; 6 or more score as 5 (docs/rules-decisions.md)."""
    assert [scoring.set_points(n) for n in range(8)] == [0, 1, 3, 5, 8, 12, 12, 12]
    state = table.started(2, 0)
    for name, count in (("statue", 5), ("kettle", 3), ("drum", 1)):
        table.give(state, 1, name, count)
    table.end_game(state)
    assert state.score_breakdown()[1]["goods"] == 12 + 5 + 1


def test_majorities_ties_and_players_without_any() -> None:
    """Africa, Game End and Scoring - Gold and Jewels: 10 and 6; tied players share the summed
    places, rounded down; a player with none scores nothing (docs/rules-decisions.md)."""
    assert scoring.majority_points([3, 3, 3]) == [5, 5, 5]  # (10 + 6 + 0) // 3
    assert scoring.majority_points([4, 2, 2, 2]) == [10, 2, 2, 2]  # 6 // 3
    assert scoring.majority_points([5, 0, 0]) == [10, 0, 0]
    assert scoring.majority_points([0, 0]) == [0, 0]
    assert scoring.majority_points([1, 2, 3, 4, 5]) == [0, 0, 0, 6, 10]


def test_the_running_score_is_the_points_of_play_until_the_end() -> None:
    """Africa, Object of the Game: goods, gold and jewels score only at the end."""
    state = table.started(2, 0)
    table.give(state, 0, "statue", 2)
    table.give(state, 0, "gold 2")
    state.track[0] = 7
    assert state.scores() == [7, 0]
    table.end_game(state)
    assert state.scores() == [7 + 3 + 10, 0]


def test_scores_beyond_fifty_need_no_lap_counting() -> None:
    """Africa, Game Setup: the "50" markers only count laps of the track; a score is a
    number."""
    state = table.started(2, 0)
    state.track[0] = 123
    assert state.scores()[0] == 123
    assert state.view(1)["players"][0]["score"]["total"] == 123


def test_the_highest_score_wins_and_ties_share() -> None:
    """Africa, Game End and Scoring: the most points wins; a tie shares the victory
    (docs/rules-decisions.md)."""
    state = table.started(3, 0)
    state.track[:] = [10, 12, 12]
    table.end_game(state)
    assert state.winners() == [1, 2]
    assert state.returns() == pytest.approx([-0.5, 0.25, 0.25])
    state.track[1] = 13
    assert state.winners() == [1]
