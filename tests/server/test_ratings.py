"""Ratings on the server (docs/web.md, "Ratings"): a match that ends through the server is
rated at once and shows in its game's leaderboard and in each player's own ratings; a match
that ended while no server counted it is rated when one starts; bad questions are refused
saying what is asked for."""

from __future__ import annotations

import random
import time
from pathlib import Path

import httpx
from sqlalchemy import update
from starlette.testclient import TestClient

import terra
from terra.server.tables import Tables
from terra.store import MatchStore, SeatInfo, open_engine
from terra.store.models import Match
from terra.store.players import Players
from terra.store.ratings import MODEL
from tests.server.tables import serving
from tests.server.test_open_tables import Browser, open_table, three
from tests.server.test_postgres import Server

WAIT = 10.0  # seconds the ratings of a start may take


def played_through_the_server(client: TestClient, match_id: str) -> list[int]:
    """Random moves for whoever is to move, each committed as a page's move is; the winners."""
    tables: Tables = client.app.state.tables  # type: ignore[attr-defined]
    rng = random.Random(2)
    state, moves = client.portal.call(tables.state, match_id)  # type: ignore[union-attr]
    while not state.is_over:
        action = rng.choice(state.legal_action_strs())
        played = client.portal.call(tables.play, match_id, moves, action, None)  # type: ignore[union-attr]
        state, moves = played.state, played.moves
    return state.winners()


def test_a_match_that_ends_on_the_server_is_rated_at_once(tmp_path: Path) -> None:
    with three(tmp_path) as ((ann, bo, cy), _store):
        match_id = open_table(ann, [None, None])
        bo.post(f"/api/matches/{match_id}/join")
        winners = played_through_the_server(ann.client, match_id)
        board = cy.get("/api/ratings?game=expedition").json()
        assert (board["game"], board["title"]) == ("expedition", "Expedition")
        listed = board["ratings"]
        if len(winners) == 2:  # the server drew a deal that ends in a shared win: a tie
            assert sorted((r["name"], r["rank"], r["games"]) for r in listed) == [
                ("Ann", 1, 1),
                ("Bo", 1, 1),
            ]
            assert listed[0]["mu"] == listed[1]["mu"]
            return
        first, second = ("Ann", "Bo") if winners == [0] else ("Bo", "Ann")
        assert [(r["name"], r["bot"], r["rank"], r["games"]) for r in listed] == [
            (first, False, 1, 1),
            (second, False, 2, 1),
        ]
        assert listed[0]["mu"] > MODEL.mu > listed[1]["mu"]
        assert listed[0]["rating"] == round(listed[0]["mu"] - 2 * listed[0]["sigma"], 2)
        [mine] = ann.get("/api/players/me").json()["ratings"]
        assert (mine["game"], mine["title"], mine["name"]) == ("expedition", "Expedition", "Ann")
        assert mine["rank"] == (1 if first == "Ann" else 2)
        asked = cy.get("/api/ratings?player=bO").json()  # a name in any case
        assert asked["name"] == "Bo" and [r["rank"] for r in asked["ratings"]] == [
            1 if first == "Bo" else 2
        ]
        assert cy.get("/api/players/me").json()["ratings"] == []
        assert cy.get("/api/ratings?game=nile").json()["ratings"] == []


