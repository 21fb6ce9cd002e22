"""The Source of the Nile game object: identity, options, and the hooks the upper layers use."""

from __future__ import annotations

from typing import Any

from terra.core.game import DATA_OPTION, Game, Option
from terra.games.nile.actions import NOTATION_HELP
from terra.games.nile.campaign import continue_campaign, continues_a_campaign
from terra.games.nile.components import Components, load_components
from terra.games.nile.display.layout import board_layout
from terra.games.nile.phases import RULE_TURN, RULE_VICTORY
from terra.games.nile.state import NileState

DEFAULT_TARGET = 75  # 7.0
DEFAULT_TURN_LIMIT = 200  # rounds (decision N100)
GAME_II_TURNS = 30  # 30.0: "generally between 20 and 40 turns"
FEWEST_TURNS, MOST_TURNS = 20, 40


class Nile(Game[NileState]):
    """Source of the Nile (Avalon Hill, 1979), Game I: 1-6 explorers map Africa and publish."""

    id = "nile"
    title = "Source of the Nile"
    designer = "Discovery Games (Ross Maker, Dave Wesely), Avalon Hill"
    year = 1979
    state_class = NileState
    min_players = 1
    max_players = 6
    turn_rule = RULE_TURN
    end_rule = RULE_VICTORY
    length_cap = 200_000
    bots_module = "bots"
    display_module = "display"
    options = (
        DATA_OPTION,
        Option(
            "game",
            "1: Game I; 2: Game II, the dice procedures, joint expeditions and a turn limit "
            "(27.0-41.0)",
            1,
            int,
            choices=(1, 2),
        ),
        Option(
            "turns",
            "Game II: the turns after which the most published points win (30.0)",
            GAME_II_TURNS,
            int,
            minimum=FEWEST_TURNS,
            maximum=MOST_TURNS,
            only=("game", 2),
        ),
        Option(
            "victory_points",
            "published victory points that win (7.0: 75; fewer for a shorter game)",
            DEFAULT_TARGET,
            int,
            minimum=1,
            only=("game", 1),
        ),
        Option(
            "turn_limit",
            "rounds after which the most published points win if nobody has reached the target "
            "(decision N100)",
            DEFAULT_TURN_LIMIT,
            int,
            minimum=1,
            only=("game", 1),
        ),
    )

    def load_data(self, path: str | None = None) -> Components:
        return load_components(path)

    def continuable(self, state: NileState) -> bool:
        """2.3, 30.0: a game of Game II, finished or stopped (:mod:`~.campaign`)."""
        return continues_a_campaign(state)

    def _carry_over(self, previous: NileState, state: NileState) -> None:
        """2.3, 30.0: Game II's next game starts on the map the last left (:mod:`~.campaign`)."""
        continue_campaign(previous, state)

    def score_range(self, players: int, data: Components) -> tuple[int, int]:
        return (0, 10_000)

    def notation_help(self) -> str:
        return NOTATION_HELP

    def board_layout(self, state: NileState) -> dict[str, Any]:
        """The blank mapboard and its ports for the browser board
        (terra.games.nile.display.layout)."""
        return board_layout(state.data)
