"""A browser and a small web server laid out as the game server will be, for the board tests.

``/boards/<id>.js`` is each game's ``web/board.js``, ``/static/`` is ``src/terra/web/static``
and ``/`` is the test-only harness page; every answer carries the game server's security
headers, its Content-Security-Policy among them. A violation of that policy in any page of a
browser test fails the test (``tests/web/policy.py``). The tests skip, saying why, where
Playwright or Debian's Chromium is missing (CI installs both).
"""

from __future__ import annotations

import functools
import importlib.util
import shutil
import threading
from collections.abc import Callable, Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

import terra
from terra.server.security import SECURITY_HEADERS
from tests.web.board_page import BoardPage
from tests.web.policy import watch

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext

CHROMIUM = Path("/usr/bin/chromium")
HARNESS = [Path(__file__).with_name(name) for name in ("harness.html", "harness.js", "harness.css")]
VIOLATIONS = pytest.StashKey[list[str]]()


def _missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    if importlib.util.find_spec("playwright") is None:
        return "Playwright for Python is not installed (pip install -e '.[test]')"
    if not CHROMIUM.exists():
        return f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)"
    return None


class _QuietHandler(SimpleHTTPRequestHandler):
    """Serves the files with the game server's security headers, and logs nothing."""

    def end_headers(self) -> None:
        for name, value in SECURITY_HEADERS.items():
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(autouse=True)
def csp_violations(request: pytest.FixtureRequest) -> list[str]:
    """The policy violations of this test's pages (each context given to :func:`watch`)."""
    reports: list[str] = []
    request.node.stash[VIOLATIONS] = reports
    return reports


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """Fail a test whose pages violated the Content-Security-Policy."""
    yield
    reports = item.stash.get(VIOLATIONS, [])
    if reports:
        shown = "\n".join(reports[:10])
        pytest.fail(f"{len(reports)} Content-Security-Policy violation(s):\n{shown}")


@pytest.fixture
def new_context(
    browser: Browser, csp_violations: list[str]
) -> Iterator[Callable[..., BrowserContext]]:
    """Open browser contexts (``browser.new_context``'s options) whose violations of the
    policy fail the test; they are closed after it."""
    contexts: list[BrowserContext] = []

    def open_context(**options: Any) -> BrowserContext:
        context = watch(browser.new_context(**options), csp_violations)
        contexts.append(context)
        return context

    try:
        yield open_context
    finally:
        for context in contexts:
            context.close()


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
    for harness in HARNESS:
        name = "index.html" if harness.suffix == ".html" else harness.name
        shutil.copy(harness, root / name)
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
def board_page(new_context: Callable[..., BrowserContext], site: str) -> BoardPage:
    """A fresh desktop-sized harness page."""
    context = new_context(viewport={"width": 1280, "height": 900})
    return BoardPage(context.new_page(), site)


@pytest.fixture
def phone_page(new_context: Callable[..., BrowserContext], site: str) -> BoardPage:
    """A harness page of a phone's width."""
    context = new_context(
        viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True
    )
    return BoardPage(context.new_page(), site)
