"""The clocks of the tables, kept in the database: a table's time per decision or bank, when
the seat to move runs out of it, and the bots that stand in for people who left or ran out of
time (``docs/web.md``, "Clocks").

A clock runs only for a person who is at the table: a bot's decisions and a stand-in's are not
timed. Every change is made under the match's row lock and only at the move count its caller
saw, so that several server processes, each watching the deadlines, change a seat once.
Match ids reach it checked (:func:`terra.store.matches.check_id`): the server has found the
match first.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, TypeGuard

from sqlalchemy import Connection, insert, select, update

from terra.core.errors import TerraError
from terra.store.database import WRITE
from terra.store.faults import guarded
from terra.store.models import ChatLine, Match, Seat, now, plays
from terra.store.notices import CHAT, CLOCK, SEATS, Announcing, Talk, talk_payload
from terra.store.writing import NOTIFY

MOVE = "move"  # each decision of a person gets the same time
BANK = "bank"  # each person has a bank of time for the whole game, and gains some per decision
KINDS = (MOVE, BANK)
# Ten seconds is the least a person can read a position in; fourteen days the most a
# turn-based table waits for one decision.
MOVE_SECONDS = (10, 14 * 86_400)
BANK_SECONDS = (60, 8 * 3_600)
MAX_INCREMENT = 3_600
# A person who takes their seat back with less in their bank gets this much (or a decision's
# increment, if more): else a seat taken over because its bank ran dry would be lost again at
# once.
GRACE = 60.0
# The bot that stands in for a person where the table's creator named none.
STAND_IN = "greedy"
# The notices of a match's chat: what befell a seat.
TIME, LEFT, BACK = "time", "left", "back"


class ClockError(TerraError):
    """A clock the server does not keep (the message says which limit)."""


@dataclass(frozen=True)
class Clock:
    """A table's clock: ``seconds`` per decision (``kind`` :data:`MOVE`), or a bank of
    ``seconds`` per person with ``increment`` more after each of their decisions
    (:data:`BANK`)."""

    kind: str
    seconds: int
    increment: int = 0

    @classmethod
    def parse(cls, given: Any) -> Clock:
        """The clock a request asks for (``{"kind": "move", "seconds": 86400}``); raises
        :class:`ClockError` saying what is wrong."""
        if not isinstance(given, dict):
            raise ClockError(
                "a clock is an object: {'kind': 'move' or 'bank', 'seconds': N, "
                "'increment': N for a bank}"
            )
        unknown = sorted(str(k) for k in given if k not in ("kind", "seconds", "increment"))
        if unknown:
            raise ClockError(f"a clock has 'kind', 'seconds' and 'increment', not {unknown[0]!r}")
        kind, seconds, increment = given.get("kind"), given.get("seconds"), given.get("increment")
        if kind not in KINDS:
            raise ClockError("a clock's 'kind' is 'move' (time per decision) or 'bank'")
        low, high = MOVE_SECONDS if kind == MOVE else BANK_SECONDS
        if not _whole(seconds) or not low <= seconds <= high:
            raise ClockError(
                f"a {kind} clock's 'seconds' is a whole number from {low:,} to {high:,}"
            )
        if increment is None:
            increment = 0
        if kind == MOVE and increment:
            raise ClockError("only a bank clock has an 'increment'")
        if not _whole(increment) or not 0 <= increment <= MAX_INCREMENT:
            raise ClockError(f"a clock's 'increment' is a whole number from 0 to {MAX_INCREMENT:,}")
        return cls(kind, seconds, increment)

    @classmethod
    def stored(cls, value: dict[str, Any] | None) -> Clock | None:
        """The clock the database keeps as JSON (``None``: the table has none)."""
        return None if value is None else cls(value["kind"], value["seconds"], value["increment"])

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seconds": self.seconds, "increment": self.increment}

    @property
    def turn_based(self) -> bool:
        """Whether people are expected to come and go between decisions (an hour or more a
        decision): the lobby lists it as turn-based, and pages offer notifications."""
        return self.kind == MOVE and self.seconds >= 3_600

    def allowance(self, banks: Sequence[float] | None, seat: int) -> float:
        """The seconds ``seat`` has for its decision now."""
        if self.kind == BANK and banks is not None:
            return max(0.0, banks[seat])
        return float(self.seconds)

    def fresh_banks(self, players: int) -> list[float] | None:
        """Every person's bank at the start (``None`` for a clock per decision)."""
        return [float(self.seconds)] * players if self.kind == BANK else None


