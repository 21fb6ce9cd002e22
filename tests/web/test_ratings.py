"""Ratings in the lobby (docs/web.md, "Ratings"), on a phone in German: a game's leaderboard
lists people and bots (bots named as bots), the player's own row and standing stand out,
the table fits the screen and axe-core finds nothing serious in it."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import pytest

import terra
from terra.store import MatchStore, SeatInfo, open_engine
from terra.store.players import Players
from tests.server.test_sigkill import server
from tests.web.test_access import AXE, VIEWPORTS, serious

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext

TIMEOUT = 20_000  # milliseconds any one step in a page may take


@pytest.fixture(scope="module")
def rated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, list[int]]]:
    """``terra serve`` on a database holding one finished Expedition of Ann, Bo and a greedy
    bot, rated as the server starts; its address, Ann's key and the match's winners."""
    if not AXE.is_file():
        pytest.fail(f"axe-core is not installed: npm ci --prefix tests/web ({AXE} is missing)")
    database = tmp_path_factory.mktemp("ratings") / "matches.sqlite3"
    store = MatchStore(open_engine(f"sqlite:///{database}"))
    players = Players(store.engine)
    (ann, key), (bo, _) = players.create("Ann"), players.create("Bo")
    seats = [
        SeatInfo(0, "Ann", None, ann.id),
        SeatInfo(1, "Bo", None, bo.id),
        SeatInfo(2, "greedy bot", "greedy"),
    ]
    match_id, _ = store.create_match(terra.game("expedition").new(3, seed=8), seats)
    rng = random.Random(8)
    state, moves = store.state(match_id)
    while not state.is_over:
        appended = store.append_move(match_id, moves, rng.choice(state.legal_action_strs()), None)
        state, moves = appended.state, appended.moves
    store.engine.dispose()
    with server(database, "--bot-workers", "1") as (_, address):
        yield address, key, state.winners()


def test_the_leaderboard_on_a_phone_in_german(
    new_context: Callable[..., BrowserContext], rated: tuple[str, str, list[int]]
) -> None:
    base, key, _ = rated
    # axe is let in for this test: the pages' policy forbids scripts that are not their own.
    context = new_context(viewport=VIEWPORTS["phone"], locale="de-DE", bypass_csp=True)
    context.add_cookies([{"name": "terra_player", "value": key, "url": base}])
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(base)
    page.wait_for_selector("#me-name:has-text('Ann')")
    page.select_option("#ratings-game", "expedition")
    # Each row names its person or bot in a header cell; the rows are drawn again when the
    # lobby's player is read, so they are read once the three are shown.
    page.wait_for_function(
        "() => !document.getElementById('ratings-table').hidden"
        " && document.querySelectorAll('#ratings tr th').length === 3"
    )
    names = page.locator("#ratings tr th").all_inner_texts()
    assert sorted(names) == ["Ann (du)", "Bo", "Bot greedy"]
    assert page.locator("#ratings tr.bot th").inner_text() == "Bot greedy"
    assert page.locator("#ratings tr.me th").inner_text() == "Ann (du)"
    assert page.locator("#ratings-table thead th").all_inner_texts()[:3] == [
        "Platz",
        "Name",
        "Wertung",
    ]
    place = names.index("Ann (du)") + 1
    assert page.inner_text("#my-standing").startswith(f"Dein Platz in Expedition: {place},")
    assert page.inner_text("#my-ratings").startswith("Expedition: Wertung")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= VIEWPORTS["phone"]["width"], f"the lobby is {width} px wide on a phone"
    assert serious(page) == []
    page.select_option("#ratings-game", "nile")
    page.wait_for_selector("#ratings-empty:visible")
    assert page.inner_text("#my-standing").startswith("Du hast in Source of the Nile noch keine")
