"""The WebSocket of an open page: ``/ws/{match_id}?token=...`` (no token: a spectator)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from terra.core.errors import IllegalAction, NotYourTurn, Worded
from terra.core.registry import game
from terra.core.state import GameState
from terra.core.undo import CannotUndo
from terra.server import clocks, i18n, identity, protocol, security, talk
from terra.server.hub import Shared
from terra.server.tables import Table, Tables
from terra.server.workers import WorkerError
from terra.store.faults import StoreUnavailable
from terra.store.matches import StaleMove, StoreError, UnknownMatch

# Close codes (the 4000s are the application's own).
POLICY_VIOLATION = 1008
TRY_AGAIN_LATER = 1013
# Messages waiting for a page that does not read them; beyond this it is closed, and resumes
# from its last log entry when it reconnects.
MAX_QUEUED = 256
# An update ready to send: its JSON text, the log size and move count it brings the page to,
# the view it shows (which the page's next patch is made against), and the length of that
# view's text as last measured (:func:`terra.server.protocol.patched`).
Encoded = tuple[str, int, int, dict[str, Any], int]
UNKNOWN_MATCH = 4404
BAD_TOKEN = 4403


class TokenBucket:
    """At most ``burst`` messages at once and ``rate`` per second after that."""

    def __init__(self, burst: float, rate: float) -> None:
        self.burst = burst
        self.rate = rate
        self.tokens = burst
        self.last = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Page:
    """One open page of a match, for one seat or a spectator.

    Messages are queued and sent by their own task, so that a slow page never holds up the
    pages of other players.
    """

    def __init__(
        self,
        tables: Tables,
        websocket: WebSocket,
        table: Table,
        seat: int | None,
        since: int,
        *,
        language: str = "en",
        token: str | None = None,
        patches: bool = False,
    ) -> None:
        self.tables = tables
        self.websocket = websocket
        self.table = table
        self.match_id = table.info.id
        self.seat = seat
        self.since = since
        self.language = language  # of the log's sentences (docs/web.md, "Languages")
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.stalled = False  # too far behind: it is being closed
        self.hinting: asyncio.Task[None] | None = None  # the search working out a hint
        self.shown = 0  # the move count of the last update queued
        # A page that applies patches (?patch=1) is sent the changes to the view it was last
        # shown (docs/web.md, "Patches"); None: it is sent the whole view next.
        self.patches = patches
        self.view: dict[str, Any] | None = None
        self.whole = 0  # the length of the view's text as last measured (0: not yet)
        self.token = token  # the seat's, which its rematch token is derived from
        settings = tables.settings
        self.chat_pace = talk.ChatPace(settings.chat_count, settings.chat_seconds)

    def moved(self, state: GameState, moves: int, shared: Shared) -> None:
        """Queue this page's update (called with the match's lock held, after the commit):
        built and encoded once for all the pages shown the same (``shared``). After moves
        were taken back (fewer than the page was shown) the page gets the whole log again."""
        if moves < self.shown:
            self.since = 0
            self.view = None  # moves taken back: the whole view again
        base = self.shown if self.patches and self.view is not None else None
        audience = (self.seat, self.since, self.language, base)
        found = shared.get(audience)
        if found is None:
            found = shared[audience] = self._encoded(state, moves)
        self._send(*found)

    def send_update(self, state: GameState, moves: int) -> None:
        self._send(*self._encoded(state, moves))

    def _encoded(self, state: GameState, moves: int) -> Encoded:
        """This page's update as JSON text, the log size it brings the page to, and its
        view; the changes to the view the page was last shown where it applies patches."""
        message = protocol.update(
            state,
            moves,
            self.seat,
            self.since,
            self.language,
            seed_shown=self.table.info.seed_shown,
            names=[s.name for s in self.table.info.seats],
        )
        view, whole = message["view"], self.whole
        if self.patches and self.view is not None:
            message, whole = protocol.patched(message, self.view, self.shown, whole)
        return protocol.encode(message), message["log_size"], moves, view, whole

    def _send(self, text: str, log_size: int, moves: int, view: dict[str, Any], whole: int) -> None:
        self.since = log_size
        self.shown = moves
        self.whole = whole
        self.view = view
        self._queue(text)

    def hinted(self, moves: int, found: list[dict[str, Any]]) -> None:
        self._queue(protocol.encode({"type": "hints", "moves": moves, "hints": found}))

    def told(self, text: str) -> None:
        self._queue(text)

    def send_error(self, message: str, **extra: Any) -> None:
        self._queue(protocol.error(message, **extra))

    def refuse(
        self, template: str, fields: dict[str, str | int] | None = None, **extra: Any
    ) -> None:
        """Send an error worded by ``template`` (English, a message of the web catalogs, its
        ``{name}`` placeholders filled from ``fields``) in the page's language."""
        self.send_error(i18n.say(self.language, template, fields), **extra)

    def refuse_because(self, problem: Worded, **extra: Any) -> None:
        """Send a :class:`~terra.core.errors.Worded` error in the page's language."""
        self.send_error(i18n.say(self.language, problem.template, problem.fields), **extra)

    def _queue(self, text: str) -> None:
        if self.stalled:
            return
        if self.outbox.qsize() >= MAX_QUEUED:
            self.stalled = True
            self.outbox.put_nowait(None)
            return
        self.outbox.put_nowait(text)

    async def refresh(self) -> None:
        """Queue an update from the match's current state; if the database fails, the page
        is told so and stays open (the next move or resume tries again)."""
        try:
            async with self.table.lock:
                state, moves = await self.tables.state(self.match_id)
                self.send_update(state, moves)
        except StoreUnavailable as problem:
            self.refuse_because(problem, unavailable=True)
            return
        self.tables.wake_bots(self.match_id, state)

    async def send_all(self) -> None:
        while True:
            text = await self.outbox.get()
            if text is None:
                if self.stalled:
                    await self.websocket.close(TRY_AGAIN_LATER)
                return
            await self.websocket.send_text(text)


