"""The languages of the pages: the web catalogs, read once, and a page's choice of language.

The interface's words are gettext catalogs, ``terra/web/locale/<lang>/LC_MESSAGES/messages.po``
(``docs/web.md``, "Languages"), read with Babel when the server starts
(:mod:`terra.core.interface`, shared with the terminal) and sent to a page as JSON. English is
the source language: its catalog is empty and every text stands for itself.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from terra.core.game import LANGUAGES
from terra.core.interface import LOCALE, SOURCE_LANGUAGE, messages, say

__all__ = [
    "LANGUAGES",
    "LOCALE",
    "SOURCE_LANGUAGE",
    "catalog",
    "language_of",
    "languages",
    "messages",
    "say",
]


def language_of(requested: str | None) -> str:
    """The language a page asks for (``de``, ``de-AT``, ``nl_BE``), or English for any other."""
    primary = (requested or "").strip().lower().replace("_", "-").partition("-")[0]
    return primary if primary in LANGUAGES else SOURCE_LANGUAGE


async def languages(_request: Request) -> Response:
    """``GET /api/i18n``: the languages of the pages and logs (``terra.core.game.LANGUAGES``),
    each with its name in itself, for the language switch; and the source language."""
    listed = [{"code": code, "name": name} for code, name in LANGUAGES.items()]
    return JSONResponse(
        {"source": SOURCE_LANGUAGE, "languages": listed},
        headers={"cache-control": "public, max-age=3600"},
    )


async def catalog(request: Request) -> Response:
    """``GET /api/i18n/{language}``: the interface's words in that language."""
    language = request.path_params["language"]
    if language not in LANGUAGES:
        known = ", ".join(LANGUAGES)
        return JSONResponse(
            {"error": f"no catalog for language {language[:20]!r} (known: {known})"},
            status_code=404,
        )
    return JSONResponse(
        {"language": language, "messages": messages(language)},
        headers={"cache-control": "public, max-age=3600"},
    )
