"""The tables' clocks on the server: a person who runs out of time, or who leaves, is stood in
for by the table's bot, and takes the seat back when they wish (``docs/web.md``, "Clocks").

Every server process watches the deadlines the database keeps; the store changes a seat once
whichever process sees its deadline first, so a restart or a second process changes nothing.
"""

from __future__ import annotations

import asyncio
import logging

from terra.server import protocol
from terra.server.tables import Table, Tables
from terra.store.clocks import Change
from terra.store.faults import StoreUnavailable
from terra.store.matches import UnknownMatch

_log = logging.getLogger("terra.server")


async def watch_deadlines(tables: Tables) -> None:
    """Every :attr:`~terra.server.tables.Settings.clock_tick` seconds, stand a bot in for each
    person whose time has run out, for as long as the server runs."""
    while True:
        await asyncio.sleep(tables.settings.clock_tick)
        try:
            late = await tables.call(tables.clocks.overdue)
        except StoreUnavailable:
            continue  # the deadlines wait for the database; they are looked at again
        for match_id in late:
            try:
                await time_out(tables, match_id)
            except (StoreUnavailable, UnknownMatch):
                continue
            except Exception:  # one match's fault must not stop every clock
                _log.exception("the clock of match %s could not be kept", match_id)


async def time_out(tables: Tables, match_id: str) -> bool:
    """The person to move in ``match_id`` has run out of time: the table's bot plays for
    them from now on, the chat says so and the bots move. False if nobody had (they moved
    meanwhile, or another process was first)."""
    table = await tables.table(match_id)
    try:
        async with table.lock:
            state, moves = await tables.state(match_id)
            seat = None if state.is_over else state.current_player
            if seat is None:  # a deadline left from a failed write: nobody's time runs
                await tables.write(tables.clocks.moved, match_id, moves, None, None)
                return False
            change = await tables.write(tables.clocks.time_out, match_id, moves, seat)
        if change is not None:
            await _changed(tables, table, change)
        return change is not None
    finally:
        tables.release(match_id)


async def leave(tables: Tables, match_id: str, seat: int) -> bool:
    """The person at ``seat`` leaves: the table's bot plays for them until they come back.
    False if a bot plays the seat already."""
    table = await tables.table(match_id)
    change = await tables.write(tables.clocks.leave, match_id, seat)
    if change is not None:
        await _changed(tables, table, change)
    return change is not None


async def come_back(tables: Tables, match_id: str, seat: int) -> bool:
    """The person at ``seat`` takes it back from the bot standing in; their time, if it is
    their decision, starts now. False if no bot stands in for them."""
    table = await tables.table(match_id)
    async with table.lock:
        state, _ = await tables.state(match_id)
        to_move = None if state.is_over else state.current_player
        change = await tables.write(tables.clocks.come_back, match_id, seat, to_move)
    if change is not None:
        await _changed(tables, table, change)
    return change is not None


async def _changed(tables: Tables, table: Table, change: Change) -> None:
    """Tell this process's pages that a seat changed hands (the seats, the chat's notice and
    the clock), and let the bots move if one is to."""
    seats, notice = change.talks
    state = await tables.reseat(table, seats)
    line = await tables.call(tables.chat.line, table.info.id, change.notice)
    if line is not None:
        message = protocol.chat_line(line, table.info.seats)
        tables.broadcaster.tell_talk(notice, protocol.encode(message))
    table.timing = None  # read again: the stand-in's decisions are not timed
    told = await tables.clock_message(table)
    if told is not None:
        tables.broadcaster.tell(table.info.id, told)
    if state is not None:
        tables.wake_bots(table.info.id, state)
