"""Opening the database: the default file, SQLite's settings, and migrations at start-up."""

from __future__ import annotations

import importlib.util
from importlib import resources
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from terra.core.errors import TerraError, quote

# Set on a connection whose transaction will write: SQLite then takes its write lock at BEGIN,
# so two writers queue up instead of failing when the second one upgrades its lock.
WRITE = {"terra_write": True}
_BUSY_TIMEOUT_MS = 10_000
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
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'terra.sqlite3'}"


def open_engine(url: str | None = None) -> Engine:
    """An engine for ``url`` (default: :func:`default_url`), migrated to the latest schema."""
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
            # Every use ends its own transaction; the pool's extra rollback would cost a call.
            engine = create_engine(
                parsed, connect_args={"check_same_thread": False}, pool_reset_on_return=None
            )
            _tune_sqlite(engine)
        else:
            engine = create_engine(parsed, pool_pre_ping=True)
    except Exception as error:  # a missing driver, an unknown dialect
        raise DatabaseError(f"cannot use database {quote(url)}: {error}") from None
    try:
        migrate(engine)
    except SQLAlchemyError as error:  # cannot connect, cannot create the file, no rights
        reason = str(getattr(error, "orig", None) or error).splitlines()[0]
        raise DatabaseError(f"cannot open database {quote(url)}: {reason}") from None
    return engine


def _tune_sqlite(engine: Engine) -> None:
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
        cursor.execute(f"PRAGMA busy_timeout={_BUSY_TIMEOUT_MS}")
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
