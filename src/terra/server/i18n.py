"""The languages of the pages: the web catalogs, read once, and a page's choice of language.

The interface's words are gettext catalogs, ``terra/web/locale/<lang>/LC_MESSAGES/messages.po``
(``docs/web.md``, "Languages"), read with Babel when the server starts and sent to a page as
JSON. English is the source language: its catalog is empty and every text stands for itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib import resources

from babel.messages.pofile import read_po
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from terra.core.catalogs import fill
from terra.core.game import LANGUAGES

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

SOURCE_LANGUAGE = "en"
LOCALE = resources.files("terra.web") / "locale"


def language_of(requested: str | None) -> str:
    """The language a page asks for (``de``, ``de-AT``, ``nl_BE``), or English for any other."""
    primary = (requested or "").strip().lower().replace("_", "-").partition("-")[0]
    return primary if primary in LANGUAGES else SOURCE_LANGUAGE


@cache
def messages(language: str) -> dict[str, str]:
    """The translations of ``language``'s web catalog: English text to its translation.

    Untranslated and fuzzy entries are left out, so that the page shows their English.
    """
    if language == SOURCE_LANGUAGE:
        return {}
    source = LOCALE / language / "LC_MESSAGES" / "messages.po"
    with source.open("rb") as po:
        catalog = read_po(po, locale=language)
    return {
        str(message.id): str(message.string)
        for message in catalog
        if message.id and isinstance(message.id, str) and message.string and not message.fuzzy
    }


def say(language: str, template: str, fields: Mapping[str, str | int] | None = None) -> str:
    """``template`` (English, a message of the web catalogs) in ``language``, filled with
    ``fields``; a str field that is a message of the catalogs is translated too."""
    translated = messages(language)
    filled = {
        name: str(value) if isinstance(value, int) else translated.get(value, value)
        for name, value in (fields or {}).items()
    }
    return fill(translated.get(template, template), filled)


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
