"""The Content-Security-Policy in a real browser: what it forbids is blocked, and each
violation is heard, which fails a browser test (tests/web/conftest.py). The pages and boards
themselves are drawn under it in every other browser test."""

from __future__ import annotations

from tests.web.board_page import BoardPage
from tests.web.policy import MARK

INLINE = """() => {
  const note = document.createElement("p");
  note.id = "styled";
  note.setAttribute("style", "color: rgb(255, 0, 0)");
  document.body.append(note);
  const script = document.createElement("script");
  script.textContent = "window.inlineRan = true;";
  document.body.append(script);
}"""


def test_inline_script_and_style_are_blocked_and_heard(
    board_page: BoardPage, csp_violations: list[str]
) -> None:
    page = board_page.page
    with page.expect_console_message(lambda m: MARK in m.text and "script-src" in m.text):
        page.evaluate(INLINE)
    assert page.evaluate("window.inlineRan") is None
    colour = page.evaluate("getComputedStyle(document.getElementById('styled')).color")
    assert colour != "rgb(255, 0, 0)"
    heard = [r for r in csp_violations if MARK in r]
    assert any("style-src-attr" in r for r in heard), csp_violations
    assert any("script-src-elem" in r for r in heard), csp_violations
    csp_violations.clear()  # heard as they should be: this test is not failed for them


def test_a_style_set_through_the_dom_is_allowed(board_page: BoardPage) -> None:
    """What the boards may do instead of a style attribute."""
    page = board_page.page
    page.evaluate("document.getElementById('board').style.color = 'rgb(0, 0, 255)'")
    assert page.evaluate("getComputedStyle(document.getElementById('board')).color") == (
        "rgb(0, 0, 255)"
    )
