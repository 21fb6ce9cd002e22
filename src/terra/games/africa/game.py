"""The Africa game object: identity, options, and the hooks the upper layers use."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

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

if TYPE_CHECKING:
    from terra.core.evaluator import Evaluator


class Africa(Game[AfricaState]):
    """Africa (Reiner Knizia, 2001): 2-5 researchers uncover markers across the continent."""

    id = "africa"
    title = "Africa"
    designer = "Reiner Knizia"
    year = 2001
    min_players = 2
    max_players = 5
    turn_rule = rulebook.RULE_TURN
    end_rule = rulebook.RULE_END
    # No bound in the rules: researchers may jump about for ever without uncovering anything.
    # Seeded random games last up to a few thousand actions; none comes near this cap.
    length_cap = 100_000
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

    def evaluator(self) -> Evaluator[AfricaState]:
        """Its bots (terra.games.africa.bots)."""
        from terra.games.africa.bots import EVALUATOR  # noqa: PLC0415 - bots only when played

        return EVALUATOR

    def render_terminal(self, state: AfricaState, seat: int | None) -> Any:
        """The board as ``seat`` sees it, as a ``rich`` renderable (terra.games.africa.render)."""
        from terra.games.africa.render import render  # noqa: PLC0415 - rich only when drawn

        return render(state, seat)

    def describe_event(
        self,
        state: AfricaState,
        event: Mapping[str, Any],
        language: str = "en",
        names: Sequence[str] | None = None,
    ) -> str:
        """One log entry in ``language``, from the catalog ``locale/<language>.toml``."""
        from terra.games.africa.render import describe  # noqa: PLC0415 - as above

        return describe(event, language=language, names=names)

    def seat_words(self, state: AfricaState, language: str = "en") -> list[str]:
        """Each seat's colour in ``language``, as the log names it."""
        from terra.games.africa.render import seat_words  # noqa: PLC0415 - as above

        return seat_words(state.num_players, language)

    def notation_help(self) -> str:
        return NOTATION_HELP

    def board_layout(self, state: AfricaState) -> dict[str, Any]:
        """The hex map and the marker kinds for the browser board (terra.games.africa.layout)."""
        return board_layout(state.data)
