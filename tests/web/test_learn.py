"""Learning in the browser (issue 45): each game's how-to-play page, reached from the lobby and
from the game page, in three languages and at desktop and phone width, with its pictures drawn
by the game's own board; the moves' help beside them; and the Hint button at the table."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import httpx
import pytest

import terra
from terra.core.guide import SECTIONS
from tests.server.test_sigkill import server
from tests.web.board_page import photograph, screenshot_dir

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

TIMEOUT = 20_000
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
GAMES = [g.id for g in terra.games()]


# What each kind of move in the list says it does, its folded sentences joined again.
ABOUT = """kinds => kinds.map((kind) => [...kind.querySelectorAll('.move-help')]
  .map((node) => node.firstChild.textContent.trim()).join(' '))"""


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("learn")
    with server(folder / "matches.sqlite3") as (_, address):
        yield address


def _overflow(page: Page) -> int:
    """How far the page is wider than its window (a phone must not scroll sideways)."""
    width: int = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    return width


@pytest.mark.parametrize("game_id", GAMES)
def test_the_how_to_play_page_tells_the_game_in_each_language(
    game_id: str, base: str, new_context: Callable[..., BrowserContext]
) -> None:
    game = terra.game(game_id)
    for language, viewport in (("en", DESKTOP), ("de", PHONE), ("nl", DESKTOP)):
        guide = game.guide(language)
        context = new_context(locale=language, viewport=viewport)
        page = context.new_page()
        page.set_default_timeout(TIMEOUT)
        page.goto(f"{base}/learn/{game_id}")
        page.get_by_role("heading", name=f"Terra Incognita · {guide.title}").wait_for()
        headings = page.locator("main h2").all_inner_texts()
        titles = [s.title for s in guide.section]
        assert headings[: len(titles)] == titles
        assert [s.id for s in guide.section][: len(SECTIONS)] == list(SECTIONS)
        pictures = [s for s in guide.section if s.picture is not None]
        assert page.locator("figure .picture:has(svg)").count() == len(pictures)
        for kind, words in guide.moves.items():
            assert page.locator("dd", has_text=words).count() >= 1, kind
        assert _overflow(page) <= 0
        if viewport is PHONE or language == "en":
            name = f"learn-{game_id}-{language}-{viewport['width']}"
            photograph(page, screenshot_dir() / f"{name}.png")
        context.close()


def test_the_lobby_and_the_game_page_lead_to_the_guide(
    base: str, new_context: Callable[..., BrowserContext]
) -> None:
    context = new_context(locale="en", viewport=DESKTOP)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(f"{base}/?game=nile")
    page.get_by_text(terra.game("nile").guide("en").summary).wait_for()
    assert page.locator("#game").input_value() == "nile"
    page.locator("#about").get_by_role("link", name="How to play Source of the Nile").click()
    page.get_by_role("heading", name="Terra Incognita · How to play Source of the Nile").wait_for()
    # the option's label and help from the guide, not its name in the code
    page.goto(f"{base}/?game=africa")
    words = terra.game("africa").guide("en").options["simple"]
    page.locator("#options label", has_text=words.label).wait_for()
    context.close()


# Each lobby card's picture: its boards' <svg>s with their widths and the map's viewBox width,
# whether its box scrolls, and any button in it.
CARD_PICTURES = """() => [...document.querySelectorAll('#cards .picture')].map((p) => {
  const svg = p.querySelector('svg');
  const pan = p.querySelector('.terra-pan');
  return {
    drawn: svg !== null,
    inside: svg === null || svg.getBoundingClientRect().width <= p.clientWidth + 1,
    scrolls: pan !== null && pan.scrollWidth > pan.clientWidth + 1,
    buttons: p.querySelectorAll('button').length,
  };
})"""


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desk", "phone"])
def test_the_lobby_cards_show_each_whole_map_small(
    base: str, new_context: Callable[..., BrowserContext], viewport: dict[str, int]
) -> None:
    """A card's picture is the game's whole board drawn small: no box to pan, no button."""
    page = new_context(locale="en", viewport=viewport).new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(base)
    count = len(GAMES)
    drawn = "[...document.querySelectorAll('#cards .picture')].every((p) => p.querySelector('svg'))"
    page.wait_for_function(f"() => document.querySelectorAll('#cards .picture').length === {count}")
    page.wait_for_function(f"() => {drawn}")
    pictures = page.evaluate(CARD_PICTURES)
    assert len(pictures) == count
    for picture in pictures:
        assert picture == {"drawn": True, "inside": True, "scrolls": False, "buttons": 0}


def _create(base: str, game_id: str) -> str:
    """A match of a person (seat 0) against a random bot: the person's page."""
    body = {"game": game_id, "players": 2, "seats": [{}, {"bot": "random"}]}
    created = httpx.post(f"{base}/api/matches", json=body, timeout=30).json()
    return str(created["seats"][0]["invite"])


