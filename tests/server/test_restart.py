"""After a restart the server plays the bots whose turn it is, before any page connects."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import httpx
import pytest

import terra
from terra.store import MatchStore, open_engine
from terra.store.matches import SeatInfo
from tests.server.tables import create, serving
from tests.server.test_sigkill import WAIT, server


def _wait_for_moves(store: MatchStore, match_id: str, at_least: int) -> int:
    deadline = time.monotonic() + WAIT
    while (moves := store.info(match_id).moves) < at_least:
        assert time.monotonic() < deadline, f"the bots made {moves} moves, not {at_least}"
        time.sleep(0.05)
    return moves


def test_a_bot_to_move_plays_when_the_server_starts(tmp_path: Path) -> None:
    """The match is in the database before the server starts, as after a restart."""
    store = MatchStore(open_engine(f"sqlite:///{tmp_path / 'matches.sqlite3'}"))
    state = terra.game("expedition").new(2, seed=3)
    seats = [SeatInfo(0, "Ann", "random"), SeatInfo(1, "Ben", None)]
    bot_first, _ = store.create_match(state, seats)
    swapped = [SeatInfo(0, "Ben", None), SeatInfo(1, "Ann", "random")]
    person_first, _ = store.create_match(state.clone(), swapped)
    assert set(store.with_bots_playing()) == {bot_first, person_first}
    with serving(tmp_path) as (_, served):
        _wait_for_moves(served, bot_first, 1)
        time.sleep(0.3)  # time enough for a wrong move by the other match's bot
        assert served.info(person_first).moves == 0  # a person is to move there
    after = store.state(bot_first)[0]
    assert after.current_player == 1  # the bot played its turn and stopped at the person's


def test_the_bots_go_on_after_a_sigkill(tmp_path: Path) -> None:
    """``terra serve`` killed in a bots-only match; started again, no page connects, and the
    bots play on to the end."""
    database = tmp_path / "matches.sqlite3"
    store = MatchStore(open_engine(f"sqlite:///{database}"))
    body = {
        "game": "expedition",
        "players": 2,
        "seed": 5,
        "seats": [{"bot": "random"}, {"bot": "random"}],
    }
    with server(database) as (process, base):
        match_id = httpx.post(f"{base}/api/matches", json=body, timeout=WAIT).json()["id"]
        before = _wait_for_moves(store, match_id, 3)
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
    assert store.info(match_id).status == "active", "the game ended before the kill"
    with server(database):
        after = _wait_for_moves(store, match_id, store.info(match_id).moves + 5)
    assert after > before


def test_a_match_of_people_only_is_left_alone(tmp_path: Path) -> None:
    store = MatchStore(open_engine(f"sqlite:///{tmp_path / 'matches.sqlite3'}"))
    seats = [SeatInfo(0, "Ann", None), SeatInfo(1, "Ben", None)]
    match_id, _ = store.create_match(terra.game("africana").new(2, seed=1), seats)
    assert store.with_bots_playing() == []
    with serving(tmp_path) as (client, _):
        assert client.get(f"/api/matches/{match_id}").json()["moves"] == 0


def test_bots_alone_at_a_table_stop_at_the_games_length_cap(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Bots that all stall would otherwise have the server commit their moves for ever.
    monkeypatch.setattr(type(terra.game("expedition")), "length_cap", 25)
    with serving(tmp_path) as (client, store):
        created = create(client, "expedition", ["random", "random"], seed=4)
        assert _wait_for_moves(store, created["id"], 25) == 25
        time.sleep(0.5)  # time enough for a move past the cap
        info = store.info(created["id"])
        assert info.moves == 25
        assert not store.state(created["id"])[0].is_over
