"""``terra tournament``: bots rated against each other, seats rotated; JSON, a summary for a
person, and a report with plots for a designer."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from terra.cli.messages import FAILED, shorten
from terra.cli.options import parse_options
from terra.cli.runs import exit_if_failed, fail, with_progress
from terra.core.errors import TerraError
from terra.core.registry import game as find_game
from terra.sim.report import report_format, require_matplotlib, write_report
from terra.sim.tables import RATING_COLUMNS, SEAT_COLUMNS, rating_rows, seat_rows
from terra.sim.tournament import Schedule, Tournament, run_tournament, schedule

# Rotations of the seats each table plays when --games is not given.
DEFAULT_ROTATIONS = 10


def _table(title: str, columns: tuple[str, ...], rows: list[list[str]]) -> Table:
    """A table for the terminal: the bot's name to the left, figures to the right."""
    table = Table(title=title)
    for column in columns:
        table.add_column(column, justify="left" if column == "bot" else "right")
    for row in rows:
        table.add_row(*row)
    return table


def render(tournament: Tournament, title: str) -> None:
    """Print the tournament for a person: the run, ratings, seats and game lengths."""
    console = Console()
    figures = tournament.figures
    sched = tournament.schedule
    console.print(
        f"[bold]{title}[/bold], {sched.players} players: {figures.games} games "
        f"({len(sched.tables)} table(s) x {sched.games_per_table}) from seed "
        f"{tournament.seed}; {figures.completed} completed, {figures.errors} failed, "
        f"{figures.shared_wins} shared victories; {tournament.seconds:.1f} s on "
        f"{tournament.workers} worker(s)"
    )
    if figures.ratings:
        # The terminal leaves out the seats each bot held (the report shows them).
        ratings = [row[:-1] for row in rating_rows(figures)]
        title = "Ratings (openskill mu, interval mu ± 2 sigma)"
        console.print(_table(title, RATING_COLUMNS[:-1], ratings))
    console.print(_table("Seats (fair share: 1/players)", SEAT_COLUMNS, seat_rows(figures)))
    turns = figures.lengths["turns_per_player"]
    actions = figures.lengths["actions"]
    if turns.get("n"):
        console.print(
            f"game length: {turns['mean']:.1f} turns per player (median "
            f"{turns['median']:.1f}), {actions['mean']:.0f} actions (median "
            f"{actions['median']:.0f})"
        )
    for spent in figures.thinking:
        if spent.per_decision is not None:
            console.print(
                f"thinking: {spent.bot} {spent.per_decision:.3f} s a decision over "
                f"{spent.decisions:,} decisions, the slowest {spent.slowest:.3f} s"
            )


def _command_line(
    game: str,
    plan: Schedule,
    *,
    seed: int,
    workers: int,
    ray: str | None,
    options: dict[str, Any],
    report: Path,
    max_actions: int | None = None,
) -> str:
    """The command that runs this tournament again, every choice spelled out (defaults
    included, ``--data`` as the option it is), so that a report says how to reproduce it."""
    words = ["terra", "tournament", game, "--bots", ",".join(plan.bots)]
    if plan.gauntlet is not None:
        field = [bot for bot in plan.bots if bot != plan.gauntlet]
        words[-1] = ",".join(field)
        words += ["--gauntlet", plan.gauntlet]
    words += ["--players", str(plan.players), "--games", str(plan.games_per_table)]
    words += ["--seed", str(seed)]
    for name, value in options.items():
        words += ["-o", f"{name}={value}"]
    words += ["--ray", ray] if ray is not None else ["--workers", str(workers)]
    if max_actions is not None:
        words += ["--max-actions", str(max_actions)]
    words += ["--report", str(report)]
    return shlex.join(words)


def run(
    game: str,
    *,
    bots: str,
    players: int,
    games: int | None,
    gauntlet: str | None,
    seed: int,
    workers: int,
    ray: str | None,
    data: Path | None,
    option: list[str] | None,
    as_json: bool,
    report: Path | None,
    command: str | None = None,
    max_actions: int | None = None,
) -> None:
    """Run the tournament and print it (one JSON object with ``as_json``); write ``report``."""
    names = [name.strip() for name in bots.split(",") if name.strip()]
    per_table = DEFAULT_ROTATIONS * players if games is None else games
    try:
        options = parse_options(option, data)
        if report is not None:
            check_report_path(report)
        plan = schedule(names, players, per_table, gauntlet)
    except TerraError as error:
        fail("tournament", str(error))
    tournament = with_progress(
        "tournament",
        f"{game} tournament",
        plan.games,
        lambda progress: run_tournament(
            game,
            plan,
            seed,
            workers=workers,
            ray=ray,
            options=options,
            progress=progress,
            max_actions=max_actions,
        ),
    )
    if report is not None:
        line = command or _command_line(
            game,
            plan,
            seed=seed,
            workers=workers,
            ray=ray,
            options=options,
            report=report,
            max_actions=max_actions,
        )
        _write_report(tournament, report, line)
    if as_json:
        typer.echo(json.dumps(tournament.to_dict()))
    else:
        render(tournament, find_game(game).title)
        if report is not None:
            typer.echo(f"report: {report}")
    figures = tournament.figures
    exit_if_failed("tournament", figures.errors, figures.games, figures.error_messages)


def check_report_path(report: Path) -> None:
    """Refuse, before any game is played, a report that could not be written at the end
    (:class:`TerraError` says why)."""
    report_format(report)
    if report.is_dir():
        raise TerraError(f"cannot write the report {report}: it is a folder")
    if not report.parent.is_dir():
        raise TerraError(f"cannot write the report {report}: no folder {report.parent}")
    require_matplotlib()


def _write_report(tournament: Tournament, report: Path, command: str) -> None:
    """Write the report; a failure is a failed run."""
    try:
        write_report(tournament, report, command)
    except TerraError as error:
        typer.echo(shorten(f"terra tournament: error: {error}"), err=True)
        raise typer.Exit(FAILED) from None
