"""The Africana game object: identity, options, and the hooks the upper layers use."""

from __future__ import annotations

from typing import Any

from terra.core.game import Game
from terra.games.africana import rulebook, scoring
from terra.games.africana import rules as _rules  # noqa: F401 - plays AfricanaState by its rulebook
from terra.games.africana.actions import NOTATION_HELP
from terra.games.africana.components import Components, load_components
from terra.games.africana.layout import board_layout
from terra.games.africana.state import AfricanaState


class Africana(Game[AfricanaState]):
    """Africana (Michael Schacht, 2012): 2-4 explorers, expeditions and adventures."""

    id = "africana"
    title = "Africana"
    designer = "Michael Schacht"
    year = 2012
    state_class = AfricanaState
    min_players = 2
    max_players = 4
    turn_rule = rulebook.RULE_TURN
    end_rule = rulebook.RULE_END
    # No bound in the rules: players may draw and discard for ever. The longest of 1,000
    # seeded random games had 20,000-odd actions; no sensible game comes near this cap.
    length_cap = 100_000
    bots_module = "bots"
    display_module = "render"

    def load_data(self, path: str | None = None) -> Components:
        return load_components(path)

    def score_range(self, players: int, data: Components) -> tuple[int, int]:
        return scoring.score_bounds(data)

    def seat_words(self, state: AfricanaState, language: str = "en") -> list[str]:
        """Each seat's colour in ``language``, as the log names it: from the component data,
        which names the companies (the core's hook knows only the number of seats)."""
        from terra.games.africana.render import seat_words  # noqa: PLC0415 - as above

        return seat_words(state.data, state.num_players, language)

    def notation_help(self) -> str:
        return NOTATION_HELP

    def board_layout(self, state: AfricanaState) -> dict[str, Any]:
        """The route map and the card faces for the browser board (terra.games.africana.layout)."""
        return board_layout(state.data)
