"""The JSON API of the lobby: games, creating matches, a match's summary and board layout."""

from __future__ import annotations

import json
import secrets
import time
import unicodedata
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from anyio import to_thread
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from terra.ai.bots import SEARCH_BOTS, bot_names
from terra.ai.strength import measures
from terra.core.errors import OptionError, TerraError, UnknownGame, quote
from terra.core.game import DATA_OPTION, SEED_BITS, Game
from terra.core.guide import Guide, GuideError
from terra.core.record import MAX_CAMPAIGN_GAMES, Record
from terra.core.registry import game as find_game
from terra.core.registry import games as all_games
from terra.core.state import GameState
from terra.server import i18n, identity
from terra.server.bots import BotLimits
from terra.server.protocol import result_of, seats_of
from terra.server.replay import BadStep, NotOver, Replays
from terra.server.tables import Tables
from terra.store.clocks import STAND_IN, Clock, ClockError
from terra.store.matches import MatchInfo, SeatInfo, UnknownMatch

MAX_NAME = 40
# The lobby offers the search bots at a pace a person waits for at the table; any level
# ``make_bot`` accepts within the server's limits may be asked for (``ismcts:2000``,
# ``mcts:500ms``).
TABLE_LEVEL = "1s"

CREATE_FIELDS = (
    "game",
    "players",
    "options",
    "seats",
    "seed",
    "hotseat",
    "continues",
    "open",
    "clock",
    "stand_in",
)


class BadRequest(HTTPException):
    """A request the server refuses (400 unless told), saying why."""

    def __init__(
        self, message: str, status: int = 400, headers: dict[str, str] | None = None
    ) -> None:
        super().__init__(status, message, headers)


def offered_bots(limits: BotLimits) -> list[str]:
    """The bots the lobby lists: every bot, the search bots with :data:`TABLE_LEVEL` (or
    the server's time limit, if shorter)."""
    return [
        limits.cap(f"{name}:{TABLE_LEVEL}") if name in SEARCH_BOTS else name for name in bot_names()
    ]


def check_bot(seat: int, bot: Any, limits: BotLimits) -> str:
    """The canonical name of ``bot`` (stored as the seat's bot); raises :class:`BadRequest`
    unless it names a bot, with a level within ``limits`` if any."""
    if not isinstance(bot, str) or len(bot) > MAX_NAME:
        offered = ", ".join(offered_bots(limits))
        raise BadRequest(f"seat {seat}: a bot is named by text, e.g. {offered}")
    try:
        return limits.allow(bot)
    except TerraError as problem:
        raise BadRequest(f"seat {seat}: {problem}") from None


def _tables(request: Request) -> Tables:
    tables: Tables = request.app.state.tables
    return tables


def _options(game: Game[Any], words: dict[str, Any]) -> list[dict[str, Any]]:
    """The options a person may set on the server (the shipped data is the only data), each
    with its label and help in the page's language (``words``: the guide's options)."""
    return [
        {
            "name": o.name,
            "label": words[o.name].label if o.name in words else o.name,
            "help": words[o.name].help if o.name in words else o.help,
            "default": o.default,
            "kind": {bool: "bool", int: "int"}.get(o.kind, "str"),
            "choices": list(o.choices) if o.choices is not None else None,
            "minimum": o.minimum,
            "maximum": o.maximum,
            "only": list(o.only) if o.only is not None else None,
        }
        for o in game.options
        if o.name != DATA_OPTION.name
    ]


async def list_games(request: Request) -> Response:
    """``GET /api/games?lang=de``: every game, its player range, options and the bots, and
    what its guide says of it in the page's language."""
    bots = offered_bots(_tables(request).settings.bot_limits)
    language = i18n.language_of(request.query_params.get("lang"))
    listed = []
    for g in all_games():
        try:
            guide: Guide | None = g.guide(language)
        except GuideError:
            guide = None
        about = {} if guide is None else {k: getattr(guide, k) for k in ABOUT}
        listed.append(
            {
                "id": g.id,
                "title": g.title,
                "designer": g.designer,
                "year": g.year,
                "min_players": g.min_players,
                "max_players": g.max_players,
                "options": _options(g, {} if guide is None else guide.options),
                "bots": bots,
                "board": g.web_board() is not None,
                "strength": [m.model_dump(exclude={"game"}) for m in measures(g.id)],
                **about,
            }
        )
    return JSONResponse({"games": listed})


