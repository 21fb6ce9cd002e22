"""The ``terra`` command with every registered game: one JSON contract, one record format.

Nothing here names a game: a game added under ``terra.games`` is played, simulated and
replayed through the command line exactly as the others are.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import terra
from terra.cli.main import app
from terra.core import Record

runner = CliRunner()
GAMES = [game.id for game in terra.games()]
WITH_VARIANTS = [game.id for game in terra.games() if any(o.kind is bool for o in game.options)]


@pytest.mark.parametrize("game_id", GAMES)
def test_simulate_and_replay(game_id: str, tmp_path: Path) -> None:
    game = terra.game(game_id)
    players = str(max(2, game.min_players))  # a greedy and a random bot, one seat each
    args = ["simulate", game_id, "-p", players, "-n", "2", "--bots", "greedy,random"]
    result = runner.invoke(app, [*args, "--rotate", "--record-dir", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert (report["game"], report["completed"], report["errors"]) == (game_id, 2, 0)
    assert report["bot_wins"]["greedy"] + report["bot_wins"]["random"] >= 2
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 2
    assert all(Record.load(path).game == game_id for path in files)
    replayed = runner.invoke(app, ["replay", *map(str, files)])
    assert replayed.exit_code == 0, replayed.output


def test_the_games_with_variants() -> None:
    assert {"africa", "expedition"} <= set(WITH_VARIANTS)


@pytest.mark.parametrize("game_id", WITH_VARIANTS)
def test_variant_options_reach_the_record(game_id: str, tmp_path: Path) -> None:
    game = terra.game(game_id)
    flags = [o.name for o in game.options if o.kind is bool]
    pairs = [arg for name in flags for arg in ("-o", f"{name}=yes")]
    args = ["simulate", game_id, "-p", str(game.min_players), "-n", "1", "--bots", "greedy"]
    result = runner.invoke(app, [*args, *pairs, "--record-dir", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    (path,) = tmp_path.glob("*.json")
    assert Record.load(path).options == dict.fromkeys(flags, True)
    assert runner.invoke(app, ["replay", str(path)]).exit_code == 0


@pytest.mark.parametrize("game_id", GAMES)
def test_play_shows_the_board_takes_moves_by_number_and_saves_a_record(
    game_id: str, tmp_path: Path
) -> None:
    game = terra.game(game_id)
    record = tmp_path / "game.json"
    keys = "help\nmoves\nboard\n1\n1\nlog\nquit\n"
    args = ["play", game_id, "-p", str(game.min_players), "--seed", "3", "--bots", "greedy"]
    result = runner.invoke(app, [*args, "--record", str(record)], input=keys)
    assert result.exit_code == 0, result.output
    assert "Your moves" in result.stdout
    assert "Not allowed" not in result.stdout
    saved = Record.load(record)
    assert saved.game == game_id
    assert len(saved.actions) >= 2
    assert runner.invoke(app, ["replay", str(record)]).exit_code == 0
