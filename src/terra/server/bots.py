"""Bots at the table: their moves are worked out in worker processes, never on the event loop.

Each worker keeps the states of the matches it has played in, so a bot's move costs the
moves since its last one, not a replay of the whole match.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import random
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from terra.ai.bots import make_bot
from terra.core.game import SEED_BITS
from terra.core.record import Record
from terra.core.registry import game as find_game
from terra.core.state import GameState

_WORKER_STATES: dict[str, tuple[int, GameState]] = {}
_WORKER_CACHE_SIZE = 256


def bot_seed(match_seed: int, move: int) -> int:
    """The seed of the bot's decision at move number ``move`` of a match: the same match
    replays the same bot moves."""
    return random.Random(f"{match_seed}:{move}").getrandbits(SEED_BITS - 1)


def choose_move(match_id: str, record: Record, bot: str) -> str:
    """The notation of ``bot``'s move in the position after ``record``'s actions."""
    moves = len(record.actions)
    cached = _WORKER_STATES.pop(match_id, None)
    if cached is not None and cached[0] <= moves:
        done, state = cached
    else:
        done = 0
        state = find_game(record.game).new(record.players, record.seed, dict(record.options))
    for text in record.actions[done:]:
        state.play(text)
    action = make_bot(bot, bot_seed(record.seed, moves)).choose(state)
    text = state.action_str(action)
    _WORKER_STATES[match_id] = (moves, state)
    if len(_WORKER_STATES) > _WORKER_CACHE_SIZE:
        del _WORKER_STATES[next(iter(_WORKER_STATES))]
    return text


class BotPool:
    """A process pool for bots' moves, started on first use."""

    def __init__(self, workers: int = 1, executor: Executor | None = None) -> None:
        self._workers = workers
        self._executor = executor
        self._owned = executor is None  # an executor handed in is closed by its owner

    def _pool(self) -> Executor:
        if self._executor is None:
            # A forked child of a threaded server can inherit a held lock; start workers clean.
            context = multiprocessing.get_context("spawn")
            self._executor = ProcessPoolExecutor(self._workers, mp_context=context)
        return self._executor

    async def choose(self, match_id: str, record: Record, bot: str) -> str:
        """The bot's move, computed in a worker process."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool(), choose_move, match_id, record, bot)
        except BrokenProcessPool:
            if not self._owned:
                raise
            # A worker died (killed, out of memory); a new pool serves every match again.
            self._executor = None
            return await loop.run_in_executor(self._pool(), choose_move, match_id, record, bot)

    def close(self) -> None:
        if self._executor is not None and self._owned:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


__all__ = ["BotPool", "bot_seed", "choose_move"]
