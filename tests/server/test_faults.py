"""A failing database or disk: refused at start where that can be known, refused per request
with a clear message where it cannot, the pages kept, and play going on by itself once the
fault goes (docs/web.md, "Security")."""

from __future__ import annotations

import json
import logging
import os
import resource
import sqlite3
import stat
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError
from starlette.testclient import TestClient

import terra
from terra.store import MatchStore, SeatInfo, open_engine
from terra.store.database import DatabaseError, default_url
from terra.store.faults import Fault, StoreUnavailable, fault_of
from terra.store.matches import hash_token
from terra.store.writing import DriverWriting
from tests.server.tables import FAST, connect, create, receive, serving, token
from tests.server.test_sigkill import WAIT, page, server, update


def a_database_with_matches(path: Path, matches: int = 30) -> MatchStore:
    store = MatchStore(open_engine(f"sqlite:///{path}"))
    for seed in range(matches):
        state = terra.game("africana").new(2, seed)
        store.create_match(state, [SeatInfo(0, "Ann", None), SeatInfo(1, "Ben", None)])
    return store


def damage(path: Path) -> None:
    """Overwrite the pages after the first two with noise (the header and schema stay)."""
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    size = path.stat().st_size
    with path.open("r+b") as file:
        file.seek(2 * 4096)
        file.write(os.urandom(size - 2 * 4096))


def serve_command(database: str) -> subprocess.CompletedProcess[str]:
    """``terra serve`` on ``database``, expected to refuse it before it listens."""
    command = [sys.executable, "-c", "from terra.cli.main import main; main()", "serve"]
    command += ["--port", "1", "--database", database, "--no-open"]
    return subprocess.run(command, check=False, capture_output=True, text=True, timeout=WAIT)


