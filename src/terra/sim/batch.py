"""Many games between bots over worker processes, with the same results for any worker count.

Game ``i`` of a run seeded ``S`` is played from seed ``S + i`` with the bots of its seats
fixed by ``i`` alone (rotation included), and results are gathered in game order, so only the
timings depend on how many processes played them.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from terra.core.errors import TerraError
from terra.sim.match import MAX_ACTIONS, GameResult, check_setup, lineup, play_game, rotated
from terra.sim.summary import Summary, summarize

Progress = Callable[[int, int, GameResult], None]
"""Called after each game, in game order, with (games done, games in all, that result)."""

# Games per task sent to a worker: enough to amortise pickling, few enough to balance load.
_MAX_CHUNK = 16


@dataclass(frozen=True)
class _Task:
    """Everything a worker process needs to play one game and file its record."""

    index: int
    game: str
    players: int
    bots: tuple[str, ...]
    seed: int
    options: Mapping[str, Any]
    record_path: Path | None
    keep_record: bool
    max_actions: int


def _run_task(task: _Task) -> GameResult:
    """Play the task's game in this process; save its record if asked (workers write files,
    so records never travel between processes unless the caller keeps them)."""
    result = play_game(
        task.game,
        task.players,
        task.bots,
        task.seed,
        task.options,
        index=task.index,
        max_actions=task.max_actions,
    )
    if task.record_path is not None and result.record is not None:
        try:
            result.record.save(task.record_path)
        except OSError as error:
            if result.ok:
                message = f"cannot write {task.record_path}: {error.strerror}"
                result = replace(result, error=message)
    return result if task.keep_record else result.without_record()


def record_name(game: str, players: int, seed: int) -> str:
    """The file name of one game's record in a record directory."""
    return f"{game}-{players}p-seed{seed}.json"


def resolve_workers(workers: int) -> int:
    """The number of processes for ``workers`` (0: one per CPU this process may use)."""
    if workers < 0:
        raise TerraError(f"the number of workers must be 0 (one per CPU) or more, not {workers}")
    if workers:
        return workers
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not every platform has affinity masks
        return os.cpu_count() or 1


def run_games(
    game: str,
    players: int,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    workers: int = 1,
    rotate: bool = False,
    record_dir: Path | str | None = None,
    options: Mapping[str, Any] | None = None,
    progress: Progress | None = None,
    keep_records: bool = False,
    max_actions: int = MAX_ACTIONS,
) -> Summary:
    """Play ``games`` games of ``game`` and summarise them.

    ``bots`` names one bot per seat, cycled when shorter than ``players``; with ``rotate``
    every bot moves one seat on each game. ``workers`` processes play (0: one per CPU; 1: in
    this process). ``record_dir`` gets one record file per game. A game that raises counts as
    an error in the summary. Bad input (unknown game or bot, wrong player count, bad
    options, ``games`` < 1) raises :class:`TerraError` before any game starts.
    """
    if games < 1:
        raise TerraError(f"the number of games must be at least 1, not {games}")
    check_setup(game, players, bots, options)
    seats = lineup(bots, players)
    processes = min(resolve_workers(workers), games)
    folder = None if record_dir is None else _record_folder(Path(record_dir))
    tasks = [
        _Task(
            index=i,
            game=game,
            players=players,
            bots=rotated(seats, i) if rotate else seats,
            seed=seed + i,
            options=dict(options or {}),
            record_path=None if folder is None else folder / record_name(game, players, seed + i),
            keep_record=keep_records,
            max_actions=max_actions,
        )
        for i in range(games)
    ]
    started = time.perf_counter()
    results: list[GameResult] = []
    for result in _execute(tasks, processes):
        results.append(result)
        if progress is not None:
            progress(len(results), games, result)
    return summarize(
        game,
        players,
        seats,
        seed,
        results,
        seconds=time.perf_counter() - started,
        rotate=rotate,
        workers=processes,
    )


def _record_folder(folder: Path) -> Path:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise TerraError(f"cannot create record directory {folder}: {error.strerror}") from None
    return folder


def _execute(tasks: list[_Task], processes: int) -> Iterator[GameResult]:
    """The tasks' results in task order, played here or by ``processes`` workers."""
    if processes <= 1:
        yield from map(_run_task, tasks)
        return
    chunk = max(1, min(_MAX_CHUNK, len(tasks) // (processes * 8)))
    with ProcessPoolExecutor(max_workers=processes) as pool:
        yield from pool.map(_run_task, tasks, chunksize=chunk)
