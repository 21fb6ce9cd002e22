"""Ratings on the server: a finished match counted in them as its last move commits, and the
matches left unrated counted at start (docs/web.md, "Ratings"); the leaderboards are
:mod:`terra.server.leaderboard`'s."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from terra.store.matches import MatchStore
from terra.store.ratings import Ratings

T = TypeVar("T")
_log = logging.getLogger("terra.server")


class Writes(Protocol):
    """How the server runs a function of the store that writes, off the event loop
    (:meth:`terra.server.tables.Tables.write`)."""

    async def __call__(self, function: Callable[..., T], *args: Any) -> T: ...


async def rate_finished(write: Writes, store: MatchStore, match_id: str) -> None:
    """Count the match of ``store`` that has just ended in the ratings. A failure is logged,
    not raised: the move that ended it is committed, and the match is counted at the next
    start."""
    try:
        await write(Ratings(store.engine).rate, match_id)
    except Exception:
        _log.exception("match %s could not be rated; it is rated at the next start", match_id)


async def rate_unrated(write: Writes, store: MatchStore) -> int:
    """Count every finished match of ``store`` not yet rated, the first to finish first (after
    a restart, or a fault while rating); how many were counted. Another process starting at
    the same time counts each match once with this one."""
    ratings = Ratings(store.engine)
    counted = 0
    try:
        for match_id in await write(ratings.unrated):
            counted += await write(ratings.rate, match_id)
    except Exception:  # the server serves its pages even if this fails
        _log.exception("the finished matches not yet rated could not all be rated")
    return counted
