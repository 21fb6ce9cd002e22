"""The matches this process serves: one lock per match, moves committed then broadcast, and
bots moving while it is their turn."""

from __future__ import annotations

import asyncio
import functools
import logging
import math
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from anyio import to_thread

from terra.core.errors import IllegalAction, marked
from terra.core.state import GameState
from terra.core.undo import CannotUndo, undo_point
from terra.server import protocol
from terra.server.bots import BotLimits, BotPool, default_workers
from terra.server.hub import Broadcaster, Listener, broadcaster_for
from terra.server.ratings import rate_finished
from terra.server.security import LOCAL_SITE, Site
from terra.store import undos
from terra.store.chat import ChatStore
from terra.store.clocks import Clocks, Timing
from terra.store.faults import StoreUnavailable
from terra.store.matches import AppendResult, MatchInfo, MatchStore, StaleMove, UnknownMatch
from terra.store.notices import CHAT, CLOCK, SEATS, UNDO, Talk
from terra.store.players import Players
from terra.store.rematch import Rematches
from terra.store.undos import Asked, Undos

T = TypeVar("T")
_log = logging.getLogger("terra.server")


@dataclass(frozen=True)
class Settings:
    """Limits of the server; the defaults suit play by people."""

    max_message: int = 4096  # bytes of one WebSocket message
    max_body: int = 64 * 1024  # bytes of an HTTP request body
    burst: float = 40.0  # messages a page may send at once...
    rate: float = 20.0  # ...and then per second
    bot_workers: int = field(default_factory=default_workers)  # processes thinking for bots
    bot_seconds: float = 5.0  # the longest a bot may think per move...
    bot_iterations: int = 5000  # ...and the most iterations a search bot may run
    bot_margin: float = 2.0  # seconds a decision gets beyond its time before it is cut
    max_spectators: int = 500  # spectators' pages open on one match at once
    match_burst: float = 10.0  # matches one client may create at once...
    match_rate: float = 20.0  # ...and then per minute
    # A person's time to answer another's proposal (a joint expedition of the Nile, say); then
    # the game's refusal is played for them (GameState.lapse).
    answer_seconds: float = 120.0
    chat_length: int = 500  # characters of one chat message
    chat_count: int = 5  # chat messages a page may send...
    chat_seconds: float = 10.0  # ...in any this many seconds
    chat_history: int = 100  # the chat messages a page that opens is sent
    # How often the server looks for people who ran out of time (docs/web.md, "Clocks").
    clock_tick: float = 1.0
    site: Site = LOCAL_SITE  # the address players open (terra serve --public-url)

    @property
    def bot_limits(self) -> BotLimits:
        return BotLimits(self.bot_seconds, self.bot_iterations, self.bot_margin)


class SeatTakenBack(Exception):  # noqa: N818 - what happened, as the bots see it
    """A bot's move for a seat whose person has taken it back meanwhile (it is not played)."""


class AnswerDue:
    """Seat ``seat`` is to answer a proposal at move ``moves`` by ``deadline`` (the event
    loop's clock); else ``lapse`` is played for it."""

    def __init__(self, seat: int, moves: int, deadline: float, lapse: str) -> None:
        self.seat = seat
        self.moves = moves
        self.deadline = deadline
        self.lapse = lapse

    def message(self) -> str:
        """The pages' message (``answer_by``): the seconds left, rounded up."""
        left = max(0, math.ceil(self.deadline - asyncio.get_running_loop().time()))
        return protocol.encode(
            {"type": "answer_by", "seat": self.seat, "moves": self.moves, "seconds": left}
        )


def undo_message(asked: Asked, kind: str, **more: object) -> str:
    """The page message ``kind`` about the undo ``asked`` (JSON text): which request (its
    ``serial``, so that a page told of one request twice knows it), which seat asked, at
    which move."""
    message = {"type": kind, "serial": asked.serial, "seat": asked.seat, "moves": asked.moves}
    return protocol.encode({**message, **more})


