"""Whole games over WebSockets, for every registered game: against a bot at the table, and
between two people, with every message checked against the seat's own view and log."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import terra
from terra.server.bots import BotPool
from terra.store import MatchStore
from tests.server.tables import Shadow, connect, create, random_move, receive, serving, token

GAMES = [g.id for g in terra.games()]


def drain_spectator(socket: object, shadow: Shadow, language: str = "en") -> int:
    """Check every update a spectator page got until the end; returns how many."""
    from starlette.testclient import WebSocketTestSession

    assert isinstance(socket, WebSocketTestSession)
    count = 0
    while True:
        update = socket.receive_json()
        shadow.check(update, None, language)
        count += 1
        if update["over"]:
            return count


@pytest.mark.parametrize("game_id", GAMES)
def test_a_person_plays_a_whole_game_against_a_bot_at_the_table(
    game_id: str, tmp_path: Path, pool: BotPool
) -> None:
    rng = random.Random(game_id)
    with serving(tmp_path, bots=pool) as (client, store):
        created = create(client, game_id, [None, "random"], seed=11)
        match_id = created["id"]
        shadow = Shadow(store, match_id)
        with connect(client, match_id, token(created, 0)) as me, connect(client, match_id) as eye:
            while True:
                update = receive(me)
                shadow.check(update, 0)
                if update["over"]:
                    break
                if update["to_move"] == 0:
                    me.send_json(random_move(update, rng))
            spectator_updates = drain_spectator(eye, Shadow(store, match_id))
        summary = client.get(f"/api/matches/{match_id}").json()
    assert spectator_updates >= 2
    record = store.record(match_id)
    assert record.result is not None
    replayed = terra.replay(record)
    assert replayed.winners() == record.result["winners"] == summary["result"]["winners"]
    assert summary["over"] and summary["moves"] == len(record.actions)
    assert bot_moves(record) > 0


def bot_moves(record: terra.Record) -> int:
    """How many of the record's moves seat 1 made."""
    state = terra.game(record.game).new(record.players, record.seed, dict(record.options))
    count = 0
    for text in record.actions:
        count += state.current_player == 1
        state.play(text)
    return count


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_two_people_each_see_only_their_own_view(game_id: str, tmp_path: Path) -> None:
    """Each in a language of their own (issue 11): the log in German for seat 0, in Dutch for
    seat 1 and for the spectator, still from each page's own log only."""
    rng = random.Random(game_id)
    languages = ("de", "nl")
    with serving(tmp_path) as (client, store):
        created = create(client, game_id, [None, None], seed=5)
        match_id = created["id"]
        shadow = Shadow(store, match_id)
        seats = [connect(client, match_id, token(created, s), languages[s]) for s in (0, 1)]
        spectator = connect(client, match_id, language="nl")
        with seats[0] as first, seats[1] as second, spectator as eye:
            pages = (first, second)
            while True:
                updates = [receive(page) for page in pages]
                for seat, update in enumerate(updates):
                    shadow.check(update, seat, languages[seat])
                if updates[0]["over"]:
                    break
                mover = updates[0]["to_move"]
                pages[mover].send_json(random_move(updates[mover], rng))
            drain_spectator(eye, Shadow(store, match_id), "nl")
    assert _store_over(store, match_id)


def _store_over(store: MatchStore, match_id: str) -> bool:
    return store.info(match_id).status == "over"