@dataclass(frozen=True)
class Timing:
    """Where a match's clock stands: the seat whose time runs (``None``: nobody's), when it
    runs out, and every seat's bank (a bank clock)."""

    clock: Clock
    seat: int | None
    deadline: datetime | None
    banks: tuple[float, ...] | None

    def seconds_left(self, at: datetime | None = None) -> int | None:
        """Whole seconds, rounded up, from ``at`` until the time of the seat to move runs out
        (``None`` while nobody's runs)."""
        if self.deadline is None:
            return None
        return math.ceil(max(0.0, (self.deadline - (at or now())).total_seconds()))

    def message(self, at: datetime | None = None) -> dict[str, Any]:
        """The pages' message (``clock``): the seconds left are counted from ``at``."""
        return {
            "type": "clock",
            **self.clock.to_json(),
            "seat": self.seat,
            "left": self.seconds_left(at),
            "banks": None if self.banks is None else [math.floor(b) for b in self.banks],
        }


@dataclass(frozen=True)
class Change:
    """A seat that changed hands: the chat notice written (its number) and what was said to
    the other server processes."""

    seat: int
    notice: int
    talks: tuple[Talk, ...]


class Clocks(Announcing):
    """The clocks of every match of one database."""

    @guarded
    def timing(self, match_id: str, to_move: int | None) -> Timing | None:
        """Where the match's clock stands, ``to_move`` deciding now (``None``: it has no
        clock)."""
        with self.engine.connect() as connection:
            row = connection.execute(
                select(Match.clock, Match.banks, Match.deadline).where(Match.id == match_id)
            ).one_or_none()
        if row is None or row.clock is None:
            return None
        clock = Clock.stored(row.clock)
        assert clock is not None
        deadline = None if row.deadline is None else _aware(row.deadline)
        banks = None if row.banks is None else tuple(float(b) for b in row.banks)
        return Timing(clock, None if deadline is None else to_move, deadline, banks)

    @guarded
    def moved(
        self, match_id: str, moves: int, mover: int | None, to_move: int | None
    ) -> Timing | None:
        """The clock after the match's move number ``moves`` (``mover`` decided it; ``None``:
        a match that starts, or moves taken back), with ``to_move`` to decide next (``None``:
        the game is over). The mover's bank is charged the time it took and given its
        increment; the next person's time starts now. ``None`` if the match has moved on
        already (another process's move: its own call times it) or has no clock."""
        stamp = now()
        with self._locked(match_id) as connection:
            row = _locked_row(connection, match_id)
            if row is None or row.clock is None or row.move_count != moves:
                return None
            clock = Clock.stored(row.clock)
            assert clock is not None
            banks = None if row.banks is None else list(row.banks)
            if banks is not None and mover is not None and row.deadline is not None:
                left = (_aware(row.deadline) - stamp).total_seconds()
                banks[mover] = max(0.0, left) + clock.increment
            seat = (
                to_move if to_move is not None and _present(connection, match_id, to_move) else None
            )
            deadline = _deadline(clock, banks, seat, stamp)
            connection.execute(
                update(Match).where(Match.id == match_id).values(banks=banks, deadline=deadline)
            )
            if self.announces:  # the other processes tell their pages the clock again
                talk = talk_payload(Talk(match_id, CLOCK, moves))
                connection.execute(NOTIFY, {"payload": talk})
        return Timing(clock, seat, deadline, None if banks is None else tuple(banks))

    @guarded
    def overdue(self, at: datetime | None = None) -> list[str]:
        """The matches being played whose person to move has run out of time."""
        query = select(Match.id).where(Match.deadline <= (at or now()), Match.status == "active")
        with self.engine.connect() as connection:
            return list(connection.execute(query.order_by(Match.deadline)).scalars())

    @guarded
    def time_out(self, match_id: str, moves: int, seat: int) -> Change | None:
        """``seat``, to decide after ``moves`` moves, has run out of time: the table's bot
        stands in for it, and the chat says so. ``None`` if it has not (it moved meanwhile,
        or another process timed it out first)."""
        with self._locked(match_id) as connection:
            row = _locked_row(connection, match_id)
            late = row is not None and row.deadline is not None and _aware(row.deadline) <= now()
            if row is None or not late or row.move_count != moves:
                return None
            if not _present(connection, match_id, seat):
                return None
            banks = None if row.banks is None else list(row.banks)
            if banks is not None:
                banks[seat] = 0.0
            connection.execute(
                update(Match).where(Match.id == match_id).values(banks=banks, deadline=None)
            )
            return self._hand_over(connection, match_id, seat, row.stand_in, TIME)

    @guarded
    def leave(self, match_id: str, seat: int) -> Change | None:
        """The person at ``seat`` leaves the game: the table's bot stands in for them (and
        their clock stops). ``None`` if a bot plays the seat already."""
        with self._locked(match_id) as connection:
            row = _locked_row(connection, match_id)
            if row is None or not _present(connection, match_id, seat):
                return None
            if row.deadline is not None:  # their time, if it runs, runs no more
                connection.execute(update(Match).where(Match.id == match_id).values(deadline=None))
            return self._hand_over(connection, match_id, seat, row.stand_in, LEFT)

    @guarded
    def come_back(self, match_id: str, seat: int, to_move: int | None) -> Change | None:
        """The person at ``seat`` takes their seat back from the bot standing in (their bank
        topped up to :data:`GRACE`, their time starting now if it is their decision).
        ``None`` if no bot stands in for them."""
        stamp = now()
        with self._locked(match_id) as connection:
            row = _locked_row(connection, match_id)
            if row is None:
                return None
            taken = connection.execute(
                update(Seat)
                .where(Seat.match_id == match_id, Seat.seat == seat, Seat.stand_in.is_not(None))
                .values(stand_in=None)
            ).rowcount
            if not taken:
                return None
            clock = Clock.stored(row.clock)
            if clock is not None:
                banks = None if row.banks is None else list(row.banks)
                if banks is not None:
                    banks[seat] = max(banks[seat], GRACE, float(clock.increment))
                deadline = row.deadline
                if to_move == seat:
                    deadline = _deadline(clock, banks, seat, stamp)
                connection.execute(
                    update(Match).where(Match.id == match_id).values(banks=banks, deadline=deadline)
                )
            return self._note(connection, match_id, seat, BACK)

    def _hand_over(
        self, connection: Connection, match_id: str, seat: int, bot: str, why: str
    ) -> Change | None:
        connection.execute(
            update(Seat).where(Seat.match_id == match_id, Seat.seat == seat).values(stand_in=bot)
        )
        return self._note(connection, match_id, seat, why)

    def _note(self, connection: Connection, match_id: str, seat: int, why: str) -> Change:
        """Write the chat's notice that ``seat`` changed hands (``why``), and tell the other
        server processes of it and of the seats (they read both again when this commits)."""
        values = {"match_id": match_id, "seat": seat, "text": "", "notice": why, "sent": now()}
        key = connection.execute(insert(ChatLine).values(**values)).inserted_primary_key
        assert key is not None
        number = int(key[0])
        held = connection.execute(
            select(Seat.seat).where(Seat.match_id == match_id, Seat.stand_in.is_(None))
        ).all()
        talks = (Talk(match_id, SEATS, len(held)), Talk(match_id, CHAT, number))
        if self.announces:
            for said in talks:
                connection.execute(NOTIFY, {"payload": talk_payload(said)})
        return Change(seat, number, talks)

    @contextmanager
    def _locked(self, match_id: str) -> Iterator[Connection]:
        """A writing transaction (SQLite: its write lock at BEGIN; PostgreSQL: the match's row,
        which :func:`_locked_row` locks)."""
        with self.engine.connect().execution_options(**WRITE) as connection, connection.begin():
            yield connection


def _locked_row(connection: Connection, match_id: str) -> Any:
    return connection.execute(
        select(Match.clock, Match.banks, Match.deadline, Match.move_count, Match.stand_in)
        .where(Match.id == match_id)
        .with_for_update()
    ).one_or_none()


def _present(connection: Connection, match_id: str, seat: int) -> bool:
    """Whether a person is at ``seat`` (not a bot, nor a bot standing in)."""
    row = connection.execute(
        select(Seat.bot, Seat.stand_in).where(Seat.match_id == match_id, Seat.seat == seat)
    ).one_or_none()
    return row is not None and plays(row.bot, row.stand_in) is None


def _deadline(
    clock: Clock, banks: Sequence[float] | None, seat: int | None, stamp: datetime
) -> datetime | None:
    if seat is None:
        return None
    return stamp + timedelta(seconds=clock.allowance(banks, seat))


def _aware(stamp: datetime) -> datetime:
    """SQLite hands back times without their zone; the store writes them all in UTC."""
    return stamp if stamp.tzinfo is not None else stamp.replace(tzinfo=now().tzinfo)


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)
