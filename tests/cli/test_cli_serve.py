"""``terra serve``: a database or an option it cannot use is one line of error, and nothing
starts (the server itself is run in ``tests/server/test_sigkill.py``)."""

from __future__ import annotations

from pathlib import Path

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


def test_a_port_out_of_range_is_a_usage_error() -> None:
    result = runner.invoke(app, ["serve", "--port", "70000"])
    assert result.exit_code == 2
    assert "'--port'" in result.stderr
