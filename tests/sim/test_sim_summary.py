"""Aggregate figures: wins by seat and by bot (shared wins split), scores, speed."""

from __future__ import annotations

import pytest

from terra.sim import GameResult, summarize


def result(
    index: int,
    bots: tuple[str, ...],
    *,
    scores: tuple[int, ...] = (),
    winners: tuple[int, ...] = (),
    actions: int = 100,
    error: str | None = None,
) -> GameResult:
    return GameResult(
        index=index,
        seed=10 + index,
        bots=bots,
        scores=scores,
        winners=winners,
        actions=actions,
        seconds=0.001,
        error=error,
    )


RESULTS = [
    result(0, ("a", "b"), scores=(30, 20), winners=(0,)),
    result(1, ("b", "a"), scores=(25, 25), winners=(0, 1), actions=300),
    result(2, ("b", "a"), scores=(10, 40), winners=(1,)),
    result(3, ("a", "b"), actions=7, error="RuntimeError: boom"),
]


@pytest.fixture
def figures() -> dict[str, object]:
    return summarize("g", 2, ("a", "b"), 10, RESULTS, seconds=2.0, rotate=True).to_dict()


def test_counts(figures: dict[str, object]) -> None:
    assert figures["games"] == 4
    assert figures["completed"] == 3
    assert figures["errors"] == 1
    assert figures["error_messages"] == ["seed 13: RuntimeError: boom"]
    assert figures["shared_wins"] == 1


def test_shared_wins_count_a_fraction_for_each_winner(figures: dict[str, object]) -> None:
    assert figures["seat_wins"] == [1.5, 1.5]
    assert figures["bot_wins"] == {"a": 2.5, "b": 0.5}


def test_mean_scores_by_seat_and_by_bot(figures: dict[str, object]) -> None:
    # Seat 0 scored 30, 25, 10; bot a scored 30 (seat 0), 25 (seat 1), 40 (seat 1).
    assert figures["mean_scores"] == [
        pytest.approx(65 / 3, abs=1e-4),
        pytest.approx(85 / 3, abs=1e-4),
    ]
    assert figures["bot_mean_scores"] == {
        "a": pytest.approx(95 / 3, abs=1e-4),
        "b": pytest.approx(55 / 3, abs=1e-4),
    }


def test_speed_counts_completed_games_only(figures: dict[str, object]) -> None:
    assert figures["actions"] == 500
    assert figures["mean_actions"] == pytest.approx(500 / 3, abs=1e-4)
    assert figures["us_per_action"] == pytest.approx(3 * 1000 / 500)
    assert figures["seconds"] == 2.0


def test_no_completed_game_leaves_means_undefined() -> None:
    figures = summarize("g", 2, ("a", "a"), 0, [RESULTS[3]], seconds=1.0).to_dict()
    assert figures["completed"] == 0
    assert figures["mean_scores"] == [None, None]
    assert figures["us_per_action"] is None
    assert figures["bot_wins"] == {"a": 0.0}
