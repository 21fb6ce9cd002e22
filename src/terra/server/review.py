"""Review a finished game: for each decision, what the search would have played and what the
move played cost (``docs/web.md``, "Review").

``GET /api/matches/{id}/review`` answers who made each move; ``?step=K`` answers move ``K + 1``
looked at again, worked out in a bot worker. Only a finished match is reviewed: by then every
seat's hidden cards are public, and a review tells nothing a replay does not.
"""

from __future__ import annotations

from typing import Any

from anyio import to_thread
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from terra.core.record import Record
from terra.core.registry import start
from terra.server.api import BadRequest, count_param
from terra.server.tables import Tables
from terra.server.workers import WorkerError
from terra.store.matches import UnknownMatch


def movers(record: Record) -> list[int]:
    """The seat that made each of the record's moves."""
    state = start(record)
    found = []
    for text in record.actions:
        seat = state.current_player
        assert seat is not None
        found.append(seat)
        state.play(text)
    return found


async def review(request: Request) -> Response:
    """``GET /api/matches/{id}/review[?step=K]``: the movers, or move ``K + 1`` reviewed."""
    tables: Tables = request.app.state.tables
    match_id = request.path_params["match_id"]
    try:
        info = await tables.call(tables.store.info, match_id)
        if info.status != "over":
            message = f"match {match_id!r} is still being played; it is reviewed when it is over"
            raise BadRequest(message, 409)
        record = await tables.call(tables.store.record, match_id)
    except UnknownMatch as problem:
        raise BadRequest(str(problem), 404) from None
    if "step" not in request.query_params:
        return JSONResponse({"movers": await to_thread.run_sync(movers, record)})
    step = count_param(request, "step")
    if step >= len(record.actions):
        raise BadRequest(f"'step' is a whole number from 0 to {len(record.actions) - 1}")
    settings = tables.settings
    try:
        found: dict[str, Any] = await tables.bots.review(
            match_id, record, step, settings.bot_seconds + settings.bot_margin
        )
    except WorkerError:
        raise BadRequest("the search could not review this move in time; try again", 503) from None
    return JSONResponse(found)
