"""The server's HTML pages: Jinja2 templates that extend one layout, each answered with an ETag.

The templates are ``terra/web/templates``: ``base.html`` holds what every page shares (the
head, the header with its language switch), and each page fills its blocks and names its
script. A page is the same for every request, and its scripts fetch whatever changes, so it is
rendered once, on its first request, and its ETag is a digest of its text: a browser that
asks again with that tag is answered 304.
"""

from __future__ import annotations

import hashlib
from collections.abc import Awaitable, Callable
from functools import cache

import jinja2
from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.staticfiles import NotModifiedResponse

TEMPLATES = jinja2.Environment(
    loader=jinja2.PackageLoader("terra.web", "templates"),
    autoescape=jinja2.select_autoescape(),
    undefined=jinja2.StrictUndefined,  # a page that names no script fails, not loads none
    trim_blocks=True,
    lstrip_blocks=True,
    keep_trailing_newline=True,
)

# A browser may keep a page but asks each time whether it is still the same (the ETag), so a
# new version of the server is seen at the next load.
CACHE_CONTROL = "no-cache"


def page(name: str) -> Callable[[Request], Awaitable[Response]]:
    """The endpoint that answers with the template ``name``."""

    async def answer(request: Request) -> Response:
        body, etag = rendered(name)
        headers = {"etag": etag, "cache-control": CACHE_CONTROL}
        if _still_fresh(request, etag):
            return NotModifiedResponse(Headers(headers))
        return HTMLResponse(body, headers=headers)

    return answer


@cache
def rendered(name: str) -> tuple[str, str]:
    """The page of template ``name`` and its ETag, worked out once."""
    body = TEMPLATES.get_template(name).render()
    digest = hashlib.md5(body.encode(), usedforsecurity=False).hexdigest()
    return body, f'"{digest}"'


def _still_fresh(request: Request, etag: str) -> bool:
    """Whether the request's ``If-None-Match`` names ``etag`` (a weak tag matches too)."""
    asked = request.headers.get("if-none-match")
    if asked is None:
        return False
    tags = [tag.strip().removeprefix("W/") for tag in asked.split(",")]
    return asked.strip() == "*" or etag in tags
