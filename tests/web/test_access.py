"""The pages as assistive technology meets them: axe-core (the npm package, loaded into each
page) finds no serious or critical violation in the lobby, the how-to-play pages and every
game's page for a seat, at desktop and phone width."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx
import pytest

import terra
from tests.server.test_sigkill import server

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

AXE = Path(__file__).with_name("node_modules") / "axe-core" / "axe.min.js"
VIEWPORTS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
GAMES = [g.id for g in terra.games()]
TIMEOUT = 20_000


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if not AXE.is_file():
        pytest.fail(f"axe-core is not installed: npm ci --prefix tests/web ({AXE} is missing)")
    folder = tmp_path_factory.mktemp("access")
    with server(folder / "matches.sqlite3") as (_, address):
        yield address


def serious(page: Page) -> list[str]:
    """axe-core's serious and critical violations in the page, each with where it is."""
    page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
    )
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:4]}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


def _open(new_context: Callable[..., BrowserContext], width: str) -> Page:
    # The pages' policy forbids scripts that are not their own: axe is let in for this test.
    context = new_context(viewport=VIEWPORTS[width], bypass_csp=True, locale="en")
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    return page


@pytest.mark.parametrize("width", list(VIEWPORTS))
def test_the_lobby_and_the_guides(
    width: str, base: str, new_context: Callable[..., BrowserContext]
) -> None:
    page = _open(new_context, width)
    page.goto(base)
    page.locator("#about p").first.wait_for()
    problems = {"lobby": serious(page)}
    for game_id in GAMES:
        page.goto(f"{base}/learn/{game_id}")
        page.locator("main h2").first.wait_for()
        problems[f"learn/{game_id}"] = serious(page)
    assert not {k: v for k, v in problems.items() if v}


@pytest.mark.parametrize("width", list(VIEWPORTS))
@pytest.mark.parametrize("game_id", GAMES)
def test_a_seats_game_page(
    game_id: str, width: str, base: str, new_context: Callable[..., BrowserContext]
) -> None:
    body = {"game": game_id, "players": 2, "seats": [{}, {"bot": "random"}]}
    created = httpx.post(f"{base}/api/matches", json=body, timeout=30).json()
    page = _open(new_context, width)
    page.goto(str(created["seats"][0]["invite"]))
    page.locator("#legal li").first.wait_for()
    page.locator("#board svg").first.wait_for()
    assert not serious(page)
