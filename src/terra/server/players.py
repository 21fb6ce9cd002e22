"""The lobby's players and open tables: a display name picked once, the games a player holds
a seat in, the open tables waiting for players, joining one and filling it with bots
(``docs/web.md``, "Players and open tables")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from terra.core.errors import TerraError
from terra.core.guide import GuideError
from terra.core.registry import game as find_game
from terra.server import identity
from terra.server.api import MAX_NAME, BadRequest, Throttle, offered_bots, read_json, summary
from terra.server.leaderboard import my_ratings
from terra.server.protocol import result_of
from terra.server.tables import Tables
from terra.store.matches import UnknownMatch
from terra.store.players import OpenTable, PlayerInfo, PlayerRefused

T = TypeVar("T")


def _check_rate(request: Request) -> None:
    """Refuse a client that makes new players faster than it may make matches (429)."""
    throttle: Throttle = request.app.state.players_throttle
    waiting = throttle.wait(request.client.host if request.client else "")
    if waiting:
        seconds = str(max(1, round(waiting)))
        raise BadRequest(
            f"too many new names from your address; try again in {seconds} s",
            429,
            headers={"Retry-After": seconds},
        )


def _tables(request: Request) -> Tables:
    tables: Tables = request.app.state.tables
    return tables


async def pick_name(request: Request) -> Response:
    """``POST /api/players`` ``{"name": ...}``: a browser with no key becomes a new player
    (201, the key kept in its cookie); a player's browser renames them (200)."""
    body = await read_json(request)
    if not isinstance(body, dict) or set(body) != {"name"}:
        raise BadRequest("the request body is a JSON object with 'name' alone")
    name = identity.check_name(request, body["name"])
    tables = _tables(request)
    known = await identity.player_of(request, tables)
    try:
        if known is not None:
            renamed = await tables.call(tables.players.rename, known.id, name)
            return JSONResponse(identity.player_json(renamed))
        _check_rate(request)
        player, key = await tables.call(tables.players.create, name)
    except PlayerRefused as problem:
        raise identity.refused(request, problem, 409) from None
    response = JSONResponse(identity.player_json(player), status_code=201)
    secure = tables.settings.site.url.startswith("https:")
    identity.keep_key(response, key, secure=secure)
    return response


async def me(request: Request) -> Response:
    """``GET /api/players/me``: the player's name, their games (those where it is their move
    first, then the open tables waiting for players, then the rest, each group the most
    recently changed first) and their ratings (401 without a name)."""
    tables = _tables(request)
    player = await identity.required_player(request, tables)
    games = [await _my_game(tables, player, s.match_id) for s in await _sittings(tables, player)]
    games.sort(key=lambda g: (not g["your_turn"], not g["waiting"]))  # stable: recent first
    rated = await my_ratings(tables, player.id)
    return JSONResponse({**identity.player_json(player), "games": games, "ratings": rated})


async def _sittings(tables: Tables, player: PlayerInfo) -> list[Any]:
    return await tables.call(tables.players.sittings, player.id)


async def _my_game(tables: Tables, player: PlayerInfo, match_id: str) -> dict[str, Any]:
    """A match of the player's, as :func:`terra.server.api.summary` tells it, with their seat,
    whether it is their move, and the seconds left to the person to move at a table with a
    clock (``time_left``, else null)."""
    info = await tables.call(tables.store.info, match_id)
    state, _ = await tables.call(tables.store.state, match_id, info.moves)
    seat = next(s.seat for s in info.seats if s.player == player.id)
    found = summary(info, state.current_player, state.is_over, result_of(state))
    your_turn = not info.waiting and not state.is_over and state.current_player == seat
    left = None
    if info.clock is not None and not state.is_over:
        timing = await tables.call(tables.clocks.timing, match_id, state.current_player)
        left = None if timing is None else timing.seconds_left()
    return {**found, "seat": seat, "your_turn": your_turn, "time_left": left}


