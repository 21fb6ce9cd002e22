"""Game options on the command line: ``--option NAME=VALUE``, repeatable, for any game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from terra.core.errors import OptionError


def parse_options(pairs: list[str] | None, data: Path | None = None) -> dict[str, Any]:
    """``["simple=true", ...]`` (and ``--data``) as the options dict of ``Game.new``.

    Only the form is checked here; the game checks names and values (``Game.resolve_options``)
    and says which options it has.
    """
    options: dict[str, Any] = {}
    for pair in pairs or []:
        name, equals, value = pair.partition("=")
        name = name.strip()
        if not equals or not name:
            raise OptionError(f"--option takes NAME=VALUE (e.g. simple=true), not {pair!r}")
        if name in options:
            raise OptionError(f"option {name!r} is given twice")
        options[name] = value.strip()
    if data is not None:
        if "data" in options:
            raise OptionError("give the data folder once: --data or --option data=..., not both")
        options["data"] = str(data)
    return options
