"""The catalogs a game words its log from: ``<game package>/locale/<language>.toml``, and the
filling of their templates."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from importlib.resources import files
from typing import Any

from terra.core.errors import IllegalAction


@cache
def log_catalog(package: str, language: str = "en") -> dict[str, Any]:
    """The log catalog of the game in ``package`` in ``language``, loaded once; English for a
    language without a catalog."""
    folder = files(package) / "locale"
    source = folder / f"{language}.toml"
    if not (language.isalpha() and source.is_file()):
        source = folder / "en.toml"
    return tomllib.loads(source.read_text("utf-8"))


def person(word: str, seat: int, names: Sequence[str] | None) -> str:
    """How a log names the player in ``seat``: the game's word for the seat (a colour, a
    nation), or, where the players' names are known (``names``, by seat), the name with the
    game's word beside it."""
    if names is None or not 0 <= seat < len(names):
        return word
    return f"{names[seat]} ({word})"


class _Fields(dict[str, str]):
    """Template fields; a placeholder without a value stays visible instead of failing."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def fill(template: object, fields: dict[str, str]) -> str:
    """``template`` with its placeholders replaced by ``fields``; a placeholder without a value
    stays visible instead of failing."""
    return str(template).format_map(_Fields(fields))


class Words(Mapping[str, str]):
    """A table of words (English to a translation) with the pattern that finds them in a text,
    built once: a page's update translates the arguments of every legal move with it."""

    def __init__(self, table: Mapping[str, str]) -> None:
        self._table = {str(english): str(said) for english, said in table.items()}
        phrases = sorted(self._table, key=len, reverse=True)  # the longest first
        alternatives = "|".join(re.escape(phrase) for phrase in phrases)
        self._pattern = re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])") if phrases else None

    def __getitem__(self, english: str) -> str:
        return self._table[english]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table)

    def __len__(self) -> int:
        return len(self._table)

    def translate(self, text: str) -> str:
        """``text`` with every whole word or phrase of the table translated; the rest (place
        names, numbers, signs) as written."""
        if self._pattern is None or not text:
            return text
        return self._pattern.sub(lambda found: self._table[found.group(0)], text)


@cache
def words(package: str, language: str) -> Words:
    """The ``[word]`` table of the game's catalog in ``language``: a word of the game's
    English (a colour, a good, a terrain, a phase's doing) to its translation; empty in
    English. Built once per game and language."""
    if language == "en":
        return Words({})
    return Words(log_catalog(package, language).get("word", {}))


def translate_words(text: str, table: Mapping[str, str]) -> str:
    """``text`` with every whole word or phrase of ``table`` translated (the longest first);
    the rest (place names, numbers, signs) as written.

    >>> translate_words("buy 2 ration, 1 rifle", {"ration": "Ration", "rifle": "Gewehr"})
    'buy 2 Ration, 1 Gewehr'
    """
    return (table if isinstance(table, Words) else Words(table)).translate(text)


def refusal_text(package: str, problem: IllegalAction, language: str = "en") -> str:
    """A refusal's reason in ``language``: the ``[refusal]`` template named by its key in the
    game's catalog (else in the core's, ``terra/core/locale``), filled with its fields, each
    word-valued field translated by the catalog's ``[word]`` table. English, and a refusal or
    language without a template, read the reason as the engine gave it."""
    if language == "en" or problem.key is None:
        return problem.reason
    template = log_catalog(package, language).get("refusal", {}).get(problem.key)
    if template is None:
        template = log_catalog("terra.core", language).get("refusal", {}).get(problem.key)
    if template is None:
        return problem.reason
    table = words(package, language)
    fields = {
        name: str(value) if isinstance(value, int) else translate_words(value, table)
        for name, value in problem.fields.items()
    }
    return fill(template, fields)
