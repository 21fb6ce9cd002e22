"""Who a request comes from: a player's key, kept by their browser in a cookie.

The key is drawn by the store (:meth:`terra.store.players.Players.create`) and given once, in
a ``Set-Cookie`` header: HttpOnly, so that no script of a page reads it; SameSite=Lax, so
that no other site's request carries it when it changes something; Secure when the server is
reached by HTTPS. The browser then sends it with every request and WebSocket of the server,
and it never appears in an address or a log. The database keeps only its hash.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection
from starlette.responses import Response

from terra.core.errors import Worded, marked, quote
from terra.server import i18n
from terra.server.tables import Tables
from terra.store.players import PlayerInfo

COOKIE = "terra_player"
# A browser keeps the key this long (400 days: the most browsers keep a cookie).
COOKIE_SECONDS = 400 * 24 * 3600
SHORTEST_NAME = 2
LONGEST_NAME = 24
# The characters of a name besides letters and digits.
NAME_MARKS = frozenset(" -_.")
# What a key may be: the text the store draws (``secrets.token_urlsafe``); any other cookie
# names nobody and never reaches the database.
_KEY = re.compile(r"[A-Za-z0-9_-]{16,64}")


def language(connection: HTTPConnection) -> str:
    """The language the page asks its answers in (``?lang=``)."""
    return i18n.language_of(connection.query_params.get("lang"))


def refused(connection: HTTPConnection, problem: Worded, status: int = 400) -> HTTPException:
    """The refusal of ``problem`` in the language of the page that asked."""
    return HTTPException(status, i18n.say(language(connection), problem.template, problem.fields))


def key_of(connection: HTTPConnection) -> str | None:
    """The player's key the request carries, if it may be one."""
    key = connection.cookies.get(COOKIE)
    return key if key is not None and _KEY.fullmatch(key) else None


async def player_of(connection: HTTPConnection, tables: Tables) -> PlayerInfo | None:
    """The player the request comes from, or ``None`` (no key, or one nobody holds)."""
    key = key_of(connection)
    return None if key is None else await tables.call(tables.players.by_key, key)


async def required_player(connection: HTTPConnection, tables: Tables) -> PlayerInfo:
    """The player the request comes from; refused (401) when the browser has picked no name."""
    player = await player_of(connection, tables)
    if player is None:
        problem = Worded(marked("pick a display name first: this browser has none yet"))
        raise refused(connection, problem, 401)
    return player


def keep_key(response: Response, key: str, *, secure: bool) -> None:
    """Have the browser keep ``key`` (and send it back to this server alone)."""
    response.set_cookie(
        COOKIE,
        key,
        max_age=COOKIE_SECONDS,
        path="/",
        httponly=True,
        samesite="lax",
        secure=secure,
    )


def check_name(connection: HTTPConnection, given: Any) -> str:
    """``given`` stripped, if it is a player's name: 2 to 24 letters, digits, spaces, ``-``,
    ``_`` or ``.``; refused otherwise, saying what is wrong, in the page's language."""
    if not isinstance(given, str):
        raise refused(connection, Worded(marked("a name is text, e.g. Ann")))
    name = given.strip()
    if not SHORTEST_NAME <= len(name) <= LONGEST_NAME:
        problem = Worded(
            marked("a name is {shortest} to {longest} characters long; {name} has {length}"),
            shortest=SHORTEST_NAME,
            longest=LONGEST_NAME,
            name=quote(name),
            length=len(name),
        )
        raise refused(connection, problem)
    wrong = next((c for c in name if not _allowed(c)), None)
    if wrong is not None:
        problem = Worded(
            marked("a name holds letters, digits, spaces, - _ and . only, not {character}"),
            character=quote(wrong),
        )
        raise refused(connection, problem)
    return name


def _allowed(character: str) -> bool:
    category = unicodedata.category(character)
    return category.startswith("L") or category == "Nd" or character in NAME_MARKS


def player_json(player: PlayerInfo) -> Mapping[str, str]:
    """What a player's own page is told of them: their name (their id names no secret)."""
    return {"id": player.id, "name": player.name}
