"""``terra replay``: verify record files action by action and against their results, or
watch one game step by step (``--show``), as a spectator or as one seat saw it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

import typer
from rich.console import Console
from rich.text import Text

from terra.cli.messages import PATH_LIMIT, USAGE_ERROR, clip, shorten
from terra.core.errors import TerraError
from terra.core.record import Record
from terra.core.registry import replay, start
from terra.core.state import GameState


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


def run(files: Sequence[Path], show: bool = False, seat: int | None = None) -> None:
    """Replay every file, one line each; exit 1 if any of them fails. With ``show``, watch
    the one file's game step by step instead (:func:`watch`)."""
    if show or seat is not None:
        if not show:
            _usage("--seat goes with --show: the seat to watch the game as")
        if len(files) != 1:
            _usage(f"--show watches one record, not {len(files)}")
        ok, line = check_file(files[0])
        if not ok:
            typer.echo(line, err=True)
            raise typer.Exit(1)
        watch(Record.load(files[0]), seat, Console(highlight=False, emoji=False))
        return
    failures = 0
    for path in files:
        ok, line = check_file(path)
        typer.echo(line, err=not ok)
        failures += not ok
    if len(files) > 1:
        typer.echo(f"{len(files)} records: {len(files) - failures} ok, {failures} failed")
    if failures:
        raise typer.Exit(1)


def _usage(message: str) -> NoReturn:
    typer.echo(f"terra replay: error: {message}", err=True)
    raise typer.Exit(USAGE_ERROR)


def watch(
    record: Record, seat: int | None, console: Console, read: Callable[[str], str] | None = None
) -> None:
    """Step through ``record``'s game as ``seat`` saw it (``None``: a spectator): the board
    and what the log said of each action. Enter shows the next action, ``b`` the one before,
    a number that action (0: the start), ``q`` stops; the end of the input stops too."""
    ask = read or console.input
    beginning = start(record)
    if seat is not None and not 0 <= seat < beginning.num_players:
        _usage(f"--seat: there is no seat {seat} in a {beginning.num_players}-player game")
    game = beginning.game
    total = len(record.actions)
    step = 0
    while True:
        state, before = _at(beginning, record, step)
        console.print(game.render_terminal(state, seat))
        for event in state.log(seat, since=before):
            console.print(Text("  " + game.describe_event(state, event)))
        where = (
            "the start" if step == 0 else f"action {step} of {total}: {record.actions[step - 1]}"
        )
        if state.is_over:
            where += " (the end)"
        console.print(Text(f"Watching {where}", style="bold"))
        try:
            answer = ask("Enter: next, b: back, a number: go there, q: stop> ").strip().lower()
        except EOFError:
            return
        if answer in ("q", "quit"):
            return
        if answer == "b":
            step = max(0, step - 1)
        elif answer.isascii() and answer.isdigit() and len(answer) < 9:
            step = min(int(answer), total)
        elif answer == "":
            if step == total:
                return
            step += 1
        else:
            console.print(Text(f"{clip(answer)}: Enter, b, a number or q", style="red"))


def _at(beginning: GameState, record: Record, step: int) -> tuple[GameState, int]:
    """The game after ``step`` actions, and its log size before the last of them."""
    state = beginning.clone()
    before = state.log_size
    for text in record.actions[:step]:
        before = state.log_size
        state.play(text)
    return state, before
