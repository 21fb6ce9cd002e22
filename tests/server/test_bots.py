"""Bots at the table: seeded from the match, computed in worker processes that may die."""

from __future__ import annotations

import asyncio
import os
import signal

import terra
from terra.server.bots import BotPool, bot_seed, choose_move

WAIT = 60.0  # seconds a decision may take before the test gives up


def test_a_bot_decision_is_seeded_by_the_match_and_the_move() -> None:
    assert bot_seed(7, 3) == bot_seed(7, 3)
    assert len({bot_seed(7, 3), bot_seed(7, 4), bot_seed(8, 3)}) == 3


def test_a_bot_move_is_legal_and_replays_the_same() -> None:
    state = terra.game("africa").new(2, seed=4)
    for _ in range(5):
        state.play(state.legal_actions()[0])
    record = state.record()
    first = choose_move("match-a", record, "random")
    again = choose_move("match-b", record, "random")  # no cached state: a fresh replay
    assert first == again
    assert first in state.legal_action_strs()


def test_the_pool_starts_again_when_a_worker_dies() -> None:
    record = terra.game("expedition").new(2, seed=1).record()
    pool = BotPool(1)

    async def two_moves() -> tuple[str, str]:
        first = await pool.choose("m", record, "random", WAIT)
        [worker] = pool.pids()
        os.kill(worker, signal.SIGKILL)
        second = await pool.choose("m", record, "random", WAIT)
        assert pool.pids() not in ([], [worker])
        return first, second

    try:
        first, second = asyncio.run(two_moves())
    finally:
        pool.close()
    assert first == second
