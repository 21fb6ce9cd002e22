"""A campaign in the browser (Source of the Nile, 2.3 and 30.0; decisions N220-N221): the
page of a finished Game II match offers to continue the campaign; a click starts the next
game on the map the first left, and the replay of the next game shows the map of each game."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import httpx
import pytest

import terra
from tests.server.test_sigkill import WAIT, server

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

TIMEOUT = 60_000  # milliseconds any one step in a page may take (a busy machine: see test_live)
GAME_II = {"game": 2, "turns": 20}
# Each hex of the board as drawn: its id (from its tooltip) and its colour.
HEXES = """() => Object.fromEntries(
  [...document.querySelectorAll("#board .ground polygon")]
  .map((p) => [p.querySelector("title").textContent.replace(/^hex /, ""),
    p.getAttribute("fill")]))"""
BLANK = "#f3eddc"  # the board's colour of a hex not explored


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``terra serve`` on a new database, for the tests of this module."""
    folder = tmp_path_factory.mktemp("campaign")
    with server(folder / "matches.sqlite3") as (_, address):
        yield address


def ended(base: str, match_id: str) -> dict[str, Any]:
    """The match's summary once its bots have played it to its end."""
    deadline = time.monotonic() + 6 * WAIT
    while True:
        summary: dict[str, Any] = httpx.get(f"{base}/api/matches/{match_id}", timeout=WAIT).json()
        if summary["over"]:
            return summary
        assert time.monotonic() < deadline, "the bots' game did not end"
        time.sleep(0.2)


def published_inland(base: str, match_id: str) -> list[str]:
    """The ids of the hexes published in the match beyond those the board prints."""
    games = httpx.get(f"{base}/api/matches/{match_id}/campaign", timeout=WAIT).json()["games"]
    layout = httpx.get(f"{base}/api/matches/{match_id}/layout", timeout=WAIT).json()
    printed = terra.game("nile").new(2, 1, GAME_II).view(None)["published"]
    published = games[-1]["view"]["published"]
    return [
        layout["hexes"][h][0]
        for h, (now, before) in enumerate(zip(published, printed, strict=True))
        if now and not before
    ]


def test_a_click_continues_the_campaign_on_the_grown_map(
    new_context: Callable[..., BrowserContext], base: str
) -> None:
    body = {
        "game": "nile",
        "players": 2,
        "seed": 5,
        "options": GAME_II,
        "seats": [{"bot": "greedy"}, {"bot": "greedy"}],
    }
    first = httpx.post(f"{base}/api/matches", json=body, timeout=WAIT).json()["id"]
    ended(base, first)
    inland = published_inland(base, first)
    assert inland, "the first game published no hex inland: no grown map to look at"
    context = new_context(viewport={"width": 1280, "height": 800})
    try:
        page: Page = context.new_page()
        page.set_default_timeout(TIMEOUT)
        page.goto(f"{base}/match/{first}")
        page.locator("#final table.scores").wait_for()
        page.click("#continue-campaign")
        page.wait_for_url(lambda url: f"/match/{first}" not in url)
        second = page.url.split("/match/")[1].split("#")[0]
        summary = httpx.get(f"{base}/api/matches/{second}", timeout=WAIT).json()
        assert summary["continues"] == first and summary["players"] == 2
        assert [s["bot"] for s in summary["seats"]] == ["greedy", "greedy"]
        page.locator("#board .ground polygon").first.wait_for()
        colours = page.evaluate(HEXES)
        assert all(colours[hex_id] != BLANK for hex_id in inland)
        ended(base, second)
        page.goto(f"{base}/match/{second}/replay")
        maps = page.locator("#campaign .campaign-map")
        maps.nth(1).locator("svg").first.wait_for()
        assert maps.count() == 2
        captions = page.locator("#campaign figcaption").all_inner_texts()
        assert captions == ["Game 1: the map at its end", "Game 2: the map at its end"]
    finally:
        context.close()
