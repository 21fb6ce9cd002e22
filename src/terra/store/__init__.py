"""Persistence of matches played on the server: SQLite by default, PostgreSQL by URL.

A match is its record (game, options, players, seed, actions) plus who sits where. The
database is the truth; states held in memory are a cache of it.
"""

from terra.store.database import default_url, open_engine
from terra.store.matches import (
    AppendResult,
    MatchInfo,
    MatchStore,
    SeatInfo,
    StaleMove,
    StoreError,
    UnknownMatch,
)

__all__ = [
    "AppendResult",
    "MatchInfo",
    "MatchStore",
    "SeatInfo",
    "StaleMove",
    "StoreError",
    "UnknownMatch",
    "default_url",
    "open_engine",
]