def test_a_match_that_ended_while_no_server_counted_it_is_rated_at_start(
    tmp_path: Path,
) -> None:
    store = MatchStore(open_engine(f"sqlite:///{tmp_path / 'matches.sqlite3'}"))
    ann, _ = Players(store.engine).create("Ann")
    seats = [SeatInfo(0, "Ann", None, ann.id), SeatInfo(1, "greedy bot", "greedy")]
    match_id, _ = store.create_match(terra.game("expedition").new(2, seed=4), seats)
    rng = random.Random(3)
    state, moves = store.state(match_id)
    while not state.is_over:  # played before ratings were kept, or by a server killed at the end
        appended = store.append_move(match_id, moves, rng.choice(state.legal_action_strs()), None)
        state, moves = appended.state, appended.moves
    with serving(tmp_path, store=store) as (client, _):
        deadline = time.monotonic() + WAIT
        while not (listed := client.get("/api/ratings?game=expedition").json()["ratings"]):
            assert time.monotonic() < deadline, "the finished match was not rated at start"
            time.sleep(0.05)
        assert {(r["name"], r["bot"], r["games"]) for r in listed} == {
            ("Ann", False, 1),
            ("greedy", True, 1),
        }
        assert listed[0]["name"] == ("Ann" if state.winners() == [0] else "greedy")
    with serving(tmp_path, store=store) as (client, _):  # a second start counts it no more
        time.sleep(0.2)
        again = client.get("/api/ratings?game=expedition").json()["ratings"]
        assert [r["games"] for r in again] == [1, 1]


def test_bad_questions_are_refused_saying_what_is_asked_for(tmp_path: Path) -> None:
    with serving(tmp_path) as (client, _):
        Browser(client).named("Ann")
        for query, status, words in (
            ("", 400, "?game= one of africa"),
            ("?game=nile&player=Ann", 400, "?player= their name"),
            ("?colour=red", 400, "?game="),
            ("?game=chess", 404, "no game 'chess'"),
            ("?game=" + "x" * 500, 404, "(500 characters)"),
            ("?player=A", 400, "2 to 24 characters"),
            ("?player=Ann%3Cb%3E", 400, "not '<'"),
            ("?player=Nobody", 404, "no player is called 'Nobody'"),
        ):
            response = client.get(f"/api/ratings{query}")
            assert response.status_code == status, (query, response.text)
            assert words in response.json()["error"], (query, response.json())
        german = client.get("/api/ratings?player=Nobody&lang=de")
        assert german.status_code == 404 and "'Nobody'" in german.json()["error"]
        assert "no player" not in german.json()["error"]
        assert client.get("/api/ratings?game=nile&lang=nl").json()["ratings"] == []


def test_two_servers_starting_on_one_postgresql_database_rate_each_match_once(
    postgres_url: str, tmp_path: Path
) -> None:
    """Twenty finished matches of Ann's wait to be rated; two servers start on the database
    at once and both set about the backlog: every match counts once."""
    store = MatchStore(open_engine(postgres_url))
    try:
        players = Players(store.engine)
        ann, _ = players.create("Ann")
        for n in range(20):
            rival, _ = players.create(f"Rival {n}")
            seats = [SeatInfo(0, "Ann", None, ann.id), SeatInfo(1, rival.name, None, rival.id)]
            match_id, _ = store.create_match(terra.game("expedition").new(2, seed=n), seats)
            with store.engine.begin() as connection:
                result = {"scores": [9, 1], "winners": [0]}
                connection.execute(
                    update(Match).where(Match.id == match_id).values(status="over", result=result)
                )
    finally:
        store.engine.dispose()
    both = [Server(postgres_url, tmp_path / f"{name}.stderr") for name in ("a", "b")]
    try:
        for server in both:
            server.wait_until_up()
        deadline = time.monotonic() + 60
        while True:
            listed = httpx.get(f"{both[1].base}/api/ratings?game=expedition", timeout=5).json()
            games = {r["name"]: r["games"] for r in listed["ratings"]}
            if len(games) == 21 and games["Ann"] >= 20:
                break
            assert time.monotonic() < deadline, f"the backlog was not rated: {games}"
            time.sleep(0.2)
        time.sleep(0.5)  # were a match counted twice, the second count would come by now
        listed = httpx.get(f"{both[0].base}/api/ratings?player=ann", timeout=5).json()
        assert [r["games"] for r in listed["ratings"]] == [20]
        board = httpx.get(f"{both[0].base}/api/ratings?game=expedition", timeout=5).json()
        assert {r["games"] for r in board["ratings"] if r["name"] != "Ann"} == {1}
    finally:
        for server in both:
            server.stop()
