"""What a failing database means to a player: each fault of the database or its disk as one
error that says what is wrong, never a traceback.

:class:`MatchStore` turns every error of the database into a :class:`StoreUnavailable`; the
server answers it with 503 and a page keeps its connection, so that play goes on by itself
once the fault goes (the lock is released, the disk has room again).
"""

from __future__ import annotations

import errno
import functools
import logging
import sqlite3
from collections.abc import Callable
from enum import Enum
from typing import ParamSpec, TypeVar

from sqlalchemy.exc import SQLAlchemyError

from terra.core.errors import Worded, marked

_log = logging.getLogger("terra.store")

P = ParamSpec("P")
T = TypeVar("T")


class Fault(Enum):
    """What went wrong with the database, in the words a player is given."""

    BUSY = marked(
        "the server is busy: its database is in use by another program; try again in a moment"
    )
    FULL = marked("the server cannot save anything right now: its disk is full; try again later")
    DISK = marked("the server cannot write to its disk right now; try again later")
    READ_ONLY = marked("the server cannot save anything: its database is read-only")
    DAMAGED = marked("the server's database is damaged; its operator must restore it from a backup")
    UNREACHABLE = marked("the server cannot reach its database right now; try again in a moment")


class StoreUnavailable(Worded):
    """The database failed; nothing was changed. ``fault`` says how."""

    def __init__(self, fault: Fault) -> None:
        super().__init__(fault.value)
        self.fault = fault


# Words of SQLite's and PostgreSQL's messages, and what they mean.
_SIGNS: tuple[tuple[str, Fault], ...] = (
    ("locked", Fault.BUSY),
    ("busy", Fault.BUSY),
    ("lock timeout", Fault.BUSY),
    ("disk is full", Fault.FULL),
    ("no space left", Fault.FULL),
    ("could not extend file", Fault.FULL),
    ("disk i/o error", Fault.DISK),
    ("readonly", Fault.READ_ONLY),
    ("read-only", Fault.READ_ONLY),
    ("malformed", Fault.DAMAGED),
    ("not a database", Fault.DAMAGED),
    ("corrupt", Fault.DAMAGED),
)
DATABASE_ERRORS = (SQLAlchemyError, sqlite3.Error, OSError)


def fault_of(error: BaseException) -> Fault:
    """The fault an error of the database (or of its file) stands for."""
    if isinstance(error, OSError) and error.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        return Fault.FULL
    if isinstance(error, OSError) and error.errno == errno.EROFS:
        return Fault.READ_ONLY
    if isinstance(error, OSError):
        return Fault.DISK
    words = str(getattr(error, "orig", None) or error).lower()
    for sign, fault in _SIGNS:
        if sign in words:
            return fault
    return Fault.UNREACHABLE


def guarded(method: Callable[P, T]) -> Callable[P, T]:
    """``method`` with every error of the database raised as :class:`StoreUnavailable`.

    The log gets the error's kind and the database's own first line, never the statement's
    parameters (tokens' hashes are among them).
    """

    @functools.wraps(method)
    def guarded_method(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return method(*args, **kwargs)
        except DATABASE_ERRORS as error:
            fault = fault_of(error)
            reason = str(getattr(error, "orig", None) or error).splitlines()[0][:200]
            _log.warning("database fault in %s (%s): %s", method.__name__, fault.name, reason)
            raise StoreUnavailable(fault) from None

    return guarded_method


__all__ = ["DATABASE_ERRORS", "Fault", "StoreUnavailable", "fault_of", "guarded"]
