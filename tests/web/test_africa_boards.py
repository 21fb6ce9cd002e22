"""What players saw on Africa's and Africana's boards, as the browser draws them: Africa's hex
ids and marker words, what "gold" in a row counts; Africana's score labelled, explorers that
leave every name clear, the buying button naming its book and why, words readable on a
phone."""

from __future__ import annotations

import time
from typing import Any

import pytest

import terra
from terra.ai.bots import make_bot
from terra.core.state import GameState
from tests.web.board_page import BoardPage
from tests.web.test_boards import as_json, layout_of, moves_of
from tests.web.test_labels import BOXES, _overlap

MOMENTS = (0, 6, 30, 90, 200)


def greedy_positions(game_id: str, players: int, seed: int) -> list[GameState]:
    """Copies of one greedy game at each of MOMENTS (moves played)."""
    state = terra.game(game_id).new(players=players, seed=seed)
    bot = make_bot("greedy", seed)
    out, played = [], 0
    for moment in MOMENTS:
        while played < moment and not state.is_over:
            state.apply(bot.choose(state))
            played += 1
        if state.is_over:
            break
        out.append(state.clone())
    return out


def show(page: BoardPage, state: GameState) -> None:
    seat = state.current_player
    page.show(as_json(state.view(seat)), moves_of(state), seat)


def texts(page: BoardPage, selector: str) -> list[str]:
    found: list[str] = page.page.evaluate(
        "s => [...document.querySelectorAll(s)].map((n) => n.textContent)", selector
    )
    return found


# --- Africa ----------------------------------------------------------------------------------


def test_africa_shows_every_hex_id_the_moves_name(board_page: BoardPage) -> None:
    """Moves and the log say "go E7": every hex shows its id, one label each."""
    state = terra.game("africa").new(players=2, seed=3)
    layout = layout_of(state)
    board_page.load("africa", layout)
    show(board_page, state)
    assert sorted(texts(board_page, "svg text.coord")) == sorted(h["id"] for h in layout["hexes"])


@pytest.mark.parametrize("width", ["desk", "phone"])
def test_africa_names_its_markers_in_words(
    width: str, board_page: BoardPage, phone_page: BoardPage
) -> None:
    """A face-up marker reads "zebra" or "gold" over "2", not a code needing the legend."""
    page = board_page if width == "desk" else phone_page
    state = greedy_positions("africa", 3, 21)[-1]
    page.load("africa", layout_of(state))
    show(page, state)
    words = set(texts(page, "svg text.marker-word"))
    assert words, "no face-up marker drawn"
    codes = {kind["label"] for kind in layout_of(state)["markers"].values()}
    assert not words & codes, f"two-letter codes on the map: {words & codes}"
    assert words <= {
        "gold",
        "jewels",
        "1",
        "2",
        "statue",
        "kettle",
        "clothing",
        "drum",
        "mask",
        "elephant",
        "zebra",
        "lion",
        "giraffe",
        "nomad",
        "monument",
    }
    page.screenshot(f"africa-words-{width}")


def test_africa_row_says_its_gold_is_what_camps_took(board_page: BoardPage) -> None:
    """Africa, Uncovering Gold and Jewels: uncovered gold scores at once and stays on the map;
    the gold in a row is what base camps took (5. Use Natural Resources), and says so."""
    state = greedy_positions("africa", 3, 21)[-1]
    board_page.load("africa", layout_of(state))
    show(board_page, state)
    rows = texts(board_page, "svg g.player > text")
    assert all("gold held" in row and "points" in row for row in rows), rows
    tips = texts(board_page, "svg g.player > title")
    assert all("base camps" in tip for tip in tips), tips


# The heights on screen (CSS px) of the map's hex ids and marker words, with their words.
MAP_WORDS = """() => [...document.querySelectorAll(
  ".terra-pan svg text.coord, .terra-pan svg text.marker-word")].map((node) =>
  [node.textContent, node.getBoundingClientRect().height])"""
# How far (CSS px) each text of the players' rows reaches beyond the board's container.
ROWS_OVER = """() => {
  const edge = document.querySelector("#board").getBoundingClientRect().right;
  return [...document.querySelectorAll("svg g.player text")]
    .map((node) => [node.textContent, node.getBoundingClientRect().right - edge])
    .filter(([, over]) => over > 0.5);
}"""


def test_africa_reads_on_a_phone(phone_page: BoardPage) -> None:
    """At 390 px the map is drawn large enough, in its own panned box, that every hex id and
    marker word is at least 9 CSS px tall, and no word of the players' rows is cut off at the
    right (a row too long for the screen goes on two lines)."""
    state = greedy_positions("africa", 3, 21)[-1]
    phone_page.load("africa", layout_of(state))
    show(phone_page, state)
    heights = phone_page.page.evaluate(MAP_WORDS)
    small = [(words, round(height, 1)) for words, height in heights if height < 9]
    assert len(heights) > len(layout_of(state)["hexes"]), "no face-up marker drawn"
    assert not small, f"words too small to read: {small[:10]}"
    assert not phone_page.page.evaluate(ROWS_OVER), "words of the rows cut off at the right"
    assert phone_page.fits_width()
    phone_page.screenshot("africa-reads-phone")


def test_africa_whole_map_on_a_desktop(board_page: BoardPage) -> None:
    """At 1280 px the whole map is in view, as large as its column: nothing to pan, and no
    button to show the whole of it."""
    state = terra.game("africa").new(players=2, seed=3)
    board_page.load("africa", layout_of(state))
    show(board_page, state)
    pan = board_page.page.locator("#board .terra-pan")
    assert pan.evaluate("box => box.scrollWidth <= box.clientWidth")
    assert pan.evaluate("box => box.scrollHeight <= box.clientHeight")
    assert board_page.page.locator("#board .terra-zoom").is_hidden()


