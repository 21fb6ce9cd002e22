"""A server on a temporary SQLite file, and seats that play it over WebSockets."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient, WebSocketTestSession

from terra.core.registry import game
from terra.core.state import GameState
from terra.server.app import create_app
from terra.server.bots import BotPool
from terra.server.security import site
from terra.server.tables import Settings
from terra.store import MatchStore, open_engine

# People in tests move as fast as the server answers; the flood limit is tested on its own.
# One bot worker: the machine's processors are for the tests running beside.
FAST = Settings(burst=1e9, rate=1e9, bot_workers=1)
# The test client's address (its Host header is "testserver"): the server's public URL here.
TEST_SITE = site("testserver", 80, "http://testserver/")


@contextmanager
def serving(
    folder: Path,
    settings: Settings = FAST,
    bots: BotPool | None = None,
    store: MatchStore | None = None,
    *,
    raise_server_exceptions: bool = True,
) -> Iterator[tuple[TestClient, MatchStore]]:
    """A test client of a server on a new SQLite file in ``folder`` (or on ``store``), and
    its store; its bots think in ``bots`` (which the caller closes) or in a pool of its own;
    a failure of the server is raised in the test unless ``raise_server_exceptions`` is
    false. The server's public URL is the test client's address, whatever ``settings`` say."""
    settings = dataclasses.replace(settings, site=TEST_SITE)
    if store is None:
        store = MatchStore(open_engine(f"sqlite:///{folder / 'matches.sqlite3'}"))
    app = create_app(store, settings, bots=bots)
    with TestClient(app, raise_server_exceptions=raise_server_exceptions) as client:
        yield client, store


def create(client: TestClient, game: str, bots: list[str | None], **extra: Any) -> dict[str, Any]:
    """A new match with a seat per entry of ``bots`` (``None``: a person).

    With a ``seed`` and several people, the match is a hot seat: the test holds every seat's
    link in this one client, the case in which a chosen seed hides nothing from anyone.
    """
    seats = [{"bot": bot} for bot in bots]
    if "seed" in extra and bots.count(None) > 1:
        extra.setdefault("hotseat", True)
    response = client.post(
        "/api/matches", json={"game": game, "players": len(bots), "seats": seats, **extra}
    )
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def token(created: dict[str, Any], seat: int) -> str:
    """The token in the invitation link of ``seat``."""
    invite: str = created["seats"][seat]["invite"]
    return invite.rpartition("token=")[2]


def connect(
    client: TestClient, match_id: str, token: str | None = None, language: str | None = None
) -> WebSocketTestSession:
    """A page of the match: a seat's with its token, else a spectator's; in ``language``."""
    query = {"token": token, "lang": language}
    pairs = "&".join(f"{name}={value}" for name, value in query.items() if value is not None)
    session: WebSocketTestSession = client.websocket_connect(
        f"/ws/{match_id}" + (f"?{pairs}" if pairs else "")
    )
    return session


def receive(socket: WebSocketTestSession) -> dict[str, Any]:
    message: dict[str, Any] = socket.receive_json()
    return message


def random_move(update: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random legal move for the seat that received ``update``."""
    text = rng.choice(update["legal"])["text"]
    return {"type": "move", "action": text, "moves": update["moves"]}


class Shadow:
    """The match rebuilt from the database's moves, to check what each page was sent."""

    def __init__(self, store: MatchStore, match_id: str) -> None:
        self.store = store
        self.match_id = match_id
        info = store.info(match_id)
        self.seed_shown = info.seed_shown
        self.names = [seat.name for seat in info.seats]
        self.state: GameState = game(info.game).new(info.players, info.seed, dict(info.options))
        self.moves = 0

    def at(self, moves: int) -> GameState:
        """The state after ``moves`` moves (a match's moves only ever go forward)."""
        assert moves >= self.moves, "an update went back in time"
        if moves == self.moves:
            return self.state
        for text in self.store.actions(self.match_id, self.moves)[: moves - self.moves]:
            self.state.play(text)
        self.moves = moves
        return self.state

    def check(self, update: dict[str, Any], seat: int | None, language: str = "en") -> None:
        """Assert that ``update``, sent to a page of ``seat`` in ``language``, holds exactly
        what that seat's own view and log say at that move count, and nothing else."""
        assert update["type"] == "update", update
        state = self.at(update["moves"])
        since = update["since"]
        assert update["seat"] == seat
        assert update["view"] == as_json(state.view(seat))
        log = state.log(seat, since)
        assert update["log"] == as_json(log)
        describe = state.game.describe_event
        names = self.names
        assert update["log_text"] == [describe(state, entry, language, names) for entry in log]
        assert update["seat_words"] == state.game.seat_words(state, language)
        assert update["log_size"] == state.log_size
        assert update["to_move"] == state.current_player
        assert update["over"] == state.is_over
        if seat is not None and state.current_player == seat:
            guide = state.game.guide(language)
            words = guide.moves
            legal = [
                {
                    "action": a,
                    "text": state.action_str(a),
                    **state.action_data(a),
                    "help": words[state.action_data(a)["kind"]],
                    "label": guide.label(
                        state.action_data(a)["kind"],
                        state.action_str(a),
                        not state.action_data(a)["args"],
                        state.game.move_words(language),
                    ),
                    "rule": state.action_rule(a),
                }
                for a in state.legal_actions()
            ]
            assert update["legal"] == legal
        else:
            assert "legal" not in update
        result = None
        if state.is_over:
            breakdown = state.score_breakdown()
            result = {"scores": state.scores(), "winners": state.winners(), "breakdown": breakdown}
        assert update["result"] == result
        # The seed deals every hidden card: a page sees it only if its creator chose it
        # (shown to all) or once the game is over.
        if self.seed_shown or state.is_over:
            assert update["seed"] == state.seed
        else:
            assert "seed" not in update
        assert set(update) <= {*_FIELDS, "legal", "seed"}


_FIELDS = {
    "type",
    "seat",
    "moves",
    "since",
    "view",
    "log",
    "log_text",
    "seat_words",
    "log_size",
    "to_move",
    "over",
    "result",
}


def as_json(value: Any) -> Any:
    """``value`` as it reads after a trip through JSON (tuples become lists)."""
    return json.loads(json.dumps(value))


def moves_in_db(store: MatchStore, match_id: str) -> int:
    return store.info(match_id).moves