class TestAtStart:
    def test_a_new_database_file_is_its_owners_only(self, tmp_path: Path) -> None:
        path = tmp_path / "matches.sqlite3"
        store = a_database_with_matches(path, matches=2)
        wal = path.with_name(path.name + "-wal")
        assert wal.exists()
        for file in (path, wal):
            assert stat.S_IMODE(file.stat().st_mode) == 0o600, file
        store.engine.dispose()

    def test_the_default_folder_is_its_owners_only(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
        url = default_url()
        folder = Path(url.removeprefix("sqlite:///")).parent
        assert folder.is_relative_to(tmp_path)
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700

    def test_a_damaged_database_is_refused_with_one_line(self, tmp_path: Path) -> None:
        path = tmp_path / "matches.sqlite3"
        a_database_with_matches(path).engine.dispose()
        damage(path)
        with pytest.raises(DatabaseError, match=r"is damaged .*restore it from a backup"):
            open_engine(f"sqlite:///{path}")
        refused = serve_command(f"sqlite:///{path}")
        assert refused.returncode == 1
        assert len(refused.stderr.strip().splitlines()) == 1, refused.stderr
        assert "is damaged" in refused.stderr and "Traceback" not in refused.stderr

    def test_a_read_only_database_is_refused_with_one_line(self, tmp_path: Path) -> None:
        path = tmp_path / "matches.sqlite3"
        a_database_with_matches(path, matches=1).engine.dispose()
        url = f"sqlite:///file:{path}?mode=ro&uri=true"
        with pytest.raises(DatabaseError, match="readonly"):
            open_engine(url)
        refused = serve_command(url)
        assert refused.returncode == 1
        assert len(refused.stderr.strip().splitlines()) == 1, refused.stderr
        assert "readonly" in refused.stderr


class TestWhatAFaultMeans:
    """The errors SQLite really raises, each read as the fault a player is told of."""

    def test_a_lock_held_elsewhere_is_busy(self, tmp_path: Path) -> None:
        path = tmp_path / "locked.sqlite3"
        holder = sqlite3.connect(path, isolation_level=None)
        holder.execute("CREATE TABLE t (x)")
        holder.execute("BEGIN IMMEDIATE")
        other = sqlite3.connect(path, timeout=0.01, isolation_level=None)
        with pytest.raises(sqlite3.OperationalError) as error:
            other.execute("BEGIN IMMEDIATE")
        assert fault_of(error.value) is Fault.BUSY
        holder.execute("ROLLBACK")

    def test_a_damaged_file_is_damaged(self, tmp_path: Path) -> None:
        path = tmp_path / "damaged.sqlite3"
        a_database_with_matches(path).engine.dispose()
        damage(path)
        with pytest.raises(sqlite3.DatabaseError) as error:
            sqlite3.connect(path).execute("SELECT * FROM seats").fetchall()
        assert fault_of(error.value) is Fault.DAMAGED

    def test_a_read_only_file_is_read_only(self, tmp_path: Path) -> None:
        path = tmp_path / "read-only.sqlite3"
        sqlite3.connect(path).execute("CREATE TABLE t (x)")
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        with pytest.raises(sqlite3.OperationalError) as error:
            connection.execute("INSERT INTO t VALUES (1)")
        assert fault_of(error.value) is Fault.READ_ONLY

    def test_a_full_disk_is_full(self) -> None:
        assert fault_of(OSError(28, "No space left on device")) is Fault.FULL
        assert fault_of(sqlite3.OperationalError("database or disk is full")) is Fault.FULL


@pytest.fixture
def locked(
    tmp_path: Path,
) -> Iterator[tuple[TestClient, dict[str, Any], sqlite3.Connection]]:
    """A server on a SQLite file whose statements wait 0.3 s for a lock, a match of two people,
    and a switch that makes another program hold the database's write lock."""
    path = tmp_path / "matches.sqlite3"
    store = MatchStore(open_engine(f"sqlite:///{path}", busy_timeout=0.3))
    holder = sqlite3.connect(path, isolation_level=None)
    with serving(tmp_path, FAST, store=store) as (client, _):
        created = create(client, "expedition", [None, None], seed=2)
        yield client, created, holder
    holder.close()


class TestALockedDatabase:
    def test_a_move_is_refused_as_busy_and_the_page_stays(
        self, locked: tuple[TestClient, dict[str, Any], sqlite3.Connection]
    ) -> None:
        client, created, holder = locked
        with connect(client, created["id"], token(created, 0)) as seat:
            first = receive(seat)
            move = {"type": "move", "action": first["legal"][0]["text"], "moves": 0}
            holder.execute("BEGIN IMMEDIATE")
            seat.send_json(move)
            refused = receive(seat)
            assert refused["type"] == "error" and refused["unavailable"] is True
            assert refused["message"] == Fault.BUSY.value
            response = client.post("/api/matches", json={"game": "africa", "players": 2})
            assert response.status_code == 503
            assert response.json()["error"] == Fault.BUSY.value
            holder.execute("ROLLBACK")
            seat.send_json(move)  # the same page, the same move: played now
            played = receive(seat)
            assert played["type"] == "update" and played["moves"] == 1

    def test_the_event_loop_serves_others_while_a_move_waits(self, tmp_path: Path) -> None:
        """The move's statement waits for the lock in a thread; the lobby answers meanwhile.
        Were the wait on the event loop, the lobby would answer only after the move failed."""
        path = tmp_path / "matches.sqlite3"
        store = MatchStore(open_engine(f"sqlite:///{path}", busy_timeout=60))
        holder = sqlite3.connect(path, isolation_level=None)
        with serving(tmp_path, FAST, store=store) as (client, _):
            created = create(client, "expedition", [None, None], seed=2)
            with connect(client, created["id"], token(created, 0)) as seat:
                first = receive(seat)
                holder.execute("BEGIN IMMEDIATE")
                action = first["legal"][0]["text"]
                seat.send_json({"type": "move", "action": action, "moves": 0})
                assert client.get("/api/games").status_code == 200
                assert store.info(created["id"]).moves == 0  # the move still waits
                holder.execute("ROLLBACK")
                played = receive(seat)
                assert played["type"] == "update" and played["moves"] == 1
        holder.close()


@pytest.mark.slow
def test_a_full_disk_refuses_moves_and_play_resumes_when_it_has_room(tmp_path: Path) -> None:
    """The server's files may not grow (its file size limit is set to nothing, as a full disk
    would): a move is refused with a message and the page stays; with room again, the same
    page plays on."""
    database = tmp_path / "matches.sqlite3"
    with server(database) as (process, base):
        body = {"game": "africana", "players": 2, "seed": 3, "hotseat": True}
        created = httpx.post(f"{base}/api/matches", json=body, timeout=WAIT).json()
        tokens = [s["invite"].rpartition("token=")[2] for s in created["seats"]]
        with ExitStack() as stack:
            seats = [stack.enter_context(page(base, created["id"], t)) for t in tokens]
            updates = [update(s) for s in seats]

            def move() -> dict[str, Any]:
                mover = updates[0]["to_move"]
                text = updates[mover]["legal"][0]["text"]
                message = {"type": "move", "action": text, "moves": updates[0]["moves"]}
                seats[mover].send(json.dumps(message))
                answer: dict[str, Any] = json.loads(seats[mover].recv(timeout=WAIT))
                return answer

            unlimited = resource.prlimit(process.pid, resource.RLIMIT_FSIZE)
            resource.prlimit(process.pid, resource.RLIMIT_FSIZE, (0, unlimited[1]))
            refused = move()
            assert refused["type"] == "error" and refused.get("unavailable") is True, refused
            assert refused["message"] in (Fault.FULL.value, Fault.DISK.value)
            resource.prlimit(process.pid, resource.RLIMIT_FSIZE, unlimited)
            played = move()
            assert played["type"] == "update" and played["moves"] == updates[0]["moves"] + 1


def test_the_write_ahead_log_is_cut_back_under_continuous_load(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Moves and reads that never stop kept the log from starting over, and its file only ever
    grew (97.5 MB beside a 5.2 MB database). Now it is cut back while the load goes on."""
    monkeypatch.setattr(DriverWriting, "TRUNCATE_EVERY", 25)
    path = tmp_path / "matches.sqlite3"
    store = a_database_with_matches(path, matches=1)
    state = terra.game("africana").new(2, 0)
    seats = [SeatInfo(0, "Ann", None), SeatInfo(1, "Ben", None)]
    match_id, _ = store.create_match(state.clone(), seats)
    stop = threading.Event()

    def read() -> None:
        while not stop.is_set():
            with store.engine.connect() as connection:
                connection.execute(text("SELECT count(*) FROM moves")).scalar()

    readers = [threading.Thread(target=read) for _ in range(2)]
    for reader in readers:
        reader.start()
    wal = path.with_name(path.name + "-wal")
    sizes = []
    try:
        for number in range(1200):
            action = state.legal_action_strs()[number % len(state.legal_actions())]
            state.play(action)
            store.append_move(match_id, number, action, None)
            if number % 25 == 0:
                sizes.append(wal.stat().st_size)
    finally:
        stop.set()
        for reader in readers:
            reader.join()
    store.engine.dispose()
    # 25 moves write some 400 KB to the log; before, it grew by as much every 25 moves.
    assert max(sizes) < 2 * 1024 * 1024, f"the log reached {max(sizes):,} bytes"


def test_an_error_never_shows_the_parameters_of_its_statement(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A failing statement's message and the server's log leave out its values (a token's
    hash is one)."""
    store = a_database_with_matches(tmp_path / "matches.sqlite3", matches=1)
    secret = hash_token("the-token-of-seat-0")
    with store.engine.begin() as connection:
        connection.execute(text("DROP TABLE seats"))
    with pytest.raises(SQLAlchemyError) as error, store.engine.connect() as connection:
        connection.execute(text("SELECT * FROM seats WHERE token_hash = :h"), {"h": secret})
    assert secret not in str(error.value)
    with caplog.at_level(logging.DEBUG), pytest.raises(StoreUnavailable):
        store.seat_of("abc", "the-token-of-seat-0")
    assert caplog.records and secret not in caplog.text
    store.engine.dispose()
