"""The catalogs a game words its log from: ``<game package>/locale/<language>.toml``."""

from __future__ import annotations

import tomllib
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
