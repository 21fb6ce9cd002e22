"""Two ``terra serve`` processes on one PostgreSQL database: moves made through one reach the
pages held by the other (LISTEN/NOTIFY), the database alone decides which of two moves at one
position counts, and a whole game played through both ends the same on both."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

import terra
from terra.server.bots import BotPool, choose_move
from terra.server.tables import Tables
from terra.store import MatchStore, SeatInfo, open_engine
from terra.store.throwaway import Cluster, free_port
from tests.postgres import new_database, terminate_listeners
from tests.server.tables import Shadow

WAIT = 60.0  # seconds any single step may take before the test gives up
GAME = "expedition"  # the shortest whole game (about 300 moves at random)


class Server:
    """A ``terra serve`` process; what it writes to stderr is kept in a file."""

    def __init__(self, url: str, errors: Path) -> None:
        self.port = free_port()
        command = [sys.executable, "-c", "from terra.cli.main import main; main()", "serve"]
        command += ["--port", str(self.port), "--database", url, "--no-open"]
        command += ["--message-rate", "10000"]
        self.errors = errors
        self.read = 0  # how much of stderr has been looked at
        with errors.open("wb") as sink:
            self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=sink)
        self.base = f"http://127.0.0.1:{self.port}"

    def wait_until_up(self) -> None:
        deadline = time.monotonic() + WAIT
        while True:
            assert self.process.poll() is None, f"terra serve stopped: {self.new_errors()}"
            try:
                httpx.get(f"{self.base}/api/games", timeout=1.0).raise_for_status()
                return
            except httpx.HTTPError:
                assert time.monotonic() < deadline, "terra serve did not answer"
                time.sleep(0.1)

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def page(self, match_id: str, token: str | None = None) -> ClientConnection:
        query = f"?token={token}" if token is not None else ""
        ws = self.base.replace("http", "ws")
        return connect(f"{ws}/ws/{match_id}{query}", open_timeout=WAIT)

    def new_errors(self) -> str:
        """What the server wrote to stderr since the last look."""
        text = self.errors.read_text()
        new, self.read = text[self.read :], len(text)
        return new


@pytest.fixture(scope="module")
def database(postgres: Cluster) -> str:
    """One database for the module's servers (each test plays matches of its own)."""
    return new_database(postgres)


@pytest.fixture(scope="module")
def servers(
    database: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Server, Server]]:
    """Two servers on one PostgreSQL database, started together."""
    folder = tmp_path_factory.mktemp("servers")
    both = [Server(database, folder / f"{name}.stderr") for name in ("a", "b")]
    try:
        for server in both:
            server.wait_until_up()
        yield both[0], both[1]
    finally:
        for server in both:
            server.stop()


@pytest.fixture
def store(database: str) -> Iterator[MatchStore]:
    """The test's own view of the database."""
    store = MatchStore(open_engine(database))
    yield store
    store.engine.dispose()


def create(
    server: Server, bots: list[str | None], seed: int = 3, game: str = GAME
) -> dict[str, Any]:
    body = {"game": game, "players": len(bots), "seed": seed, "seats": [{"bot": b} for b in bots]}
    body["hotseat"] = True  # the test holds every person's link
    response = httpx.post(f"{server.base}/api/matches", json=body, timeout=WAIT)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def token(created: dict[str, Any], seat: int) -> str:
    invite: str = created["seats"][seat]["invite"]
    return invite.rpartition("token=")[2]


