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
from typing import TYPE_CHECKING, Any

from terra.core.errors import UnknownGame, quote
from terra.core.game import Game

if TYPE_CHECKING:
    from terra.core.state import GameState

_GAMES: dict[str, Game[Any]] = {}


def register(game: Game[Any]) -> Game[Any]:
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


def game(game_id: str) -> Game[GameState]:
    """The game registered under ``game_id``."""
    _discover()
    found = _GAMES.get(game_id) if isinstance(game_id, str) else None
    if found is None:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownGame(f"no game {quote(game_id)} (known games: {known})")
    return found


def games() -> list[Game[GameState]]:
    """Every registered game, sorted by id."""
    _discover()
    return [_GAMES[k] for k in sorted(_GAMES)]
