"""``terra replay``: verify record files action by action and against their results."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import typer

from terra.core.errors import TerraError
from terra.core.record import Record, replay


def check_file(path: Path) -> tuple[bool, str]:
    """Whether the record in ``path`` replays, and a one-line account naming the file."""
    try:
        record = Record.load(path)
        state = replay(record)
    except UnicodeDecodeError:
        return False, f"{path}: FAILED: not a text file"
    except TerraError as error:
        return False, f"{path}: FAILED: {error}"
    except Exception as error:
        # A record that crashes an engine is a bug to report, but still one file's failure.
        return False, f"{path}: FAILED: the engine crashed ({type(error).__name__}: {error})"
    facts = f"{record.game}, {record.players} players, seed {record.seed}"
    actions = f"{len(record.actions)} actions"
    if not state.is_over:
        return True, f"{path}: ok ({facts}): unfinished after {actions}"
    won = state.winners()
    winners = ("winner seat " if len(won) == 1 else "shared win, seats ") + ", ".join(map(str, won))
    scores = ", ".join(map(str, state.scores()))
    return True, f"{path}: ok ({facts}): {actions}, {winners}; scores {scores}"


def run(files: Sequence[Path]) -> None:
    """Replay every file, one line each; exit 1 if any of them fails."""
    failures = 0
    for path in files:
        ok, line = check_file(path)
        typer.echo(line, err=not ok)
        failures += not ok
    if len(files) > 1:
        typer.echo(f"{len(files)} records: {len(files) - failures} ok, {failures} failed")
    if failures:
        raise typer.Exit(1)
