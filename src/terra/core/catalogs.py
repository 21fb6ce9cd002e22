"""The catalogs a game words its log from: ``<game package>/locale/<language>.toml``, and the
filling of their templates."""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from functools import cache
from importlib.resources import files
from typing import Any


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
