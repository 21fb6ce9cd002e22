"""Bots at the table: their moves are worked out in worker processes, never on the event loop,
each within this server's limits.

Each worker keeps the states of the matches it has played in, so a bot's move costs the
moves since its last one, not a replay of the whole match. A decision that overruns its
deadline is cut, its worker replaced, and the game's greedy move is played instead.
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from terra.ai.bots import make_bot
from terra.ai.budget import Budget, parse_budget
from terra.ai.hints import hints, review
from terra.core.errors import TerraError, quote
from terra.core.game import SEED_BITS
from terra.core.record import Record
from terra.core.registry import start
from terra.core.state import GameState
from terra.server.workers import OverrunError, WorkerPool

_WORKER_STATES: dict[str, tuple[int, GameState]] = {}
_WORKER_CACHE_SIZE = 256
_log = logging.getLogger("terra.server")

# The move a seat plays when its bot overran its deadline: quick, and the game's own.
FALLBACK = "greedy"


def bot_seed(match_seed: int, move: int) -> int:
    """The seed of the bot's decision at move number ``move`` of a match: the same match
    replays the same bot moves."""
    return random.Random(f"{match_seed}:{move}").getrandbits(SEED_BITS - 1)


def choose_move(match_id: str, record: Record, bot: str) -> str:
    """The notation of ``bot``'s move in the position after ``record``'s actions."""
    state = _position(match_id, record)
    action = make_bot(bot, bot_seed(record.seed, len(record.actions))).choose(state)
    return state.action_str(action)


def hint_moves(match_id: str, record: Record) -> list[dict[str, Any]]:
    """The search's best moves for the seat to act after ``record``, as a page shows them:
    each move's notation, its share of the search and the evaluation's figures (the same
    search as ``terra play``'s ``hint``, which tells nothing the seat cannot know)."""
    state = _position(match_id, record)
    found = hints(state, seed=bot_seed(record.seed, len(record.actions)))
    return [
        {
            "text": hint.text,
            "share": hint.share,
            "points": hint.points,
            "change": hint.change,
            "rival": hint.rival,
        }
        for hint in found
    ]


def _position(match_id: str, record: Record) -> GameState:
    """The position after ``record``'s actions, from the state this worker kept of the
    match if it has one (its moves since are played on it), kept again for next time."""
    moves = len(record.actions)
    cached = _WORKER_STATES.pop(match_id, None)
    if cached is not None and cached[0] <= moves:
        done, state = cached
    else:
        done = 0
        state = start(record)
    for text in record.actions[done:]:
        state.play(text)
    _WORKER_STATES[match_id] = (moves, state)
    if len(_WORKER_STATES) > _WORKER_CACHE_SIZE:
        del _WORKER_STATES[next(iter(_WORKER_STATES))]
    return state


def review_move(match_id: str, record: Record, step: int) -> dict[str, Any]:
    """A finished match's move number ``step + 1`` looked at again, as the replay shows it:
    who played what, the search's best moves there and the cost of the move played."""
    state = _position(match_id, replace(record, actions=record.actions[:step]))
    played = state.parse_action(record.actions[step])
    found = review(state, played, seed=bot_seed(record.seed, step))
    return {
        "step": step,
        "seat": found.seat,
        "played": found.played,
        "value": found.value,
        "share": found.share,
        "cost": found.cost,
        "best": [{"text": h.text, "share": h.share, "value": h.value} for h in found.best],
    }


# What a worker may be asked: a bot's move, hints for a person, a move reviewed.
_JOBS: dict[str, Callable[..., Any]] = {
    "move": choose_move,
    "hint": hint_moves,
    "review": review_move,
}


def work(job: str, *args: Any) -> Any:
    """Run one job in a worker (the pool's function)."""
    return _JOBS[job](*args)


def budget_of(bot: str) -> Budget | None:
    """The budget of a search bot named as :func:`canonical` names it (None: no search)."""
    kind, colon, level = bot.partition(":")
    return parse_budget(level, kind) if colon else None


def canonical(bot: str) -> str:
    """The one name of the bot ``bot`` names, with its level as ``make_bot`` reads it:
    ``ismcts:0001000`` is ``ismcts:1000``, ``mcts:250ms`` is ``mcts:0.25s``, ``mcts`` is
    ``mcts:1000``. Raises :class:`TerraError` for no bot."""
    return make_bot(bot).name


@dataclass(frozen=True)
class BotLimits:
    """What a bot may spend on one decision on this server, and the margin a decision gets
    beyond its time before it is cut."""

    seconds: float
    iterations: int
    margin: float

    def allow(self, bot: str) -> str:
        """The canonical name of ``bot``; raises :class:`TerraError` if it names no bot or
        thinks longer than this server allows."""
        name = canonical(bot)
        budget = budget_of(name)
        if budget is None:
            return name
        if budget.seconds is not None and budget.seconds > self.seconds:
            raise TerraError(
                f"{quote(bot)} thinks {budget.seconds:g}s a move; this server allows at most "
                f"{self.seconds:g}s (terra serve --bot-seconds)"
            )
        if budget.iterations is not None and budget.iterations > self.iterations:
            raise TerraError(
                f"{quote(bot)} searches {budget.iterations:,} iterations a move; this server "
                f"allows at most {self.iterations:,} (terra serve --bot-iterations)"
            )
        return name

    def cap(self, bot: str) -> str:
        """``bot`` as this server plays it: a level above its limits is played at them
        (a match stored before, or by a server with higher limits)."""
        name = canonical(bot)
        budget = budget_of(name)
        kind = name.partition(":")[0]
        if budget is None:
            return name
        if budget.seconds is not None and budget.seconds > self.seconds:
            return f"{kind}:{Budget(seconds=self.seconds)}"
        if budget.iterations is not None and budget.iterations > self.iterations:
            return f"{kind}:{self.iterations}"
        return name

    def deadline(self, bot: str) -> float:
        """The seconds a decision of ``bot`` (within the limits) gets before it is cut: its
        time, or this server's time for a count of iterations or a bot without a level, and
        the margin."""
        budget = budget_of(canonical(bot))
        seconds = budget.seconds if budget is not None else None
        return (self.seconds if seconds is None else seconds) + self.margin


def default_workers() -> int:
    """One bot worker per processor of the machine."""
    return os.cpu_count() or 1


class BotPool:
    """Worker processes for bots' moves (``workers``, default one per processor), each
    started when first needed."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = WorkerPool(workers or default_workers(), work)

    async def choose(self, match_id: str, record: Record, bot: str, seconds: float) -> str:
        """``bot``'s move after ``record``, worked out in a worker within ``seconds``; raises
        :class:`~terra.server.workers.OverrunError` past them."""
        future = self.workers.submit(match_id, ("move", match_id, record, bot), seconds)
        text: str = await asyncio.wrap_future(future)
        return text

    async def move(
        self, match_id: str, seat: int, record: Record, bot: str, limits: BotLimits
    ) -> str:
        """The move of ``seat``'s ``bot`` after ``record``, within ``limits``: a decision
        past its deadline is cut and the game's greedy move played instead."""
        played = limits.cap(bot)
        deadline = limits.deadline(played)
        try:
            return await self.choose(match_id, record, played, deadline)
        except OverrunError:
            _log.warning(
                "match %s, seat %d: %s did not decide within its deadline of %gs; "
                "its worker was stopped and the %s move is played instead",
                match_id,
                seat,
                played,
                deadline,
                FALLBACK,
            )
        return await self.choose(match_id, record, FALLBACK, limits.deadline(FALLBACK))

    async def hints(self, match_id: str, record: Record, seconds: float) -> list[dict[str, Any]]:
        """:func:`hint_moves` after ``record``, in a worker within ``seconds``; raises
        :class:`~terra.server.workers.OverrunError` past them."""
        future = self.workers.submit(match_id, ("hint", match_id, record), seconds)
        found: list[dict[str, Any]] = await asyncio.wrap_future(future)
        return found

    async def review(self, match_id: str, record: Record, step: int, seconds: float) -> Any:
        """:func:`review_move` in a worker within ``seconds``."""
        future = self.workers.submit(match_id, ("review", match_id, record, step), seconds)
        return await asyncio.wrap_future(future)

    def pids(self) -> list[int]:
        """The worker processes running now."""
        return self.workers.pids()

    def close(self) -> None:
        self.workers.close()


__all__ = [
    "BotLimits",
    "BotPool",
    "bot_seed",
    "canonical",
    "choose_move",
    "default_workers",
    "hint_moves",
    "review_move",
    "work",
]
