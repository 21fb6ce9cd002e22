"""``terra games``: the table and the JSON contract."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from terra.cli.main import app
from terra.core.registry import games

runner = CliRunner()


def test_json_lists_every_game_with_its_facts() -> None:
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0, result.output
    listed = json.loads(result.stdout)
    assert isinstance(listed, list)
    assert [entry["id"] for entry in listed] == [game.id for game in games()]
    for entry in listed:
        assert isinstance(entry["id"], str)
        assert isinstance(entry["title"], str)
        assert isinstance(entry["min_players"], int)
        assert isinstance(entry["max_players"], int)
        assert entry["min_players"] <= entry["max_players"]
        assert isinstance(entry["provisional_data"], bool)
        assert entry["length_cap"] == next(g for g in games() if g.id == entry["id"]).length_cap


def test_africana_is_listed_for_two_to_four_players() -> None:
    listed = json.loads(runner.invoke(app, ["games", "--json"]).stdout)
    africana = next(entry for entry in listed if entry["id"] == "africana")
    assert (africana["min_players"], africana["max_players"]) == (2, 4)


def test_table_names_the_games() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0, result.output
    assert "africana" in result.stdout
    assert "2-4" in result.stdout


def test_table_lists_each_games_variant_options() -> None:
    result = runner.invoke(app, ["games"], env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    for game in games():
        assert game.id in result.stdout
        for option in game.options:
            if option.name != "data":
                assert option.name in result.stdout
    assert "-o OPTION=true" in result.stdout


def test_table_fits_eighty_columns_without_cutting_a_name() -> None:
    result = runner.invoke(app, ["games"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert "\u2026" not in result.stdout  # rich's ellipsis: a cell cut short
    assert max(len(line) for line in result.stdout.splitlines()) <= 80
    for game in games():
        assert game.id in result.stdout
        assert game.title in result.stdout
