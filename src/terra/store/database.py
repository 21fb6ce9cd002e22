"""Opening the database: the default file, SQLite's settings, and migrations at start-up."""

from __future__ import annotations

import importlib.util
import os
from importlib import resources
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from terra.core.errors import TerraError, quote
from terra.store.faults import Fault, fault_of

# Set on a connection whose transaction will write: SQLite then takes its write lock at BEGIN,
# so two writers queue up instead of failing when the second one upgrades its lock.
WRITE = {"terra_write": True}
# How long a statement waits for another program's lock on a SQLite file before the request
# is refused as busy (the server's own writers queue up on a lock of their own first).
BUSY_TIMEOUT = 5.0
# The key of the advisory lock that lets one process at a time migrate a PostgreSQL database
# (any fixed number; this one spells "terra" in ASCII).
MIGRATION_LOCK = 0x7465727261
INSTALL_POSTGRES = "pip install 'terra-incognita[postgres]'"


class DatabaseError(TerraError):
    """A database URL that cannot be used, or a database that cannot be opened."""


def default_url() -> str:
    """SQLite in the user's data directory (created when missing)."""
    import platformdirs  # noqa: PLC0415 - only the server needs it

    folder = Path(platformdirs.user_data_dir("terra-incognita", appauthor=False))
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'terra.sqlite3'}"


def open_engine(url: str | None = None, *, busy_timeout: float = BUSY_TIMEOUT) -> Engine:
    """An engine for ``url`` (default: :func:`default_url`), migrated to the latest schema and
    checked: a damaged or read-only database is refused here, at start, with a line saying so.

    A new SQLite file is created readable and writable by its owner only (its write-ahead log
    takes the same permissions): it holds every hidden card of every match.
    """
    url = url or default_url()
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise DatabaseError(f"{quote(url)} is not a database URL") from None
    if parsed.drivername == "postgresql":  # the driver this project installs for PostgreSQL
        parsed = parsed.set(drivername="postgresql+psycopg")
    if parsed.drivername == "postgresql+psycopg" and importlib.util.find_spec("psycopg") is None:
        raise DatabaseError(
            f"PostgreSQL needs the psycopg driver, which is not installed: {INSTALL_POSTGRES}"
        )
    try:
        if parsed.get_backend_name() == "sqlite":
            _create_private(parsed.database)
            # Every use ends its own transaction; the pool's extra rollback would cost a call.
            engine = create_engine(
                parsed,
                connect_args={"check_same_thread": False},
                pool_reset_on_return=None,
                hide_parameters=True,  # an error's log must not print a token's hash
            )
            _tune_sqlite(engine, busy_timeout)
        else:
            engine = create_engine(parsed, pool_pre_ping=True, hide_parameters=True)
    except DatabaseError:
        raise
    except Exception as error:  # a missing driver, an unknown dialect
        raise DatabaseError(f"cannot use database {quote(url)}: {error}") from None
    try:
        migrate(engine)
        check_usable(engine)
    except (SQLAlchemyError, OSError) as error:  # cannot connect, create or write the file
        reason = str(getattr(error, "orig", None) or error).splitlines()[0]
        if fault_of(error) is Fault.DAMAGED:
            raise DatabaseError(
                f"the database {quote(url)} is damaged ({reason}); restore it from a backup, "
                "or start with another --database"
            ) from None
        raise DatabaseError(f"cannot open database {quote(url)}: {reason}") from None
    return engine


def _create_private(database: str | None) -> None:
    """Create the SQLite file ``database`` readable by its owner only, if it is a new file."""
    if not database or database == ":memory:" or database.startswith("file:"):
        return
    try:
        descriptor = os.open(database, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return
    except OSError as error:
        reason = error.strerror
        raise DatabaseError(f"cannot open database {quote(database)}: {reason}") from None
    os.close(descriptor)


def check_usable(engine: Engine) -> None:
    """Refuse a database that is damaged (SQLite's quick check) or cannot be written to
    (a write that is rolled back): the server would start and then fail every request."""
    if engine.dialect.name == "sqlite":
        with engine.connect() as connection:
            found = connection.exec_driver_sql("PRAGMA quick_check").scalars().all()
            connection.rollback()
        if found != ["ok"]:
            raise DatabaseError(
                f"the database {quote(engine.url.database)} is damaged ({found[0]}); "
                "restore it from a backup, or start with another --database"
            )
    with engine.connect().execution_options(**WRITE) as connection, connection.begin() as probe:
        connection.execute(text("UPDATE alembic_version SET version_num = version_num"))
        probe.rollback()


def _tune_sqlite(engine: Engine, busy_timeout: float) -> None:
    """WAL (readers do not wait for the writer), and transactions begun by hand."""

    @event.listens_for(engine, "connect")
    def _connect(connection: Any, _record: Any) -> None:
        # The driver's own transaction handling cannot BEGIN IMMEDIATE; do it ourselves.
        connection.isolation_level = None
        cursor = connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        # A commit in WAL mode with NORMAL survives a killed process; only a power cut may
        # lose the last transactions.
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={round(busy_timeout * 1000)}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection: Any) -> None:
        write = connection.get_execution_options().get("terra_write", False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


def migrate(engine: Engine) -> None:
    """Bring the schema up to date with the migrations shipped in this package."""
    from alembic import command  # noqa: PLC0415 - only at start-up
    from alembic.config import Config  # noqa: PLC0415

    config = Config()
    config.set_main_option("script_location", str(resources.files("terra.store") / "migrations"))
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            # Two servers started at once would both create the tables; the second waits here
            # until the first has committed, then finds the schema up to date.
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
