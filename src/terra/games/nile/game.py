"""The Source of the Nile game object: identity, options, and the hooks the upper layers use."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from terra.core.game import DATA_OPTION, Game, Option
from terra.games.nile import rules
from terra.games.nile.actions import NOTATION_HELP
from terra.games.nile.bots import search_actions, search_favourite
from terra.games.nile.components import Components, load_components
from terra.games.nile.greedy import greedy_action
from terra.games.nile.layout import board_layout
from terra.games.nile.prospects import estimate, solitaire_value
from terra.games.nile.state import NileState

DEFAULT_TARGET = 75  # 7.0
DEFAULT_TURN_LIMIT = 200  # rounds (decision N100)


class Nile(Game[NileState]):
    """Source of the Nile (Avalon Hill, 1979), Game I: 1-6 explorers map Africa and publish."""

    id = "nile"
    title = "Source of the Nile"
    designer = "Discovery Games (Ross Maker, Dave Wesely), Avalon Hill"
    year = 1979
    min_players = 1
    max_players = 6
    turn_rule = rules.RULE_TURN
    end_rule = rules.RULE_VICTORY
    length_cap = 200_000
    evaluation_scale = 10.0  # points of lead that make a seat about 73% sure to win
    # A search judges its move as the seat's own turn ends: the explorers' turns hardly touch
    # one another, so the rivals' turns would add only their own luck to the figures, at
    # several times the cost (bench/README.md: with 4 players the same strength at an eighth
    # of the time).
    rollout_turns = 0
    options = (
        DATA_OPTION,
        Option(
            "victory_points",
            "published victory points that win (7.0: 75; fewer for a shorter game)",
            DEFAULT_TARGET,
            int,
            minimum=1,
        ),
        Option(
            "turn_limit",
            "rounds after which the most published points win if nobody has reached the target "
            "(decision N100)",
            DEFAULT_TURN_LIMIT,
            int,
            minimum=1,
        ),
    )

    def load_data(self, path: str | None = None) -> Components:
        return load_components(path)

    def _create(
        self, players: int, seed: int, options: dict[str, Any], data: Components
    ) -> NileState:
        return NileState.create(self, players, seed, options, data)

    def score_range(self, players: int, data: Components) -> tuple[int, int]:
        return (0, 10_000)

    def render_terminal(self, state: NileState, seat: int | None) -> Any:
        """The board as ``seat`` sees it, as a ``rich`` renderable (nile.render)."""
        from terra.games.nile.render import render  # noqa: PLC0415 - rich only when drawn

        return render(state, seat)

    def describe_event(
        self, state: NileState, event: Mapping[str, Any], language: str = "en"
    ) -> str:
        """One log entry in ``language``, from the catalog ``locale/<language>.toml``."""
        from terra.games.nile.render import describe  # noqa: PLC0415 - as above

        return describe(event, state.data, language)

    def greedy_action(self, state: NileState, rng: random.Random) -> int:
        return greedy_action(state, rng)

    def favourite_action(self, state: NileState, rng: random.Random) -> int:
        """Greedy's move with the search's own port and escape (``bots.search_favourite``);
        the ``greedy`` bot stays the baseline the search is measured against."""
        return search_favourite(state, rng)

    def estimate(self, state: NileState, seat: int) -> float:
        return estimate(state, seat)

    def search_actions(self, state: NileState) -> tuple[int, ...]:
        return search_actions(state)

    def rollout_action(self, state: NileState, rng: random.Random) -> int:
        """Greedy itself: a random explorer soon starves or dies, which tells a search
        nothing about the position."""
        return greedy_action(state, rng)

    def evaluate(self, state: NileState) -> list[float]:
        if state.num_players == 1 and not state.is_over:
            return [solitaire_value(state, self.evaluation_scale)]
        return super().evaluate(state)

    def notation_help(self) -> str:
        return NOTATION_HELP

    def board_layout(self, state: NileState) -> dict[str, Any]:
        """The blank mapboard and its ports for the browser board (terra.games.nile.layout)."""
        return board_layout(state.data)
