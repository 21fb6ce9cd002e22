"""The registry of games: ``terra.game(id)`` and ``terra.games()``; and ``terra.replay(record)``,
which rebuilds a record's game from it.

Every package under ``terra.games`` that exposes ``GAME`` is found on first use, so adding a
game touches nothing outside its own package. Other distributions can add games through the
``terra.games`` entry point group.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import replace
from functools import cache
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any

from terra.core.errors import (
    CampaignError,
    IllegalAction,
    NotationError,
    OptionError,
    ReplayError,
    UnknownGame,
    quote,
)
from terra.core.game import Game
from terra.core.record import Record

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


def start(record: Record) -> GameState:
    """The game of ``record`` before its first action: a fresh game, or, for the next game of
    a campaign, the one that starts where the games it continues (replayed and checked) left
    off (:meth:`Game.follow`)."""
    if record.continues is None:
        return game(record.game).new(record.players, record.seed, dict(record.options))
    return replay(replace(record, actions=(), result=None))


def replay(record: Record) -> GameState:
    """Rebuild the game of ``record``, checking every action and the recorded result; for
    the next game of a campaign, every game of the campaign in turn, the first first, each
    starting where the one before left off (:meth:`Game.follow`).

    Raises :class:`ReplayError` naming the first action that is illegal, the first part of
    the result that differs, or data that is not the data the record was played with; in a
    campaign, which game it is. A data directory that cannot be read raises
    :class:`DataError`: the data is to blame, not the record.
    """
    chain = record.campaign()
    state: GameState | None = None
    for number, link in enumerate(chain, 1):
        try:
            state = _replay_one(link, state)
        except ReplayError as error:
            if len(chain) == 1:
                raise
            raise ReplayError(f"game {number} of the campaign of {len(chain)}: {error}") from None
    assert state is not None
    return state


def _replay_one(record: Record, previous: GameState | None) -> GameState:
    """One game of ``record``, continuing ``previous`` where it is given."""
    if previous is None:
        state = game(record.game).new(record.players, record.seed, dict(record.options))
    else:
        assert record.continues is not None
        try:
            state = game(record.game).follow(
                previous,
                record.players,
                record.seed,
                dict(record.options),
                record=record.continues,
            )
        except (CampaignError, UnknownGame) as error:
            raise ReplayError(f"it cannot continue the game before: {error}") from None
        except OptionError as error:
            raise ReplayError(f"it cannot start: {error}") from None
    if record.data_digest is not None and record.data_digest != state.data.digest:
        where = record.options.get("data") or "the shipped data"
        raise ReplayError(
            f"the record was played with other data than {quote(where)} holds now (data "
            f"digest {record.data_digest}, here {state.data.digest}); it cannot replay"
        )
    for index, text in enumerate(record.actions):
        try:
            state.play(text)
        except NotationError as error:  # it quotes the text itself
            raise ReplayError(f"action {index + 1} does not replay: {error}") from None
        except IllegalAction as error:
            raise ReplayError(
                f"action {index + 1} ({quote(text)}) does not replay: {error}"
            ) from None
    if record.result is not None:
        if not state.is_over:
            raise ReplayError(
                f"the record has a result but the game is not over after {len(record.actions)} "
                "actions"
            )
        expected = {"scores": state.scores(), "winners": state.winners()}
        for key, value in expected.items():
            if list(record.result[key]) != value:
                raise ReplayError(
                    f"result mismatch: recorded {key} {list(record.result[key])}, "
                    f"replay gives {value}"
                )
    return state
