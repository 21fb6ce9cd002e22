"""The store on PostgreSQL: servers that migrate at once, moves announced exactly when they
commit, a listening connection that comes back, and a missing driver named plainly."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from importlib import resources

import psycopg
import pytest
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import text

import terra
from terra.store import MatchStore, SeatInfo, StaleMove, open_engine
from terra.store.database import DatabaseError
from terra.store.faults import Fault, StoreUnavailable
from terra.store.notices import CHANNEL, MoveNotices, Notice, Talk, parse, payload
from terra.store.throwaway import Cluster
from tests.postgres import terminate_listeners


def newest_revision() -> str:
    """The revision the store's migrations end at."""
    config = Config()
    config.set_main_option("script_location", str(resources.files("terra.store") / "migrations"))
    head = ScriptDirectory.from_config(config).get_current_head()
    assert head is not None
    return head


PEOPLE = [SeatInfo(0, "Ann", None), SeatInfo(1, "Bo", None)]
WAIT = 10.0


@pytest.fixture
def store(postgres_url: str) -> Iterator[MatchStore]:
    store = MatchStore(open_engine(postgres_url))
    yield store
    store.engine.dispose()


def new_match(store: MatchStore) -> str:
    match_id, _ = store.create_match(terra.game("expedition").new(2, seed=5), PEOPLE)
    return match_id


def play_first_legal(store: MatchStore, match_id: str) -> int:
    state, seen = store.state(match_id)
    return store.append_move(match_id, seen, state.legal_action_strs()[0], None).moves


