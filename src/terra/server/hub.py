"""Fan-out of committed moves, and of what is said at a match's table (its chat, a rematch
asked for), to the pages that watch a match.

Everything goes through :class:`Broadcaster`: :class:`LocalBroadcaster` serves the pages of
one process (SQLite), :class:`PostgresBroadcaster` also hears, over PostgreSQL's
LISTEN/NOTIFY, of the moves that other server processes commit on the same database.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict, defaultdict, deque
from collections.abc import AsyncIterable, Awaitable, Callable
from typing import Any, Protocol

from terra.core.state import GameState
from terra.store.matches import MatchStore
from terra.store.notices import MoveNotices, Notice, Talk

_log = logging.getLogger("terra.server")

# Told of a match's moves committed elsewhere (``None``: maybe some, ask the database):
# brings the process's pages of that match up to date.
CatchUp = Callable[[str, int | None], Awaitable[None]]
# Told of a move another process committed (or of moves taken back): the match's state after
# it, without the database, or ``None`` (see MatchStore.follow).
Follow = Callable[[Notice], GameState | None]
# Told of a chat message or a rematch asked for through another process: tells this
# process's pages of that match.
Hear = Callable[[Talk], Awaitable[None]]
# Told that the pages of a match were brought to a move count that another process committed.
Followed = Callable[[str, int], None]
# The talk a process remembers telling its pages, so as not to tell it twice: a notice comes
# back within moments, far sooner than this many more messages are said on one server.
TALKED = 4096


# What one round of a publication has built already, for the pages that are shown the same:
# an update is built and encoded once per audience (a seat, or the spectators, with the same
# log position and language), not once per page (500 spectators of one match).
Shared = dict[Any, Any]


class Listener(Protocol):
    """An open page: told of its match's state after each committed move."""

    def moved(self, state: GameState, moves: int, shared: Shared) -> None:
        """Queue this page's own update of ``state`` (the match after ``moves`` moves),
        reusing what ``shared`` holds for pages shown the same."""
        ...

    def told(self, text: str) -> None:
        """Queue a message (JSON text) for this page that is not a move: an undo asked for."""
        ...


class Broadcaster(Protocol):
    """Who hears of the moves of which match."""

    def subscribe(self, match_id: str, listener: Listener) -> None: ...

    def unsubscribe(self, match_id: str, listener: Listener) -> None: ...

    def publish(self, match_id: str, state: GameState, moves: int, back: bool = False) -> None:
        """Tell every listener of ``match_id`` that it now has ``moves`` committed moves, and
        ``state`` is its position (shared: read it, never change it); ``back``: fewer moves
        than it was told before, the last ones taken back."""
        ...

    def listeners(self, match_id: str) -> int:
        """How many pages of this process watch the match."""
        ...

    def tell(self, match_id: str, text: str) -> None:
        """Give every page of ``match_id`` in this process the message ``text``."""
        ...

    def tell_talk(self, talk: Talk, text: str) -> None:
        """Give every page of ``talk``'s match in this process ``text``, the message of
        ``talk``, unless they have been given it already (the process that stored it tells its
        pages at once, and hears of it from the database too)."""
        ...

    async def start(
        self, catch_up: CatchUp, hear: Hear | None = None, followed: Followed | None = None
    ) -> None:
        """Begin hearing of moves committed by other processes, calling ``catch_up`` for a
        match this process has pages of (at server start-up), and of what was said at their
        tables, calling ``hear``; ``followed`` after pages were given a move another process
        committed without the database (a notice that carries it)."""
        ...

    async def close(self) -> None:
        """Stop hearing of other processes' moves."""
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

    def publish(self, match_id: str, state: GameState, moves: int, back: bool = False) -> None:
        shared: Shared = {}
        for listener in list(self._listeners.get(match_id, ())):
            try:
                listener.moved(state, moves, shared)
            except Exception:  # one broken page must not keep the move from the others
                _log.exception("a page of match %s could not be updated", match_id)

    def listeners(self, match_id: str) -> int:
        return len(self._listeners.get(match_id, ()))

    def tell(self, match_id: str, text: str) -> None:
        for listener in list(self._listeners.get(match_id, ())):
            listener.told(text)

    def tell_talk(self, talk: Talk, text: str) -> None:
        """Nothing comes back from the database: no other process is told."""
        self.tell(talk.match_id, text)

    async def start(
        self, catch_up: CatchUp, hear: Hear | None = None, followed: Followed | None = None
    ) -> None:
        """Nothing to hear: no other process writes to this database."""

    async def close(self) -> None:
        pass


