"""Africana, Gameplay: in turn, each player performs one of three actions, A) Draw travel
cards, B) Buy adventure cards or C) Move explorer; B) and C) go on, step by step, until the
player says ``done``.

The actions themselves are :mod:`~terra.games.africana.drawing`,
:mod:`~terra.games.africana.buying` and :mod:`~terra.games.africana.movement`; what follows an
action is :mod:`~terra.games.africana.end_of_turn`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terra.core.errors import IllegalAction, refusal
from terra.core.moves import Always, Move, allowed, fixed
from terra.games.africana.actions import DONE
from terra.games.africana.end_of_turn import end_of_turn
from terra.games.africana.rulebook import RULE_TURN, Phase

if TYPE_CHECKING:
    from terra.games.africana.state import AfricanaState

# Read once: on Python 3.11 a member is looked up through the enum class's ``__getattr__``
# hook, several times slower than a module's name.
_MOVE = Phase.MOVE


def explain_choice(_state: AfricanaState) -> IllegalAction | None:
    """Africana, Gameplay: any of the three actions may be chosen, even one that can achieve
    nothing (drawing from empty piles, buying without silver, moving without cards)."""
    return None


# --- the end of an action ---------------------------------------------------------------------


def refuse_done(state: AfricanaState) -> IllegalAction:
    """Africana, Gameplay: ``done`` ends a buy or move action, and there is none to end; what
    the player is doing instead, with its rule."""
    phase = state.phase
    return refusal(
        "done_not_now", "'done' ends a buy or move action; {doing}", phase.rule, doing=phase.doing
    )


def finish_action(state: AfricanaState) -> None:
    """Africana, B) and C): end the action. Played travel cards are discarded; jokers and
    assistants go back to the hand."""
    player = state.player
    if state.phase == _MOVE:
        colours = len(state.data.colours)
        played = state.played
        hand = state.hand[player]
        discard = state.discard
        for colour in range(colours):
            discard[colour] += played[colour]
        for slot in range(colours, len(played)):
            hand[slot] += played[slot]
        state.played = [0] * len(played)
    state.emit("done", player=player)
    end_of_turn(state)


END_ACTION = Move(
    name="done",
    rule=RULE_TURN,
    notation=fixed("done"),
    offer=Always(DONE),  # a buy or move action may end at any point
    explain=allowed,
    effect=finish_action,
    unoffered=refuse_done,
)