# What the lobby shows of a game from its guide.
ABOUT = ("summary", "players", "length")


async def read_json(request: Request) -> Any:
    """The request's JSON body, refused when too big or not JSON."""
    limit = _tables(request).settings.max_body
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise BadRequest(f"the request body is too big (at most {limit:,} bytes)", 413)
    try:
        return json.loads(body)
    except RecursionError:
        raise BadRequest("the request body is nested too deeply") from None
    except ValueError as problem:  # not UTF-8, not JSON, or a number of thousands of digits
        raise BadRequest(f"the request body is not JSON ({problem})") from None


def check_name(seat: int, name: Any) -> str:
    """``name`` stripped, if it is a display name: 1 to :data:`MAX_NAME` characters of
    printable Unicode (no control characters such as NUL, no lone surrogates, which no page
    and no database can hold)."""
    if isinstance(name, str):
        text = name.strip()
        if 0 < len(text) <= MAX_NAME and all(_printable(c) for c in text):
            return text
    raise BadRequest(
        f"seat {seat}: a name is text of 1 to {MAX_NAME} characters, without control characters"
    )


def _printable(character: str) -> bool:
    return unicodedata.category(character) not in ("Cc", "Cs", "Cn") or character == " "


def _seats(given: Any, players: int, limits: BotLimits) -> list[SeatInfo]:
    """The seats asked for: people by default; each may name a bot and a display name."""
    if given is None:
        given = [{} for _ in range(players)]
    if not isinstance(given, list) or len(given) != players:
        raise BadRequest(f"'seats' is a list of one entry per player ({players}), or left out")
    seats = []
    for seat, entry in enumerate(given):
        if not isinstance(entry, dict) or set(entry) - {"name", "bot"}:
            raise BadRequest(f"seat {seat} is an object with 'name' and 'bot' (both optional)")
        bot, name = entry.get("bot"), entry.get("name")
        if bot is not None:
            bot = check_bot(seat, bot, limits)
        if name is None:
            name = f"{bot} bot" if bot else f"Player {seat + 1}"
        seats.append(SeatInfo(seat, check_name(seat, name), bot))
    return seats


class Throttle:
    """At most ``burst`` requests at once from one client, then ``per_minute`` a minute (a
    token bucket per client address; the least recently seen are forgotten past
    :attr:`CLIENTS`, with a full bucket)."""

    CLIENTS = 10_000

    def __init__(self, burst: float, per_minute: float) -> None:
        self.burst = burst
        self.rate = per_minute / 60.0
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def wait(self, client: str) -> float:
        """0 if ``client`` may go on now (and it is counted), else the seconds to wait."""
        now = time.monotonic()
        tokens, last = self._buckets.pop(client, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.rate)
        waiting = 0.0 if tokens >= 1 else (1 - tokens) / self.rate if self.rate else 3600.0
        self._buckets[client] = (tokens - 1 if not waiting else tokens, now)
        while len(self._buckets) > self.CLIENTS:
            self._buckets.popitem(last=False)
        return waiting


def _check_rate(request: Request) -> None:
    """Refuse a client that creates matches faster than the server allows (429)."""
    settings = _tables(request).settings
    throttle: Throttle = request.app.state.throttle
    client = request.client.host if request.client else ""
    waiting = throttle.wait(client)
    if waiting:
        raise BadRequest(
            f"too many new matches from your address: at most {settings.match_burst:g} at "
            f"once and {settings.match_rate:g} a minute (terra serve --match-rate); try again "
            f"in {max(1, round(waiting))} s",
            429,
            headers={"Retry-After": str(max(1, round(waiting)))},
        )


