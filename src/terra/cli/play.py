"""``terra play``: people at this terminal against bots, for any registered game: the
options checked and the table set (a new game, a campaign's next game, or a game resumed from
its record), then played in the line mode (:mod:`terra.cli.session`) or full-screen
(:mod:`terra.cli.screen`).

Only the core contract and two game hooks are used: ``render_terminal`` draws the board as a
seat sees it and ``describe_event`` words one log entry.
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any, NotRequired, TypedDict, Unpack

import typer
from rich.console import Console
from rich.text import Text

from terra.ai.bots import SEARCH_BOTS, Bot, make_bot
from terra.cli.language import LanguageError, Speech, choose_language, environment_language
from terra.cli.messages import PATH_LIMIT, USAGE_ERROR, clip, shorten
from terra.cli.options import parse_options
from terra.cli.session import PERSON, PlayError, Reader, Session
from terra.core import Game, GameState, Record, TerraError, new_seed, replay
from terra.core import game as find_game
from terra.core.errors import Worded, marked, quote
from terra.sim import bot_seed


def parse_seats(text: str, players: int) -> tuple[int, ...]:
    """The seats people play, from ``"0"`` or ``"0,2"``; every seat exists and appears once."""
    seats: list[int] = []
    for part in text.split(","):
        word = part.strip()
        if not word:
            continue
        try:
            seat = int(word)
        except ValueError:
            raise PlayError(
                marked("--seats: {word} is not a seat number (seats are 0-{last})"),
                word=quote(word),
                last=players - 1,
            ) from None
        if not 0 <= seat < players:
            raise PlayError(
                marked(
                    "--seats: there is no seat {seat} in a {players}-player game "
                    "(seats are 0-{last})"
                ),
                seat=seat,
                players=players,
                last=players - 1,
            )
        if seat in seats:
            raise PlayError(marked("--seats: seat {seat} is listed twice"), seat=seat)
        seats.append(seat)
    if not seats:
        raise PlayError(
            marked("--seats: name at least one seat for a person (bots-only games: terra simulate)")
        )
    return tuple(sorted(seats))


def make_bots(names: str, seats: Sequence[int], seed: int) -> dict[int, Bot]:
    """A bot for each of ``seats``, names from the comma-separated list cycled, each seeded
    from the game seed and its seat as ``terra simulate`` seeds it."""
    wanted = [name.strip() for name in names.split(",") if name.strip()]
    for name in wanted:
        try:
            make_bot(name)
        except TerraError as error:
            raise PlayError(marked("--bots: {reason}"), reason=str(error)) from None
    if seats and not wanted:
        raise PlayError(marked("--bots: name at least one bot for the seats no person plays"))
    return {
        seat: make_bot(wanted[i % len(wanted)], bot_seed(seed, seat))
        for i, seat in enumerate(seats)
    }


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:  # a name too long for the system, say
        return False


def check_record_path(path: Path) -> None:
    """Refuse, before the game starts, a record file that could not be written at its end."""
    shown = clip(str(path), PATH_LIMIT)
    folder = clip(str(path.parent), PATH_LIMIT)
    try:
        if path.is_dir():
            raise PlayError(
                marked("--record: {path} is a directory; give the name of a file"), path=shown
            )
        if not path.parent.exists():
            raise PlayError(marked("--record: the directory {path} does not exist"), path=folder)
        if not path.parent.is_dir():
            raise PlayError(marked("--record: {path} is not a directory"), path=folder)
        existed = path.exists()
        # Append, so an existing file is untouched; non-blocking, so a pipe with no reader
        # is refused instead of waited on.
        os.close(os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK, 0o666))
        if not existed:
            path.unlink()
    except OSError as error:
        raise PlayError(
            marked("--record: cannot write {path}: {reason}"),
            path=shown,
            reason=str(error.strerror or error),
        ) from None


class TableSettings(TypedDict):
    """The options of ``terra play`` that set the table, as the command gives them."""

    players: int
    seats: str
    bots: str
    seed: int | None
    data: Path | None
    record: Path | None
    option: NotRequired[list[str] | None]
    language: NotRequired[str | None]
    no_save: NotRequired[bool]
    continues: NotRequired[Path | None]
    resume: NotRequired[Path | None]
    screen: NotRequired[bool | None]


def new_session(
    game_id: str,
    settings: TableSettings,
    *,
    console: Console,
    read: Reader,
    errors: Console | None = None,
) -> Session:
    """Check every option and set the table; raises :class:`TerraError` saying what is wrong."""
    resume = settings.get("resume")
    if resume is not None:
        return resumed_session(resume, settings, console=console, read=read, errors=errors)
    players, seed = settings["players"], settings["seed"]
    data, record = settings["data"], settings["record"]
    language = choose_language(settings.get("language"))
    game = find_game(game_id)
    if data is not None and not _is_dir(data):
        raise PlayError(
            marked("--data: {path} is not a directory"), path=clip(str(data), PATH_LIMIT)
        )
    options = parse_options(settings.get("option"), data)
    if record is not None:
        check_record_path(record)
        if settings.get("no_save"):
            raise PlayError(
                marked("--no-save: a game with --record is saved; give one or the other")
            )
    if seed is None:
        seed = new_seed(random.SystemRandom())
    continues = settings.get("continues")
    if continues is None:
        state = game.new(players, seed, options)  # the game says which player counts it takes
    else:
        state = next_game(game, continues, players, seed, options)
    people = parse_seats(settings["seats"], players)
    robots = make_bots(settings["bots"], [s for s in range(players) if s not in people], seed)
    try:
        game.render_terminal(state, people[0])
    except NotImplementedError as error:
        raise PlayError("{reason}", reason=str(error)) from None  # the game's words
    for bot in {type(b): b for b in robots.values()}.values():
        kind = bot.name.partition(":")[0]
        probe = f"{kind}:1" if kind in SEARCH_BOTS else bot.name  # one iteration tells enough
        try:
            make_bot(probe).choose(state.clone())
        except NotImplementedError as error:
            raise PlayError(
                marked("--bots: the {bot} bot cannot play {game}: {reason}"),
                bot=bot.name,
                game=game.title,
                reason=str(error),
            ) from None
    if record is None and not settings.get("no_save"):
        record = saved_games_path(game.id)
    return Session(
        state,
        people,
        robots,
        console=console,
        read=read,
        record=record,
        errors=errors,
        language=language,
    )


def resumed_session(
    path: Path,
    settings: TableSettings,
    *,
    console: Console,
    read: Reader,
    errors: Console | None = None,
) -> Session:
    """``--resume``: the game of the record in ``path`` where it stopped, its people and bots
    in their seats (as the record names them; else as ``--seats`` and ``--bots`` say), saved
    there again as it goes (or to ``--record``)."""
    where = clip(str(path), PATH_LIMIT)
    try:
        record = Record.load(path)
        state = replay(record)
    except TerraError as error:
        raise PlayError(
            marked("--resume: {path}: {reason}"), path=where, reason=str(error)
        ) from None
    except OSError as error:
        raise PlayError(
            marked("--resume: cannot read {path}: {reason}"),
            path=where,
            reason=str(error.strerror or error),
        ) from None
    if state.is_over:
        raise PlayError(
            marked("--resume: the game in {path} is over; watch it with terra replay"), path=where
        )
    language = choose_language(settings.get("language"))
    named = record.meta.get("seats")
    players = state.num_players
    if isinstance(named, list) and len(named) == players and PERSON in named:
        people: tuple[int, ...] = tuple(s for s, who in enumerate(named) if who == PERSON)
        others = [s for s in range(players) if s not in people]
        bots = make_bots(",".join(str(named[s]) for s in others), others, record.seed)
    else:
        people = parse_seats(settings["seats"], players)
        others = [s for s in range(players) if s not in people]
        bots = make_bots(settings["bots"], others, record.seed)
    target = None if settings.get("no_save") else settings["record"] or path
    if target is not None:
        check_record_path(target)
    return Session(
        state,
        people,
        bots,
        console=console,
        read=read,
        record=target,
        errors=errors,
        language=language,
    )


def saved_games_folder() -> Path:
    """Where games are saved as they go when ``--record`` names no file: ``games`` in the
    user's data folder (``$XDG_DATA_HOME/terra-incognita`` or
    ``~/.local/share/terra-incognita`` on Linux; where the server keeps its database)."""
    import platformdirs  # noqa: PLC0415 - only when a game is saved there

    return platformdirs.user_data_path("terra-incognita", appauthor=False) / "games"


def saved_games_path(game_id: str, now: datetime | None = None) -> Path:
    """A new file in :func:`saved_games_folder` for a game of ``game_id`` started ``now``,
    named by the date and time and the game (``2026-11-29-071503-africana.json``); the folder
    made when missing (readable by its owner alone: a record holds the seed)."""
    folder = saved_games_folder()
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as error:
        raise PlayError(
            marked(
                "cannot make the folder {path} to save the game in: {reason} (--record FILE "
                "saves it elsewhere, --no-save not at all)"
            ),
            path=clip(str(folder), PATH_LIMIT),
            reason=str(error.strerror or error),
        ) from None
    stamp = (now or datetime.now()).strftime("%Y-%m-%d-%H%M%S")
    path = folder / f"{stamp}-{game_id}.json"
    number = 2
    while path.exists():  # two games started in the same second
        path = folder / f"{stamp}-{game_id}-{number}.json"
        number += 1
    check_record_path(path)
    return path


def next_game(
    game: Game[GameState], path: Path, players: int, seed: int, options: dict[str, Any]
) -> GameState:
    """``--continue``: the next game of the campaign whose last game is the record in
    ``path``, checked whole first (:meth:`terra.core.game.Game.follow`)."""
    where = clip(str(path), PATH_LIMIT)
    try:
        previous = Record.load(path)
        if previous.game == game.id:
            return game.follow(replay(previous), players, seed, options, record=previous)
    except TerraError as error:
        raise PlayError(
            marked("--continue: {path}: {reason}"), path=where, reason=str(error)
        ) from None
    raise PlayError(
        marked("--continue: {path}: it is a record of {other}, not of {game}"),
        path=where,
        other=quote(previous.game),
        game=game.id,
    )


def run(
    game: str,
    *,
    console: Console | None = None,
    errors: Console | None = None,
    read: Reader | None = None,
    **settings: Unpack[TableSettings],
) -> None:
    """``terra play``: check the options, play, and exit with the session's code."""
    console = console or Console(highlight=False, emoji=False)
    errors = errors or Console(stderr=True, highlight=False, emoji=False)
    try:
        session = new_session(
            game, settings, console=console, read=read or console.input, errors=errors
        )
    except TerraError as error:
        said = str(error)
        if isinstance(error, Worded):
            said = Speech(error_language(settings.get("language"))).worded(error)
        errors.print(Text(f"terra play: error: {shorten(said)}"), soft_wrap=True)
        raise typer.Exit(USAGE_ERROR) from None
    full = settings.get("screen")
    if full is None:
        full = at_a_terminal()
    code = _full_screen(session, errors) if full else session.play()
    if code:
        raise typer.Exit(code)


def error_language(asked: str | None) -> str:
    """The language an option's error is said in: ``--lang``'s, or the environment's when
    ``--lang`` names none this command speaks."""
    try:
        return choose_language(asked)
    except LanguageError:
        return environment_language()


def at_a_terminal() -> bool:
    """Whether input and output are both a terminal: then the game is played full-screen
    unless ``--plain`` asks for lines; a pipe, a script or a file gets lines."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def _full_screen(session: Session, errors: Console) -> int:
    """The game full-screen (:mod:`terra.cli.screen`), by default at a terminal or as
    ``--screen`` asks; the record written at the end as in line mode. The exit code."""
    from terra.cli.screen import PlayScreen  # noqa: PLC0415 - Textual only when asked

    try:
        app = PlayScreen(session)
    except TerraError as error:
        errors.print(Text(f"terra play: error: --screen: {shorten(str(error))}"), soft_wrap=True)
        return USAGE_ERROR
    app.run()
    return session.save()
