"""The store's tests: a store on a new database of each kind (``database_url``: SQLite and
PostgreSQL)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from terra.store import MatchStore, open_engine


@pytest.fixture
def store(database_url: str) -> Iterator[MatchStore]:
    """A store on a new database of each kind (SQLite, PostgreSQL), migrated to the newest."""
    store = MatchStore(open_engine(database_url))
    yield store
    store.engine.dispose()
