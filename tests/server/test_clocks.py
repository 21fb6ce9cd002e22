"""Clocks on the server (docs/web.md, "Clocks"): the pages are told the time left, a person
whose time runs out or who leaves is played for by the table's bot, the chat says so, the
person takes the seat back, and a restart keeps the clock where it was."""

from __future__ import annotations

import dataclasses
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import update
from starlette.testclient import WebSocketTestSession

from terra.store import MatchStore
from terra.store.chat import ChatStore
from terra.store.models import Match, now
from tests.server.tables import FAST, connect, create, receive, serving, token

TICKING = dataclasses.replace(FAST, clock_tick=0.05)
CLOCK = {"kind": "move", "seconds": 60}


def _next(socket: WebSocketTestSession, kind: str, **wanted: Any) -> dict[str, Any]:
    """The next message of ``kind`` whose fields hold ``wanted``."""
    while True:
        message: dict[str, Any] = receive(socket)
        if message["type"] == kind and all(message.get(k) == v for k, v in wanted.items()):
            return message


def _run_out(store: MatchStore, match_id: str) -> None:
    """The deadline of the person to move passes (as if they had waited a minute)."""
    with store.engine.begin() as connection:
        connection.execute(
            update(Match).where(Match.id == match_id).values(deadline=now() - timedelta(seconds=1))
        )


def _table(client: Any, **extra: Any) -> dict[str, Any]:
    return create(client, "africana", [None, None], clock=CLOCK, stand_in="random", **extra)


def test_the_pages_are_told_whose_time_runs_and_how_much_is_left(tmp_path: Path) -> None:
    with serving(tmp_path, TICKING) as (client, _store):
        created = _table(client)
        with connect(client, created["id"]) as page:
            update = _next(page, "update")
            clock = _next(page, "clock")
        assert clock["kind"] == "move" and clock["seconds"] == 60
        assert clock["seat"] == update["to_move"]
        assert 55 <= clock["left"] <= 60
        summary = client.get(f"/api/matches/{created['id']}").json()
        assert summary["clock"] == {"kind": "move", "seconds": 60, "increment": 0}
        assert summary["stand_in"] == "random"


def test_a_person_out_of_time_is_played_for_by_the_bot_until_they_take_the_seat_back(
    tmp_path: Path,
) -> None:
    with serving(tmp_path, TICKING) as (client, store):
        created = _table(client)
        match_id = created["id"]
        late = store.state(match_id)[0].current_player
        assert late is not None
        with (
            connect(client, match_id, token(created, late)) as mine,
            connect(client, match_id, token(created, 1 - late)) as theirs,
        ):
            _next(mine, "clock")
            _next(theirs, "clock")
            _run_out(store, match_id)
            seats = _next(theirs, "table")["seats"]  # the seats first, then the chat's notice
            assert seats[late]["stand_in"] == "random" and seats[1 - late]["stand_in"] is None
            notice = _next(theirs, "chat")
            assert notice["notice"] == "time" and notice["seat"] == late
            # The bot plays the late seat's turn; the other person's time then runs.
            clock = _next(theirs, "clock", seat=1 - late)
            assert clock["left"] > 50
            assert store.info(match_id).moves > 0
            assert store.info(match_id).seats[late].plays == "random"
            mine.send_json({"type": "rejoin"})
            back = _next(theirs, "chat", notice="back")
            assert back["seat"] == late
            while _next(mine, "table")["seats"][late]["stand_in"] is not None:
                pass  # the seats as they were when the bot took over, still to be read
        assert store.info(match_id).seats[late].plays is None


def test_a_person_who_leaves_is_played_for_and_may_come_back(tmp_path: Path) -> None:
    with serving(tmp_path, TICKING) as (client, store):
        created = _table(client)
        match_id = created["id"]
        seat = store.state(match_id)[0].current_player
        assert seat is not None
        with connect(client, match_id, token(created, seat)) as page:
            _next(page, "update")
            page.send_json({"type": "leave"})
            assert _next(page, "chat")["notice"] == "left"
            _next(page, "update", to_move=1 - seat)  # the bot made the seat's decisions
            page.send_json({"type": "leave"})
            refused = _next(page, "error")
            assert "a bot plays your seat already" in refused["message"]
            page.send_json({"type": "rejoin"})
            assert _next(page, "chat")["notice"] == "back"
            page.send_json({"type": "rejoin"})
            assert "your seat is yours already" in _next(page, "error")["message"]
        notices = [line.notice for line in ChatStore(store.engine).recent(match_id, 10)]
        assert notices == ["left", "back"]


def test_a_spectator_or_a_bot_seat_holds_nothing_to_leave(tmp_path: Path) -> None:
    with serving(tmp_path, TICKING) as (client, store):
        created = create(client, "africana", [None, "random"], clock=CLOCK)
        match_id = created["id"]
        with connect(client, match_id) as watching:
            _next(watching, "update")
            watching.send_json({"type": "leave"})
            assert "spectators hold no seat" in _next(watching, "error")["message"]
        assert all(seat.stand_in is None for seat in store.info(match_id).seats)


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        ({"clock": {"kind": "move", "seconds": 1}}, "a move clock's 'seconds'"),
        ({"clock": "blitz"}, "a clock is an object"),
        ({"stand_in": "oracle"}, "'stand_in'"),
        ({"stand_in": 7}, "'stand_in' names the bot"),
    ],
)
def test_a_clock_the_server_does_not_keep_is_refused(
    tmp_path: Path, extra: dict[str, Any], words: str
) -> None:
    with serving(tmp_path, TICKING) as (client, store):
        body = {"game": "africana", "players": 2, "seats": [{}, {}], **extra}
        response = client.post("/api/matches", json=body)
        assert response.status_code == 400
        assert words in response.json()["error"]
        with store.engine.connect() as connection:
            assert connection.execute(Match.__table__.select()).all() == []


def test_a_restart_keeps_the_clock_where_it_was(tmp_path: Path) -> None:
    with serving(tmp_path, TICKING) as (client, store):
        created = _table(client)
        match_id = created["id"]
        with store.engine.begin() as connection:  # half the time has gone
            connection.execute(
                update(Match)
                .where(Match.id == match_id)
                .values(deadline=now() + timedelta(seconds=30))
            )
    with serving(tmp_path, TICKING) as (client, _store):
        with connect(client, match_id) as page:
            clock = _next(page, "clock")
        assert 25 <= clock["left"] <= 30


def test_my_games_say_how_long_the_person_to_move_has(tmp_path: Path) -> None:
    from tests.server.test_open_tables import Browser, open_table

    with serving(tmp_path, TICKING) as (client, _store):
        ann, bo = (Browser(client).named(name) for name in ("Ann", "Bo"))
        clocked = open_table(ann, [None, None], clock={"kind": "move", "seconds": 86_400})
        unclocked = open_table(ann, [None, "random"])
        assert bo.post(f"/api/matches/{clocked}/join").json()["started"] is True
        games = {g["id"]: g for g in ann.get("/api/players/me").json()["games"]}
        assert 86_390 <= games[clocked]["time_left"] <= 86_400
        assert games[clocked]["clock"]["seconds"] == 86_400
        assert games[unclocked]["time_left"] is None
