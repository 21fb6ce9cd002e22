"""Players known by a display name and a secret key, and the open tables they sit at.

A player's key is drawn here and given once to their browser (the server keeps it in a
cookie); the database keeps only its hash, as it does a seat's token. A name is unique
case-insensitively (``players.name_key``, its case fold), so the database, not a check before
the insert, refuses a second player of the same name, even when two ask at once.

An open table (``matches.open_table``) waits, status ``waiting``, until every person's seat
is held by a player (:meth:`Players.join`) or its creator fills the free seats with bots
(:meth:`Players.fill`); the move that would come before is refused by the store.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Connection, Row, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from terra.core.errors import Worded, marked
from terra.store.clocks import Clock
from terra.store.database import WRITE
from terra.store.faults import guarded
from terra.store.matches import UnknownMatch, check_id, hash_token
from terra.store.models import Match, Player, Seat, now
from terra.store.new_match import WAITING
from terra.store.notices import SEATS, Announcing, Talk, talk_payload
from terra.store.writing import NOTIFY

# Random bits of a player's key: as hard to guess as a seat's token (token_urlsafe(24)) and more.
KEY_BYTES = 32
# The most matches "my games" lists, the most recently changed first.
MY_GAMES = 50
# The most open tables the lobby lists, the newest first.
OPEN_TABLES = 100
# An open table nobody has joined or left for this long is no longer listed: its creator has
# most likely gone (they may still send its page's address to someone).
LISTED_FOR = timedelta(days=7)


class PlayerRefused(Worded):
    """A request about players or open tables that the store refuses (the words say why)."""


@dataclass(frozen=True)
class PlayerInfo:
    """A player: an id (no secret) and a display name."""

    id: str
    name: str


@dataclass(frozen=True)
class Sitting:
    """A match where a player holds a seat."""

    match_id: str
    seat: int
    status: str
    updated: datetime


@dataclass(frozen=True)
class OpenTable:
    """An open table waiting for players: its game, options and seats, and its creator."""

    id: str
    game: str
    options: dict[str, object]
    players: int
    created: datetime
    seats: tuple[tuple[str | None, str | None], ...]  # (a player's name, a bot) or free
    clock: Clock | None = None


def hash_key(key: str) -> str:
    """What the database keeps of a player's key."""
    return hash_token(key)


