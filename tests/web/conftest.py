"""A browser and a small web server laid out as the game server will be, for the board tests.

``/boards/<id>.js`` is each game's ``web/board.js``, ``/static/`` is ``src/terra/web/static``
and ``/`` is the test-only harness page. The tests skip, saying why, where Playwright or
Debian's Chromium is missing (CI installs both).
"""

from __future__ import annotations

import functools
import importlib.util
import shutil
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

import terra
from tests.web.board_page import BoardPage

if TYPE_CHECKING:
    from playwright.sync_api import Browser

CHROMIUM = Path("/usr/bin/chromium")
HARNESS = Path(__file__).with_name("harness.html")


def _missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    if importlib.util.find_spec("playwright") is None:
        return "Playwright for Python is not installed (pip install -e '.[test]')"
    if not CHROMIUM.exists():
        return f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)"
    return None


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a server holding the boards, the shared static files and the harness."""
    root = tmp_path_factory.mktemp("site")
    (root / "boards").mkdir()
    for game in terra.games():
        module = game.web_board()
        if module is not None:
            (root / "boards" / f"{game.id}.js").write_bytes(module.read_bytes())
    with resources.as_file(resources.files("terra") / "web" / "static") as static:
        shutil.copytree(static, root / "static")
    shutil.copy(HARNESS, root / "index.html")
    handler = functools.partial(_QuietHandler, directory=str(root))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's Chromium driven by Playwright (its own browser download is not used)."""
    reason = _missing()
    if reason:
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM))
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def board_page(browser: Browser, site: str) -> Iterator[BoardPage]:
    """A fresh desktop-sized harness page."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        yield BoardPage(context.new_page(), site)
    finally:
        context.close()


@pytest.fixture
def phone_page(browser: Browser, site: str) -> Iterator[BoardPage]:
    """A harness page of a phone's width."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True
    )
    try:
        yield BoardPage(context.new_page(), site)
    finally:
        context.close()
