"""The language switch in a real browser (issue 11, "Languages").

The whole game server runs in a thread on a temporary SQLite file; Debian's Chromium opens the
lobby with a German browser, switches to Dutch, creates a match from the lobby and plays a move
on the match page, whose words and log follow the language, and back to German there. A match
played to its end by two bots shows its final scores by category and its replay, controls and
log, in German, and the replay again in Dutch.
"""

from __future__ import annotations

import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx
import pytest
import uvicorn

from terra.server.app import create_app
from terra.server.security import site
from terra.server.tables import Settings
from terra.store import MatchStore, open_engine
from tests.web.board_page import photograph, screenshot_dir

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page


@pytest.fixture(scope="module")
def game_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a game server (lobby, match pages, API, sockets) in this process."""
    folder = tmp_path_factory.mktemp("server")
    store = MatchStore(open_engine(f"sqlite:///{folder / 'matches.sqlite3'}"))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = create_app(store, Settings(site=site("127.0.0.1", port)))
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


def heading(page: Page, text: str) -> None:
    page.get_by_role("heading", name=text, exact=True).wait_for()


def test_the_lobby_and_a_match_follow_the_language(
    new_context: Callable[..., BrowserContext], game_server: str, tmp_path: Path
) -> None:
    context = new_context(locale="de-DE", viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.set_default_timeout(15_000)

        # A German browser gets the lobby in German, its switch showing Deutsch.
        page.goto(f"{game_server}/")
        heading(page, "Neues Spiel")
        heading(page, "Meine Spiele")
        assert page.locator("html").get_attribute("lang") == "de"
        assert page.locator("#language").input_value() == "de"
        page.get_by_text("Noch keine.").wait_for()

        # The switch to Dutch: the lobby again, in Dutch.
        page.select_option("#language", "nl")
        heading(page, "Nieuw spel")
        assert page.locator("html").get_attribute("lang") == "nl"
        assert page.locator("#seats legend").inner_text() == "Plaatsen"
        assert page.locator("#seats label").first.inner_text().startswith("Plaats 1")

        # A match made in the lobby between two people; seat 0's page speaks Dutch too.
        page.select_option("#game", "africana")
        page.locator('#seats select[data-seat="1"]').select_option("")
        page.get_by_role("button", name="Aanmaken").click()
        heading(page, "Uitnodigingen")
        invite = page.locator("#invites a").first.get_attribute("href")
        assert invite is not None
        page.goto(invite)
        heading(page, "Verslag")
        heading(page, "Jouw zetten")
        page.get_by_text("Jij bent aan zet.", exact=False).wait_for()
        assert page.locator("#language").input_value() == "nl"

        # The typed move and its refusal: the page's words in Dutch, the engine's in English.
        page.get_by_text("Of typ een zet").wait_for()
        assert page.locator("#typed-move").get_attribute("placeholder") == "bv. done"
        page.fill("#typed-move", "done")
        page.get_by_role("button", name="Spelen", exact=True).click()
        refusal = page.locator("#error")
        refusal.get_by_text("Deze zet is niet toegestaan:").wait_for()
        assert "Regel: Africana, Gameplay" in refusal.inner_text()

        page.locator("#legal button", has_text="reiskaarten trekken").click()  # the move in Dutch
        page.locator("#log li", has_text="trekt 2 reiskaarten").wait_for()

        # Back to German on the match page: its words and the whole log again, in German.
        page.select_option("#language", "de")
        heading(page, "Protokoll")
        page.locator("#log li", has_text="zieht 2 Reisekarten").wait_for()
        assert page.locator("#log li", has_text="trekt").count() == 0
        assert page.locator("#raw").is_hidden()  # the board drew the position
    finally:
        context.close()


def test_an_unknown_browser_language_gets_english(
    new_context: Callable[..., BrowserContext], game_server: str
) -> None:
    context = new_context(locale="fr-FR")
    try:
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.goto(f"{game_server}/")
        heading(page, "New game")
        assert page.locator("#language").input_value() == "en"
    finally:
        context.close()


def finished_match(base: str) -> dict[str, Any]:
    """An Africana match of two random bots, played to its end on the server; its summary."""
    seats = [{"bot": "random"}, {"bot": "random"}]
    body = {"game": "africana", "players": 2, "seed": 5, "seats": seats}
    created = httpx.post(f"{base}/api/matches", json=body, timeout=30).json()
    deadline = time.monotonic() + 120
    while True:
        summary: dict[str, Any] = httpx.get(f"{base}/api/matches/{created['id']}").json()
        if summary["over"]:
            return summary
        assert time.monotonic() < deadline, "the bots' game did not end"
        time.sleep(0.2)


def server_log(base: str, match_id: str, step: int, lang: str) -> list[str]:
    """The spectator's log at ``step`` as the replay endpoint words it in ``lang``."""
    query: dict[str, str | int] = {"step": step, "since": 0, "lang": lang}
    answer = httpx.get(f"{base}/api/matches/{match_id}/replay", params=query).json()
    texts: list[str] = answer["log_text"]
    return texts


