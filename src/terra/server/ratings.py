"""Ratings on the server: a finished match counted in them as its last move commits, and the
matches left unrated counted at start (docs/web.md, "Ratings"); the leaderboards are
:mod:`terra.server.leaderboard`'s."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from terra.store.ratings import Ratings

if TYPE_CHECKING:
    from terra.server.tables import Tables

_log = logging.getLogger("terra.server")


async def rate_finished(tables: Tables, match_id: str) -> None:
    """Count the match that has just ended in the ratings. A failure is logged, not raised:
    the move that ended it is committed, and the match is counted at the next start."""
    try:
        await tables.write(Ratings(tables.store.engine).rate, match_id)
    except Exception:
        _log.exception("match %s could not be rated; it is rated at the next start", match_id)


async def rate_unrated(tables: Tables) -> int:
    """Count every finished match not yet rated, the first to finish first (after a restart,
    or a fault while rating); how many were counted. Another process starting at the same
    time counts each match once with this one."""
    ratings = Ratings(tables.store.engine)
    counted = 0
    try:
        for match_id in await tables.call(ratings.unrated):
            counted += await tables.write(ratings.rate, match_id)
    except Exception:  # the server serves its pages even if this fails
        _log.exception("the finished matches not yet rated could not all be rated")
    return counted
