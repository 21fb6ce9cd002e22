"""What one client or one crowded match may cost the others: spectators per match, the work
of an update shared by the pages shown the same, matches created per client, and matches
that leave memory when nobody plays or watches them (docs/web.md, "Security")."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from terra.server import protocol
from terra.server.tables import Tables
from terra.store import MatchStore
from tests.server.tables import FAST, connect, create, receive, serving, token


def tables_of(client: TestClient) -> Tables:
    tables: Tables = client.app.state.tables  # type: ignore[attr-defined]
    return tables


class TestSpectators:
    def test_a_match_takes_so_many_spectators_and_then_says_why_not(self, tmp_path: Path) -> None:
        with serving(tmp_path, replace(FAST, max_spectators=3)) as (client, _):
            created = create(client, "africa", [None, None])
            with ExitStack() as stack:
                for _ in range(3):
                    assert receive(stack.enter_context(connect(client, created["id"])))
                with connect(client, created["id"]) as fourth:
                    refused = receive(fourth)
                    assert "this match has 3 spectators already" in refused["message"]
                    assert "--max-spectators" in refused["message"]
                    with pytest.raises(WebSocketDisconnect) as closed:
                        fourth.receive_json()
                    assert closed.value.code == 1013  # try again later
                with connect(client, created["id"], token(created, 0)) as seat:
                    assert receive(seat)["seat"] == 0  # seats are never turned away
            with connect(client, created["id"]) as later:  # the others have left
                assert receive(later)["type"] == "update"

    def test_an_update_is_built_once_for_all_the_spectators(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """500 spectators of one match each had their own update built and encoded: 0.78 s of
        the event loop a move. Pages shown the same now share one."""
        built: list[int | None] = []
        build = protocol.update

        def counting(*args: Any, **keywords: Any) -> dict[str, Any]:
            built.append(args[2])
            return build(*args, **keywords)

        with serving(tmp_path) as (client, _):
            created = create(client, "expedition", [None, None], seed=2)
            with ExitStack() as stack:
                seats = [
                    stack.enter_context(connect(client, created["id"], token(created, s)))
                    for s in (0, 1)
                ]
                spectators = [
                    stack.enter_context(connect(client, created["id"])) for _ in range(20)
                ]
                first = [receive(page) for page in [*seats, *spectators]]
                monkeypatch.setattr(protocol, "update", counting)
                move = first[0]["legal"][0]["text"]
                seats[0].send_json({"type": "move", "action": move, "moves": 0})
                updates = [receive(page) for page in [*seats, *spectators]]
        assert sorted(built, key=str) == [0, 1, None]  # each seat's, and the spectators' one
        assert all(u["moves"] == 1 for u in updates)
        assert len({protocol.encode(u) for u in updates[2:]}) == 1


class TestCreatingMatches:
    def test_a_client_creating_too_many_is_told_to_wait(self, tmp_path: Path) -> None:
        strict = replace(FAST, match_burst=3, match_rate=1)
        with serving(tmp_path, strict) as (client, store):
            body = {"game": "africa", "players": 2}
            for _ in range(3):
                assert client.post("/api/matches", json=body).status_code == 201
            refused = client.post("/api/matches", json=body)
            assert refused.status_code == 429
            assert "too many new matches from your address" in refused.json()["error"]
            assert 1 <= int(refused.headers["Retry-After"]) <= 60
            assert len(store.with_bots_playing()) == 0


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[TestClient, MatchStore]]:
    with serving(tmp_path) as served:
        yield served


class TestMemory:
    """A match leaves memory once no page watches it and no bot plays it."""

    def test_when_its_pages_close(self, server: tuple[TestClient, MatchStore]) -> None:
        client, store = server
        tables = tables_of(client)
        created = create(client, "expedition", [None, None], seed=2)
        with (
            connect(client, created["id"], token(created, 0)) as first,
            connect(client, created["id"]) as spectator,
        ):
            update = receive(first)
            receive(spectator)
            first.send_json({"type": "move", "action": update["legal"][0]["text"], "moves": 0})
            receive(first)
            assert tables.held() == 1 and store.cached() == 1
        assert tables.held() == 0 and store.cached() == 0

    def test_when_its_bots_have_finished(self, server: tuple[TestClient, MatchStore]) -> None:
        client, store = server
        tables = tables_of(client)
        created = create(client, "africa", ["random", "random"])
        deadline = time.monotonic() + 120
        while store.info(created["id"]).status != "over":  # the database: nothing cached
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.05)
        while tables.held():
            assert time.monotonic() < deadline, "the match stayed in memory"
            time.sleep(0.05)
        assert store.cached() == 0

    def test_a_new_match_of_people_is_not_held(self, server: tuple[TestClient, MatchStore]) -> None:
        client, _ = server
        for _ in range(5):
            create(client, "africa", [None, None])
        assert tables_of(client).held() == 0
