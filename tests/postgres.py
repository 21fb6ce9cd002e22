"""PostgreSQL for the tests: one throwaway server per test process, a new database per test.

Each pytest-xdist worker starts its own server (a second or two, once): nothing is shared
between workers, so none waits for another or stops a server another still uses. The tests
that need PostgreSQL skip, saying why, only where no PostgreSQL binaries are installed.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

from terra.store.notices import APPLICATION
from terra.store.throwaway import Cluster, NoPostgres, find_binaries

_NAMES = itertools.count()
BACKENDS = ["sqlite", "postgresql"]


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    """A PostgreSQL server of this test process, stopped and removed at the end."""
    try:
        find_binaries()
    except NoPostgres as problem:
        pytest.skip(f"no PostgreSQL to test with: {problem}")
    cluster = Cluster.start()
    try:
        yield cluster
    finally:
        cluster.stop()


def new_database(cluster: Cluster) -> str:
    """The URL of a new empty database on ``cluster``."""
    return cluster.create_database(f"test_{next(_NAMES)}")


@pytest.fixture
def postgres_url(postgres: Cluster) -> str:
    """A new empty PostgreSQL database for one test."""
    return new_database(postgres)


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new empty database of each kind the store runs on, in turn."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'matches.sqlite3'}"
    cluster: Cluster = request.getfixturevalue("postgres")
    return new_database(cluster)


def terminate_listeners(url: str) -> int:
    """End the listening connection of every server on the database of ``url``; how many."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as connection:
        rows = connection.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE application_name = %s AND datname = current_database()",
            (APPLICATION,),
        ).fetchall()
    return len(rows)
