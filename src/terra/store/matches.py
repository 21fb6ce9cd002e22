"""Matches in the database: create them, seat people by token, append moves in order.

:meth:`MatchStore.append_move` is the one place that orders a match's moves: it locks the
match's row (``SELECT ... FOR UPDATE``; on SQLite the whole database, by ``BEGIN IMMEDIATE``),
checks the move count the player saw, checks the move against the state, and commits. On
PostgreSQL the same transaction announces the move (:mod:`terra.store.notices`), so that every
server process on the database hears of it the moment it commits.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import re
import secrets
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine, delete, select

from terra.core.errors import TerraError, Worded, marked
from terra.core.record import Record
from terra.core.registry import replay, start
from terra.core.state import GameState
from terra.store.clocks import STAND_IN, Clock
from terra.store.database import WRITE
from terra.store.faults import guarded
from terra.store.models import Match, Move, Seat, now
from terra.store.new_match import WAITING, SeatInfo, insert_match
from terra.store.notices import Announcing, Notice, payload
from terra.store.writing import (
    WAITING_COUNT,
    WRITERS,
    DriverWriting,
    Writing,
    core_writing,
)

if TYPE_CHECKING:
    from terra.store.postgres_writing import PostgresWriting

_log = logging.getLogger("terra.store")

# Live states kept in memory per process; a rebuilt state costs one replay of its record. A
# state of a long Source of the Nile game takes a few megabytes; a finished or idle match is
# dropped (:meth:`MatchStore.forget`), so this bounds the matches being played at once.
CACHE_SIZE = 256
# What a match id may be: the ids this store makes, or shorter; anything else names no match
# (and never reaches the database: PostgreSQL refuses a NUL in text with an error).
_MATCH_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


class StoreError(TerraError):
    """A request the store refuses (the message says why)."""


class UnknownMatch(StoreError):  # noqa: N818 - reads well at the call site
    """No match has that id."""


class NotStarted(StoreError, Worded):  # noqa: N818
    """A move at an open table still waiting for players."""


class StaleMove(StoreError, Worded):  # noqa: N818
    """A move made on a position that is no longer the match's position."""

    @classmethod
    def behind(cls, seen: int, count: int, then: str) -> StaleMove:
        """The refusal of a request made after ``seen`` moves of a match at ``count``: look
        again, and ``then`` (words made with :func:`~terra.core.errors.marked`)."""
        return StaleMove(
            "the game has moved on: you saw {seen} moves, it has {count}; look again and {then}",
            seen=seen,
            count=count,
            then=then,
        )


@dataclass(frozen=True)
class MatchInfo:
    """What the database says of a match, without its moves."""

    id: str
    game: str
    options: Mapping[str, Any]
    players: int
    seed: int
    moves: int
    status: str
    result: Mapping[str, Any] | None
    created: datetime
    updated: datetime
    seats: tuple[SeatInfo, ...]
    seed_shown: bool = False  # chosen by the match's creator, so shown to everyone
    continues: str | None = None  # the match this one continues (a campaign's next game)
    open_table: bool = False  # listed in the lobby for identified players to join
    clock: Clock | None = None  # the table's clock, if it has one
    stand_in: str = STAND_IN  # the bot that plays for a person who left or ran out of time

    @property
    def waiting(self) -> bool:
        """Whether it waits for players to take its free seats (no move is made before)."""
        return self.status == WAITING

    def free(self, seat: SeatInfo) -> bool:
        """Whether ``seat`` is a free seat of this open table."""
        return self.open_table and seat.bot is None and seat.player is None


@dataclass(frozen=True)
class AppendResult:
    """A committed move: the match's state after it and its move count."""

    state: GameState
    moves: int
    action: str
    seat: int | None = None  # the seat that made it


def check_id(match_id: str) -> str:
    """``match_id`` if it may name a match; raises :class:`UnknownMatch` otherwise."""
    if not isinstance(match_id, str) or _MATCH_ID.fullmatch(match_id) is None:
        raise UnknownMatch(
            "there is no match with that id (an id is up to 32 letters, digits, _ or -)"
        )
    return match_id


