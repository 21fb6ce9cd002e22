"""The Africana game object: identity, options, and the hooks the upper layers use."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from terra.core.game import Game
from terra.core.state import GameState
from terra.games.africana.actions import NOTATION_HELP
from terra.games.africana.components import load_components
from terra.games.africana.heuristics import greedy_action
from terra.games.africana.state import AfricanaState


class Africana(Game):
    """Africana (Michael Schacht, 2012): 2-4 explorers, expeditions and adventures."""

    id = "africana"
    title = "Africana"
    designer = "Michael Schacht"
    year = 2012
    min_players = 2
    max_players = 4

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> AfricanaState:
        return AfricanaState.create(self, players, seed, options, load_components(options["data"]))

    def provisional_data(self, options: Mapping[str, Any] | None = None) -> bool:
        return load_components((options or {}).get("data")).provisional

    def greedy_action(self, state: GameState, rng: random.Random) -> int:
        assert isinstance(state, AfricanaState)
        return greedy_action(state, rng)

    def render_terminal(self, state: GameState, seat: int | None) -> Any:
        """The board as ``seat`` sees it, as a ``rich`` renderable (terra.games.africana.render)."""
        from terra.games.africana.render import render  # noqa: PLC0415 - rich only when drawn

        assert isinstance(state, AfricanaState)
        return render(state, seat)

    def describe_event(self, state: GameState, event: Mapping[str, Any]) -> str:
        """One log entry in plain English, from the catalog ``locale/en.toml``."""
        from terra.games.africana.render import describe  # noqa: PLC0415 - as above

        assert isinstance(state, AfricanaState)
        return describe(event, state.data)

    def notation_help(self) -> str:
        return NOTATION_HELP
