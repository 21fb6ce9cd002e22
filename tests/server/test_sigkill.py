"""``kill -9`` the server in the middle of games: every acknowledged move survives, and the
games go on when it starts again."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import WebSocketException
from websockets.sync.client import ClientConnection, connect

from terra.store import MatchStore, open_engine

MATCHES = 3
ACKNOWLEDGED_BEFORE_KILL = 60
WAIT = 60.0  # seconds any single step may take before the test gives up


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def server(database: Path, *options: str) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """``terra serve`` on ``database`` with ``options``, on a free port, once it answers;
    killed at the end if it still runs. What it writes to stderr is kept beside the database
    and shown if it stops before it answers."""
    port = free_port()
    command = [sys.executable, "-c", "from terra.cli.main import main; main()", "serve"]
    command += ["--port", str(port), "--database", f"sqlite:///{database}", "--no-open"]
    errors = database.with_name(database.name + ".stderr")
    with errors.open("wb") as sink:
        process = subprocess.Popen([*command, *options], stdout=subprocess.DEVNULL, stderr=sink)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + WAIT
        while True:
            assert process.poll() is None, f"terra serve stopped: {errors.read_text()}"
            try:
                httpx.get(f"{base}/api/games", timeout=1.0).raise_for_status()
                break
            except httpx.HTTPError:
                assert time.monotonic() < deadline, "terra serve did not answer"
                time.sleep(0.1)
        yield process, base
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()


def page(base: str, match_id: str, token: str) -> ClientConnection:
    return connect(f"{base.replace('http', 'ws')}/ws/{match_id}?token={token}", open_timeout=WAIT)


def update(connection: ClientConnection) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(connection.recv(timeout=WAIT))
        assert message["type"] == "update", message
        return message


class Player:
    """Both seats of one match, moving at random; remembers each acknowledged move."""

    def __init__(self, base: str, match: dict[str, Any], seed: int) -> None:
        self.base = base
        self.match = match
        self.rng = random.Random(seed)
        self.acknowledged: list[str] = []

    def tokens(self) -> list[str]:
        return [s["invite"].rpartition("token=")[2] for s in self.match["seats"]]

    def play(self, moves: int | None = None) -> None:
        """Play ``moves`` moves, or until the connection breaks."""
        with ExitStack() as stack:
            pages = [
                stack.enter_context(page(self.base, self.match["id"], t)) for t in self.tokens()
            ]
            self._play(pages, moves)

    def _play(self, pages: list[ClientConnection], moves: int | None) -> None:
        try:
            updates = [update(p) for p in pages]
            while moves is None or moves > 0:
                mover = updates[0]["to_move"]
                text = self.rng.choice(updates[mover]["legal"])["text"]
                pages[mover].send(
                    json.dumps({"type": "move", "action": text, "moves": updates[0]["moves"]})
                )
                updates = [update(p) for p in pages]
                assert updates[mover]["moves"] == updates[0]["moves"]
                self.acknowledged.append(text)  # the update is the acknowledgement
                if moves is not None:
                    moves -= 1
        except (WebSocketException, OSError, TimeoutError):
            if moves is not None:
                raise


@pytest.mark.slow
def test_acknowledged_moves_survive_a_sigkill(tmp_path: Path) -> None:
    database = tmp_path / "matches.sqlite3"
    with server(database) as (process, base):
        players = []
        for seed in range(MATCHES):
            # The test plays both seats: a hot seat, the match that may have its seed chosen.
            body = {"game": "africana", "players": 2, "seed": seed, "hotseat": True}
            response = httpx.post(f"{base}/api/matches", json=body, timeout=WAIT)
            players.append(Player(base, response.json(), seed))
        threads = [threading.Thread(target=p.play, daemon=True) for p in players]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + WAIT
        while sum(len(p.acknowledged) for p in players) < ACKNOWLEDGED_BEFORE_KILL:
            assert time.monotonic() < deadline, "the games did not get going"
            time.sleep(0.01)
        os.kill(process.pid, signal.SIGKILL)
        for thread in threads:
            thread.join(WAIT)
    store = MatchStore(open_engine(f"sqlite:///{database}"))
    for player in players:
        stored = store.actions(player.match["id"])
        # Every acknowledged move is there; one more may be, committed but not acknowledged.
        assert stored[: len(player.acknowledged)] == player.acknowledged
        assert len(stored) - len(player.acknowledged) in (0, 1)
    with server(database) as (_, base):
        for player in players:
            player.base = base
            before = len(store.actions(player.match["id"]))
            player.play(moves=3)
            assert len(store.actions(player.match["id"])) == before + 3
