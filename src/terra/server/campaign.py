"""``GET /api/matches/{id}/campaign``: the map of every game of a match's campaign as it
stood at the end of each (a match that continues another: ``continues`` in
``POST /api/matches``, :mod:`terra.server.api`).

The rules of what carries over are the game's (:meth:`terra.core.game.Game.follow`).
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from terra.core.record import MAX_CAMPAIGN_GAMES
from terra.server.api import BadRequest
from terra.server.protocol import result_of
from terra.server.tables import Tables
from terra.store.matches import UnknownMatch


async def campaign(request: Request) -> Response:
    """``GET /api/matches/{id}/campaign``: every match of the match's campaign, the first
    first: its id, moves, whether it is over, its result and the spectator's view of its end
    (of the present, for a match still played: what its spectator link shows)."""
    tables: Tables = request.app.state.tables
    match_id = request.path_params["match_id"]
    games: list[dict[str, Any]] = []
    try:
        while match_id is not None and len(games) < MAX_CAMPAIGN_GAMES:
            info = await tables.call(tables.store.info, match_id)
            state, moves = await tables.call(tables.store.state, match_id, info.moves)
            games.append(
                {
                    "id": match_id,
                    "moves": moves,
                    "over": state.is_over,
                    "result": result_of(state),
                    "view": state.view(None),
                }
            )
            match_id = info.continues
    except UnknownMatch as problem:
        raise BadRequest(str(problem), 404) from None
    games.reverse()
    return JSONResponse({"games": games})
