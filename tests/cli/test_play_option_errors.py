"""``terra play``'s own option errors are said in the chosen language: ``--lang``'s, else the
environment's."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

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
