"""A progress bar for runs of many games, on stderr, with the time left."""

from __future__ import annotations

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


class GameProgress:
    """Counts finished games; on a terminal, also draws a rich progress bar on stderr, started
    at the first finished game (so that bad input never flashes an empty bar)."""

    def __init__(self, description: str, *, draw: bool) -> None:
        self.description = description
        self.draw = draw
        self.done = 0
        self.bar: Progress | None = None
        self.task = TaskID(0)

    def __call__(self, done: int, total: int, result: GameResult) -> None:
        self.done = done
        if not self.draw:
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

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()
            self.bar = None
