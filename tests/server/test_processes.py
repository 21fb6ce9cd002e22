"""``terra serve`` leaves no process behind: stopped by SIGTERM or Ctrl-C it stops its bot
workers first, and killed by SIGKILL its workers end by themselves."""

from __future__ import annotations

import signal
import time
from contextlib import AbstractContextManager
from pathlib import Path
from subprocess import Popen

import httpx
import pytest

from tests.processes import command_line, cpu_seconds, descendants, describe, wait_until_gone
from tests.server.test_sigkill import server

WAIT = 60.0  # seconds any single step may take before the test gives up
GONE = 10.0  # seconds the processes of a stopped server may take to end


def serving(folder: Path, *options: str) -> AbstractContextManager[tuple[Popen[bytes], str]]:
    """``terra serve`` with ``options`` on a new database in ``folder``, once it answers."""
    return server(folder / "matches.sqlite3", *options)


# Ceilings far above a search that takes minutes: whatever stops the server, a worker is
# in the middle of a decision.
LONG_SEARCH = ("--bot-seconds", "600", "--bot-iterations", "1000000", "--bot-workers", "1")


def bot_workers_of(server: int) -> set[int]:
    return {pid for pid in descendants(server) if "spawn_main" in command_line(pid)}


def start_a_long_search(base: str, server: int) -> None:
    """A match of bots that search for minutes, once a worker is searching."""
    body = {"game": "africa", "players": 5, "seats": [{"bot": "mcts:1000000"}] * 5}
    response = httpx.post(f"{base}/api/matches", json=body, timeout=WAIT)
    assert response.status_code == 201, response.text
    deadline = time.monotonic() + WAIT
    while not (workers := bot_workers_of(server)) or max(map(cpu_seconds, workers)) < 3:
        # Starting takes a second of work at most; beyond it, the worker is searching.
        assert time.monotonic() < deadline, "no bot worker searched"
        time.sleep(0.1)


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_stopped_server_stops_its_bot_workers(tmp_path: Path, stop: signal.Signals) -> None:
    with serving(tmp_path, *LONG_SEARCH) as (server, base):
        start_a_long_search(base, server.pid)
        started = descendants(server.pid)
        server.send_signal(stop)
        server.wait(WAIT)
    left = wait_until_gone(started, GONE)
    assert not left, describe(left)


def test_the_workers_of_a_killed_server_end_by_themselves(tmp_path: Path) -> None:
    """Even one in the middle of a long search."""
    with serving(tmp_path, *LONG_SEARCH) as (server, base):
        start_a_long_search(base, server.pid)
        started = descendants(server.pid)
        server.kill()
        server.wait(WAIT)
    left = wait_until_gone(started, GONE)
    assert not left, describe(left)
