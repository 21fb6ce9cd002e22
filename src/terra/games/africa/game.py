"""The Africa game object: identity, options, and the hooks the upper layers use."""

from __future__ import annotations

from typing import Any

from terra.core.game import DATA_OPTION, Game, Option
from terra.games.africa import (
    rulebook,
    rules,  # noqa: F401 - binds AfricaState to Africa's rulebook
    scoring,
)
from terra.games.africa.actions import NOTATION_HELP
from terra.games.africa.components import Components, load_components
from terra.games.africa.layout import board_layout
from terra.games.africa.state import AfricaState


class Africa(Game[AfricaState]):
    """Africa (Reiner Knizia, 2001): 2-5 researchers uncover markers across the continent."""

    id = "africa"
    title = "Africa"
    designer = "Reiner Knizia"
    year = 2001
    state_class = AfricaState
    min_players = 2
    max_players = 5
    turn_rule = rulebook.RULE_TURN
    end_rule = rulebook.RULE_END
    # No bound in the rules: researchers may jump about for ever without uncovering anything.
    # Seeded random games last up to a few thousand actions; none comes near this cap.
    length_cap = 100_000
    bots_module = "bots"
    display_module = "render"
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

    def load_data(self, path: str | None = None) -> Components:
        return load_components(path)

    def score_range(self, players: int, data: Components) -> tuple[int, int]:
        return scoring.score_bounds(data, self.length_cap)

    def notation_help(self) -> str:
        return NOTATION_HELP

    def board_layout(self, state: AfricaState) -> dict[str, Any]:
        """The hex map and the marker kinds for the browser board (terra.games.africa.layout)."""
        return board_layout(state.data)
