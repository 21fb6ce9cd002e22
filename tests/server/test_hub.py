"""The PostgreSQL broadcaster's bookkeeping, with notices handed in by the test: which notices
reach the pages, in what order, and what a reconnect does."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import terra
from terra.core.state import GameState
from terra.server.hub import LocalBroadcaster, PostgresBroadcaster, Shared
from terra.store.notices import CHAT, UNDO, Notice, Talk, parse, talk_payload

# The position handed to the pages with each count (the bookkeeping does not read it).
STATE = terra.game("africa").new(2, seed=1)


class Notices:
    """Notices the test sends, as the listening connection would yield them."""

    def __init__(self) -> None:
        self.queue: asyncio.Queue[Notice | Talk | None] = asyncio.Queue()

    async def __aiter__(self) -> AsyncIterator[Notice | Talk | None]:
        while True:
            yield await self.queue.get()


class Page:
    def __init__(self) -> None:
        self.heard: list[int] = []  # the move counts it was told of
        self.messages: list[str] = []  # the other messages it was given

    def moved(self, state: GameState, moves: int, shared: Shared) -> None:
        self.heard.append(moves)

    def told(self, text: str) -> None:
        self.messages.append(text)


class Database:
    """A catch-up that takes as long as the test wants and finds ``moves`` moves."""

    def __init__(self, broadcaster: PostgresBroadcaster) -> None:
        self.broadcaster = broadcaster
        self.moves: dict[str, int] = {}
        self.asked: list[tuple[str, int | None]] = []
        self.open = asyncio.Event()
        self.open.set()

    async def catch_up(self, match_id: str, moves: int | None) -> None:
        self.asked.append((match_id, moves))
        found = self.moves[match_id]  # read at once, answered when the test lets it
        await self.open.wait()
        self.broadcaster.publish(match_id, STATE, found)


async def settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


async def started() -> tuple[PostgresBroadcaster, Notices, Database, Page]:
    notices = Notices()
    broadcaster = PostgresBroadcaster(notices)
    database = Database(broadcaster)
    await broadcaster.start(database.catch_up)
    page = Page()
    broadcaster.subscribe("m", page)
    return broadcaster, notices, database, page


def test_a_notice_of_another_process_move_reaches_the_pages() -> None:
    async def scenario() -> None:
        broadcaster, notices, database, page = await started()
        database.moves["m"] = 1
        notices.queue.put_nowait(Notice("m", 1))
        await settle()
        assert database.asked == [("m", 1)] and page.heard == [1]
        await broadcaster.close()

    asyncio.run(scenario())


def test_a_notice_of_a_match_without_pages_here_costs_nothing() -> None:
    async def scenario() -> None:
        broadcaster, notices, database, _ = await started()
        notices.queue.put_nowait(Notice("elsewhere", 3))
        await settle()
        assert database.asked == []
        await broadcaster.close()

    asyncio.run(scenario())


def test_the_notice_of_a_move_made_here_is_dropped() -> None:
    async def scenario() -> None:
        broadcaster, notices, database, page = await started()
        broadcaster.publish("m", STATE, 1)  # this process committed move 1 and told its pages
        notices.queue.put_nowait(Notice("m", 1))  # ...and hears of it from the database
        await settle()
        assert database.asked == [] and page.heard == [1]
        await broadcaster.close()

    asyncio.run(scenario())


def test_pages_never_go_back_to_an_older_count() -> None:
    async def scenario() -> None:
        broadcaster, _, _, page = await started()
        broadcaster.publish("m", STATE, 2)
        broadcaster.publish("m", STATE, 1)
        broadcaster.publish("m", STATE, 2)
        assert page.heard == [2]
        await broadcaster.close()

    asyncio.run(scenario())


def test_moves_taken_back_elsewhere_reach_the_pages_here() -> None:
    """An undo made through another process: its notice says the moves were taken back, and
    the pages here are caught up from the database, however few moves it now holds; later
    moves are heard again as usual."""

    async def scenario() -> None:
        broadcaster, notices, database, page = await started()
        broadcaster.publish("m", STATE, 4)
        database.moves["m"] = 2
        notices.queue.put_nowait(Notice("m", 2, back=True))
        await settle()
        assert database.asked == [("m", None)] and page.heard == [4, 2]
        database.moves["m"] = 3
        notices.queue.put_nowait(Notice("m", 3))
        await settle()
        assert page.heard == [4, 2, 3]
        broadcaster.publish("m", STATE, 1, back=True)  # an undo made here
        assert page.heard == [4, 2, 3, 1]
        await broadcaster.close()

    asyncio.run(scenario())


def test_notices_heard_during_a_catch_up_are_merged_into_one() -> None:
    async def scenario() -> None:
        broadcaster, notices, database, page = await started()
        database.open.clear()  # the database is slow to answer the first catch-up
        database.moves["m"] = 1
        notices.queue.put_nowait(Notice("m", 1))
        await settle()
        for moves in (2, 3, 4):
            notices.queue.put_nowait(Notice("m", moves))
        await settle()
        database.moves["m"] = 4
        database.open.set()
        await settle()
        assert database.asked == [("m", 1), ("m", 4)]
        assert page.heard == [1, 4]
        await broadcaster.close()

    asyncio.run(scenario())


def test_a_reconnect_catches_up_every_match_with_pages_from_the_database() -> None:
    async def scenario() -> None:
        broadcaster, notices, database, page = await started()
        other = Page()
        broadcaster.subscribe("n", other)
        database.moves.update({"m": 5, "n": 7})
        notices.queue.put_nowait(None)  # the listening connection was opened again
        await settle()
        assert sorted(database.asked, key=str) == [("m", None), ("n", None)]
        assert page.heard == [5] and other.heard == [7]
        await broadcaster.close()

    asyncio.run(scenario())


def test_notices_a_catch_up_has_already_found_are_not_caught_up_again() -> None:
    async def scenario() -> None:
        broadcaster, notices, database, page = await started()
        database.open.clear()
        database.moves["m"] = 3  # by the time it reads, the database has three moves
        notices.queue.put_nowait(Notice("m", 1))
        await settle()
        for moves in (2, 3):
            notices.queue.put_nowait(Notice("m", moves))
        await settle()
        database.open.set()
        await settle()
        assert database.asked == [("m", 1)]
        assert page.heard == [3]
        await broadcaster.close()

    asyncio.run(scenario())


def test_a_message_is_told_to_every_page_of_its_match_here() -> None:
    """An undo asked for reaches the pages of its match in this process, and no other's."""
    broadcaster = LocalBroadcaster()
    pages = [Page(), Page(), Page()]
    broadcaster.subscribe("m", pages[0])
    broadcaster.subscribe("m", pages[1])
    broadcaster.subscribe("n", pages[2])
    broadcaster.tell("m", '{"type":"undo_asked"}')
    assert [p.messages for p in pages] == [['{"type":"undo_asked"}']] * 2 + [[]]


