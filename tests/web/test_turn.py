"""Your turn where a player looks away from the page: the tab's title and icon say it is their
move, and a seated player may ask for a notification (issue "Play with strangers and
friends", "Your turn")."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import httpx
import pytest

from tests.server.test_sigkill import server
from tests.web.test_learn import _click_a_move

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

TIMEOUT = 20_000
ICON = "() => document.querySelector(\"link[rel='icon']\").href"


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("turn")
    with server(folder / "matches.sqlite3") as (_, address):
        yield address


def _open(new_context: Callable[..., BrowserContext], url: str) -> Page:
    page = new_context(locale="en").new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(url)
    page.locator("#status", has_text="(move").wait_for()
    return page


def test_the_tab_says_whose_move_it_is(
    base: str, new_context: Callable[..., BrowserContext]
) -> None:
    body = {"game": "africa", "players": 2, "seats": [{"name": "Ann"}, {"name": "Bo"}]}
    created = httpx.post(f"{base}/api/matches", json=body, timeout=30).json()
    ann, bo = (_open(new_context, str(seat["invite"])) for seat in created["seats"])
    eye = _open(new_context, f"{base}/match/{created['id']}")
    ann.wait_for_function("() => document.title.startsWith('● Your move')")
    assert not bo.title().startswith("●") and not eye.title().startswith("●")
    assert ann.evaluate(ICON) != bo.evaluate(ICON)
    assert ann.locator("#notify").is_visible() and eye.locator("#notify").is_hidden()
    _click_a_move(ann)
    bo.wait_for_function("() => document.title.startsWith('● Your move')")
    ann.wait_for_function("() => !document.title.startsWith('●')")
    assert ann.evaluate(ICON) == eye.evaluate(ICON)
