"""``terra serve``: a database or an option it cannot use is one line of error, and nothing
starts (the server itself is run in ``tests/server/test_sigkill.py``); the address it shows
is its public URL."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from terra.cli.main import app

runner = CliRunner()


def test_a_url_that_is_no_database_url() -> None:
    result = runner.invoke(app, ["serve", "--database", "nope"])
    assert result.exit_code == 1
    assert result.stderr == "terra serve: error: 'nope' is not a database URL\n"


def test_a_database_file_that_cannot_be_created(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'no' / 'such' / 'folder.db'}"
    result = runner.invoke(app, ["serve", "--database", url])
    assert result.exit_code == 1
    assert result.stderr.startswith("terra serve: error: cannot open database")
    assert "Traceback" not in result.output


def test_postgresql_without_its_driver_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # as if it were not installed
    result = runner.invoke(app, ["serve", "--database", "postgresql://terra@localhost/terra"])
    assert result.exit_code == 1
    assert result.stderr == (
        "terra serve: error: PostgreSQL needs the psycopg driver, which is not installed: "
        "pip install 'terra-incognita[postgres]'\n"
    )


def test_a_postgresql_server_that_does_not_answer() -> None:
    result = runner.invoke(app, ["serve", "--database", "postgresql://terra@127.0.0.1:1/terra"])
    assert result.exit_code == 1
    assert result.stderr.startswith("terra serve: error: cannot open database")
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.output


def test_a_port_out_of_range_is_a_usage_error() -> None:
    result = runner.invoke(app, ["serve", "--port", "70000"])
    assert result.exit_code == 2
    assert "'--port'" in result.stderr


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The applications ``terra serve`` hands to uvicorn, which returns at once here."""
    apps: list[Any] = []
    monkeypatch.setattr("uvicorn.run", lambda app, **_options: apps.append(app))
    return apps


@pytest.mark.parametrize("host", ["0.0.0.0", "::"])
def test_a_wildcard_host_needs_a_public_url(host: str, tmp_path: Path, served: list[Any]) -> None:
    database = f"sqlite:///{tmp_path / 'games.db'}"
    result = runner.invoke(app, ["serve", "--host", host, "--database", database])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"terra serve: error: --host '{host}' listens on every ")
    assert "give --public-url" in result.stderr and result.stderr.count("\n") == 1
    assert served == [] and not (tmp_path / "games.db").exists()


@pytest.mark.parametrize(
    "url",
    ["ftp://terra.example/", "terra.example", "http://terra.example/?a=1", "http://x/#top"],
)
def test_a_public_url_it_cannot_use(url: str, tmp_path: Path, served: list[Any]) -> None:
    database = f"sqlite:///{tmp_path / 'games.db'}"
    result = runner.invoke(app, ["serve", "--public-url", url, "--database", database])
    assert result.exit_code == 2
    assert result.stderr.startswith("terra serve: error: the public URL ")
    assert result.stderr.count("\n") == 1
    assert served == []


def test_the_public_url_is_the_address_shown_and_linked(tmp_path: Path, served: list[Any]) -> None:
    database = f"sqlite:///{tmp_path / 'games.db'}"
    arguments = ["--host", "0.0.0.0", "--public-url", "https://Terra.Example", "--database"]
    result = runner.invoke(app, ["serve", *arguments, database])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Terra Incognita at https://terra.example/ (database: ")
    (started,) = served
    assert started.state.tables.settings.site.url == "https://terra.example/"


def test_by_default_the_address_listened_on(tmp_path: Path, served: list[Any]) -> None:
    database = f"sqlite:///{tmp_path / 'games.db'}"
    result = runner.invoke(app, ["serve", "--port", "8123", "--database", database])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Terra Incognita at http://127.0.0.1:8123/ (database: ")
    assert len(served) == 1


@pytest.mark.parametrize(
    ("option", "value"),
    [("--bot-seconds", "0"), ("--bot-iterations", "0"), ("--bot-workers", "0")],
)
def test_bot_limits_out_of_range_are_usage_errors(option: str, value: str) -> None:
    result = runner.invoke(app, ["serve", option, value])
    assert result.exit_code == 2
    assert f"'{option}'" in result.stderr