# --- Africana --------------------------------------------------------------------------------


@pytest.mark.parametrize("width", ["desk", "phone"])
def test_africana_explorers_never_hide_a_name(
    width: str, board_page: BoardPage, phone_page: BoardPage
) -> None:
    page = board_page if width == "desk" else phone_page
    states = greedy_positions("africana", 2, 21)
    page.load("africana", layout_of(states[0]))
    hidden = []
    for k, state in enumerate(states):
        show(page, state)
        # on the map only: in its box, a name scrolled out of sight lies where the lines
        # under the map are drawn
        names = page.page.evaluate(BOXES, [".terra-pan svg text.label", ""])
        pawns = page.page.evaluate(BOXES, [".terra-pan svg g.pawn", ""])
        hidden += [(k, n[0]) for n in names for p in pawns if _overlap(n[1:], p[1:], slack=0.5)]
        page.screenshot(f"africana-pieces-{width}-{k}")
    assert not hidden, f"explorers over names: {hidden}"


def test_africana_score_is_labelled_as_if_the_game_ended_now(board_page: BoardPage) -> None:
    """The score in a row counts travel cards in hand (Africana, Scoring), so it moves as
    cards are played and drawn: it says it is the score if the game ended now."""
    state = greedy_positions("africana", 2, 21)[2]
    board_page.load("africana", layout_of(state))
    show(board_page, state)
    rows = texts(board_page, 'svg g.player > text[font-weight="bold"]')
    assert len(rows) == 2
    assert all("points if the game ended now" in row for row in rows), rows
    assert "★" not in "".join(rows)
    tips = texts(board_page, "svg g.player > title")
    assert all("travel cards" in tip for tip in tips), tips


def test_africana_buy_names_the_book_and_why(board_page: BoardPage) -> None:
    """Africana, B): the book is the one of the explorer's half of the map (buying.book_of)."""
    state = terra.game("africana").new(players=2, seed=21)
    layout = layout_of(state)
    board_page.load("africana", layout)
    bot = make_bot("greedy", 21)
    checked: set[str] = set()
    for _ in range(400):
        if state.is_over or len(checked) == 2:
            break
        moves: list[dict[str, Any]] = moves_of(state)
        if any(m["text"] == "buy" for m in moves):
            show(board_page, state)
            where = layout["locations"][
                state.view(None)["players"][state.current_player]["location"]
            ]
            book = where["hemisphere"]
            button = board_page.page.locator('svg [data-action="buy"]')
            assert button.get_attribute("data-book") == book
            assert f"buy from the {book.capitalize()} book" in (button.text_content() or "")
            why = " ".join(texts(board_page, "svg text.buy-why"))
            assert where["name"] in why and f"{book} of the equator" in why
            if not checked:
                board_page.screenshot("africana-buy-desk")
            checked.add(book)
        state.apply(bot.choose(state))
    assert checked, "no buying offered in the game"


# On screen (CSS px): each place name on the map, and each text of the lines under it, with
# the right edge of the board's container.
SIZES = """() => {
  const box = (node) => {
    const rect = node.getBoundingClientRect();
    return [node.textContent, rect.height, rect.right];
  };
  const board = document.getElementById("board");
  const panel = board.querySelector(":scope > svg");
  return {
    names: [...board.querySelectorAll(".terra-pan svg text.label")].map(box),
    panel: [...panel.querySelectorAll("text")].map(box),
    right: board.getBoundingClientRect().right,
  };
}"""
READABLE = 10.0  # CSS px, the least height of a line of words on a phone


def test_africana_words_are_readable_on_a_phone(phone_page: BoardPage) -> None:
    """At 390 px the map is drawn at its own size, in a box that pans, and the lines under it
    one unit a CSS pixel: every place name and every word under the map at least 10 px tall,
    and nothing beyond the right edge (rows wrap), along a greedy game."""
    states = greedy_positions("africana", 2, 21)
    phone_page.load("africana", layout_of(states[0]))
    small, beyond = [], []
    for k, state in enumerate(states):
        show(phone_page, state)
        sizes = phone_page.page.evaluate(SIZES)
        assert len(sizes["names"]) > len(layout_of(state)["locations"])  # and the equator
        assert any("points if the game ended now" in t[0] for t in sizes["panel"])
        words = sizes["names"] + sizes["panel"]
        small += [(k, t[0], round(t[1], 1)) for t in words if t[1] < READABLE]
        beyond += [(k, t[0]) for t in sizes["panel"] if t[2] > sizes["right"] + 0.5]
        phone_page.screenshot(f"africana-readable-phone-{k}")
    assert not small, f"words under {READABLE} px: {small[:8]}"
    assert not beyond, f"words beyond the board's right edge: {beyond[:8]}"


def test_africana_lines_under_the_map_follow_a_turned_phone(phone_page: BoardPage) -> None:
    """Turned sideways, the phone's page is wider: the lines under the map are laid out again
    for its width, one unit still a CSS pixel."""
    state = greedy_positions("africana", 2, 21)[1]
    phone_page.load("africana", layout_of(state))
    show(phone_page, state)
    panel = "document.querySelector('#board > svg').viewBox.baseVal.width"
    assert phone_page.page.evaluate(panel) == 390
    phone_page.page.set_viewport_size({"width": 844, "height": 390})
    # the map's width, the widest (polled from here: the page's policy forbids evaluating
    # a string predicate in it)
    deadline = time.monotonic() + 10
    while phone_page.page.evaluate(panel) != 640 and time.monotonic() < deadline:
        phone_page.page.wait_for_timeout(50)
    assert phone_page.page.evaluate(panel) == 640