async def open_tables(request: Request) -> Response:
    """``GET /api/tables?lang=de``: the open tables waiting for players, the newest first."""
    tables = _tables(request)
    found = await tables.call(tables.players.open_tables)
    language = identity.language(request)
    return JSONResponse({"tables": [_listed(table, language) for table in found]})


def _listed(table: OpenTable, language: str) -> dict[str, Any]:
    game = find_game(table.game)
    seats = [
        {"seat": n, "name": name, "bot": bot, "free": name is None and bot is None}
        for n, (name, bot) in enumerate(table.seats)
    ]
    free = sum(name is None and bot is None for name, bot in table.seats)
    return {
        "id": table.id,
        "game": table.game,
        "title": game.title,
        "players": table.players,
        "options": table.options,
        "variant": _variant_words(table, language),
        "seats": seats,
        "taken": table.players - free,
        "free": free,
        "created": table.created.isoformat(),
        "clock": None if table.clock is None else table.clock.to_json(),
    }


def _variant_words(table: OpenTable, language: str) -> list[str]:
    """The table's options in words: a variant chosen by its label, another option as
    ``label: value``."""
    game = find_game(table.game)
    try:
        words = game.guide(language).options
    except GuideError:
        words = {}
    said = []
    for name, value in sorted(table.options.items()):
        label = words[name].label if name in words else name
        if value is True:
            said.append(label)
        elif value is not False:
            said.append(f"{label}: {value}")
    return said


async def _change_table(request: Request, change: Callable[..., T], match_id: str, *args: Any) -> T:
    """``change(match_id, *args)`` of the store's open tables, written: 404 for no such match,
    409 for a change the table refuses (its words in the page's language)."""
    try:
        return await _tables(request).write(change, match_id, *args)
    except UnknownMatch as problem:
        raise BadRequest(str(problem), 404) from None
    except PlayerRefused as problem:
        raise identity.refused(request, problem, 409) from None


async def join(request: Request) -> Response:
    """``POST /api/matches/{id}/join``: the player takes the open table's first free seat;
    the table starts when that was the last."""
    tables = _tables(request)
    player = await identity.required_player(request, tables)
    match_id = request.path_params["match_id"]
    seat, started = await _change_table(request, tables.players.join, match_id, player)
    await tables.seated(match_id)
    page = tables.settings.site.link(f"match/{match_id}")
    return JSONResponse({"id": match_id, "seat": seat, "started": started, "page": page})


async def fill(request: Request) -> Response:
    """``POST /api/matches/{id}/fill`` ``{"bot": "greedy"}``: the table's creator fills its
    free seats with that bot, and it starts."""
    tables = _tables(request)
    player = await identity.required_player(request, tables)
    body = await read_json(request)
    if not isinstance(body, dict) or set(body) != {"bot"}:
        raise BadRequest("the request body is a JSON object with 'bot' alone, e.g. greedy")
    bot = _bot(body["bot"], tables)
    match_id = request.path_params["match_id"]
    filled = await _change_table(request, tables.players.fill, match_id, player.id, bot)
    await tables.seated(match_id)
    return JSONResponse({"id": match_id, "filled": filled, "bot": bot})


async def leave(request: Request) -> Response:
    """``POST /api/matches/{id}/leave``: the player gives up their seat at an open table still
    waiting for players; its creator's leaving closes it (docs/web.md, "Players and open
    tables")."""
    tables = _tables(request)
    player = await identity.required_player(request, tables)
    match_id = request.path_params["match_id"]
    closed = await _change_table(request, tables.players.leave, match_id, player.id)
    if closed:
        tables.closed(match_id)
    else:
        await tables.seated(match_id)
    return JSONResponse({"id": match_id, "closed": closed})


def _bot(given: Any, tables: Tables) -> str:
    """The canonical name of the bot asked for, within the server's limits."""
    limits = tables.settings.bot_limits
    if not isinstance(given, str) or len(given) > MAX_NAME:
        raise BadRequest(f"'bot' names a bot, e.g. {', '.join(offered_bots(limits))}")
    try:
        return limits.allow(given)
    except TerraError as problem:
        raise BadRequest(f"'bot': {problem}") from None
