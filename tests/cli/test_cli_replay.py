"""``terra replay``: records that replay pass; tampered, missing or malformed ones fail."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import terra
from terra.cli.main import app
from terra.core import Record
from terra.sim import play_game

runner = CliRunner()


@pytest.fixture(scope="module")
def record_data() -> dict[str, Any]:
    """A finished random game of Africana, as the JSON of its record."""
    result = play_game("africana", 2, ["random", "random"], seed=17)
    assert result.record is not None
    return result.record.to_dict()


def write(folder: Path, name: str, data: Any) -> Path:
    path = folder / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def replay(*paths: Path) -> Any:
    return runner.invoke(app, ["replay", *map(str, paths)])


def illegal_action_at(data: dict[str, Any], index: int) -> str:
    """The notation of an action that is not legal after the record's first ``index``."""
    state = terra.game(data["game"]).new(data["players"], data["seed"], data["options"])
    for text in data["actions"][:index]:
        state.play(text)
    legal = set(state.legal_actions())
    return next(state.action_str(a) for a in range(state.num_actions) if a not in legal)


def test_a_good_record_replays(tmp_path: Path, record_data: dict[str, Any]) -> None:
    path = write(tmp_path, "good.json", record_data)
    result = replay(path)
    assert result.exit_code == 0, result.output
    assert str(path) in result.stdout
    assert "ok" in result.stdout
    scores = ", ".join(map(str, record_data["result"]["scores"]))
    assert f"scores {scores}" in result.stdout


def test_a_changed_action_fails(tmp_path: Path, record_data: dict[str, Any]) -> None:
    tampered = json.loads(json.dumps(record_data))
    tampered["actions"][25] = illegal_action_at(record_data, 25)
    path = write(tmp_path, "tampered.json", tampered)
    result = replay(path)
    assert result.exit_code == 1
    assert str(path) in result.stderr
    assert "action 26" in result.stderr
    assert "Traceback" not in result.output


def test_a_changed_result_fails(tmp_path: Path, record_data: dict[str, Any]) -> None:
    tampered = json.loads(json.dumps(record_data))
    tampered["result"]["scores"][0] += 1
    path = write(tmp_path, "score.json", tampered)
    result = replay(path)
    assert result.exit_code == 1
    assert str(path) in result.stderr
    assert "result mismatch" in result.stderr


def test_a_huge_bad_action_is_quoted_as_a_short_prefix(
    tmp_path: Path, record_data: dict[str, Any]
) -> None:
    tampered = json.loads(json.dumps(record_data))
    tampered["actions"][3] = "go " * 1_000_000
    path = write(tmp_path, "huge.json", tampered)
    result = replay(path)
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.startswith(f"{path}: FAILED: action 4 does not replay: 'go go go")
    assert "(3,000,000 characters)" in result.stderr
    assert result.stderr.count("\n") == 1
    assert len(result.stderr) < 600


