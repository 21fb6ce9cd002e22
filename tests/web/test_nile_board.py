"""Source of the Nile's board on a phone: the map is seen through a window at most half the
screen tall that pans both ways (by its buttons, by dragging, by moving the focus to a target),
every hex keeps its number, readable, and the page never scrolls sideways."""

from __future__ import annotations

import terra
from terra.ai.bots import make_bot
from tests.web.board_page import BoardPage
from tests.web.test_boards import as_json, layout_of, moves_of
from tests.web.test_targets import MINIMUM, too_small

VIEWBOX_LEFT = "() => Number(document.querySelector('svg').getAttribute('viewBox').split(' ')[0])"
PAN_EAST = "svg .panning .board-button:last-of-type"
# The map window's height on screen (CSS px): from the viewBox's top to the panel under it.
WINDOW_HEIGHT = """() => {
  const svg = document.querySelector('svg');
  const [, top, width] = svg.getAttribute('viewBox').split(' ').map(Number);
  const panel = svg.querySelector('.panel').transform.baseVal.consolidate().matrix.f;
  return (panel - top) * svg.getBoundingClientRect().width / width;
}"""
VIEWBOX_TOP = "() => Number(document.querySelector('svg').getAttribute('viewBox').split(' ')[1])"
# The hex targets whose centre is in the map's window on screen, with their boxes.
SEEN_TARGETS = """(tall) => {
  const svg = document.querySelector('svg').getBoundingClientRect();
  return [...document.querySelectorAll('svg .target[data-place]')].map((node) => {
    const box = node.getBoundingClientRect();
    return [node.getAttribute('data-action'), box.left, box.top, box.right, box.bottom];
  }).filter(([, left, top, right, bottom]) => {
    const x = (left + right) / 2;
    const y = (top + bottom) / 2;
    return x > svg.left && x < svg.right && y > svg.top && y < svg.top + tall;
  });
}"""
ALL_TARGETS = (
    "() => [...document.querySelectorAll('svg .target[data-place]')].map((n) => n.dataset.action)"
)


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
    inside = """([node, tall]) => {
      const box = node.getBoundingClientRect();
      const svg = node.ownerSVGElement.getBoundingClientRect();
      return box.left >= svg.left && box.right <= svg.right
        && box.top >= svg.top && box.bottom <= svg.top + tall;
    }"""
    tall = page.evaluate(WINDOW_HEIGHT)
    assert not page.evaluate(inside, [last.element_handle(), tall])  # out of the window
    top = page.evaluate(VIEWBOX_TOP)
    last.focus()
    assert page.evaluate(inside, [last.element_handle(), tall])
    assert page.evaluate(VIEWBOX_TOP) > top  # the window went south to it
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


def _pan(page: BoardPage, way: str) -> bool:
    """Press the pan button named ``way``; whether the window moved."""
    before = page.page.evaluate("() => document.querySelector('svg').getAttribute('viewBox')")
    page.page.locator("svg .panning .board-button", has_text=way).click()
    after = page.page.evaluate("() => document.querySelector('svg').getAttribute('viewBox')")
    return bool(after != before)


def test_the_phone_sees_the_map_through_a_low_window_panned_both_ways(
    phone_page: BoardPage,
) -> None:
    """On a phone the map's window is at most half the screen tall; north and south pan it
    as west and east do, and a mouse drags it up and down; every target is reached so, each
    still big enough for a finger."""
    _counters(phone_page)
    page = phone_page.page
    screen = page.evaluate("window.innerHeight")
    tall = page.evaluate(WINDOW_HEIGHT)
    assert 24 < tall <= screen / 2
    start = page.evaluate(VIEWBOX_TOP)
    assert _pan(phone_page, "south")
    assert page.evaluate(VIEWBOX_TOP) > start
    assert _pan(phone_page, "north")
    assert page.evaluate(VIEWBOX_TOP) == start
    page.evaluate("window.scrollTo(0, 0)")
    box = page.locator("svg").bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + 200, box["y"] + tall - 40)
    page.mouse.down()
    page.mouse.move(box["x"] + 200, box["y"] + 40, steps=5)
    page.mouse.up()
    assert page.evaluate(VIEWBOX_TOP) > start  # dragged up: the window went south
    assert page.evaluate("window.played") == []
    # from the north-west corner, sweep the map row by row of windows
    while _pan(phone_page, "north") or _pan(phone_page, "west"):
        pass
    targets = set(page.evaluate(ALL_TARGETS))
    reached: set[str] = set()
    failures: list[str] = []
    while True:
        while True:
            seen = page.evaluate(SEEN_TARGETS, tall)
            reached |= {box[0] for box in seen}
            small = [b[0] for b in seen if b[3] - b[1] < MINIMUM or b[4] - b[2] < MINIMUM]
            failures += small + too_small(seen)
            if not _pan(phone_page, "east"):
                break
        while _pan(phone_page, "west"):
            pass
        if not _pan(phone_page, "south"):
            break
    assert not failures, f"targets too small where panned to: {failures[:6]}"
    assert reached == targets
    assert phone_page.fits_width()


TEXT_BOXES = """(selector) => [...document.querySelectorAll(selector)].map((node) => {
  const box = node.getBoundingClientRect();
  return [box.left, box.top, box.right, box.bottom];
})"""


def test_the_phones_hex_numbers_are_readable_and_clear_of_the_labels(
    phone_page: BoardPage,
) -> None:
    """Where the map pans, each hex's number is at least 9 px tall, and covers no other word
    of the map (a port's name, a counter's mark, an explorer's number, a tribe's size)."""
    state = terra.game("nile").new(players=2, seed=21)
    bot = make_bot("greedy", 21)
    for _ in range(40):
        state.apply(bot.choose(state))
    phone_page.load("nile", layout_of(state))
    phone_page.show(as_json(state.view(state.current_player)), [], None)
    ids = phone_page.page.evaluate(TEXT_BOXES, "svg text.hexid")
    others = phone_page.page.evaluate(TEXT_BOXES, "svg .map text:not(.hexid)")
    assert min(b[3] - b[1] for b in ids) >= 9
    meets = [
        (a, b)
        for a in ids
        for b in others
        if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
    ]
    assert not meets, f"{len(meets)} hex numbers cover a word, e.g. {meets[:3]}"


def test_a_joint_expedition_is_named_on_the_board(board_page: BoardPage) -> None:
    """Source of the Nile 29.3 (Game II): the players' rows say who travels in whose
    expedition, as the view tells it."""
    from tests.games.nile.test_joint import joined, three_in_africa

    state = three_in_africa()
    partner, leader = joined(state)
    board_page.load("nile", layout_of(state))
    board_page.show(as_json(state.view(partner)), moves_of(state), partner)
    text = board_page.page.evaluate("() => document.querySelector('svg').textContent")
    colours = ("red", "blue", "yellow")
    assert f"with {colours[leader]}'s expedition" in text
    assert f"leads {colours[partner]}" in text
