"""A bot thinks within the server's limits: a match may not ask for more, a match stored with
more is played at the limits, and a decision past its deadline is cut and played by greedy,
without holding up any other match."""

from __future__ import annotations

import logging
import os
import signal
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

import terra
from terra.ai.bots import BOTS, SEARCH_BOTS
from terra.ai.budget import MOST_ITERATIONS, MOST_SECONDS
from terra.server.app import create_app
from terra.server.bots import BotLimits, canonical, choose_move
from terra.server.tables import Settings
from terra.store import MatchStore, SeatInfo, open_engine
from terra.store.models import Seat
from tests.processes import command_line, descendants
from tests.server.tables import FAST, TEST_SITE, create, serving

WAIT = 60.0  # seconds any single step may take before the test gives up
GAME = "expedition"

# A million iterations take minutes, far beyond a hundredth of a second and a second's margin:
# every decision of this bot overruns its deadline.
OVERRUNNING = "mcts:1000000"
TINY = Settings(
    burst=1e9,
    rate=1e9,
    bot_workers=1,
    bot_seconds=0.01,
    bot_iterations=MOST_ITERATIONS,
    bot_margin=1.0,
)


def refusal(settings: Settings, bot: str, tmp_path: Path) -> tuple[int, str]:
    with serving(tmp_path, settings) as (client, _):
        body = {"game": GAME, "players": 2, "seats": [{}, {"bot": bot}]}
        response = client.post("/api/matches", json=body)
    return response.status_code, response.json().get("error", "")


def wait_until(what: str, done: Callable[[], bool]) -> None:
    deadline = time.monotonic() + WAIT
    while not done():
        assert time.monotonic() < deadline, what
        time.sleep(0.02)


class TestCeilings:
    def test_a_bot_thinking_longer_than_the_server_allows_is_refused(self, tmp_path: Path) -> None:
        status, error = refusal(FAST, "mcts:20s", tmp_path)
        assert status == 400
        assert error == (
            "seat 1: 'mcts:20s' thinks 20s a move; this server allows at most 5s "
            "(terra serve --bot-seconds)"
        )
        assert refusal(FAST, "ismcts:3600s", tmp_path)[0] == 400

    def test_a_search_longer_than_the_server_allows_is_refused(self, tmp_path: Path) -> None:
        status, error = refusal(FAST, "ismcts:100000", tmp_path)
        assert status == 400
        assert error == (
            "seat 1: 'ismcts:100000' searches 100,000 iterations a move; this server allows at "
            "most 5,000 (terra serve --bot-iterations)"
        )

    def test_the_ceilings_are_the_servers_own(self, tmp_path: Path) -> None:
        lower = Settings(bot_workers=1, bot_seconds=0.5, bot_iterations=100)
        with serving(tmp_path, lower) as (client, _):
            listed = client.get("/api/games").json()["games"]
        # The lobby offers its search bots at a second a move, or as long as it allows.
        assert all(g["bots"] == ["greedy", "ismcts:0.5s", "mcts:0.5s", "random"] for g in listed)
        assert "at most 0.5s" in refusal(lower, "mcts:1s", tmp_path)[1]
        assert "at most 100 " in refusal(lower, "mcts:101", tmp_path)[1]
        assert refusal(lower, "mcts:500ms", tmp_path)[0] == 201
        assert refusal(lower, "mcts:100", tmp_path)[0] == 201


class TestStoredNames:
    def test_a_bot_is_stored_by_its_canonical_name(self, database_url: str) -> None:
        """Zeros in front of a level made a name longer than its column (32 characters)."""
        store = MatchStore(open_engine(database_url))
        asked = ["ismcts:" + "0" * 29 + "1000", "mcts:250ms", "mcts", "random"]
        stored = ["ismcts:1000", "mcts:0.25s", "mcts:1000", "random"]
        try:
            with TestClient(create_app(store, replace(FAST, site=TEST_SITE))) as client:
                # A person moves first: no bot thinks in this test.
                seats = [{"bot": bot, "name": f"Bot {n}"} for n, bot in enumerate(asked)]
                body = {"game": "africa", "players": 5, "seats": [{}, *seats]}
                response = client.post("/api/matches", json=body)
                assert response.status_code == 201, response.text
                match_id = response.json()["id"]
                assert [s["bot"] for s in response.json()["seats"]] == [None, *stored]
            assert [s.bot for s in store.info(match_id).seats] == [None, *stored]
        finally:
            store.engine.dispose()

    def test_no_bot_the_server_accepts_has_a_longer_name_than_its_column(self) -> None:
        column: int = Seat.__table__.c.bot.type.length  # type: ignore[attr-defined]
        longest_levels = [f"{MOST_ITERATIONS}", "0.00123456789s", f"{MOST_SECONDS - 1e-6}s"]
        names = [*BOTS, *(f"{kind}:{level}" for kind in SEARCH_BOTS for level in longest_levels)]
        assert max(len(canonical(name)) for name in names) <= column


