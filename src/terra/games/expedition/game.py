"""The Expedition game object: identity, options, and the hooks the upper layers use."""

from __future__ import annotations

from typing import Any

from terra.core.game import DATA_OPTION, Game, Option
from terra.games.expedition.actions import NOTATION_HELP
from terra.games.expedition.components import Components, load_components
from terra.games.expedition.layout import board_layout
from terra.games.expedition.marking import CHIPS_VARIANT_A
from terra.games.expedition.preparation import HAND
from terra.games.expedition.rulebook import RULE_END, RULE_TURN
from terra.games.expedition.rules import RULEBOOK
from terra.games.expedition.state import ExpeditionState


class Expedition(Game[ExpeditionState]):
    """Expedition (Wolfgang Kramer, 1996): three shared expeditions, secret research missions."""

    id = "expedition"
    # The rules module, once loaded, plays ExpeditionState by Expedition's rulebook.
    title = RULEBOOK.title
    designer = "Wolfgang Kramer"
    year = 1996
    state_class = ExpeditionState
    min_players = 2
    max_players = 6
    turn_rule = RULE_TURN
    end_rule = RULE_END
    # No bound in the rules: an arrow placed and taken back with a voucher each turn changes
    # nothing lasting (docs/rules-decisions.md). Seeded games last a few hundred actions.
    length_cap = 20_000
    bots_module = "bots"
    display_module = "render"
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

    def load_data(self, path: str | None = None) -> Components:
        return load_components(path)

    def score_range(self, players: int, data: Components) -> tuple[int, int]:
        """At best every research card laid down and every chip of a colour back; at worst a
        full hand kept and every chip left on the board (Variant B's scores, the chips back,
        lie inside)."""
        most_chips = CHIPS_VARIANT_A
        return -(HAND[players] + most_chips), data.num_sites + most_chips

    def notation_help(self) -> str:
        return NOTATION_HELP

    def board_layout(self, state: ExpeditionState) -> dict[str, Any]:
        """The world map for the browser board (terra.games.expedition.layout)."""
        return board_layout(state.data)
