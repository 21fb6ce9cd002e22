"""The interface's words in every language: the gettext catalogs that the browser's pages and
the terminal (``terra play``) share, ``terra/web/locale/<lang>/LC_MESSAGES/messages.po``
(``docs/web.md``, "Languages"), read with Babel once per language.

English is the source language: its catalog is empty and every text stands for itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib import resources

from terra.core.catalogs import fill

SOURCE_LANGUAGE = "en"
LOCALE = resources.files("terra.web") / "locale"


@cache
def messages(language: str) -> dict[str, str]:
    """The translations of ``language``'s catalog: English text to its translation.

    Untranslated and fuzzy entries are left out, so that their English is shown.
    """
    from babel.messages.pofile import read_po  # noqa: PLC0415 - only where a language is asked

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
    """``template`` (English, a message of the catalogs) in ``language``, filled with
    ``fields``; a str field that is a message of the catalogs is translated too."""
    translated = messages(language)
    filled = {
        name: str(value) if isinstance(value, int) else translated.get(value, value)
        for name, value in (fields or {}).items()
    }
    return fill(translated.get(template, template), filled)