def hash_token(token: str) -> str:
    """What the database keeps of a seat's token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class MatchStore(Announcing):
    """The matches of one database, with a cache of their live states."""

    def __init__(self, engine: Engine, cache_size: int = CACHE_SIZE) -> None:
        # Several processes share a PostgreSQL database: each move is announced to them all.
        super().__init__(engine)
        self._cache: OrderedDict[str, tuple[int, GameState]] = OrderedDict()
        self._cache_size = cache_size
        self._cache_lock = threading.Lock()
        # The move of each match this process is committing (its count, text and state after).
        self._committing: dict[str, tuple[int, str, GameState]] = {}
        # A call to an embedded SQLite file takes a fraction of a millisecond: cheaper made
        # where it is asked for than handed to a thread. A database over a network is not.
        self.embedded = engine.dialect.name == "sqlite"
        # Moves written at once: SQLite takes one writer at a time.
        self.writers = 1 if self.embedded else WRITERS
        self._driver: DriverWriting | None = None  # SQLite's moves, opened at the first
        self._postgres: PostgresWriting | None = None  # PostgreSQL's moves, likewise

    # --- creating ---------------------------------------------------------------------

    @guarded
    def create_match(
        self,
        state: GameState,
        seats: Sequence[SeatInfo],
        *,
        seed_shown: bool = False,
        continues: str | None = None,
        host: str | None = None,
        clock: Clock | None = None,
        stand_in: str = STAND_IN,
    ) -> tuple[str, dict[int, str]]:
        """Store a new match starting from ``state``; returns its id and each person's token.

        ``state`` is a fresh game (its record has no actions); ``seats`` lists every seat;
        ``seed_shown`` marks a seed its creator chose, which every page is then shown;
        ``continues`` names the match whose end ``state`` starts from (``Game.follow``).
        With ``host`` (a player's id) it is an open table: the host holds seat 0, the other
        people's seats are free and have no token, and it waits until they are taken.
        ``clock`` times its people's decisions; ``stand_in`` is the bot that plays for a person
        who leaves or runs out of time.
        """
        record = state.record()
        if record.actions:
            raise StoreError("a new match starts with no moves")
        if [s.seat for s in seats] != list(range(state.num_players)):
            raise StoreError(f"a match of {state.num_players} players needs one entry per seat")
        match_id = secrets.token_urlsafe(9)
        people = [s.seat for s in seats if s.bot is None]
        tokens = {seat: secrets.token_urlsafe(24) for seat in people if host is None}
        hashes = {seat: hash_token(token) for seat, token in tokens.items()}
        with self.engine.connect().execution_options(**WRITE) as connection, connection.begin():
            insert_match(
                connection,
                match_id,
                record,
                seats,
                hashes,
                seed_shown=seed_shown,
                continues=continues,
                host=host,
                clock=clock,
                stand_in=stand_in,
            )
        self._remember(match_id, 0, state)
        return match_id, tokens

    # --- reading ----------------------------------------------------------------------

    @guarded
    def info(self, match_id: str) -> MatchInfo:
        """The match ``match_id``; raises :class:`UnknownMatch`."""
        check_id(match_id)
        with self.engine.connect() as connection:
            row = connection.execute(select(Match).where(Match.id == match_id)).one_or_none()
            if row is None:
                raise UnknownMatch(f"there is no match {match_id!r}")
            seats = connection.execute(
                select(Seat.seat, Seat.name, Seat.bot, Seat.player_id, Seat.stand_in)
                .where(Seat.match_id == match_id)
                .order_by(Seat.seat)
            ).all()
        return MatchInfo(
            id=row.id,
            game=row.game,
            options=row.options,
            players=row.players,
            seed=int(row.seed),
            moves=row.move_count,
            status=row.status,
            result=row.result,
            created=row.created,
            updated=row.updated,
            seats=tuple(SeatInfo(s.seat, s.name, s.bot, s.player_id, s.stand_in) for s in seats),
            seed_shown=row.seed_shown,
            continues=row.continues,
            open_table=row.open_table,
            clock=Clock.stored(row.clock),
            stand_in=row.stand_in,
        )

    @guarded
    def seat_of(self, match_id: str, token: str) -> int | None:
        """The seat whose token is ``token``, or ``None``; every seat's hash is compared in
        constant time, so timing tells nothing of how close a guess came."""
        check_id(match_id)
        wanted = hash_token(token)
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(Seat.seat, Seat.token_hash).where(Seat.match_id == match_id)
            ).all()
        found = None
        for row in rows:
            if row.token_hash is not None and hmac.compare_digest(row.token_hash, wanted):
                found = row.seat
        return found

    @guarded
    def with_bots_playing(self) -> list[str]:
        """The matches not over that seat a bot, oldest move first: after a restart, the
        ones whose bot may be waiting for its turn to be played."""
        query = (
            select(Match.id)
            .where(
                Match.status == "active",
                select(Seat.seat).where(Seat.match_id == Match.id, Seat.bot.is_not(None)).exists(),
            )
            .order_by(Match.updated)
        )
        with self.engine.connect() as connection:
            return list(connection.execute(query).scalars())

    @guarded
    def actions(self, match_id: str, start: int = 0) -> list[str]:
        """The moves of the match from number ``start`` on, in order."""
        check_id(match_id)
        query = (
            select(Move.action)
            .where(Move.match_id == match_id, Move.number >= start)
            .order_by(Move.number)
        )
        with self.engine.connect() as connection:
            return list(connection.execute(query).scalars())

    @guarded
    def record(self, match_id: str) -> Record:
        """The match as a record: what :func:`terra.replay` rebuilds; a campaign's match
        holds the record of the match it continues."""
        check_id(match_id)
        with self.engine.connect() as connection:
            return _record_on(connection, match_id)

    @guarded
    def state(self, match_id: str, moves: int | None = None) -> tuple[GameState, int]:
        """The match's state and its move count, from the cache when it holds that count.

        ``moves`` is the count the caller knows to be current; without it the database says.
        A cached state of fewer moves is brought up to date with the moves since (another
        process made them); a cached state of more moves is the newer truth and is returned
        as it is. The state returned is shared: read it, never change it.
        """
        asked = moves is None
        if moves is None:
            moves = self.info(match_id).moves
        entry = self._entry(match_id)
        if entry is not None and entry[0] > moves and asked and not self.actions(match_id, moves):
            self.forget(match_id)  # the database holds fewer moves: the last were taken back
            entry = None
        if entry is not None and entry[0] >= moves:
            return entry[1], entry[0]
        if entry is not None:
            done, behind = entry
            later = self.actions(match_id, done)
            if len(later) >= moves - done:
                state = behind.clone()  # the cached one is shared: never changed in place
                for text in later:
                    state.play(text)
                self._remember(match_id, done + len(later), state)
                return state, done + len(later)
        record = self.record(match_id)
        state = replay(record)
        self._remember(match_id, len(record.actions), state)
        return state, len(record.actions)

    def follow(self, notice: Notice) -> GameState | None:
        """The match's state after the move another process committed (``notice`` says which):
        the cached state of the move before with the notice's move played, remembered; ``None``
        when no cached state is that one, or the notice carries no move (then the database
        says). Nothing is read from the database: the notices of a match come in the order its
        moves were committed. A notice of moves taken back drops the cached state: a state of
        the same count may be one of the moves taken back. The state returned is shared: read
        it, never change it."""
        match_id, moves, action = notice.match_id, notice.moves, notice.action
        if notice.back:
            self.forget(match_id)
            return None
        if action is None:
            return None
        with self._cache_lock:
            committing = self._committing.get(match_id)
        if committing is not None and committing[:2] == (moves, action):
            # This process's own move, heard before its commit came back; had another process
            # committed the same move from the same position, the state after it is the same.
            self._remember(match_id, moves, committing[2])
            return committing[2]
        entry = self._entry(match_id)
        if entry is None or entry[0] not in (moves - 1, moves):
            return None
        done, state = entry
        if done == moves:  # made in this process, or heard already
            return state
        state = state.clone()  # the cached one is shared: never changed in place
        try:
            state.play(action)
        except Exception:  # even a fault of the rules must not stop the hearing of notices
            _log.warning(
                "match %s: the notice of move %d does not play here; the database says",
                match_id,
                moves,
                exc_info=True,
            )
            return None
        self._remember(match_id, moves, state)
        return state

    # --- playing ----------------------------------------------------------------------

    @guarded
    def append_move(self, match_id: str, seen: int, action: str, seat: int | None) -> AppendResult:
        """Play ``action`` for ``seat`` in the match, after ``seen`` moves, and commit it.

        Raises :class:`StaleMove` when the match has moved on from ``seen`` moves,
        :class:`~terra.core.errors.IllegalAction` when the rules refuse the move (for another
        seat's turn too); nothing is stored then. ``seat`` ``None`` plays for whoever is to
        move (the server's bots).
        """
        check_id(match_id)
        committing: tuple[int, str, GameState] | None = None
        try:
            with self._writing() as writing:
                count = _locked_count(
                    writing, match_id, seen, marked("choose from the new position")
                )
                state = self._cached(match_id, count)
                if state is None:
                    with writing.reading() as connection:
                        state = self._rebuild(connection, match_id, count)
                state = state.clone()  # the cached one stays as it was until the commit
                mover = state.current_player
                played = state.play(action, seat=seat)
                text = state.action_str(played)
                stamp = now()
                writing.insert_move(
                    {"match_id": match_id, "number": count, "action": text, "played": stamp}
                )
                over = state.is_over
                writing.advance(
                    {
                        "match": match_id,
                        "count": count + 1,
                        "stamp": stamp,
                        "now_status": "over" if over else "active",
                        "now_result": {"scores": state.scores(), "winners": state.winners()}
                        if over
                        else None,
                    }
                )
                if self.announces:  # delivered by PostgreSQL when, and only if, this commits
                    writing.notify(payload(match_id, count + 1, action=text))
                    # Its notice may be heard before this thread is back: follow() finds it.
                    committing = (count + 1, text, state)
                    with self._cache_lock:
                        self._committing[match_id] = committing
            self._remember(match_id, count + 1, state)
        finally:
            if committing is not None:
                with self._cache_lock:
                    if self._committing.get(match_id) is committing:
                        del self._committing[match_id]
        return AppendResult(state, count + 1, text, mover)

    @guarded
    def take_back(self, match_id: str, seen: int, to: int) -> tuple[GameState, int]:
        """Take back the match's moves from number ``to`` on (an undo the server allowed),
        after ``seen`` moves; the match's state then, and ``to``.

        Raises :class:`StaleMove` when the match has moved on from ``seen`` moves; nothing
        changes then. Other processes hear of it as moves taken back (``payload(back=True)``).
        """
        check_id(match_id)
        with core_writing(self.engine) as writing:
            count = _locked_count(writing, match_id, seen, marked("undo only what you see"))
            if not 0 <= to < count:
                raise StoreError(f"moves {to} to {count} cannot be taken back")
            writing.connection.execute(
                delete(Move).where(Move.match_id == match_id, Move.number >= to)
            )
            writing.advance(
                {
                    "match": match_id,
                    "count": to,
                    "stamp": now(),
                    "now_status": "active",
                    "now_result": None,
                }
            )
            if self.announces:
                writing.notify(payload(match_id, to, back=True))
        self.forget(match_id)
        return self.state(match_id, to)

    def _writing(self) -> AbstractContextManager[Writing]:
        """A move's transaction: on an embedded SQLite file through the driver's own
        connection (:mod:`terra.store.writing` says why), on PostgreSQL in two round trips
        (:mod:`terra.store.postgres_writing`), elsewhere through SQLAlchemy."""
        if self.announces:
            with self._cache_lock:
                if self._postgres is None:
                    from terra.store.postgres_writing import PostgresWriting  # noqa: PLC0415

                    self._postgres = PostgresWriting(self.engine)
            return self._postgres.transaction()
        if not self.embedded:
            return core_writing(self.engine)
        with self._cache_lock:
            if self._driver is None:
                self._driver = DriverWriting(self.engine)
        return self._driver.transaction()

    # --- the cache --------------------------------------------------------------------

    def _rebuild(self, connection: Any, match_id: str, count: int) -> GameState:
        """The match's state at ``count`` moves from the database, on ``connection``: from a
        cached state of fewer moves (another process made the rest) when there is one, else
        from the start."""
        entry = self._entry(match_id)
        if entry is not None and entry[0] <= count:
            done, behind = entry
            state = behind.clone()  # the cached one is shared: never changed in place
        else:
            done = 0
            state = start(_record_on(connection, match_id, moves=False))
        actions = connection.execute(
            select(Move.action)
            .where(Move.match_id == match_id, Move.number >= done)
            .order_by(Move.number)
        ).scalars()
        for text in actions:
            state.play(text)
        return state

    def forget(self, match_id: str) -> None:
        """Drop the match's state from memory (a finished or idle match: the database keeps
        it, and it is rebuilt when it is asked for again)."""
        with self._cache_lock:
            self._cache.pop(match_id, None)

    def cached(self) -> int:
        """How many matches' states are held in memory."""
        return len(self._cache)

    def _cached(self, match_id: str, moves: int) -> GameState | None:
        entry = self._entry(match_id)
        return entry[1] if entry is not None and entry[0] == moves else None

    def _entry(self, match_id: str) -> tuple[int, GameState] | None:
        with self._cache_lock:
            entry = self._cache.get(match_id)
            if entry is not None:
                self._cache.move_to_end(match_id)
            return entry

    def _remember(self, match_id: str, moves: int, state: GameState) -> None:
        with self._cache_lock:
            kept = self._cache.get(match_id)
            if kept is not None and kept[0] > moves:  # moves only go forward: keep the newer
                return
            self._cache[match_id] = (moves, state)
            self._cache.move_to_end(match_id)
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)


def _locked_count(writing: Writing, match_id: str, seen: int, then: str) -> int:
    """The match's move count, its row locked for the transaction; raises
    :class:`UnknownMatch`, or :class:`StaleMove` (saying ``then``) unless the player saw it."""
    count = writing.move_count(match_id)
    if count is None:
        raise UnknownMatch(f"there is no match {match_id!r}")
    if count == WAITING_COUNT:
        raise NotStarted(
            marked(
                "the game has not started: it waits for players to take the free seats, or for "
                "its creator to fill them with bots"
            )
        )
    if seen != count:
        raise StaleMove.behind(seen, count, then)
    return count


def _record_on(connection: Any, match_id: str, *, moves: bool = True) -> Record:
    """The record of match ``match_id`` read on ``connection`` (without its moves and result
    for ``moves=False``: its start), with the records of the matches it continues."""
    row = connection.execute(select(Match).where(Match.id == match_id)).one_or_none()
    if row is None:
        raise UnknownMatch(f"there is no match {match_id!r}")
    actions: tuple[str, ...] = ()
    if moves:
        actions = tuple(
            connection.execute(
                select(Move.action).where(Move.match_id == match_id).order_by(Move.number)
            ).scalars()
        )
    return Record(
        game=row.game,
        players=row.players,
        seed=int(row.seed),
        options=dict(row.options),
        actions=actions,
        result=row.result if moves else None,
        meta={"match": match_id},
        continues=None if row.continues is None else _record_on(connection, row.continues),
    )


__all__ = [
    "WAITING",
    "AppendResult",
    "MatchInfo",
    "MatchStore",
    "NotStarted",
    "SeatInfo",
    "StaleMove",
    "StoreError",
    "UnknownMatch",
    "check_id",
    "hash_token",
]
