"""Content-Security-Policy violations in the browser tests' pages.

The game server sends its policy with every answer, and the board tests' small server sends
the same one (``terra.server.security``). A browser context handed to :func:`watch` reports
every violation in its pages, whether the page's ``securitypolicyviolation`` event says so or
only Chromium's console does, and the browser tests fail on any (tests/web/conftest.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, ConsoleMessage

MARK = "CSP violation:"
# Runs before the page's own scripts (Playwright injects it, outside the page's policy).
LISTEN = f"""document.addEventListener("securitypolicyviolation", (event) => {{
  console.error("{MARK}", event.effectiveDirective, "blocked", event.blockedURI || "(inline)",
    "at", `${{event.sourceFile || event.documentURI}}:${{event.lineNumber}}`, event.sample);
}});"""
# How Chromium itself words a violation in the console.
CHROMIUM_WORDS = "Content Security Policy"


def watch(context: BrowserContext, reports: list[str]) -> BrowserContext:
    """Append every violation in the pages of ``context`` to ``reports``; the context."""

    def heard(message: ConsoleMessage) -> None:
        if message.text.startswith(MARK) or CHROMIUM_WORDS in message.text:
            reports.append(f"{message.page.url if message.page else '?'}: {message.text}")

    context.add_init_script(LISTEN)
    context.on("console", heard)
    return context
