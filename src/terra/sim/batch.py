"""Many games between bots over worker processes, with the same results for any worker count.

Game ``i`` of a run seeded ``S`` is played from seed ``S + i`` with the bots of its seats
fixed by ``i`` alone (rotation included), and results are gathered in game order, so only the
timings depend on how many processes played them.

Games are made, sent to the workers and counted a few at a time, never all at once: a run of a
hundred million games takes as much memory as a run of a hundred.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import closing
from dataclasses import dataclass, replace
from multiprocessing.synchronize import Event as EventType
from pathlib import Path
from typing import Any

from terra.core.errors import TerraError
from terra.core.record import Record
from terra.sim.cluster import RayCluster
from terra.sim.inorder import AHEAD, chunks, in_order
from terra.sim.match import GameResult, check_setup, lineup, play_game, rotated
from terra.sim.summary import Summary, Tally

Progress = Callable[[int, int, GameResult], None]
"""Called after each game, in game order, with (games done, games in all, that result)."""


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
    max_actions: int | None


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
            _save_whole(result.record, task.record_path)
        except OSError as error:
            if result.ok:
                message = f"cannot write {task.record_path}: {error.strerror}"
                result = replace(result, error=message)
    return result if task.keep_record else result.without_record()


def _save_whole(record: Record, path: Path) -> None:
    """Write ``record`` to ``path`` whole or not at all: a run stopped while it writes leaves
    no half-written record behind."""
    partial = path.with_name(f".{path.name}.partial")
    try:
        record.save(partial)
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)


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


Lineup = Callable[[int], tuple[str, ...]]
"""The bot of each seat in game ``i`` of a run, fixed by ``i`` alone."""


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
    keep_results: bool = False,
    max_actions: int | None = None,
    ray: str | None = None,
) -> Summary:
    """Play ``games`` games of ``game`` and summarise them.

    ``bots`` names one bot per seat, cycled when shorter than ``players``; with ``rotate``
    every bot moves one seat on each game. ``workers`` processes play (0: one per CPU; 1: in
    this process); with ``ray`` (a cluster's address, ``auto`` or ``local``) the cluster plays
    them instead, with the same results. ``record_dir`` gets one record file per game. A game
    that raises counts as an error in the summary. Bad input (unknown game or bot, wrong
    player count, bad options, ``games`` < 1) raises :class:`TerraError` before any game
    starts.

    Only the figures are kept, so memory does not grow with ``games``; ``keep_results`` keeps
    every game's :class:`GameResult` in ``Summary.results``, and ``keep_records`` its record
    too.
    """
    check_setup(game, players, bots, options)
    seats = lineup(bots, players)
    tally = Tally(players, seats, keep_results=keep_results or keep_records)
    started = time.perf_counter()
    run = play_games(
        game,
        players,
        (lambda i: rotated(seats, i)) if rotate else (lambda i: seats),
        games,
        seed,
        workers=workers,
        ray=ray,
        record_dir=record_dir,
        options=options,
        keep_records=keep_records,
        max_actions=max_actions,
    )
    with closing(run.results) as results:
        for result in results:
            tally.add(result)
            if progress is not None:
                progress(tally.games, games, result)
    return tally.summary(
        game, seed, seconds=time.perf_counter() - started, rotate=rotate, workers=run.workers
    )


@dataclass(frozen=True)
class Run:
    """Games under way: their results in game order as they finish, and how many processes
    (or a Ray cluster's CPUs) play them."""

    results: Generator[GameResult, None, None]
    workers: int


def play_games(
    game: str,
    players: int,
    lineup_of: Lineup,
    games: int,
    seed: int = 0,
    *,
    workers: int = 1,
    ray: str | None = None,
    record_dir: Path | str | None = None,
    options: Mapping[str, Any] | None = None,
    keep_records: bool = False,
    max_actions: int | None = None,
) -> Run:
    """Start ``games`` games of ``game``: game ``i`` from seed ``seed + i`` between the bots
    ``lineup_of(i)``, played here, by ``workers`` processes or on the Ray cluster ``ray``.

    The caller checks the game, bots and options first (:func:`check_setup`); the count of
    games, the workers and the record folder are checked here, before any game starts.
    """
    if games < 1:
        raise TerraError(f"the number of games must be at least 1, not {games}")
    processes = min(resolve_workers(workers), games)
    folder = None if record_dir is None else _record_folder(Path(record_dir))
    tasks = (
        _Task(
            index=i,
            game=game,
            players=players,
            bots=lineup_of(i),
            seed=seed + i,
            options=dict(options or {}),
            record_path=None if folder is None else folder / record_name(game, players, seed + i),
            keep_record=keep_records,
            max_actions=max_actions,
        )
        for i in range(games)
    )
    if ray is not None:
        cluster = RayCluster.connect(ray)
        return Run(
            cluster.map_in_order(_run_tasks, chunks(tasks, games, cluster.cpus)), cluster.cpus
        )
    return Run(_execute(tasks, processes, games), processes)


def _record_folder(folder: Path) -> Path:
    """``folder``, created if need be, once the system says files can be made in it.

    It is asked, not tried with a file: a Ctrl-C between a trial file's making and its removal
    would leave it behind."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise TerraError(f"cannot create record directory {folder}: {error.strerror}") from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise TerraError(f"cannot write in record directory {folder}: Permission denied")
    return folder


# Set in a worker process: the run is stopping, so the games not yet begun are skipped.
_stopping: EventType | None = None


def _start_worker(stopping: EventType) -> None:
    """In a worker: Ctrl-C is for the parent process, which stops the run through
    ``stopping``."""
    global _stopping  # noqa: PLW0603 - one value per worker process, set once at its start
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _stopping = stopping


def _run_tasks(tasks: Sequence[_Task]) -> list[GameResult]:
    """A worker's share: a few games, played in order (none once the run is stopping)."""
    return [_run_task(task) for task in tasks if _stopping is None or not _stopping.is_set()]


def _execute(
    tasks: Iterable[_Task], processes: int, games: int
) -> Generator[GameResult, None, None]:
    """The tasks' results in task order, played here or by ``processes`` workers.

    Tasks are taken from ``tasks`` only as workers become free: at most ``AHEAD`` chunks per
    worker are waiting or running at any time (:mod:`terra.sim.inorder`).
    """
    if processes <= 1:
        yield from map(_run_task, tasks)
        return
    context = multiprocessing.get_context()
    stopping = context.Event()
    with ProcessPoolExecutor(
        max_workers=processes,
        mp_context=context,
        initializer=_start_worker,
        initargs=(stopping,),
    ) as pool:
        try:
            yield from in_order(
                chunks(tasks, games, processes),
                processes * AHEAD,
                lambda chunk: pool.submit(_run_tasks, chunk),
                _first_finished,
                Future.result,
                Future.cancel,
            )
        finally:
            # Stopped early (Ctrl-C, or the caller stops reading): the workers finish the
            # game in hand and start no other.
            stopping.set()


def _first_finished(futures: list[Future[list[GameResult]]]) -> set[Future[list[GameResult]]]:
    return wait(futures, return_when=FIRST_COMPLETED).done
