"""Two people play each other live on ``terra serve``, each in a browser of their own.

A match of two people is created in the lobby; seat 0 opens its invitation link in a desktop
browser context and seat 1 in a phone-sized one. They play a whole game of Expedition by clicks
(a target on the board, else a button of the list of moves), each page seeing the other's moves
as they are made; seat 1's page is reloaded in the middle. An illegal move typed on a page is
refused with its rule, shown above the board. Each page shows its own seat's log (a seat's
own cards are named in it), so pages are compared with themselves. At the end both pages show
the final scores and the replay steps back through the game.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import httpx
import pytest

import terra
from tests.server.test_sigkill import WAIT, server
from tests.web.board_page import photograph, screenshot_dir

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page, Route

TIMEOUT = 20_000  # milliseconds any one step in a page may take
MOST_MOVES = 800  # far beyond any game of Expedition between two players
RELOAD_AT = 40
BOARD_SHARE = 0.7  # the share of moves clicked on the board when it offers targets

# Click point of the board's target number ``i``: where the target itself is hit.
AIM = """(i) => {
  const node = document.querySelectorAll("#board .target[data-action]")[i];
  node.scrollIntoView({ block: "center", inline: "center" });
  const box = node.getBoundingClientRect();
  const steps = [0.5, 0.35, 0.65, 0.2, 0.8];
  for (const fy of steps) for (const fx of steps) {
    const x = box.left + box.width * fx, y = box.top + box.height * fy;
    const hit = document.elementFromPoint(x, y);
    if (hit && hit.closest(".target") === node) return [x, y];
  }
  return null;
}"""


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``terra serve`` on a new database, for the tests of this module."""
    folder = tmp_path_factory.mktemp("live")
    with server(folder / "matches.sqlite3") as (_, address):
        yield address


def moves_shown(page: Page) -> int:
    """The move count in the page's status line."""
    found = re.search(r"\(move (\d+)\)", page.locator("#status").inner_text())
    assert found, page.locator("#status").inner_text()
    return int(found.group(1))


def wait_for_move(page: Page, moves: int) -> None:
    page.wait_for_function(
        "n => /\\(move (\\d+)\\)/.exec(document.getElementById('status').textContent)?.[1] == n",
        arg=moves,
        timeout=TIMEOUT,
    )


def log_texts(page: Page) -> list[str]:
    return page.locator("#log li").all_inner_texts()


def play_one(page: Page, rng: random.Random) -> str:
    """Click one of the page's moves: a board target, or a button of the list."""
    targets = page.locator("#board .target[data-action]")
    count = targets.count()
    if count and rng.random() < BOARD_SHARE:
        for index in rng.sample(range(count), min(count, 5)):
            point = page.evaluate(AIM, index)
            if point is not None:
                action = targets.nth(index).get_attribute("data-action") or ""
                page.mouse.click(point[0], point[1])
                return action
    folded = page.locator("#legal .kind > details:not(.about):not([open]) > summary")
    none_shown = not page.locator("#legal button:visible").count()
    if folded.count() and (none_shown or rng.random() < 0.5):
        folded.first.click()  # a long list of one kind folds behind its count
    buttons = page.locator("#legal button:visible")
    choice = buttons.nth(rng.randrange(buttons.count()))
    action = choice.inner_text()
    choice.click()
    return action


def create_in_lobby(page: Page, base: str) -> list[str]:
    """A two-player match of Expedition with a person at each seat; its invitation links."""
    page.goto(base)
    page.select_option("#game", "expedition")
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    page.select_option("[data-seat='1']", "")  # the lobby offers a bot at seat 1
    page.click("#create button[type=submit]")
    page.wait_for_selector("#created:not([hidden])")
    links = page.locator("#invites a").evaluate_all("links => links.map(a => a.href)")
    assert len(links) == 2, links
    return [str(link) for link in links]


