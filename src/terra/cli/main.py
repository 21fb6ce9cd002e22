"""The ``terra`` command. Each subcommand's work lives in its own module of this package."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

app = typer.Typer(
    name="terra",
    help="Terra Incognita: play and study exploration board games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

# ``--option NAME=VALUE``, repeatable: a game's variants, the same for play and simulate.
GameOptions = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        help="A game option as NAME=VALUE, repeatable (terra games lists them), "
        "e.g. -o simple=true.",
    ),
]


@app.command("games")
def games_command(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """List the games, their player counts and whether their data is provisional."""
    from terra.cli.listing import run

    run(as_json=as_json)


@app.command("play")
def play_command(
    game: Annotated[str, typer.Argument(help="Game id, e.g. africana.")] = "africana",
    players: Annotated[int, typer.Option("--players", "-p", help="Number of seats.")] = 3,
    seats: Annotated[
        str,
        typer.Option(
            "--seats",
            help="Comma-separated seats (from 0) played by people at this "
            "terminal; the others are bots.",
        ),
    ] = "0",
    bots: Annotated[
        str,
        typer.Option("--bots", help="Comma-separated bots for the other seats, cycled."),
    ] = "greedy",
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed for a reproducible game.")
    ] = None,
    data: Annotated[
        Path | None, typer.Option("--data", help="Directory with your own data files.")
    ] = None,
    record: Annotated[
        Path | None, typer.Option("--record", help="Write the game's record to this file.")
    ] = None,
    option: GameOptions = None,
) -> None:
    """Play a game in the terminal against computer opponents."""
    from terra.cli.play import run

    run(
        game,
        players=players,
        seats=seats,
        bots=bots,
        seed=seed,
        data=data,
        record=record,
        option=option,
    )


@app.command("simulate")
def simulate_command(
    game: Annotated[str, typer.Argument(help="Game id, e.g. africana.")],
    players: Annotated[int, typer.Option("--players", "-p", help="Number of seats.")] = 2,
    games: Annotated[int, typer.Option("--games", "-n", help="Number of games.")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the first game.")] = 0,
    bots: Annotated[
        str, typer.Option("--bots", help="Comma-separated bot per seat, cycled.")
    ] = "random",
    workers: Annotated[
        int, typer.Option("--workers", "-w", help="Processes (0: one per CPU).")
    ] = 1,
    rotate: Annotated[
        bool, typer.Option("--rotate", help="Shift the bots one seat each game.")
    ] = False,
    record_dir: Annotated[
        Path | None, typer.Option("--record-dir", help="Write one record file per game here.")
    ] = None,
    data: Annotated[
        Path | None, typer.Option("--data", help="Directory with your own data files.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    option: GameOptions = None,
) -> None:
    """Play many games between bots and report wins, scores and speed."""
    from terra.cli.simulate import run

    run(
        game,
        players=players,
        games=games,
        seed=seed,
        bots=bots,
        workers=workers,
        rotate=rotate,
        record_dir=record_dir,
        data=data,
        as_json=as_json,
        option=option,
    )


@app.command("replay")
def replay_command(
    files: Annotated[list[Path], typer.Argument(help="Record files to verify.")],
) -> None:
    """Replay records, verifying every action and the result; exit 1 on any mismatch."""
    from terra.cli.replay import run

    run(files)


def main() -> None:
    """Entry point of the ``terra`` command."""
    app()