class TestMigrations:
    def test_two_servers_starting_at_once_both_migrate_without_error(
        self, postgres_url: str
    ) -> None:
        # Each imports everything first, then all open the database together.
        code = (
            "import sys; from terra.store import open_engine; print('ready', flush=True); "
            f"sys.stdin.readline(); open_engine({postgres_url!r})"
        )
        starts = [
            subprocess.Popen(
                [sys.executable, "-c", code],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for _ in range(4)
        ]
        for start in starts:
            assert start.stdout is not None and start.stdout.readline() == "ready\n"
        for start in starts:
            assert start.stdin is not None
            start.stdin.write("go\n")
            start.stdin.flush()
        errors = [start.communicate(timeout=120)[1] for start in starts]
        assert [start.returncode for start in starts] == [0] * 4, errors
        with psycopg.connect(postgres_url) as connection:
            versions = connection.execute("SELECT version_num FROM alembic_version").fetchall()
        assert versions == [(newest_revision(),)]


class TestAnnouncements:
    def test_a_committed_move_is_announced_and_a_refused_one_is_not(
        self, store: MatchStore, postgres_url: str
    ) -> None:
        match_id = new_match(store)
        with psycopg.connect(postgres_url, autocommit=True) as listener:
            listener.execute(f"LISTEN {CHANNEL}")
            play_first_legal(store, match_id)
            with pytest.raises(StaleMove):
                store.append_move(match_id, 0, "pass", None)
            heard = [n.payload for n in listener.notifies(timeout=1.0)]
        assert heard == [payload(match_id, 1, action=store.actions(match_id)[0])]

    def test_a_move_of_a_transaction_rolled_back_is_never_announced(
        self, store: MatchStore, postgres_url: str
    ) -> None:
        """The notice goes out with the commit: a transaction that fails after sending it
        sends nothing."""
        with psycopg.connect(postgres_url, autocommit=True) as listener:
            listener.execute(f"LISTEN {CHANNEL}")
            with store.engine.connect() as connection, connection.begin() as transaction:
                connection.execute(text("SELECT pg_notify(:c, 'x:1')"), {"c": CHANNEL})
                transaction.rollback()
            assert list(listener.notifies(timeout=0.5)) == []

    def test_notices_are_read_back_and_foreign_text_is_ignored(self) -> None:
        assert parse(payload("a-b_c", 12)) == Notice("a-b_c", 12)
        assert parse(payload("a-b_c", 3, back=True)) == Notice("a-b_c", 3, back=True)
        carried = payload("a-b_c", 12, action="pay 2 = 1: x")
        assert parse(carried) == Notice("a-b_c", 12, action="pay 2 = 1: x")
        assert parse(payload("m", 1, action="x" * 5000)) == Notice("m", 1)  # too long to carry
        assert parse("m:1:back=x") is None
        assert parse("m:chat:1=x") is None
        assert parse("m:1=") is None
        assert parse("hello") is None
        assert parse("x:") is None
        assert parse(":3") is None
        assert parse("x:٣") is None


class TestListening:
    def test_the_listener_hears_moves_and_comes_back_when_its_connection_is_killed(
        self, store: MatchStore, postgres_url: str
    ) -> None:
        match_id = new_match(store)

        async def listen() -> list[Notice | Talk | None]:
            notices = MoveNotices(store.engine, retry=0.05)
            heard: list[Notice | Talk | None] = []
            stream = aiter(notices)
            heard.append(await asyncio.wait_for(anext(stream), WAIT))  # connected
            await asyncio.to_thread(play_first_legal, store, match_id)
            heard.append(await asyncio.wait_for(anext(stream), WAIT))
            killed = await asyncio.to_thread(terminate_listeners, postgres_url)
            assert killed == 1
            heard.append(await asyncio.wait_for(anext(stream), WAIT))  # connected again
            await asyncio.to_thread(play_first_legal, store, match_id)
            heard.append(await asyncio.wait_for(anext(stream), WAIT))
            await stream.aclose()  # type: ignore[attr-defined]
            assert notices.connections == 2
            return heard

        heard = asyncio.run(listen())
        first, second = store.actions(match_id)
        assert heard == [
            None,
            Notice(match_id, 1, action=first),
            None,
            Notice(match_id, 2, action=second),
        ]


class TestRestart:
    def test_a_restarted_database_costs_no_move(self) -> None:
        """The writers' connections, several of them open, are all dropped by the restart: the
        next move begins again on a new connection instead of failing, and is stored once."""
        cluster = Cluster.start()
        store = MatchStore(open_engine(cluster.create_database("restarted")))
        try:
            matches = [new_match(store) for _ in range(4)]
            with ThreadPoolExecutor(len(matches)) as writers:
                assert list(writers.map(lambda m: play_first_legal(store, m), matches)) == [1] * 4
            cluster.restart()
            for match_id in matches:
                assert play_first_legal(store, match_id) == 2
            assert play_first_legal(store, matches[0]) == 3
            assert [len(store.actions(m)) for m in matches] == [3, 2, 2, 2]
        finally:
            store.engine.dispose()
            cluster.stop()

    def test_a_database_that_refuses_connections_refuses_the_move_plainly(
        self, store: MatchStore, postgres: Cluster, postgres_url: str
    ) -> None:
        match_id = new_match(store)
        play_first_legal(store, match_id)
        name = postgres_url.rpartition("/")[2]
        postgres.sql(f"ALTER DATABASE {name} ALLOW_CONNECTIONS false")
        postgres.sql(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            f" WHERE datname = '{name}' AND pid <> pg_backend_pid()"
        )
        try:
            with pytest.raises(StoreUnavailable) as refused:
                store.append_move(match_id, 1, "pass", None)
            assert refused.value.fault is Fault.UNREACHABLE
        finally:
            postgres.sql(f"ALTER DATABASE {name} ALLOW_CONNECTIONS true")
        assert play_first_legal(store, match_id) == 2


class TestOpening:
    def test_postgresql_without_its_driver_names_the_extra_to_install(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.setitem(sys.modules, "psycopg", None)  # as if it were not installed
        with pytest.raises(DatabaseError) as refused:
            open_engine("postgresql://someone@localhost/terra")
        message = str(refused.value)
        assert "\n" not in message
        assert "psycopg" in message and "pip install 'terra-incognita[postgres]'" in message

    def test_a_server_that_does_not_answer_is_a_clear_error(self) -> None:
        with pytest.raises(DatabaseError, match=r"cannot open database .*127\.0\.0\.1:1/"):
            open_engine("postgresql://postgres@127.0.0.1:1/terra")

    def test_an_unknown_database_is_a_clear_error(self, postgres: Cluster) -> None:
        with pytest.raises(DatabaseError, match='database "no_such_db" does not exist'):
            open_engine(postgres.url("no_such_db"))
