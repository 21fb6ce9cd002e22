"""The server's ordinary defences: every answer carries the browser's security headers, a page
of another site can neither create a match nor open a match's socket, and a forged Host header
never reaches a link or a redirect."""

from __future__ import annotations

import json
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from terra.server import api
from terra.store import MatchStore
from tests.server.tables import create, receive, serving, token

OWN = "http://testserver"  # the test client's address, the server's public URL in tests
FOREIGN = "http://evil.example"
EVIL = {"host": "evil.example"}  # a Host header that names another server
JSON_TYPE = {"content-type": "application/json"}
BODY = json.dumps({"game": "africa", "players": 2}).encode()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[TestClient, MatchStore]]:
    with serving(tmp_path) as served:
        yield served


def matches(store: MatchStore) -> int:
    """How many matches the database holds."""
    from sqlalchemy import func, select

    from terra.store.models import Match

    with store.engine.connect() as connection:
        return int(connection.execute(select(func.count()).select_from(Match)).scalar_one())


def policy(header: str) -> dict[str, list[str]]:
    """A Content-Security-Policy as its directives and their sources."""
    directives = (part.split() for part in header.split(";") if part.strip())
    return {name: sources for name, *sources in directives}


def assert_hardened(response: Any) -> None:
    """``response`` carries every security header, with values a browser enforces."""
    headers = response.headers
    where = f"{response.request.method} {response.request.url.path} ({response.status_code})"
    assert "content-security-policy" in headers, where
    csp = policy(headers["content-security-policy"])
    assert csp["script-src"] == ["'self'"], where
    assert csp["object-src"] == ["'none'"] and csp["base-uri"] == ["'none'"], where
    assert csp["frame-ancestors"] == ["'none'"], where
    assert csp["form-action"] == ["'self'"] and csp["connect-src"] == ["'self'"], where
    assert csp["style-src"] == ["'self'"], where
    assert not any("unsafe" in source for sources in csp.values() for source in sources)
    assert headers["x-content-type-options"] == "nosniff", where
    assert headers["x-frame-options"] == "DENY", where
    assert headers["referrer-policy"] in ("same-origin", "no-referrer"), where


