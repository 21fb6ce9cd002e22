"""Open tables in the browser (docs/web.md, "Players and open tables"): Ann picks a name and
opens a table; Bo, in another browser, picks a name, finds it in the lobby and joins; both
pages then show the game started, each with its own seat."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import pytest

from tests.server.test_sigkill import server

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

TIMEOUT = 20_000  # milliseconds any one step in a page may take


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``terra serve`` on a new database."""
    database = tmp_path_factory.mktemp("tables") / "matches.sqlite3"
    with server(database, "--bot-workers", "1") as (_, address):
        yield address


def named(new_context: Callable[..., BrowserContext], base: str, name: str) -> Page:
    """A new browser's lobby, once it has picked ``name``."""
    page = new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(base)
    page.wait_for_selector("#game option", state="attached")
    page.fill("#name", name)
    page.click("#name-form button")
    page.wait_for_selector(f"#me-name:has-text('{name}')")
    return page


def test_ann_opens_a_table_and_bo_joins_it_from_the_lobby(
    new_context: Callable[..., BrowserContext], served: str
) -> None:
    ann = named(new_context, served, "Ann")
    ann.select_option("#game", "expedition")
    ann.fill("#players", "2")
    ann.dispatch_event("#players", "change")
    ann.select_option("[data-seat='1']", "")  # a person: a free seat
    ann.check("#open")
    ann.click("#create button[type=submit]")
    ann.wait_for_url("**/match/*")
    ann.wait_for_selector("#table:has-text('(1 of 2)')")
    assert "Ann" in ann.inner_text("#table")
    # the table is drawn from the match's summary, the status from the live connection: wait
    ann.wait_for_selector("#status:has-text('The game has not started')")
    bo = named(new_context, served, "Bo")
    bo.wait_for_selector("#open-tables button:has-text('Join')")
    assert "Ann" in bo.inner_text("#open-tables")
    bo.click("#open-tables button:has-text('Join')")
    bo.wait_for_url("**/match/*")
    assert bo.url == ann.url
    for page, other in ((ann, "Bo"), (bo, "Ann")):
        page.wait_for_selector("#table", state="hidden")
        page.wait_for_selector(f"#players li:has-text('{other}')")
        assert "you" in page.inner_text("#players")
    ann.wait_for_selector("#status:has-text('Your move')")
    bo.wait_for_selector("#status:has-text('Ann to move')")
    assert ann.locator("#legal button").count() > 0
    mine = bo.locator("#players li", has_text="— you").inner_text()
    assert mine.startswith("Bo")
    bo.goto(served)  # Bo's games follow him to the lobby
    bo.wait_for_selector("#my-tables li:has-text('Expedition')")


def test_the_creator_fills_the_empty_seat_with_a_bot_and_the_game_starts(
    new_context: Callable[..., BrowserContext], served: str
) -> None:
    cy = named(new_context, served, "Cy")
    cy.select_option("#game", "expedition")
    cy.fill("#players", "2")
    cy.dispatch_event("#players", "change")
    cy.select_option("[data-seat='1']", "")
    cy.check("#open")
    cy.click("#create button[type=submit]")
    cy.wait_for_selector("#table:has-text('(1 of 2)')")
    cy.select_option("#fill-bot", "random")
    cy.click("#table button:has-text('Fill the empty seats with bots')")
    cy.wait_for_selector("#table", state="hidden")
    cy.wait_for_selector("#players li:has-text('random bot')")
    cy.wait_for_selector("#status:has-text('Your move')")


def test_a_joiner_leaves_a_waiting_table_and_its_creator_closes_it(
    new_context: Callable[..., BrowserContext], served: str
) -> None:
    di = named(new_context, served, "Di")
    di.select_option("#game", "expedition")
    di.fill("#players", "3")
    di.press("#players", "Tab")  # the field's change, as a person leaving it makes it
    for seat in ("1", "2"):
        di.select_option(f"[data-seat='{seat}']", "")
    di.check("#open")
    di.click("#create button[type=submit]")
    di.wait_for_selector("#table:has-text('(1 of 3)')")
    table = di.url
    ed = named(new_context, served, "Ed")
    ed.goto(table)  # as a spectator: no seat to leave
    ed.wait_for_selector("#table:has-text('(1 of 3)')")
    assert ed.locator("#leave-table").count() == 0
    ed.goto(served)
    ed.wait_for_selector("#open-tables li:has-text('Di') button:has-text('Join')")
    ed.click("#open-tables button:has-text('Join')")
    ed.wait_for_url("**/match/*")
    di.wait_for_selector("#table:has-text('(2 of 3)')")
    ed.click("#table button:has-text('Leave this table')")
    ed.wait_for_url(served.rstrip("/") + "/")
    di.wait_for_selector("#table:has-text('(1 of 3)')")
    di.click("#table button:has-text('Close this table')")
    di.wait_for_url(served.rstrip("/") + "/")
    ed.reload()
    ed.wait_for_selector("#open-tables li")
    assert table.rsplit("/", 1)[1] not in ed.inner_html("#open-tables")