def test_chat_heard_from_another_process_reaches_the_pages_once() -> None:
    async def scenario() -> None:
        broadcaster = PostgresBroadcaster(notices := Notices())
        heard: list[Talk] = []

        async def hear(talk: Talk) -> None:
            heard.append(talk)
            broadcaster.tell_talk(talk, f"line {talk.number}")

        await broadcaster.start(Database(broadcaster).catch_up, hear)
        page = Page()
        broadcaster.subscribe("m", page)
        broadcaster.tell_talk(Talk("m", CHAT, 1), "line 1")  # said here, told at once
        for number in (1, 2, 2):  # its notice, another process's, and that one again
            notices.queue.put_nowait(Talk("m", CHAT, number))
        notices.queue.put_nowait(Talk("elsewhere", CHAT, 3))  # no page here
        await settle()
        assert page.messages == ["line 1", "line 2"]
        # the database asked only for what was new, and once though it was heard twice
        assert heard == [Talk("m", CHAT, 2)]
        await broadcaster.close()

    asyncio.run(scenario())


def test_talk_notices_are_read_back_and_a_moves_notice_is_not_mistaken_for_one() -> None:
    for talk in (Talk("a-b_c", CHAT, 12), Talk("x", "rematch", 2)):
        assert parse(talk_payload(talk)) == talk
    assert parse("m:5:back") == Notice("m", 5, back=True)
    assert parse("m:chat:x") is None
    assert not isinstance(parse("m:dance:3"), Talk)


def test_a_notice_carrying_its_move_updates_the_pages_without_the_database() -> None:
    """The store's cache holds the position before the move: the pages get the position after
    it at once, in the order the notices come; a notice it cannot follow is caught up."""
    followed: list[tuple[str, int, str | None]] = []

    def follow(notice: Notice) -> GameState | None:
        followed.append((notice.match_id, notice.moves, notice.action))
        return STATE if notice.action not in ("unknown", None) else None

    async def scenario() -> None:
        notices = Notices()
        broadcaster = PostgresBroadcaster(notices, follow)
        database = Database(broadcaster)
        await broadcaster.start(database.catch_up)
        page = Page()
        broadcaster.subscribe("m", page)
        notices.queue.put_nowait(Notice("m", 1, action="a"))
        notices.queue.put_nowait(Notice("m", 2, action="b"))
        notices.queue.put_nowait(Notice("elsewhere", 1, action="c"))  # no pages here
        await settle()
        assert page.heard == [1, 2] and database.asked == []
        database.moves["m"] = 3
        notices.queue.put_nowait(Notice("m", 3, action="unknown"))
        await settle()
        assert page.heard == [1, 2, 3] and database.asked == [("m", 3)]
        database.moves["m"] = 2
        notices.queue.put_nowait(Notice("m", 2, back=True))  # the store drops its state...
        await settle()
        assert page.heard == [1, 2, 3, 2] and database.asked == [("m", 3), ("m", None)]
        await broadcaster.close()

    asyncio.run(scenario())
    assert followed == [("m", 1, "a"), ("m", 2, "b"), ("m", 3, "unknown"), ("m", 2, None)]


def test_talks_of_one_match_are_told_in_the_order_heard_and_matches_side_by_side() -> None:
    """A slow reading of one talk (the database, say) holds back the later talks of its
    match, so that the pages are told them in order, but not the talks of another match."""

    async def scenario() -> None:
        broadcaster = PostgresBroadcaster(notices := Notices())
        slow = asyncio.Event()
        told: list[Talk] = []

        async def hear(talk: Talk) -> None:
            if talk == Talk("m", UNDO, 1):
                await slow.wait()
            told.append(talk)
            broadcaster.tell_talk(talk, f"{talk.kind} {talk.number}")

        await broadcaster.start(Database(broadcaster).catch_up, hear)
        pages = {"m": Page(), "n": Page()}
        for match_id, page in pages.items():
            broadcaster.subscribe(match_id, page)
        for talk in (Talk("m", UNDO, 1), Talk("m", UNDO, 2), Talk("n", CHAT, 1)):
            notices.queue.put_nowait(talk)
        await settle()
        assert told == [Talk("n", CHAT, 1)]  # the other match is not held back
        assert pages["m"].messages == []
        slow.set()
        await settle()
        assert told == [Talk("n", CHAT, 1), Talk("m", UNDO, 1), Talk("m", UNDO, 2)]
        assert pages["m"].messages == ["undo 1", "undo 2"]
        await broadcaster.close()

    asyncio.run(scenario())