def test_a_missing_file_fails(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.json"
    result = replay(path)
    assert result.exit_code == 1
    assert str(path) in result.stderr
    assert "cannot read" in result.stderr
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not a JSON record"),
        ("[1, 2]", "a record is a JSON object"),
        ('{"format": 1, "game": "africana"}', "missing or has the wrong type"),
    ],
)
def test_malformed_files_fail(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    result = replay(path)
    assert result.exit_code == 1
    assert str(path) in result.stderr
    assert message in result.stderr


def test_a_binary_file_fails(tmp_path: Path) -> None:
    path = tmp_path / "binary.json"
    path.write_bytes(b"\xff\xfe\x00\x81")
    result = replay(path)
    assert result.exit_code == 1
    assert "not a text file" in result.stderr


def test_one_bad_file_among_good_ones_fails_the_run(
    tmp_path: Path, record_data: dict[str, Any]
) -> None:
    good = write(tmp_path, "good.json", record_data)
    bad = tmp_path / "missing.json"
    result = replay(good, bad, good)
    assert result.exit_code == 1
    assert result.stdout.count(": ok (") == 2
    assert str(bad) in result.stderr
    assert "3 records: 2 ok, 1 failed" in result.stdout


@pytest.mark.parametrize("kind", ["fifo", "device", "directory"])
def test_a_file_that_is_no_regular_file_fails_at_once(tmp_path: Path, kind: str) -> None:
    """A FIFO with no writer, an endless device and a folder are refused with one line
    before anything is read (a read of either would never end, or never start)."""
    import os
    import subprocess
    import sys

    if kind == "fifo":
        path = tmp_path / "record.json"
        os.mkfifo(path)
    elif kind == "device":
        path = Path("/dev/zero")
    else:
        path = tmp_path
    command = [sys.executable, "-c", "from terra.cli.main import main; main()", "replay"]
    # The timeout is no measure of speed: without the fix the command never ends.
    done = subprocess.run(
        [*command, str(path)], check=False, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "FAILED" in lines[0] and "is not a regular file" in lines[0]


def test_a_record_too_big_to_be_one_fails(tmp_path: Path) -> None:
    from terra.core.record import MAX_RECORD_BYTES

    path = tmp_path / "huge.json"
    with path.open("wb") as file:
        file.truncate(MAX_RECORD_BYTES + 1)  # sparse: no disk needed
    result = replay(path)
    assert result.exit_code == 1
    assert "too big for a record" in result.stderr


def test_a_number_past_the_digit_limit_fails_as_a_bad_record(
    tmp_path: Path, record_data: dict[str, Any]
) -> None:
    path = tmp_path / "digits.json"
    text = json.dumps(record_data).replace('"seed": ', '"seed": ' + "9" * 5000 + ', "x": ', 1)
    path.write_text(text, encoding="utf-8")
    result = replay(path)
    assert result.exit_code == 1
    assert "not a JSON record" in result.stderr
    assert "crashed" not in result.stderr


class TestWatching:
    """``terra replay --show``: a game step by step, as a spectator or as one seat saw it."""

    def _record(self, tmp_path: Path) -> Path:
        state = terra.game("africana").new(2, 5)
        rng = random.Random(5)
        for _ in range(6):
            state.play(rng.choice(state.legal_actions()))
        path = tmp_path / "game.json"
        state.record().save(path)
        return path

    def test_it_steps_forward_back_and_to_an_action(self, tmp_path: Path) -> None:
        path = self._record(tmp_path)
        result = runner.invoke(app, ["replay", "--show", str(path)], input="\n\nb\n6\nq\n")
        assert result.exit_code == 0, result.output
        shown = [line for line in result.output.splitlines() if line.startswith("Watching")]
        steps = [line.split(":")[0] for line in shown]
        assert steps == [
            "Watching the start",
            "Watching action 1 of 6",
            "Watching action 2 of 6",
            "Watching action 1 of 6",
            "Watching action 6 of 6",
        ]

    def test_a_seat_is_shown_its_own_view_and_a_spectator_the_public_one(
        self, tmp_path: Path
    ) -> None:
        path = self._record(tmp_path)
        state = terra.replay(Record.load(path))
        boards = {}
        for seat in (None, 0):
            screen = io.StringIO()
            Console(file=screen, width=80, highlight=False, emoji=False).print(
                state.game.render_terminal(state, seat)
            )
            boards[seat] = screen.getvalue()
        assert boards[None] != boards[0]  # the seat's hand is on its board alone
        for seat in (None, 0):
            args = ["replay", "--show", str(path)] + ([] if seat is None else ["--seat", "0"])
            result = runner.invoke(app, args, input="6\nq\n", terminal_width=80)
            assert result.exit_code == 0
            assert boards[seat] in result.output
            assert boards[0 if seat is None else None] not in result.output

    def test_bad_watching_is_refused_in_one_line(self, tmp_path: Path) -> None:
        path = self._record(tmp_path)
        for args, words in (
            (["--seat", "0", str(path)], "--seat goes with --show"),
            (["--show", str(path), str(path)], "--show watches one record, not 2"),
            (["--show", "--seat", "7", str(path)], "there is no seat 7"),
        ):
            result = runner.invoke(app, ["replay", *args])
            assert result.exit_code == 2, result.output
            assert words in result.stderr
