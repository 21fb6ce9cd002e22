"""``terra tournament``: the JSON contract, the summary, the report, and one clear line for
every request that cannot make a fair tournament."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from terra.cli.main import app
from terra.sim import GameResult, match

runner = CliRunner()


def tournament(*args: str) -> dict[str, Any]:
    result = runner.invoke(app, ["tournament", "expedition", "--json", "--workers", "1", *args])
    assert result.exit_code == 0, result.output
    report: dict[str, Any] = json.loads(result.stdout)
    return report


def test_json_contract() -> None:
    report = tournament("--bots", "random,greedy,mcts:1", "--games", "2", "--seed", "3")
    assert report["game"] == "expedition"
    assert report["bots"] == ["random", "greedy", "mcts:1"]
    assert report["tables"] == [["random", "greedy"], ["random", "mcts:1"], ["greedy", "mcts:1"]]
    assert (report["games"], report["completed"], report["errors"]) == (6, 6, 0)
    assert report["seed"] == 3
    assert report["provisional_data"] is True
    assert [r["bot"] for r in report["ratings"]] != []
    for rating in report["ratings"]:
        assert rating["low"] < rating["mu"] < rating["high"]
    assert set(report["by_bot"]) == {"random", "greedy", "mcts:1"}
    assert all(bot["games"] == 4 for bot in report["by_bot"].values())
    assert len(report["by_seat"]) == 2
    assert sum(seat["wins"] for seat in report["by_seat"]) == pytest.approx(6)
    assert report["lengths"]["actions"]["n"] == 6
    # each bot's decisions among two or more actions: how many, and how long they took
    for bot in ("random", "greedy", "mcts:1"):
        spent = report["thinking"][bot]
        assert spent["decisions"] > 0
        assert 0 < spent["seconds_per_decision"] <= spent["slowest"]


def test_one_search_bot_against_three_greedy_players() -> None:
    # Issue 12's four-player measure, and its thinking time per decision.
    report = tournament("--gauntlet", "ismcts:2", "--bots", "greedy", "-p", "4", "-n", "4")
    assert report["tables"] == [["ismcts:2", "greedy", "greedy", "greedy"]]
    assert report["by_bot"]["ismcts:2"]["games"] == 4
    assert report["by_bot"]["greedy"]["games"] == 12
    assert sum(bot["wins"] for bot in report["by_bot"].values()) == pytest.approx(4)
    assert report["thinking"]["ismcts:2"]["decisions"] > 0


def test_default_games_are_ten_rotations_of_the_seats() -> None:
    report = tournament("--bots", "random", "--players", "3")
    assert report["games_per_table"] == 30
    assert report["ratings"] == []  # one bot: seat balance only
    assert [seat["fair"] for seat in report["by_seat"]] == [0.3333] * 3


def test_gauntlet() -> None:
    report = tournament("--bots", "random,greedy", "--gauntlet", "mcts:1", "-n", "2")
    assert report["gauntlet"] == "mcts:1"
    assert report["tables"] == [["mcts:1", "random"], ["mcts:1", "greedy"]]


def test_readable_summary_and_report(tmp_path: Path) -> None:
    path = tmp_path / "r.html"
    args = ["expedition", "--bots", "random,greedy", "-n", "2", "-w", "1", "--report", str(path)]
    result = runner.invoke(app, ["tournament", *args])
    assert result.exit_code == 0, result.output
    assert "Ratings" in result.stdout and "Seats" in result.stdout
    assert f"report: {path}" in result.stdout
    assert "thinking: greedy" in result.stdout and "s a decision" in result.stdout
    page = path.read_text(encoding="utf-8")
    assert "data:image/png;base64," in page
    assert "Thinking time" in page and "ms per decision" in page
    # the command as it reproduces the run, every figure-changing choice spelled out
    assert (
        "terra tournament expedition --bots random,greedy --players 2 --games 2 --seed 0 "
        f"--workers 1 --report {path}"
    ) in page


def test_max_actions_counts_longer_games_as_unfinished(tmp_path: Path) -> None:
    path = tmp_path / "r.md"
    args = ["expedition", "--bots", "random,greedy", "-n", "2", "-w", "1", "--json"]
    result = runner.invoke(app, ["tournament", *args, "--max-actions", "5", "--report", str(path)])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert (report["completed"], report["errors"]) == (0, 2)
    assert "unfinished: the game did not end within 5 actions" in result.stderr
    assert "--max-actions 5" in path.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chess", "--bots", "random"], "no game 'chess'"),
        (["expedition", "--bots", "random,greedy", "-p", "3"], "3 seats need 3 different bots"),
        (["expedition", "--bots", "random,greedy", "-n", "3"], "give a multiple of 2"),
        (["expedition", "--bots", "random,random"], "'random' is named twice"),
        (["expedition", "--bots", "random,wizard"], "no bot called 'wizard'"),
        (["expedition", "--bots", "random", "-p", "9", "-n", "9"], "2-6 players, not 9"),
        (["expedition", "--bots", "random", "-o", "colour=red"], "no option 'colour'"),
        (["expedition", "--bots", "random", "--report", "r.pdf"], "an .html or .md file"),
        (["expedition", "--bots", "random", "--report", "/no/such/r.html"], "no folder /no/such"),
        (["expedition", "--bots", "random", "-w", "-1"], "workers must be 0"),
        (["expedition", "--bots", "random", "--report", "/"], "an .html or .md file"),
        (["expedition", "--bots", "random", "-p", "-2"], "at least 1 seat, not -2"),
        (["expedition", "--bots", "random", "--max-actions", "0"], "greater than or equal to 1"),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_code_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["tournament", *args])
    assert result.exit_code == 2, result.output
    line = result.stderr.strip()
    assert line.startswith("terra tournament: error: ")
    assert message in line
    assert "\n" not in line and result.stdout == ""


def test_a_failed_game_is_reported_and_exits_1(monkeypatch: pytest.MonkeyPatch) -> None:
    real = match.play_game

    def failing_second_game(*args: Any, **kwargs: Any) -> GameResult:
        result = real(*args, **kwargs)
        return replace(result, error="RuntimeError: boom") if result.index == 1 else result

    monkeypatch.setattr("terra.sim.batch.play_game", failing_second_game)
    result = runner.invoke(
        app, ["tournament", "expedition", "--bots", "random,greedy", "-n", "2", "-w", "1", "--json"]
    )
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert (report["completed"], report["errors"]) == (1, 1)
    assert "1 of 2 games failed; the first, seed 1: RuntimeError: boom" in result.stderr


def test_as_a_process_stdout_is_pure_json_and_stderr_quiet() -> None:
    # stderr is a pipe here, not a terminal, so no progress bar may appear on it.
    command = "from terra.cli.main import main; main()"
    args = ["tournament", "expedition", "--bots", "random,greedy", "-n", "2", "-w", "2", "--json"]
    done = subprocess.run(
        [sys.executable, "-c", command, *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert json.loads(done.stdout)["games"] == 2
