"""The simulated pages of ``bench/server.py``: in each match two seats play random legal moves
as fast as the server acknowledges them and spectators read every update; a match that ends
is replaced by a new one while the run goes on.

Every page is a WebSocket of one ``asyncio`` client (docs/web.md, "Protocol").
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

# Spectators of one match opening at once: enough to open hundreds in a second or two, few
# enough that their handshakes do not time out while the server builds their first updates.
OPENING_AT_ONCE = 32
# The close code of a connection that ended without a closing handshake.
ABNORMAL_CLOSURE = 1006


@dataclass
class Budget:
    """How long the run goes on: until ``moves`` moves have been sent (and so, once every
    page has its answer, acknowledged), else until the clock reads ``until``
    (``time.perf_counter()``)."""

    moves: int | None
    until: float
    sent: int = 0
    # Seconds a page waits after its update before it moves (0: at once). With none, each
    # match always has a move in flight, and the mean latency is about the matches divided by
    # the moves a second (Little's law); a pause paces the load below what the server can do.
    think: float = 0.0

    @property
    def spent(self) -> bool:
        if self.moves is not None:
            return self.sent >= self.moves
        return time.perf_counter() >= self.until

    def take(self) -> bool:
        """Whether another move may be sent; counts it if so."""
        if self.spent:
            return False
        self.sent += 1
        return True


@dataclass
class Tally:
    """What the pages saw, for the report."""

    # Called with the number of moves acknowledged so far, after each acknowledgement.
    on_acknowledged: Callable[[int], None] = lambda _moves: None
    acknowledged: int = 0
    latencies: list[float] = field(default_factory=list)  # seconds from a move to its answer
    match_ids: list[str] = field(default_factory=list)  # every match created
    spectator_updates: int = 0
    seat_updates: int = 0  # the seats' updates read, and their bytes
    seat_bytes: int = 0
    spectators_refused: int = 0
    spectators_closed: Counter[int] = field(default_factory=Counter)  # by close code

    def acknowledge(self, latency: float) -> None:
        self.acknowledged += 1
        self.latencies.append(latency)
        self.on_acknowledged(self.acknowledged)


@dataclass
class Table:
    """The open pages of one match: its two seats' and its spectators'."""

    match_id: str
    rng: random.Random  # chooses the seats' moves
    seats: list[ClientConnection]
    updates: list[dict[str, Any]]  # the latest update of each seat
    spectators: list[ClientConnection]
    readers: list[asyncio.Task[None]]  # one per spectator


@dataclass
class Lobby:
    """Where and what to create: the servers, the game, the spectators of each match."""

    client: httpx.AsyncClient
    bases: list[str]  # the servers' addresses
    game: str
    spectators: int  # per match
    next_seed: int = 0
    patches: bool = False  # the pages apply patches (?patch=1): sent the changes to the view
    clock: dict[str, Any] | None = None  # each match's clock (docs/web.md, "Clocks")

    async def create_match(self, tally: Tally) -> tuple[dict[str, Any], int]:
        """A new match of two people, created through the API, and its seed. Seed ``s``'s
        match is created on server ``s % len(bases)``."""
        seed = self.next_seed
        self.next_seed += 1
        base = self.bases[seed % len(self.bases)]
        # The bench plays both seats: a hot seat, where a chosen seed hides nothing. A server
        # from before hot seats knows no such field, and takes any seed.
        body: dict[str, Any] = {"game": self.game, "players": 2, "seed": seed, "hotseat": True}
        if self.clock is not None:
            body["clock"] = self.clock
        answer = await self.client.post(f"{base}/api/matches", json=body)
        if answer.status_code == 400 and "unknown field 'hotseat'" in answer.text:
            del body["hotseat"]
            answer = await self.client.post(f"{base}/api/matches", json=body)
        if answer.status_code != 201:
            raise SystemExit(
                f"the server refused match {seed} with {answer.status_code}: {answer.text} "
                "(a limit of the server? raise it with --serve-arg)"
            )
        created: dict[str, Any] = answer.json()
        tally.match_ids.append(created["id"])
        return created, seed

    async def open_table(self, tally: Tally) -> Table:
        """A new match with its seats' pages and its spectators open, each page having read
        the update it is sent on connecting."""
        created, seed = await self.create_match(tally)
        return await open_table(
            self.bases, created, seed, self.spectators, tally, patches=self.patches
        )


def ws_url(base: str, match_id: str, token: str | None = None, *, patches: bool = False) -> str:
    url = f"{base.replace('http', 'ws', 1)}/ws/{match_id}"
    query = [f"token={token}"] if token is not None else []
    if patches:
        query.append("patch=1")
    return url + ("?" + "&".join(query) if query else "")


async def open_page(url: str) -> ClientConnection:
    # No keepalive pings: a browser sends none, and a server busy for 20 s would be dropped
    # by the client rather than measured.
    return await connect(url, ping_interval=None, max_size=None, proxy=None)


async def receive(page: ClientConnection, tally: Tally | None = None) -> dict[str, Any]:
    """A seat's next update (its bytes counted in ``tally``), past the clock's messages of a
    table with a clock; anything else from the server is a failure of the bench."""
    # orjson: the simulated pages share the machine with the server, and the standard
    # library's parsing of their updates took a third of their processor time.
    raw = await page.recv(decode=False)
    message: dict[str, Any] = orjson.loads(raw)
    while message["type"] == "clock":
        raw = await page.recv(decode=False)
        message = orjson.loads(raw)
    if tally is not None:
        tally.seat_updates += 1
        tally.seat_bytes += len(raw)
    if message["type"] != "update":
        raise RuntimeError(f"the server refused a move: {message}")
    return message


async def open_table(
    bases: list[str],
    created: dict[str, Any],
    seed: int,
    spectators: int,
    tally: Tally,
    *,
    patches: bool = False,
) -> Table:
    """Open the pages of match ``created``: seat ``s``'s on server ``(seed + s) % len(bases)``,
    spectator ``i``'s on server ``(seed + i) % len(bases)``."""
    match_id = created["id"]
    tokens = [s["invite"].rpartition("token=")[2] for s in created["seats"]]
    seats = [
        await open_page(ws_url(bases[(seed + seat) % len(bases)], match_id, token, patches=patches))
        for seat, token in enumerate(tokens)
    ]
    updates = [await receive(page) for page in seats]
    opening = asyncio.Semaphore(OPENING_AT_ONCE)
    urls = [
        ws_url(bases[(seed + i) % len(bases)], match_id, patches=patches) for i in range(spectators)
    ]
    opened = await asyncio.gather(*(open_spectator(url, opening, tally) for url in urls))
    watchers = [page for page in opened if page is not None]
    readers = [asyncio.create_task(watch(page, tally)) for page in watchers]
    return Table(match_id, random.Random(seed), seats, updates, watchers, readers)


