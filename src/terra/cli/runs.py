"""What ``terra simulate`` and ``terra tournament`` share: bad input said in one line, a
progress display while the games run, and the games that failed counted at the end."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import NoReturn, TypeVar

import typer

from terra.cli.messages import FAILED, INTERRUPTED, USAGE_ERROR, shorten
from terra.cli.progress import GameProgress
from terra.core.errors import TerraError

T = TypeVar("T")


def fail(command: str, message: str) -> NoReturn:
    """Report bad input to ``terra command`` on one line of stderr and exit with the
    usage-error code."""
    typer.echo(shorten(f"terra {command}: error: {message}"), err=True)
    raise typer.Exit(USAGE_ERROR)


def with_progress(
    command: str, description: str, total: int, run: Callable[[GameProgress], T]
) -> T:
    """``run(progress)`` while a progress display counts ``total`` games on stderr.

    A :class:`TerraError` it raises is bad input (:func:`fail`); Ctrl-C says how many games
    were done and exits with the code of an interrupted run.
    """
    progress = GameProgress(description, draw=sys.stderr.isatty())
    try:
        return run(progress)
    except TerraError as error:
        fail(command, str(error))
    except KeyboardInterrupt:
        progress.close()
        typer.echo(
            f"terra {command}: interrupted after {progress.done:,} of {total:,} games", err=True
        )
        raise typer.Exit(INTERRUPTED) from None
    finally:
        progress.close()


def exit_if_failed(command: str, failed: int, games: int, messages: Sequence[str]) -> None:
    """Say how many of ``games`` games failed and why the first did, and exit with the code
    of a failed run; nothing when none failed."""
    if failed:
        typer.echo(
            shorten(
                f"terra {command}: error: {failed:,} of {games:,} games failed; "
                f"the first, {messages[0]}"
            ),
            err=True,
        )
        raise typer.Exit(FAILED)
