"""Tables with clocks in the browser (docs/web.md, "Clocks"), each played to its end: at a
real-time table one person leaves and the table's bot plays for them until they take their
seat back; at a turn-based table a person's day runs out, the bot takes over, and they take the
seat back the next time they open the page."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect
from sqlalchemy import update

from terra.store import MatchStore, open_engine
from terra.store.models import Match, now
from tests.server.test_sigkill import server
from tests.web.board_page import photograph, screenshot_dir
from tests.web.test_live import MOST_MOVES, TIMEOUT, play_one, wait_for_move

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """``terra serve`` on a new database, and the database's file."""
    database = tmp_path_factory.mktemp("clocks") / "matches.sqlite3"
    with server(database, "--bot-workers", "1") as (_, address):
        yield address, database


def _create(page: Page, base: str, clock: str, opponent: str) -> list[str]:
    """A two-player Expedition table with ``clock`` (the lobby's choice) and seat 2 held by
    ``opponent`` ("" for a person); the invitation links of its people."""
    page.goto(base)
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", "expedition")
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    page.select_option("[data-seat='1']", opponent)
    page.select_option("#clock", clock)
    page.select_option("#stand-in", "greedy")
    page.click("#create button[type=submit]")
    page.wait_for_selector("#created:not([hidden])")
    return [str(a) for a in page.locator("#invites a").evaluate_all("a => a.map(x => x.href)")]


def _moves(page: Page) -> int:
    text = page.locator("#status").inner_text()
    return int(text.rsplit("(move ", 1)[1].rstrip(")"))


def _play_to_the_end(pages: list[Page], rng: random.Random) -> None:
    """The people click moves until the game is over."""
    for _ in range(MOST_MOVES):
        if "Game over" in pages[0].locator("#status").inner_text():
            return
        mover = next((p for p in pages if "Your move" in p.locator("#status").inner_text()), None)
        if mover is None:  # a bot is thinking
            pages[0].wait_for_timeout(50)
            continue
        moves = _moves(mover)
        play_one(mover, rng)
        wait_for_move(mover, moves + 1)
    raise AssertionError(f"no end after {MOST_MOVES} moves")


def _your_move(page: Page) -> None:
    page.wait_for_selector("#status:has-text('Your move')")


def test_a_person_leaves_a_real_time_table_and_takes_the_seat_back(
    new_context: Callable[..., BrowserContext], served: tuple[str, Path]
) -> None:
    base, _ = served
    pages = [new_context(viewport={"width": 1280, "height": 900}).new_page() for _ in range(2)]
    for page in pages:
        page.set_default_timeout(TIMEOUT)
    links = _create(pages[0], base, "move:60", "")
    for page, link in zip(pages, links, strict=True):
        page.goto(link)
        wait_for_move(page, 0)
    leaver = next(p for p in pages if "Your move" in p.locator("#status").inner_text())
    other = pages[1] if leaver is pages[0] else pages[0]
    leaver.wait_for_selector("#clock:has-text('Your time: 0:5')")
    other.wait_for_selector("#clock:has-text('time: 0:5')")

    leaver.once("dialog", lambda dialog: dialog.accept())
    leaver.click("#leave")
    other.wait_for_selector("#chat li.notice:has-text('left the game')")
    leaver.wait_for_selector("#away:has-text('plays your seat while you are away')")
    other.wait_for_selector("#players li:has-text('away: greedy bot plays')")
    _your_move(other)  # the bot decided for the person who left
    assert _moves(other) > 0

    leaver.click("#rejoin")
    other.wait_for_selector("#chat li.notice:has-text('took their seat back')")
    leaver.wait_for_selector("#away", state="hidden")
    expect(other.locator("#players")).not_to_contain_text("away", timeout=TIMEOUT)
    _play_to_the_end(pages, random.Random(5))
    for page in pages:
        page.wait_for_selector("#final table.scores")


def test_a_turn_based_day_runs_out_and_the_person_takes_the_seat_back(
    new_context: Callable[..., BrowserContext], served: tuple[str, Path]
) -> None:
    base, database = served
    desk = new_context(viewport={"width": 1280, "height": 900}).new_page()
    desk.set_default_timeout(TIMEOUT)
    links = _create(desk, base, "move:86400", "")
    phone = new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
    phone.set_default_timeout(TIMEOUT)
    pages = [desk, phone]
    for page, link in zip(pages, links, strict=True):
        page.goto(link)
        wait_for_move(page, 0)
    late = next(i for i, p in enumerate(pages) if "Your move" in p.locator("#status").inner_text())
    pages[late].wait_for_selector("#clock:has-text('Your time: 23 h 59 min')")
    pages[late].close()  # the person goes away for more than a day
    other = pages[1 - late]

    match_id = links[0].split("/match/")[1].split("#")[0]
    store = MatchStore(open_engine(f"sqlite:///{database}"))
    try:
        with store.engine.begin() as connection:
            connection.execute(
                update(Match)
                .where(Match.id == match_id)
                .values(deadline=now() - timedelta(seconds=1))
            )
    finally:
        store.engine.dispose()
    if not other.locator("#chat").is_visible():
        other.locator("#chat-box > summary").click()  # folded on a phone
    other.wait_for_selector("#chat li.notice:has-text('ran out of time')")
    _your_move(other)  # the bot decided for the person whose day ran out

    size = {"width": 390, "height": 844} if late == 1 else {"width": 1280, "height": 900}
    back = new_context(viewport=size, is_mobile=late == 1).new_page()
    back.set_default_timeout(TIMEOUT)
    back.goto(links[late])
    back.wait_for_selector("#away:has-text('plays your seat while you are away')")
    photograph(back, screenshot_dir() / "clock-away.png")
    back.click("#rejoin")
    back.wait_for_selector("#away", state="hidden")
    pages[late] = back
    _play_to_the_end(pages, random.Random(7))
    for page in pages:
        page.wait_for_selector("#final table.scores")
