"""A proposal's time to answer in the browser (docs/web.md, "Answers"): both pages count it
down, and when the person asked lets it run out the server refuses for them. Source of the
Nile's joint expeditions (Game II, 29.2, 29.4) are the proposals."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.server.test_sigkill import page, server
from tests.web.board_page import photograph, screenshot_dir

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext
    from websockets.sync.client import ClientConnection

TIMEOUT = 20_000
ANSWER_SECONDS = 6


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("answers")
    with server(folder / "matches.sqlite3", "--answer-seconds", str(ANSWER_SECONDS)) as (
        _,
        address,
    ):
        yield address


def _latest(link: ClientConnection, since: dict[str, Any] | None) -> dict[str, Any] | None:
    """The newest update waiting on ``link`` (or ``since`` if none came)."""
    latest = since
    while True:
        try:
            message = json.loads(link.recv(timeout=0.3))
        except TimeoutError:
            return latest
        if message["type"] == "update":
            latest = message


def _to_europe(base: str, created: dict[str, Any]) -> None:
    """The set-up played through each seat's socket, the first legal move each time, until
    the first decision in Europe."""
    tokens = [str(seat["invite"]).rpartition("token=")[2] for seat in created["seats"]]
    with contextlib.ExitStack() as stack:
        links = [stack.enter_context(page(base, created["id"], token)) for token in tokens]
        seen: list[dict[str, Any] | None] = [None, None]
        for _ in range(200):
            for seat, link in enumerate(links):
                update = seen[seat] = _latest(link, seen[seat])
                if update is None or "legal" not in update:
                    continue
                if update["view"]["phase"] == "europe":
                    return
                move = {"type": "move", "action": update["legal"][0]["text"]}
                link.send(json.dumps({**move, "moves": update["moves"]}))
                seen[seat] = None
        raise AssertionError("the set-up did not reach Europe")


def test_an_unanswered_proposal_is_counted_down_and_refused(
    base: str, new_context: Callable[..., BrowserContext]
) -> None:
    body = {
        "game": "nile",
        "players": 2,
        "options": {"game": 2},
        "seats": [{"name": "Ann"}, {"name": "Bo"}],
    }
    created = httpx.post(f"{base}/api/matches", json=body, timeout=30).json()
    _to_europe(base, created)
    summary = httpx.get(f"{base}/api/matches/{created['id']}", timeout=30).json()
    asker = summary["to_move"]
    asked = 1 - asker
    pages = {}
    for seat, viewport in (
        (asker, {"width": 1280, "height": 900}),
        (asked, {"width": 390, "height": 844}),
    ):
        shown = new_context(locale="en", viewport=viewport).new_page()
        shown.set_default_timeout(TIMEOUT)
        shown.goto(str(created["seats"][seat]["invite"]))
        shown.locator("#status", has_text=f"(move {summary['moves']})").wait_for()
        pages[seat] = shown
    colour = ("red", "blue")[asked]
    pages[asker].locator("#typed-move").fill(f"join {colour}")
    pages[asker].get_by_role("button", name="Play", exact=True).click()
    pages[asked].locator("#due", has_text="Answer within").wait_for()
    pages[asker].locator("#due", has_text="s to answer").wait_for()
    assert ("Ann", "Bo")[asked] in pages[asker].locator("#due").inner_text()
    board = "() => document.querySelector('#board svg').textContent"
    assert "asks to join the expedition" in pages[asked].evaluate(board)
    photograph(pages[asked], screenshot_dir() / "answer-due-nile-390.png")
    pages[asker].locator("#log", has_text="refuses").wait_for(
        timeout=ANSWER_SECONDS * 1000 + TIMEOUT
    )
    expect(pages[asked].locator("#due")).to_be_hidden(timeout=TIMEOUT)  # its own socket
    final = httpx.get(f"{base}/api/matches/{created['id']}", timeout=30).json()
    assert final["moves"] == summary["moves"] + 2 and final["to_move"] == asker
    # Decision N229: the expedition that refused is not asked again this turn.
    pages[asker].locator("#typed-move").fill(f"join {colour}")
    pages[asker].get_by_role("button", name="Play", exact=True).click()
    error = pages[asker].locator("#error")
    error.wait_for(state="visible")
    assert "refused to be joined this turn" in error.inner_text()
    photograph(pages[asker], screenshot_dir() / "join-refused-nile-1280.png")
    unchanged = httpx.get(f"{base}/api/matches/{created['id']}", timeout=30).json()
    assert unchanged["moves"] == final["moves"]
