"""Source of the Nile's board on a phone: the map is seen through a window of its full height
that pans sideways (by its buttons, by dragging, by moving the focus to a target), every hex
keeps its number, and the page never scrolls sideways."""

from __future__ import annotations

import terra
from tests.web.board_page import BoardPage
from tests.web.test_boards import as_json, layout_of, moves_of

VIEWBOX_LEFT = "() => Number(document.querySelector('svg').getAttribute('viewBox').split(' ')[0])"
PAN_EAST = "svg .panning .board-button:last-of-type"


def _counters(page: BoardPage) -> None:
    """The first decision of a game: a discovery counter to place, on any of many hexes."""
    state = terra.game("nile").new(players=2, seed=3)
    page.load("nile", layout_of(state))
    page.show(as_json(state.view(0)), moves_of(state), 0)


def test_the_phone_pans_the_map_by_its_buttons_and_by_dragging(phone_page: BoardPage) -> None:
    _counters(phone_page)
    page = phone_page.page
    start = page.evaluate(VIEWBOX_LEFT)
    page.locator(PAN_EAST).click()
    east = page.evaluate(VIEWBOX_LEFT)
    assert east > start
    page.evaluate("window.scrollTo(0, 0)")
    box = page.locator("svg").bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + 100, box["y"] + 300)
    page.mouse.down()
    page.mouse.move(box["x"] + 300, box["y"] + 300, steps=5)
    page.mouse.up()
    assert page.evaluate(VIEWBOX_LEFT) < east
    assert page.evaluate("window.played") == []  # a drag plays nothing
    assert phone_page.fits_width()


def test_a_target_reached_by_the_keyboard_is_brought_into_view(phone_page: BoardPage) -> None:
    _counters(phone_page)
    page = phone_page.page
    targets = page.locator("svg .target[data-place]")
    last = targets.nth(targets.count() - 1)
    last.focus()
    inside = """(node) => {
      const box = node.getBoundingClientRect();
      const svg = node.ownerSVGElement.getBoundingClientRect();
      return box.left >= svg.left && box.right <= svg.right;
    }"""
    assert last.evaluate(inside)
    page.keyboard.press("Enter")
    assert page.evaluate("window.played") == [last.get_attribute("data-action")]


def test_every_hex_shows_its_number_on_a_desktop(board_page: BoardPage) -> None:
    """Moves and the log name hexes by number: the map prints each one (but where a port's
    name lies), at least 9 px tall."""
    state = terra.game("nile").new(players=2, seed=3)
    board_page.load("nile", layout_of(state))
    board_page.show(as_json(state.view(None)), [], None)
    sizes = board_page.page.evaluate(
        "() => [...document.querySelectorAll('svg text.hexid')]"
        ".map((node) => node.getBoundingClientRect().height)"
    )
    hexes = len(layout_of(state)["hexes"])
    assert len(sizes) > 0.95 * hexes
    assert min(sizes) >= 9
