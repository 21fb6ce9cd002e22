"""The Expedition game object: identity, options, and the hooks the upper layers use."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from terra.core.game import DATA_OPTION, Game, Option
from terra.core.state import GameState
from terra.games.expedition.actions import NOTATION_HELP
from terra.games.expedition.components import load_components
from terra.games.expedition.heuristics import greedy_action
from terra.games.expedition.state import ExpeditionState


class Expedition(Game):
    """Expedition (Wolfgang Kramer, 1996): three shared expeditions, secret research missions."""

    id = "expedition"
    title = "Expedition"
    designer = "Wolfgang Kramer"
    year = 1996
    min_players = 2
    max_players = 6
    options = (
        DATA_OPTION,
        Option(
            "variant_a",
            "Variant A: place as many chips as you like (passing when done); after a loop the "
            "extra arrow starts from a point of that loop only",
            False,
            bool,
        ),
        Option(
            "variant_b",
            "Variant B: whoever first takes back all their chips wins; otherwise most chips back",
            False,
            bool,
        ),
    )

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> ExpeditionState:
        data = load_components(options["data"])
        return ExpeditionState.create(self, players, seed, options, data)

    def provisional_data(self, options: Mapping[str, Any] | None = None) -> bool:
        return load_components((options or {}).get("data")).provisional

    def greedy_action(self, state: GameState, rng: random.Random) -> int:
        assert isinstance(state, ExpeditionState)
        return greedy_action(state, rng)

    def render_terminal(self, state: GameState, seat: int | None) -> Any:
        """The map as ``seat`` sees it, as a ``rich`` renderable (expedition.render)."""
        from terra.games.expedition.render import render  # noqa: PLC0415 - rich only when drawn

        assert isinstance(state, ExpeditionState)
        return render(state, seat)

    def describe_event(self, state: GameState, event: Mapping[str, Any]) -> str:
        """One log entry in plain English, from the catalog ``locale/en.toml``."""
        from terra.games.expedition.render import describe  # noqa: PLC0415 - as above

        assert isinstance(state, ExpeditionState)
        return describe(event, state.data)

    def notation_help(self) -> str:
        return NOTATION_HELP
