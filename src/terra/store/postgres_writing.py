"""Writing one move on PostgreSQL: the statements of :mod:`terra.store.writing`, two round trips
a move, on connections of the driver's own.

Through SQLAlchemy a move took seven round trips to the database: the pool's check of the
connection (``pool_pre_ping``), BEGIN, the lock of the match's row, the move's row, the match's
row, the notice, COMMIT. Each is a wait of the server's thread and a wake-up that competes for
the interpreter with the event loop. Here BEGIN goes with the lock, and the move's three
statements with COMMIT, each group as one query of several statements: the transaction, its
lock and what it commits are the same. A query of several statements takes no parameters, so
the values are written into it by the driver's own quoting (``ClientCursor.mogrify``, libpq's
escaping); psycopg's pipeline mode, which keeps them apart, cost 250 µs of processor time a
move against 140 µs this way.

Without the pool's check, a connection the database has dropped (it was restarted, or an
operator ended the backend) fails at the first round trip, before anything is written: the
move is then begun again once on a new connection, and every idle connection, opened before the
fault, is closed. A fault after that (the database went away during the move) is the
transaction's error as before: the move is refused as the database being away, and was either
committed whole or not at all.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any, cast

import psycopg
from sqlalchemy import Connection, Engine, event
from sqlalchemy.exc import DBAPIError
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.expression import ClauseElement

from terra.store.writing import ADVANCE, INSERT_MOVE, LOCK_MATCH, MOVE_COLUMNS, NOTIFY, WRITERS


class Statement:
    """A statement compiled once for PostgreSQL, with the parameter conversions of its types
    (a JSON value to its text, say)."""

    def __init__(
        self, statement: ClauseElement, engine: Engine, keys: tuple[str, ...] = ()
    ) -> None:
        dialect = engine.dialect
        self.compiled = cast(
            SQLCompiler, statement.compile(dialect=dialect, column_keys=list(keys) or None)
        )
        self.sql = str(self.compiled)
        self.converters = {
            name: bind.type.dialect_impl(dialect).bind_processor(dialect)
            for name, bind in self.compiled.binds.items()
        }

    def bound(self, cursor: psycopg.ClientCursor[Any], values: Mapping[str, Any]) -> str:
        """The statement with ``values`` (converted, and its constants) written in, quoted by
        ``cursor``'s connection."""
        found = self.compiled.construct_params(dict(values))
        converted = {}
        for name, value in found.items():
            convert = self.converters.get(name)
            converted[name] = value if convert is None else convert(value)
        return cursor.mogrify(self.sql, converted)


class PostgresWriting:
    """The move transactions of one process on a PostgreSQL database, on up to
    :data:`WRITERS` connections of the driver's own, kept open between moves (closed with the
    engine, :meth:`sqlalchemy.engine.Engine.dispose`)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        _args, options = engine.dialect.create_connect_args(engine.url)
        options.pop("context", None)  # SQLAlchemy's type adapters: not for a bare connection
        self._options = dict(options)
        self._idle: list[psycopg.Connection[Any]] = []
        self._idle_lock = threading.Lock()
        self._slots = threading.BoundedSemaphore(WRITERS)
        self.lock = Statement(LOCK_MATCH, engine)
        self.insert = Statement(INSERT_MOVE, engine, MOVE_COLUMNS)
        self.advance = Statement(ADVANCE, engine)
        self.notify = Statement(NOTIFY, engine)
        event.listen(engine, "engine_disposed", self.close_idle)

    @contextmanager
    def transaction(self) -> Iterator[PostgresMove]:
        """One move's transaction: committed when the block ends, rolled back if it raises."""
        with self._slots:
            move = PostgresMove(self)
            try:
                yield move
                move.commit()
            except BaseException:
                move.abort()
                raise
            finally:
                move.release()

    def take(self) -> psycopg.Connection[Any]:
        """An idle connection, or a new one."""
        with self._idle_lock:
            if self._idle:
                return self._idle.pop()
        return psycopg.connect(autocommit=True, **self._options)

    def give_back(self, connection: psycopg.Connection[Any]) -> None:
        if connection.closed:
            return
        with self._idle_lock:
            self._idle.append(connection)

    def close_idle(self, *_engine: Any) -> None:
        """Close every idle connection (the engine is disposed, or the database dropped one:
        they were all opened before)."""
        with self._idle_lock:
            idle, self._idle = self._idle, []
        for connection in idle:
            connection.close()


class PostgresMove:
    """One move's transaction (:class:`~terra.store.writing.Writing`): BEGIN and the lock at
    once, the rows and the notice kept until the commit sends them with COMMIT."""

    def __init__(self, writing: PostgresWriting) -> None:
        self.writing = writing
        self.connection: psycopg.Connection[Any] | None = None
        self.pending: list[tuple[Statement, Mapping[str, Any]]] = []

    def move_count(self, match_id: str) -> int | None:
        statement = self.writing.lock
        for last in (False, True):
            try:
                connection = self.writing.take()
            except psycopg.Error as problem:  # the database is down, or refuses connections
                raise DBAPIError("connect", None, problem, hide_parameters=True) from None
            try:
                cursor = psycopg.ClientCursor(connection)
                cursor.execute(f"BEGIN; {statement.bound(cursor, {'match': match_id})}")
                cursor.nextset()  # the lock's result, after BEGIN's
                row = cursor.fetchone()
            except psycopg.Error as problem:
                if last or not (connection.broken or connection.closed):
                    self.connection = connection  # rolled back, or dropped, by abort()
                    raise DBAPIError(statement.sql, None, problem, hide_parameters=True) from None
                # Dropped by the database before this move wrote anything: so were the others
                # opened before; begin again on a new connection.
                connection.close()
                self.writing.close_idle()
                continue
            self.connection = connection
            return None if row is None else cast(int, row[0])
        raise AssertionError("unreachable")

    def insert_move(self, values: Mapping[str, Any]) -> None:
        self.pending.append((self.writing.insert, values))

    def advance(self, values: Mapping[str, Any]) -> None:
        self.pending.append((self.writing.advance, values))

    def notify(self, payload: str) -> None:
        self.pending.append((self.writing.notify, {"payload": payload}))

    @contextmanager
    def reading(self) -> Iterator[Connection]:
        # Another connection: it reads what is committed, and no move of this match can commit
        # while this transaction holds the match's row.
        with self.writing.engine.connect() as connection:
            yield connection

    def commit(self) -> None:
        connection = self.connection
        if connection is None:
            return
        try:
            cursor = psycopg.ClientCursor(connection)
            statements = [statement.bound(cursor, values) for statement, values in self.pending]
            cursor.execute("; ".join([*statements, "COMMIT"]))
        except psycopg.Error as problem:
            raise DBAPIError("COMMIT", None, problem, hide_parameters=True) from None

    def abort(self) -> None:
        """Roll back what is open; a connection that cannot is closed."""
        connection = self.connection
        if connection is None or connection.closed:
            return
        try:
            connection.execute("ROLLBACK")
        except psycopg.Error:
            with contextlib.suppress(psycopg.Error):
                connection.close()

    def release(self) -> None:
        if self.connection is not None:
            if self.connection.broken:
                self.connection.close()
            self.writing.give_back(self.connection)
            self.connection = None