class TestPlayedWithinTheLimits:
    def test_a_level_above_the_limits_is_played_at_them(self) -> None:
        limits = BotLimits(seconds=2.0, iterations=300, margin=1.0)
        assert limits.cap("mcts:20s") == "mcts:2s"
        assert limits.cap("ismcts:100000") == "ismcts:300"
        assert limits.cap("ismcts:250ms") == "ismcts:0.25s"
        assert limits.cap("greedy") == "greedy"
        assert limits.deadline("mcts:0.25s") == 1.25  # its own time and the margin
        assert limits.deadline("ismcts:300") == 3.0  # the server's time and the margin

    def test_a_stored_search_above_the_ceiling_searches_as_far_as_the_ceiling(
        self, tmp_path: Path
    ) -> None:
        """Stored before, or by a server with higher limits: played at this server's."""
        state = terra.game(GAME).new(2, seed=8)
        store = MatchStore(open_engine(f"sqlite:///{tmp_path / 'matches.sqlite3'}"))
        seats = [SeatInfo(0, "Bot", "mcts:100000"), SeatInfo(1, "Ann", None)]
        match_id, _ = store.create_match(state.clone(), seats)
        ceiling = Settings(burst=1e9, rate=1e9, bot_workers=1, bot_iterations=200)
        with serving(tmp_path, ceiling) as (_, served):
            wait_until("the bot did not move", lambda: served.info(match_id).moves >= 1)
        searched = choose_move("capped", state.record(), "mcts:200")
        assert searched != choose_move("greedy", state.record(), "greedy")  # it did search
        assert store.actions(match_id)[0] == searched


def test_a_decision_past_its_deadline_is_cut_and_greedy_plays(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    state = terra.game(GAME).new(2, seed=8)
    store = MatchStore(open_engine(f"sqlite:///{tmp_path / 'matches.sqlite3'}"))
    seats = [SeatInfo(0, "Bot", OVERRUNNING), SeatInfo(1, "Ann", None)]
    match_id, _ = store.create_match(state.clone(), seats)
    with (
        caplog.at_level(logging.WARNING, logger="terra.server"),
        serving(tmp_path, TINY) as (_, served),
    ):
        wait_until("the bot did not move", lambda: served.info(match_id).moves >= 1)
    assert store.actions(match_id)[0] == choose_move("greedy", state.record(), "greedy")
    [warning] = [r.getMessage() for r in caplog.records if r.name == "terra.server"]
    assert warning == (
        f"match {match_id}, seat 0: {OVERRUNNING} did not decide within its deadline of "
        "1.01s; its worker was stopped and the greedy move is played instead"
    )


def test_a_match_whose_bot_overruns_does_not_hold_up_another(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Its worker is busy until each deadline; the other worker plays the other match."""
    two_workers = replace(TINY, bot_workers=2)
    with (
        caplog.at_level(logging.WARNING, logger="terra.server"),
        serving(tmp_path, two_workers) as (client, store),
    ):
        slow = create(client, GAME, [OVERRUNNING, OVERRUNNING], seed=2)["id"]
        fast = create(client, GAME, ["random", "random"], seed=3)["id"]
        wait_until("the fast match did not end", lambda: store.info(fast).status == "over")
        wait_until("the slow match did not move", lambda: store.info(slow).moves >= 1)
    cut = [r.getMessage() for r in caplog.records if r.name == "terra.server"]
    assert cut and all(message.startswith(f"match {slow}, seat ") for message in cut)


def bot_workers() -> list[int]:
    """The bot worker processes of this test process."""
    return [pid for pid in descendants(os.getpid()) if "spawn_main" in command_line(pid)]


def test_a_worker_killed_while_matches_wait_is_replaced_and_play_goes_on(
    tmp_path: Path,
) -> None:
    two_workers = Settings(burst=1e9, rate=1e9, bot_workers=2)
    with serving(tmp_path, two_workers) as (client, store):
        # Africana: random bots take thousands of moves to end it.
        matches = [create(client, "africana", ["random", "random"], seed=s)["id"] for s in range(3)]
        wait_until("the bots did not start", lambda: all(store.info(m).moves for m in matches))
        assert len(bot_workers()) == 2
        moves = {m: store.info(m).moves for m in matches}
        victim = bot_workers()[0]
        os.kill(victim, signal.SIGKILL)
        assert all(store.info(m).status == "active" for m in matches)
        wait_until(
            "the bots did not go on",
            lambda: all(store.info(m).moves >= moves[m] + 10 for m in matches),
        )
        workers = bot_workers()
        assert len(workers) == 2 and victim not in workers
        pool: Any = client.app.state.tables.bots  # type: ignore[attr-defined]
        assert sorted(pool.pids()) == sorted(workers)