async def live(websocket: WebSocket) -> None:
    """Serve one page until it closes."""
    tables: Tables = websocket.app.state.tables
    match_id = websocket.path_params["match_id"]
    await websocket.accept()
    refused = security.socket_refusal(websocket.headers, tables.settings.site)
    if refused is not None:
        await _refuse(websocket, refused.error, refused.code)
        return
    try:
        await tables.table(match_id)  # an unknown match is refused as such
        seat = None
        token = websocket.query_params.get("token")
        if token is not None:
            seat = await tables.call(tables.store.seat_of, match_id, token)
            if seat is None:
                message = "this invitation link is not valid for this match"
                await _refuse(websocket, message, BAD_TOKEN)
                return
        else:
            seat = await _held_seat(websocket, tables, match_id)
        table = await tables.table(match_id)
    except UnknownMatch as problem:
        await _refuse(websocket, str(problem), UNKNOWN_MATCH)
        return
    except StoreUnavailable as problem:  # the page reconnects, and is served once it is back
        await _refuse(websocket, str(problem), TRY_AGAIN_LATER)
        return
    limit = tables.settings.max_spectators
    if seat is None and table.spectators >= limit:
        message = (
            f"this match has {limit} spectators already, the most this server allows "
            "(terra serve --max-spectators); try again later"
        )
        await _refuse(websocket, message, TRY_AGAIN_LATER)
        return
    language = _language(websocket)
    page = Page(
        tables,
        websocket,
        table,
        seat,
        _since(websocket),
        language=language,
        token=token,
        patches=_patches(websocket),
    )
    tables.watch(table, page, spectator=seat is None)
    sender = asyncio.create_task(page.send_all())
    try:
        if table.info.open_table:
            page.told(protocol.table_state(table.info))
        await page.refresh()
        await tables.time_answer(match_id)
        clock = await tables.clock_message(table)
        asked = await tables.asked_undo(table)
        for told in (asked, tables.answer_due(table), clock):
            if told is not None:
                page.told(told)
        await talk.history(page)
        await talk.rematch_asked(page)
        await _listen(page)
    except WebSocketDisconnect:
        pass
    except UnknownMatch as problem:  # an open table its creator closed while the page opened
        with contextlib.suppress(Exception):
            await _refuse(websocket, str(problem), UNKNOWN_MATCH)
    finally:
        tables.unwatch(table, page, spectator=seat is None)
        if page.hinting is not None:
            page.hinting.cancel()
        page.outbox.put_nowait(None)
        # A page that has gone resumes what it missed when it comes back.
        with contextlib.suppress(Exception):
            await sender


