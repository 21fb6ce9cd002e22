"""Players and open tables (docs/web.md, "Players and open tables"): a name picked once and a
key kept in an HttpOnly cookie; open tables listed, joined and started when full or filled
with bots; no move before; a seat that follows its player from page to page."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import text
from starlette.testclient import TestClient, WebSocketTestSession

from terra.store import MatchStore
from tests.server.tables import FAST, create, receive, serving
from tests.server.test_rematch import finish


class Browser:
    """A person's browser on the one test client: their key sent as its cookie would be."""

    def __init__(self, client: TestClient, key: str | None = None) -> None:
        self.client = client
        self.key = key

    def _headers(self) -> dict[str, str]:
        return {} if self.key is None else {"cookie": f"terra_player={self.key}"}

    def get(self, url: str) -> httpx.Response:
        response: httpx.Response = self.client.get(url, headers=self._headers())
        return response

    def post(self, url: str, body: Any = None) -> httpx.Response:
        sent = {} if body is None else body
        response: httpx.Response = self.client.post(url, json=sent, headers=self._headers())
        return response

    def named(self, name: str) -> Browser:
        """This browser once it has picked ``name``."""
        response = self.post("/api/players", {"name": name})
        assert response.status_code in (200, 201), response.text
        self.key = self.key or response.cookies["terra_player"]
        self.client.cookies.clear()  # each browser sends its own
        return self

    def page(self, match_id: str, language: str | None = None) -> WebSocketTestSession:
        query = f"?lang={language}" if language else ""
        session: WebSocketTestSession = self.client.websocket_connect(
            f"/ws/{match_id}{query}", headers=self._headers()
        )
        return session


@contextmanager
def three(tmp_path: Path) -> Iterator[tuple[tuple[Browser, Browser, Browser], MatchStore]]:
    """Three browsers on one server, Ann's, Bo's and Cy's, each with a name."""
    with serving(tmp_path) as (client, store):
        ann, bo, cy = (Browser(client).named(name) for name in ("Ann", "Bo", "Cy"))
        yield (ann, bo, cy), store


def open_table(browser: Browser, bots: list[str | None], **extra: Any) -> str:
    seats = [{"bot": bot} for bot in bots]
    body = {"game": "expedition", "players": len(bots), "seats": seats, "open": True, **extra}
    response = browser.post("/api/matches", body)
    assert response.status_code == 201, response.text
    assert all(seat["invite"] is None for seat in response.json()["seats"])
    match_id: str = response.json()["id"]
    return match_id


