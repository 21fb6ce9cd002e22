"""The chat at a match's table (docs/web.md, "Chat"): kept with the match, given to every page
of the match, the recent history to a page that opens, a spectator's words marked as such,
and every bad message refused in the page's language, saying which limit, changing nothing."""

from __future__ import annotations

import dataclasses
import sqlite3
import time
from contextlib import ExitStack
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient, WebSocketTestSession

from terra.store import MatchStore, open_engine
from terra.store.chat import ChatStore
from terra.store.faults import Fault
from tests.server.tables import FAST, connect, create, receive, serving, token


def told(socket: WebSocketTestSession, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` (updates and others before it skipped)."""
    while True:
        message = receive(socket)
        if message["type"] == kind:
            return message


def opened(
    pages: ExitStack, client: TestClient, match_id: str, key: str | None = None
) -> WebSocketTestSession:
    """A page of the match (closed with ``pages``), past its first update."""
    page = pages.enter_context(connect(client, match_id, key))
    assert receive(page)["type"] == "update"
    return page


def kept(store: MatchStore, match_id: str) -> list[tuple[int | None, str]]:
    return [(s.seat, s.text) for s in ChatStore(store.engine).recent(match_id, 1000)]


def test_a_message_is_kept_and_every_page_of_the_match_gets_it(tmp_path: Path) -> None:
    with serving(tmp_path) as (client, store), ExitStack() as pages:
        created = create(client, "africa", [None, None])
        match_id = created["id"]
        other = create(client, "africa", [None, None])
        ann, bo = (opened(pages, client, match_id, token(created, s)) for s in (0, 1))
        eye = opened(pages, client, match_id)
        elsewhere = opened(pages, client, other["id"])
        ann.send_json({"type": "chat", "text": "  good luck, Bo!  "})
        for page in (ann, bo, eye):
            line = told(page, "chat")
            assert line["text"] == "good luck, Bo!"  # without the spaces around it
            assert (line["seat"], line["name"], line["spectator"]) == (0, "Player 1", False)
            sent = datetime.fromisoformat(line["time"])
            assert sent.utcoffset() == timedelta(0)
        eye.send_json({"type": "chat", "text": "I am only watching"})
        line = told(bo, "chat")
        assert (line["seat"], line["name"], line["spectator"]) == (None, None, True)
        assert kept(store, match_id) == [(0, "good luck, Bo!"), (None, "I am only watching")]
        elsewhere.send_json({"type": "resume", "since": 0})
        assert receive(elsewhere)["type"] == "update"  # nothing of the other match's chat


def test_a_page_that_opens_gets_the_last_hundred_messages(tmp_path: Path) -> None:
    with serving(tmp_path) as (client, store):
        created = create(client, "africa", [None, "random"])
        match_id = created["id"]
        chat = ChatStore(store.engine)
        for number in range(105):
            chat.say(match_id, 0 if number % 2 else None, f"line {number}")
        with connect(client, match_id) as eye:
            assert receive(eye)["type"] == "update"
            lines = told(eye, "chat_history")["lines"]
        assert [line["text"] for line in lines] == [f"line {n}" for n in range(5, 105)]
        assert [line["spectator"] for line in lines[:2]] == [False, True]
        assert [line["name"] for line in lines[:2]] == ["Player 1", None]


def test_a_match_without_chat_sends_no_history(tmp_path: Path) -> None:
    with serving(tmp_path) as (client, _):
        created = create(client, "africa", [None, None])
        with connect(client, created["id"]) as eye:
            assert receive(eye)["type"] == "update"
            eye.send_json({"type": "resume", "since": 0})
            assert receive(eye)["type"] == "update"  # not a history first


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        ("", "en", "a chat message needs some words; this one is empty"),
        (" \n\t ", "en", "a chat message needs some words; this one is empty"),
        ("x" * 501, "en", "chat message too long (501 characters; at most 500)"),
        ("x" * 501, "de", "Chat-Nachricht zu lang (501 Zeichen; höchstens 500)"),
        ("bell\x07", "en", "a chat message is text without control characters"),
        ("nul\x00", "nl", "een chatbericht is tekst zonder stuurtekens"),
        ("half \ud800 a character", "en", "a chat message is text without control characters"),
    ],
)
def test_a_bad_message_is_refused_in_the_pages_language_and_kept_nowhere(
    tmp_path: Path, text: str, language: str, expected: str
) -> None:
    with serving(tmp_path) as (client, store):
        created = create(client, "africa", [None, None])
        match_id = created["id"]
        with (
            connect(client, match_id, token(created, 0), language) as ann,
            connect(client, match_id, token(created, 1)) as bo,
        ):
            receive(ann), receive(bo)
            ann.send_json({"type": "chat", "text": text})
            refused = told(ann, "error")
            assert refused["message"] == expected and refused["chat"] is True
            ann.send_json({"type": "chat", "text": "x" * 500})  # the longest allowed
            assert len(told(bo, "chat")["text"]) == 500  # Bo never got the refused one
        assert kept(store, match_id) == [(0, "x" * 500)]


@pytest.mark.parametrize("text", [None, 5, ["hi"], {"text": "hi"}])
def test_a_chat_without_text_is_a_protocol_error(tmp_path: Path, text: Any) -> None:
    with serving(tmp_path) as (client, store):
        created = create(client, "africa", [None, None])
        with connect(client, created["id"], token(created, 0)) as ann:
            receive(ann)
            ann.send_json({"type": "chat", "text": text})
            assert "a chat message needs 'text'" in told(ann, "error")["message"]
            ann.send_json({"type": "chat", "text": "still here"})
            assert told(ann, "chat")["text"] == "still here"  # the page stays connected
        assert kept(store, created["id"]) == [(0, "still here")]


def test_a_page_that_chats_too_fast_is_refused_saying_the_limit(tmp_path: Path) -> None:
    settings = dataclasses.replace(FAST, chat_count=3, chat_seconds=0.5)
    with serving(tmp_path, settings) as (client, store):
        created = create(client, "africa", [None, None])
        match_id = created["id"]
        with (
            connect(client, match_id, token(created, 0), "de") as ann,
            connect(client, match_id, token(created, 1)) as bo,
        ):
            receive(ann), receive(bo)
            for number in range(4):
                ann.send_json({"type": "chat", "text": f"spam {number}"})
            refused = told(ann, "error")
            assert refused["message"] == (
                "zu viele Chat-Nachrichten: höchstens 3 in 0.5 Sekunden; diese wurde nicht gesendet"
            )
            bo.send_json({"type": "chat", "text": "calm down"})  # the limit is per page
            assert [told(bo, "chat")["text"] for _ in range(4)] == [
                "spam 0",
                "spam 1",
                "spam 2",
                "calm down",
            ]
            time.sleep(0.6)  # the window has passed: Ann may speak again
            ann.send_json({"type": "chat", "text": "sorry"})
            assert told(bo, "chat")["text"] == "sorry"
        assert [text for _, text in kept(store, match_id)] == [
            "spam 0",
            "spam 1",
            "spam 2",
            "calm down",
            "sorry",
        ]


def test_a_database_that_is_busy_refuses_the_message_and_the_page_stays(tmp_path: Path) -> None:
    path = tmp_path / "matches.sqlite3"
    store = MatchStore(open_engine(f"sqlite:///{path}", busy_timeout=0.3))
    holder = sqlite3.connect(path, isolation_level=None)
    try:
        with serving(tmp_path, store=store) as (client, _):
            created = create(client, "africa", [None, None])
            with connect(client, created["id"], token(created, 0)) as ann:
                receive(ann)
                holder.execute("BEGIN IMMEDIATE")  # another program holds the write lock
                ann.send_json({"type": "chat", "text": "anyone?"})
                refused = told(ann, "error")
                assert refused["message"] == Fault.BUSY.value
                assert refused["unavailable"] is True and refused["chat"] is True
                holder.execute("ROLLBACK")
                ann.send_json({"type": "chat", "text": "anyone?"})  # sent again: kept now
                assert told(ann, "chat")["text"] == "anyone?"
        assert kept(store, created["id"]) == [(0, "anyone?")]
    finally:
        holder.close()
        store.engine.dispose()
