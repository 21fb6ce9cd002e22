"""The ``terra`` command itself: usage errors in one line, switches shown as switches,
``--version``."""

from __future__ import annotations

from importlib import metadata
from typing import Any

import pytest
from typer.testing import CliRunner

from terra.cli.main import app
from terra.core.errors import OptionError
from terra.core.game import Game

runner = CliRunner()
COMMANDS = ["games", "play", "simulate", "replay"]


@pytest.mark.parametrize(
    ("args", "start", "message"),
    [
        (["simulate", "africana", "--players", "x"], "terra simulate", "'--players'"),
        (["simulate", "africana", "--games", "9" * 5000], "terra simulate", "'--games'"),
        (["play", "--bogus"], "terra play", "No such option: --bogus"),
        (["play", "africana", "extra"], "terra play", "unexpected extra argument"),
        (["simulate"], "terra simulate", "Missing argument 'game'"),
        (["replay"], "terra replay", "Missing argument 'files'"),
        (["games", "--json=yes"], "terra games", "--json"),
        (["chess"], "terra", "No such command 'chess'"),
        (["play", "--" + "x" * 100_000], "terra play", "No such option: --xxxxxxxx"),
    ],
)
def test_a_usage_error_is_one_line_on_stderr(args: list[str], start: str, message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"{start}: error: ")
    assert message in result.stderr
    assert result.stderr.endswith(f"(see {start} --help)\n")
    assert len(result.stderr) < 600


@pytest.mark.parametrize("command", [[], *([name] for name in COMMANDS)])
def test_help_shows_switches_as_switches(command: list[str]) -> None:
    result = runner.invoke(app, [*command, "--help"], env={"COLUMNS": "100"})
    assert result.exit_code == 0
    assert "--help" in result.stdout
    assert "<bool>" not in result.stdout


def test_help_of_simulate_lists_its_switches_bare() -> None:
    result = runner.invoke(app, ["simulate", "--help"], env={"COLUMNS": "100"})
    lines = {line.split()[1]: line for line in result.stdout.splitlines() if "│ --" in line}
    for switch in ("--rotate", "--json", "--help"):
        words = lines[switch].split()
        assert words[2][0].isupper(), lines[switch]  # the help text follows the switch at once
    assert "<int>" in lines["--games"]


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout == f"terra {metadata.version('terra-incognita')}\n"


@pytest.mark.parametrize("command", ["play", "simulate"])
@pytest.mark.parametrize("players", ["0", "3", "7"])
def test_the_game_alone_says_which_player_counts_it_takes(
    command: str, players: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(game: Game[Any], players: int, *args: Any, **kwargs: Any) -> None:
        raise OptionError(f"{game.title} will not be played by {players} today")

    monkeypatch.setattr(Game, "new", refuse)
    result = runner.invoke(app, [command, "africana", "-p", players])
    assert result.exit_code == 2
    assert (
        result.stderr == f"terra {command}: error: Africana will not be played by {players} today\n"
    )
