"""The games the learning tests play: every registered game, at settings that keep a game
short (Source of the Nile's Game II of 20 turns), with a cap on the decisions where a whole
game would still be long."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import terra


@dataclass(frozen=True)
class Setup:
    """A game and the settings a test plays it with."""

    game: str
    players: int = 2
    options: dict[str, Any] | None = None
    max_steps: int | None = None


SHORT = {"nile": Setup("nile", 2, {"game": 2, "turns": 20}, max_steps=400)}
SETUPS = [SHORT.get(game.id, Setup(game.id)) for game in terra.games()]
IDS = [setup.game for setup in SETUPS]
