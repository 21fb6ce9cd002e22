"""A page that stops reading is closed instead of queueing messages without end."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any, cast

from terra.server.live import MAX_QUEUED, TRY_AGAIN_LATER, Page
from terra.server.tables import Settings

# The match a page belongs to: only its id is read here.
TABLE = cast(Any, SimpleNamespace(info=SimpleNamespace(id="m", seed_shown=False)))
# The server's tables: only their settings are read here.
TABLES = cast(Any, SimpleNamespace(settings=Settings()))


class Socket:
    """Records what the page sends and how it is closed."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed: int | None = None

    async def send_text(self, text: str) -> None:
        self.sent.append(text)

    async def close(self, code: int) -> None:
        self.closed = code


def test_a_page_too_far_behind_is_closed_to_resume_later() -> None:
    socket = Socket()
    page = Page(TABLES, cast(Any, socket), TABLE, 0, 0)
    for number in range(MAX_QUEUED + 10):
        page.send_error(f"message {number}")
    assert page.stalled
    asyncio.run(page.send_all())
    assert len(socket.sent) == MAX_QUEUED
    assert socket.closed == TRY_AGAIN_LATER


def test_a_page_that_keeps_up_is_sent_everything() -> None:
    socket = Socket()
    page = Page(TABLES, cast(Any, socket), TABLE, 0, 0)
    for number in range(5):
        page.send_error(f"message {number}")
    page.outbox.put_nowait(None)
    asyncio.run(page.send_all())
    assert len(socket.sent) == 5 and socket.closed is None and not page.stalled
