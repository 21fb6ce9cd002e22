"""Writing one move: the statements of :meth:`MatchStore.append_move`, and the two ways they run.

Through SQLAlchemy (:class:`CoreWriting`) on every database; on an embedded SQLite file through
the driver's own connection (:class:`DriverWriting`). SQLAlchemy's work around each execution
(a pooled connection, an execution context per statement, the events of BEGIN and COMMIT) cost
about 0.4 ms a move, several times what SQLite itself spends on the three statements, and a
move is the server's busiest write (``bench/server.py``). The SQL is the same either way:
:class:`DriverWriting` runs the statements below as SQLAlchemy compiles them for SQLite, with
their types' own conversions of the values.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
import weakref
from collections.abc import Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from typing import Any, Protocol, cast

from sqlalchemy import (
    JSON,
    Connection,
    Engine,
    Table,
    bindparam,
    case,
    func,
    insert,
    literal_column,
    select,
    update,
)
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.expression import ClauseElement

from terra.store.database import WRITE
from terra.store.faults import DATABASE_ERRORS
from terra.store.models import Match, Move
from terra.store.notices import CHANNEL

_log = logging.getLogger("terra.store")

# Statements of the hot path, built once (building a statement costs more than running it).
_MATCHES = cast(Table, Match.__table__)
# Moves a process writes at once to a database server, each on a connection of its own: more
# would only wait for the database's cores, and each connection is a process of PostgreSQL's.
WRITERS = 8
# The count a match's lock reads while it is an open table waiting for players: no move yet.
WAITING_COUNT = -1
LOCK_MATCH = (
    # Written in the statement, not bound: the prepared statement binds only the match.
    select(
        case(
            (_MATCHES.c.status == literal_column("'waiting'"), literal_column(str(WAITING_COUNT))),
            else_=_MATCHES.c.move_count,
        )
    )
    .where(_MATCHES.c.id == bindparam("match"))
    .with_for_update()
)
INSERT_MOVE = insert(cast(Table, Move.__table__))
MOVE_COLUMNS = ("match_id", "number", "action", "played")
ADVANCE = (
    update(_MATCHES)
    .where(_MATCHES.c.id == bindparam("match"))
    .values(
        move_count=bindparam("count"),
        updated=bindparam("stamp"),
        status=bindparam("now_status"),
        result=bindparam("now_result", type_=JSON),
    )
)
NOTIFY = select(func.pg_notify(CHANNEL, bindparam("payload")))


class Writing(Protocol):
    """One move's transaction, with the match's row (or the whole SQLite file) locked."""

    def move_count(self, match_id: str) -> int | None:
        """The match's move count, locking it until the transaction ends (``None``: no match)."""
        ...

    def insert_move(self, values: Mapping[str, Any]) -> None: ...

    def advance(self, values: Mapping[str, Any]) -> None: ...

    def notify(self, payload: str) -> None:
        """Announce the move to every process on the database when, and if, this commits."""
        ...

    def reading(self) -> AbstractContextManager[Connection]:
        """A connection that reads what is committed (the moves of a match rebuilt)."""
        ...


class CoreWriting:
    """The statements run through SQLAlchemy on ``connection``."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection

    def move_count(self, match_id: str) -> int | None:
        return cast(int | None, self.connection.execute(LOCK_MATCH, {"match": match_id}).scalar())

    def insert_move(self, values: Mapping[str, Any]) -> None:
        self.connection.execute(INSERT_MOVE, dict(values))

    def advance(self, values: Mapping[str, Any]) -> None:
        self.connection.execute(ADVANCE, dict(values))

    def notify(self, payload: str) -> None:
        self.connection.execute(NOTIFY, {"payload": payload})

    @contextmanager
    def reading(self) -> Iterator[Connection]:
        yield self.connection


@contextmanager
def core_writing(engine: Engine) -> Iterator[CoreWriting]:
    """A move's transaction through SQLAlchemy (``WRITE``: SQLite locks at BEGIN)."""
    with engine.connect().execution_options(**WRITE) as connection, connection.begin():
        yield CoreWriting(connection)


class Prepared:
    """A statement compiled once for a dialect with positional parameters, run on a driver's
    cursor with each value converted as the parameter's type converts it."""

    def __init__(
        self, statement: ClauseElement, engine: Engine, keys: tuple[str, ...] = ()
    ) -> None:
        dialect = engine.dialect
        compiled = cast(
            SQLCompiler, statement.compile(dialect=dialect, column_keys=list(keys) or None)
        )
        assert dialect.positional and compiled.positiontup is not None
        self.sql = str(compiled)
        self.parameters = [
            (name, compiled.binds[name].type.bind_processor(dialect))
            for name in compiled.positiontup
        ]

    def run(self, cursor: Any, values: Mapping[str, Any]) -> Any:
        return cursor.execute(
            self.sql,
            [
                values[name] if convert is None else convert(values[name])
                for name, convert in self.parameters
            ],
        )


