"""The server's ordinary defences: the address it answers at, the pages it takes changes from,
and the headers that tell a browser what its pages may do.

- **Its own address.** :class:`Site` is the public URL players open (``terra serve
  --public-url``, else the address the server is bound to) and the Host headers and origins
  that name it. Links are built from it, never from a request's Host header, and a request
  whose Host names another server is refused: a link or redirect built from it would point
  elsewhere, and a name that resolves to this server without being its own is how a page of
  another site reaches a server on loopback (DNS rebinding).
- **Its own pages.** A request that changes something (any method but GET and HEAD) is taken
  only as JSON, which a page of another site cannot send without the server's consent (a
  cross-site form or ``text/plain`` fetch can), and, when it carries an Origin, only from the
  server's own. A WebSocket, which browsers open across sites without asking, is checked the
  same way by :func:`socket_refusal` (no Origin: not a browser's page, served).
- **What its pages may do.** :data:`SECURITY_HEADERS` go with every answer.
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass
from typing import NamedTuple
from urllib.parse import urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from terra.core.errors import TerraError, quote

# The pages load their scripts and styles as files of the server and nothing inline, so
# neither needs 'unsafe-inline'; the boards set attributes, never a style attribute.
# connect-src 'self' covers the page's fetches and its WebSocket to the same host and port.
CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
    )
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    # No page's address goes to another site (invitation tokens are in the fragment, which no
    # Referer carries anyway). Not "no-referrer": under it a browser sends "Origin: null"
    # with a form's POST even to its own server (Fetch standard, "append a request Origin
    # header"), which the origin check would refuse.
    "Referrer-Policy": "same-origin",
}

SAFE_METHODS = frozenset({"GET", "HEAD"})
JSON_MEDIA_TYPE = "application/json"
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")
DEFAULT_PORTS = {"http": 80, "https": 443}
# Close codes of a refused WebSocket, after the HTTP statuses they stand for.
FOREIGN_HOST = 4400
FOREIGN_ORIGIN = 4403

_HOST_NAME = re.compile(r"[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*")


class BadPublicUrl(TerraError, ValueError):  # noqa: N818 - reads well at the call site
    """A public URL the server cannot build its links from."""


class Refusal(NamedTuple):
    """Why a request or a WebSocket is refused: an HTTP status or a close code, and the
    error to tell the page."""

    code: int
    error: str


@dataclass(frozen=True)
class Site:
    """Where players reach the server: its public URL, and every Host header and origin
    that names the server (``host:port`` in lower case; ``scheme://host:port``, the default
    port left out as browsers leave it out)."""

    url: str
    hosts: frozenset[str]
    origins: frozenset[str]

    def link(self, path: str) -> str:
        """The address of ``path`` (``match/abc``) on the server, for players to open."""
        return self.url + path.lstrip("/")

    def answers(self, headers: Headers) -> bool:
        """Whether the request's Host header names this server."""
        return headers.get("host", "").lower() in self.hosts

    def foreign(self, headers: Headers) -> bool:
        """Whether the request comes from a page of another site: it carries an Origin that
        is not the server's own (``null`` included). A request without one is no page's."""
        origin = headers.get("origin")
        return origin is not None and origin.lower() not in self.origins


