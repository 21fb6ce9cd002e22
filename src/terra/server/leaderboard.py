"""The leaderboards: ``GET /api/ratings?game=nile`` lists a game's ratings, people and bots,
best first; ``GET /api/ratings?player=Ann`` one player's ratings in every game they have
played; a player's own are in ``GET /api/players/me`` (docs/web.md, "Ratings")."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from terra.core.errors import UnknownGame, Worded, marked, quote
from terra.core.registry import game as find_game
from terra.core.registry import games as all_games
from terra.server import identity
from terra.server.api import BadRequest
from terra.server.tables import Tables
from terra.store.ratings import Ratings, Standing


async def my_ratings(tables: Tables, player_id: str) -> list[dict[str, Any]]:
    """The player's ratings in every game they were rated in, each with its game's title."""
    found = await tables.call(Ratings(tables.store.engine).of_player, player_id)
    return [_shown(standing) for standing in found]


def _shown(standing: Standing) -> dict[str, Any]:
    """A rating with its game's title (its id, for a game this server no longer has)."""
    try:
        title = find_game(standing.game).title
    except UnknownGame:
        title = standing.game
    return {**standing.to_dict(), "title": title}


async def ratings(request: Request) -> Response:
    """``GET /api/ratings?game=nile``: the game's leaderboard, best first; ``GET
    /api/ratings?player=Ann``: that player's ratings in every game."""
    asked = set(request.query_params) - {"lang"}
    if len(asked) != 1 or not asked <= {"game", "player"}:
        raise BadRequest(_ask(), 400)
    tables: Tables = request.app.state.tables
    store = Ratings(tables.store.engine)
    if "game" in asked:
        given = request.query_params["game"]
        try:
            game = find_game(given)
        except UnknownGame as problem:
            raise BadRequest(str(problem), 404) from None
        found = await tables.call(store.leaderboard, game.id)
        listed = [standing.to_dict() for standing in found]
        return JSONResponse({"game": game.id, "title": game.title, "ratings": listed})
    name = identity.check_name(request, request.query_params["player"])
    player = await tables.call(store.player_named, name)
    if player is None:
        unknown = Worded(marked("no player is called {name}"), name=quote(name))
        raise identity.refused(request, unknown, 404)
    found = await tables.call(store.of_player, player.id)
    shown = [_shown(standing) for standing in found]
    return JSONResponse({"name": player.name, "ratings": shown})


def _ask() -> str:
    """How the ratings are asked for."""
    known = ", ".join(g.id for g in all_games())
    return (
        f"ask for one game's ratings, ?game= one of {known}, or one player's, ?player= their name"
    )
