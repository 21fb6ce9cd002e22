"""The Africa game object: identity, options, and the hooks the upper layers use."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from terra.core.game import DATA_OPTION, Game, Option
from terra.core.state import GameState
from terra.games.africa.actions import NOTATION_HELP
from terra.games.africa.components import load_components
from terra.games.africa.heuristics import greedy_action
from terra.games.africa.state import AfricaState


class Africa(Game):
    """Africa (Reiner Knizia, 2001): 2-5 researchers uncover markers across the continent."""

    id = "africa"
    title = "Africa"
    designer = "Reiner Knizia"
    year = 2001
    min_players = 2
    max_players = 5
    options = (
        DATA_OPTION,
        Option(
            "two_player",
            "with 2 players, play the Special Variant for 2 Players (8 base camps in the supply, "
            "the game ends at the 9th monument); false plays the usual 10 and 11. No effect "
            "with 3-5 players",
            True,
            bool,
        ),
        Option(
            "simple",
            "Simple Game Variant: one move and one action per turn (instead of two)",
            False,
            bool,
        ),
    )

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> AfricaState:
        return AfricaState.create(self, players, seed, options, load_components(options["data"]))

    def provisional_data(self, options: Mapping[str, Any] | None = None) -> bool:
        return load_components((options or {}).get("data")).provisional

    def greedy_action(self, state: GameState, rng: random.Random) -> int:
        assert isinstance(state, AfricaState)
        return greedy_action(state, rng)

    def render_terminal(self, state: GameState, seat: int | None) -> Any:
        """The board as ``seat`` sees it, as a ``rich`` renderable (terra.games.africa.render)."""
        from terra.games.africa.render import render  # noqa: PLC0415 - rich only when drawn

        assert isinstance(state, AfricaState)
        return render(state, seat)

    def describe_event(self, state: GameState, event: Mapping[str, Any]) -> str:
        """One log entry in plain English, from the catalog ``locale/en.toml``."""
        from terra.games.africa.render import describe  # noqa: PLC0415 - as above

        return describe(event)

    def notation_help(self) -> str:
        return NOTATION_HELP
