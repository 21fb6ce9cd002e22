"""The Starlette application: routes, errors as JSON, and the life of the bot pool."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from importlib import resources

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from terra.core.registry import games as all_games
from terra.server import (
    api,
    campaign,
    clocks,
    i18n,
    leaderboard,
    learn,
    pages,
    players,
    ratings,
    review,
    security,
)
from terra.server.bots import BotPool
from terra.server.live import live
from terra.server.replay import Replays
from terra.server.tables import Settings, Tables
from terra.store.faults import StoreUnavailable
from terra.store.matches import MatchStore

STATIC = resources.files("terra.web") / "static"


def error_response(message: str, status: int, headers: Mapping[str, str] | None = None) -> Response:
    """``{"error": message}``, with whatever text the message quotes escaped as JSON allows
    (a lone surrogate a request sent is no UTF-8, and would fail to encode)."""
    body = json.dumps({"error": message}).encode()
    return Response(body, status, headers, media_type="application/json")


async def _http_error(_request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    return error_response(error.detail, error.status_code, error.headers)


async def _unavailable(_request: Request, error: Exception) -> Response:
    """503 for a failing database: nothing was changed, and the request may be sent again."""
    return error_response(str(error), 503, {"Retry-After": "5"})


def create_app(
    store: MatchStore, settings: Settings | None = None, bots: BotPool | None = None
) -> Starlette:
    """The server of the matches in ``store``."""
    tables = Tables(store, settings, bots=bots)

    @asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        all_games()  # loads every game package now rather than in a player's first request
        for language in i18n.LANGUAGES:
            i18n.messages(language)  # a broken catalog stops the server at start, not a page
        await tables.start()
        resuming = asyncio.create_task(tables.resume_bots())
        deadlines = asyncio.create_task(clocks.watch_deadlines(tables))
        rating = asyncio.create_task(ratings.rate_unrated(tables.write, store))
        try:
            yield
        finally:
            for task in (resuming, deadlines, rating):
                task.cancel()
            await asyncio.gather(resuming, deadlines, rating, return_exceptions=True)
            await tables.close()

    routes = [
        Route("/", pages.page("index.html")),
        Route("/match/{match_id}", pages.page("match.html")),
        Route("/match/{match_id}/replay", pages.page("replay.html")),
        Route("/learn/{game_id}", pages.page("learn.html")),
        Route("/api/games", api.list_games),
        Route("/api/games/{game_id}/guide", learn.game_guide),
        Route("/api/i18n", i18n.languages),
        Route("/api/i18n/{language}", i18n.catalog),
        Route("/api/matches", api.create_match, methods=["POST"]),
        Route("/api/players", players.pick_name, methods=["POST"]),
        Route("/api/players/me", players.me),
        Route("/api/tables", players.open_tables),
        Route("/api/ratings", leaderboard.ratings),
        Route("/api/matches/{match_id}/join", players.join, methods=["POST"]),
        Route("/api/matches/{match_id}/fill", players.fill, methods=["POST"]),
        Route("/api/matches/{match_id}/leave", players.leave, methods=["POST"]),
        Route("/api/matches/{match_id}", api.show_match),
        Route("/api/matches/{match_id}/layout", api.board_layout),
        Route("/api/matches/{match_id}/replay", api.replay_step),
        Route("/api/matches/{match_id}/review", review.review),
        Route("/api/matches/{match_id}/record", api.match_record),
        Route("/api/matches/{match_id}/campaign", campaign.campaign),
        Route("/boards/{game_id}.js", api.board_module),
        WebSocketRoute("/ws/{match_id}", live),
        Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
    ]
    handlers = {
        HTTPException: _http_error,
        StoreUnavailable: _unavailable,
        Exception: security.server_error,
    }
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=[Middleware(security.Guard, site=tables.settings.site)],
        exception_handlers=handlers,
    )
    app.state.tables = tables
    app.state.replays = Replays(store)
    app.state.throttle = api.Throttle(tables.settings.match_burst, tables.settings.match_rate)
    # New players, as new matches: rows a client could otherwise add without end.
    app.state.players_throttle = api.Throttle(
        tables.settings.match_burst, tables.settings.match_rate
    )
    return app
