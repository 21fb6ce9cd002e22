"""Undo over the WebSocket (docs/web.md, "Undo"): a person playing bots takes back a move and
the bots' answers, every page is sent the position again; where other people play, they are
asked and must all agree; refusals change nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from terra.server.bots import BotPool
from tests.server.tables import Shadow, connect, create, receive, serving, token


def _my_turn(socket: Any) -> dict[str, Any]:
    """The next update that offers this page moves."""
    while True:
        update: dict[str, Any] = receive(socket)
        if update["type"] == "update" and "legal" in update:
            return update


def _error(socket: Any) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = receive(socket)
        if message["type"] == "error":
            return message


def test_a_person_takes_back_a_move_and_the_bots_answer(tmp_path: Path, pool: BotPool) -> None:
    with serving(tmp_path, bots=pool) as (client, store):
        created = create(client, "africa", [None, "greedy"], seed=4)
        match_id = created["id"]
        with connect(client, match_id, token(created, 0)) as me, connect(client, match_id) as eye:
            first = _my_turn(me)
            receive(eye)
            start = first["legal"][0]["text"]
            me.send_json({"type": "move", "action": start, "moves": 0})
            again = _my_turn(me)  # the bot chose its city: seat 0 is to move
            assert again["moves"] == 2 and store.state(match_id)[1] == 2
            me.send_json({"type": "undo", "moves": 2})
            back = _my_turn(me)
            assert back["moves"] == 0 and back["since"] == 0
            Shadow(store, match_id).check(back, 0)
            assert store.actions(match_id) == []
            while (seen := receive(eye))["moves"] != 0:
                pass
            assert seen["since"] == 0  # the spectator's page gets the whole log again
            # the game goes on from there
            me.send_json({"type": "move", "action": first["legal"][1]["text"], "moves": 0})
            assert _my_turn(me)["moves"] == 2


def test_an_undo_is_refused_where_it_may_not_be(tmp_path: Path, pool: BotPool) -> None:
    with serving(tmp_path, bots=pool) as (client, store):
        people = create(client, "africa", [None, None], seed=4)
        with connect(client, people["id"], token(people, 0)) as me:
            _my_turn(me)
            me.send_json({"type": "undo", "moves": 0})
            assert "no move yet" in _error(me)["message"]
        alone = create(client, "africa", [None, "greedy"], seed=4)
        seat = token(alone, 0)
        with connect(client, alone["id"]) as eye, connect(client, alone["id"], seat) as me:
            receive(eye)
            eye.send_json({"type": "undo", "moves": 0})
            assert "spectators cannot undo" in _error(eye)["message"]
            _my_turn(me)
            me.send_json({"type": "undo", "moves": 0})
            assert "no move yet" in _error(me)["message"]
            me.send_json({"type": "undo", "moves": 7})
            assert _error(me)["stale"] is True
        assert store.state(alone["id"])[1] == 0


def _told(socket: Any, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` (updates and other messages before it skipped)."""
    while True:
        message: dict[str, Any] = receive(socket)
        if message["type"] == kind:
            return message


def test_the_other_person_agrees_and_the_move_is_taken_back(tmp_path: Path) -> None:
    with serving(tmp_path) as (client, store):
        created = create(client, "africa", [None, None], seed=4)
        match_id = created["id"]
        with (
            connect(client, match_id, token(created, 0)) as alice,
            connect(client, match_id, token(created, 1)) as bob,
            connect(client, match_id) as eye,
        ):
            first = _my_turn(alice)
            alice.send_json({"type": "move", "action": first["legal"][0]["text"], "moves": 0})
            assert _my_turn(bob)["moves"] == 1  # Bob is to choose his city
            alice.send_json({"type": "undo", "moves": 1})  # not her turn: Bob is asked
            for page in (alice, bob, eye):
                asked = _told(page, "undo_asked")
                assert (asked["seat"], asked["moves"]) == (0, 1)
            assert store.state(match_id)[1] == 1  # nothing is taken back before Bob agrees
            eye.send_json({"type": "undo_answer", "moves": 1, "agree": True})
            assert "spectators cannot answer" in _error(eye)["message"]
            alice.send_json({"type": "undo_answer", "moves": 1, "agree": True})
            assert "not yours to answer" in _error(alice)["message"]
            bob.send_json({"type": "undo_answer", "moves": 1, "agree": True})
            back = _my_turn(alice)
            assert back["moves"] == 0 and back["since"] == 0
            Shadow(store, match_id).check(back, 0)
            assert store.actions(match_id) == []


def test_a_refusal_or_a_move_ends_the_undo_asked_for(tmp_path: Path) -> None:
    with serving(tmp_path) as (client, store):
        created = create(client, "africa", [None, None], seed=4)
        match_id = created["id"]
        with (
            connect(client, match_id, token(created, 0)) as alice,
            connect(client, match_id, token(created, 1)) as bob,
        ):
            first = _my_turn(alice)
            alice.send_json({"type": "move", "action": first["legal"][0]["text"], "moves": 0})
            city = _my_turn(bob)
            alice.send_json({"type": "undo", "moves": 1})
            _told(bob, "undo_asked")
            alice.send_json({"type": "undo", "moves": 1})
            assert "waiting for an answer already" in _error(alice)["message"]
            bob.send_json({"type": "undo_answer", "moves": 1, "agree": False})
            refused = _told(alice, "undo_refused")
            assert (refused["seat"], refused["by"]) == (0, 1)
            assert store.state(match_id)[1] == 1
            # asked again, then Bob moves on: the undo asked for is void
            alice.send_json({"type": "undo", "moves": 1})
            _told(bob, "undo_asked")
            bob.send_json({"type": "move", "action": city["legal"][0]["text"], "moves": 1})
            assert _told(alice, "undo_void")["moves"] == 1
            bob.send_json({"type": "undo_answer", "moves": 1, "agree": True})
            assert "no undo is waiting" in _error(bob)["message"]
            assert store.state(match_id)[1] == 2


def test_a_page_that_opens_is_shown_the_undo_asked_for(tmp_path: Path) -> None:
    with serving(tmp_path) as (client, _):
        created = create(client, "africa", [None, None], seed=4)
        match_id = created["id"]
        with connect(client, match_id, token(created, 0)) as alice:
            first = _my_turn(alice)
            alice.send_json({"type": "move", "action": first["legal"][0]["text"], "moves": 0})
            receive(alice)
            alice.send_json({"type": "undo", "moves": 1})
            _told(alice, "undo_asked")
            with connect(client, match_id, token(created, 1)) as bob:
                assert receive(bob)["type"] == "update"
                assert _told(bob, "undo_asked")["seat"] == 0