def _seed(body: dict[str, Any], seats: list[SeatInfo]) -> tuple[int, bool]:
    """The match's seed, and whether it is shown to every page from the start.

    The seed decides every deal and draw: whoever knows it can replay the match offline and
    know every hidden card. So the server draws it, and keeps it to the end, unless choosing
    it hides nothing from another person: a match with at most one person's seat, or one whose
    creator holds every person's seat in one browser (``hotseat``). A chosen seed is then
    shown to every seat and spectator.
    """
    seed, hotseat = body.get("seed"), body.get("hotseat", False)
    if not isinstance(hotseat, bool):
        raise BadRequest("'hotseat' is true or false: every person's seat played in this browser")
    if seed is None:
        return secrets.randbits(SEED_BITS - 1), False
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**SEED_BITS:
        raise BadRequest(f"'seed' is a whole number from 0 to 2**{SEED_BITS} - 1, or left out")
    people = sum(s.bot is None for s in seats)
    if people > 1 and not hotseat:
        raise BadRequest(
            f"a match of {people} people is dealt from a seed the server draws: a chosen seed "
            "would tell its chooser every hidden card (leave 'seed' out, or set 'hotseat' if "
            "every person's seat is played in your browser)"
        )
    return seed, True


@dataclass(frozen=True)
class Previous:
    """The finished match a new match continues: its id, final state and record."""

    id: str
    state: GameState
    record: Record


async def previous_match(tables: Tables, given: Any, game: Game[Any]) -> Previous | None:
    """The match named by ``continues`` in a request to create a match, checked: it exists
    (404), it is over (409), it is a match of ``game`` whose rules let it be continued and
    its campaign is not at its longest (400)."""
    if given is None:
        return None
    if not isinstance(given, str):
        raise BadRequest("'continues' is the id of a finished match to continue, or left out")
    try:
        info = await tables.call(tables.store.info, given)
    except UnknownMatch as problem:
        raise BadRequest(str(problem), 404) from None
    if info.status != "over":
        raise BadRequest(
            f"match {quote(given)} is still being played: a campaign continues a finished match",
            409,
        )
    if info.game != game.id:
        raise BadRequest(f"match {quote(given)} is a match of {info.game}, not of {game.id}")
    state, _ = await tables.call(tables.store.state, given, info.moves)
    if not game.continuable(state):
        raise BadRequest(
            f"match {quote(given)} cannot be continued: {game.title} has no "
            "campaign from it (Source of the Nile: Game II alone, 2.3 and 30.0)"
        )
    record = await tables.call(tables.store.record, given)
    if len(record.campaign()) >= MAX_CAMPAIGN_GAMES:
        raise BadRequest(f"a campaign is at most {MAX_CAMPAIGN_GAMES} games; this one is full")
    return Previous(given, state, record)