async def open_spectator(
    url: str, opening: asyncio.Semaphore, tally: Tally
) -> ClientConnection | None:
    """A spectator's page once it has read its first update; ``None`` if the server refused
    it (a cap on spectators, say)."""
    async with opening:
        try:
            page = await open_page(url)
        except InvalidStatus:
            tally.spectators_refused += 1
            return None
        try:
            first = orjson.loads(await page.recv(decode=False))
        except ConnectionClosed:
            tally.spectators_refused += 1
            return None
        if first["type"] != "update":
            tally.spectators_refused += 1
            await page.close()
            return None
        return page


async def watch(page: ClientConnection, tally: Tally) -> None:
    """Read a spectator's updates until the server closes the page (or the bench cancels
    this): a page that stops reading is closed by the server."""
    try:
        while True:
            await page.recv(decode=False)  # counted, not parsed: the client's time is scarce
            tally.spectator_updates += 1
    except ConnectionClosed as closed:
        tally.spectators_closed[
            closed.rcvd.code if closed.rcvd is not None else ABNORMAL_CLOSURE
        ] += 1


async def play(table: Table, budget: Budget, tally: Tally) -> bool:
    """Play random legal moves in ``table``'s match while the budget allows; whether the
    match is over. A move is acknowledged when the mover's own update arrives."""
    updates = table.updates
    while not updates[0]["over"] and budget.take():
        if budget.think:
            await asyncio.sleep(budget.think)
        mover = updates[0]["to_move"]
        text = table.rng.choice(updates[mover]["legal"])["text"]
        message = {"type": "move", "action": text, "moves": updates[0]["moves"]}
        sent = time.perf_counter()
        await table.seats[mover].send(json.dumps(message))
        updates[mover] = await receive(table.seats[mover], tally)
        tally.acknowledge(time.perf_counter() - sent)
        updates[1 - mover] = await receive(table.seats[1 - mover], tally)
    return bool(updates[0]["over"])


async def close_table(table: Table) -> None:
    for reader in table.readers:
        reader.cancel()
    await asyncio.gather(*table.readers, return_exceptions=True)
    await asyncio.gather(*(page.close() for page in table.seats + table.spectators))


async def keep_playing(lobby: Lobby, table: Table, budget: Budget, tally: Tally) -> Table:
    """Play ``table``'s match, and a new one in its place whenever one ends, until the
    budget is spent (the load stays continuous); the last table, still open."""
    while await play(table, budget, tally) and not budget.spent:
        await close_table(table)
        table = await lobby.open_table(tally)
    return table
