"""What the people at a match's table say and ask of each other besides moves: the chat, and
a rematch of a finished match (``docs/web.md``, "Chat" and "Rematch")."""

from __future__ import annotations

import time
import unicodedata
from collections import deque
from typing import Any, Protocol

from terra.core.errors import Worded, marked
from terra.server import protocol
from terra.server.tables import Table, Tables
from terra.store.faults import StoreUnavailable
from terra.store.notices import CHAT, REMATCH, Talk
from terra.store.rematch import CannotRematch, rematch_token

# Characters a chat message may hold besides printable text: a line break and a tab.
ALLOWED_CONTROLS = frozenset("\n\t")


class ChatPace:
    """At most ``count`` chat messages of a page in any ``seconds``."""

    def __init__(self, count: int, seconds: float) -> None:
        self.count = count
        self.seconds = seconds
        self.sent: deque[float] = deque()

    def take(self) -> bool:
        """Whether a message may be sent now (and it is counted)."""
        now = time.monotonic()
        while self.sent and now - self.sent[0] >= self.seconds:
            self.sent.popleft()
        if len(self.sent) >= self.count:
            return False
        self.sent.append(now)
        return True


class Page(Protocol):
    """The open page that speaks or asks (:class:`terra.server.live.Page`)."""

    tables: Tables
    table: Table
    match_id: str
    seat: int | None
    token: str | None  # the seat's, which its rematch token is derived from
    chat_pace: ChatPace

    def told(self, text: str) -> None: ...

    def refuse(
        self, template: str, fields: dict[str, str | int] | None = None, **extra: Any
    ) -> None: ...

    def refuse_because(self, problem: Worded, **extra: Any) -> None: ...


def _refusal(page: Page, text: str) -> tuple[str, dict[str, str | int]] | None:
    """Why ``text`` may not be sent to the chat (a template and its fields), or ``None``."""
    settings = page.tables.settings
    if not text:
        return marked("a chat message needs some words; this one is empty"), {}
    if len(text) > settings.chat_length:
        return (
            marked("chat message too long ({length} characters; at most {limit})"),
            {"length": f"{len(text):,}", "limit": f"{settings.chat_length:,}"},
        )
    if any(_forbidden(c) for c in text):
        return marked("a chat message is text without control characters"), {}
    if not page.chat_pace.take():
        return (
            marked(
                "too many chat messages: at most {count} in {seconds} seconds; "
                "this one was not sent"
            ),
            {"count": settings.chat_count, "seconds": f"{settings.chat_seconds:g}"},
        )
    return None


def _forbidden(character: str) -> bool:
    kind = unicodedata.category(character)
    return (kind == "Cc" and character not in ALLOWED_CONTROLS) or kind == "Cs"


async def chat(page: Page, text: str) -> None:
    """Keep a page's chat message with the match and give it to every page of the match in
    this process; refused, saying why and changing nothing, when it is empty, too long, holds
    control characters or comes too fast."""
    text = text.strip()
    refused = _refusal(page, text)
    if refused is not None:
        page.refuse(*refused, chat=True)
        return
    tables = page.tables
    try:
        said = await tables.write(tables.chat.say, page.match_id, page.seat, text)
    except StoreUnavailable as problem:
        page.refuse_because(problem, unavailable=True, chat=True)
        return
    line = protocol.chat_line(said, page.table.info.seats)
    tables.broadcaster.tell_talk(Talk(page.match_id, CHAT, said.id), protocol.encode(line))


async def history(page: Page) -> None:
    """Give a page that opens the match's recent chat, if there is any."""
    tables = page.tables
    count = tables.settings.chat_history
    try:
        said = await tables.call(tables.chat.recent, page.match_id, count)
    except StoreUnavailable:
        return  # the chat waits for the database; the game does not
    if said:
        lines = [protocol.chat_line(s, page.table.info.seats) for s in said]
        page.told(protocol.encode({"type": "chat_history", "lines": lines}))


async def rematch(page: Page) -> None:
    """A seat asks for a rematch of the finished match: every page is told who has asked;
    once every person has, the rematch is made, and each seat that asks is given its own
    invitation to it (``rematch_invite``), with its own token alone; a seat its player holds
    (no token) is theirs in the rematch too, and its page is given the rematch's page."""
    if page.seat is None:
        page.refuse("spectators cannot ask for a rematch; open an invitation link to play a seat")
        return
    tables = page.tables
    try:
        ask = tables.rematches.ask
        after, changed = await tables.write(ask, page.match_id, page.seat, page.token)
    except CannotRematch as problem:
        page.refuse_because(problem)
        return
    except StoreUnavailable as problem:
        page.refuse_because(problem, unavailable=True)
        return
    if changed:
        if after.match is not None:
            await tables.start_bots(after.match)
        said = Talk(page.match_id, REMATCH, len(after.asked))
        tables.broadcaster.tell_talk(said, protocol.rematch_state(after))
    if after.match is not None:
        link = tables.settings.site.link(f"match/{after.match}")
        invite = link
        if page.token is not None:
            token = rematch_token(page.token, page.match_id)
            invite = f"{link}#seat={page.seat}&token={token}"
        message = {"type": "rematch_invite", "match": after.match, "seat": page.seat}
        page.told(protocol.encode({**message, "invite": invite}))


async def rematch_asked(page: Page) -> None:
    """Tell a page that opens who has asked for a rematch, if anyone has."""
    tables = page.tables
    try:
        found = await tables.call(tables.rematches.of, page.match_id)
    except StoreUnavailable:
        return
    if found.asked or found.match is not None:
        page.told(protocol.rematch_state(found))