def told(socket: WebSocketTestSession, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` (others before it skipped)."""
    while (message := receive(socket))["type"] != kind:
        pass
    return message


class TestIdentity:
    def test_a_name_gives_an_http_only_cookie_and_a_rename_keeps_it(self, tmp_path: Path) -> None:
        with serving(tmp_path) as (client, store):
            assert client.get("/api/players/me").status_code == 401
            response = client.post("/api/players", json={"name": "  Ann-Marie  "})
            assert response.status_code == 201
            cookie = response.headers["set-cookie"]
            assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/" in cookie
            key = client.cookies["terra_player"]
            assert len(key) >= 43 and key not in response.text
            assert client.get("/api/players/me").json()["name"] == "Ann-Marie"
            renamed = client.post("/api/players", json={"name": "Anna"})
            assert renamed.status_code == 200 and "set-cookie" not in renamed.headers
            assert client.get("/api/players/me").json()["name"] == "Anna"
            with store.engine.connect() as connection:
                rows = connection.execute(text("SELECT name, key_hash FROM players")).all()
            assert len(rows) == 1 and rows[0][0] == "Anna" and key not in str(rows)

    def test_a_name_is_unique_in_any_case_refused_in_the_pages_language(
        self, tmp_path: Path
    ) -> None:
        with serving(tmp_path) as (client, _):
            client.post("/api/players", json={"name": "Ann"})
            client.cookies.clear()  # another browser
            refused = client.post("/api/players?lang=de", json={"name": "aNN"})
            assert refused.status_code == 409
            assert "vergeben" in refused.json()["error"]
            assert "terra_player" not in client.cookies
            bo = Browser(client).named("Bo")
            assert bo.post("/api/players", {"name": "ANN"}).status_code == 409
            assert bo.get("/api/players/me").json()["name"] == "Bo"

    def test_bad_names_are_refused_saying_what_is_wrong(self, tmp_path: Path) -> None:
        with serving(tmp_path) as (client, store):
            for name, words in (
                ("A", "2 to 24 characters"),
                ("x" * 25, "2 to 24 characters"),
                ("Ann<b>", "not '<'"),
                ("Ann\x00", "not '\\x00'"),
                (7, "a name is text"),
            ):
                response = client.post("/api/players", json={"name": name})
                assert response.status_code == 400, name
                assert words in response.json()["error"], response.json()
            assert client.post("/api/players", json={"nom": "Ann"}).status_code == 400
            assert client.post("/api/players", json={"name": "Zoë 2.0_x"}).status_code == 201
            with store.engine.connect() as connection:
                assert connection.execute(text("SELECT count(*) FROM players")).scalar() == 1

    def test_an_unknown_or_malformed_key_is_nobody(self, tmp_path: Path) -> None:
        with serving(tmp_path) as (client, _):
            for key in ("A" * 43, "no key", "x" * 500):
                client.cookies.set("terra_player", key)
                assert client.get("/api/players/me").status_code == 401
            body = {"game": "expedition", "players": 2, "open": True}
            response = client.post("/api/matches?lang=nl", json=body)
            assert response.status_code == 401 and "naam" in response.json()["error"]


class TestOpenTables:
    def test_listed_joined_and_started_when_full(self, tmp_path: Path) -> None:
        with three(tmp_path) as ((ann, bo, cy), store):
            match_id = open_table(ann, [None, None, "random"])
            [listed] = bo.get("/api/tables").json()["tables"]
            assert (listed["id"], listed["taken"], listed["free"]) == (match_id, 2, 1)
            assert [s["name"] for s in listed["seats"]] == ["Ann", None, None]
            assert [s["free"] for s in listed["seats"]] == [False, True, False]
            assert ann.post(f"/api/matches/{match_id}/join").status_code == 409  # sits there
            joined = bo.post(f"/api/matches/{match_id}/join")
            assert joined.json() == {
                "id": match_id,
                "seat": 1,
                "started": True,
                "page": f"http://testserver/match/{match_id}",
            }
            assert bo.get("/api/tables").json()["tables"] == []
            refused = cy.post(f"/api/matches/{match_id}/join?lang=de")
            assert refused.status_code == 409 and "begonnen" in refused.json()["error"]
            assert cy.post("/api/matches/nothere/join").status_code == 404
            assert Browser(ann.client).post(f"/api/matches/{match_id}/join").status_code == 401
            assert [s.name for s in store.info(match_id).seats] == ["Ann", "Bo", "random bot"]

    def test_no_move_before_the_start_and_pages_told_as_people_join(self, tmp_path: Path) -> None:
        with three(tmp_path) as ((ann, bo, cy), store):
            match_id = open_table(ann, [None, None, None])
            with ann.page(match_id, "de") as page:
                table = told(page, "table")
                assert (table["waiting"], table["taken"], table["players"]) == (True, 1, 3)
                update = told(page, "update")
                assert update["seat"] == 0
                page.send_json({"type": "move", "action": update["legal"][0]["text"], "moves": 0})
                assert "nicht begonnen" in told(page, "error")["message"]
                bo.post(f"/api/matches/{match_id}/join")
                assert told(page, "table")["taken"] == 2
                cy.post(f"/api/matches/{match_id}/join")
                assert told(page, "table")["waiting"] is False
                update = told(page, "update")
                page.send_json({"type": "move", "action": update["legal"][0]["text"], "moves": 0})
                assert told(page, "update")["moves"] == 1
            assert store.info(match_id).moves == 1

    def test_the_creator_fills_the_free_seats_with_bots_and_they_move(self, tmp_path: Path) -> None:
        with three(tmp_path) as ((ann, bo, _), store):
            match_id = open_table(ann, [None, None, None])
            bo.post(f"/api/matches/{match_id}/join")
            assert bo.post(f"/api/matches/{match_id}/fill", {"bot": "random"}).status_code
            assert store.info(match_id).waiting  # Bo is not its creator
            bad = ann.post(f"/api/matches/{match_id}/fill", {"bot": "nobody"})
            assert bad.status_code == 400 and "'bot'" in bad.json()["error"]
            with bo.page(match_id) as page:
                told(page, "table")
                filled = ann.post(f"/api/matches/{match_id}/fill", {"bot": "random"})
                assert filled.json() == {"id": match_id, "filled": [2], "bot": "random"}
                assert told(page, "table")["waiting"] is False
                while (update := told(page, "update"))["to_move"] != 2:  # people move first
                    player = ann if update["to_move"] == 0 else bo
                    with player.page(match_id) as mover:
                        moving = told(mover, "update")
                        action = moving["legal"][0]["text"]
                        mover.send_json(
                            {"type": "move", "action": action, "moves": moving["moves"]}
                        )
                        told(mover, "update")
                while told(page, "update")["to_move"] == 2:  # the bot moves on its own
                    pass
            assert store.info(match_id).moves > 0
            again = ann.post(f"/api/matches/{match_id}/fill", {"bot": "random"})
            assert again.status_code == 409

    def test_a_seat_follows_its_player_from_page_to_page(self, tmp_path: Path) -> None:
        with three(tmp_path) as ((ann, bo, _), _store):
            match_id = open_table(ann, [None, None])
            bo.post(f"/api/matches/{match_id}/join")
            for _ in range(2):  # a reload
                with bo.page(match_id) as page:
                    assert told(page, "update")["seat"] == 1
            with Browser(ann.client).page(match_id) as page:  # nobody's browser
                assert told(page, "update")["seat"] is None

    def test_an_open_table_needs_its_creator_at_seat_one(self, tmp_path: Path) -> None:
        with three(tmp_path) as ((ann, _, _), _store):
            body = {"game": "expedition", "players": 2, "open": True}
            bot_first = {**body, "seats": [{"bot": "random"}, {}]}
            assert ann.post("/api/matches", bot_first).status_code == 400
            assert ann.post("/api/matches", {**body, "hotseat": True}).status_code == 400
            assert ann.post("/api/matches", {**body, "open": "yes"}).status_code == 400
            alone = open_table(ann, [None, "random"])  # nobody to wait for: it starts at once
            assert ann.get(f"/api/matches/{alone}").json()["waiting"] is False


def test_my_games_put_those_where_it_is_my_move_first(tmp_path: Path) -> None:
    with three(tmp_path) as ((ann, bo, _), store):
        waiting = open_table(ann, [None, None, None])
        mine = open_table(ann, [None, None])
        bo.post(f"/api/matches/{mine}/join")
        theirs = open_table(bo, [None, None])
        ann.post(f"/api/matches/{theirs}/join")  # Bo, at seat 0, is to move
        private = create(ann.client, "expedition", [None, None])["id"]  # no seat of Ann's identity
        games = ann.get("/api/players/me").json()["games"]
        assert [g["id"] for g in games] == [mine, waiting, theirs]
        assert [(g["seat"], g["your_turn"]) for g in games] == [(0, True), (0, False), (1, False)]
        assert private not in {g["id"] for g in games} and store.info(waiting).waiting


def test_new_names_from_one_address_are_limited_as_new_matches_are(tmp_path: Path) -> None:
    settings = dataclasses.replace(FAST, match_burst=2, match_rate=1)
    with serving(tmp_path, settings) as (client, store):
        for name in ("Ann", "Bo"):
            assert Browser(client).named(name).key
        refused = client.post("/api/players", json={"name": "Cy"})
        assert refused.status_code == 429 and "Retry-After" in refused.headers
        with store.engine.connect() as connection:
            assert connection.execute(text("SELECT count(*) FROM players")).scalar() == 2


def test_players_at_an_open_table_get_their_seats_in_its_rematch(tmp_path: Path) -> None:
    with three(tmp_path) as ((ann, bo, cy), store):
        match_id = open_table(ann, [None, None])
        bo.post(f"/api/matches/{match_id}/join")
        finish(store, match_id)
        with cy.page(match_id) as eye:
            told(eye, "update")
            eye.send_json({"type": "rematch"})  # Cy holds no seat there
            assert told(eye, "error")["message"].startswith("spectators cannot ask")
        links = []
        for browser in (ann, bo):
            with browser.page(match_id) as page:
                told(page, "update")
                page.send_json({"type": "rematch"})
                if browser is bo:
                    links.append(told(page, "rematch_invite")["invite"])
                else:
                    assert told(page, "rematch")["asked"] == [0]
        with ann.page(match_id) as page:
            told(page, "update")
            page.send_json({"type": "rematch"})
            links.append(told(page, "rematch_invite")["invite"])
        new = links[0].rpartition("/match/")[2]
        assert links == [f"http://testserver/match/{new}"] * 2  # no token: the seat follows
        assert [(s.name, s.bot) for s in store.info(new).seats] == [("Ann", None), ("Bo", None)]
        for browser, seat in ((ann, 0), (bo, 1), (cy, None)):
            with browser.page(new) as page:
                assert told(page, "update")["seat"] == seat


class TestLeavingAWaitingTable:
    def test_a_joiner_who_leaves_frees_the_seat_and_the_table_is_listed_again(
        self, tmp_path: Path
    ) -> None:
        with three(tmp_path) as ((ann, bo, cy), store):
            match_id = open_table(ann, [None, None, None])
            assert bo.post(f"/api/matches/{match_id}/join").status_code == 200
            with ann.page(match_id) as page:
                assert told(page, "table")["taken"] == 2
                answer = bo.post(f"/api/matches/{match_id}/leave")
                assert answer.status_code == 200 and answer.json() == {
                    "id": match_id,
                    "closed": False,
                }
                seats = told(page, "table")
            assert seats["taken"] == 1 and seats["seats"][1]["free"]
            listed = cy.get("/api/tables").json()["tables"]
            assert [t["free"] for t in listed if t["id"] == match_id] == [2]
            assert store.info(match_id).seats[1].player is None
            again = bo.post(f"/api/matches/{match_id}/leave")
            assert again.status_code == 409 and "you hold no seat" in again.json()["error"]

    def test_the_creator_closes_the_table_and_its_pages_are_told(self, tmp_path: Path) -> None:
        with three(tmp_path) as ((ann, bo, cy), _store):
            match_id = open_table(ann, [None, None, None])
            assert bo.post(f"/api/matches/{match_id}/join").status_code == 200
            with bo.page(match_id) as page:
                told(page, "table")
                assert ann.post(f"/api/matches/{match_id}/leave").json()["closed"] is True
                assert told(page, "table") == {"type": "table", "closed": True}
            assert cy.get(f"/api/matches/{match_id}").status_code == 404
            assert all(t["id"] != match_id for t in cy.get("/api/tables").json()["tables"])

    def test_a_started_table_or_one_without_a_name_cannot_be_left_this_way(
        self, tmp_path: Path
    ) -> None:
        with three(tmp_path) as ((ann, bo, _cy), _store):
            match_id = open_table(ann, [None, None])
            assert bo.post(f"/api/matches/{match_id}/join").json()["started"] is True
            started = bo.post(f"/api/matches/{match_id}/leave")
            assert started.status_code == 409 and "has started" in started.json()["error"]
            nameless = Browser(ann.client).post(f"/api/matches/{match_id}/leave")
            assert nameless.status_code == 401
            assert ann.post("/api/matches/no-such-table/leave").status_code == 404

    def test_a_table_nobody_joined_for_a_week_is_no_longer_listed(self, tmp_path: Path) -> None:
        with three(tmp_path) as ((ann, _bo, cy), store):
            match_id = open_table(ann, [None, None])
            assert any(t["id"] == match_id for t in cy.get("/api/tables").json()["tables"])
            with store.engine.begin() as connection:
                connection.execute(
                    text("UPDATE matches SET updated = :then WHERE id = :id"),
                    {"then": "2026-01-01 00:00:00.000000", "id": match_id},
                )
            assert all(t["id"] != match_id for t in cy.get("/api/tables").json()["tables"])
