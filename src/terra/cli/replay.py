"""``terra replay``: verify record files action by action and against their results."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import typer

from terra.cli.messages import PATH_LIMIT, clip, shorten
from terra.core.errors import TerraError
from terra.core.record import Record
from terra.core.registry import replay


def check_file(path: Path) -> tuple[bool, str]:
    """Whether the record in ``path`` replays, and a one-line account naming the file.

    A failure quotes only a short prefix of anything the file holds (an action of megabytes
    is not echoed whole).
    """
    name = clip(str(path), PATH_LIMIT)
    try:
        record = Record.load(path)
        state = replay(record)
    except UnicodeDecodeError:
        return False, f"{name}: FAILED: not a text file"
    except TerraError as error:
        return False, f"{name}: FAILED: {shorten(str(error))}"
    except Exception as error:
        # A record that crashes an engine is a bug to report, but still one file's failure.
        crash = shorten(f"{type(error).__name__}: {error}")
        return False, f"{name}: FAILED: the engine crashed ({crash})"
    facts = f"{record.game}, {record.players} players, seed {record.seed}"
    games = len(record.campaign())
    if games > 1:
        facts += f"; the last of a campaign of {games} games, all {games} verified"
    actions = f"{len(record.actions)} actions"
    if not state.is_over:
        return True, f"{name}: ok ({facts}): unfinished after {actions}"
    won = state.winners()
    winners = ("winner seat " if len(won) == 1 else "shared win, seats ") + ", ".join(map(str, won))
    scores = ", ".join(map(str, state.scores()))
    return True, f"{name}: ok ({facts}): {actions}, {winners}; scores {scores}"


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
