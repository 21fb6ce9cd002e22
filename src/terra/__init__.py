"""Terra Incognita: rules engines and play for classic exploration board games.

>>> import terra
>>> state = terra.game("africana").new(players=3, seed=7)
>>> state.current_player
0
"""

# Load the subpackage first: importing it binds ``terra.games`` to the module, and the import
# below must have the last word so that ``terra.games()`` stays the registry function.
import terra.games as _games_package  # noqa: F401
from terra.core import (
    Game,
    GameState,
    IllegalAction,
    Record,
    TerraError,
    game,
    games,
    replay,
)

__all__ = [
    "Game",
    "GameState",
    "IllegalAction",
    "Record",
    "TerraError",
    "game",
    "games",
    "replay",
]
__version__ = "0.1.0"