def receive(page: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(page.recv(timeout=WAIT))
    return message


def update_at(page: ClientConnection, moves: int) -> dict[str, Any]:
    """The page's first update of at least ``moves`` moves (errors are not expected)."""
    while True:
        message = receive(page)
        assert message["type"] == "update", message
        if message["moves"] >= moves:
            return message


def move(update: dict[str, Any], text: str) -> str:
    return json.dumps({"type": "move", "action": text, "moves": update["moves"]})


def answer(page: ClientConnection, moves: int, stale: bool) -> dict[str, Any]:
    """The page's update of ``moves`` moves; if ``stale``, the page must also have been told
    that its own move was refused as stale (before that update or after it)."""
    found: dict[str, Any] | None = None
    while found is None or stale:
        message = receive(page)
        if message["type"] == "error":
            assert stale and message.get("stale") is True, message
            stale = False
        elif message["moves"] == moves:
            found = message
    return found


def send_together(messages: list[tuple[ClientConnection, str]]) -> None:
    """Send each message on its page, all at the same moment (one thread each)."""
    barrier = threading.Barrier(len(messages))

    def send(page: ClientConnection, text: str) -> None:
        barrier.wait()
        page.send(text)

    senders = [threading.Thread(target=send, args=message) for message in messages]
    for sender in senders:
        sender.start()
    for sender in senders:
        sender.join()


def quiet(*servers: Server) -> None:
    """Nothing went wrong in the servers: not a line on stderr since the last look."""
    for server in servers:
        errors = server.new_errors()
        assert errors == "", errors


def test_a_move_through_one_server_reaches_the_pages_of_the_other(
    servers: tuple[Server, Server],
) -> None:
    a, b = servers
    created = create(a, [None, None])
    match_id = created["id"]
    with ExitStack() as stack:
        mine = stack.enter_context(a.page(match_id, token(created, 0)))
        yours = stack.enter_context(b.page(match_id, token(created, 1)))
        spectator = stack.enter_context(b.page(match_id))
        first = [update_at(p, 0) for p in (mine, yours, spectator)]
        assert first[0]["to_move"] == 0
        mine.send(move(first[0], first[0]["legal"][0]["text"]))
        after = [update_at(p, 1) for p in (mine, yours, spectator)]
        assert [u["moves"] for u in after] == [1, 1, 1]
        assert after[1]["log_size"] == after[0]["log_size"]
    quiet(a, b)


def test_of_two_moves_at_one_position_through_both_servers_exactly_one_counts(
    servers: tuple[Server, Server], store: MatchStore
) -> None:
    a, b = servers
    created = create(a, [None, None])
    match_id = created["id"]
    rounds = 6
    with ExitStack() as stack:
        # Each seat has a page on each server: the seat to move sends from both at once.
        pages = [
            [stack.enter_context(s.page(match_id, token(created, seat))) for seat in (0, 1)]
            for s in (a, b)
        ]
        updates = [[update_at(p, 0) for p in row] for row in pages]
        for count in range(rounds):
            mover = updates[0][0]["to_move"]
            legal = [entry["text"] for entry in updates[0][mover]["legal"]]
            texts = [legal[0], legal[-1]]
            assert texts[0] != texts[1], "a position with one legal move tells no winner"
            send_together(
                [(pages[side][mover], move(updates[side][mover], texts[side])) for side in (0, 1)]
            )
            other = 1 - mover
            for side in (0, 1):  # the other seat's pages: one move committed, on both servers
                updates[side][other] = answer(pages[side][other], count + 1, stale=False)
            stored = store.actions(match_id)
            assert len(stored) == count + 1 and stored[-1] in texts
            winner = texts.index(stored[-1])
            for side in (0, 1):
                stale = side != winner
                updates[side][mover] = answer(pages[side][mover], count + 1, stale)
    quiet(a, b)


def test_a_whole_game_played_through_both_servers_ends_the_same_on_both(
    servers: tuple[Server, Server], store: MatchStore
) -> None:
    a, b = servers
    created = create(a, [None, None], seed=8)
    match_id = created["id"]
    rng = random.Random(8)
    with ExitStack() as stack:
        pages = [
            [stack.enter_context(s.page(match_id, token(created, seat))) for seat in (0, 1)]
            for s in (a, b)
        ]
        shadows = [[Shadow(store, match_id) for _ in (0, 1)] for _ in (a, b)]
        updates = [[update_at(p, 0) for p in row] for row in pages]
        moves = 0
        while not updates[0][0]["over"]:
            side = moves % 2  # every other move through the other server
            mover = updates[side][0]["to_move"]
            text = rng.choice(updates[side][mover]["legal"])["text"]
            pages[side][mover].send(move(updates[side][mover], text))
            moves += 1
            for s in (0, 1):
                for seat in (0, 1):
                    updates[s][seat] = update_at(pages[s][seat], moves)
                    assert updates[s][seat]["moves"] == moves
                    shadows[s][seat].check(updates[s][seat], seat)
        finals = [updates[s][seat] for s in (0, 1) for seat in (0, 1)]
        assert all(u["over"] and u["result"] == finals[0]["result"] for u in finals)
    summaries = [
        httpx.get(f"{s.base}/api/matches/{match_id}", timeout=WAIT).json() for s in servers
    ]
    assert summaries[0]["moves"] == summaries[1]["moves"] == moves
    assert summaries[0]["result"] == summaries[1]["result"] == finals[0]["result"]
    record = store.record(match_id)
    assert len(record.actions) == moves
    assert terra.replay(record).scores() == finals[0]["result"]["scores"]
    quiet(a, b)


def test_moves_still_arrive_after_the_listening_connections_are_killed(
    servers: tuple[Server, Server], database: str
) -> None:
    a, b = servers
    quiet(a, b)
    created = create(a, [None, None])
    match_id = created["id"]
    with a.page(match_id, token(created, 0)) as mine, b.page(match_id, token(created, 1)) as yours:
        updates = [update_at(p, 0) for p in (mine, yours)]
        assert terminate_listeners(database) == 2
        for moves in range(1, 5):
            # The first move is made while the other server has no listening connection: it
            # learns of it when it has connected again, from the database.
            mover = updates[0]["to_move"]
            pages = (mine, yours)
            pages[mover].send(move(updates[mover], updates[mover]["legal"][0]["text"]))
            updates = [update_at(p, moves) for p in pages]
            assert [u["moves"] for u in updates] == [moves, moves]
    for server in servers:
        lines = server.new_errors().splitlines()
        assert lines and all("the connection that hears of moves dropped" in x for x in lines)


def test_a_game_against_a_bot_goes_on_whichever_server_the_person_uses(
    servers: tuple[Server, Server], store: MatchStore
) -> None:
    a, b = servers
    created = create(a, [None, "random"], seed=4)
    match_id = created["id"]
    rng = random.Random(4)
    with b.page(match_id, token(created, 0)) as me, a.page(match_id) as spectator:
        update = update_at(me, 0)
        while not update["over"]:
            if update["to_move"] == 0:
                me.send(move(update, rng.choice(update["legal"])["text"]))
            update = update_at(me, update["moves"] + 1)
        seen = update_at(spectator, update["moves"])
        assert seen["over"] and seen["result"] == update["result"]
    assert store.info(match_id).status == "over"
    quiet(a, b)


def test_two_servers_racing_for_one_bot_move_store_it_once_and_log_nothing(
    postgres_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A server woken for a bot that another server has just moved is refused as stale, and
    leaves the match to the other without a word."""
    stores = [MatchStore(open_engine(postgres_url)) for _ in range(2)]
    seats = [SeatInfo(0, "bot", "random"), SeatInfo(1, "Ann", None)]
    state = terra.game(GAME).new(2, seed=6)
    match_id, _ = stores[0].create_match(state, seats)

    async def race() -> None:
        pools = [BotPool(1) for _ in stores]
        try:
            tables = [Tables(s, bots=p) for s, p in zip(stores, pools, strict=True)]
            for table in tables:
                await table.table(match_id)
            for table in tables:
                table.wake_bots(match_id, state)
            running = [t._tables[match_id].bots for t in tables]
            await asyncio.wait_for(asyncio.gather(*(r for r in running if r)), WAIT)
            for table in tables:
                await table.close()
        finally:
            for pool in pools:
                pool.close()

    with caplog.at_level(logging.INFO, logger="terra"):
        asyncio.run(race())
    after, _ = stores[0].state(match_id)
    assert after.current_player == 1  # the bot's turn is over: the person is to move
    # Each bot move is the one its seeded decision gives, made once: as a lone server would.
    alone = terra.game(GAME).new(2, seed=6)
    while alone.current_player == 0:
        alone.play(choose_move("alone", alone.record(), "random"))
    assert stores[0].actions(match_id) == list(alone.record().actions)
    assert caplog.records == []
    for store in stores:
        store.engine.dispose()


def test_input_postgresql_cannot_store_is_refused_without_a_traceback(
    servers: tuple[Server, Server],
) -> None:
    """On PostgreSQL a NUL in text, and text longer than its column, were errors of the
    database: 500s with tracebacks (which printed the statements' parameters)."""
    server = servers[0]
    server.new_errors()
    body: dict[str, Any] = {"game": GAME, "players": 2, "seats": [{"name": "Ann\u0000"}, {}]}
    named = httpx.post(f"{server.base}/api/matches", json=body, timeout=WAIT)
    assert named.status_code == 400 and "without control characters" in named.json()["error"]
    created = create(server, [None, None])
    for path in ("", "/layout", "/replay?step=0", "/record"):
        answer = httpx.get(f"{server.base}/api/matches/a%00b{path}", timeout=WAIT)
        assert answer.status_code == 404, (path, answer.text)
    with server.page("a%00b") as page:
        assert json.loads(page.recv(timeout=WAIT))["message"].startswith("there is no match")
    with server.page(created["id"], "a%00b") as page:
        assert "not valid for this match" in json.loads(page.recv(timeout=WAIT))["message"]
    errors = server.new_errors()
    assert "Traceback" not in errors and "token_hash" not in errors, errors


def told(page: ClientConnection, kind: str) -> dict[str, Any]:
    """The page's next message of type ``kind`` (updates and others before it skipped)."""
    while True:
        message = receive(page)
        if message["type"] == kind:
            return message


def test_chat_and_a_rematch_asked_through_one_server_reach_the_pages_of_the_other(
    servers: tuple[Server, Server], store: MatchStore
) -> None:
    a, b = servers
    created = create(a, [None, None])
    match_id = created["id"]
    with ExitStack() as stack:
        ann = stack.enter_context(a.page(match_id, token(created, 0)))
        bo = stack.enter_context(b.page(match_id, token(created, 1)))
        eye = stack.enter_context(b.page(match_id))
        for page in (ann, bo, eye):
            update_at(page, 0)
        ann.send(json.dumps({"type": "chat", "text": "hello from a"}))
        bo.send(json.dumps({"type": "chat", "text": "hello from b"}))
        for page in (ann, bo, eye):  # each once, in the order the database took them
            lines = sorted((told(page, "chat") for _ in range(2)), key=lambda m: m["id"])
            assert {(m["seat"], m["text"]) for m in lines} == {
                (0, "hello from a"),
                (1, "hello from b"),
            }
    rng = random.Random(4)
    state, moves = store.state(match_id)
    while not state.is_over:  # the match played to its end behind the servers' backs
        played = store.append_move(match_id, moves, rng.choice(state.legal_action_strs()), None)
        state, moves = played.state, played.moves
    with ExitStack() as stack:
        ann = stack.enter_context(a.page(match_id, token(created, 0)))
        bo = stack.enter_context(b.page(match_id, token(created, 1)))
        for page in (ann, bo):  # both lines, in the order the database took them (either)
            lines = told(page, "chat_history")["lines"]
            assert {line["text"] for line in lines} == {"hello from a", "hello from b"}
        ann.send(json.dumps({"type": "rematch"}))
        for page in (ann, bo):
            assert told(page, "rematch") == {"type": "rematch", "asked": [0], "match": None}
        bo.send(json.dumps({"type": "rematch"}))
        made = told(ann, "rematch")
        assert made["asked"] == [0, 1] and made["match"] is not None
        assert told(bo, "rematch_invite")["match"] == made["match"]
        ann.send(json.dumps({"type": "rematch"}))
        invite = told(ann, "rematch_invite")
        assert invite["invite"].startswith(f"{a.base}/match/{made['match']}#seat=0&token=")
    quiet(a, b)


def test_a_seat_taken_through_one_server_starts_the_table_on_the_pages_of_the_other(
    servers: tuple[Server, Server],
) -> None:
    a, b = servers
    keys = {}
    for server, name in ((a, "Ann-pg"), (b, "Bo-pg")):
        response = httpx.post(f"{server.base}/api/players", json={"name": name}, timeout=WAIT)
        assert response.status_code == 201, response.text
        keys[name] = response.cookies["terra_player"]
    ann = {"cookie": f"terra_player={keys['Ann-pg']}"}
    body = {"game": GAME, "players": 2, "open": True}
    created = httpx.post(f"{a.base}/api/matches", json=body, headers=ann, timeout=WAIT)
    match_id = created.json()["id"]
    ws = a.base.replace("http", "ws")
    with connect(f"{ws}/ws/{match_id}", open_timeout=WAIT, additional_headers=ann) as page:
        assert told(page, "table")["waiting"] is True
        assert told(page, "update")["seat"] == 0
        bo = {"cookie": f"terra_player={keys['Bo-pg']}"}
        joined = httpx.post(f"{b.base}/api/matches/{match_id}/join", json={}, headers=bo)
        assert joined.json()["started"] is True
        table = told(page, "table")
        assert table["waiting"] is False and table["seats"][1]["name"] == "Bo-pg"
        update = told(page, "update")
        page.send(json.dumps({"type": "move", "action": update["legal"][0]["text"], "moves": 0}))
        assert told(page, "update")["moves"] == 1
    quiet(a, b)


def told_undo(page: ClientConnection, kind: str, serial: int) -> dict[str, Any]:
    """The page's next ``kind`` message about undo request ``serial`` (a page that opened as
    the request was made may be told of it twice: what it was told before is skipped)."""
    while (message := told(page, kind))["serial"] != serial:
        pass
    return message


def test_an_undo_asked_through_one_server_is_answered_through_the_other(
    servers: tuple[Server, Server], store: MatchStore
) -> None:
    """docs/web.md, "Undo": one request, kept with the match, answered through any process;
    asked, refused and asked again, three times over, then agreed to."""
    a, b = servers
    created = create(a, [None, None], seed=4, game="africa")
    match_id = created["id"]
    with ExitStack() as stack:
        ann = stack.enter_context(a.page(match_id, token(created, 0)))
        bo = stack.enter_context(b.page(match_id, token(created, 1)))
        eyes = [stack.enter_context(server.page(match_id)) for server in (a, b)]
        update = update_at(ann, 0)
        serial = 0
        for _ in range(3):
            ann.send(move(update, update["legal"][0]["text"]))
            update_at(bo, 1)
            serial += 1
            ann.send(json.dumps({"type": "undo", "moves": 1}))  # Bo, through B, is asked
            for page in (ann, bo, *eyes):
                asked = told_undo(page, "undo_asked", serial)
                assert (asked["seat"], asked["moves"]) == (0, 1)
            with b.page(match_id) as late:  # a page that opens there is shown it too
                assert told_undo(late, "undo_asked", serial)["seat"] == 0
            bo.send(json.dumps({"type": "undo_answer", "moves": 1, "agree": False}))
            for page in (ann, bo, *eyes):
                assert told_undo(page, "undo_refused", serial)["by"] == 1
            assert store.state(match_id)[1] == 1
            serial += 1
            ann.send(json.dumps({"type": "undo", "moves": 1}))
            told_undo(bo, "undo_asked", serial)
            bo.send(json.dumps({"type": "undo_answer", "moves": 1, "agree": True}))
            for page in (ann, bo, *eyes):
                while (update_0 := told(page, "update"))["moves"] != 0:
                    pass
                assert update_0["since"] == 0
                if page is ann:
                    update = update_0
            assert store.actions(match_id) == []
    quiet(a, b)