def _bracketed(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def _netloc(host: str, port: int, scheme: str) -> str:
    return host if DEFAULT_PORTS[scheme] == port else f"{host}:{port}"


def _is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _is_wildcard(host: str) -> bool:
    try:
        return ipaddress.ip_address(host.strip("[]")).is_unspecified
    except ValueError:
        return host == ""


def _public(url: str) -> tuple[str, str, int]:
    """The scheme, host (IPv6 in brackets) and port of a public URL, or :class:`BadPublicUrl`."""
    shown = quote(url)
    if any(c.isspace() or not c.isprintable() for c in url):
        raise BadPublicUrl(f"the public URL {shown} holds a space or a control character")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise BadPublicUrl(
            f"the public URL {shown} is not an address such as http://terra.example:8000/"
        ) from None
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS:
        raise BadPublicUrl(f"the public URL {shown} does not start with http:// or https://")
    host = parts.hostname or ""
    if ":" in host:
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            host = ""
    elif not _HOST_NAME.fullmatch(host):
        host = ""
    if not host:
        raise BadPublicUrl(f"the public URL {shown} names no host, e.g. http://terra.example/")
    if parts.username is not None or parts.password is not None:
        raise BadPublicUrl(f"the public URL {shown} holds a user name or password")
    if "?" in url or "#" in url:
        raise BadPublicUrl(f"the public URL {shown} has a query or a fragment (after ? or #)")
    if parts.path not in ("", "/"):
        raise BadPublicUrl(
            f"the public URL {shown} has a path: the server's pages are at its root "
            "(they ask for /static/, /api/ and /ws/ there)"
        )
    if port == 0:
        raise BadPublicUrl(f"the public URL {shown} has port 0")
    return scheme, _bracketed(host), DEFAULT_PORTS[scheme] if port is None else port


def site(host: str, port: int, public_url: str | None = None) -> Site:
    """The :class:`Site` of a server bound to ``host`` and ``port``, opened by players at
    ``public_url`` (default: that address itself; a wildcard such as ``0.0.0.0`` names no
    address, so it needs ``public_url``). A server bound to loopback also answers at
    ``localhost``, ``127.0.0.1`` and ``[::1]`` with its port.

    >>> site("127.0.0.1", 8000).url
    'http://127.0.0.1:8000/'
    >>> sorted(site("::1", 8000, "HTTPS://Terra.Example:443").hosts)
    ['127.0.0.1:8000', '[::1]:8000', 'localhost:8000', 'terra.example', 'terra.example:443']
    """
    host = host.lower()
    if public_url is None:
        if _is_wildcard(host):
            raise BadPublicUrl(
                f"--host {quote(host)} listens on every network and names no address to build "
                "links from: give --public-url, the address players open "
                f"(e.g. --public-url http://terra.example:{port}/)"
            )
        public_url = f"http://{_bracketed(host)}:{port}/"
    scheme, public_host, public_port = _public(public_url)
    netloc = _netloc(public_host, public_port, scheme)
    hosts = {netloc, f"{public_host}:{public_port}"}
    origins = {f"{scheme}://{netloc}"}
    if _is_loopback(host):
        for name in (*LOOPBACK_NAMES, _bracketed(host.strip("[]"))):
            hosts |= {_netloc(name, port, "http"), f"{name}:{port}"}
            origins.add(f"http://{_netloc(name, port, 'http')}")
    return Site(f"{scheme}://{netloc}/", frozenset(hosts), frozenset(origins))


LOCAL_SITE = site("127.0.0.1", 8000)


def _host_refused(site: Site) -> str:
    return f"this server answers at {site.url} only; the request's Host header names another"


def request_refusal(scope: Scope, site: Site) -> Refusal | None:
    """The status and error that refuse an HTTP request, or None to serve it."""
    headers = Headers(scope=scope)
    if not site.answers(headers):
        return Refusal(400, _host_refused(site))
    if scope["method"] in SAFE_METHODS:
        return None
    if site.foreign(headers):
        return Refusal(
            403,
            f"only this server's own pages ({site.url}) may change anything here; "
            "the request's Origin is another site's",
        )
    media_type = headers.get("content-type", "").partition(";")[0].strip().lower()
    if media_type != JSON_MEDIA_TYPE:
        return Refusal(
            415,
            "a request that changes something is sent as JSON, "
            f"with the header Content-Type: {JSON_MEDIA_TYPE}",
        )
    return None


def socket_refusal(headers: Headers, site: Site) -> Refusal | None:
    """The close code and error that refuse a WebSocket, or None to serve it."""
    if not site.answers(headers):
        return Refusal(FOREIGN_HOST, _host_refused(site))
    if site.foreign(headers):
        return Refusal(
            FOREIGN_ORIGIN,
            f"only this server's own pages ({site.url}) may open a match here; "
            "this page's Origin is another site's",
        )
    return None


class Guard:
    """ASGI middleware over every HTTP request: refuses those of :func:`request_refusal`
    with a JSON error and adds :data:`SECURITY_HEADERS` to every answer. WebSockets pass
    through to their endpoint, which refuses with a message (:func:`socket_refusal`)."""

    def __init__(self, app: ASGIApp, site: Site) -> None:
        self.app = app
        self.site = site

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_hardened(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        refused = request_refusal(scope, self.site)
        if refused is None:
            await self.app(scope, receive, send_hardened)
            return
        answer = JSONResponse({"error": refused.error}, status_code=refused.code)
        await answer(scope, receive, send_hardened)


async def server_error(_request: Request, _error: Exception) -> Response:
    """The answer to a request the server failed on: outside every middleware, so it carries
    the security headers itself."""
    return JSONResponse(
        {"error": "the server failed to answer this request"},
        status_code=500,
        headers=SECURITY_HEADERS,
    )
