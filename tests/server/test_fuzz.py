"""Random requests and messages: never a server error, and a refused one changes nothing."""

from __future__ import annotations

import json
import string
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select
from starlette.testclient import TestClient

from terra.store import MatchStore
from terra.store.models import Match, Move
from tests.server.tables import connect, create, receive, serving, token

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
JSON_TYPE = {"content-type": "application/json"}
SEGMENT = st.text(string.ascii_letters + string.digits + "-_.~%", min_size=1, max_size=16)
GAME_IDS = st.sampled_from(["africa", "africana", "expedition", "nile", "chess", ""])
CREATE = st.fixed_dictionaries(
    {},
    optional={
        "game": GAME_IDS | JSON,
        "players": st.integers(-2, 8) | JSON,
        "options": st.dictionaries(
            st.sampled_from(["simple", "two_player", "variant_a", "turn_limit", "data", "x"]),
            JSON | st.sampled_from(["yes", "no", "7"]),
            max_size=3,
        )
        | JSON,
        "seats": st.lists(
            st.fixed_dictionaries(
                {}, optional={"bot": st.sampled_from([None, "random", "x"]), "name": JSON}
            ),
            max_size=4,
        )
        | JSON,
        "seed": st.integers(-5, 2**65) | JSON,
        "extra": JSON,
    },
)


def totals(store: MatchStore) -> tuple[int, int]:
    """How many matches and moves the database holds."""
    with store.engine.connect() as connection:
        matches = connection.execute(select(func.count()).select_from(Match)).scalar_one()
        moves = connection.execute(select(func.count()).select_from(Move)).scalar_one()
    return int(matches), int(moves)


def fuzz_http(client: TestClient, store: MatchStore, examples: int) -> None:
    match_id = create(client, "africa", [None, None])["id"]
    paths = st.one_of(
        st.sampled_from(["/api/games", "/api/matches", f"/api/matches/{match_id}", "/"]),
        st.builds(lambda s: f"/api/matches/{s}", SEGMENT),
        st.builds(lambda s: f"/api/matches/{s}/layout", SEGMENT),
        st.builds(lambda s: f"/boards/{s}.js", SEGMENT),
        st.builds(lambda a, b: f"/{a}/{b}", SEGMENT, SEGMENT),
    )
    bodies = st.one_of(
        CREATE.map(lambda d: json.dumps(d).encode()),
        JSON.map(lambda d: json.dumps(d).encode()),
        st.binary(max_size=64),
    )

    @settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(st.sampled_from(["GET", "POST", "PUT", "DELETE"]), paths, bodies)
    def request(method: str, path: str, body: bytes) -> None:
        before = totals(store)
        # As JSON, so that the body reaches the checks of its fields: the server refuses any
        # other type before reading a body (test_hardening.py).
        response = client.request(method, path, content=body, headers=JSON_TYPE)
        assert response.status_code < 500, (method, path, body, response.text)
        after = totals(store)
        if response.status_code == 201:
            assert after == (before[0] + 1, before[1])
        else:
            assert after == before, (method, path, body)
        if path.startswith("/api/") and response.status_code >= 400:
            assert isinstance(response.json()["error"], str)

    request()


def fuzz_socket(client: TestClient, store: MatchStore, examples: int) -> None:
    created = create(client, "expedition", [None, None], seed=3)
    match_id = created["id"]
    messages = st.one_of(
        st.text(max_size=60),
        JSON.map(json.dumps),
        st.builds(
            lambda kind, rest: json.dumps({"type": kind, **rest}),
            st.sampled_from(["move", "resume", "hello", ""]) | JSON,
            st.dictionaries(st.sampled_from(["action", "moves", "since"]), JSON, max_size=3),
        ),
        st.builds(
            lambda action, moves: json.dumps({"type": "move", "action": action, "moves": moves}),
            st.sampled_from(["mark Delphi", "pass", "done", "mark Uluru"]) | st.text(max_size=30),
            st.integers(-1, 3),
        ),
    )
    with connect(client, match_id, token(created, 0)) as page:
        receive(page)

        @settings(max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck))
        @given(messages)
        def message(text: str) -> None:
            before = store.info(match_id).moves
            page.send_text(text)
            reply: dict[str, Any] = receive(page)
            if reply["type"] == "error":
                assert isinstance(reply["message"], str) and reply["message"]
                assert store.info(match_id).moves == before
                if reply.get("stale"):
                    assert receive(page)["type"] == "update"
            else:
                assert reply["type"] == "update"
                assert reply["moves"] in (before, before + 1)
                assert store.info(match_id).moves == reply["moves"]

        message()


def fuzz_connect(client: TestClient, store: MatchStore, examples: int) -> None:
    created = create(client, "africa", [None, None], seed=1)
    match_id = created["id"]
    values = st.one_of(st.text(max_size=30), st.integers().map(str), st.just(token(created, 1)))
    params = st.dictionaries(st.sampled_from(["token", "since", "x"]), values, max_size=3)

    @settings(max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.sampled_from([match_id, "nope", "%20"]), params)
    def open_page(path: str, query: dict[str, str]) -> None:
        url = f"/ws/{path}?{urlencode(query)}"
        with client.websocket_connect(url) as page:
            first = receive(page)
        if first["type"] == "update":
            assert path == match_id
            assert first["seat"] == (1 if query.get("token") == token(created, 1) else None)
        else:
            assert first["type"] == "error" and first["message"]
        assert store.info(match_id).moves == 0

    open_page()


def test_random_page_addresses(tmp_path: Path) -> None:
    with serving(tmp_path) as (client, store):
        fuzz_connect(client, store, 150)


def test_random_http_requests(tmp_path: Path) -> None:
    with serving(tmp_path) as (client, store):
        fuzz_http(client, store, 300)


def test_random_websocket_messages(tmp_path: Path) -> None:
    with serving(tmp_path) as (client, store):
        fuzz_socket(client, store, 300)


@pytest.mark.slow
def test_ten_thousand_random_requests_and_messages(tmp_path: Path) -> None:
    with serving(tmp_path) as (client, store):
        fuzz_http(client, store, 5000)
        fuzz_socket(client, store, 5000)
