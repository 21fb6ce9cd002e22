"""A campaign on the server (Source of the Nile, 2.3 and 30.0; decisions N220 and N227): a
new match continues a finished Game II match, the API checks what it is asked to continue,
the store keeps the link, and the campaign's maps are served game by game."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from terra.ai.bots import make_bot
from terra.core import replay
from terra.store import MatchStore
from tests.server.tables import create, serving

GAME_II = {"game": 2, "turns": 20}


def finish(store: MatchStore, match_id: str) -> None:
    """Play the match to its end with greedy bots."""
    bot = make_bot("greedy", 3)
    state, moves = store.state(match_id)
    while not state.is_over:
        played = store.append_move(match_id, moves, state.action_str(bot.choose(state)), None)
        state, moves = played.state, played.moves


def finished_game_two(client: TestClient, store: MatchStore) -> str:
    match_id: str = create(client, "nile", [None, None], seed=5, options=GAME_II)["id"]
    finish(store, match_id)
    return match_id


def follow(client: TestClient, previous: Any, **extra: Any) -> Any:
    body = {"game": "nile", "players": 3, "options": GAME_II, "continues": previous, **extra}
    return client.post("/api/matches", json=body)


class TestContinue:
    def test_a_finished_game_two_match_is_continued_on_its_published_map(
        self, tmp_path: Path
    ) -> None:
        """Decisions N221 and N227: the new match starts on the published map, and its
        record holds the record of the match it continues."""
        with serving(tmp_path) as (client, store):
            first = finished_game_two(client, store)
            assert client.get(f"/api/matches/{first}").json()["continuable"] is True
            answer = follow(client, first)
            assert answer.status_code == 201, answer.text
            second = answer.json()["id"]
            summary = client.get(f"/api/matches/{second}").json()
            assert summary["continues"] == first and summary["continuable"] is False
            before, _ = store.state(first)
            after, _ = store.state(second)
            assert after.view(None)["published"] == before.view(None)["published"]
            assert store.record(second).continues == store.record(first)
            store.forget(second)  # rebuilt from the database alone, the chain replayed
            assert store.state(second)[0] == after
            assert replay(store.record(second)) == after

    def test_the_campaign_serves_each_games_map(self, tmp_path: Path) -> None:
        with serving(tmp_path) as (client, store):
            first = finished_game_two(client, store)
            second = follow(client, first).json()["id"]
            games = client.get(f"/api/matches/{second}/campaign").json()["games"]
            assert [g["id"] for g in games] == [first, second]
            assert [g["over"] for g in games] == [True, False]
            assert games[0]["view"]["published"] == games[1]["view"]["published"]
            assert client.get("/api/matches/nosuchmatch/campaign").status_code == 404

    def test_bots_play_the_next_game_and_its_replay_starts_on_the_grown_map(
        self, tmp_path: Path
    ) -> None:
        """The bots' workers and the replay start a continued match where the match it
        continues ended, not from a fresh map."""
        with serving(tmp_path) as (client, store):
            first = finished_game_two(client, store)
            seats = [{"bot": "greedy"}, {"bot": "random"}]
            second = follow(client, first, players=2, seats=seats).json()["id"]
            deadline = time.monotonic() + 120
            while store.info(second).status != "over":
                assert time.monotonic() < deadline, "the bots did not finish the next game"
                time.sleep(0.05)
            step = client.get(f"/api/matches/{second}/replay", params={"step": 0}).json()
            assert step["view"]["published"] == store.state(first)[0].view(None)["published"]
            assert replay(store.record(second)).is_over


class TestRefused:
    def test_an_unknown_match_is_404(self, tmp_path: Path) -> None:
        with serving(tmp_path) as (client, _store):
            answer = follow(client, "nosuchmatch")
            assert answer.status_code == 404 and "no match" in answer.json()["error"]

    @pytest.mark.parametrize("given", [7, ["a"], {"id": "x"}, True])
    def test_continues_is_an_id(self, tmp_path: Path, given: Any) -> None:
        with serving(tmp_path) as (client, _store):
            answer = follow(client, given)
            assert answer.status_code == 400 and "'continues'" in answer.json()["error"]

    def test_a_match_still_played_is_409(self, tmp_path: Path) -> None:
        with serving(tmp_path) as (client, _store):
            first = create(client, "nile", [None, None], seed=5, options=GAME_II)["id"]
            answer = follow(client, first)
            assert answer.status_code == 409 and "still being played" in answer.json()["error"]

    def test_a_match_of_another_game_is_refused(self, tmp_path: Path) -> None:
        with serving(tmp_path) as (client, store):
            other = create(client, "expedition", [None, None], seed=4)["id"]
            finish(store, other)
            answer = follow(client, other)
            assert answer.status_code == 400
            assert "a match of expedition, not of nile" in answer.json()["error"]

    def test_a_game_one_match_is_refused_citing_the_rule(self, tmp_path: Path) -> None:
        """Decision N220: Game I has no campaign (2.3, 30.0)."""
        with serving(tmp_path) as (client, store):
            game_one = {"game": 1, "turn_limit": 1}
            first = create(client, "nile", [None, None], seed=5, options=game_one)["id"]
            finish(store, first)
            assert client.get(f"/api/matches/{first}").json()["continuable"] is False
            answer = follow(client, first)
            assert answer.status_code == 400
            assert "2.3 and 30.0" in answer.json()["error"]

    def test_the_next_match_is_game_two(self, tmp_path: Path) -> None:
        with serving(tmp_path) as (client, store):
            first = finished_game_two(client, store)
            answer = follow(client, first, options={"game": 1})
            assert answer.status_code == 400
            assert "Game II" in answer.json()["error"] and "2.3 and 30.0" in answer.json()["error"]
