"""A rematch of a finished match (docs/web.md, "Rematch"): made once every person has asked
(bots agree), of the same game, players, options and seats with a fresh seed; each seat is
given its own invitation, never another's token; asking again leads to the same match."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from sqlalchemy import text
from starlette.testclient import WebSocketTestSession

from terra.store import MatchStore
from terra.store.matches import hash_token
from tests.server.tables import connect, create, receive, serving, token


def told(socket: WebSocketTestSession, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` (updates and others before it skipped)."""
    while True:
        message = receive(socket)
        if message["type"] == kind:
            return message


def finish(store: MatchStore, match_id: str) -> None:
    """Play the match to its end through the store: random moves for whoever is to move."""
    rng = random.Random(1)
    state, moves = store.state(match_id)
    while not state.is_over:
        move = rng.choice(state.legal_action_strs())
        result = store.append_move(match_id, moves, move, None)
        state, moves = result.state, result.moves


def until_update(socket: WebSocketTestSession) -> list[str]:
    """Ask the page's position again; the types of the messages it gets before it."""
    socket.send_json({"type": "resume", "since": 0})
    kinds = []
    while (kind := receive(socket)["type"]) != "update":
        kinds.append(kind)
    return kinds


def invited(message: dict[str, Any]) -> tuple[str, int, str]:
    """The match, seat and token of a rematch invitation."""
    assert message["type"] == "rematch_invite"
    link, _, fragment = message["invite"].partition("#")
    assert link == f"http://testserver/match/{message['match']}"
    seat, key = (part.partition("=")[2] for part in fragment.split("&"))
    return message["match"], int(seat), key


def test_two_people_ask_and_each_is_given_their_own_seat(tmp_path: Path) -> None:
    with serving(tmp_path) as (client, store):
        created = create(client, "expedition", [None, None], options={})
        match_id = created["id"]
        finish(store, match_id)
        old = store.info(match_id)
        with (
            connect(client, match_id, token(created, 0), "de") as ann,
            connect(client, match_id, token(created, 1)) as bo,
            connect(client, match_id) as eye,
        ):
            for page in (ann, bo, eye):
                assert receive(page)["over"] is True
            eye.send_json({"type": "rematch"})
            assert told(eye, "error")["message"].startswith("spectators cannot ask for a rematch")
            ann.send_json({"type": "rematch"})
            for page in (ann, bo, eye):
                assert told(page, "rematch") == {"type": "rematch", "asked": [0], "match": None}
            ann.send_json({"type": "rematch"})  # asking twice changes nothing
            assert until_update(ann) == []
            bo.send_json({"type": "rematch"})
            made = told(eye, "rematch")
            assert made["asked"] == [0, 1] and made["match"] is not None
            first = invited(told(bo, "rematch_invite"))
            assert told(ann, "rematch")["match"] == made["match"]
            # Bo's invitation went to Bo's page alone
            assert "rematch_invite" not in until_update(ann) + until_update(eye)
            ann.send_json({"type": "rematch"})  # the page that asked first now goes there
            second = invited(told(ann, "rematch_invite"))
        new = store.info(made["match"])
        assert (new.game, new.players, dict(new.options)) == (old.game, 2, dict(old.options))
        assert [(s.name, s.bot) for s in new.seats] == [(s.name, s.bot) for s in old.seats]
        assert new.seed != old.seed and not new.seed_shown and new.moves == 0
        # each page got its own seat's token, which opens that seat and no other
        assert (first[1], second[1]) == (1, 0) and first[2] != second[2]
        for _, seat, key in (first, second):
            assert store.seat_of(new.id, key) == seat
            assert key not in (token(created, 0), token(created, 1))
            assert hash_token(key) not in str(store.info(match_id))
        with connect(client, new.id, second[2]) as again:
            assert receive(again)["seat"] == 0


def test_a_person_alone_with_a_bot_makes_the_rematch_at_once(tmp_path: Path) -> None:
    with serving(tmp_path) as (client, store):
        created = create(client, "africa", ["random", None], seed=7)
        match_id = created["id"]
        finish(store, match_id)
        with connect(client, match_id, token(created, 1)) as me:
            receive(me)
            me.send_json({"type": "rematch"})
            made = told(me, "rematch")
            assert made["asked"] == [1]
            match, seat, key = invited(told(me, "rematch_invite"))
            assert (match, seat) == (made["match"], 1)
        new = store.info(match)
        assert [s.bot for s in new.seats] == ["random", None]
        assert new.seed != 7 and not new.seed_shown  # the chosen seed is not kept
        with connect(client, match, key) as page:  # the bot, first to move, has moved
            while (update := receive(page))["type"] != "update" or update["moves"] == 0:
                pass
            assert update["seat"] == 1


def test_a_rematch_is_made_once_and_asked_again_leads_to_it(tmp_path: Path) -> None:
    with serving(tmp_path) as (client, store):
        created = create(client, "africa", [None, "random"], seed=3)
        match_id = created["id"]
        finish(store, match_id)
        links = []
        for _ in range(3):  # three pages of the seat, one after the other (reloads)
            with connect(client, match_id, token(created, 0)) as me:
                receive(me)
                me.send_json({"type": "rematch"})
                links.append(told(me, "rematch_invite")["invite"])
        assert links[0] == links[1] == links[2]
        made = links[0].partition("/match/")[2].partition("#")[0]
        with connect(client, match_id) as eye:  # a page that opens is told of it
            receive(eye)
            assert told(eye, "rematch") == {"type": "rematch", "asked": [0], "match": made}
        with store.engine.connect() as connection:
            count = connection.execute(text("SELECT count(*) FROM matches")).scalar()
        assert count == 2


def test_a_match_still_played_has_no_rematch(tmp_path: Path) -> None:
    with serving(tmp_path) as (client, store):
        created = create(client, "africa", [None, None])
        with connect(client, created["id"], token(created, 0), "nl") as me:
            receive(me)
            me.send_json({"type": "rematch"})
            assert told(me, "error")["message"] == (
                "een revanche is er na een afgelopen spel: speel dit eerst uit"
            )
            me.send_json({"type": "chat", "text": "ok"})
            assert told(me, "chat")["text"] == "ok"  # still connected
            assert "rematch" not in until_update(me)  # nobody has asked
        with store.engine.connect() as connection:
            rows = connection.execute(text("SELECT rematch_hash FROM seats")).scalars()
            assert list(rows) == [None, None]
