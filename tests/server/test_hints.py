"""The Hint button: a seat asks the search for its best moves over the WebSocket
(docs/web.md, "Hints"); spectators, other seats and old positions are refused."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from terra.server.bots import BotPool, hint_moves
from tests.server.tables import connect, create, receive, serving, token


def _answer(socket: Any) -> dict[str, Any]:
    """The next message that is not an update."""
    while True:
        message: dict[str, Any] = socket.receive_json()
        if message["type"] != "update":
            return message


def test_a_seat_gets_the_searchs_best_moves_on_its_turn(tmp_path: Path, pool: BotPool) -> None:
    with serving(tmp_path, bots=pool) as (client, store):
        created = create(client, "africana", [None, None], seed=11)
        match_id = created["id"]
        mover = store.state(match_id)[0].current_player
        assert mover is not None
        with connect(client, match_id, token(created, mover)) as me:
            update = receive(me)
            me.send_json({"type": "hint", "moves": update["moves"]})
            answer = _answer(me)
        record = store.record(match_id)
    assert answer["type"] == "hints" and answer["moves"] == update["moves"]
    legal = {move["text"] for move in update["legal"]}
    hints = answer["hints"]
    assert 1 <= len(hints) <= 3
    assert all(hint["text"] in legal for hint in hints)
    assert hints == hint_moves("elsewhere", record)  # the same search as anywhere else
    shares = [hint["share"] for hint in hints]
    assert shares == sorted(shares, reverse=True)


def test_hints_are_refused_to_spectators_other_seats_and_old_positions(
    tmp_path: Path, pool: BotPool
) -> None:
    with serving(tmp_path, bots=pool) as (client, store):
        created = create(client, "africana", [None, None], seed=11)
        match_id = created["id"]
        mover = store.state(match_id)[0].current_player
        assert mover is not None
        with (
            connect(client, match_id) as eye,
            connect(client, match_id, token(created, 1 - mover)) as other,
            connect(client, match_id, token(created, mover)) as me,
        ):
            for page in (eye, other, me):
                receive(page)
            eye.send_json({"type": "hint", "moves": 0})
            assert "spectators get no hints" in _answer(eye)["message"]
            other.send_json({"type": "hint", "moves": 0})
            assert _answer(other)["message"] == "hints are for your own turn"
            me.send_json({"type": "hint", "moves": 5})
            stale = _answer(me)
            assert stale["stale"] is True and "at move 0, not 5" in stale["message"]
            me.send_json({"type": "hint"})
            assert "a hint needs 'moves'" in _answer(me)["message"]
        assert store.state(match_id)[1] == 0  # nothing was played
