"""``terra play``'s own option errors are said in the chosen language: ``--lang``'s, else the
environment's."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

import terra
from terra.cli.main import app

runner = CliRunner()


def _error(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["play", "africana", "--bots", "random", *args])
    return result.exit_code, result.stderr


def test_a_bad_seat_is_refused_in_german() -> None:
    code, err = _error("--seats", "0,x", "--lang", "de")
    assert code == 2
    assert err == "terra play: error: --seats: 'x' ist keine Platznummer (die Plätze sind 0-2)\n"


def test_the_environment_language_says_the_error_when_lang_names_none(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LANG", "nl_NL.UTF-8")
    code, err = _error("--seats", "1,1")
    assert code == 2
    assert err == "terra play: error: --seats: plaats 1 staat er twee keer in\n"
    code, err = _error("--bots", ",", "--lang", "de")
    assert "nenne mindestens einen Bot" in err
    monkeypatch.setenv("LANG", "C.UTF-8")  # English where the environment asks for it
    code, err = _error("--seats", "")
    assert err.startswith("terra play: error: --seats: name at least one seat for a person")


def test_a_record_of_another_game_to_continue_is_refused_in_german(tmp_path: Path) -> None:
    record = tmp_path / "africana.json"
    terra.game("africana").new(2, 1).record().save(record)
    result = runner.invoke(app, ["play", "nile", "--continue", str(record), "--lang", "de"])
    assert result.exit_code == 2
    said = f"--continue: {record}: es ist eine Aufzeichnung von 'africana', nicht von nile"
    assert result.stderr == f"terra play: error: {said}\n"
