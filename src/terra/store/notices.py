"""Committed moves announced on PostgreSQL's LISTEN/NOTIFY, so that every server process on
the same database hears of every move.

:meth:`MatchStore.append_move <terra.store.MatchStore.append_move>` sends
``pg_notify('terra_moves', '<match id>:<move count>=<action>')`` inside the move's
transaction: PostgreSQL delivers it exactly when the move commits, and never for a move that is
refused. The move's own text rides along, so that a process holding the match's state before it
plays it there instead of reading the match's new moves back from the database.
:class:`MoveNotices` is the receiving end: one listening connection per process.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine

CHANNEL = "terra_moves"
# Shown in pg_stat_activity, so that an operator (or a test) can tell the listening connection.
APPLICATION = "terra-listener"
# PostgreSQL's limit on a notice is 8000 bytes; a move's text is far shorter, and one that is
# not is announced without it (whoever hears it reads the move from the database).
ACTION_BYTES = 4000
_log = logging.getLogger("terra.store")


@dataclass(frozen=True)
class Notice:
    """Match ``match_id`` has ``moves`` committed moves, the last of them ``action`` when the
    notice carries it; ``back``: fewer than before, its last moves taken back (an undo)."""

    match_id: str
    moves: int
    back: bool = False
    action: str | None = None


BACK = ":back"
CHAT = "chat"
REMATCH = "rematch"
SEATS = "seats"
UNDO = "undo"
CLOCK = "clock"


@dataclass(frozen=True)
class Talk:
    """Something said at match ``match_id``'s table besides a move: chat message number
    ``number`` (``kind`` :data:`CHAT`), or one more person asked for its rematch
    (:data:`REMATCH`; ``number``: how many have asked now), or a seat of an open table taken
    or filled with a bot (:data:`SEATS`; ``number``: how many seats are held now), or an undo
    asked for, agreed to or refused (:data:`UNDO`; ``number``: what, by
    :func:`terra.store.undos.said`), or a match's clock set after its move ``number``
    (:data:`CLOCK`)."""

    match_id: str
    kind: str
    number: int


class Announcing:
    """A part of the store over the database of ``engine``; ``announces`` where several server
    processes may share it (PostgreSQL): what it writes is then announced to them all in the
    writing transaction, a move by ``pg_notify`` of its :func:`payload`, anything else by its
    :class:`Talk`'s :func:`talk_payload`."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.announces = engine.dialect.name == "postgresql"


def talk_payload(talk: Talk) -> str:
    """The text of the notice of ``talk``: ``<match id>:chat:<number>`` or
    ``<match id>:rematch:<number>``."""
    return f"{talk.match_id}:{talk.kind}:{talk.number}"


def payload(match_id: str, moves: int, back: bool = False, action: str | None = None) -> str:
    """The text of the notice of a committed move, ``action`` the last (``<match id>:<moves>=
    <action>``), or of moves taken back down to ``moves`` (``back``); match ids hold no colon
    and no ``=``."""
    if back:
        return f"{match_id}:{moves}{BACK}"
    if action is None or len(action.encode("utf-8", "surrogatepass")) > ACTION_BYTES:
        return f"{match_id}:{moves}"
    return f"{match_id}:{moves}={action}"


def parse(text: str) -> Notice | Talk | None:
    """The notice ``text`` carries, or ``None`` for text this program did not send."""
    head, equals, action = text.partition("=")
    if equals:
        found = parse(head)
        if not isinstance(found, Notice) or found.back or not action:
            return None
        return Notice(found.match_id, found.moves, action=action)
    match_id, kind, number = text.split(":", 2) if text.count(":") == 2 else ("", "", "")
    if (
        kind in (CHAT, REMATCH, SEATS, UNDO, CLOCK)
        and match_id
        and number.isascii()
        and number.isdigit()
    ):
        return Talk(match_id, kind, int(number))
    back = text.endswith(BACK)
    match_id, colon, moves = text.removesuffix(BACK).rpartition(":")
    if not colon or not match_id or not moves.isascii() or not moves.isdigit():
        return None
    return Notice(match_id, int(moves), back)


class MoveNotices:
    """The moves committed by every process on the database of ``engine``, as they commit.

    Iterating yields a :class:`Notice` per committed move, a :class:`Talk` per chat message
    or rematch asked for, and ``None`` each time the listening
    connection is (re)opened: notices sent while it was down are lost, so whoever listens
    should then look up the matches it follows. A dropped connection is opened again after
    ``retry`` seconds; one that says nothing for ``check`` seconds is asked whether it still
    answers (a silent network can hold a dead connection open).
    """

    def __init__(self, engine: Engine, retry: float = 1.0, check: float = 30.0) -> None:
        self.engine = engine
        self.retry = retry
        self.check = check
        self.connections = 0  # opened so far

    def _connect_args(self) -> dict[str, Any]:
        _args, kwargs = self.engine.dialect.create_connect_args(self.engine.url)
        kwargs.pop("context", None)  # SQLAlchemy's type adapters: not for a bare connection
        kwargs["application_name"] = APPLICATION
        return dict(kwargs)

    async def __aiter__(self) -> AsyncIterator[Notice | Talk | None]:
        import psycopg  # noqa: PLC0415 - only a server on PostgreSQL needs it

        while True:
            try:
                connection = await psycopg.AsyncConnection.connect(
                    autocommit=True, **self._connect_args()
                )
                async with connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    self.connections += 1
                    yield None
                    while True:
                        async for notify in connection.notifies(timeout=self.check):
                            notice = parse(notify.payload)
                            if notice is not None:
                                yield notice
                        await connection.execute("SELECT 1")
            except psycopg.Error as problem:
                first = str(problem).strip().splitlines()
                _log.warning(
                    "the connection that hears of moves dropped (%s); opening it again",
                    first[0] if first else type(problem).__name__,
                )
            await asyncio.sleep(self.retry)
