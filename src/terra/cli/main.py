"""The ``terra`` command. Each subcommand's work lives in its own module of this package."""

from __future__ import annotations

import functools
import importlib
import sys
from collections.abc import Callable, Sequence
from importlib import metadata
from pathlib import Path
from typing import Annotated, Any, NoReturn, ParamSpec

import typer
from typer.core import TyperCommand, TyperGroup, TyperOption

from terra.cli.messages import shorten

P = ParamSpec("P")


def _as_switch(param: object) -> None:
    """Show a yes/no option as the bare switch it is in ``--help``, not as ``--json <bool>``."""
    if isinstance(param, TyperOption) and param.is_flag:
        param.metavar = ""


class _Switches:
    """Switches show as bare switches in the help of a command or group."""

    params: list[Any]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for param in self.params:
            _as_switch(param)

    def get_help_option(self, ctx: Any) -> TyperOption | None:
        option: TyperOption | None = super().get_help_option(ctx)  # type: ignore[misc]
        _as_switch(option)
        return option


class Command(_Switches, TyperCommand):
    """A ``terra`` subcommand: switches show as switches in its help, and a usage error
    names it."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except typer.TyperException as error:
            # Some parser errors come without the command they belong to.
            if getattr(error, "ctx", None) is None:
                error.ctx = ctx  # type: ignore[attr-defined]
            raise


class Group(_Switches, TyperGroup):
    """The ``terra`` command: a usage error is one line on stderr (exit code 2), never a
    panel, and switches show as switches in its help."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(
                args, prog_name, complete_var, standalone_mode, windows_expand_args, **extra
            )
        try:
            code = super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        except typer.TyperException as error:  # every usage error of the parser
            _usage_error(error)
        except typer.Abort:
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


def _usage_error(error: typer.TyperException) -> NoReturn:
    """Report a usage error in one line: ``terra COMMAND: error: what is wrong``."""
    if type(error).__name__ == "NoArgsIsHelpError":  # bare ``terra``: the help is printed
        sys.exit(error.exit_code)
    context = getattr(error, "ctx", None)
    command = context.command_path if context is not None else "terra"
    message = f"{command}: error: {error.format_message()} (see {command} --help)"
    typer.echo(shorten(message), err=True)
    sys.exit(error.exit_code)


app = typer.Typer(
    name="terra",
    help="Terra Incognita: play and study exploration board games.",
    cls=Group,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version() -> str:
    try:
        return metadata.version("terra-incognita")
    except metadata.PackageNotFoundError:  # run from a source tree that is not installed
        from terra import __version__

        return __version__


def _print_version(wanted: bool) -> None:
    if wanted:
        typer.echo(f"terra {_version()}")
        raise typer.Exit


@app.callback()
def terra(
    version: Annotated[
        bool,
        typer.Option(
            "--version", help="Print the version and exit.", is_eager=True, callback=_print_version
        ),
    ] = False,
) -> None:
    """Terra Incognita: play and study exploration board games."""


def _runs(module: str) -> Callable[[Callable[P, None]], Callable[P, None]]:
    """A command whose work is ``run`` of ``terra.cli.<module>``, imported only when the
    command runs (so that ``terra --help`` stays quick). The declaration it decorates gives
    the command's parameters and help; they reach ``run`` by name."""

    def command(declaration: Callable[P, None]) -> Callable[P, None]:
        @functools.wraps(declaration)
        def run(*args: P.args, **kwargs: P.kwargs) -> None:
            importlib.import_module(f"terra.cli.{module}").run(*args, **kwargs)

        return run

    return command


# --- parameters that several commands share ---------------------------------------------

GameId = Annotated[str, typer.Argument(help="Game id, e.g. africana.")]
Players = Annotated[int, typer.Option("--players", "-p", help="Number of seats.")]
FirstSeed = Annotated[int, typer.Option("--seed", help="Seed of the first game.")]
DataFolder = Annotated[
    Path | None, typer.Option("--data", help="Directory with your own data files.")
]
OneJsonObject = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]
Workers = Annotated[int, typer.Option("--workers", "-w", help="Processes (0: one per CPU).")]