class Players(Announcing):
    """The players of one database, and the seats they take at open tables."""

    @guarded
    def create(self, name: str) -> tuple[PlayerInfo, str]:
        """A new player of ``name`` (checked by the caller) and their key; raises
        :class:`PlayerRefused` if another player has the name in any case."""
        player = PlayerInfo(secrets.token_urlsafe(12), name)
        key = secrets.token_urlsafe(KEY_BYTES)
        row = {"id": player.id, "name": name, "name_key": name.casefold(), "created": now()}
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(Player).values(**row, key_hash=hash_key(key)))
        except IntegrityError:
            raise _taken(name) from None
        return player, key

    @guarded
    def rename(self, player_id: str, name: str) -> PlayerInfo:
        """Player ``player_id`` goes by ``name`` from now on (the seats they hold already keep
        the name they sat down with); raises :class:`PlayerRefused` if another has it."""
        try:
            with self.engine.begin() as connection:
                connection.execute(
                    update(Player)
                    .where(Player.id == player_id)
                    .values(name=name, name_key=name.casefold())
                )
        except IntegrityError:
            raise _taken(name) from None
        return PlayerInfo(player_id, name)

    @guarded
    def by_key(self, key: str) -> PlayerInfo | None:
        """The player whose key is ``key``, or ``None`` (looked up by the key's hash)."""
        with self.engine.connect() as connection:
            row = connection.execute(
                select(Player.id, Player.name).where(Player.key_hash == hash_key(key))
            ).one_or_none()
        return None if row is None else PlayerInfo(row.id, row.name)

    @guarded
    def seat_of(self, match_id: str, player_id: str) -> int | None:
        """The seat the player holds in the match, or ``None``."""
        check_id(match_id)
        with self.engine.connect() as connection:
            found: int | None = connection.execute(
                select(Seat.seat).where(Seat.match_id == match_id, Seat.player_id == player_id)
            ).scalar()
        return found

    @guarded
    def sittings(self, player_id: str) -> list[Sitting]:
        """The matches where the player holds a seat, the most recently changed first."""
        query = (
            select(Seat.match_id, Seat.seat, Match.status, Match.updated)
            .join(Match, Match.id == Seat.match_id)
            .where(Seat.player_id == player_id)
            .order_by(Match.updated.desc())
            .limit(MY_GAMES)
        )
        with self.engine.connect() as connection:
            return [Sitting(*row) for row in connection.execute(query).all()]

    @guarded
    def open_tables(self) -> list[OpenTable]:
        """The open tables waiting for players, the newest first."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(Match)
                .where(Match.open_table.is_(True), Match.status == WAITING)
                .where(Match.updated >= now() - LISTED_FOR)
                .order_by(Match.created.desc())
                .limit(OPEN_TABLES)
            ).all()
            seats = connection.execute(
                select(Seat.match_id, Seat.seat, Seat.bot, Player.name)
                .outerjoin(Player, Player.id == Seat.player_id)
                .where(Seat.match_id.in_([row.id for row in rows]))
                .order_by(Seat.match_id, Seat.seat)
            ).all()
        held: dict[str, list[tuple[str | None, str | None]]] = {}
        for seat in seats:
            held.setdefault(seat.match_id, []).append((seat.name, seat.bot))
        return [_open_table(row, held.get(row.id, [])) for row in rows]

    @guarded
    def join(self, match_id: str, player: PlayerInfo) -> tuple[int, bool]:
        """Seat ``player`` in the open table's first free seat; the seat, and whether the
        table is full and so started. Raises :class:`UnknownMatch`, or
        :class:`PlayerRefused` for a private or started table, a full one, or a player who
        sits there already."""
        check_id(match_id)
        with self.engine.connect().execution_options(**WRITE) as connection, connection.begin():
            _waiting_table(connection, match_id)
            seats = _seats(connection, match_id)
            if any(s.player_id == player.id for s in seats):
                raise PlayerRefused(marked("you sit at this table already"))
            free = [s.seat for s in seats if s.bot is None and s.player_id is None]
            if not free:
                raise PlayerRefused(marked("this table is full"))
            connection.execute(
                update(Seat)
                .where(Seat.match_id == match_id, Seat.seat == free[0])
                .values(player_id=player.id, name=player.name)
            )
            full = len(free) == 1
            _touch(connection, match_id, started=full)
            self._announce(connection, match_id, len(seats) - len(free) + 1)
        return free[0], full

    @guarded
    def fill(self, match_id: str, player_id: str, bot: str) -> list[int]:
        """The table's creator (``player_id``, at seat 0) fills its free seats with ``bot``
        (a name the caller checked) and it starts; the seats filled. Raises
        :class:`UnknownMatch`, or :class:`PlayerRefused` for someone else, a private or
        started table."""
        check_id(match_id)
        with self.engine.connect().execution_options(**WRITE) as connection, connection.begin():
            _waiting_table(connection, match_id)
            seats = _seats(connection, match_id)
            if seats[0].player_id != player_id:
                raise PlayerRefused(marked("only the table's creator fills its seats with bots"))
            free = [s.seat for s in seats if s.bot is None and s.player_id is None]
            connection.execute(
                update(Seat)
                .where(Seat.match_id == match_id, Seat.seat.in_(free))
                .values(bot=bot, name=f"{bot} bot")
            )
            _touch(connection, match_id, started=True)
            self._announce(connection, match_id, len(seats))
        return free

    @guarded
    def leave(self, match_id: str, player_id: str) -> bool:
        """The player gives up their seat at the open table still waiting for players: a
        joiner's seat is free again; its creator's leaving closes the table, which is deleted
        with its seats and chat. Whether it was closed. Raises :class:`UnknownMatch`, or
        :class:`PlayerRefused` for a private or started table, or a player without a seat."""
        check_id(match_id)
        with self.engine.connect().execution_options(**WRITE) as connection, connection.begin():
            _waiting_table(connection, match_id)
            seats = _seats(connection, match_id)
            mine: list[int] = [s.seat for s in seats if s.player_id == player_id]
            if not mine:
                raise PlayerRefused(marked("you hold no seat at this table"))
            held = sum(s.bot is not None or s.player_id is not None for s in seats) - 1
            if mine[0] == 0:
                connection.execute(delete(Match).where(Match.id == match_id))
            else:
                connection.execute(
                    update(Seat)
                    .where(Seat.match_id == match_id, Seat.seat == mine[0])
                    .values(player_id=None, name=f"Player {mine[0] + 1}")
                )
                _touch(connection, match_id, started=False)
            self._announce(connection, match_id, held)
        return mine[0] == 0

    def _announce(self, connection: Connection, match_id: str, held: int) -> None:
        """Tell every server process, when this commits, that the table's seats changed."""
        if self.announces:
            talk = talk_payload(Talk(match_id, SEATS, held))
            connection.execute(NOTIFY, {"payload": talk})


def _taken(name: str) -> PlayerRefused:
    return PlayerRefused(
        marked("the name {name} is taken (names are told apart without regard to case)"),
        name=name,
    )


def _waiting_table(connection: Connection, match_id: str) -> None:
    """Lock the match's row; raise unless it is an open table still waiting for players."""
    row = connection.execute(
        select(Match.open_table, Match.status).where(Match.id == match_id).with_for_update()
    ).one_or_none()
    if row is None:
        raise UnknownMatch(f"there is no match {match_id!r}")
    if not row.open_table:
        raise PlayerRefused(marked("this table is private: it is joined by an invitation link"))
    if row.status != WAITING:
        raise PlayerRefused(marked("this table has started: its seats are taken"))


def _seats(connection: Connection, match_id: str) -> list[Any]:
    """The match's seats in order: each one's bot and player."""
    return list(
        connection.execute(
            select(Seat.seat, Seat.bot, Seat.player_id)
            .where(Seat.match_id == match_id)
            .order_by(Seat.seat)
        ).all()
    )


def _touch(connection: Connection, match_id: str, *, started: bool) -> None:
    """Mark the match changed now, and started (``active``) if ``started``."""
    values: dict[str, object] = {"updated": now()}
    if started:
        values["status"] = "active"
    connection.execute(update(Match).where(Match.id == match_id).values(**values))


def _open_table(row: Row[Any], seats: list[tuple[str | None, str | None]]) -> OpenTable:
    return OpenTable(
        row.id,
        row.game,
        dict(row.options),
        row.players,
        row.created,
        tuple(seats),
        Clock.stored(row.clock),
    )
