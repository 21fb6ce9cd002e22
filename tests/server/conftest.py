"""Fixtures of the server's tests."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest

from terra.server.bots import BotPool


@pytest.fixture(autouse=True)
def quick_thread_handoffs() -> Iterator[None]:
    """The test client runs the server in a thread of its own and every message crosses
    between the two threads; with the interpreter's default switch interval (5 ms) each
    crossing may wait that long, which made whole games several times slower."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(0.0002)
    yield
    sys.setswitchinterval(interval)


@pytest.fixture(scope="module")
def pool() -> Iterator[BotPool]:
    """One bot process for a module's tests: starting one costs more than a short game."""
    bots = BotPool(1)
    try:
        yield bots
    finally:
        bots.close()
