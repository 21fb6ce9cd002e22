"""An undo a seat asks the match's other people to agree to (``docs/web.md``, "Undo"), kept
with the match: every server process on the database answers the same request, and the last
agreement, through whichever process, takes the decision back once.

A request names the move count it was asked at and lapses by itself once the match has
another (a move, or another undo). Each change is announced to the other processes
(:data:`~terra.store.notices.UNDO`) with a number that :func:`said` makes and :func:`heard`
reads: which request, what happened and whose seat it was.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, select, update

from terra.core.errors import marked
from terra.core.undo import CannotUndo
from terra.store.database import WRITE
from terra.store.faults import guarded
from terra.store.matches import StaleMove, UnknownMatch, check_id
from terra.store.models import Match
from terra.store.notices import UNDO, Announcing, Talk, talk_payload
from terra.store.writing import NOTIFY

ASKED, AGREED, REFUSED, TAKEN = range(4)  # what befell a request
_SEATS = 64  # more seats than any game has


@dataclass(frozen=True)
class Asked:
    """Request number ``serial`` of a match: ``seat`` asked at move count ``moves`` to take
    back its last decision; every seat of ``needed`` must agree, ``agreed`` have."""

    serial: int
    seat: int
    moves: int
    needed: frozenset[int]
    agreed: frozenset[int] = frozenset()

    def to_json(self, *, open_: bool) -> dict[str, Any]:
        return {
            "serial": self.serial,
            "seat": self.seat,
            "moves": self.moves,
            "needed": sorted(self.needed),
            "agreed": sorted(self.agreed),
            "open": open_,
        }


def said(serial: int, what: int, seat: int) -> int:
    """The number announcing that ``what`` befell request ``serial`` by ``seat``'s doing."""
    return (serial * _SEATS + seat) * 4 + what


def heard(number: int) -> tuple[int, int, int]:
    """The request, what befell it and whose doing it was, from :func:`said`'s number."""
    rest, what = divmod(number, 4)
    serial, seat = divmod(rest, _SEATS)
    return serial, what, seat


class Undos(Announcing):
    """The undos asked for at every match of one database."""

    @guarded
    def pending(self, match_id: str) -> Asked | None:
        """The request waiting for answers at the match's current move count, if any."""
        check_id(match_id)
        with self.engine.connect() as connection:
            row = connection.execute(
                select(Match.undo, Match.move_count).where(Match.id == match_id)
            ).one_or_none()
        return None if row is None else _open(row.undo, row.move_count)

    @guarded
    def ask(self, match_id: str, seen: int, seat: int, needed: frozenset[int]) -> Asked:
        """``seat`` asks the people of ``needed`` to agree that it takes back its last
        decision, seen after ``seen`` moves (the caller has checked that it may). Raises
        :class:`StaleMove`, or :class:`CannotUndo` while another request waits."""
        check_id(match_id)
        with self._locked(match_id) as (connection, row):
            if row.move_count != seen:
                raise StaleMove.behind(seen, row.move_count, marked("undo only what you see"))
            if _open(row.undo, row.move_count) is not None:
                raise CannotUndo("an undo is waiting for an answer already")
            serial = 1 + (row.undo or {}).get("serial", 0)
            asked = Asked(serial, seat, seen, needed)
            self._keep(connection, match_id, asked, open_=True, what=ASKED, by=seat)
        return asked

    @guarded
    def answer(self, match_id: str, seen: int, seat: int, agree: bool) -> tuple[Asked, bool]:
        """``seat``'s answer to the request asked at move count ``seen``: the request after
        it, and whether it was the last agreement needed (the caller then takes the decision
        back; the request is closed). A refusal closes it. Raises :class:`CannotUndo` for a
        request that is not waiting, or not this seat's to answer."""
        check_id(match_id)
        with self._locked(match_id) as (connection, row):
            asked = _open(row.undo, row.move_count)
            if asked is None or asked.moves != seen:
                raise CannotUndo("no undo is waiting for an answer at this move")
            if seat not in asked.needed:
                raise CannotUndo("this undo is not yours to answer")
            if agree:
                asked = Asked(asked.serial, asked.seat, seen, asked.needed, asked.agreed | {seat})
            done = agree and asked.agreed >= asked.needed
            what = REFUSED if not agree else TAKEN if done else AGREED
            self._keep(connection, match_id, asked, open_=what == AGREED, what=what, by=seat)
        return asked, done

    def _keep(
        self,
        connection: Connection,
        match_id: str,
        asked: Asked,
        *,
        open_: bool,
        what: int,
        by: int,
    ) -> None:
        connection.execute(
            update(Match).where(Match.id == match_id).values(undo=asked.to_json(open_=open_))
        )
        if self.announces:  # every server process tells its pages when this commits
            talk = Talk(match_id, UNDO, said(asked.serial, what, by))
            connection.execute(NOTIFY, {"payload": talk_payload(talk)})

    @contextmanager
    def _locked(self, match_id: str) -> Iterator[tuple[Connection, Any]]:
        with self.engine.connect().execution_options(**WRITE) as connection, connection.begin():
            row = connection.execute(
                select(Match.undo, Match.move_count).where(Match.id == match_id).with_for_update()
            ).one_or_none()
            if row is None:
                raise UnknownMatch(f"there is no match {match_id!r}")
            yield connection, row


def _open(kept: dict[str, Any] | None, count: int) -> Asked | None:
    """The request ``kept`` if it is still waiting for answers at move count ``count``."""
    if kept is None or not kept.get("open") or kept["moves"] != count:
        return None
    return Asked(
        kept["serial"],
        kept["seat"],
        kept["moves"],
        frozenset(kept["needed"]),
        frozenset(kept["agreed"]),
    )