class DriverWriting:
    """The statements run on one SQLite connection of the driver's own, kept open.

    Every ``TRUNCATE_EVERY`` moves, the write-ahead log is copied into the database and its
    file cut to nothing before the next move (:meth:`_truncate_log`). Under continuous load
    some reader or the writer is always at work, so the log never started over by itself and
    its file grew for ever (97.5 MB beside a 5.2 MB database after 40,000 moves); now it holds
    at most that many moves' pages, some 15 KB a move.

    A transaction that the database fails (a lock held too long by another program, a full
    disk) is rolled back and its connection dropped; the next move opens a new one, so the
    server writes again as soon as the fault is gone.
    """

    TRUNCATE_EVERY = 256

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.raw: Any = None  # opened by the first transaction, and again after a fault
        self.lock = threading.Lock()  # one transaction at a time on the one connection
        self.cursor: Any = None
        self.moves = 0  # committed since the log was last cut back
        self._count = Prepared(LOCK_MATCH, engine)
        self._insert = Prepared(INSERT_MOVE, engine, MOVE_COLUMNS)
        self._advance = Prepared(ADVANCE, engine)
        Checkpoints(engine, weakref.ref(self)).start()

    def _open(self) -> Any:
        # The pool's connection, with the settings its connect event gives every connection
        # (WAL, the busy timeout, and transactions begun by hand).
        raw = self.engine.raw_connection()
        # A commit that fills the write-ahead log copies it into the database there and then,
        # a stall of tens of milliseconds for every move waiting behind it (p99 66 ms against
        # 36 ms without, bench/server.py): this connection leaves that to a thread of its own.
        raw.cursor().execute("PRAGMA wal_autocheckpoint=0")
        return raw

    @contextmanager
    def transaction(self) -> Iterator[DriverWriting]:
        with self.lock:
            if self.raw is None:
                self.raw = self._open()
            cursor = self.raw.cursor()
            if self.moves >= self.TRUNCATE_EVERY:
                self._truncate_log(cursor)
            try:
                cursor.execute("BEGIN IMMEDIATE")  # the write lock now, as core_writing takes it
                self.cursor = cursor
                yield self
                cursor.execute("COMMIT")
                self.moves += 1
            except DATABASE_ERRORS:
                self._drop()
                raise
            except BaseException:
                cursor.execute("ROLLBACK")
                raise
            finally:
                self.cursor = None
                if self.raw is not None:
                    cursor.close()

    def _truncate_log(self, cursor: Any) -> None:
        """Copy the whole write-ahead log into the database and cut its file to nothing,
        between two moves: no move of this process writes meanwhile, and readers only delay
        it as long as their read lasts (the checkpoints have copied most of it already)."""
        self.moves = 0
        try:
            cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except DATABASE_ERRORS:  # busy: tried again after the next moves
            _log.debug("the write-ahead log could not be cut back", exc_info=True)

    def _drop(self) -> None:
        """Roll back what the database left open, and drop the connection for a new one."""
        with contextlib.suppress(*DATABASE_ERRORS):
            self.raw.cursor().execute("ROLLBACK")
        with contextlib.suppress(*DATABASE_ERRORS):
            self.raw.invalidate()
        self.raw = None

    def move_count(self, match_id: str) -> int | None:
        row = self._count.run(self.cursor, {"match": match_id}).fetchone()
        return None if row is None else cast(int, row[0])

    def insert_move(self, values: Mapping[str, Any]) -> None:
        self._insert.run(self.cursor, values)

    def advance(self, values: Mapping[str, Any]) -> None:
        self._advance.run(self.cursor, values)

    def notify(self, payload: str) -> None:
        raise NotImplementedError("SQLite serves one process: there is no one to announce to")

    @contextmanager
    def reading(self) -> Iterator[Connection]:
        # Another connection: in WAL mode it reads what is committed while this one writes.
        with self.engine.connect() as connection:
            yield connection

    def close(self) -> None:
        if self.raw is not None:
            self.raw.close()
            self.raw = None


class Checkpoints(threading.Thread):
    """Copies the write-ahead log into the database file every ``INTERVAL`` seconds, off the
    server's event loop, for as long as its writer lives (PASSIVE: it never holds up a move).
    """

    INTERVAL = 0.5

    def __init__(self, engine: Engine, writer: weakref.ref[DriverWriting]) -> None:
        super().__init__(name="terra-checkpoints", daemon=True)
        self.engine = engine
        self.writer = writer

    def run(self) -> None:
        while True:
            time.sleep(self.INTERVAL)
            if self.writer() is None:
                return
            try:
                with self.engine.connect() as connection:
                    connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
            except Exception:  # a busy or closed database: the next round tries again
                _log.debug("a checkpoint of the write-ahead log failed", exc_info=True)
