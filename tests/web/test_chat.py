"""Chat and rematch in the browser (docs/web.md, "Chat" and "Rematch"): two people at one
table, in two browser contexts; markup sent to the chat is shown as text on the other's page;
both click Rematch on the finished game and both pages open their own seat of the new match."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import httpx
import pytest
from playwright.sync_api import expect

from terra.store import MatchStore, open_engine
from tests.server.test_sigkill import WAIT, server
from tests.web.board_page import screenshot_dir, whole_page_screenshot

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

TIMEOUT = 20_000  # milliseconds any one step in a page may take
MARKUP = '<img src=x onerror="window.pwned = true"><b>bold</b>'


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """``terra serve`` on a new database, and the database's file."""
    database = tmp_path_factory.mktemp("chat") / "matches.sqlite3"
    with server(database, "--bot-workers", "1") as (_, address):
        yield address, database


def finish(database: Path, match_id: str) -> None:
    """Play the match to its end in the database, random moves for whoever is to move (the
    server hears of them when its pages open again)."""
    store = MatchStore(open_engine(f"sqlite:///{database}"))
    try:
        rng = random.Random(2)
        state, moves = store.state(match_id)
        while not state.is_over:
            result = store.append_move(match_id, moves, rng.choice(state.legal_action_strs()), None)
            state, moves = result.state, result.moves
    finally:
        store.engine.dispose()


def opened(new_context: Callable[..., BrowserContext], link: str) -> Page:
    page = new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(link)
    page.wait_for_selector("#players li")
    return page


def test_markup_in_the_chat_is_text_and_a_rematch_takes_both_to_the_new_match(
    new_context: Callable[..., BrowserContext], served: tuple[str, Path]
) -> None:
    base, database = served
    body = {"game": "expedition", "players": 2, "seats": [{"name": "Ann"}, {"name": "Bo"}]}
    created = httpx.post(f"{base}/api/matches", json=body, timeout=WAIT).json()
    match_id = created["id"]
    ann, bo = (opened(new_context, seat["invite"]) for seat in created["seats"])
    ann.fill("#chat-text", MARKUP)
    ann.click("#chat-form button[type=submit]")
    said = bo.locator("#chat li .said")
    said.wait_for()
    assert said.text_content() == MARKUP
    assert bo.locator("#chat img, #chat b").count() == 0
    assert bo.locator("#chat li strong").text_content() == "Ann:"
    assert ann.input_value("#chat-text") == ""
    assert bo.evaluate("() => window.pwned") is None
    finish(database, match_id)
    for page in (ann, bo):
        page.reload()
        page.wait_for_selector("#ask-rematch")
    assert bo.locator("#chat li .said").text_content() == MARKUP  # from the history
    ann.click("#ask-rematch")
    bo.wait_for_selector("#rematch:has-text('Asked for a rematch: Ann')")
    # Ann's page hears the server's answer on its own socket, perhaps after Bo's page does.
    expect(ann.locator("#ask-rematch")).to_have_count(0, timeout=TIMEOUT)
    expect(ann.locator("#rematch")).to_contain_text("Waiting for: Bo", timeout=TIMEOUT)
    whole_page_screenshot(bo, screenshot_dir() / "chat-rematch-asked.png")
    bo.click("#ask-rematch")
    for seat, page in enumerate((ann, bo)):
        page.wait_for_url(lambda url: match_id not in url)
        page.wait_for_selector("#players li")
        assert page.url.startswith(f"{base}/match/") and f"#seat={seat}&token=" in page.url
    assert ann.url.split("#")[0] == bo.url.split("#")[0]
    assert ann.url.split("token=")[1] != bo.url.split("token=")[1]
    new_id = ann.url.split("#")[0].rsplit("/", 1)[1]
    summary = httpx.get(f"{base}/api/matches/{new_id}", timeout=WAIT).json()
    assert [s["name"] for s in summary["seats"]] == ["Ann", "Bo"] and summary["moves"] == 0
    assert "you" in (bo.locator("#players li").nth(1).text_content() or "")
    assert bo.evaluate("() => window.pwned") is None
