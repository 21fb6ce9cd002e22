"""How strong each bot is, as measured (``data/strength.toml``): what the lobby tells a player
choosing an opponent, with the command that measured it."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib.resources import files
from typing import Annotated

from pydantic import Field

from terra.core.data import StrictModel


class Measure(StrictModel):
    """One measured win rate: ``bot`` against ``against`` in every other seat."""

    game: str
    bot: str
    iterations: Annotated[int, Field(ge=1)] | None = None  # a search bot's level when measured
    against: str
    players: Annotated[int, Field(ge=1, le=6)]
    won: Annotated[float, Field(ge=0.0, le=1.0)]  # share of the games, a shared win its share
    games: Annotated[int, Field(ge=1)]
    command: str
    date: str


class Strengths(StrictModel):
    provisional: bool
    provenance: str
    measure: tuple[Measure, ...]


@cache
def strengths() -> Strengths:
    """Every measure, loaded and checked once."""
    text = (files("terra.ai") / "data" / "strength.toml").read_text("utf-8")
    return Strengths.model_validate(tomllib.loads(text))


def measures(game_id: str) -> list[Measure]:
    """The measures of one game's bots, weakest bot first."""
    return [m for m in strengths().measure if m.game == game_id]
