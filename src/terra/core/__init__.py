"""The game-agnostic core: the contract every game implements, records, RNG, errors."""

from terra.core.errors import (
    DataError,
    IllegalAction,
    OptionError,
    ReplayError,
    TerraError,
    UnknownGame,
)
from terra.core.game import DATA_OPTION, Game, Option
from terra.core.record import RECORD_FORMAT, Record, replay
from terra.core.registry import game, games, register
from terra.core.rng import Rng, SupportsRandBits, new_seed
from terra.core.state import GameState

__all__ = [
    "DATA_OPTION",
    "RECORD_FORMAT",
    "DataError",
    "Game",
    "GameState",
    "IllegalAction",
    "Option",
    "OptionError",
    "Record",
    "ReplayError",
    "Rng",
    "SupportsRandBits",
    "TerraError",
    "UnknownGame",
    "game",
    "games",
    "new_seed",
    "register",
    "replay",
]
