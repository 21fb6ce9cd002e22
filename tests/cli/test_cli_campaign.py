"""``terra play nile -o game=2 --continue RECORD``: the next game of a Game II campaign
(Source of the Nile, 2.3 and 30.0, decisions N220 and N227), and ``terra replay`` of its
record, which verifies every game of the campaign."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import terra
from terra.cli.main import app
from terra.core import Record
from terra.sim import play_game

runner = CliRunner()
GAME_II = {"game": 2, "turns": 20}


@pytest.fixture(scope="module")
def last_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished Game II of greedy bots, as a record file."""
    result = play_game("nile", 2, ["greedy", "greedy"], seed=5, options=GAME_II)
    assert result.record is not None and result.record.result is not None
    path = tmp_path_factory.mktemp("campaign") / "game1.json"
    result.record.save(path)
    return path


def play(*args: str, keys: str = "quit\n") -> Any:
    return runner.invoke(app, ["play", "nile", "--bots", "random", *args], input=keys)


def one_line_error(result: Any) -> str:
    """The error ``terra play`` gave: one line on stderr, exit code 2, no traceback."""
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("terra play: error: --continue: ")
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    return str(result.stderr)


class TestContinue:
    def test_the_next_game_starts_on_the_published_map(
        self, tmp_path: Path, last_game: Path
    ) -> None:
        """Decision N221: the new game's map is the last game's published map; its record
        holds the last game's record, and replay verifies both games (N227)."""
        out = tmp_path / "game2.json"
        result = play(
            "-p", "3", "--seed", "9", "-o", "game=2", "--continue", str(last_game),
            "--record", str(out),
        )  # fmt: skip
        assert result.exit_code == 0, result.output
        record = Record.load(out)
        assert record.continues == Record.load(last_game)
        assert record.players == 3 and record.seed == 9
        before = terra.replay(Record.load(last_game)).view(None)["published"]
        assert terra.replay(record).view(None)["published"] == before
        replayed = runner.invoke(app, ["replay", str(out)])
        assert replayed.exit_code == 0
        assert "a campaign of 2 games, all 2 verified" in replayed.output

    def test_a_missing_file_is_one_line(self, tmp_path: Path) -> None:
        err = one_line_error(play("-o", "game=2", "--continue", str(tmp_path / "none.json")))
        assert "cannot read" in err

    def test_a_game_one_record_is_refused_citing_the_rule(self, tmp_path: Path) -> None:
        """Decision N220: only Game II is played as a campaign (2.3, 30.0)."""
        result = play_game("nile", 2, ["random", "random"], seed=3, max_actions=30)
        assert result.record is not None
        path = tmp_path / "game-one.json"
        result.record.save(path)
        err = one_line_error(play("-o", "game=2", "--continue", str(path)))
        assert "Game I" in err and "2.3 and 30.0" in err

    def test_the_next_game_must_be_game_two(self, last_game: Path) -> None:
        err = one_line_error(play("--continue", str(last_game)))
        assert "Game II" in err and "2.3 and 30.0" in err

    def test_a_record_of_another_game_is_refused(self, tmp_path: Path) -> None:
        result = play_game("africana", 2, ["random", "random"], seed=3)
        assert result.record is not None
        path = tmp_path / "africana.json"
        result.record.save(path)
        err = one_line_error(play("-o", "game=2", "--continue", str(path)))
        assert "a record of 'africana', not of nile" in err

    @pytest.mark.parametrize(
        ("change", "message"),
        [
            (lambda d: d["actions"].__setitem__(3, "publish"), "action 4"),
            (lambda d: d.__setitem__("continues", "a game"), "field 'continues'"),
            (lambda d: d.__setitem__("seed", "seven"), "'seed'"),
        ],
    )
    def test_a_corrupt_record_is_refused(
        self, tmp_path: Path, last_game: Path, change: Any, message: str
    ) -> None:
        data = json.loads(last_game.read_text("utf-8"))
        change(data)
        path = tmp_path / "corrupt.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        err = one_line_error(play("-o", "game=2", "--continue", str(path)))
        assert message in err
