"""The rows of a new match: its match row and its seats (who sits at each), written in its
creator's transaction (a match made through the API, or a rematch)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import insert

from terra.core.record import Record
from terra.store.clocks import STAND_IN, Clock
from terra.store.models import Match, Seat, now, plays

# The status of an open table until its every seat is taken.
WAITING = "waiting"


@dataclass(frozen=True)
class SeatInfo:
    """Who sits at a seat: a bot's name or ``None`` for a person, and a display name."""

    seat: int
    name: str
    bot: str | None
    player: str | None = None  # the id of the identified player holding it, if one does
    # The bot playing for the person of this seat while they are away (docs/web.md, "Clocks").
    stand_in: str | None = None

    @property
    def plays(self) -> str | None:
        """The bot that makes this seat's decisions now (its own, or one standing in for its
        person), or ``None`` while a person makes them."""
        return plays(self.bot, self.stand_in)


def insert_match(
    connection: Any,
    match_id: str,
    record: Record,
    seats: Sequence[SeatInfo],
    hashes: Mapping[int, str],
    *,
    seed_shown: bool = False,
    continues: str | None = None,
    host: str | None = None,
    clock: Clock | None = None,
    stand_in: str = STAND_IN,
) -> None:
    """Insert a new match starting from ``record`` (no moves yet) and its seats, each person's
    with the hash of its token (``hashes``, by seat), on ``connection``'s transaction; with
    ``host``, an open table whose seat 0 the host holds, waiting while a seat is free; its
    ``clock`` (stopped: :meth:`terra.store.clocks.Clocks.moved` starts it) and ``stand_in``."""
    stamp = now()
    free = host is not None and sum(s.bot is None for s in seats) > 1
    connection.execute(
        insert(Match).values(
            id=match_id,
            game=record.game,
            options=dict(record.options),
            players=record.players,
            seed=str(record.seed),
            seed_shown=seed_shown,
            move_count=0,
            status=WAITING if free else "active",
            result=None,
            created=stamp,
            updated=stamp,
            continues=continues,
            open_table=host is not None,
            clock=None if clock is None else clock.to_json(),
            banks=None if clock is None else clock.fresh_banks(record.players),
            stand_in=stand_in,
        )
    )
    connection.execute(
        insert(Seat),
        [
            {
                "match_id": match_id,
                "seat": s.seat,
                "token_hash": hashes.get(s.seat) if s.bot is None else None,
                "bot": s.bot,
                "name": s.name,
                "player_id": s.player or (host if s.seat == 0 else None),
            }
            for s in seats
        ],
    )
