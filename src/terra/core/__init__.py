"""The game-agnostic core: the contract every game implements, records, RNG, errors."""

from terra.core.actions import ActionSpace, ActionSpaceBuilder
from terra.core.errors import (
    CampaignError,
    DataError,
    IllegalAction,
    NotationError,
    OptionError,
    RecordError,
    ReplayError,
    SeatError,
    TerraError,
    UnknownGame,
    refusal,
)
from terra.core.evaluator import Evaluator, Horizon, SearchSettings, Worlds
from terra.core.game import DATA_OPTION, Facts, Game, Option
from terra.core.record import RECORD_FORMAT, Record
from terra.core.registry import game, games, register, replay
from terra.core.rng import Rng, SupportsRandBits, new_seed
from terra.core.state import GameState

__all__ = [
    "DATA_OPTION",
    "RECORD_FORMAT",
    "ActionSpace",
    "ActionSpaceBuilder",
    "CampaignError",
    "DataError",
    "Evaluator",
    "Facts",
    "Game",
    "GameState",
    "Horizon",
    "IllegalAction",
    "NotationError",
    "Option",
    "OptionError",
    "Record",
    "RecordError",
    "ReplayError",
    "Rng",
    "SearchSettings",
    "SeatError",
    "SupportsRandBits",
    "TerraError",
    "UnknownGame",
    "Worlds",
    "game",
    "games",
    "new_seed",
    "refusal",
    "register",
    "replay",
]
