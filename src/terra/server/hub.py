"""Fan-out of committed moves to the pages that watch a match.

Everything goes through :class:`Broadcaster`, so that a broadcaster over PostgreSQL's
LISTEN/NOTIFY can carry moves to pages held by other server processes.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from typing import Protocol

_log = logging.getLogger("terra.server")


class Listener(Protocol):
    """An open page: told the move count of its match after each committed move."""

    def moved(self, moves: int) -> None:
        """Build and queue this page's own update for the match at ``moves`` moves."""
        ...


class Broadcaster(Protocol):
    """Who hears of the moves of which match."""

    def subscribe(self, match_id: str, listener: Listener) -> None: ...

    def unsubscribe(self, match_id: str, listener: Listener) -> None: ...

    def publish(self, match_id: str, moves: int) -> None:
        """Tell every listener of ``match_id`` that it now has ``moves`` committed moves."""
        ...

    def listeners(self, match_id: str) -> int:
        """How many pages of this process watch the match."""
        ...


class LocalBroadcaster:
    """One process's pages (enough for SQLite, which serves one process)."""

    def __init__(self) -> None:
        self._listeners: defaultdict[str, list[Listener]] = defaultdict(list)

    def subscribe(self, match_id: str, listener: Listener) -> None:
        self._listeners[match_id].append(listener)

    def unsubscribe(self, match_id: str, listener: Listener) -> None:
        listeners = self._listeners.get(match_id)
        if listeners is not None and listener in listeners:
            listeners.remove(listener)
            if not listeners:
                del self._listeners[match_id]

    def publish(self, match_id: str, moves: int) -> None:
        for listener in list(self._listeners.get(match_id, ())):
            try:
                listener.moved(moves)
            except Exception:  # one broken page must not keep the move from the others
                _log.exception("a page of match %s could not be updated", match_id)

    def listeners(self, match_id: str) -> int:
        return len(self._listeners.get(match_id, ()))