def refusal(page: Page) -> str:
    box = page.locator("#error")
    box.wait_for(state="visible", timeout=TIMEOUT)
    return box.inner_text()


def type_move(page: Page, text: str) -> None:
    if not page.locator("#typed-move").is_visible():  # folded on a phone
        page.locator("#typed-box > summary").click()
    page.fill("#typed-move", text)
    page.click("#typed button[type=submit]")


def test_two_people_play_a_whole_game_live(
    new_context: Callable[..., BrowserContext], base: str
) -> None:
    desk = new_context(viewport={"width": 1280, "height": 800})
    phone = new_context(
        viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True
    )
    try:
        pages = [desk.new_page(), phone.new_page()]
        for page in pages:
            page.set_default_timeout(TIMEOUT)
        links = create_in_lobby(pages[0], base)
        for page, link in zip(pages, links, strict=True):
            page.goto(link)
            wait_for_move(page, 0)
        first = pages[0] if "Your move" in pages[0].locator("#status").inner_text() else pages[1]
        waiting = pages[1] if first is pages[0] else pages[0]

        # The rules refuse a move, and the page says which rule; nothing changes.
        type_move(first, "done")
        assert "first every player marks research destinations" in refusal(first)
        assert "Rule: Expedition, Marking Research Destinations" in refusal(first)
        type_move(waiting, "pass")
        assert "Rule: Expedition, Gameplay" in refusal(waiting)
        assert moves_shown(first) == moves_shown(waiting) == 0

        rng = random.Random(11)
        moves = 0
        while moves < MOST_MOVES:
            if "Game over" in pages[0].locator("#status").inner_text():
                break
            mover = next(p for p in pages if "Your move" in p.locator("#status").inner_text())
            other = pages[1] if mover is pages[0] else pages[0]
            log_before = len(log_texts(other))
            play_one(mover, rng)
            moves += 1
            for page in pages:
                wait_for_move(page, moves)
            assert len(log_texts(other)) > log_before, "the other page did not see the move"
            assert not mover.locator("#error").is_visible(), refusal(mover)
            if moves == RELOAD_AT:
                before = log_texts(pages[1])
                pages[1].reload()
                wait_for_move(pages[1], moves)
                assert log_texts(pages[1]) == before  # its own log, whole again
        assert "Game over" in pages[0].locator("#status").inner_text(), f"{moves} moves"

        for page, name in zip(pages, ("desk", "phone"), strict=True):
            final = page.locator("#final table.scores")
            final.wait_for()
            assert "Total" in final.inner_text()
            assert page.locator("#final th.winner").count() >= 1
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
            photograph(page, screenshot_dir() / f"live-expedition-end-{name}.png")

        whole_log = len(log_texts(pages[1]))
        lobby = pages[0]  # the lobby remembers the games made in this browser, with a replay
        match_path = links[0].split("#")[0].removeprefix(base)
        lobby.goto(base)
        lobby.wait_for_selector(f"#my-games a[href='{match_path}/replay']")

        replay = pages[1]
        replay.click("#final a.replay-link")
        replay.wait_for_selector("#where:has-text('Start of the game')")
        replay.keyboard.press("End")
        replay.wait_for_selector(f"#where:has-text('Move {moves} of {moves}')")
        assert replay.locator("#final table.scores").is_visible()
        replay.keyboard.press("ArrowLeft")
        replay.wait_for_selector(f"#where:has-text('Move {moves - 1} of {moves}')")
        assert not replay.locator("#final").is_visible()
        assert len(log_texts(replay)) < whole_log
        photograph(replay, screenshot_dir() / "replay-expedition-phone.png")
    finally:
        desk.close()
        phone.close()


# Source of the Nile's own option for a shorter game, as in the board tests.
OPTIONS: dict[str, dict[str, Any]] = {"nile": {"turn_limit": 30}}
SIZES = {"desk": (1280, 800), "phone": (390, 844)}


