"""The harness page as the board tests use it: show a position, click a target."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Page

REPOSITORY = Path(__file__).resolve().parents[2]
# A screenshot takes well under a second here. Now and then headless Chromium's compositor
# goes idle and a capture waits for a frame that never comes (seen three times, each at the end
# of a long Africana game on a busy 2-core machine). The first try therefore has a short limit;
# then the compositor is woken by a brief screencast and the capture is tried once more.
FIRST_TRY = 20_000  # ms
RETRY = 60_000  # ms
WAKE = 250  # ms of screencast


def screenshot_dir() -> Path:
    """Where board screenshots go: ``$TERRA_SCREENSHOTS``, else ``screenshots/`` (not
    committed)."""
    where = Path(os.environ.get("TERRA_SCREENSHOTS") or REPOSITORY / "screenshots")
    where.mkdir(parents=True, exist_ok=True)
    return where


def wake_compositor(page: Page) -> None:
    """Make Chromium draw frames again: a short, tiny screencast of ``page``."""
    session = page.context.new_cdp_session(page)
    try:
        session.send("Page.startScreencast", {"format": "jpeg", "quality": 10, "maxWidth": 64})
        page.wait_for_timeout(WAKE)
        session.send("Page.stopScreencast")
    finally:
        session.detach()


def photograph(page: Page, path: Path, *, full_page: bool = False) -> Path:
    """Save ``page`` as a PNG at ``path``; if the capture stalls, wake the compositor and try
    once more (a second stall fails the test)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.screenshot(path=str(path), full_page=full_page, timeout=FIRST_TRY)
    except PlaywrightTimeout:
        wake_compositor(page)
        page.screenshot(path=str(path), full_page=full_page, timeout=RETRY)
    return path


def whole_page_screenshot(page: Page, path: Path) -> Path:
    """Save the whole of ``page`` as a PNG at ``path``.

    Chromium's own full-page capture draws beyond the viewport, and that needs a fresh
    compositor frame of the whole document. Here the viewport is first made as tall as the
    document, so the picture is an ordinary one of the viewport; then the size is put back. That
    is the same picture only on a page whose layout does not depend on the viewport's height, as
    the harness page's does not (the game page's log does: ``40vh``)."""
    size = page.viewport_size
    assert size is not None, "the page has no fixed viewport"
    height = page.evaluate("document.documentElement.scrollHeight")
    page.set_viewport_size({"width": size["width"], "height": max(size["height"], height)})
    try:
        photograph(page, path, full_page=True)
    finally:
        page.set_viewport_size(size)
    return path


class BoardPage:
    """One browser page holding the harness, with one game's board module loaded."""

    def __init__(self, page: Page, site: str) -> None:
        self.page = page
        page.set_default_timeout(10_000)
        page.goto(f"{site}/index.html")
        page.wait_for_function("window.ready === true")
        self.game = ""

    def load(self, game: str, layout: dict[str, Any]) -> None:
        """Import ``/boards/<game>.js`` and keep ``layout`` for the positions to come."""
        self.page.evaluate("game => window.load(game)", game)
        self.page.evaluate("layout => { window.layout = layout; }", layout)
        self.game = game

    def show(
        self, view: dict[str, Any], legal: list[dict[str, Any]], seat: int | None
    ) -> list[str]:
        """Draw ``view`` with the legal moves as data (as the server sends them); the action
        texts of the targets drawn, in document order."""
        targets: list[str] = self.page.evaluate(
            "([view, legal, seat]) => window.show(view, window.layout, legal, seat)",
            [view, legal, seat],
        )
        errors: list[str] = self.page.evaluate("window.errors")
        assert not errors, f"the {self.game} board raised {errors}"
        return targets

    def click(self, index: int) -> list[str]:
        """Click target number ``index`` where it can be hit; what ``ctx.play`` received."""
        point: list[float] | None = self.page.evaluate("i => window.aim(i)", index)
        assert point is not None, f"target {index} of the {self.game} board cannot be clicked"
        self.page.mouse.click(point[0], point[1])
        played: list[str] = self.page.evaluate("window.played")
        return played

    def fits_width(self) -> bool:
        """Whether the page needs no horizontal scrolling: the board's svg ends within the
        window, or the box it pans in does (a map too detailed to shrink, board-kit.js
        ``pannedBoard``)."""
        return bool(
            self.page.evaluate(
                "document.documentElement.scrollWidth <= window.innerWidth"
                " && (document.querySelector('svg').closest('.terra-pan')"
                " || document.querySelector('svg')).getBoundingClientRect().right"
                " <= window.innerWidth + 0.5"
            )
        )

    def screenshot(self, name: str) -> Path:
        """Save the whole page as ``<name>.png`` in the screenshot directory."""
        return whole_page_screenshot(self.page, screenshot_dir() / f"{name}.png")