async def create_match(request: Request) -> Response:
    """``POST /api/matches``: a new match; returns its invitation and spectator links."""
    body = await read_json(request)
    if not isinstance(body, dict):
        raise BadRequest("the request body is a JSON object with 'game' and 'players'")
    unknown = sorted(str(k) for k in body if k not in CREATE_FIELDS)
    if unknown:
        raise BadRequest(f"unknown field {quote(unknown[0])} (fields: {', '.join(CREATE_FIELDS)})")
    try:
        game = find_game(body.get("game"))  # type: ignore[arg-type]
    except UnknownGame as problem:
        raise BadRequest(str(problem)) from None
    players: Any = body.get("players")
    options = body.get("options") or {}
    if not isinstance(options, dict):
        raise BadRequest("'options' is an object of option names and values")
    if DATA_OPTION.name in options:
        raise BadRequest(
            "the server plays with the data shipped with each game; 'data' is not set here"
        )
    try:
        game.check_players(players)
    except OptionError as problem:
        raise BadRequest(str(problem)) from None
    tables = _tables(request)
    seats = _seats(body.get("seats"), players, tables.settings.bot_limits)
    host, seats = await _open_seats(request, body, seats)
    seed, seed_shown = _seed(body, seats)
    clock, stand_in = _clock(body, tables.settings.bot_limits)
    previous = await previous_match(tables, body.get("continues"), game)
    try:
        if previous is None:
            state = game.new(players, seed, options)
        else:
            state = game.follow(previous.state, players, seed, options, record=previous.record)
    except OptionError as problem:  # a CampaignError too: the rule that refuses
        raise BadRequest(str(problem)) from None
    _check_rate(request)
    match_id, tokens = await tables.call(
        tables.store.create_match,
        state,
        seats,
        seed_shown=seed_shown,
        continues=None if previous is None else previous.id,
        host=host,
        clock=clock,
        stand_in=stand_in,
    )
    table = await tables.table(match_id)
    if not table.info.waiting:
        await tables.start_bots(match_id)  # and its clock
    # From the configured address: the request's Host header is the client's to choose.
    page = tables.settings.site.link(f"match/{match_id}")
    return JSONResponse(
        {
            "id": match_id,
            "game": game.id,
            "seats": [
                {
                    "seat": s.seat,
                    "name": s.name,
                    "bot": s.bot,
                    # In the fragment: a browser never sends it in a request or a Referer.
                    "invite": f"{page}#seat={s.seat}&token={tokens[s.seat]}"
                    if s.seat in tokens
                    else None,
                }
                for s in table.info.seats
            ],
            "spectate": page,
            "open": host is not None,
            **({"seed": seed} if seed_shown else {}),
        },
        status_code=201,
    )


def _clock(body: dict[str, Any], limits: BotLimits) -> tuple[Clock | None, str]:
    """The table's clock, if it asks for one, and the bot that stands in for a person who
    leaves or runs out of time (docs/web.md, "Clocks")."""
    given = body.get("clock")
    try:
        clock = None if given is None else Clock.parse(given)
    except ClockError as problem:
        raise BadRequest(str(problem)) from None
    stand_in = body.get("stand_in", STAND_IN)
    if not isinstance(stand_in, str) or len(stand_in) > MAX_NAME:
        offered = ", ".join(offered_bots(limits))
        raise BadRequest(f"'stand_in' names the bot that plays for a person who leaves: {offered}")
    try:
        return clock, limits.allow(stand_in)
    except TerraError as problem:
        raise BadRequest(f"'stand_in': {problem}") from None


async def _open_seats(
    request: Request, body: dict[str, Any], seats: list[SeatInfo]
) -> tuple[str | None, list[SeatInfo]]:
    """For ``"open": true``, the creator (an identified player, else 401) and the seats of the
    open table: seat 0 the creator's under their name, the other people's free."""
    asked = body.get("open", False)
    if not isinstance(asked, bool):
        raise BadRequest("'open' is true or false: a table anyone may join from the lobby")
    if not asked:
        return None, seats
    if body.get("hotseat") or body.get("continues") is not None:
        raise BadRequest(
            "an open table is a new game for the people who join it: "
            "leave out 'hotseat' and 'continues'"
        )
    if seats[0].bot is not None:
        raise BadRequest("at an open table seat 1 is its creator's: a person's, not a bot's")
    player = await identity.required_player(request, _tables(request))
    # A free seat keeps the name asked for (else "Player N") until a player takes it.
    return player.id, [
        SeatInfo(s.seat, player.name if s.seat == 0 else s.name, s.bot) for s in seats
    ]