# Africana's colours and artifacts in German, and the English words of the data that a German
# or Dutch board must not show (England is the same in German; orange and magenta are written
# with a capital in German).
GERMAN_COLOURS = {
    "Weiß",
    "Blau",
    "Gelb",
    "Rot",
    "Magenta",
    "Türkis",
    "Anthrazit",
    "Orange",
    "Violett",
}
GERMAN_ARTIFACTS = {"Trommel", "Maske", "Statue", "Schild", "Halskette"}
ENGLISH_WORDS = {
    "white",
    "blue",
    "yellow",
    "red",
    "magenta",
    "turquoise",
    "grey",
    "orange",
    "violet",
    "drum",
    "mask",
    "statue",
    "shield",
    "necklace",
    "Italy",
    "France",
    "Germany",
    "assistant",
}


def board_words(page: Page) -> list[str]:
    """The texts the board draws, each as one string, once it has drawn them."""
    page.locator("#board svg text").first.wait_for()
    texts: list[str] = page.locator("#board svg text").all_text_contents()
    return [" ".join(t.split()) for t in texts]


def test_the_final_scores_and_the_replay_follow_the_language(
    new_context: Callable[..., BrowserContext], game_server: str
) -> None:
    summary = finished_match(game_server)
    match_id, moves = summary["id"], summary["moves"]
    context = new_context(locale="de-DE", viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.set_default_timeout(15_000)

        # The final table: German heading, category labels, total and winner's mark.
        page.goto(f"{game_server}/match/{match_id}")
        heading(page, "Endwertung")
        table = page.locator("#final table.scores")
        rows = table.locator("tbody th").all_inner_texts()
        assert rows == [
            "Expeditionen",
            "Artefakte",
            "Sammlungen",
            "Helferkarten",
            "Silber",
            "Reisekarten",
            "Unvollendete Artefakte",
            "Summe",
        ]
        assert "★ Sieger" in table.locator("thead").inner_text()
        photograph(page, screenshot_dir() / "final-africana-de.png", full_page=True)

        # Its replay: German controls, status and step, and the log in German.
        page.get_by_role("link", name="Dieses Spiel Zug für Zug wiederholen").click()
        page.locator("#where", has_text=f"Spielbeginn (0 von {moves} Schritten)").wait_for()
        assert page.locator("html").get_attribute("lang") == "de"
        assert page.locator("#language").input_value() == "de"
        heading(page, "Protokoll")
        assert "Wiederholung von Africana" in page.locator("h1").inner_text()
        assert f"{moves} Schritte. Gewonnen von" in page.locator("#status").inner_text()
        page.get_by_role("link", name="Zurück zur Spielseite").wait_for()
        page.get_by_role("button", name="Nächster Zug").click()
        page.locator("#where", has_text=f"Schritt 1 von {moves}: ").wait_for()
        page.get_by_role("button", name="Endstellung").click()
        page.locator("#where", has_text=f"Schritt {moves} von {moves}").wait_for()
        page.locator("#final table.scores", has_text="Reisekarten").wait_for()
        german = server_log(game_server, match_id, moves, "de")
        assert german != server_log(game_server, match_id, moves, "en")
        assert page.locator("#log li").all_inner_texts() == german
        assert page.locator("#raw").is_hidden()  # the board drew the position
        photograph(page, screenshot_dir() / "replay-africana-de.png", full_page=True)
        # The board's words too: companies, colours and artifacts as the German rulebook has them.
        german_board = board_words(page)
        panels = " | ".join(german_board)
        assert "Italien, Weiß · " in panels
        assert "Frankreich, Blau · " in panels
        # An adventure card's reward: "Helferkarte <colour>" or "<artifact> <silver>$ <points>★".
        rewards = [
            re.sub(r" \d+\$ \d+★$", "", w.removeprefix("Helferkarte "))
            for w in german_board
            if w.startswith("Helferkarte ") or re.fullmatch(r"\w+ \d+\$ \d+★", w)
        ]
        assert rewards, german_board  # the books show an adventure card or two
        assert set(rewards) <= GERMAN_COLOURS | GERMAN_ARTIFACTS, rewards
        assert not ENGLISH_WORDS & set(re.findall(r"[A-Za-z]+", " ".join(german_board)))

        # The switch to Dutch: the same step again, its words and whole log in Dutch.
        page.select_option("#language", "nl")
        heading(page, "Verslag")
        page.locator("#where", has_text=f"Zet {moves} van {moves}").wait_for()
        dutch = server_log(game_server, match_id, moves, "nl")
        page.locator("#log li").nth(len(dutch) - 1).wait_for()
        assert page.locator("#log li").all_inner_texts() == dutch
        page.locator("#final tbody th", has_text="Reiskaarten").wait_for()
        dutch_board = board_words(page)
        assert "Italië, wit · " in " | ".join(dutch_board)
        dutch_words = set(re.findall(r"[A-Za-z]+", " ".join(dutch_board)))
        assert not (ENGLISH_WORDS - {"magenta"}) & dutch_words  # magenta is Dutch too
    finally:
        context.close()