class PostgresBroadcaster(LocalBroadcaster):
    """The pages of this process, told of moves committed by any process on the database.

    Every committed move is announced by PostgreSQL (:mod:`terra.store.notices`); one
    listening connection per process hears them all (``notices``: a
    :class:`~terra.store.notices.MoveNotices`). A notice of a match this process has
    pages of is handed to ``catch_up`` (see :meth:`terra.server.tables.Tables.catch_up`),
    one at a time per match and matches side by side; a notice of a count the pages have
    already been told (the move was made here) is dropped. A notice that carries its move,
    of a match whose state before it ``follow`` holds (the store's cache), updates the pages
    at once, in the order the notices come: no database, no thread. When the listening
    connection is opened again after it dropped, every match with pages here is caught up from
    the database, as notices sent meanwhile are lost. A chat message or a rematch asked for
    (:class:`~terra.store.notices.Talk`) is handed to ``hear`` for a match with pages here,
    unless this process told its pages of it already.
    """

    def __init__(
        self, notices: AsyncIterable[Notice | Talk | None], follow: Follow | None = None
    ) -> None:
        super().__init__()
        self._notices = notices
        self._follow = follow
        self._hear: Hear | None = None
        self._followed: Followed | None = None
        self._talked: OrderedDict[Talk, None] = OrderedDict()  # told here lately
        self._talks: dict[str, deque[Talk]] = {}  # heard, not yet told, by match
        self._hearing: dict[str, asyncio.Task[None]] = {}  # telling them, one task a match
        self._told: dict[str, int] = {}  # the newest count each match's pages were told
        self._wanted: dict[str, int | None] = {}  # notices heard, not yet caught up
        self._workers: dict[str, asyncio.Task[None]] = {}
        self._catch_up: CatchUp | None = None
        self._listening: asyncio.Task[None] | None = None

    def unsubscribe(self, match_id: str, listener: Listener) -> None:
        super().unsubscribe(match_id, listener)
        if not self.listeners(match_id):
            self._told.pop(match_id, None)

    def publish(self, match_id: str, state: GameState, moves: int, back: bool = False) -> None:
        if not self.listeners(match_id):
            return
        if not back and moves <= self._told.get(match_id, -1):
            return  # heard back from the database, or overtaken by a newer move
        self._told[match_id] = moves
        super().publish(match_id, state, moves)

    async def start(
        self, catch_up: CatchUp, hear: Hear | None = None, followed: Followed | None = None
    ) -> None:
        self._catch_up = catch_up
        self._hear = hear
        self._followed = followed
        self._listening = asyncio.create_task(self._listen())

    def tell_talk(self, talk: Talk, text: str) -> None:
        if talk in self._talked:
            return
        self._talked[talk] = None
        if len(self._talked) > TALKED:
            self._talked.popitem(last=False)
        self.tell(talk.match_id, text)

    async def close(self) -> None:
        tasks = [t for t in (self._listening, *self._workers.values()) if t is not None]
        tasks += self._hearing.values()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._listening = None

    async def _listen(self) -> None:
        try:
            async for notice in self._notices:
                if notice is None:  # (re)connected: whatever was sent meanwhile is lost
                    for match_id in list(self._listeners):
                        self._heard(match_id, None)
                elif isinstance(notice, Talk):
                    self._heard_talk(notice)
                else:
                    self._heard_move(notice)
        except asyncio.CancelledError:
            raise
        except Exception:
            _log.exception("this server no longer hears of moves made by other processes")

    def _heard_move(self, notice: Notice) -> None:
        """Update the pages of the notice's match at once when the store can follow it, else
        catch them up from the database."""
        match_id, moves = notice.match_id, notice.moves
        if not self.listeners(match_id):
            return
        if not notice.back and moves <= self._told.get(match_id, -1):
            return  # the move was made here, and the pages have it
        if self._follow is not None:
            state = self._follow(notice)
            if state is not None:
                if self._followed is not None:
                    self._followed(match_id, moves)
                self.publish(match_id, state, moves)
                return
        self._heard(match_id, moves, notice.back)

    def _heard(self, match_id: str, moves: int | None, back: bool = False) -> None:
        if not self.listeners(match_id):
            return
        if back:  # moves taken back: the pages are told the database's count, however few
            self._told.pop(match_id, None)
            moves = None
        if moves is not None and moves <= self._told.get(match_id, -1):
            return
        if match_id in self._wanted:
            before = self._wanted[match_id]
            moves = None if before is None or moves is None else max(before, moves)
        self._wanted[match_id] = moves
        if match_id not in self._workers:
            self._workers[match_id] = asyncio.create_task(self._deliver(match_id))

    def _heard_talk(self, talk: Talk) -> None:
        """Tell this process's pages of ``talk``, unless they have been told already: after
        the talks of its match heard before it, one at a time, so that they reach the pages in
        the order they were said (an undo refused, then asked again, say)."""
        if talk in self._talked or self._hear is None or not self.listeners(talk.match_id):
            return
        match_id = talk.match_id
        self._talks.setdefault(match_id, deque()).append(talk)
        if match_id not in self._hearing:
            self._hearing[match_id] = asyncio.create_task(self._tell_heard(self._hear, match_id))

    async def _tell_heard(self, hear: Hear, match_id: str) -> None:
        talks = self._talks[match_id]
        try:
            while talks:
                talk = talks.popleft()
                if talk in self._talked:
                    continue  # told meanwhile (the same notice heard twice, say)
                try:
                    await hear(talk)
                except asyncio.CancelledError:
                    raise
                except Exception as problem:  # the database is away: the pages see it on reload
                    _log.warning(
                        "the pages of match %s missed a %s: %s", match_id, talk.kind, problem
                    )
        finally:
            del self._talks[match_id]
            del self._hearing[match_id]

    async def _deliver(self, match_id: str) -> None:
        assert self._catch_up is not None
        try:
            while match_id in self._wanted:
                moves = self._wanted.pop(match_id)
                if moves is not None and moves <= self._told.get(match_id, -1):
                    continue  # the last catch-up found these moves already
                try:
                    await self._catch_up(match_id, moves)
                except Exception as problem:  # the database is away: the next notice retries
                    _log.warning(
                        "the pages of match %s wait for the database: %s", match_id, problem
                    )
        finally:
            self._workers.pop(match_id, None)


def broadcaster_for(store: MatchStore) -> Broadcaster:
    """The broadcaster a server on ``store``'s database needs."""
    if store.announces:
        return PostgresBroadcaster(MoveNotices(store.engine), store.follow)
    return LocalBroadcaster()