class TestEveryAnswerIsHardened:
    def test_pages_api_static_files_and_board_modules(
        self, server: tuple[TestClient, MatchStore]
    ) -> None:
        client, _ = server
        match_id = create(client, "africa", [None, "random"])["id"]
        answers = [
            client.get("/"),
            client.get(f"/match/{match_id}"),
            client.get(f"/match/{match_id}/replay"),
            client.get("/api/games"),
            client.get("/api/i18n/de"),
            client.get(f"/api/matches/{match_id}"),
            client.get(f"/api/matches/{match_id}/layout"),
            client.get("/static/match.js"),
            client.get("/static/style.css"),
            client.get("/boards/africa.js"),
            client.post("/api/matches", content=BODY, headers=JSON_TYPE),
        ]
        assert [a.status_code for a in answers] == [200] * 10 + [201]
        for answer in answers:
            assert_hardened(answer)

    def test_errors(self, server: tuple[TestClient, MatchStore]) -> None:
        client, _ = server
        match_id = create(client, "africa", [None, None])["id"]
        answers = [
            client.get("/api/matches/nope"),
            client.get("/no/such/page"),
            client.get("/static/nothing.js"),
            client.get("/boards/chess.js"),
            client.get(f"/api/matches/{match_id}/replay?step=0"),  # not over: 409
            client.post("/api/matches", content=b"{", headers=JSON_TYPE),
            client.put("/api/games", content=BODY, headers=JSON_TYPE),
        ]
        assert [a.status_code for a in answers] == [404, 404, 404, 404, 409, 400, 405]
        for answer in answers:
            assert_hardened(answer)

    def test_a_failure_of_the_server_itself(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        def broken() -> list[str]:
            raise RuntimeError("a bug")

        monkeypatch.setattr(api, "offered_bots", broken)
        with serving(tmp_path, raise_server_exceptions=False) as (client, _):
            answer = client.get("/api/games")
        assert answer.status_code == 500
        assert_hardened(answer)
        assert "a bug" not in answer.text


class _Inline(HTMLParser):
    """What a page has that a policy without 'unsafe-inline' would block."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "script":
            self._in_script = True
            if not named.get("src"):
                self.found.append("a <script> without src")
        if tag == "style":
            self.found.append("a <style> element")
        for name, value in attrs:
            if name.startswith("on") or name == "style":
                self.found.append(f"the attribute {name} of <{tag}>")
            if value and value.strip().lower().startswith("javascript:"):
                self.found.append(f"a javascript: URL in <{tag} {name}>")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.found.append("script inside a <script> element")


@pytest.mark.parametrize("page", ["/", "/match/m", "/match/m/replay", "/learn/africa"])
def test_the_pages_hold_no_inline_script_or_style(
    server: tuple[TestClient, MatchStore], page: str
) -> None:
    """The policy allows only the server's own files; the browser tests (tests/web) check
    that nothing the scripts do at run time is blocked."""
    client, _ = server
    parser = _Inline()
    parser.feed(client.get(page).text)
    assert parser.found == []


class TestRequestsThatChangeSomething:
    """``POST /api/matches`` (and any method but GET and HEAD) comes as JSON from the
    server's own pages, or from a program that sends no Origin."""

    @pytest.mark.parametrize(
        "headers",
        [
            {"content-type": "text/plain", "origin": FOREIGN},
            {"content-type": "application/json", "origin": FOREIGN},
            {"content-type": "application/json", "origin": "null"},
            {"content-type": "application/json", "origin": "https://testserver"},
            {"content-type": "application/json", "origin": "http://testserver:8080"},
        ],
    )
    def test_from_another_origin_creates_nothing(
        self, server: tuple[TestClient, MatchStore], headers: dict[str, str]
    ) -> None:
        client, store = server
        before = matches(store)
        answer = client.post("/api/matches", content=BODY, headers=headers)
        assert answer.status_code == 403, answer.text
        assert "origin" in answer.json()["error"].lower()
        assert matches(store) == before

    @pytest.mark.parametrize(
        "headers",
        [
            {"content-type": "text/plain"},
            {"content-type": "text/plain", "origin": OWN},
            {"content-type": "application/x-www-form-urlencoded"},
            {"content-type": "multipart/form-data; boundary=x"},
            {},
        ],
    )
    def test_not_as_json_creates_nothing(
        self, server: tuple[TestClient, MatchStore], headers: dict[str, str]
    ) -> None:
        client, store = server
        before = matches(store)
        answer = client.post("/api/matches", content=BODY, headers=headers)
        assert answer.status_code == 415, answer.text
        assert "application/json" in answer.json()["error"]
        assert matches(store) == before

    @pytest.mark.parametrize(
        "headers",
        [
            {"content-type": "application/json"},
            {"content-type": "application/json; charset=utf-8", "origin": OWN},
            {"content-type": "Application/JSON", "origin": OWN},
        ],
    )
    def test_as_json_from_the_server_or_a_program_creates_a_match(
        self, server: tuple[TestClient, MatchStore], headers: dict[str, str]
    ) -> None:
        client, store = server
        before = matches(store)
        answer = client.post("/api/matches", content=BODY, headers=headers)
        assert answer.status_code == 201, answer.text
        assert matches(store) == before + 1

    def test_other_methods_are_checked_too(self, server: tuple[TestClient, MatchStore]) -> None:
        client, _ = server
        for method in ("PUT", "DELETE", "PATCH"):
            foreign = client.request(method, "/api/games", headers={"origin": FOREIGN})
            assert foreign.status_code == 403
            assert client.request(method, "/api/games").status_code == 415

    def test_reading_is_open_to_every_origin(self, server: tuple[TestClient, MatchStore]) -> None:
        client, _ = server
        assert client.get("/api/games", headers={"origin": FOREIGN}).status_code == 200


class TestTheSocketOfAMatch:
    def test_a_page_of_another_site_is_refused(self, server: tuple[TestClient, MatchStore]) -> None:
        client, _ = server
        created = create(client, "africa", [None, None])
        url = f"/ws/{created['id']}?token={token(created, 0)}"
        for origin in (FOREIGN, "null", "https://testserver"):
            with client.websocket_connect(url, headers={"origin": origin}) as page:
                refusal = receive(page)
                assert refusal["type"] == "error" and "origin" in refusal["message"].lower()
                with pytest.raises(WebSocketDisconnect) as closed:
                    page.receive_json()
            assert closed.value.code == 4403

    @pytest.mark.parametrize("headers", [{"origin": OWN}, {}])
    def test_the_server_s_own_page_or_a_program_is_served(
        self, server: tuple[TestClient, MatchStore], headers: dict[str, str]
    ) -> None:
        client, _ = server
        created = create(client, "africa", [None, None])
        url = f"/ws/{created['id']}?token={token(created, 0)}"
        with client.websocket_connect(url, headers=headers) as page:
            update = receive(page)
        assert update["type"] == "update" and update["seat"] == 0

    def test_a_forged_host_is_refused(self, server: tuple[TestClient, MatchStore]) -> None:
        client, _ = server
        created = create(client, "africa", [None, None])
        url = f"/ws/{created['id']}"
        with client.websocket_connect(url, headers={"host": "evil.example"}) as page:
            refusal = receive(page)
            assert refusal["type"] == "error" and "evil.example" not in json.dumps(refusal)
            with pytest.raises(WebSocketDisconnect) as closed:
                page.receive_json()
        assert closed.value.code == 4400


class TestTheHostHeader:
    def test_a_forged_host_is_refused_and_never_echoed(
        self, server: tuple[TestClient, MatchStore]
    ) -> None:
        client, store = server
        match_id = create(client, "africa", [None, None])["id"]
        before = matches(store)
        answers = [
            client.get("/", headers=EVIL),
            client.get(f"/match/{match_id}", headers=EVIL),
            client.get("/api/games", headers=EVIL),
            client.get("/api/games/", headers=EVIL, follow_redirects=False),
            client.get(f"/match/{match_id}/", headers=EVIL, follow_redirects=False),
            client.get("/static/match.js", headers=EVIL),
            client.post("/api/matches", content=BODY, headers={**EVIL, **JSON_TYPE}),
        ]
        for answer in answers:
            assert answer.status_code == 400, (answer.request.url, answer.status_code)
            assert "evil.example" not in answer.text
            assert "evil.example" not in str(answer.headers.raw).lower()
            assert_hardened(answer)
        assert matches(store) == before
        assert "host" in answers[0].json()["error"].lower()

    def test_a_redirect_stays_on_the_server(self, server: tuple[TestClient, MatchStore]) -> None:
        """Starlette's redirect to the path without its trailing slash."""
        client, _ = server
        answer = client.get("/api/games/", follow_redirects=False)
        assert answer.status_code == 307
        assert answer.headers["location"] == f"{OWN}/api/games"
        assert_hardened(answer)

    def test_links_never_name_the_host_asked_for(
        self, server: tuple[TestClient, MatchStore]
    ) -> None:
        client, _ = server
        answer = client.post("/api/matches", content=BODY, headers={**EVIL, **JSON_TYPE})
        assert "evil.example" not in answer.text
        created = create(client, "africa", [None, "random"])
        assert created["spectate"] == f"{OWN}/match/{created['id']}"
        assert created["seats"][0]["invite"].startswith(f"{OWN}/match/{created['id']}#seat=0&")
