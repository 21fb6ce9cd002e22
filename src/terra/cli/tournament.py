"""``terra tournament``: bots rated against each other, seats rotated; JSON, a summary for a
person, and a report with plots for a designer."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.table import Table

from terra.cli.messages import shorten
from terra.cli.options import parse_options
from terra.cli.progress import GameProgress
from terra.core.errors import TerraError
from terra.core.registry import game as find_game
from terra.sim.report import report_format, require_matplotlib, write_report
from terra.sim.tournament import Schedule, Tournament, run_tournament, schedule

USAGE_ERROR = 2
FAILED = 1
INTERRUPTED = 130

# Rotations of the seats each table plays when --games is not given.
DEFAULT_ROTATIONS = 10


def fail(message: str) -> NoReturn:
    """Report bad input on one line of stderr and exit with the usage-error code."""
    typer.echo(shorten(f"terra tournament: error: {message}"), err=True)
    raise typer.Exit(USAGE_ERROR)


def _percent(mean: float | None, se: float | None = None) -> str:
    if mean is None:
        return "-"
    return f"{100 * mean:.1f}%" + ("" if se is None else f" ± {100 * se:.1f}")


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
    by_bot = {b.bot: b for b in figures.bots}
    if figures.ratings:
        table = Table(title="Ratings (openskill mu, interval mu ± 2 sigma)")
        for column in ("#", "bot", "rating", "interval", "win rate ± SE", "mean place"):
            table.add_column(column, justify="left" if column == "bot" else "right")
        for place, rating in enumerate(figures.ratings, start=1):
            bot = by_bot[rating.bot]
            table.add_row(
                str(place),
                rating.bot,
                f"{rating.mu:.1f}",
                f"{rating.low:.1f} to {rating.high:.1f}",
                _percent(bot.win_rate.mean, bot.win_rate.se),
                "-" if bot.mean_place is None else f"{bot.mean_place:.2f}",
            )
        console.print(table)
    seats = Table(title="Seats (fair share: 1/players)")
    for column in ("seat", "win rate ± SE", "fair share", "mean score"):
        seats.add_column(column, justify="right")
    for seat in figures.seats:
        mean = seat.scores.get("mean")
        seats.add_row(
            str(seat.seat),
            _percent(seat.win_rate.mean, seat.win_rate.se),
            _percent(seat.fair),
            "-" if mean is None else f"{mean:.1f}",
        )
    console.print(seats)
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
            report_format(report)
            if report.is_dir():
                raise TerraError(f"cannot write the report {report}: it is a folder")
            if not report.parent.is_dir():
                raise TerraError(f"cannot write the report {report}: no folder {report.parent}")
            require_matplotlib()
        plan = schedule(names, players, per_table, gauntlet)
    except TerraError as error:
        fail(str(error))
    progress = GameProgress(f"{game} tournament", draw=sys.stderr.isatty())
    try:
        tournament = run_tournament(
            game,
            plan,
            seed,
            workers=workers,
            ray=ray,
            options=options,
            progress=progress,
            max_actions=max_actions,
        )
    except TerraError as error:
        fail(str(error))
    except KeyboardInterrupt:
        progress.close()
        typer.echo(
            f"terra tournament: interrupted after {progress.done:,} of {plan.games:,} games",
            err=True,
        )
        raise typer.Exit(INTERRUPTED) from None
    finally:
        progress.close()
    title = find_game(game).title
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
        try:
            write_report(tournament, report, line)
        except TerraError as error:
            typer.echo(shorten(f"terra tournament: error: {error}"), err=True)
            raise typer.Exit(FAILED) from None
    if as_json:
        typer.echo(json.dumps(tournament.to_dict()))
    else:
        render(tournament, title)
        if report is not None:
            typer.echo(f"report: {report}")
    figures = tournament.figures
    if figures.errors:
        first = figures.error_messages[0]
        typer.echo(
            shorten(
                f"terra tournament: error: {figures.errors:,} of {figures.games:,} games "
                f"failed; the first, {first}"
            ),
            err=True,
        )
        raise typer.Exit(FAILED)
