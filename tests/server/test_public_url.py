"""The server's public URL (``terra serve --public-url``): links are built from it, and it says
which Host headers and origins are the server's own."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from terra.server.app import create_app
from terra.server.bots import BotPool
from terra.server.security import BadPublicUrl, site
from terra.server.tables import Settings
from terra.store import MatchStore, open_engine

BODY = json.dumps({"game": "africa", "players": 2, "seats": [{}, {"bot": "random"}]})
JSON_TYPE = {"content-type": "application/json"}


@pytest.fixture
def behind_a_proxy(tmp_path: Path) -> Iterator[TestClient]:
    """A server bound to 127.0.0.1:8000 that players open at https://games.example/, asked
    at http://localhost:8000 (as a proxy on the same machine would)."""
    store = MatchStore(open_engine(f"sqlite:///{tmp_path / 'matches.sqlite3'}"))
    settings = Settings(site=site("127.0.0.1", 8000, "https://games.example/"))
    app = create_app(store, settings, bots=BotPool(1))
    with TestClient(app, base_url="http://localhost:8000") as client:
        yield client


def test_links_are_built_from_the_public_url(behind_a_proxy: TestClient) -> None:
    created = behind_a_proxy.post("/api/matches", content=BODY, headers=JSON_TYPE).json()
    page = f"https://games.example/match/{created['id']}"
    assert created["spectate"] == page
    assert created["seats"][0]["invite"].startswith(f"{page}#seat=0&token=")
    assert created["seats"][1]["invite"] is None  # a bot's seat


@pytest.mark.parametrize(
    ("host", "status"),
    [
        ("games.example", 200),
        ("GAMES.example:443", 200),
        ("localhost:8000", 200),
        ("127.0.0.1:8000", 200),
        ("[::1]:8000", 200),
        ("games.example:8000", 400),
        ("localhost:8001", 400),
        ("localhost", 400),
        ("127.0.0.2:8000", 400),
        ("", 400),
    ],
)
def test_the_hosts_it_answers_to(behind_a_proxy: TestClient, host: str, status: int) -> None:
    assert behind_a_proxy.get("/api/games", headers={"host": host}).status_code == status


@pytest.mark.parametrize(
    ("origin", "status"),
    [
        ("https://games.example", 201),
        ("http://localhost:8000", 201),
        ("http://[::1]:8000", 201),
        ("http://games.example", 403),
        ("https://games.example:8443", 403),
        ("https://localhost:8000", 403),
        ("http://localhost:8001", 403),
    ],
)
def test_the_origins_that_are_its_own(behind_a_proxy: TestClient, origin: str, status: int) -> None:
    answer = behind_a_proxy.post(
        "/api/matches", content=BODY, headers={**JSON_TYPE, "origin": origin}
    )
    assert answer.status_code == status, answer.text


class TestTheSite:
    def test_by_default_the_address_bound(self) -> None:
        local = site("127.0.0.1", 8000)
        assert local.url == "http://127.0.0.1:8000/"
        assert local.hosts == {"127.0.0.1:8000", "localhost:8000", "[::1]:8000"}
        assert local.origins == {f"http://{h}" for h in local.hosts}
        assert site("::1", 9000).url == "http://[::1]:9000/"
        assert site("localhost", 80).hosts == {
            f"{name}{port}" for name in ("localhost", "127.0.0.1", "[::1]") for port in ("", ":80")
        }

    def test_a_public_url_is_written_one_way(self) -> None:
        assert site("127.0.0.1", 8000, "HTTPS://Games.Example:443").url == "https://games.example/"
        assert site("127.0.0.1", 8000, "http://games.example:8080").url == (
            "http://games.example:8080/"
        )
        ipv6 = site("2001:db8::7", 8000, "http://[2001:DB8::7]:8000/")
        assert ipv6.url == "http://[2001:db8::7]:8000/"
        assert ipv6.hosts == {"[2001:db8::7]:8000"}
        assert site("127.0.0.1", 8000, "https://games.example/").link("/match/x") == (
            "https://games.example/match/x"
        )

    def test_an_address_on_the_network_has_no_loopback_names(self) -> None:
        lan = site("192.0.2.7", 8000)
        assert lan.hosts == {"192.0.2.7:8000"} and lan.origins == {"http://192.0.2.7:8000"}
        public = site("0.0.0.0", 80, "http://games.example/")
        assert public.hosts == {"games.example", "games.example:80"}
        assert public.origins == {"http://games.example"}

    @pytest.mark.parametrize("host", ["0.0.0.0", "::", "[::]", ""])
    def test_a_wildcard_address_needs_a_public_url(self, host: str) -> None:
        with pytest.raises(BadPublicUrl, match="give --public-url"):
            site(host, 8000)

    @pytest.mark.parametrize(
        ("url", "says"),
        [
            ("ftp://games.example/", "does not start with http:// or https://"),
            ("games.example", "does not start with http:// or https://"),
            ("javascript:alert(1)", "does not start with http:// or https://"),
            ("http://", "names no host"),
            ("http://:8000/", "names no host"),
            ("http://games example/", "a space"),
            ("http://games.example\n/", "a control character"),
            ("http://ga$mes.example/", "names no host"),
            ("http://[::g]/", "not an address"),
            ("http://user:secret@games.example/", "user name or password"),
            ("http://games.example/?next=1", "a query or a fragment"),
            ("http://games.example/#top", "a query or a fragment"),
            ("http://games.example/terra/", "has a path"),
            ("http://games.example:99999/", "not an address"),
            ("http://games.example:0/", "port 0"),
        ],
    )
    def test_a_public_url_it_cannot_use(self, url: str, says: str) -> None:
        with pytest.raises(BadPublicUrl, match="public URL") as refused:
            site("127.0.0.1", 8000, url)
        assert says in str(refused.value)
        assert "\n" not in str(refused.value)
