"""Africa's rulebook as the game cites it: its sections, and the phases of play.

Sections are those of the English rulebook (translated by Craig S. Berg, Sr.); refusals, the
log and the documentation name them. Each phase says what the player to act is doing, the
section that says so, and the moves it offers (declared in the modules named after the
chapters: :mod:`~terra.games.africa.setup`, :mod:`~terra.games.africa.game_play`,
:mod:`~terra.games.africa.movement`, :mod:`~terra.games.africa.uncovering`,
:mod:`~terra.games.africa.animals`, :mod:`~terra.games.africa.camps`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.core.moves import Phase as PhaseBase
from terra.games.africa.components import NOMAD

if TYPE_CHECKING:
    from terra.games.africa.state import AfricaState

RULE_SETUP = "Africa, Game Setup"
RULE_TURN = "Africa, Game Play"
RULE_ANYWHERE = "Africa, A. Move a Researcher Anywhere"
RULE_MOVE = "Africa, B. Researchers move"
RULE_UNCOVER = "Africa, Actions - 1. Uncover a marker"
RULE_TREASURE = "Africa, Actions - Uncovering Gold and Jewels"
RULE_GOODS = "Africa, Actions - Uncovering Goods"
RULE_ANIMALS = "Africa, Actions - Uncovering Animals"
RULE_NOMADS = "Africa, Actions - Uncovering Nomads"
RULE_MONUMENTS = "Africa, Actions - Uncovering Monuments"
RULE_MOVE_ANIMAL = "Africa, Actions - 2. Moving Animals"
RULE_MOVE_NOMAD = "Africa, Actions - 3. Moving Nomads"
RULE_RESEARCH = "Africa, Actions - 4. Establish a Base Camp and Perform Research"
RULE_RESOURCES = "Africa, Actions - 5. Establish a Base Camp and Use Natural Resources"
RULE_EMPTY = "Africa, General Rules - Empty and Occupied Spaces"
RULE_SEQUENCE = "Africa, General Rules - The Sequence of Actions"
RULE_END = "Africa, Game End and Scoring"
RULE_TWO = "Africa, Special Variant for 2 Players"
RULE_SIMPLE = "Africa, Simple Game Variant"


class Phase(PhaseBase):
    """The phases of Africa: what the player to act is doing, and the moves it may make."""

    START = (
        "first choose a start city for your researcher ('start <city>')",
        RULE_SETUP,
        ("start",),
    )
    """Game Setup: in turn, each player puts a researcher in a start city."""

    TURN = (
        "it is your turn: jump, go, an action (uncover, move, camp ...) or pass",
        RULE_TURN,
        ("pass", "camp research", "camp resources", "jump", "go", "uncover", "move"),
    )
    """Game Play: A. a jump anywhere, or B. twice: up to two steps, then an action or none."""

    GOODS = (
        "you uncovered a good: 'keep' it or 'exchange <good> with <colour>'",
        RULE_GOODS,
        ("keep", "exchange"),
    )
    """Uncovering Goods: the good just uncovered is kept or exchanged."""

    PLACE = "place the animal or nomad first ('place <hex>')", RULE_ANIMALS, ("place",)
    """Uncovering Animals and Nomads, 2. and 3.: the marker uncovered or lifted is put down."""

    OVER = "the game is over", RULE_END
    """Game End: the last monument has been uncovered."""

    def cites(self, state: AfricaState) -> str:
        """A face-up animal or nomad being moved is put down under its own action's rule
        (2. Moving Animals, 3. Moving Nomads)."""
        if self is Phase.PLACE and state.moving:
            kind = state.marker[state.pending]
            return RULE_MOVE_NOMAD if state.data.category[kind] == NOMAD else RULE_MOVE_ANIMAL
        return self.rule