# ``--option NAME=VALUE``, repeatable: a game's variants, the same for play and simulate.
GameOptions = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        metavar="NAME=VALUE",
        help="A game option as NAME=VALUE, repeatable (terra games lists them), "
        "e.g. -o simple=true.",
    ),
]


# ``--ray ADDRESS``: play on a Ray cluster instead of local processes, same results.
RayAddress = Annotated[
    str | None,
    typer.Option(
        "--ray",
        metavar="ADDRESS",
        help="Play on the Ray cluster at ADDRESS (auto: the one this machine belongs to; "
        "local: a new one here) instead of local processes; needs the extra named ray.",
    ),
]


# ``--max-actions N``: stop a game that has not ended (some rules let stalling players go on
# for ever) and count it as unfinished.
MaxActions = Annotated[
    int | None,
    typer.Option(
        "--max-actions",
        metavar="N",
        min=1,
        help="Stop a game still going after N actions and count it as unfinished "
        "(default: the game's length cap, far beyond any game seen).",
    ),
]

# --- the parameters of terra serve ----------------------------------------------------------

Host = Annotated[str, typer.Option("--host", help="Address to listen on (0.0.0.0: every network).")]
Port = Annotated[int, typer.Option("--port", help="Port to listen on.", min=1, max=65535)]
Database = Annotated[
    str | None,
    typer.Option(
        "--database",
        help="Database URL, e.g. sqlite:///games.db or postgresql://user@host/terra "
        "(default: a SQLite file in your data directory).",
    ),
]
OpenBrowser = Annotated[bool, typer.Option("--open/--no-open", help="Open the lobby in a browser.")]
MessageRate = Annotated[
    float,
    typer.Option(
        "--message-rate",
        help="Messages a page may send per second, after a burst of twice as many.",
        min=1,
    ),
]
MatchRate = Annotated[
    float,
    typer.Option(
        "--match-rate",
        help="Matches one address may create a minute, after half as many at once.",
        min=1,
    ),
]
AnswerSeconds = Annotated[
    float,
    typer.Option(
        "--answer-seconds",
        help="Seconds a person has to answer another player's proposal (a joint expedition "
        "of the Nile, say) before it is refused for them.",
        min=1,
    ),
]
MaxSpectators = Annotated[
    int,
    typer.Option("--max-spectators", help="Spectators' pages open on one match.", min=0),
]
PublicUrl = Annotated[
    str | None,
    typer.Option(
        "--public-url",
        help="The address players open, which links are built from, e.g. "
        "https://terra.example/ (default: the address listened on; needed with a "
        "--host such as 0.0.0.0).",
    ),
]
BotWorkers = Annotated[
    int | None,
    typer.Option(
        "--bot-workers",
        help="Processes that think for the bots (default: one per processor).",
        min=1,
    ),
]
BotSeconds = Annotated[
    float,
    typer.Option(
        "--bot-seconds",
        help="The longest a bot may think per move; a match may ask for no more.",
        min=0.001,
        max=3600,
    ),
]
BotIterations = Annotated[
    int,
    typer.Option(
        "--bot-iterations",
        help="The most iterations a search bot may run per move; a match may ask for no more.",
        min=1,
        max=10_000_000,
    ),
]

# --- the commands -------------------------------------------------------------------------


