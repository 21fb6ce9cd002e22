"""The catalogs a game words its log from: ``<game package>/locale/<language>.toml``, the
filling of their templates, and a game's log in words (:class:`EventLog`)."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files
from typing import Any, Generic, TypeVar

from terra.core.errors import IllegalAction

D = TypeVar("D")  # a game's component data


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


@dataclass(slots=True)
class Entry(Generic[D]):
    """One log entry being put into words (:class:`EventLog`): its ``key`` (as the game's
    wording asked) and ``args``, the catalog of the reader's language (``messages``), the
    component ``data`` its ids stand for, the players' ``names`` by seat (``None``: not known),
    and whether a private argument is ``hidden`` from the reader. ``fields`` starts as the args
    written out; the wording puts its words in for the template."""

    key: str
    args: dict[str, Any]
    messages: dict[str, Any]
    data: D
    names: Sequence[str] | None
    hidden: bool
    fields: dict[str, str] = field(init=False)

    def __post_init__(self) -> None:
        self.fields = {name: str(value) for name, value in self.args.items()}


class EventLog(Generic[D]):
    """A game's log in words: called as ``describe(event, data, language, names)``, it turns
    one log entry (``{key, args}``) into a sentence in ``language``, players named by
    ``names`` (by seat) where given.

    The game's catalog (``package``'s ``locale/<language>.toml``) holds a template for each
    key, under ``[event]``, or under ``[hidden]`` for an entry missing one of its ``private``
    arguments (by key: the reader may not know them); an entry without a template reads as its
    key and args. ``variant(key, args)``, if given, tells apart the keys of one kind of entry
    (the template to use); ``wording(entry)`` puts the entry's words into its ``fields``; and
    ``components()`` is the data the ids name where the caller gives none (the shipped data).
    """

    def __init__(
        self,
        package: str,
        wording: Callable[[Entry[D]], None],
        components: Callable[[], D],
        *,
        private: Mapping[str, tuple[str, ...]] | None = None,
        variant: Callable[[str, Mapping[str, Any]], str] | None = None,
    ) -> None:
        self.package = package
        self.wording = wording
        self.components = components
        self.private: Mapping[str, tuple[str, ...]] = private or {}
        self.variant = variant

    def catalog(self, language: str = "en") -> dict[str, Any]:
        """The message catalog of ``language`` (``locale/<language>.toml``), loaded once;
        English for a language without a catalog."""
        return log_catalog(self.package, language)

    def __call__(
        self,
        event: Mapping[str, Any],
        data: D | None = None,
        language: str = "en",
        names: Sequence[str] | None = None,
    ) -> str:
        messages = self.catalog(language)
        key = str(event["key"])
        args = dict(event.get("args") or {})
        if self.variant is not None:
            key = self.variant(key, args)
        hidden = any(name not in args for name in self.private.get(key, ()))
        template = (messages["hidden"] if hidden else messages["event"]).get(key)
        if template is None:
            return f"{key}: {args}"
        if data is None:
            data = self.components()
        entry = Entry(key, args, messages, data, names, hidden)
        self.wording(entry)
        return fill(template, entry.fields)


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