async def _held_seat(websocket: WebSocket, tables: Tables, match_id: str) -> int | None:
    """The seat that the player whose key the page's cookie carries holds in the match (a seat
    of an open table follows its player from page to page), or ``None``."""
    player = await identity.player_of(websocket, tables)
    if player is None:
        return None
    return await tables.call(tables.players.seat_of, match_id, player.id)


def _since(websocket: WebSocket) -> int:
    """The log entries the page has already (``?since=``; 0 if absent or not a count)."""
    since = websocket.query_params.get("since", "0")
    # str.isdigit() accepts digits int() refuses, and int() refuses very long numbers.
    return int(since) if since.isascii() and since.isdigit() and len(since) < 10 else 0


def _patches(websocket: WebSocket) -> bool:
    """Whether the page applies patches to its view (``?patch=1``)."""
    return websocket.query_params.get("patch") == "1"


def _language(websocket: WebSocket) -> str:
    return i18n.language_of(websocket.query_params.get("lang"))


async def _listen(page: Page) -> None:
    settings = page.tables.settings
    bucket = TokenBucket(settings.burst, settings.rate)
    while True:
        event = await page.websocket.receive()
        if event["type"] == "websocket.disconnect":
            return
        text = event.get("text")
        if text is None:
            raw = event.get("bytes") or b""
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                text = None
        if not bucket.take():
            page.refuse(
                "too many messages: at most {rate} a second; this one was ignored",
                {"rate": f"{settings.rate:g}"},
            )
            continue
        if text is None:
            page.refuse("a message is JSON text in UTF-8")
            continue
        if len(text) > settings.max_message:
            page.refuse(
                "message too long ({length} characters; at most {limit})",
                {"length": f"{len(text):,}", "limit": f"{settings.max_message:,}"},
            )
            continue
        try:
            message = protocol.parse(text)
        except protocol.ProtocolError as problem:
            page.send_error(str(problem))
            continue
        if isinstance(message, protocol.Resume):
            page.since = message.since
            page.view = None  # a page that asks again is sent the whole view
            await page.refresh()
        elif isinstance(message, protocol.Undo):
            await _undo(page, message.moves)
        elif isinstance(message, protocol.UndoAnswer):
            await _answer_undo(page, message)
        elif isinstance(message, protocol.Hint):
            if page.hinting is None or page.hinting.done():
                page.hinting = asyncio.create_task(_hint(page, message.moves))
            else:
                page.refuse("a hint is being worked out already; this request was ignored")
        elif isinstance(message, protocol.Chat):
            await talk.chat(page, message.text)
        elif isinstance(message, protocol.Rematch):
            await talk.rematch(page)
        elif isinstance(message, protocol.Leave | protocol.Rejoin):
            await _change_hands(page, leaving=isinstance(message, protocol.Leave))
        else:
            await _move(page, message)


async def _move(page: Page, move: protocol.Move) -> None:
    if page.seat is None:
        page.refuse("spectators cannot move; open an invitation link to play a seat")
        return
    try:
        await _stored(page, page.tables.play(page.match_id, move.moves, move.action, page.seat))
    except NotYourTurn as problem:
        seats = page.table.info.seats
        if problem.current is None:
            page.refuse("it is nobody's turn", rule=problem.rule)
        else:
            mover = seats[problem.current].name
            page.refuse("it is {mover}'s turn, not yours", {"mover": mover}, rule=problem.rule)
    except IllegalAction as problem:
        words = game(page.table.info.game).refusal_text(problem, page.language)
        page.send_error(words, rule=problem.rule)


