"""``terra simulate``: the JSON contract, records, and clear errors for bad input."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from terra.cli.main import app
from terra.core import Record

runner = CliRunner()

# Figures that depend on the machine, not on the seed.
TIMINGS = ("seconds", "us_per_action", "workers")


def simulate(*args: str) -> dict[str, Any]:
    result = runner.invoke(app, ["simulate", "africana", "--json", *args])
    assert result.exit_code == 0, result.output
    report: dict[str, Any] = json.loads(result.stdout)
    return report


def test_json_contract() -> None:
    report = simulate("--players", "3", "--games", "3", "--seed", "5", "--bots", "random")
    expected_types: dict[str, type | tuple[type, ...]] = {
        "game": str,
        "players": int,
        "games": int,
        "completed": int,
        "errors": int,
        "seconds": (int, float),
        "actions": int,
        "us_per_action": (int, float),
        "seat_wins": list,
        "bot_wins": dict,
        "mean_scores": list,
    }
    for key, kind in expected_types.items():
        assert isinstance(report[key], kind), key
    assert report["game"] == "africana"
    assert (report["players"], report["games"]) == (3, 3)
    assert report["completed"] + report["errors"] == 3
    assert len(report["seat_wins"]) == len(report["mean_scores"]) == 3
    assert sum(report["seat_wins"]) == pytest.approx(report["completed"])
    assert report["bot_wins"] == {"random": pytest.approx(report["completed"])}
    assert all(isinstance(score, (int, float)) for score in report["mean_scores"])


def test_same_seed_same_report_whatever_the_worker_count() -> None:
    args = ("--players", "2", "--games", "4", "--seed", "3", "--rotate")
    alone = simulate(*args, "--workers", "1")
    pooled = simulate(*args, "--workers", "2")
    for key in TIMINGS:
        alone.pop(key)
        pooled.pop(key)
    assert alone == pooled


def test_bots_are_cycled_over_the_seats() -> None:
    report = simulate("--players", "4", "--games", "1", "--bots", "random")
    assert report["bots"] == ["random"] * 4


def test_record_dir_gets_one_replayable_file_per_game(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    simulate("--games", "2", "--seed", "7", "--record-dir", str(folder))
    files = sorted(str(path) for path in folder.iterdir())
    assert len(files) == 2
    result = runner.invoke(app, ["replay", *files])
    assert result.exit_code == 0, result.output


def test_readable_summary_without_json() -> None:
    result = runner.invoke(app, ["simulate", "africana", "--games", "2", "--bots", "random"])
    assert result.exit_code == 0, result.output
    assert "By seat" in result.stdout
    assert "By bot" in result.stdout
    assert "completed 2" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chess"], "no game 'chess'"),
        (["africana", "--players", "5"], "Africana is for 2-4 players, not 5"),
        (["africana", "--players", "1"], "Africana is for 2-4 players, not 1"),
        (["africana", "--bots", "random,wizard"], "no bot called 'wizard'"),
        (["africana", "--bots", " , "], "--bots needs at least one bot name"),
        (["africana", "--bots", "random,random,random"], "3 bots given for 2 seats"),
        (["africana", "--games", "0"], "at least 1, not 0"),
        (["africana", "--workers", "-1"], "workers must be 0"),
        (["africana", "--data", "/no/such/folder"], "cannot read /no/such/folder"),
        (["africana", "-o", "speed=9"], "Africana has no option 'speed' (options: data)"),
        (["africana", "-o", "speed"], "--option takes NAME=VALUE (e.g. simple=true), not 'speed'"),
        (["africana", "-o", "data=a", "-o", "data=b"], "option 'data' is given twice"),
        (["africana", "-o", "data=a", "--data", "."], "give the data folder once"),
        (["africana", "--max-actions", "-3"], "greater than or equal to 1"),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_code_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["simulate", *args, "--json"])
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("terra simulate: error: ")
    assert message in lines[0]
    assert "Traceback" not in result.output


@pytest.mark.skipif(not Path("/proc/1").is_dir(), reason="needs a folder nobody may write in")
def test_a_record_dir_nobody_may_write_in_is_refused_before_any_game() -> None:
    result = runner.invoke(app, ["simulate", "africana", "-n", "2", "--record-dir", "/proc/1"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith("terra simulate: error: cannot write in record directory")
    assert result.stderr.count("\n") == 1


@pytest.mark.parametrize("as_json", [True, False])
def test_a_run_with_a_failed_game_exits_1_with_the_reason_on_stderr(
    tmp_path: Path, as_json: bool
) -> None:
    (tmp_path / "africana-2p-seed1.json").mkdir()  # game 2's record cannot be written
    args = ["simulate", "africana", "-n", "2", "--record-dir", str(tmp_path)]
    result = runner.invoke(app, [*args, "--json"] if as_json else args)
    assert result.exit_code == 1
    assert result.stderr == (
        "terra simulate: error: 1 of 2 games failed; the first, seed 1: cannot write "
        f"{tmp_path / 'africana-2p-seed1.json'}: Is a directory\n"
    )
    if as_json:
        report = json.loads(result.stdout)
        assert (report["completed"], report["errors"]) == (1, 1)
    else:
        assert "completed 1, errors 1" in result.stdout
        assert "Is a directory" not in result.stdout  # said once, on stderr


def test_max_actions_counts_longer_games_as_unfinished() -> None:
    result = runner.invoke(app, ["simulate", "africana", "-n", "2", "--max-actions", "7", "--json"])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert (report["completed"], report["errors"]) == (0, 2)
    assert "unfinished: the game did not end within 7 actions" in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["x" * 100_000], "no game 'xxxxxxxxxx"),
        (["africana", "--bots", "y" * 100_000], "no bot called 'yyyyyyyyyy"),
        (["africana", "-o", "data=" + "z" * 100_000], "cannot read /"),
        (["africana", "-o", "z" * 100_000 + "=1"], "Africana has no option 'zzzzzzzzzz"),
    ],
)
def test_bad_input_is_quoted_as_a_short_prefix(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["simulate", *args])
    assert result.exit_code == 2
    assert result.stderr.startswith("terra simulate: error: ")
    assert message in result.stderr
    assert "(100,000 characters)" in result.stderr or "(100,0" in result.stderr
    assert result.stderr.count("\n") == 1
    assert len(result.stderr) < 600


def test_as_a_process_stdout_is_pure_json_and_stderr_quiet() -> None:
    # stderr is a pipe here, not a terminal, so no progress bar may appear on it.
    command = "from terra.cli.main import main; main()"
    done = subprocess.run(
        [sys.executable, "-c", command, "simulate", "africana", "-n", "2", "-w", "2", "--json"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert json.loads(done.stdout)["completed"] == 2


def test_options_reach_the_game_and_its_records(tmp_path: Path) -> None:
    """``-o data=DIR`` is the same option as ``--data DIR`` and is kept in every record."""
    shipped = files("terra.games.africana") / "data"
    report = simulate("-n", "1", "-o", f"data={shipped}", "--record-dir", str(tmp_path))
    assert report["completed"] == 1
    (path,) = tmp_path.glob("*.json")
    assert Record.load(path).options == {"data": str(shipped)}


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_run_of_any_length_starts_at_once_and_ctrl_c_stops_it(
    tmp_path: Path, workers: str
) -> None:
    """10**15 games, in 1 GB of memory: the games are made as they are played. Ctrl-C (sent
    to the whole process group, as a terminal does) stops the run in one line."""

    command = (
        "import resource, signal;"
        "resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30));"
        "signal.signal(signal.SIGINT, signal.default_int_handler);"  # even if this one ignores it
        "from terra.cli.main import main; main()"
    )
    args = ["simulate", "africana", "-n", str(10**15), "-w", workers, "--record-dir", str(tmp_path)]
    run = subprocess.Popen(
        [sys.executable, "-c", command, *args, "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    deadline = time.monotonic() + 60
    while run.poll() is None and time.monotonic() < deadline and not any(tmp_path.iterdir()):
        time.sleep(0.05)
    started = any(tmp_path.iterdir())
    if run.poll() is None:
        os.killpg(run.pid, signal.SIGINT)
    out, err = run.communicate(timeout=60)
    assert started, err[-2000:]
    assert run.returncode == 130
    assert out == ""
    assert err.startswith("terra simulate: interrupted after ")
    assert err.endswith(" of 1,000,000,000,000,000 games\n")
    assert err.count("\n") == 1
    assert not list(tmp_path.glob(".*")), "a half-written record"
