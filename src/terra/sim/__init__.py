"""Simulation: games between bots, one at a time or many over worker processes."""

from terra.sim.batch import Progress, record_name, resolve_workers, run_games
from terra.sim.match import (
    GameResult,
    bot_seed,
    bot_seeds,
    lineup,
    play_game,
    rotated,
)
from terra.sim.summary import Summary, summarize

__all__ = [
    "GameResult",
    "Progress",
    "Summary",
    "bot_seed",
    "bot_seeds",
    "lineup",
    "play_game",
    "record_name",
    "resolve_workers",
    "rotated",
    "run_games",
    "summarize",
]
