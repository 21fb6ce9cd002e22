"""The Africa game object: identity, options, and the hooks the upper layers use."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from terra.core.game import DATA_OPTION, Game, Option
from terra.games.africa import rules, scoring
from terra.games.africa.actions import NOTATION_HELP
from terra.games.africa.components import Components, load_components
from terra.games.africa.heuristics import (
    estimate,
    greedy_action,
    rival_weights,
    search_actions,
    search_weights,
)
from terra.games.africa.layout import board_layout
from terra.games.africa.state import AfricaState


class Africa(Game[AfricaState]):
    """Africa (Reiner Knizia, 2001): 2-5 researchers uncover markers across the continent."""

    id = "africa"
    title = "Africa"
    designer = "Reiner Knizia"
    year = 2001
    min_players = 2
    max_players = 5
    turn_rule = rules.RULE_TURN
    end_rule = rules.RULE_END
    # No bound in the rules: researchers may jump about for ever without uncovering anything.
    # Seeded random games last up to a few thousand actions; none comes near this cap.
    length_cap = 100_000
    evaluation_scale = 8.0  # points of lead that make a seat about 73% sure to win
    # The face-down markers decide far more of a rollout than the move weighed: the search
    # compares its moves on common deals (bench/README.md).
    paired_worlds = True
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

    def _create(
        self, players: int, seed: int, options: dict[str, Any], data: Components
    ) -> AfricaState:
        return AfricaState.create(self, players, seed, options, data)

    def score_range(self, players: int, data: Components) -> tuple[int, int]:
        return scoring.score_bounds(data, self.length_cap)

    def greedy_action(self, state: AfricaState, rng: random.Random) -> int:
        return greedy_action(state, rng)

    def estimate(self, state: AfricaState, seat: int) -> float:
        return estimate(state, seat)

    def progress(self, state: AfricaState) -> float:
        """The share of the game-ending monuments uncovered (Game End: the last monument,
        the 11th or with the 2-player variant the 9th, ends the game, and nothing else does:
        1 exactly when it is over)."""
        return state.found / state.last_monument

    def favourite_action(self, state: AfricaState, rng: random.Random) -> int:
        """The heuristic player with the search's weights for the number of seats
        (``heuristics.search_weights``)."""
        return greedy_action(state, rng, search_weights(state.num_players))

    def search_actions(self, state: AfricaState) -> tuple[int, ...]:
        """Every legal action but the jumps the search's heuristic ranks low
        (``heuristics.search_actions``)."""
        return search_actions(state)

    def rollout_action(self, state: AfricaState, rng: random.Random) -> int:
        """The search's favourite move: the heuristic is cheap enough (a tenth of a
        millisecond a decision on average)."""
        return self.favourite_action(state, rng)

    def rival_action(self, state: AfricaState, rng: random.Random) -> int:
        """The heuristic player with the weights the search expects of its rivals
        (``heuristics.rival_weights``): with 3-5 players greedy's own, so that a rival ends the
        game when it leads rather than as the search's favourite would."""
        return greedy_action(state, rng, rival_weights(state.num_players))

    def render_terminal(self, state: AfricaState, seat: int | None) -> Any:
        """The board as ``seat`` sees it, as a ``rich`` renderable (terra.games.africa.render)."""
        from terra.games.africa.render import render  # noqa: PLC0415 - rich only when drawn

        return render(state, seat)

    def describe_event(
        self, state: AfricaState, event: Mapping[str, Any], language: str = "en"
    ) -> str:
        """One log entry in ``language``, from the catalog ``locale/<language>.toml``."""
        from terra.games.africa.render import describe  # noqa: PLC0415 - as above

        return describe(event, language=language)

    def notation_help(self) -> str:
        return NOTATION_HELP

    def board_layout(self, state: AfricaState) -> dict[str, Any]:
        """The hex map and the marker kinds for the browser board (terra.games.africa.layout)."""
        return board_layout(state.data)