def summary(info: MatchInfo, to_move: int | None, over: bool, result: Any) -> dict[str, Any]:
    """What anyone may know of a match without opening it (its seed only where every page
    is shown it: chosen by its creator, or once it is over)."""
    game = find_game(info.game)
    seed = {"seed": info.seed} if info.seed_shown or over else {}
    return {
        "id": info.id,
        "game": info.game,
        "title": game.title,
        "players": info.players,
        "options": dict(info.options),
        "seats": seats_of(info),
        "open": info.open_table,
        "waiting": info.waiting,
        "moves": info.moves,
        "to_move": to_move,
        "over": over,
        "result": result,
        "created": info.created.isoformat(),
        "updated": info.updated.isoformat(),
        "continues": info.continues,
        "clock": None if info.clock is None else info.clock.to_json(),
        "stand_in": info.stand_in,
        **seed,
    }


async def _match(request: Request) -> tuple[MatchInfo, Any]:
    tables = _tables(request)
    match_id = request.path_params["match_id"]
    try:
        info = await tables.call(tables.store.info, match_id)
        state, _ = await tables.call(tables.store.state, match_id, info.moves)
    except UnknownMatch as problem:
        raise BadRequest(str(problem), 404) from None
    return info, state


async def show_match(request: Request) -> Response:
    """``GET /api/matches/{id}``: the match's public summary."""
    info, state = await _match(request)
    found = summary(info, state.current_player, state.is_over, result_of(state))
    # 2.3 of Source of the Nile, say: a finished match whose rules let a campaign go on
    found["continuable"] = state.is_over and find_game(info.game).continuable(state)
    return JSONResponse(found)


async def match_record(request: Request) -> Response:
    """``GET /api/matches/{id}/record``: a finished match's record, seed and all, as
    ``terra replay`` reads it (409 before the end: the seed would tell every hidden card)."""
    tables = _tables(request)
    match_id = request.path_params["match_id"]
    try:
        info = await tables.call(tables.store.info, match_id)
        if info.status != "over":
            raise BadRequest(
                f"match {match_id!r} is still being played; its record is given when it is over",
                409,
            )
        record = await tables.call(tables.store.record, match_id)
    except UnknownMatch as problem:
        raise BadRequest(str(problem), 404) from None
    return JSONResponse(record.to_dict())


async def board_layout(request: Request) -> Response:
    """``GET /api/matches/{id}/layout``: the fixed geometry its board is drawn on."""
    info, state = await _match(request)
    return JSONResponse(find_game(info.game).board_layout(state))


def count_param(request: Request, name: str, default: int | None = None) -> int:
    """The query parameter ``name`` as a whole number, or :class:`BadRequest`."""
    text = request.query_params.get(name)
    if text is None:
        if default is None:
            raise BadRequest(f"'{name}' is missing: a whole number, e.g. ?{name}=0")
        return default
    if not (text.isascii() and text.isdigit() and len(text) < 10):
        shown = json.dumps(text)[:40]
        raise BadRequest(f"'{name}' is a whole number from 0, not {shown}")
    return int(text)


async def replay_step(request: Request) -> Response:
    """``GET /api/matches/{id}/replay?step=K&since=L&lang=de``: a finished match as a
    spectator saw it after ``K`` moves, with the log entries from ``L`` on, worded in the
    page's language (English for a missing or unknown ``lang``, as on the WebSocket)."""
    replays: Replays = request.app.state.replays
    match_id = request.path_params["match_id"]
    step = count_param(request, "step")
    since = count_param(request, "since", 0)
    language = i18n.language_of(request.query_params.get("lang"))
    try:
        message = await to_thread.run_sync(replays.update, match_id, step, since, language)
    except UnknownMatch as problem:
        raise BadRequest(str(problem), 404) from None
    except NotOver as problem:
        raise BadRequest(str(problem), 409) from None
    except BadStep as problem:
        raise BadRequest(str(problem)) from None
    return JSONResponse(message)


async def board_module(request: Request) -> Response:
    """``GET /boards/{game}.js``: the game's board module, if it has one."""
    try:
        game = find_game(request.path_params["game_id"])
    except UnknownGame as problem:
        raise BadRequest(str(problem), 404) from None
    board = game.web_board()
    if board is None:
        raise BadRequest(f"{game.title} has no board module yet", 404)
    return Response(board.read_bytes(), media_type="application/javascript")