@app.command("games", cls=Command)
@_runs("listing")
def games_command(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """List the games, their player counts and whether their data is provisional."""


@app.command("play", cls=Command)
@_runs("play")
def play_command(
    game: GameId = "africana",
    players: Players = 3,
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
    data: DataFolder = None,
    record: Annotated[
        Path | None,
        typer.Option(
            "--record",
            help="Save the game's record to this file as it goes (default: a new file in "
            "your data folder's terra-incognita/games).",
        ),
    ] = None,
    no_save: Annotated[
        bool, typer.Option("--no-save", help="Do not save the game (no record is written).")
    ] = False,
    option: GameOptions = None,
    language: Annotated[
        str | None,
        typer.Option(
            "--lang",
            "--language",
            metavar="en|de|nl",
            help="Language of the screens, the moves, the log and of moves typed (default: "
            "the environment's LC_ALL, LC_MESSAGES or LANG; English for any other).",
            show_default=False,
        ),
    ] = None,
    continues: Annotated[
        Path | None,
        typer.Option(
            "--continue",
            metavar="RECORD",
            help="Start the next game of a campaign where the game of this record left off "
            "(Source of the Nile's Game II).",
        ),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(
            "--resume",
            metavar="RECORD",
            help="Go on with the game of this record where it stopped (every game is saved "
            "as it goes, and says where); its game, players and seats come from it.",
        ),
    ] = None,
    screen: Annotated[
        bool | None,
        typer.Option(
            "--screen/--plain",
            help="Full screen (the default when input and output are a terminal): the board, "
            "the log and a list of your moves that filters as you type; or plain lines (the "
            "default when they are not: pipes, scripts, screen readers).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Play a game in the terminal against computer opponents."""


@app.command("simulate", cls=Command)
@_runs("simulate")
def simulate_command(
    game: GameId,
    players: Players = 2,
    games: Annotated[int, typer.Option("--games", "-n", help="Number of games.")] = 100,
    seed: FirstSeed = 0,
    bots: Annotated[
        str, typer.Option("--bots", help="Comma-separated bot per seat, cycled.")
    ] = "random",
    workers: Workers = 1,
    rotate: Annotated[
        bool, typer.Option("--rotate", help="Shift the bots one seat each game.")
    ] = False,
    record_dir: Annotated[
        Path | None, typer.Option("--record-dir", help="Write one record file per game here.")
    ] = None,
    data: DataFolder = None,
    as_json: OneJsonObject = False,
    option: GameOptions = None,
    ray: RayAddress = None,
    max_actions: MaxActions = None,
) -> None:
    """Play many games between bots and report wins, scores and speed."""


@app.command("tournament", cls=Command)
@_runs("tournament")
def tournament_command(
    game: GameId,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            help="Comma-separated bots, each once (any level, e.g. greedy,ismcts:200); "
            "one bot alone plays every seat.",
        ),
    ],
    players: Annotated[int, typer.Option("--players", "-p", help="Seats at each table.")] = 2,
    games: Annotated[
        int | None,
        typer.Option(
            "--games",
            "-n",
            help="Games per table, a multiple of the seats (default: 10 rotations).",
        ),
    ] = None,
    gauntlet: Annotated[
        str | None,
        typer.Option(
            "--gauntlet", metavar="BOT", help="Play BOT against every table of the others."
        ),
    ] = None,
    seed: FirstSeed = 0,
    workers: Workers = 0,
    data: DataFolder = None,
    as_json: OneJsonObject = False,
    report: Annotated[
        Path | None,
        typer.Option(
            "--report",
            metavar="FILE",
            help="Write a report with plots: FILE.html (self-contained) or FILE.md (plots "
            "beside it).",
        ),
    ] = None,
    option: GameOptions = None,
    ray: RayAddress = None,
    max_actions: MaxActions = None,
) -> None:
    """Rate bots against each other (seats rotated): ratings, seat balance, scores, lengths."""


@app.command("replay", cls=Command)
@_runs("replay")
def replay_command(
    files: Annotated[list[Path], typer.Argument(help="Record files to verify.")],
    show: Annotated[
        bool,
        typer.Option(
            "--show",
            help="Watch the game of one record action by action, as a spectator sees it "
            "(Enter: the next action; b: back; a number: that action; q: stop).",
        ),
    ] = False,
    seat: Annotated[
        int | None,
        typer.Option("--seat", help="With --show: watch it as this seat saw it."),
    ] = None,
) -> None:
    """Replay records, verifying every action and the result; exit 1 on any mismatch."""


@app.command("serve", cls=Command)
@_runs("serve")
def serve_command(
    host: Host = "127.0.0.1",
    port: Port = 8000,
    database: Database = None,
    open_browser: OpenBrowser = False,
    message_rate: MessageRate = 20.0,
    match_rate: MatchRate = 20.0,
    max_spectators: MaxSpectators = 500,
    public_url: PublicUrl = None,
    bot_workers: BotWorkers = None,
    bot_seconds: BotSeconds = 5.0,
    bot_iterations: BotIterations = 5000,
    answer_seconds: AnswerSeconds = 120.0,
) -> None:
    """Serve games in the browser: a lobby, invitation links, live play and bots."""


def main() -> None:
    """Entry point of the ``terra`` command."""
    app()