def finished_match(base: str, game: str) -> dict[str, Any]:
    """A match of two random bots, played to its end on the server; its summary."""
    body = {
        "game": game,
        "players": 2,
        "seed": 5,
        "options": OPTIONS.get(game, {}),
        "seats": [{"bot": "random"}, {"bot": "random"}],
    }
    created = httpx.post(f"{base}/api/matches", json=body, timeout=WAIT).json()
    deadline = time.monotonic() + 4 * WAIT
    while True:
        summary: dict[str, Any] = httpx.get(
            f"{base}/api/matches/{created['id']}", timeout=WAIT
        ).json()
        if summary["over"]:
            return summary
        assert time.monotonic() < deadline, f"the bots' {game} game did not end"
        time.sleep(0.2)


def fail_once(page: Page, url: str) -> list[int]:
    """Make the server's first answer to ``url`` a 503 and let the next ones through; the list
    that grows by one for each time it is asked."""
    asked: list[int] = []

    def answer(route: Route) -> None:
        asked.append(1)
        if len(asked) == 1:
            route.fulfill(status=503, json={"error": "busy"})
        else:
            route.continue_()

    page.route(url, answer)
    return asked


# A step of a long game's replay (the server replays the record up to it) on a machine busy with
# the other tests: it came after 20 s in one run, so it is given a minute.
STEP_TIMEOUT = 60_000


def wait_for_step(page: Page, step: int, moves: int) -> None:
    """Wait until the replay shows ``step``; failing, say what the page shows instead."""
    from playwright.sync_api import Error as PlaywrightError

    try:
        page.wait_for_selector(f"#where:has-text('Move {step} of {moves}')", timeout=STEP_TIMEOUT)
    except PlaywrightError as problem:
        where, error = page.locator("#where").inner_text(), page.locator("#error").inner_text()
        pytest.fail(
            f"the replay did not reach move {step}: it shows {where!r}, error {error!r} "
            f"({str(problem).splitlines()[0]})"
        )


@pytest.mark.parametrize("game", [g.id for g in terra.games()])
def test_the_end_and_the_replay_of_every_game(
    new_context: Callable[..., BrowserContext], base: str, game: str
) -> None:
    """Each game's page at its end shows the final scores by category, and its replay steps
    through it, on a desk and on a phone; photographed for a person to look at."""
    summary = finished_match(base, game)
    match_id, moves = summary["id"], summary["moves"]
    for size, (width, height) in SIZES.items():
        context = new_context(viewport={"width": width, "height": height})
        try:
            page = context.new_page()
            page.set_default_timeout(TIMEOUT)
            page.goto(f"{base}/match/{match_id}")
            table = page.locator("#final table.scores")
            table.wait_for()
            totals = table.locator("tr.total td").all_inner_texts()
            assert [int(t) for t in totals] == summary["result"]["scores"]
            winners = table.locator("thead th.winner").count()
            assert winners == len(summary["result"]["winners"])
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
            assert not page.locator("#typed").is_visible()  # a spectator has no moves
            photograph(page, screenshot_dir() / f"page-{game}-end-{size}.png")
            middle = moves // 2
            # A server that fails to answer once (a 503) is asked again: the step still comes.
            asked = fail_once(page, "**/replay?*")
            page.goto(f"{base}/match/{match_id}/replay#step={middle}")
            wait_for_step(page, middle, moves)
            assert len(asked) == 2 and not page.locator("#error").is_visible()
            page.unroute("**/replay?*")
            # One board: a map that pans (Expedition's) is drawn apart from what is under it.
            boards = page.locator("#board svg.terra-board").count()
            assert boards in (1, 2)
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
            photograph(page, screenshot_dir() / f"page-{game}-replay-{size}.png")
            page.keyboard.press("ArrowRight")
            wait_for_step(page, middle + 1, moves)
            assert page.locator("#board svg.terra-board").count() == boards
        finally:
            context.close()
