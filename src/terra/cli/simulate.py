"""``terra simulate``: many games between bots, reported as JSON or as a readable summary."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from terra.cli.options import parse_options
from terra.cli.runs import exit_if_failed, fail, with_progress
from terra.core.errors import TerraError
from terra.core.registry import game as find_game
from terra.sim import Summary, run_games


def parse_bots(text: str) -> list[str]:
    """The bot names of ``--bots``: comma-separated, blanks ignored."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names:
        fail("simulate", "--bots needs at least one bot name")
    return names


def _percent(part: float, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def _number(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def render(summary: Summary, title: str) -> None:
    """Print ``summary`` for a person: the run, then wins and scores by seat and by bot."""
    console = Console()
    rotation = ", rotated each game" if summary.rotate else ""
    console.print(
        f"[bold]{title}[/bold], {summary.players} players, {summary.games} games from seed "
        f"{summary.seed}; bots {', '.join(summary.bots)}{rotation}"
    )
    console.print(
        f"completed {summary.completed}, errors {summary.errors}, shared wins "
        f"{summary.shared_wins}; {summary.seconds:.2f} s on {summary.workers} worker(s); "
        f"{summary.actions} actions, {_number(summary.mean_actions, 0)} per game, "
        f"{_number(summary.us_per_action)} us per action"
    )
    seats = Table(title="By seat")
    for column in ("seat", "bot", "wins", "share", "mean score"):
        seats.add_column(column, justify="right" if column != "bot" else "left")
    for seat, wins in enumerate(summary.seat_wins):
        bot = "(rotating)" if summary.rotate else summary.bots[seat]
        score = _number(summary.mean_scores[seat])
        seats.add_row(str(seat), bot, f"{wins:g}", _percent(wins, summary.completed), score)
    console.print(seats)
    bots = Table(title="By bot")
    for column in ("bot", "seats", "wins", "share", "mean score"):
        bots.add_column(column, justify="right" if column != "bot" else "left")
    for name, wins in summary.bot_wins.items():
        count = str(summary.bots.count(name))
        score = _number(summary.bot_mean_scores[name])
        bots.add_row(name, count, f"{wins:g}", _percent(wins, summary.completed), score)
    console.print(bots)


def run(
    game: str,
    *,
    players: int,
    games: int,
    seed: int,
    bots: str,
    workers: int,
    rotate: bool,
    record_dir: Path | None,
    data: Path | None,
    as_json: bool,
    option: list[str] | None = None,
    ray: str | None = None,
    max_actions: int | None = None,
) -> None:
    """Simulate ``games`` games and print the summary (one JSON object with ``as_json``)."""
    names = parse_bots(bots)
    try:
        options = parse_options(option, data)
    except TerraError as error:
        fail("simulate", str(error))
    summary = with_progress(
        "simulate",
        f"{game} x{games}",
        games,
        lambda progress: run_games(
            game,
            players,
            names,
            games,
            seed,
            workers=workers,
            rotate=rotate,
            record_dir=record_dir,
            options=options,
            progress=progress,
            ray=ray,
            max_actions=max_actions,
        ),
    )
    if as_json:
        typer.echo(json.dumps(summary.to_dict()))
    else:
        render(summary, find_game(game).title)
    exit_if_failed("simulate", summary.errors, summary.games, summary.error_messages)