async def _stored(page: Page, change: Awaitable[object]) -> None:
    """Await a change to the match's moves, telling the page why the store refused it: a
    stale position (and the current one), a database away (nothing changed: the page may send
    it again) or another refusal."""
    try:
        await change
    except StaleMove as problem:
        page.refuse_because(problem, stale=True)
        await page.refresh()
    except StoreUnavailable as problem:
        page.refuse_because(problem, unavailable=True)
    except StoreError as problem:
        if isinstance(problem, Worded):  # an open table not started, say
            page.refuse_because(problem)
        else:
            page.send_error(str(problem))


async def _undo(page: Page, moves: int) -> None:
    """Take back the seat's last decision (``docs/web.md``, "Undo"): only in a match where
    every other seat is a bot, on the seat's turn, never past what showed something hidden or
    used chance; refused with the reason otherwise, and nothing changes."""
    if page.seat is None:
        page.refuse("spectators cannot undo; open an invitation link to play a seat")
        return
    seats = page.table.info.seats
    people = frozenset(s.seat for s in seats if s.plays is None and s.seat != page.seat)
    try:
        if people:  # the other people are asked to agree first
            await _stored(page, page.tables.ask_undo(page.match_id, moves, page.seat, people))
        else:
            await _stored(page, page.tables.take_back(page.match_id, moves, page.seat))
    except CannotUndo as problem:
        page.refuse_because(problem)


async def _answer_undo(page: Page, answer: protocol.UndoAnswer) -> None:
    """A seat's answer to an undo another seat asked for (``docs/web.md``, "Undo")."""
    if page.seat is None:
        page.refuse("spectators cannot answer an undo")
        return
    change = page.tables.answer_undo(page.match_id, answer.moves, page.seat, answer.agree)
    try:
        await _stored(page, change)
    except CannotUndo as problem:
        page.refuse_because(problem)


async def _change_hands(page: Page, *, leaving: bool) -> None:
    """The seat's person leaves the game to the table's bot, or takes their seat back
    (``docs/web.md``, "Clocks")."""
    if page.seat is None:
        page.refuse("spectators hold no seat to leave or take back")
        return
    seat = page.table.info.seats[page.seat]
    if seat.bot is not None:
        page.refuse("a bot's seat has no person to leave it or take it back")
        return
    try:
        state, _ = await page.tables.state(page.match_id)
        if state.is_over:
            page.refuse("the game is over: there is no seat to leave or take back")
        elif leaving and not await clocks.leave(page.tables, page.match_id, page.seat):
            page.refuse("a bot plays your seat already; take it back to play again")
        elif not leaving and not await clocks.come_back(page.tables, page.match_id, page.seat):
            page.refuse("your seat is yours already: no bot plays it")
    except StoreUnavailable as problem:
        page.refuse_because(problem, unavailable=True)


async def _hint(page: Page, moves: int) -> None:
    """Send the seat the search's best moves in its position after ``moves`` moves, worked out
    in a bot worker (``docs/web.md``, "Hints"); it is refused to a spectator, out of turn and
    for a position that is no longer the match's."""
    if page.seat is None:
        page.refuse("spectators get no hints; open an invitation link to play a seat")
        return
    try:
        state, count = await page.tables.state(page.match_id)
        if count != moves:
            page.refuse(
                "the match is at move {count}, not {moves}: ask again",
                {"count": count, "moves": moves},
                stale=True,
            )
            return
        if state.current_player != page.seat:
            page.refuse("hints are for your own turn")
            return
        settings = page.tables.settings
        seconds = settings.bot_seconds + settings.bot_margin
        found = await page.tables.bots.hints(page.match_id, state.record(), seconds)
    except StoreUnavailable as problem:
        page.refuse_because(problem, unavailable=True)
        return
    except WorkerError:
        page.refuse("the search could not work out a hint in time; try again")
        return
    page.hinted(moves, found)


async def _refuse(websocket: WebSocket, message: str, code: int) -> None:
    await websocket.send_text(protocol.error(message))
    if websocket.client_state == WebSocketState.CONNECTED:
        await websocket.close(code)
