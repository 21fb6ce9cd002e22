"""The registry: ``terra.games()`` lists the games, ``terra.game(id)`` finds one."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import terra
from terra.core import Game, TerraError, UnknownGame, register


def test_games_lists_africana() -> None:
    ids = [game.id for game in terra.games()]
    assert "africana" in ids
    assert ids == sorted(ids)
    assert all(isinstance(game, Game) for game in terra.games())


def test_game_finds_africana_by_id() -> None:
    from terra.games.africana import GAME

    assert terra.game("africana") is GAME
    assert GAME.title == "Africana"
    assert (GAME.min_players, GAME.max_players) == (2, 4)


def test_an_unknown_game_lists_the_known_ones() -> None:
    with pytest.raises(UnknownGame) as caught:
        terra.game("nope")
    message = str(caught.value)
    assert message.startswith("no game 'nope'")
    assert "known games: " in message
    assert "africana" in message


def test_unknown_game_is_a_terra_error_and_a_key_error() -> None:
    with pytest.raises(TerraError):
        terra.game("nope")
    with pytest.raises(KeyError):
        terra.game("nope")


def test_games_stays_callable_after_importing_a_game_package() -> None:
    import terra.games.africana  # the import is what is tested

    assert callable(terra.games)
    assert "africana" in [game.id for game in terra.games()]


@pytest.mark.parametrize(
    "first_import",
    ["import terra.games.africana", "from terra.games import africana", "import terra.games"],
)
def test_games_stays_callable_whatever_is_imported_first(first_import: str) -> None:
    """In a fresh interpreter, where the import order is not set by other tests."""
    code = f"{first_import}\nimport terra\nprint([g.id for g in terra.games()])"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert "africana" in done.stdout


def test_registering_the_same_game_again_changes_nothing() -> None:
    game = terra.game("africana")
    assert register(game) is game
    assert terra.game("africana") is game


def test_two_games_cannot_claim_one_id() -> None:
    game = terra.game("africana")
    with pytest.raises(ValueError, match="two games claim the id 'africana'"):
        register(type(game)())
    assert terra.game("africana") is game


def test_game_info_is_json_ready() -> None:
    info = terra.game("africana").info()
    assert json.loads(json.dumps(info)) == info
    assert info["id"] == "africana"
    assert info["min_players"] == 2
    assert info["max_players"] == 4
    assert "data" in info["options"]
