"""A finished match's rematch: the same game, players, options and seats, dealt afresh, made
once every person of the match has asked for it.

Who asked is kept in the database (a seat's ``rematch_hash``), so that any server process
sees it; the last person to ask makes the rematch in the transaction that records the
asking, with the finished match's row locked, so it is made once (``matches.rematch``).

A person's token in the rematch is derived from their token in the finished match
(:func:`rematch_token`): the page that holds one can be given the other at any time, and the
database keeps neither, only their hashes.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Row, select, update

from terra.core.errors import Worded, marked
from terra.core.game import SEED_BITS
from terra.core.registry import game
from terra.store.clocks import Clock
from terra.store.database import WRITE
from terra.store.faults import guarded
from terra.store.matches import SeatInfo, UnknownMatch, check_id, hash_token
from terra.store.models import Match, Seat
from terra.store.new_match import insert_match
from terra.store.notices import REMATCH, Announcing, Talk, talk_payload
from terra.store.writing import NOTIFY


class CannotRematch(Worded):
    """A rematch the store refuses (the match is not over)."""


@dataclass(frozen=True)
class Rematch:
    """The rematch of a match: the people's seats that asked for it, and the match made
    once every person asked (``None`` until then)."""

    asked: tuple[int, ...]
    match: str | None


def rematch_token(token: str, match_id: str) -> str:
    """The token, in the rematch of match ``match_id``, of the person whose token there is
    ``token``: as long and as random as a new match's (``secrets.token_urlsafe(24)``), and
    telling nothing of ``token``."""
    key = token.encode("utf-8", "surrogatepass")
    digest = hmac.new(key, f"rematch of {match_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()


def fresh_seed(old: int) -> int:
    """A seed the server draws, never ``old``."""
    while (seed := secrets.randbits(SEED_BITS - 1)) == old:
        pass
    return seed


class Rematches(Announcing):
    """The rematches of every match of one database."""

    @guarded
    def of(self, match_id: str) -> Rematch:
        """Who has asked for the match's rematch, and the rematch if it is made."""
        check_id(match_id)
        with self.engine.connect() as connection:
            return _rematch_on(connection, match_id)

    @guarded
    def ask(self, match_id: str, seat: int, token: str | None) -> tuple[Rematch, bool]:
        """The person at ``seat``, holding ``token``, asks for the rematch of the finished
        match ``match_id``; the last person to ask makes it. Asking again, or after it is made,
        changes nothing. The rematch as it stands then, and whether this asking changed it
        (and was announced to every server process, on PostgreSQL). Raises
        :class:`UnknownMatch`, or :class:`CannotRematch` for a match not over."""
        check_id(match_id)
        with self.engine.connect().execution_options(**WRITE) as connection, connection.begin():
            row = connection.execute(
                select(Match).where(Match.id == match_id).with_for_update()
            ).one_or_none()
            if row is None:
                raise UnknownMatch(f"there is no match {match_id!r}")
            if row.status != "over":
                raise CannotRematch(
                    marked("a rematch is for a finished game: play this one to its end")
                )
            asked = 0
            if row.rematch is None:
                # A seat its player holds (no token) is held by them in the rematch too; its
                # hash there is of a token nobody is given.
                given = secrets.token_urlsafe(24) if token is None else token
                wanted = hash_token(rematch_token(given, match_id))
                asked = connection.execute(
                    update(Seat)
                    .where(Seat.match_id == match_id, Seat.seat == seat)
                    .where(Seat.bot.is_(None), Seat.rematch_hash.is_(None))
                    .values(rematch_hash=wanted)
                ).rowcount
                _make_when_all_asked(connection, row)
            found = _rematch_on(connection, match_id)
            if asked and self.announces:  # every server process tells its pages
                talk = talk_payload(Talk(match_id, REMATCH, len(found.asked)))
                connection.execute(NOTIFY, {"payload": talk})
            return found, asked > 0


def _rematch_on(connection: Connection, match_id: str) -> Rematch:
    made = connection.execute(
        select(Match.rematch).where(Match.id == match_id)
    ).scalar_one_or_none()
    asked = connection.execute(
        select(Seat.seat)
        .where(Seat.match_id == match_id, Seat.rematch_hash.is_not(None))
        .order_by(Seat.seat)
    ).scalars()
    return Rematch(tuple(asked), made)


def _make_when_all_asked(connection: Connection, finished: Row[Any]) -> None:
    """Make the rematch of ``finished`` if every person has asked for it: its seats as they
    were (every person back at their own), each person's with the token they will be given,
    its clock, and a seed drawn afresh."""
    seats = connection.execute(
        select(Seat.seat, Seat.name, Seat.bot, Seat.rematch_hash, Seat.player_id)
        .where(Seat.match_id == finished.id)
        .order_by(Seat.seat)
    ).all()
    if any(s.bot is None and s.rematch_hash is None for s in seats):
        return
    state = game(finished.game).new(
        finished.players, fresh_seed(int(finished.seed)), dict(finished.options)
    )
    match_id = secrets.token_urlsafe(9)
    hashes = {s.seat: s.rematch_hash for s in seats if s.rematch_hash is not None}
    infos = [SeatInfo(s.seat, s.name, s.bot, s.player_id) for s in seats]
    clock = Clock.stored(finished.clock)  # the same table: the same clock and stand-in
    insert_match(
        connection,
        match_id,
        state.record(),
        infos,
        hashes,
        clock=clock,
        stand_in=finished.stand_in,
    )
    connection.execute(update(Match).where(Match.id == finished.id).values(rematch=match_id))
