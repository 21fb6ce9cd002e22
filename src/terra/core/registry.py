"""The registry of games: ``terra.game(id)`` and ``terra.games()``.

Every package under ``terra.games`` that exposes ``GAME`` is found on first use, so adding a
game touches nothing outside its own package. Other distributions can add games through the
``terra.games`` entry point group.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from importlib.metadata import entry_points

from terra.core.errors import UnknownGame
from terra.core.game import Game

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add ``game`` to the registry (idempotent for the same object)."""
    existing = _GAMES.get(game.id)
    if existing is not None and existing is not game:
        raise ValueError(f"two games claim the id {game.id!r}")
    _GAMES[game.id] = game
    return game


@cache
def _discover() -> None:
    """Register every game package once, on first use."""
    package = importlib.import_module("terra.games")  # not ``terra.games``: that is games()
    for module in pkgutil.iter_modules(package.__path__, "terra.games."):
        found = getattr(importlib.import_module(module.name), "GAME", None)
        if isinstance(found, Game):
            register(found)
    for entry in entry_points(group="terra.games"):
        found = entry.load()
        if isinstance(found, Game):
            register(found)


def game(game_id: str) -> Game:
    """The game registered under ``game_id``."""
    _discover()
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownGame(f"no game {game_id!r} (known games: {known})") from None


def games() -> list[Game]:
    """Every registered game, sorted by id."""
    _discover()
    return [_GAMES[k] for k in sorted(_GAMES)]
