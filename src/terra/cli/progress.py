"""A progress bar for runs of many games, on stderr, with the time left; when stderr is not a
terminal (a run in the background, its output in a log), a plain line now and then instead."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from terra.sim import GameResult

# Seconds between two plain progress lines in a log.
LOG_EVERY = 60.0


def _clock(seconds: float) -> str:
    minutes, seconds = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02}:{seconds:02}"


class GameProgress:
    """Counts finished games; on a terminal, also draws a rich progress bar on stderr, started
    at the first finished game (so that bad input never flashes an empty bar). Otherwise it
    writes a line such as ``africana tournament: 37/200 games, 0:12:05 so far, about 0:53:14
    left`` once ``every`` seconds have passed since the start or the last line (a run shorter
    than that writes none)."""

    def __init__(
        self,
        description: str,
        *,
        draw: bool,
        every: float = LOG_EVERY,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.description = description
        self.draw = draw
        self.done = 0
        self.bar: Progress | None = None
        self.task = TaskID(0)
        self.every = every
        self.clock = clock
        self.started = self.logged = clock()

    def __call__(self, done: int, total: int, result: GameResult) -> None:
        self.done = done
        if not self.draw:
            self._log(done, total)
            return
        if self.bar is None:
            self.bar = Progress(
                "[progress.description]{task.description}",
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                "left",
                TimeRemainingColumn(),
                console=Console(stderr=True),
                transient=True,
            )
            self.bar.start()
            self.task = self.bar.add_task(self.description, total=total)
        self.bar.update(self.task, completed=done)

    def _log(self, done: int, total: int) -> None:
        now = self.clock()
        if now - self.logged < self.every or done >= total:
            return
        self.logged = now
        spent = now - self.started
        left = spent * (total - done) / done
        print(
            f"{self.description}: {done:,}/{total:,} games, {_clock(spent)} so far, "
            f"about {_clock(left)} left",
            file=sys.stderr,
            flush=True,
        )

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()
            self.bar = None
