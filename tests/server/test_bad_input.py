"""Every mistake a page or a request can make gets a clear error and changes nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from terra.server.tables import Settings
from terra.store import MatchStore
from tests.server.tables import FAST, connect, create, receive, serving, token


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[TestClient, MatchStore]]:
    with serving(tmp_path) as served:
        yield served


def refused(client: TestClient, body: Any, status: int = 400) -> str:
    """The error of creating a match from ``body``, which must be refused."""
    before = client.app.state.tables.store  # type: ignore[attr-defined]
    count = _matches(before)
    content = body if isinstance(body, bytes) else json.dumps(body).encode()
    response = client.post(
        "/api/matches", content=content, headers={"content-type": "application/json"}
    )
    assert response.status_code == status, response.text
    assert _matches(before) == count
    error: str = response.json()["error"]
    return error


def _matches(store: MatchStore) -> int:
    from sqlalchemy import func, select

    from terra.store.models import Match

    with store.engine.connect() as connection:
        return int(connection.execute(select(func.count()).select_from(Match)).scalar_one())


class TestCreatingAMatch:
    def test_malformed_json(self, server: tuple[TestClient, MatchStore]) -> None:
        assert "not JSON" in refused(server[0], b'{"game": ')

    def test_not_an_object(self, server: tuple[TestClient, MatchStore]) -> None:
        assert "JSON object" in refused(server[0], ["africa", 2])

    def test_unknown_game(self, server: tuple[TestClient, MatchStore]) -> None:
        error = refused(server[0], {"game": "monopoly", "players": 2})
        assert error == "no game 'monopoly' (known games: africa, africana, expedition, nile)"

    def test_bad_player_counts(self, server: tuple[TestClient, MatchStore]) -> None:
        for players in (1, 7, "2", True, None):
            assert "is for 2-4 players" in refused(
                server[0], {"game": "africana", "players": players}
            )

    def test_bad_options(self, server: tuple[TestClient, MatchStore]) -> None:
        client = server[0]
        assert "has no option 'speed'" in refused(
            client, {"game": "africa", "players": 2, "options": {"speed": 3}}
        )
        assert "must be true or false" in refused(
            client, {"game": "africa", "players": 2, "options": {"simple": "perhaps"}}
        )
        assert "'options' is an object" in refused(
            client, {"game": "africa", "players": 2, "options": [1]}
        )

    def test_the_server_reads_no_data_folder_a_visitor_names(
        self, server: tuple[TestClient, MatchStore]
    ) -> None:
        error = refused(server[0], {"game": "africa", "players": 2, "options": {"data": "/etc"}})
        assert "plays with the data shipped with each game" in error

    def test_bad_seats(self, server: tuple[TestClient, MatchStore]) -> None:
        client = server[0]
        base = {"game": "africa", "players": 2}
        assert "one entry per player (2)" in refused(client, {**base, "seats": [{}]})
        assert "no bot called 'genius'" in refused(
            client, {**base, "seats": [{}, {"bot": "genius"}]}
        )
        assert "bot level 'abc' of ismcts" in refused(
            client, {**base, "seats": [{}, {"bot": "ismcts:abc"}]}
        )
        assert "a bot is named by text" in refused(client, {**base, "seats": [{}, {"bot": 3}]})
        assert "1 to 40 characters" in refused(client, {**base, "seats": [{"name": ""}, {}]})
        assert "'name' and 'bot'" in refused(client, {**base, "seats": [{"seat": 1}, {}]})

    def test_bad_seed_and_unknown_fields(self, server: tuple[TestClient, MatchStore]) -> None:
        client = server[0]
        assert "'seed' is a whole number" in refused(
            client, {"game": "africa", "players": 2, "seed": -1}
        )
        assert "unknown field 'colour'" in refused(
            client, {"game": "africa", "players": 2, "colour": "red"}
        )

    def test_an_oversized_body(self, server: tuple[TestClient, MatchStore]) -> None:
        assert "too big" in refused(server[0], b" " * 100_000, status=413)

    def test_unknown_matches_and_boards(self, server: tuple[TestClient, MatchStore]) -> None:
        client = server[0]
        assert client.get("/api/matches/nope").json() == {"error": "there is no match 'nope'"}
        assert client.get("/api/matches/nope/layout").status_code == 404
        assert "no game 'chess'" in client.get("/boards/chess.js").json()["error"]
        assert client.get("/api/nothing").status_code == 404


class TestWhatOnceGaveA500:
    """Bodies and addresses that once ended in a traceback and a 500."""

    @pytest.mark.parametrize("field", ["seed", "players"])
    def test_a_number_of_thousands_of_digits(
        self, server: tuple[TestClient, MatchStore], field: str
    ) -> None:
        body = {"game": "africa", "players": 2, "seed": 1}
        text = json.dumps(body).replace(f'"{field}": {body[field]}', f'"{field}": {"9" * 5000}')
        assert "not JSON" in refused(server[0], text.encode())

    # JSON escapes: a lone surrogate, a NUL, an escape sequence, a C1 control character.
    @pytest.mark.parametrize("name", [r"\ud800", r"Ann\u0000", r"\u001b[31mred", r"a\u0085b"])
    def test_a_name_no_page_or_database_can_hold(
        self, server: tuple[TestClient, MatchStore], name: str
    ) -> None:
        body = f'{{"game": "africa", "players": 2, "seats": [{{"name": "{name}"}}, {{}}]}}'
        assert "without control characters" in refused(server[0], body.encode())

    def test_a_game_named_by_a_lone_surrogate(self, server: tuple[TestClient, MatchStore]) -> None:
        assert "no game" in refused(server[0], rb'{"game": "\ud800", "players": 2}')

    @pytest.mark.parametrize(
        "path",
        [
            "/api/matches/{id}",
            "/api/matches/{id}/layout",
            "/api/matches/{id}/replay?step=0",
            "/api/matches/{id}/record",
        ],
    )
    @pytest.mark.parametrize("match_id", ["a%00b", "%F0%9F%8E%B2", "x" * 40, "a%0Ab"])
    def test_a_match_id_that_is_no_id(
        self, server: tuple[TestClient, MatchStore], path: str, match_id: str
    ) -> None:
        response = server[0].get(path.format(id=match_id))
        assert response.status_code == 404
        assert response.json()["error"].startswith("there is no match")

    def test_a_page_of_a_match_id_that_is_no_id(
        self, server: tuple[TestClient, MatchStore]
    ) -> None:
        with connect(server[0], "a%00b") as page:
            assert receive(page)["message"].startswith("there is no match")
            with pytest.raises(WebSocketDisconnect) as closed:
                page.receive_json()
        assert closed.value.code == 4404

    def test_a_move_with_a_lone_surrogate_is_refused_and_the_page_stays(
        self, server: tuple[TestClient, MatchStore]
    ) -> None:
        client, store = server
        created = create(client, "expedition", [None, None], seed=2)
        with connect(client, created["id"], token(created, 0)) as page:
            first = receive(page)
            page.send_text(r'{"type": "move", "action": "go \ud800", "moves": 0}')
            error = receive(page)
            assert error["type"] == "error" and "not an Expedition action" in error["message"]
            page.send_json({"type": "move", "action": first["legal"][0]["text"], "moves": 0})
            assert receive(page)["moves"] == 1
        assert store.info(created["id"]).moves == 1


class TestAPage:
    def test_a_forged_token_is_refused_and_the_socket_closed(
        self, server: tuple[TestClient, MatchStore]
    ) -> None:
        client, _ = server
        created = create(client, "africa", [None, None])
        with connect(client, created["id"], "forged") as page:
            assert receive(page)["message"] == "this invitation link is not valid for this match"
            with pytest.raises(WebSocketDisconnect) as closed:
                page.receive_json()
        assert closed.value.code == 4403

    def test_a_token_of_another_match_is_refused(
        self, server: tuple[TestClient, MatchStore]
    ) -> None:
        client, _ = server
        first, second = (
            create(client, "africa", [None, None]),
            create(client, "africa", [None, None]),
        )
        with connect(client, second["id"], token(first, 0)) as page:
            assert receive(page)["type"] == "error"

    def test_an_unknown_match(self, server: tuple[TestClient, MatchStore]) -> None:
        client, _ = server
        with connect(client, "nope") as page:
            assert receive(page)["message"] == "there is no match 'nope'"

    @pytest.mark.parametrize(
        ("message", "expected"),
        [
            ("{not json", "this is not JSON"),
            ("[1, 2]", "a JSON object with a 'type'"),
            (
                '{"type": "dance"}',
                'unknown message type "dance" '
                "(known types: 'move', 'resume', 'hint', 'undo', 'undo_answer', 'chat', "
                "'rematch', 'leave', 'rejoin')",
            ),
            ('{"type": "move", "moves": 0}', "a move needs 'action'"),
            ('{"type": "move", "action": "pass", "moves": "0"}', "a move needs 'moves'"),
            ('{"type": "resume", "since": -1}', "a resume needs 'since'"),
            ("[" * 5000 + "]" * 5000, "message too long (10,000 characters; at most 4,096)"),
        ],
    )
    def test_a_bad_message_is_an_error_and_changes_nothing(
        self, server: tuple[TestClient, MatchStore], message: str, expected: str
    ) -> None:
        client, store = server
        created = create(client, "expedition", [None, None])
        with connect(client, created["id"], token(created, 0)) as page:
            receive(page)
            page.send_text(message)
            error = receive(page)
        assert error["type"] == "error"
        assert expected in error["message"]
        assert store.info(created["id"]).moves == 0

    def test_a_move_out_of_turn_is_refused_with_its_rule(
        self, server: tuple[TestClient, MatchStore]
    ) -> None:
        client, store = server
        created = create(client, "expedition", [None, None], seed=2)
        with (
            connect(client, created["id"], token(created, 0)) as first,
            connect(client, created["id"], token(created, 1)) as second,
        ):
            move = receive(first)["legal"][0]["text"]
            assert "legal" not in receive(second)
            second.send_json({"type": "move", "action": move, "moves": 0})
            error = receive(second)
        assert error["message"] == "it is Player 1's turn, not yours"
        assert error["rule"].startswith("Expedition")
        assert store.info(created["id"]).moves == 0

    def test_a_spectator_cannot_move(self, server: tuple[TestClient, MatchStore]) -> None:
        client, store = server
        created = create(client, "expedition", [None, None], seed=2)
        with connect(client, created["id"]) as page:
            update = receive(page)
            assert update["seat"] is None and update["view"]["seat"] is None
            page.send_json({"type": "move", "action": "pass", "moves": 0})
            assert "spectators cannot move" in receive(page)["message"]
        assert store.info(created["id"]).moves == 0

    def test_a_stale_move_is_refused_and_the_page_shown_the_new_position(
        self, server: tuple[TestClient, MatchStore]
    ) -> None:
        client, store = server
        created = create(client, "africana", [None, None], seed=4)
        with connect(client, created["id"], token(created, 0)) as page:
            update = receive(page)
            move = update["legal"][0]["text"]
            page.send_json({"type": "move", "action": move, "moves": 0})
            moved = receive(page)
            assert moved["moves"] == 1
            if moved["to_move"] == 0:
                page.send_json({"type": "move", "action": moved["legal"][0]["text"], "moves": 0})
                error = receive(page)
                assert "the game has moved on: you saw 0 moves, it has 1" in error["message"]
                assert receive(page)["moves"] == 1
        assert store.info(created["id"]).moves == 1

    def test_an_illegal_move_is_explained(self, server: tuple[TestClient, MatchStore]) -> None:
        client, store = server
        created = create(client, "africana", [None, None], seed=4)
        with connect(client, created["id"], token(created, 0)) as page:
            receive(page)
            page.send_json({"type": "move", "action": "go to the moon", "moves": 0})
            error = receive(page)
        assert error["type"] == "error" and "'the moon'" in error["message"]
        assert store.info(created["id"]).moves == 0

    def test_a_resume_sends_only_newer_log_entries(
        self, server: tuple[TestClient, MatchStore]
    ) -> None:
        client, _ = server
        created = create(client, "expedition", [None, None], seed=2)
        with connect(client, created["id"], token(created, 0)) as page:
            first = receive(page)
            assert first["since"] == 0 and len(first["log"]) == first["log_size"] > 0
            page.send_json({"type": "resume", "since": first["log_size"]})
            again = receive(page)
        assert again["since"] == first["log_size"] and again["log"] == []
        assert again["view"] == first["view"]

    def test_a_flood_is_cut_off_and_changes_nothing(self, tmp_path: Path) -> None:
        strict = Settings(burst=3, rate=0)  # no refill: the test does not depend on the clock
        with serving(tmp_path, strict) as (client, store):
            created = create(client, "expedition", [None, None], seed=2)
            with connect(client, created["id"], token(created, 0)) as page:
                move = receive(page)["legal"][0]["text"]
                for _ in range(3):
                    page.send_json({"type": "resume", "since": 10_000})
                    assert receive(page)["type"] == "update"
                page.send_json({"type": "move", "action": move, "moves": 0})
                error = receive(page)
            assert error["message"].startswith("too many messages")
            assert store.info(created["id"]).moves == 0
        assert FAST.burst > strict.burst