def test_a_seat_asks_for_a_hint_and_plays_it(
    base: str, new_context: Callable[..., BrowserContext]
) -> None:
    context = new_context(locale="de", viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(_create(base, "africa"))
    page.locator("#legal .move-help").first.wait_for()
    # each kind of move says what it does in the page's language, and its rule
    # on a phone its first sentence shows, the rest folded under "(mehr)"
    helps = page.locator("#legal .kind").evaluate_all(ABOUT)
    assert helps and set(helps) <= set(terra.game("africa").guide("de").moves.values())
    page.locator("#legal .about > summary").first.click()  # "(mehr)": the rest and the rule
    assert page.locator("#legal .rule").first.inner_text().startswith("Regel: Africa, ")
    status = page.locator("#status").inner_text()
    page.get_by_role("button", name="Tipp", exact=True).click()
    hints = page.locator("#hints li button")
    hints.first.wait_for()
    assert 1 <= hints.count() <= 3
    assert "der Suche gewählt" in page.locator("#hints").inner_text()
    photograph(page, screenshot_dir() / "hint-africa-de-390.png")
    chosen = hints.first.inner_text()
    hints.first.click()
    page.wait_for_function(
        "before => document.getElementById('status').textContent !== before", arg=status
    )
    assert page.locator("#hints").is_hidden()
    assert page.locator("#error").is_hidden(), chosen  # the hinted move was legal and played
    match_id = page.url.split("/match/")[1].split("#")[0]
    summary = httpx.get(f"{base}/api/matches/{match_id}", timeout=30).json()
    assert summary["moves"] >= 1
    context.close()


def test_a_seat_takes_back_its_move_against_a_bot(
    base: str, new_context: Callable[..., BrowserContext]
) -> None:
    context = new_context(locale="en", viewport=DESKTOP)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    body = {"game": "africa", "players": 2, "seats": [{}, {"bot": "greedy"}], "seed": 4}
    created = httpx.post(f"{base}/api/matches", json=body, timeout=30).json()
    page.goto(str(created["seats"][0]["invite"]))
    assert page.locator("#undo").is_hidden()  # nothing to take back yet
    page.locator("#legal button").first.click()
    page.locator("#status", has_text="Your move. (move 2)").wait_for()  # the bot answered
    assert page.locator("#log li").count() >= 2
    page.get_by_role("button", name="Undo", exact=True).click()
    page.locator("#status", has_text="Your move. (move 0)").wait_for()
    assert page.locator("#undo").is_hidden()
    assert page.locator("#error").is_hidden()
    summary = httpx.get(f"{base}/api/matches/{created['id']}", timeout=30).json()
    assert summary["moves"] == 0
    context.close()


def _click_a_move(page: Page) -> None:
    """Click the first move button in sight, opening a folded kind where none is."""
    buttons = page.locator("#legal .kind > .choices button")
    if not buttons.count():
        page.locator("#legal .kind > details:not(.about):not([open]) > summary").first.click()
        buttons = page.locator("#legal button:visible")
    buttons.first.click()


def test_two_people_agree_to_take_back_a_move(
    base: str, new_context: Callable[..., BrowserContext]
) -> None:
    """Where another person plays, Undo asks them: the other page shows the request with
    Agree and Refuse, and agreeing takes the move back on both pages (issue 45, "Undo")."""
    body = {"game": "africa", "players": 2, "seats": [{"name": "Alice"}, {"name": "Bob"}]}
    created = httpx.post(f"{base}/api/matches", json=body, timeout=30).json()
    pages = []
    for seat, viewport in ((0, DESKTOP), (1, PHONE)):
        page = new_context(locale="en", viewport=viewport).new_page()
        page.set_default_timeout(TIMEOUT)
        page.goto(str(created["seats"][seat]["invite"]))
        page.locator("#status", has_text="(move 0)").wait_for()
        pages.append(page)
    alice, bob = pages
    _click_a_move(alice)
    bob.locator("#status", has_text="Your move. (move 1)").wait_for()
    alice.get_by_role("button", name="Undo", exact=True).click()
    alice.locator("#asked", has_text="You asked the other players").wait_for()
    bob.locator("#asked", has_text="Alice").wait_for()
    assert "asks to take back" in bob.locator("#asked").inner_text()
    photograph(bob, screenshot_dir() / "undo-asked-africa-390.png")
    bob.get_by_role("button", name="Agree", exact=True).click()
    alice.locator("#status", has_text="Your move. (move 0)").wait_for()
    bob.locator("#status", has_text="(move 0)").wait_for()
    assert alice.locator("#asked").is_hidden() and bob.locator("#asked").is_hidden()
    summary = httpx.get(f"{base}/api/matches/{created['id']}", timeout=30).json()
    assert summary["moves"] == 0


def test_a_finished_game_is_reviewed_decision_by_decision(
    base: str, new_context: Callable[..., BrowserContext]
) -> None:
    """The replay shows, for a seat's decisions, the search's favourites and the verdict on
    the move played (issue 45, "Review your game")."""
    from tests.web.test_live import finished_match

    summary = finished_match(base, "expedition")
    context = new_context(locale="en", viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(f"{base}/match/{summary['id']}/replay")
    page.locator("#where").get_by_text("Start of the game").wait_for()
    page.select_option("#review-seat", "1")
    page.get_by_role("button", name="Next decision").click()
    answer = page.locator("#review-answer")
    answer.get_by_text("The search's favourites:").wait_for()
    assert "From this position, " in answer.inner_text()
    assert answer.locator("li").count() >= 1
    assert answer.locator(".verdict").inner_text().startswith("The ")
    assert _overflow(page) <= 0
    photograph(page, screenshot_dir() / "review-expedition-390.png")
    context.close()


def test_a_whole_game_in_german(base: str, new_context: Callable[..., BrowserContext]) -> None:
    """Expedition against a bot, every move clicked on a German page: the status, each kind
    of move's help and each button in German, to the final scores (issue 45)."""
    import random

    guide = terra.game("expedition").guide("de")
    english = terra.game("expedition").guide("en")
    context = new_context(locale="de-DE", viewport=DESKTOP)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    body = {"game": "expedition", "players": 2, "seats": [{}, {"bot": "random"}], "seed": 8}
    created = httpx.post(f"{base}/api/matches", json=body, timeout=30).json()
    page.goto(str(created["seats"][0]["invite"]))
    # a refused move is explained in German: the engine's reason said from its catalog
    page.locator("#legal .kind").first.wait_for()
    state = terra.game("expedition").new(2, 8)
    refused = state.explain_illegal(state.parse_action("done"))
    assert refused is not None and refused.key is not None
    page.locator("#typed-move").fill("done")
    page.get_by_role("button", name="Spielen", exact=True).click()
    error = page.locator("#error")
    error.wait_for()
    said = terra.game("expedition").refusal_text(refused, "de")
    assert said in error.inner_text() and refused.reason not in error.inner_text()
    assert error.inner_text().startswith("Dieser Zug ist nicht erlaubt:")
    rng = random.Random(8)
    clicks = 0
    while True:
        page.wait_for_function(
            "() => document.querySelector('#final:not([hidden])')"
            " || document.querySelector('#legal button')"
        )
        if page.locator("#final").is_visible():
            break
        status = page.locator("#status").inner_text()
        assert status.startswith("Du bist am Zug."), status
        assert status.count("Zug") == 1, status  # one word for one thing: the turn
        helps = page.locator("#legal .move-help").all_inner_texts()
        assert helps and set(helps) <= set(guide.moves.values())
        assert not set(helps) & set(english.moves.values())
        folded = page.locator("#legal .kind > details:not(.about):not([open]) > summary")
        if folded.count():
            folded.first.click()
        buttons = page.locator("#legal button:visible")
        labels = buttons.all_inner_texts()
        assert not any(label.startswith(("mark ", "voucher ", "keep ", "done")) for label in labels)
        moves = int(status.split("(Schritt ")[1].rstrip(")"))
        buttons.nth(rng.randrange(buttons.count())).click()
        page.wait_for_function(
            "n => !document.getElementById('status').textContent.includes('(Schritt ' + n + ')')",
            arg=moves,
        )
        clicks += 1
    assert clicks > 20
    assert page.locator("#status").inner_text().startswith("Spiel zu Ende.")
    assert page.locator("#final table.scores").is_visible()
    photograph(page, screenshot_dir() / "german-expedition-end-1280.png")
    context.close()


def test_expeditions_whole_map_on_a_desktop(
    base: str, new_context: Callable[..., BrowserContext]
) -> None:
    """Expedition's readable map is wider than the board's column on a desktop: a button
    shows the whole map at the column's width, and the choice holds after a move."""
    context = new_context(locale="en", viewport=DESKTOP)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(_create(base, "expedition"))
    page.locator("#legal li").first.wait_for()
    pan = page.locator("#board .terra-pan")
    assert pan.evaluate("box => box.scrollWidth > box.clientWidth")  # the map pans
    page.get_by_role("button", name="Show the whole map").click()
    assert pan.evaluate("box => box.scrollWidth <= box.clientWidth")  # all of it in view
    page.locator("#legal .kind > details:not([open]) > summary").first.click()  # 12 marks fold
    page.locator("#legal button:visible").first.click()
    page.locator("#status", has_text="(move 2)").wait_for()
    assert page.get_by_role("button", name="Back to the readable map").is_visible()
    page.get_by_role("button", name="Back to the readable map").click()
    assert page.locator("#board .terra-pan").evaluate("box => box.scrollWidth > box.clientWidth")
    context.close()


# What a page may add to its two screens' worth while it settles (a late font, a scroll bar).
SLACK = 8


@pytest.mark.parametrize("width", ["390", "1280"])
@pytest.mark.parametrize("game_id", GAMES)
def test_a_game_page_stays_within_two_screens(
    base: str, new_context: Callable[..., BrowserContext], game_id: str, width: str
) -> None:
    """Never a page taller than two screens (issue 45): long lists of one kind of move fold
    behind their count, and on a phone the players and the log fold too; measured at each of
    a dozen decisions against a random bot."""
    viewport = PHONE if width == "390" else DESKTOP
    context = new_context(locale="en", viewport=viewport)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    body = {"game": game_id, "players": 2, "seats": [{}, {"bot": "random"}], "seed": 5}
    created = httpx.post(f"{base}/api/matches", json=body, timeout=30).json()
    page.goto(str(created["seats"][0]["invite"]))
    heights = []
    for _ in range(12):
        page.wait_for_function(
            "() => document.querySelector('#final:not([hidden])')"
            " || document.querySelector('#legal .kind')"
        )
        if page.locator("#final").is_visible():
            break
        heights.append(page.evaluate("document.documentElement.scrollHeight"))
        status = page.locator("#status").inner_text()
        _click_a_move(page)
        page.wait_for_function(
            "before => document.getElementById('status').textContent !== before", arg=status
        )
    limit = 2 * viewport["height"] + SLACK
    assert heights and max(heights) <= limit, f"{game_id} at {width} px: heights {heights}"
    assert _overflow(page) <= 0
    context.close()


def test_a_variants_own_options_show_only_with_it(
    base: str, new_context: Callable[..., BrowserContext]
) -> None:
    """Source of the Nile in the lobby: Game I's target and turn limit while Game I is chosen,
    Game II's turns (30.0) once Game 2 is; the match is created with Game II's options alone."""
    context = new_context(locale="en", viewport=DESKTOP)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(f"{base}/?game=nile")
    turns = page.locator('#options [data-option="turns"]')
    target = page.locator('#options [data-option="victory_points"]')
    target.wait_for()
    assert not turns.is_visible() and target.is_visible()
    page.locator('#options [data-option="game"]').select_option("2")
    turns.wait_for()
    assert not target.is_visible()
    turns.fill("20")
    page.locator("#create button[type=submit]").click()
    invite = page.locator("#invites li a").first.get_attribute("href")
    assert invite is not None
    match_id = invite.split("/match/")[1].split("#")[0]
    options = httpx.get(f"{base}/api/matches/{match_id}", timeout=30).json()["options"]
    assert options["game"] == 2 and options["turns"] == 20
    assert options["victory_points"] == 75  # the default, never sent
    context.close()
