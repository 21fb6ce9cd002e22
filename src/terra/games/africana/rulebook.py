"""Africana's rulebook as the game cites it: its sections, and the phases of a turn.

Sections are those of the English rulebook (Z-Man 2012); refusals, the log and the
documentation name them. Each phase says what the player to act is doing, the section that
says so, and the moves it offers, declared in the modules named after the chapters:
:mod:`~terra.games.africana.setup`, :mod:`~terra.games.africana.gameplay`,
:mod:`~terra.games.africana.drawing`, :mod:`~terra.games.africana.buying`,
:mod:`~terra.games.africana.movement`, :mod:`~terra.games.africana.expeditions`,
:mod:`~terra.games.africana.adventures`, :mod:`~terra.games.africana.end_of_turn`.
"""

from __future__ import annotations

from terra.core.moves import Phase as PhaseBase

RULE_SETUP = "Africana, Game Setup"
RULE_TURN = "Africana, Gameplay"
RULE_DRAW = "Africana, A) Draw travel cards"
RULE_BUY = "Africana, B) Buy adventure cards"
RULE_MOVE = "Africana, C) Move explorer - Movement"
RULE_RECOLOUR = "Africana, C) Move explorer - Change Travel Card Color"
RULE_JOIN = "Africana, C) Move explorer - Joining Expeditions"
RULE_END_EXPEDITION = "Africana, C) Move explorer - Ending An Expedition"
RULE_END_ADVENTURE = "Africana, C) Move explorer - Ending An Adventure"
RULE_LIMITS = "Africana, End of a Turn - Check Card Limits"
RULE_REFILL = "Africana, End of a Turn - Replenish Expedition Cards"
RULE_END = "Africana, Game End"


class Phase(PhaseBase):
    """The phases of an Africana turn: what the player to act is doing, and the moves it may
    make, in the order the legal actions list them."""

    CHOOSE = (
        "first choose the action of your turn: draw, buy or move",
        RULE_TURN,
        ("draw", "buy", "move"),
    )
    """Gameplay: the player chooses one of the actions A), B) or C)."""

    BUY = (
        "you are buying adventure cards this turn (turn pages, buy, or done)",
        RULE_BUY,
        ("buy adventure", "turn forward", "turn back", "done"),
    )
    """B) Buy adventure cards: pages are turned and cards bought until ``done``."""

    MOVE = (
        "you are moving your explorer this turn (go, join, finish, or done)",
        RULE_MOVE,
        ("go", "join", "finish expedition", "finish adventure", "done"),
    )
    """C) Move explorer: steps, joins and finishes until ``done``."""

    DISCARD = (
        "your turn is over; first discard down to the hand limit of 5 cards",
        RULE_LIMITS,
        ("discard card",),
    )
    """End of a Turn - Check Card Limits: more than 5 cards in hand."""

    DROP = (
        "your turn is over; first discard unfinished adventures down to 3",
        RULE_LIMITS,
        ("discard adventure",),
    )
    """End of a Turn - Check Card Limits: more than 3 unfinished adventures."""

    OVER = "the game is over", RULE_END
    """Game End: the last round after the expedition pile ran out has been played."""
