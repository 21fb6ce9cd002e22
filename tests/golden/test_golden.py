"""The golden records: seeded bot games that pin every game's behaviour.

A record is the seed and the actions; replaying it must give the same result, and the files
must equal what ``make_golden.py`` plays today. A change of behaviour (rules, data, the RNG, the
notation, a greedy bot) shows up here; when it is meant, regenerate the files with
``python tests/golden/make_golden.py [game]`` and commit them with the change.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import terra
from terra.core import Record
from tests.golden import make_golden

FILES = [path for game in make_golden.GAMES for path in make_golden.golden_files(game)]


@pytest.mark.parametrize("game", list(make_golden.GAMES))
def test_every_game_has_its_golden_files(game: str) -> None:
    files = make_golden.golden_files(game)
    assert len(files) == len(make_golden.GAMES[game])
    expected = {entry[0] for entry in make_golden.GAMES[game]}
    assert {Record.load(path).players for path in files} == expected


def test_every_registered_game_has_golden_games() -> None:
    assert {game.id for game in terra.games()} <= set(make_golden.GAMES)


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.stem)
def test_a_golden_record_replays_to_its_result(path: Path) -> None:
    record = Record.load(path)
    assert record.result is not None
    state = terra.replay(record)
    assert state.is_over
    assert state.scores() == list(record.result["scores"])
    assert state.winners() == list(record.result["winners"])
    assert state.record(dict(record.meta)) == record


@pytest.mark.parametrize("game", list(make_golden.GAMES))
def test_the_golden_files_are_what_the_generator_makes(game: str) -> None:
    """A change of behaviour changes these games: if it was meant, regenerate the files with
    ``python tests/golden/make_golden.py`` and commit them with the change."""
    records = make_golden.golden_records(game)
    assert sorted(records) == [path.name for path in make_golden.golden_files(game)]
    for name, record in records.items():
        text = (make_golden.GOLDEN_DIR / name).read_text(encoding="utf-8")
        assert text == make_golden.golden_text(record), f"{name} is out of date"
