"""The progress of a long run: a plain line in a log now and then when stderr is no terminal."""

from __future__ import annotations

import pytest

from terra.cli.progress import GameProgress
from terra.sim.match import GameResult

RESULT = GameResult(
    index=0, seed=1, bots=("greedy",), scores=(1,), winners=(0,), actions=5, seconds=0
)


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_log_gets_a_line_a_minute_with_the_time_left(capsys: pytest.CaptureFixture[str]) -> None:
    clock = Clock()
    progress = GameProgress("africa tournament", draw=False, every=60, clock=clock)
    clock.now += 30
    progress(1, 200, RESULT)
    assert capsys.readouterr().err == ""  # not a minute yet
    clock.now += 770  # 800 s for 50 games: 150 left take about 2,400 s
    progress(50, 200, RESULT)
    assert capsys.readouterr().err == (
        "africa tournament: 50/200 games, 0:13:20 so far, about 0:40:00 left\n"
    )
    clock.now += 59
    progress(51, 200, RESULT)
    assert capsys.readouterr().err == ""  # the last line is less than a minute old
    assert progress.done == 51


def test_the_last_game_writes_no_line(capsys: pytest.CaptureFixture[str]) -> None:
    clock = Clock()
    progress = GameProgress("africana x3", draw=False, every=60, clock=clock)
    clock.now += 3600
    progress(3, 3, RESULT)
    progress.close()
    assert capsys.readouterr().err == ""
