"""A user's own data files, for every registered game: whatever is in them, a ``DataError``
that names the file (and the entry), never a traceback; and records that know their data.

Each test copies the game's shipped ``data/`` directory and breaks one thing in it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tomllib
from collections.abc import Iterator
from importlib.resources import files
from pathlib import Path

import pytest

import terra
from terra.core import DataError, Record, ReplayError
from terra.core.data import MAX_FILE_BYTES
from tests.walks import random_actions

GAMES = [game.id for game in terra.games()]
NAME = re.compile(r'^name = "(?P<name>[^"]+)"$', re.MULTILINE)
INTEGER = re.compile(r"^(?P<key>\w+) = (?P<value>\d+)$", re.MULTILINE)


def shipped(game_id: str) -> Path:
    return Path(str(files(f"terra.games.{game_id}") / "data"))


@pytest.fixture
def copy(game_id: str, tmp_path: Path) -> Path:
    """The game's shipped data, copied to a directory of the user's own."""
    target = tmp_path / "data"
    shutil.copytree(shipped(game_id), target)
    return target


def table_names(path: Path) -> list[str]:
    """The names of the first table of named entries in ``path`` (``[[location]]`` ...)."""
    for value in tomllib.loads(path.read_text("utf-8")).values():
        if isinstance(value, list) and len(value) > 1 and "name" in value[0]:
            return [entry["name"] for entry in value]
    return []


def data_files(directory: Path) -> list[Path]:
    return sorted(directory.glob("*.toml"))


def load(game_id: str, directory: Path) -> None:
    game = terra.game(game_id)
    game.new(game.min_players, 1, {"data": str(directory)})


def refused(game_id: str, directory: Path, *says: str) -> DataError:
    with pytest.raises(DataError) as caught:
        load(game_id, directory)
    for words in says:
        assert words in str(caught.value), caught.value
    assert len(str(caught.value)) < 1_000
    return caught.value


def test_every_game_ships_named_entries_to_test_with() -> None:
    for game_id in GAMES:
        assert any(NAME.search(path.read_text("utf-8")) for path in data_files(shipped(game_id)))
        assert any(INTEGER.search(path.read_text("utf-8")) for path in data_files(shipped(game_id)))


@pytest.mark.parametrize("game_id", GAMES)
class TestBrokenFiles:
    def test_two_entries_named_alike_are_refused_naming_both(
        self, game_id: str, copy: Path
    ) -> None:
        """Names are the notation: two that read the same make records ambiguous."""
        path, (first, second) = next(
            (p, names[:2]) for p in data_files(copy) if len(names := table_names(p)) > 1
        )
        text = path.read_text("utf-8")
        text = text.replace(f'name = "{second}"', f'name = "{first.upper()}"', 1)
        path.write_text(text, "utf-8")
        error = refused(game_id, copy, path.name, repr(first), repr(first.upper()))
        assert "read the same" in str(error)

    def test_a_file_that_is_not_utf8(self, game_id: str, copy: Path) -> None:
        path = data_files(copy)[0]
        path.write_bytes(path.read_bytes() + b"\n# caf\xe9\n")
        refused(game_id, copy, str(path), "not UTF-8")

    def test_deeply_nested_toml(self, game_id: str, copy: Path) -> None:
        path = data_files(copy)[0]
        path.write_text("x = " + "[" * 100_000 + "]" * 100_000 + "\n", "utf-8")
        refused(game_id, copy, str(path), "nested too deeply")

    def test_a_file_too_large_to_be_data(self, game_id: str, copy: Path) -> None:
        path = data_files(copy)[0]
        path.write_text("# " + "x" * MAX_FILE_BYTES + "\n", "utf-8")
        refused(game_id, copy, str(path), "larger than")

    def test_absurd_numbers_are_refused_not_built(self, game_id: str, copy: Path) -> None:
        """``cards_per_colour = 1000000000`` must not fill the memory: a DataError instead."""
        for path in data_files(copy):
            original = path.read_text("utf-8")
            for match in list(INTEGER.finditer(original))[:4]:
                line = f"{match['key']} = 1000000000"
                path.write_text(original.replace(match.group(0), line, 1), "utf-8")
                refused(game_id, copy, path.name, match["key"])
            path.write_text(original, "utf-8")

    def test_a_record_over_broken_data_blames_the_data(self, game_id: str, copy: Path) -> None:
        game = terra.game(game_id)
        state = game.new(game.min_players, 4, {"data": str(copy)})
        random_actions(state, 20, seed=4)
        record = state.record()
        (data_files(copy)[0]).write_text("[meta]\n", "utf-8")
        with pytest.raises(DataError, match=str(copy)):
            terra.replay(record)


@pytest.fixture
def cwd(tmp_path: Path) -> Iterator[Path]:
    before = Path.cwd()
    os.chdir(tmp_path)
    try:
        yield tmp_path
    finally:
        os.chdir(before)


@pytest.mark.parametrize("game_id", GAMES)
class TestRecordsKnowTheirData:
    def test_a_relative_data_directory_replays_from_anywhere(self, game_id: str, cwd: Path) -> None:
        shutil.copytree(shipped(game_id), cwd / "mine")
        game = terra.game(game_id)
        state = game.new(game.min_players, 6, {"data": "mine"})
        random_actions(state, 30, seed=6)
        record = state.record()
        assert record.options["data"] == str(cwd / "mine")
        assert record.data_digest == game.load_data("mine").digest
        os.chdir(cwd.parent)
        again = terra.replay(Record.from_json(record.to_json()))
        assert again == state

    def test_other_data_at_replay_is_said_plainly(self, game_id: str, copy: Path) -> None:
        game = terra.game(game_id)
        state = game.new(game.min_players, 7, {"data": str(copy)})
        random_actions(state, 30, seed=7)
        record = state.record()
        path = data_files(copy)[0]
        path.write_text(path.read_text("utf-8") + "\n# edited\n", "utf-8")
        with pytest.raises(ReplayError, match="played with other data"):
            terra.replay(record)

    def test_a_record_of_the_shipped_data_carries_its_digest(self, game_id: str) -> None:
        game = terra.game(game_id)
        record = game.new(game.min_players, 8).record()
        assert record.data_digest == game.load_data().digest
        assert json.loads(record.to_json())["data_digest"] == record.data_digest
        assert "data" not in record.options
