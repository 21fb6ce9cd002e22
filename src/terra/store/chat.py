"""A match's chat: what its seats and spectators said, kept with the match."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import insert, select

from terra.store.database import WRITE
from terra.store.faults import guarded
from terra.store.matches import check_id
from terra.store.models import ChatLine, now
from terra.store.notices import CHAT, Announcing, Talk, talk_payload
from terra.store.writing import NOTIFY


@dataclass(frozen=True)
class Said:
    """One message of a match's chat: its number (in the order the database took them), the
    seat that sent it (``None``: a spectator), its text and when it was sent."""

    id: int
    seat: int | None
    text: str
    sent: datetime
    # A line the server wrote of what befell ``seat`` (:mod:`terra.store.clocks`), not words.
    notice: str | None = None


class ChatStore(Announcing):
    """The chat of every match of one database."""

    @guarded
    def say(self, match_id: str, seat: int | None, text: str) -> Said:
        """Keep ``text``, sent by ``seat`` (``None``: a spectator) to match ``match_id``'s
        chat; the message as kept. The caller has checked the text."""
        check_id(match_id)
        sent = now()
        values = {"match_id": match_id, "seat": seat, "text": text, "sent": sent}
        with self.engine.connect().execution_options(**WRITE) as connection, connection.begin():
            key = connection.execute(insert(ChatLine).values(**values)).inserted_primary_key
            assert key is not None
            number = int(key[0])
            if self.announces:  # every server process tells its pages when this commits
                talk = talk_payload(Talk(match_id, CHAT, number))
                connection.execute(NOTIFY, {"payload": talk})
        return Said(number, seat, text, sent)

    @guarded
    def line(self, match_id: str, number: int) -> Said | None:
        """Message ``number`` of the match's chat, or ``None``."""
        check_id(match_id)
        query = select(*_LINE).where(ChatLine.match_id == match_id, ChatLine.id == number)
        with self.engine.connect() as connection:
            row = connection.execute(query).one_or_none()
        return None if row is None else Said(*row)

    @guarded
    def recent(self, match_id: str, count: int) -> list[Said]:
        """The last ``count`` messages of the match's chat, oldest first."""
        check_id(match_id)
        query = (
            select(*_LINE)
            .where(ChatLine.match_id == match_id)
            .order_by(ChatLine.id.desc())
            .limit(count)
        )
        with self.engine.connect() as connection:
            rows = connection.execute(query).all()
        return [Said(*row) for row in reversed(rows)]


# A line's columns, in the order of :class:`Said`'s fields.
_LINE = (ChatLine.id, ChatLine.seat, ChatLine.text, ChatLine.sent, ChatLine.notice)