@dataclass
class Table:
    """A match this process serves."""

    info: MatchInfo
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bots: asyncio.Task[None] | None = None
    spectators: int = 0  # spectators' pages open on this match in this process
    # An undo that a seat asked the other people of the match to agree to (docs/web.md, "Undo").
    asked: Asked | None = None
    # Set by every wake-up: a bot task about to stop looks again instead of missing a move
    # made while it was reading the state.
    woken: bool = False
    # A person's answer the rules wait for, and the task that answers for them when it is late.
    due: AnswerDue | None = None
    lapse: asyncio.Task[None] | None = None
    # Where the match's clock stands, as this process last wrote or read it.
    timing: Timing | None = None


class Tables:
    """Every match this process serves, with the store, the broadcaster and the bot pool."""

    def __init__(
        self,
        store: MatchStore,
        settings: Settings | None = None,
        broadcaster: Broadcaster | None = None,
        bots: BotPool | None = None,
    ) -> None:
        self.store = store
        self.chat = ChatStore(store.engine)
        self.rematches = Rematches(store.engine)
        self.players = Players(store.engine)
        self.clocks = Clocks(store.engine)
        self.undos = Undos(store.engine)
        self.settings = settings or Settings()
        self.broadcaster = broadcaster or broadcaster_for(store)
        self.bots = bots or BotPool(self.settings.bot_workers)
        self._own_bots = bots is None  # a pool handed in is closed by its owner
        self._tables: dict[str, Table] = {}
        self._writer = ThreadPoolExecutor(store.writers, thread_name_prefix="terra-writes")
        self._closing = False

    async def start(self) -> None:
        """Begin hearing of moves that other server processes commit (PostgreSQL)."""
        await self.broadcaster.start(self.catch_up, self.hear, self.followed)

    async def call(self, function: Callable[..., T], *args: Any, **keywords: Any) -> T:
        """``function(*args)`` of the store, in a worker thread: the database may wait for a
        lock or a disk, and the event loop serves every other match meanwhile. Raises what the
        store raises (:class:`~terra.store.faults.StoreUnavailable` for a failing database)."""
        if keywords:
            function = functools.partial(function, **keywords)
        return await to_thread.run_sync(function, *args)

    async def write(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` of the store that writes, off the event loop, in the threads of
        the store's writers (``store.writers``). An embedded SQLite file takes one writer at a
        time: its writes queue in one thread of their own, rather than wait for its lock in
        many (which doubled the processor time of a move); a database server takes a few side
        by side, and more threads would only wait for them."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._writer, functools.partial(function, *args))

    async def table(self, match_id: str) -> Table:
        """The match ``match_id``; raises :class:`~terra.store.UnknownMatch`."""
        table = self._tables.get(match_id)
        if table is None:
            info = await self.call(self.store.info, match_id)
            table = self._tables.setdefault(match_id, Table(info))
        return table

    def watch(self, table: Table, page: Listener, *, spectator: bool) -> None:
        """Send ``page`` every committed move of the table's match from now on. Call it right
        after :meth:`table` gave ``table``, with no ``await`` between: the table is then the
        one this process holds."""
        self.broadcaster.subscribe(table.info.id, page)
        table.spectators += spectator

    def unwatch(self, table: Table, page: Listener, *, spectator: bool) -> None:
        """Stop sending moves to ``page``; a match nobody watches or plays leaves memory."""
        self.broadcaster.unsubscribe(table.info.id, page)
        table.spectators -= spectator
        self.release(table.info.id)

    def release(self, match_id: str) -> None:
        """Forget a match no page watches and no bot plays (a finished or idle match): its
        table and its cached state. The database has it; it is read again when asked for."""
        table = self._tables.get(match_id)
        if table is None or self.broadcaster.listeners(match_id) or table.lock.locked():
            return
        if table.bots is not None and table.bots is not asyncio.current_task():
            return
        del self._tables[match_id]
        self.store.forget(match_id)

    def held(self) -> int:
        """How many matches this process holds in memory (watched or played by a bot)."""
        return len(self._tables)

    async def state(self, match_id: str) -> tuple[GameState, int]:
        """The match's current state and move count (the database says which count)."""
        return await self.call(self.store.state, match_id)

    async def play(
        self, match_id: str, seen: int, action: str, seat: int | None, *, bot: bool = False
    ) -> AppendResult:
        """Commit ``action`` for ``seat``, then tell every page, then let the bots move; a
        ``bot``'s move only while a bot still plays the seat (its person may have taken it
        back while it thought: :class:`SeatTakenBack`).

        Raises what :meth:`MatchStore.append_move` raises; nothing changes then.
        """
        table = await self.table(match_id)
        async with table.lock:
            if bot and seat is not None and table.info.seats[seat].plays is None:
                raise SeatTakenBack(seat)
            result = await self.write(self.store.append_move, match_id, seen, action, seat)
            if result.state.is_over:
                await rate_finished(self.write, self.store, match_id)
            self._void_undo(table)
            self.broadcaster.publish(match_id, result.state, result.moves)
            self._time_answer(match_id, table, result.state, result.moves)
            await self.run_clock(table, result.moves, result.seat, result.state)
        self.wake_bots(match_id, result.state)
        return result

    async def run_clock(
        self, table: Table, moves: int, mover: int | None, state: GameState
    ) -> None:
        """The match's clock after its move number ``moves`` (made by ``mover``; ``None``: it
        starts, or moves were taken back), told to its pages; called with its lock held. A
        database that fails here costs the clock this one move, not the move."""
        if table.info.clock is None:
            return
        to_move = None if state.is_over else state.current_player
        try:
            timing = await self.write(self.clocks.moved, table.info.id, moves, mover, to_move)
        except StoreUnavailable:
            _log.warning("the clock of match %s missed move %d", table.info.id, moves)
            return
        if timing is not None:
            table.timing = timing
            said = Talk(table.info.id, CLOCK, moves)
            self.broadcaster.tell_talk(said, protocol.encode(timing.message()))

    async def clock_message(self, table: Table) -> str | None:
        """The clock's message for a page that opens, or ``None`` for a table without one."""
        if table.info.clock is None:
            return None
        if table.timing is None:
            state, _ = await self.state(table.info.id)
            to_move = None if state.is_over else state.current_player
            table.timing = await self.call(self.clocks.timing, table.info.id, to_move)
        return None if table.timing is None else protocol.encode(table.timing.message())

    def _time_answer(self, match_id: str, table: Table, state: GameState, moves: int) -> None:
        """Give a person who is to answer a proposal :attr:`Settings.answer_seconds`, and tell
        the pages (``answer_by``); a decision that waits for its seat has no time."""
        if table.lapse is not None and table.lapse is not asyncio.current_task():
            table.lapse.cancel()
        table.lapse = table.due = None
        lapse = state.lapse()
        current = state.current_player
        if lapse is None or current is None or table.info.seats[current].plays is not None:
            return
        if self._closing:
            return
        deadline = asyncio.get_running_loop().time() + self.settings.answer_seconds
        table.due = AnswerDue(current, moves, deadline, lapse)
        table.lapse = asyncio.create_task(self._answer_late(match_id, table.due))
        self.broadcaster.tell(match_id, table.due.message())

    async def _answer_late(self, match_id: str, due: AnswerDue) -> None:
        """At the deadline, the game's refusal for the seat that did not answer; an answer
        made meanwhile makes it stale, and nothing is played."""
        await asyncio.sleep(max(0.0, due.deadline - asyncio.get_running_loop().time()))
        try:
            await self.play(match_id, due.moves, due.lapse, due.seat)
        except (StaleMove, StoreUnavailable, IllegalAction) as problem:
            _log.info("no answer played for seat %d of match %s: %s", due.seat, match_id, problem)

    async def time_answer(self, match_id: str) -> None:
        """Time the answer the match waits for, if this process has not yet (it has just
        started, or the move was made by another process)."""
        table = await self.table(match_id)
        if table.due is not None:
            return
        async with table.lock:
            state, moves = await self.state(match_id)
            if table.due is None:
                self._time_answer(match_id, table, state, moves)

    def answer_due(self, table: Table) -> str | None:
        """The message of the answer waited for at ``table``, for a page that opens."""
        return None if table.due is None else table.due.message()

    async def take_back(self, match_id: str, seen: int, seat: int, agreed: bool = False) -> int:
        """Undo ``seat``'s last decision and every move since (:func:`terra.core.undo.undo_point`
        says how far, or raises :class:`~terra.core.undo.CannotUndo`), then tell every page;
        the match's move count after it.

        Offered on the seat's turn where every other seat is a bot (the caller checks), or at
        any time once the match's other people ``agreed`` (:meth:`answer_undo`).
        """
        table = await self.table(match_id)
        async with table.lock:
            state, count = await self.state(match_id)
            if count != seen:
                raise StaleMove.behind(seen, count, marked("undo only what you see"))
            if not agreed and state.current_player != seat:
                raise CannotUndo("an undo is for your own turn: wait for the bots to move")
            point = await to_thread.run_sync(undo_point, state.record(), seat)
            state, moves = await self.write(self.store.take_back, match_id, seen, point)
            self._void_undo(table)
            self.broadcaster.publish(match_id, state, moves, back=True)
            self._time_answer(match_id, table, state, moves)
            await self.run_clock(table, moves, None, state)
        return moves

    async def ask_undo(self, match_id: str, seen: int, seat: int, needed: frozenset[int]) -> None:
        """Ask the people of ``needed`` to agree that ``seat`` takes back its last decision,
        seen after ``seen`` moves: checked as the undo itself would be (raising
        :class:`~terra.core.undo.CannotUndo` or :class:`StaleMove`), kept with the match, and
        told to every page (``undo_asked``)."""
        table = await self.table(match_id)
        async with table.lock:
            state, count = await self.state(match_id)
            if count != seen:
                raise StaleMove.behind(seen, count, marked("undo only what you see"))
            await to_thread.run_sync(undo_point, state.record(), seat)  # raises if it may not
            asked = await self.write(self.undos.ask, match_id, seen, seat, needed)
            table.asked = asked
            said = Talk(match_id, UNDO, undos.said(asked.serial, undos.ASKED, seat))
            self.broadcaster.tell_talk(said, undo_message(asked, "undo_asked"))

    async def answer_undo(self, match_id: str, seen: int, seat: int, agree: bool) -> None:
        """``seat``'s answer to the undo asked at move ``seen``: a refusal ends the request,
        and the last of the needed agreements, through whichever process, takes the decision
        back."""
        table = await self.table(match_id)
        asked, done = await self.write(self.undos.answer, match_id, seen, seat, agree)
        if done:
            await self.take_back(match_id, seen, asked.seat, agreed=True)
            return
        what = undos.AGREED if agree else undos.REFUSED
        said = Talk(match_id, UNDO, undos.said(asked.serial, what, seat))
        self._heard_answer(table, asked, what, seat, said)

    def _heard_answer(self, table: Table, asked: Asked, what: int, seat: int, said: Talk) -> None:
        """Tell the pages that ``seat`` agreed to or refused the undo ``asked``."""
        if what == undos.REFUSED:
            table.asked = None
            self.broadcaster.tell_talk(said, undo_message(asked, "undo_refused", by=seat))
        else:
            table.asked = asked
            self.broadcaster.tell_talk(said, undo_message(asked, "undo_agreed", by=seat))

    async def asked_undo(self, table: Table) -> str | None:
        """The message of the undo waiting for answers at ``table``, for a page that opens
        (asked through any process: the database keeps it)."""
        asked = await self.call(self.undos.pending, table.info.id)
        if asked is None:
            return None
        table.asked = asked
        return undo_message(asked, "undo_asked")

    def _void_undo(self, table: Table) -> None:
        """A move or an undo ends the undo asked before it: its position is gone."""
        if table.asked is not None:
            asked, table.asked = table.asked, None
            self.broadcaster.tell(table.info.id, undo_message(asked, "undo_void"))

    async def resume_bots(self) -> None:
        """Start the bots of every match where one is to move (after a restart nobody else
        would: a bot's turn used to wait for a page of its match to connect)."""
        try:
            waiting = await self.call(self.store.with_bots_playing)
            for match_id in waiting:
                if self._closing:
                    return
                await self.table(match_id)
                # A long match's first replay is no work for the event loop.
                state, _ = await to_thread.run_sync(self.store.state, match_id)
                self.wake_bots(match_id, state)
        except Exception:  # the server serves its pages even if this fails
            _log.exception("the bots waiting since the last start could not be resumed")

    async def catch_up(self, match_id: str, moves: int | None) -> None:
        """Tell this process's pages of ``match_id`` of the moves another process committed
        (up to ``moves``, or as many as the database holds).

        Bots are not woken here: the process that commits a move wakes the bot it brings to
        the table, so that one process, not every one, works out the bot's move.
        """
        table = self._tables.get(match_id)
        if table is None:
            return
        async with table.lock:
            state, count = await self.call(self.store.state, match_id, moves)
            self.followed(match_id, count)
            self.broadcaster.publish(match_id, state, count)

    def followed(self, match_id: str, moves: int) -> None:
        """Another process's move brought the match to ``moves``: an undo asked before is void."""
        table = self._tables.get(match_id)
        if table is not None and table.asked is not None and table.asked.moves != moves:
            self._void_undo(table)

    async def start_bots(self, match_id: str) -> None:
        """Start the clock of a match just made, and let its bots move if one is to begin."""
        table = await self.table(match_id)
        async with table.lock:
            state, moves = await self.state(match_id)
            await self.run_clock(table, moves, None, state)
        self.wake_bots(match_id, state)
        self.release(match_id)  # kept only while its bots play, or a page watches

    async def hear(self, said: Talk) -> None:
        """Tell this process's pages of ``match_id`` of a chat message or a rematch asked for
        through another process."""
        table = self._tables.get(said.match_id)
        if table is None:
            return
        if said.kind == CHAT:
            line = await self.call(self.chat.line, said.match_id, said.number)
            if line is not None:
                message = protocol.chat_line(line, table.info.seats)
                self.broadcaster.tell_talk(said, protocol.encode(message))
        elif said.kind == SEATS:
            await self.reseat(table, said)  # the process that seated them wakes the bots
        elif said.kind == UNDO:
            await self._heard_undo(table, said)
        elif said.kind == CLOCK:
            table.timing = None  # set by the process that moved: read it again
            told = await self.clock_message(table)
            if told is not None:
                self.broadcaster.tell_talk(said, told)
        else:
            found = await self.call(self.rematches.of, said.match_id)
            self.broadcaster.tell_talk(said, protocol.rematch_state(found))

    async def _heard_undo(self, table: Table, said: Talk) -> None:
        """An undo asked for, agreed to or refused through another process, told to this
        process's pages as that process told its own."""
        serial, what, seat = undos.heard(said.number)
        if what == undos.TAKEN:
            table.asked = None
            return
        asked = await self.call(self.undos.pending, table.info.id)
        if what == undos.ASKED:
            if asked is not None and asked.serial == serial:
                table.asked = asked
                self.broadcaster.tell_talk(said, undo_message(asked, "undo_asked"))
            return
        if what == undos.REFUSED and table.asked is not None and table.asked.serial == serial:
            old = table.asked
            table.asked = None
            self.broadcaster.tell_talk(said, undo_message(old, "undo_refused", by=seat))
        elif what == undos.AGREED and asked is not None and asked.serial == serial:
            self._heard_answer(table, asked, what, seat, said)

    async def seated(self, match_id: str) -> None:
        """A player took a seat of the open table ``match_id``, or its creator filled the free
        seats with bots, through this process: tell its pages (``table``) and, once it has
        started, give them the game with its seats' names and let its bots move."""
        table = await self.table(match_id)
        started = await self.reseat(table)
        if started is not None:
            self.wake_bots(match_id, started)
        self.release(match_id)  # kept only while its bots play, or a page watches

    async def reseat(self, table: Table, heard: Talk | None = None) -> GameState | None:
        """Read the table's seats again and tell its pages; the game, once it has started.
        ``heard``: what was said of the seats (by another process, or by a change of hands);
        without it, this process has just seated the last player, and starts the clock."""
        async with table.lock:
            try:
                info = table.info = await self.call(self.store.info, table.info.id)
            except UnknownMatch:  # its creator closed the open table, through another process
                self.closed(table.info.id)
                return None
            held = sum(not info.free(s) for s in info.seats)
            said = heard or Talk(info.id, SEATS, held)
            self.broadcaster.tell_talk(said, protocol.table_state(info))
            if info.waiting:
                return None
            state, moves = await self.state(info.id)
            self.broadcaster.publish(info.id, state, moves)
            if heard is None:  # this process started it: its clock too
                await self.run_clock(table, moves, None, state)
        return state

    def closed(self, match_id: str) -> None:
        """Tell the pages of an open table that its creator closed it before it started."""
        self.broadcaster.tell(match_id, protocol.encode({"type": "table", "closed": True}))

    def wake_bots(self, match_id: str, state: GameState) -> None:
        """Start the match's bots if one is to move and none is thinking already (not at an
        open table still waiting for players)."""
        table = self._tables.get(match_id)
        if table is None or self._closing or state.is_over or table.info.waiting:
            return
        current = state.current_player
        if current is None or table.info.seats[current].plays is None:
            return
        table.woken = True
        if table.bots is None or table.bots.done():
            table.bots = asyncio.create_task(self._run_bots(match_id, table))

    async def _run_bots(self, match_id: str, table: Table) -> None:
        """Play the bots' moves for as long as a bot is to move.

        Bots alone at a table stop at the game's length cap, far beyond every game seen: in
        some games players who all stall go on for ever (Africana's draw and discard), and a
        server must not commit their moves for ever.
        """
        pause = 0.0  # after a database fault: the bots wait, then try again
        try:
            while not self._closing:
                table.woken = False
                try:
                    state, moves = await self.state(match_id)
                except StoreUnavailable:
                    pause = await _wait_out_a_fault(pause)
                    continue
                current = state.current_player
                if current is None or table.info.seats[current].plays is None:
                    if table.woken:
                        continue
                    return
                if moves >= state.game.length_cap:
                    _log.warning(
                        "the bots of match %s stop: %d moves, the length cap of %s",
                        match_id,
                        moves,
                        state.game.title,
                    )
                    return
                bot = table.info.seats[current].plays
                assert bot is not None
                limits = self.settings.bot_limits
                text = await self.bots.move(match_id, current, state.record(), bot, limits)
                try:
                    await self.play(match_id, moves, text, current, bot=True)
                    pause = 0.0
                except SeatTakenBack:
                    continue  # its person decides now; the loop finds no bot to move
                except StoreUnavailable:
                    pause = await _wait_out_a_fault(pause)
                except StaleMove:
                    # Someone else moved first. If it was in this process, it woke the bots
                    # and they look again; if it was another process, that one woke its bots
                    # and this one leaves the match to them.
                    if table.woken:
                        continue
                    return
        except asyncio.CancelledError:
            raise
        except Exception:  # a bot that fails must not take the server down with it
            _log.exception("the bots of match %s stopped", match_id)
        finally:
            if table.bots is asyncio.current_task():
                table.bots = None
                self.release(match_id)

    async def close(self) -> None:
        self._closing = True
        tasks = [t.bots for t in self._tables.values() if t.bots is not None]
        tasks += [t.lapse for t in self._tables.values() if t.lapse is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.broadcaster.close()
        self._writer.shutdown(wait=True)
        if self._own_bots:
            self.bots.close()


async def _wait_out_a_fault(pause: float) -> float:
    """Wait after a database fault, twice as long as the last time (half a second to half a
    minute); returns the time waited."""
    pause = min(max(2 * pause, 0.5), 30.0)
    await asyncio.sleep(pause)
    return pause
